"""The wire contract is generated from the domain: committed protos and Python code must be
exactly what ``python -m service.protogen`` makes now (a stale file fails here)."""

from __future__ import annotations

import filecmp
from pathlib import Path

from service import protogen


def test_committed_protos_match_the_domain(tmp_path: Path) -> None:
    protogen.generate(tmp_path / "protos", tmp_path / "gen")
    ours = sorted(p.relative_to(protogen.PROTO_DIR) for p in protogen.PROTO_DIR.rglob("*.proto"))
    fresh = sorted(
        p.relative_to(tmp_path / "protos") for p in (tmp_path / "protos").rglob("*.proto")
    )
    assert ours == fresh, "proto files differ: run python -m service.protogen"
    for rel in fresh:
        assert (protogen.PROTO_DIR / rel).read_text() == (tmp_path / "protos" / rel).read_text(), (
            f"{rel} is stale: run python -m service.protogen"
        )


def test_committed_python_matches_the_protos(tmp_path: Path) -> None:
    protogen.generate(tmp_path / "protos", tmp_path / "gen")
    fresh = tmp_path / "gen" / "skald" / "v1"
    ours = protogen.OUT_DIR / "skald" / "v1"
    names = sorted(p.name for p in fresh.iterdir() if p.suffix in (".py", ".pyi"))
    assert names == sorted(p.name for p in ours.iterdir() if p.suffix in (".py", ".pyi"))
    mismatch = [n for n in names if not filecmp.cmp(fresh / n, ours / n, shallow=False)]
    assert not mismatch, f"generated code is stale: {mismatch}; run python -m service.protogen"


def test_every_command_and_event_has_a_message() -> None:
    from domain.kernel import registry
    from service import wire

    for game in ("red_north", "brian_boru"):
        rules = registry().rules(game)
        module = wire.game_module(game)
        for cls in (*rules.commands.values(), *rules.events.values(), *rules.views):
            message = getattr(module, cls.__name__)
            fields = [f.name for f in message.DESCRIPTOR.fields]
            assert fields == list(cls.__dataclass_fields__), cls.__name__

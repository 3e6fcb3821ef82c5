"""The wire contract is generated from the domain: committed protos, Python code and the number
lock must be exactly what ``python -m skald.service.contract.protogen`` makes now (a stale file fails here)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from skald.service.contract import protogen, protonames


@pytest.fixture(scope="module")
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("protogen")
    shutil.copy(protogen.LOCK, root / "skald.lock.json")
    protogen.generate(root / "protos", root / "gen", root / "skald.lock.json")
    return root


def _tree(root: Path, suffixes: tuple[str, ...]) -> dict[Path, bytes]:
    return {p.relative_to(root): p.read_bytes() for p in root.rglob("*") if p.suffix in suffixes}


def test_committed_protos_match_the_domain(fresh: Path) -> None:
    ours = _tree(protogen.PROTO_DIR / "skald", (".proto",))
    new = _tree(fresh / "protos" / "skald", (".proto",))
    assert sorted(ours) == sorted(new), (
        "proto files differ: run python -m skald.service.contract.protogen"
    )
    stale = [str(rel) for rel in new if ours[rel] != new[rel]]
    assert not stale, f"{stale} stale: run python -m skald.service.contract.protogen"
    assert (fresh / "skald.lock.json").read_text() == protogen.LOCK.read_text(), "stale lock"


def test_committed_python_matches_the_protos(fresh: Path) -> None:
    ours = _tree(protogen.OUT_DIR, (".py", ".pyi", ".typed"))
    new = _tree(fresh / "gen", (".py", ".pyi", ".typed"))
    assert sorted(ours) == sorted(new)
    stale = [str(rel) for rel in new if ours[rel] != new[rel]]
    assert not stale, (
        f"generated code is stale: {stale}; run python -m skald.service.contract.protogen"
    )


def test_generated_code_imports_as_a_package_without_sys_path() -> None:
    import sys

    from skald.service.contract._generated.skald.v1 import skald_pb2

    assert not any(p.endswith("_generated") for p in sys.path)
    assert skald_pb2.DESCRIPTOR.package == "skald.v1"
    text = (protogen.OUT_DIR / "skald" / "v1" / "skald_pb2.py").read_text()
    assert "from skald.service.contract._generated.skald." in text
    assert "from skald.v1" not in text and "from skald.red_north" not in text  # protoc's own form


def test_every_command_event_and_view_has_a_message_with_its_fields() -> None:
    from skald.service.bootstrap import registry
    from skald.service.contract import wire

    for game in protogen.games():
        rules = registry().rules(game)
        module = wire.game_module(game)
        assert module.DESCRIPTOR.package == f"skald.{game}.v1"
        for cls in (*rules.commands.values(), *rules.events.values(), *rules.views):
            message = getattr(module, cls.__name__)
            fields = [f.name for f in message.DESCRIPTOR.fields]
            assert fields == [protonames.proto_name(n) for n in cls.__dataclass_fields__], cls
            assert not any(f.endswith("_") for f in fields), "no Python keyword escapes"


def test_every_enum_has_a_zero_unspecified_value_and_seats_are_int32() -> None:
    from google.protobuf.descriptor import FieldDescriptor

    from skald.service.contract import wire_goldens

    enums = {
        e.full_name: e
        for d in wire_goldens.message_types()
        for f in d.fields
        if (e := f.enum_type) is not None
    }
    assert enums
    for name, e in enums.items():
        assert e.values_by_number[0].name.endswith("_UNSPECIFIED"), name
    wide = {"start", "used", "events", "first_bad"}  # cursors, draw and record counts
    ints = (FieldDescriptor.TYPE_INT32, FieldDescriptor.TYPE_INT64)
    for d in wire_goldens.message_types():
        for f in d.fields:
            if f.type not in ints:
                continue
            is_wide = f.name in wide or f.name.endswith(("version", "cursor"))
            expected = FieldDescriptor.TYPE_INT64 if is_wide else FieldDescriptor.TYPE_INT32
            assert f.type == expected, f"{f.full_name}: one integer type per meaning"

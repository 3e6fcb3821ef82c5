"""The CLI starts fast because each command imports what it needs when it runs: `skald --help`
loads no game, store, gRPC or protobuf, and `skald show` of a Red North game loads no other
game (``benchmarks/cli_start.py`` times both)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from skald.service.model.catalog import build_registry

_PROBE = """
import json, sys
sys.argv = ["skald", *sys.argv[1:]]
import skald.cli.main
try:
    skald.cli.main.main()
except SystemExit:
    pass
print(json.dumps(sorted(sys.modules)), file=sys.stderr)
"""


def _modules_loaded(*argv: str, db: Path) -> list[str]:
    done = subprocess.run(
        [sys.executable, "-c", _PROBE, *argv],
        capture_output=True,
        text=True,
        env={"SKALD_DB": str(db), "PATH": "/usr/bin:/bin"},
        check=True,
    )
    return list(json.loads(done.stderr.strip().splitlines()[-1]))


def _heavy(modules: list[str], prefixes: tuple[str, ...]) -> list[str]:
    return [m for m in modules if m.split(".")[0] in prefixes or m.startswith(prefixes)]


def test_help_loads_no_game_store_or_grpc(tmp_path: Path) -> None:
    loaded = _modules_loaded("--help", db=tmp_path / "s.db")
    assert "skald.cli.main" in loaded
    heavy = ("domain", "service", "grpc", "google", "eventsourcing", "pydantic")
    assert _heavy(loaded, heavy) == []


def test_show_of_a_red_north_game_loads_only_red_north(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    created = subprocess.run(
        [
            sys.executable,
            "-m",
            "skald.cli.main",
            "new",
            "red-north",
            "-p",
            "2",
            "--seed",
            "a",
            "--json",
        ],
        capture_output=True,
        text=True,
        env={"SKALD_DB": str(db), "PATH": "/usr/bin:/bin"},
        check=True,
    )
    game_id = json.loads(created.stdout)["game_id"]
    loaded = _modules_loaded("show", game_id[:8], db=db)
    assert "skald.domain.red_north" in loaded
    assert _heavy(loaded, ("skald.domain.brian_boru", "skald.domain.feast")) == []


def test_a_lazy_catalog_imports_the_named_game_first_and_all_for_names() -> None:
    catalog = build_registry(lazy=True)
    assert catalog.rules("red-north").name == "red_north"
    assert catalog._pending == ["skald.domain.brian_boru", "skald.domain.feast.game"]
    assert catalog.names(playable_only=True) == ["brian_boru", "feast", "red_north"]
    assert catalog._pending == []

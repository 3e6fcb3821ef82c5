"""A ``--db`` SQLite path where no store is: only commands that create games make one there.

A read used to create an empty store (and its folders) to find nothing in it; a command that
works on a replay file or printed rules opened the store without needing it, so a missing one
could not be refused without breaking those.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.e2e_helpers import invoke_skald

REPLAY = Path(__file__).resolve().parent.parent / "replays" / "red-north" / "red-north-2p.jsonl"


def _nothing_made(root: Path) -> None:
    assert list(root.iterdir()) == [], list(root.iterdir())


def test_a_read_refuses_a_missing_store_and_creates_nothing(tmp_path: Path) -> None:
    db = tmp_path / "sub" / "skald.db"
    for args in (
        ["show", "abcd"],
        ["log", "abcd"],
        ["verify", "abcd"],
        ["export", "abcd", "-o", str(tmp_path / "out" / "x.jsonl")],
    ):
        run = invoke_skald([*args, "--db", str(db), "--json"])
        assert run.code == 1, (args, run.stdout)
        error = json.loads(run.stdout)["error"]
        assert error["rule"] == "store/missing" and str(db) in error["reason"], error
        assert error["kind"] == "not_found"
    _nothing_made(tmp_path)


def test_games_of_a_missing_store_are_none_with_a_warning(tmp_path: Path) -> None:
    db = tmp_path / "skald.db"
    run = invoke_skald(["games", "--db", str(db), "--json"])
    assert run.code == 0, run.stderr
    assert json.loads(run.stdout)["games"] == []
    assert "store/missing" in run.stderr
    _nothing_made(tmp_path)


def test_replay_files_and_rules_never_open_the_store(tmp_path: Path) -> None:
    db = tmp_path / "nowhere" / "skald.db"
    for args in (
        ["verify", str(REPLAY)],
        ["replay", str(REPLAY)],
        ["diff", str(REPLAY), str(REPLAY)],
        ["rules", "red-north"],
    ):
        run = invoke_skald([*args, "--db", str(db), "--json"])
        assert run.code == 0, (args, run.stdout, run.stderr)
        assert "store/missing" not in run.stderr
    _nothing_made(tmp_path)


def test_creating_commands_make_the_store_and_reads_then_find_it(tmp_path: Path) -> None:
    db = tmp_path / "sub" / "skald.db"
    made = invoke_skald(["new", "red-north", "-p", "2", "--db", str(db), "--json"])
    assert made.code == 0, made.stderr
    game = json.loads(made.stdout)["game_id"]
    shown = invoke_skald(["show", game[:8], "--db", str(db), "--json"])
    assert shown.code == 0, shown.stderr
    imported = invoke_skald(["import", str(REPLAY), "--db", str(tmp_path / "b.db"), "--json"])
    assert imported.code == 0, imported.stderr
    assert (tmp_path / "b.db").is_file()


def test_a_refused_creating_command_leaves_no_store_behind(tmp_path: Path) -> None:
    db = tmp_path / "made" / "for" / "t.db"
    refused = invoke_skald(["new", "red-north", "-p", "3", "--chance", "table", "--db", str(db)])
    assert refused.code == 1 and "chance/needed" in refused.stderr
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a replay file\n")
    imported = invoke_skald(["import", str(bad), "--db", str(db)])
    assert imported.code == 1
    assert [p.name for p in tmp_path.iterdir()] == ["bad.jsonl"]  # no store, no folders
    existing = tmp_path / "kept.db"
    assert invoke_skald(["new", "red-north", "-p", "2", "--db", str(existing)]).code == 0
    again = invoke_skald(
        ["new", "red-north", "-p", "3", "--chance", "table", "--db", str(existing)]
    )
    assert again.code == 1 and existing.is_file()  # a store that was there stays

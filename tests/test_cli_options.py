"""``skald rules`` lists each game's setup-option schema, and ``skald new --option`` hands the
values to the kernel as text: it converts and validates them (``resolve_options``), and a bad
option is refused naming the rule and the reason, with no game created."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from skald.domain.kernel.errors import UnknownGame
from skald.service.bootstrap import build_registry, registry
from tests.e2e_helpers import invoke_skald


def ok(db: Path, *args: str) -> Any:
    run = invoke_skald([*args, "--db", str(db), "--json"])
    assert run.code == 0, f"skald {' '.join(args)} failed: {run.stdout} {run.stderr}"
    return run.json


def refused(db: Path, *args: str) -> tuple[dict[str, Any], str]:
    """The JSON error of a command that must fail, and its plain-words stderr."""
    run = invoke_skald([*args, "--db", str(db), "--json"])
    assert run.code == 1, f"skald {' '.join(args)} did not fail: {run.stdout}"
    return dict(run.json["error"]), run.stderr


@pytest.mark.parametrize("game", ["red-north", "brian-boru", "dice", "feast"])
def test_rules_lists_the_option_schema(tmp_path: Path, game: str) -> None:
    info = ok(tmp_path / "s.db", "rules", game)
    assert info["options"] == [spec.describe() for spec in registry().rules(game).options]
    for option in info["options"]:
        assert {"name", "kind", "default", "help"} <= set(option)

    human = invoke_skald(["rules", game, "--db", str(tmp_path / "s.db")])
    assert human.code == 0, human.stderr
    assert "setup options" in human.stdout
    assert all(option["name"] in human.stdout for option in info["options"])


def test_rules_of_a_components_only_game_has_no_options(tmp_path: Path) -> None:
    """tests/components_game.py: served as printed data, no options, and not playable."""
    info = ok(tmp_path / "s.db", "rules", "saga")
    assert info["playable"] is False and info["options"] == []
    assert info["components"]["cards"][0]["id"] == "saga-01"
    error, words = refused(tmp_path / "s.db", "new", "saga", "-p", "2")
    assert error["rule"] == "game/not-playable" and "not playable" in words


def test_a_module_that_is_neither_a_game_nor_components_is_a_load_error() -> None:
    catalog = build_registry(("tests.forgery",))  # a test helper, no game
    assert "neither RULES nor COMPONENTS_ONLY" in catalog.load_errors["forgery"]
    with pytest.raises(UnknownGame) as refused:
        catalog.entry("forgery")
    assert refused.value.rule == "game/broken"
    assert "saga" in build_registry(("tests.components_game",)).names()


def test_red_north_outpost_options_round_trip(tmp_path: Path) -> None:
    """The documented override (RULINGS.md: Outpost Raid Points per colour) reaches the game."""
    db = tmp_path / "s.db"
    name = registry().rules("red-north").options[0].name
    created = ok(db, "new", "red-north", "-p", "2", "--seed", "o", "--option", f"{name}=3")
    log = ok(db, "log", created["game_id"])
    played = {o["name"]: o for o in log["events"][0]["data"]["options"]}  # typed OptionSetting
    assert played[name]["number"] == 3


@pytest.mark.parametrize(
    ("option", "rule", "words"),
    [
        ("rounds", "options/malformed", "is not key=value"),
        ("=3", "options/malformed", "is not key=value"),
        ("laps=3", "options/unknown", "unknown option 'laps'"),
        ("rounds=many", "options/type", "takes a number"),
        ("rounds=0", "options/out-of-range", "must be ≥ 1"),
        ("rounds=501", "options/out-of-range", "must be ≤ 500"),
    ],
)
def test_bad_options_are_refused_naming_the_rule(
    tmp_path: Path, option: str, rule: str, words: str
) -> None:
    db = tmp_path / "s.db"
    error, stderr = refused(db, "new", "dice", "-p", "2", "--option", option)
    assert error["rule"] == rule and words in error["reason"], error
    assert error["kind"] == "malformed"
    assert f"{rule}: " in stderr and words in stderr
    assert ok(db, "games")["games"] == []


def test_an_option_given_twice_is_refused(tmp_path: Path) -> None:
    db = tmp_path / "s.db"
    error, _ = refused(db, "new", "dice", "-p", "2", "-o", "rounds=2", "-o", "rounds=3")
    assert error["rule"] == "options/repeated"


def test_options_are_stored_resolved(tmp_path: Path) -> None:
    """Text in, typed values out: the stored GameCreated binds every option, defaults too."""
    db = tmp_path / "s.db"
    created = ok(db, "new", "dice", "-p", "2", "--seed", "r", "--option", "rounds=2")
    stored = ok(db, "log", created["game_id"])["events"][0]["data"]["options"]
    assert stored == [{"name": "rounds", "text": None, "number": 2, "flag": None}]
    plain = ok(db, "new", "dice", "-p", "2", "--seed", "r")
    stored = ok(db, "log", plain["game_id"])["events"][0]["data"]["options"]
    assert stored == [{"name": "rounds", "text": None, "number": 3, "flag": None}]


def test_the_shared_options_are_taken_before_the_command_name_too(tmp_path: Path) -> None:
    """``--db``, ``--json`` (and ``--server``, ``--token``, the TLS files) are declared once
    (``skald.cli.common.Cli``): before the command's name as after it, one typed after winning."""
    made = ok(tmp_path / "s.db", "new", "red-north", "-p", "2")
    before = invoke_skald(["--db", str(tmp_path / "s.db"), "--json", "games"])
    assert before.code == 0, before.stderr
    assert [g["game_id"] for g in before.json["games"]] == [made["game_id"]]
    after_wins = invoke_skald(["--db", str(tmp_path / "other.db"), "games", "--json"])
    assert after_wins.json["games"] == []
    overridden = ok(tmp_path / "s.db", "games")  # --db after the name: the root's is unset
    assert overridden["games"] == before.json["games"]
    both = invoke_skald(
        ["--db", str(tmp_path / "other.db"), "games", "--db", str(tmp_path / "s.db"), "--json"]
    )
    assert both.json["games"] == before.json["games"]

"""A Feast for Odin through the ``skald`` CLI, as a new user meets it: ``simulate`` plays whole
games with real choices and reports space use; a golden game imports, verifies, forks, diffs
and checks; ``rules`` lists every occupation and says which effects are not built."""

from __future__ import annotations

import json
from pathlib import Path

from skald.domain.feast.game.setup_data import card_id
from skald.service.bootstrap import registry
from tests.e2e_helpers import invoke_skald
from tests.test_cli import Cli

GOLDEN = Path(__file__).resolve().parent.parent / "replays" / "feast" / "feast-2p-short.jsonl"


def test_simulate_plays_real_choices_and_counts_every_space(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "skald.db")
    result = cli.ok(
        "simulate", "feast", "--games", "2", "--players", "4", "--seed", "sim", "--spaces"
    )
    assert len(result["scores"]) == 2 and all(len(row) == 4 for row in result["scores"])
    printed = {a["id"] for a in registry().rules("feast").components()["action_spaces"]}
    spaces = result["spaces"]
    assert printed <= set(spaces) and len(printed) == 61
    assert sum(spaces.values()) > 100  # every game places Vikings on scores of spaces
    kinds: set[str] = set()
    for gid in result["game_ids"]:
        assert cli.ok("show", gid)["finished"]
        kinds |= {e["type"] for e in cli.ok("log", gid)["events"]}
    # the picker places goods, rolls dice, serves food, draws occupations
    assert {"GoodPlaced", "DieRolled", "FoodServed", "OccupationDrawn"} <= kinds

    human = invoke_skald(
        ["simulate", "feast", "-n", "1", "-p", "1", "--spaces", "--db", str(tmp_path / "h.db")]
    )
    assert human.code == 0, human.stderr
    assert "action spaces used" in human.stdout and "never used" in human.stdout


def test_a_golden_game_imports_verifies_forks_diffs_and_checks(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "skald.db")
    gid = cli.ok("import", str(GOLDEN))["game_id"]
    assert cli.ok("verify", gid)["ok"]
    log = cli.ok("log", gid)["events"]
    # a version where seat 0 is to place Vikings (a TurnStarted for seat 0 just happened)
    at = next(
        e["version"]
        for e in log[len(log) // 2 :]
        if e["type"] == "TurnStarted" and e["data"]["seat"] == 0
    )
    shown = cli.ok("show", gid, "--at", str(at), "--seat", "0")
    assert shown["to_act"] == [0]

    fork = cli.ok("fork", gid, "--at", str(at))
    fid = fork["game_id"]
    assert cli.version(fid) == at
    options = cli.legal(fid, 0)
    played = log[at]  # what the golden did next, as recorded
    recorded_next = played["command"]
    other = "placeVikings" if recorded_next["type"] == "Pass" else "pass"
    different = next(o for o in options if other in json.loads(o))
    run = cli.run("check", gid, different, "--at", str(at), "--seat", "0", "--json")
    assert run.code == 0 and run.json["legal"] is True and run.json["events"]
    assert cli.version(gid) == len(log)  # check wrote nothing

    cli.play(fid, 0, different)
    diff = cli.ok("diff", gid, fid)
    assert diff["common_prefix"] == at and diff["first_different_event"] == at + 1


def test_rules_lists_every_occupation_and_the_missing_effects(tmp_path: Path) -> None:
    from skald.domain.feast.game.cards.registry import BUILT

    cli = Cli(tmp_path / "skald.db")
    info = cli.ok("rules", "feast")
    assert info["playable"] is True and info["options"]
    cards = info["components"]["occupations"]
    assert len(cards) == 190 and cards[16]["id"] == "occupation-017"
    assert {c["number"] for c in cards if c["effect_built"]} == set(BUILT)  # the registry's
    assert all(c["effect"] for c in cards if c["effect_built"])  # each with its effect
    assert all(card["id"] == card_id(card["number"]) for card in cards)  # the ids dealt
    missing = info["components"]["occupation_effects_missing"]
    assert len(BUILT) == 190 and missing == []  # every occupation's effect is built
    assert info["components"]["occupation_effects"].startswith(f"built for {len(BUILT)} of 190")

    human = invoke_skald(["rules", "feast", "--db", str(tmp_path / "skald.db")])
    assert human.code == 0, human.stderr
    assert "occupation_effects_missing" in human.stdout and "Peddler" in human.stdout
    assert f"built for {len(BUILT)} of 190 cards" in " ".join(human.stdout.split())

"""``skald diff`` for people: games that cannot be compared are refused with a clear error,
and a fork played differently is named at its first divergence by both moves (notation and
seats), with the two boards side by side and a closing list in the game's words.

The games are the golden recordings (``replays/``), a copy edited to another rules version,
and a stored golden forked with ``skald fork`` and played on with another move."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.test_cli import Cli

REPLAYS = Path(__file__).parent.parent / "replays"
RED_NORTH = REPLAYS / "red-north" / "red-north-2p.jsonl"
BRIAN_BORU = REPLAYS / "brian-boru" / "brian-boru-3p.jsonl"


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "skald.db")


def test_a_red_north_game_and_a_brian_boru_game_are_not_compared(cli: Cli) -> None:
    error = cli.refused("diff", str(RED_NORTH), str(BRIAN_BORU))
    assert error["rule"] == "diff/different-games"
    assert "Red North" in error["reason"] and "Brian Boru" in error["reason"]
    run = cli.run("diff", str(RED_NORTH), str(BRIAN_BORU))
    assert run.code == 1 and "only two games of the same game can be compared" in run.stderr


def test_games_under_different_rules_versions_are_not_compared(cli: Cli, tmp_path: Path) -> None:
    lines = RED_NORTH.read_text().splitlines()
    header, created = json.loads(lines[0]), json.loads(lines[1])
    header["rules_version"] = created["data"]["rules_version"] = "red-north-en-2099.1"
    lines[0], lines[1] = json.dumps(header), json.dumps(created)
    other = tmp_path / "other-rules.jsonl"
    other.write_text("\n".join(lines) + "\n")
    error = cli.refused("diff", str(RED_NORTH), str(other))
    assert error["rule"] == "diff/different-rules"
    assert "red-north-en-2025.1" in error["reason"] and "red-north-en-2099.1" in error["reason"]


def test_a_fork_played_otherwise_is_named_at_its_first_divergence(cli: Cli) -> None:
    original = cli.ok("import", str(RED_NORTH))["game_id"]
    fork = cli.ok("fork", original, "--at", "16")["game_id"]
    # the recorded game goes on with seat 0's "reinforce @2 blue9 left"; the fork withdraws
    assert cli.ok("play", fork, "--seat", "0", "withdraw @1")["version"] == 18

    report = cli.ok("diff", original, fork)
    assert report["first_divergence"] == 16 and report["first_different_event"] == 17
    a, b = report["divergence"]["a"], report["divergence"]["b"]
    assert (a["seat"], a["move"], a["move_versions"]) == (0, "reinforce @2 blue9 left", [17, 19])
    assert (b["seat"], b["move"], b["move_versions"]) == (0, "withdraw @1", [17, 18])
    assert report["game"] == "red_north" and report["rules_version"] == "red-north-en-2025.1"
    assert "final scores" not in " ".join(report["differences"])  # the fork has not ended
    assert any(line.startswith("only a has ended (scores 7 8") for line in report["differences"])
    assert report["state_differences"]  # the full structure is there for programs

    run = cli.run("diff", original, fork)
    assert run.code == 0
    out = run.stdout
    assert "the games agree up to v16 and part at v17:" in out
    assert "seat 0" in out and "reinforce @2 blue9 left" in out and "withdraw @1" in out
    boards = [line for line in out.splitlines() if line.count("Red North  v") == 2]
    assert boards and "v19" in boards[0] and "v18" in boards[0]  # side by side, after each
    assert "what differs at the end (a at v110 → b at v18):" in out
    assert "seat 1 victory points: 8 → " in out


def test_a_game_and_its_own_prefix_do_not_diverge(cli: Cli) -> None:
    original = cli.ok("import", str(RED_NORTH))["game_id"]
    fork = cli.ok("fork", original, "--at", "16")["game_id"]
    report = cli.ok("diff", original, fork)
    assert report["divergence"] is None and report["common_prefix"] == 16
    assert "a goes on where b stops" in cli.run("diff", original, fork).stdout
    same = cli.run("diff", str(RED_NORTH), str(RED_NORTH))
    assert "the games are the same (110 events)" in same.stdout
    assert "what differs at the end (a at v110 → b at v110): nothing" in same.stdout

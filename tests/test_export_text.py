"""``skald export --format text``: a record people read, like a chess PGN — header tags taken
from the game's own records, then every move once, in order, in the game's notation, under
round headings with the seat written where it changes. One golden game of each game, from its
replay file, and a stored game written to a file; ``import`` does not take the text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from skald.cli.words.notation import to_text
from skald.domain.kernel.records import GameEnded
from skald.service.bootstrap import registry
from skald.service.model.folding import decode_command
from skald.service.model.records import read_kernel
from skald.service.store import replay_file
from tests.test_cli import Cli

REPLAYS = Path(__file__).parent.parent / "replays"
GOLDENS = {
    "red_north": REPLAYS / "red-north" / "red-north-2p.jsonl",
    "brian_boru": REPLAYS / "brian-boru" / "brian-boru-3p.jsonl",
    "feast": REPLAYS / "feast" / "feast-1p-long.jsonl",
}
MOVE = re.compile(r"^  (seat \d+)?\s+(\S.*?)\s+v(\d+)$")


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "skald.db")


@pytest.mark.parametrize("game", sorted(GOLDENS))
def test_each_game_exports_a_readable_record(cli: Cli, game: str) -> None:
    path = GOLDENS[game]
    run = cli.run("export", str(path), "--format", "text")
    assert run.code == 0, run.stderr
    text = run.stdout
    parsed = replay_file.load_bytes(path.read_bytes())
    created, records = parsed.created, list(parsed.records)
    rules = registry().rules(created.game)
    ended = read_kernel(records[-1], GameEnded)

    tags = dict(re.findall(r'^\[(\w+) "(.*)"\]$', text, flags=re.M))
    assert tags["Game"] == rules.title and tags["GameId"] == created.game_id
    assert tags["Players"] == str(created.players)
    assert tags["RulesVersion"] == created.rules_version
    assert created.segments[0].commitment in tags["SeedCommitment"]
    assert tags["Result"] == " ".join(str(s) for s in ended.scores)
    assert tags["Winner"] == ", ".join(f"seat {w}" for w in ended.winners)

    lines = text.splitlines()
    batches = [r for r in records if r.command is not None]
    moves = [m for m in (MOVE.match(line) for line in lines) if m]
    expected = [
        to_text(game, decode_command(rules, r.command["type"], r.command.get("data", {})))
        for r in batches
        if r.command is not None
    ]
    assert [m.group(2) for m in moves] == expected  # every move once, in order
    versions = [int(m.group(3)) for m in moves]
    assert versions == sorted(versions) and versions[-1] == len(records)
    rounds = [int(n) for n in re.findall(r"^Round (\d+)$", text, flags=re.M)]
    assert rounds == list(range(1, rounds[-1] + 1)) and rounds[-1] >= 3
    assert lines[-1].startswith("Result: ") and "\x1b" not in text  # plain, printable
    # the seat is a heading where it changes: the line after a move of the same seat has none
    seated = [m.group(1) for m in moves]
    assert seated[0] is not None and None in seated


def test_red_north_record_reads_as_played(cli: Cli) -> None:
    text = cli.run("export", str(GOLDENS["red_north"]), "--format", "text").stdout
    assert "Round 1\n  seat 1  deploy blue3 jarl4 blue7" in text
    assert re.search(r"^          reinforce @2 blue9 left\s+v19$", text, flags=re.M)
    assert "Result: 7 8, winner seat 1 (most VP)" in text


def test_a_stored_game_to_a_file_and_what_is_refused(cli: Cli, tmp_path: Path) -> None:
    gid = cli.ok("import", str(GOLDENS["red_north"]))["game_id"]
    out = tmp_path / "game.txt"
    written = cli.ok("export", gid[:8], "--format", "text", "-o", str(out))
    assert written["format"] == "text" and written["lines"] == out.read_text().count("\n")
    assert f'[GameId "{gid}"]' in out.read_text()
    assert cli.refused("export", gid, "--format", "pgn")["rule"] == "export/format"
    assert cli.refused("export", gid)["rule"] == "export/output"  # jsonl needs a file
    assert cli.refused("import", str(out))["rule"].startswith("replay/")
    shown = " ".join(cli.run("export", "--help").stdout.split())
    assert "not for import" in shown  # the help renders `import` as code, without the backticks

"""The replay browser (``skald replay`` at a terminal) driven by keys with Textual's pilot, on
the golden 3-player Brian Boru game, asserting what is on the screen: the move list in
notation, stepping back and forth by event and by move, jumps to a version and a round, the
viewer switch (seat 0 never sees seat 1's hand, in the board or the move list) and the verify
status, for a good file and a tampered one. The screen is read as text from Textual's own
compositor (what a terminal would show), on a screen large enough for a whole board."""

from __future__ import annotations

import asyncio
import copy
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from skald.cli.records.timeline import Timeline
from skald.cli.tui.browser import ReplayBrowser
from skald.service.model.verify import verify
from skald.service.store import replay_file
from tests.e2e_helpers import invoke_skald
from tests.test_cli_start import _modules_loaded

GOLDEN = Path(__file__).parent.parent / "replays" / "brian-boru" / "brian-boru-3p.jsonl"
SIZE = (210, 72)
SEAT_1_CARD = "24 red  P: town, -coin, -coin  A: +coin, expand  B: 3×raider"
"""A line of seat 1's hand at v40 (its card 24); no card in seat 0's hand reads so."""


@pytest.fixture(scope="module")
def golden() -> tuple[Timeline, Any]:
    parsed = replay_file.load_bytes(GOLDEN.read_bytes())
    return Timeline(GOLDEN.name, parsed.records), parsed


def screen(app: ReplayBrowser) -> str:
    return "\n".join(strip.text for strip in app.screen._compositor.render_strips())


def status(app: ReplayBrowser) -> str:
    return next(line for line in screen(app).splitlines() if "  view: " in line)


def drive(app: ReplayBrowser, script: Callable[[Any], Awaitable[None]]) -> None:
    async def run() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await pilot.pause()
            await script(pilot)

    asyncio.run(run())


def test_browsing_back_and_forth_by_event_move_round_and_version(
    golden: tuple[Timeline, Any],
) -> None:
    timeline, _ = golden
    app = ReplayBrowser(timeline, None, start=40)

    async def script(pilot: Any) -> None:
        shown = screen(app)
        assert "v40/442 (inside move 17: v40–41)  round 1" in status(app)
        assert "Brian Boru: High King of Ireland  v40" in shown
        for row in ("start 33", "active 52", "play 21", "play 3", "play 7", "secondary b"):
            assert row in shown  # the move list, in the game's notation
        assert "golden-14" in shown  # command ids
        assert "▶ v40   seat 0  CardPlayed" in shown  # the event at the cursor

        await pilot.press("left", "left")
        assert status(app).startswith(" v38/442")
        assert "v38  to act: 2" in screen(app)
        assert "move 15/186  seat 1  play 21" in screen(app)
        await pilot.press("right")
        assert status(app).startswith(" v39/442")
        await pilot.press("down")  # to the end of the next move
        assert status(app).startswith(" v41/442")
        await pilot.press("up", "up")
        assert status(app).startswith(" v38/442")

        await pilot.press("v", "1", "2", "0", "enter")
        assert "v120/442 (inside move 55: v117–122)" in status(app)
        await pilot.press("r", "2", "enter")
        assert status(app).startswith(" v159/442")
        assert "round 2" in status(app)
        assert "Round 2" in screen(app)
        await pilot.press("left_square_bracket")  # already at its start: the round before
        assert "round 1" in status(app)
        await pilot.press("right_square_bracket", "right_square_bracket")
        assert "round 3" in status(app)
        await pilot.press("end")
        assert status(app).startswith(" v442/442")
        assert "winner: seat 0" in screen(app)
        await pilot.press("home")
        assert status(app).startswith(" v4/442")
        await pilot.press("r", "9", "enter")
        assert "no round 9" in status(app)

    drive(app, script)


def test_a_seat_sees_its_own_hand_only_and_the_referee_every_seat(
    golden: tuple[Timeline, Any],
) -> None:
    timeline, _ = golden
    app = ReplayBrowser(timeline, None, start=40)

    async def script(pilot: Any) -> None:
        public = screen(app)
        assert "view: public" in status(app)
        assert "Your hand:" not in public and SEAT_1_CARD not in public
        assert "keep 2 face down" in public  # kept cards are no one's business

        await pilot.press("1")
        assert "view: seat 1" in status(app)
        assert SEAT_1_CARD in screen(app)
        assert "keep 24 18" in screen(app)  # its own draft choice, in the move list

        await pilot.press("0")
        seat0 = screen(app)
        assert "view: seat 0" in status(app)
        assert "Your hand:" in seat0 and "25 blue  P: town, -coin, -coin" in seat0
        assert SEAT_1_CARD not in seat0
        assert "keep 24 18" not in seat0 and "keep 25 9" in seat0
        assert "play 21" in seat0  # a played card is public

        await pilot.press("s", "s", "s")  # seat 0 → seat 1 → seat 2 → referee
        assert "view: referee (every seat)" in status(app)
        assert "the referee sees every seat's view" in screen(app)
        assert "keep 24 18" in screen(app) and "keep 22 13" in screen(app)
        await pilot.press("s")
        assert "view: public" in status(app)

    drive(app, script)


def test_the_verify_status_of_a_good_and_of_a_tampered_file(
    golden: tuple[Timeline, Any], tmp_path: Path
) -> None:
    timeline, parsed = golden
    records, seeds = list(parsed.records), list(parsed.seeds)
    app = ReplayBrowser(timeline, lambda: verify(records, seeds).to_json())

    async def good(pilot: Any) -> None:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "verify: ✓ verified (chain, commitments, outcome, re-decision, salts)" in status(app)

    drive(app, good)

    lines = GOLDEN.read_text().splitlines()
    row = json.loads(lines[100])
    row["at"] = "2026-01-01T00:00:00+00:00"  # one changed write time: the chain breaks
    lines[100] = json.dumps(row)
    forged = replay_file.load_bytes(("\n".join(lines) + "\n").encode())
    bad = Timeline("forged", forged.records)
    app = ReplayBrowser(bad, lambda: verify(list(forged.records), list(forged.seeds)).to_json())

    async def tampered(pilot: Any) -> None:
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert "verify: ✗ FAILED at v100" in status(app)

    drive(app, tampered)


def test_replay_prints_when_not_at_a_terminal_and_browses_when_it_is(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import skald.cli.commands.audit
    import skald.cli.tui.browser

    piped = invoke_skald(["replay", str(GOLDEN), "--to", "40"])
    assert piped.code == 0
    assert "v40   seat 0  CardPlayed" in piped.stdout and "v40  to act: 1" in piped.stdout

    opened: list[tuple[int, int | None, dict[str, Any]]] = []

    def fake_browse(timeline: Timeline, verifier: Any, start: int | None) -> None:
        opened.append((timeline.version, start, verifier()))

    monkeypatch.setattr(skald.cli.commands.audit, "_on_terminal", lambda: True)
    monkeypatch.setattr(skald.cli.tui.browser, "browse", fake_browse)
    assert invoke_skald(["replay", str(GOLDEN), "--to", "40"]).code == 0
    [(events, start, report)] = opened
    assert (events, start, report["ok"]) == (442, 40, True)
    step = invoke_skald(["replay", str(GOLDEN), "--to", "3", "--step"])
    assert step.code == 0 and len(opened) == 1  # --step still prints, for scripts
    assert step.stdout.count("Brian Boru: High King of Ireland  v") == 3  # after v1, v2, v3


def test_help_does_not_load_textual(tmp_path: Path) -> None:
    loaded = _modules_loaded("--help", db=tmp_path / "s.db")
    assert "skald.cli.main" in loaded
    assert [m for m in loaded if m.split(".")[0] == "textual" or m == "skald.cli.tui.browser"] == []


def test_a_dispute_is_marked_in_the_move_list_and_shown_under_its_move(
    golden: tuple[Timeline, Any],
) -> None:
    timeline = copy.copy(golden[0])  # the module's timeline keeps no disputes
    text = "[bold]seat 0 played out of turn[/]"  # the user's words, shown as written
    timeline.disputes = [
        {
            "number": 1,
            "at_version": 40,
            "at_hash": timeline.records[39].hash,
            "seat": 1,
            "text": text,
            "filed_at": "2026-01-01T00:00:00+00:00",
            "hash": "f" * 64,
            "ruling": {
                "upheld": False,
                "text": "it was seat 0's turn",
                "ruled_at": "2026-01-02T00:00:00+00:00",
                "fork": None,
                "hash": "e" * 64,
            },
        }
    ]
    app = ReplayBrowser(timeline, None, start=4)

    async def script(pilot: Any) -> None:
        assert "⚑ 1 dispute(s), 1 ruled" in status(app)
        assert text not in screen(app)  # another move's
        assert "⚑ " in screen(app).split("\n", 20)[-1]  # its row in the move list is marked
        await pilot.press("d")  # the next disputed version
        assert status(app).startswith(" v40/442")
        shown = screen(app)
        assert "⚑ dispute (public, beside the game's records):" in shown
        assert text in shown and "seat 1 disputes v40" in shown
        assert "dismissed" in shown and "it was seat 0's turn" in shown
        await pilot.press("d")  # the last: round again to the first
        assert status(app).startswith(" v40/442")

    drive(app, script)

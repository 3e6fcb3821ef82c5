"""The interactive play session (``cli/tui/session.py``) driven in-process as a person uses it:
lines typed from a script, every screen recorded and checked for what is on it.

A whole 2-player Red North game is played in hot-seat mode by typing move numbers only; on
each seat's turn its own hand is on the screen and the other seat's hand never is, and the
handover screen between turns shows no hand at all."""

from __future__ import annotations

import io
import random
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from rich.console import Console

from skald.cli.tui.session import run_session
from skald.domain.red_north.notation import card_name
from skald.service.app.requests import CreateGame, GetHistory, ListLegal, SubmitMove, ViewGame
from skald.service.bootstrap import open_service, registry
from skald.service.client import LocalClient, view_json
from skald.service.model.auth import OPERATOR

Answer = Callable[[str, str], str | None]
RED_NORTH = registry().rules("red_north")


class ScriptScreen:
    """A :class:`skald.cli.tui.session_screen.Screen` that keeps every screen and answers from a script:
    ``answer(screen, prompt)`` sees what is on the screen when a line is asked for."""

    def __init__(self, answer: Answer) -> None:
        self.out = io.StringIO()
        self.console = Console(file=self.out, width=120, color_system=None, highlight=False)
        self.answer = answer
        self.asked: list[tuple[str, str, str | None]] = []
        """(screen, prompt, line typed) for every line asked."""
        self.polls = 0

    def screen(self) -> str:
        return self.out.getvalue()

    def clear(self) -> None:
        self.out.seek(0)
        self.out.truncate()

    def ask(self, prompt: str, words: list[str]) -> str | None:
        screen = self.screen()
        line = self.answer(screen, prompt)
        self.asked.append((screen, prompt, line))
        return line

    def poll(self, timeout: float) -> str | None:
        self.polls += 1
        return "q"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[LocalClient]:
    c = LocalClient(open_service(str(tmp_path / "skald.db")))
    yield c
    c.close()


def _new(client: LocalClient, game: str, players: int, seed: str) -> str:
    return str(client.create(CreateGame(game, players, seed.encode(), "server", {}, []))["game_id"])


def _hands(referee: LocalClient, gid: str, players: int) -> list[list[str]]:
    """Every seat's hand now, read by the referee (the operator) from the same store."""
    hands = []
    for seat in range(players):
        view = view_json(referee.view(ViewGame(gid, seat, None, who=OPERATOR)))["view"]
        hands.append([c for c in view["players"][seat]["hand"] if c != "hidden"])
    return hands


def _shows(screen: str, card: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(card_name(card))}(?![\w-])", screen) is not None


def test_a_whole_red_north_game_in_hot_seat_by_move_numbers(
    client: LocalClient, tmp_path: Path
) -> None:
    gid = _new(client, "red-north", 2, "hot-seat-1")
    referee = LocalClient(open_service(str(tmp_path / "skald.db")))
    picker = random.Random(7)
    turns = {0: 0, 1: 0}

    def answer(screen: str, prompt: str) -> str | None:
        if "press Enter" in prompt:
            assert "Your hand" not in screen and "Raiding Party" not in screen
            for hand in _hands(referee, gid, 2):
                assert not [c for c in hand if _shows(screen, c)], screen
            return ""
        seat = int(re.match(r"seat (\d)", prompt).group(1))  # type: ignore[union-attr]
        count = int(re.search(r"\(1-(\d+)", prompt).group(1))  # type: ignore[union-attr]
        own, other = _hands(referee, gid, 2)[seat], _hands(referee, gid, 2)[1 - seat]
        if own:
            assert "Your hand:" in screen and all(_shows(screen, c) for c in own)
        # a card the other seat took face up (``pass hero-green``) is no secret
        secret = RED_NORTH.secrets(referee.svc.load(gid).state, seat)
        other = [c for c in other if c in secret]
        assert not [c for c in other if _shows(screen, c)], (seat, other, screen)
        assert f"Your moves, seat {seat}:" in screen and re.search(r"\n +1 ", screen)
        turns[seat] += 1
        return str(picker.randint(1, count))

    screen = ScriptScreen(answer)
    run_session(client, gid, None, True, screen)
    referee.close()

    typed = [line for _, prompt, line in screen.asked if "your move" in prompt]
    assert typed and all(line is not None and line.isdigit() for line in typed)
    assert turns[0] >= 5 and turns[1] >= 5
    handovers = [p for _, p, _ in screen.asked if "press Enter" in p]
    assert len(handovers) >= 10
    final = screen.screen()
    assert "The game is over." in final and "Final scores" in final
    assert client.view(ViewGame(gid, None, None, who=OPERATOR)).outcome is not None


def test_a_bad_line_changes_nothing_and_names_the_closest_moves(client: LocalClient) -> None:
    gid = _new(client, "red-north", 2, "bad-input")
    lines = iter(["deploy foo", "9999", "deploy jarl", "q"])
    screen = ScriptScreen(lambda screen, prompt: next(lines))
    before = client.view(ViewGame(gid, None, None, who=OPERATOR)).version
    run_session(client, gid, 0, False, screen)
    assert client.view(ViewGame(gid, None, None, who=OPERATOR)).version == before
    after_foo, after_number, after_prefix = (" ".join(s.split()) for s, _, _ in screen.asked[1:4])
    assert "'foo' is no card" in after_foo and "Nothing was played." in after_foo
    assert "closest legal: deploy" in after_foo
    assert "there is no move 9999: the legal moves are numbered 1..210" in after_number
    assert "30 moves begin with 'deploy jarl': listed above" in after_prefix
    listing = after_prefix.split("beginning 'deploy jarl':")[1].split("30 moves begin")[0]
    listed = re.findall(r"\b\d+ (\w+) \w+ \w+", listing)
    assert len(listed) == 30 and {first[:4] for first in listed} == {"jarl"}, listed


def test_a_notation_move_is_played_and_the_session_waits_for_the_other_seat(
    client: LocalClient,
) -> None:
    gid = _new(client, "red-north", 2, "notation-move")
    hand = view_json(client.view(ViewGame(gid, 0, None, who=OPERATOR)))["view"]["players"][0][
        "hand"
    ]
    move = "deploy " + " ".join(card_name(c) for c in hand[:3])
    lines = iter([move.upper()])
    screen = ScriptScreen(lambda screen, prompt: next(lines))
    run_session(client, gid, 0, False, screen)
    waiting = " ".join(screen.screen().split())
    assert f"seat 0 played {move}" in waiting
    assert "Waiting for seat 1" in waiting and screen.polls == 1  # then "q" while waiting
    assert "v" in waiting and "seat 0: " + move in waiting  # the last moves, as seat 0 saw
    first = client.history(GetHistory(gid, 0, who=OPERATOR))[-1]
    assert first.command is not None and first.command["type"] == "Deploy"


def test_the_other_seats_moves_show_all_but_their_secrets_in_the_last_moves(
    client: LocalClient,
) -> None:
    """Seat 1's face-down ``Deploy`` reads as how many cards went down, naming none of them;
    its public moves after it read in full, as seat 1 wrote them (they read as ``Deploy (not
    shown to you)``, type alone, before the games said which fields are secret)."""
    from skald.domain.red_north.commands import Deploy
    from skald.domain.red_north.notation import to_text

    gid = _new(client, "red-north", 2, "hidden-moves")
    cards = view_json(client.view(ViewGame(gid, 1, None, who=OPERATOR)))["view"]["players"][1][
        "hand"
    ][:3]
    client.submit(SubmitMove(gid, 1, Deploy(tuple(cards)), None, None, (), who=OPERATOR))
    screen = ScriptScreen(lambda screen, prompt: "q")
    run_session(client, gid, 0, False, screen)
    shown = " ".join(screen.asked[0][0].split())
    assert "seat 1: deploy 3 face down" in shown
    assert not [c for c in cards if _shows(shown, c)]
    # seats play on until seat 1 has made a public move and seat 0 is to act
    last: object = None
    for _ in range(60):
        to_act = client.view(ViewGame(gid, None, None, who=OPERATOR)).to_act
        if 0 in to_act and last is not None:
            break
        seat = 1 if 1 in to_act else to_act[0]
        command = client.legal(ListLegal(gid, seat, who=OPERATOR))[0][0]
        client.submit(SubmitMove(gid, seat, command, None, None, (), who=OPERATOR))
        last = command if seat == 1 and not isinstance(command, Deploy) else None
    assert last is not None, "seat 1 made no public move before seat 0's turn"
    screen = ScriptScreen(lambda screen, prompt: "q")
    run_session(client, gid, 0, False, screen)
    shown = " ".join(screen.asked[0][0].split())
    assert f"seat 1: {to_text(last)}" in shown  # type: ignore[arg-type]
    assert "not shown to you" not in shown


def test_through_a_server_the_session_follows_the_other_seats_moves(tmp_path: Path) -> None:
    """``--server``: seat 0 plays with its own token, then waits; seat 1's move, made by
    another client while seat 0 waits, arrives on the WatchGame stream and is drawn."""
    from skald.domain.red_north.commands import Deploy
    from skald.service.app.games import GameService
    from skald.service.bootstrap import registry
    from skald.service.client import RemoteClient
    from skald.service.grpc.server import create_server
    from skald.service.store.event_store import EventStore

    store = EventStore(str(tmp_path / "served.db"))
    server, port = create_server(GameService(store, registry()), "127.0.0.1:0")
    address = f"127.0.0.1:{port}"
    operator = RemoteClient(address)
    try:
        created = operator.create(CreateGame("red-north", 2, b"served", "server", {}, []))
        gid, tokens = created["game_id"], created["seat_tokens"]
        seat0, seat1 = RemoteClient(address, tokens[0]), RemoteClient(address, tokens[1])
        other = view_json(seat1.view(ViewGame(gid, 1, None, who=OPERATOR)))["view"]["players"][1][
            "hand"
        ][:3]

        asks = iter(["1"])
        screen = ScriptScreen(lambda shown, prompt: next(asks, "q"))

        def poll(timeout: float) -> str | None:
            """While seat 0 waits: seat 1 plays (no line typed); then wait for the redraw."""
            screen.polls += 1
            if screen.polls == 1:
                seat1.submit(SubmitMove(gid, 1, Deploy(tuple(other)), None, None, (), who=OPERATOR))
            elif "seat 1: deploy" in screen.screen() or screen.polls > 100:
                return "q"
            time.sleep(timeout)
            return None

        screen.poll = poll  # type: ignore[method-assign]
        run_session(seat0, gid, 0, False, screen)
        screens = [" ".join(s.split()) for s, _, _ in screen.asked] + [
            " ".join(screen.screen().split())
        ]
        assert any("seat 1: deploy 3 face down" in s for s in screens), screens[-1]
        assert not any(_shows(s, c) for s in screens for c in other)
        seat0.close()
        seat1.close()
    finally:
        operator.close()
        server.stop(0)
        store.close()

"""Playing at the terminal as a new player does: what one move prints, help in the session,
a hot-seat handover that leaves no typed line behind, and screens that fit an 80-column
terminal without cutting what a person has to read or type."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from rich.console import Console

from skald.cli.draw.render import draw_view
from skald.cli.records.timeline import Timeline
from skald.cli.tui.session import run_session
from skald.cli.tui.session_screen import Terminal
from skald.service.app.requests import CreateGame, GetHistory, ListLegal, SubmitMove, ViewGame
from skald.service.bootstrap import open_service
from skald.service.client import LocalClient, view_json
from skald.service.model.auth import OPERATOR
from skald.service.store import replay_file
from tests.e2e_helpers import invoke_skald
from tests.test_play_session import ScriptScreen
from tests.view_helpers import BB3


def _new(db: Path, game: str, players: int, seed: str) -> str:
    run = invoke_skald(["new", game, "--players", str(players), "--seed", seed, "--db", str(db)])
    assert run.code == 0, run.stderr
    found = re.search(r"game ([0-9a-f-]{36})", run.stdout)
    assert found, run.stdout
    return found.group(1)


def test_one_move_prints_only_what_its_seat_is_served(tmp_path: Path) -> None:
    """The last starting town of Brian Boru deals every hand: ``skald play --seat 1 MOVE``
    printed the referee's records, every seat's cards and the shuffled deck's order."""
    db = tmp_path / "skald.db"
    gid = _new(db, "brian-boru", 3, "one-move")
    client = LocalClient(open_service(str(db)))
    try:
        for _ in range(2):  # two starting towns; the third, typed, deals the hands
            (seat,) = client.view(ViewGame(gid, None, None, who=OPERATOR)).to_act
            client.submit(
                SubmitMove(
                    gid,
                    seat,
                    client.legal(ListLegal(gid, seat, who=OPERATOR))[0][0],
                    None,
                    None,
                    (),
                    who=OPERATOR,
                )
            )
        (last,) = client.view(ViewGame(gid, None, None, who=OPERATOR)).to_act
        run = invoke_skald(["play", gid, "--seat", str(last), "1", "--db", str(db), "--json"])
        assert run.code == 0, run.stderr
        others = [
            c
            for s in range(3)
            if s != last
            for c in view_json(client.view(ViewGame(gid, s, None, who=OPERATOR)))["view"]["hand"]
        ]
    finally:
        client.close()
    events = json.loads(run.stdout)["events"]
    dealt = {e["data"]["seat"]: e["data"]["cards"] for e in events if e["type"] == "CardsDealt"}
    assert sorted(dealt) == [0, 1, 2] and len(dealt[last]) == 8
    assert all(dealt[s] == [] for s in range(3) if s != last)
    (shuffle,) = [e for e in events if e["type"] == "ActionCardsShuffled"]
    assert shuffle["data"]["order"] == []
    assert len(others) == 16
    human = invoke_skald(["play", gid, "--seat", str(last), "1", "--db", str(db)])
    assert human.code == 0, human.stderr
    assert not [c for c in others if c in run.stdout + human.stdout]


def test_help_in_the_session_says_how_to_type_a_move_and_plays_nothing(tmp_path: Path) -> None:
    client = LocalClient(open_service(str(tmp_path / "skald.db")))
    gid = str(client.create(CreateGame("red-north", 2, b"help", "server", {}, []))["game_id"])
    lines = iter(["help", "?", "q"])
    screen = ScriptScreen(lambda shown, prompt: next(lines))
    before = client.view(ViewGame(gid, None, None, who=OPERATOR)).version
    run_session(client, gid, 0, False, screen)
    assert client.view(ViewGame(gid, None, None, who=OPERATOR)).version == before
    assert "? help" in screen.asked[0][1]
    for shown, _, _ in screen.asked[1:]:
        flat = " ".join(shown.split())
        assert "Type a move's number, or its notation" in flat and "q quits" in flat
        assert re.search(r"\(e\.g\. 'deploy \w+ \w+ \w+'\)", flat), flat
        assert "is no Red North move" not in flat
    client.close()


class TypedTerminal(Terminal):
    """The real terminal's readline history, with lines typed from a script."""

    def __init__(self, lines: list[str]) -> None:
        super().__init__(Console(file=io.StringIO(), width=120))
        self.lines = iter(lines)
        self.recalled: list[tuple[str, list[str]]] = []

    def ask(self, prompt: str, words: list[str]) -> str | None:
        import readline

        history = [
            readline.get_history_item(i + 1) for i in range(readline.get_current_history_length())
        ]
        self.recalled.append((prompt, history))
        line = next(self.lines, None)
        if line:
            readline.add_history(line)  # as input() does at a terminal
        return line

    def poll(self, timeout: float) -> str | None:
        return "q"


def test_a_hot_seat_handover_leaves_no_line_the_next_seat_can_recall(tmp_path: Path) -> None:
    """Seat 0 types its face-down deploy; seat 1, handed the terminal, pressed ↑ and read it."""
    pytest.importorskip("readline")
    import readline

    readline.clear_history()
    client = LocalClient(open_service(str(tmp_path / "skald.db")))
    gid = str(client.create(CreateGame("red-north", 2, b"handover", "server", {}, []))["game_id"])
    rows = view_json(client.view(ViewGame(gid, 0, None, who=OPERATOR)))["view"]["players"][0][
        "hand"
    ]
    from skald.domain.red_north.notation import card_name

    deploy = "deploy " + " ".join(card_name(c) for c in rows[:3])
    terminal = TypedTerminal(["", deploy, "", "q"])
    run_session(client, gid, None, True, terminal)
    client.close()
    prompts = [p for p, _ in terminal.recalled]
    assert prompts[:3] == ["seat 0, press Enter> ", prompts[1], "seat 1, press Enter> "]
    assert prompts[1].startswith("seat 0, your move") and prompts[3].startswith("seat 1, your move")
    assert deploy not in terminal.recalled[2][1] and deploy not in terminal.recalled[3][1]
    readline.clear_history()


def _brian_boru_end(seat: int) -> str:
    tl = Timeline(BB3.name, replay_file.load_bytes(BB3.read_bytes()).records)
    console = Console(width=80, color_system=None, emoji=False)
    with console.capture() as out:
        console.print(draw_view(tl.result(tl.version, seat)))
    return out.get()


def test_brian_boru_players_fit_an_80_column_terminal() -> None:
    """At 80 columns the players' table cut its headers (``co…``) and dropped ``kept``."""
    screen = _brian_boru_end(0)
    table = screen[screen.index("Players") : screen.index("Your hand")]
    assert "…" not in table
    header = next(line for line in table.splitlines() if "coins" in line)
    for name in ("coins", "renown", "pts", "raiders", "church", "track", "hand", "pile", "kept"):
        assert re.search(rf"\b{name}\b", header), header
    lines = table.splitlines()
    at = next(i for i, line in enumerate(lines) if "Marriages:" in line)
    rows = [line for line in lines[:at] if re.search(r"seat \d", line)]
    assert len(rows) == 3 and all(re.search(r"\b(yes|no)\s*│$", r) for r in rows), rows
    married = " ".join(lines[at:])
    assert re.search(r"seat \d [A-Z]", married), married


@pytest.mark.parametrize("game", ["red-north", "brian-boru", "feast"])
def test_rules_name_every_option_whole_at_80_columns(game: str) -> None:
    from skald.cli.commands.play import options_table, setup_options

    options = setup_options(game)
    console = Console(width=80, color_system=None)
    with console.capture() as out:
        console.print(options_table(game, options))
    shown = out.get()
    assert "…" not in shown
    for option in options:
        assert re.search(rf"│ {re.escape(str(option['name']))} +│", shown), option["name"]


def test_a_diff_page_names_a_running_game_s_scores_in_words(tmp_path: Path) -> None:
    """The page's summary read ``scores A [7, 2, 9, 7] · B None`` for a fork still running."""
    from tests.view_helpers import build, forked_pair, page_data

    pair = forked_pair(tmp_path)
    out = tmp_path / "diff.html"
    build(out, pair.a, pair.b, "--db", pair.db, "--public")
    summary = page_data(out.read_text())["diff"]["summary"]
    assert "None" not in summary and "[" not in summary, summary
    assert re.search(r"scores A \d+-\d+ · B still running", summary), summary


def test_red_north_names_the_column_that_holds_each_seat_s_status() -> None:
    from tests.view_helpers import RN2

    tl = Timeline(RN2.name, replay_file.load_bytes(RN2.read_bytes()).records)
    console = Console(width=100, color_system=None, emoji=False)
    with console.capture() as out:
        console.print(draw_view(tl.result(40, 0)))
    header = next(line for line in out.get().splitlines() if " VP " in line)
    assert "gods, status" in header and "deployed" in out.get(), header


class WaitingScreen(ScriptScreen):
    """Lines typed while the session waits for other seats (``poll``), then ``q``."""

    def __init__(self, typed: list[str]) -> None:
        super().__init__(lambda shown, prompt: "q")
        self.typed = iter(typed)
        self.waits: list[str] = []

    def poll(self, timeout: float) -> str | None:
        self.waits.append(self.screen())
        return next(self.typed, "q")


def _out_of_turn(client: LocalClient, gid: str) -> int:
    """Random legal moves until a seat not to act has moves of its own (goods placed any
    time); that seat."""
    import random

    picker = random.Random(5)
    for _ in range(400):
        public = client.view(ViewGame(gid, None, None, who=OPERATOR))
        for seat in range(2):
            if seat not in public.to_act and client.legal(ListLegal(gid, seat, who=OPERATOR))[0]:
                return seat
        actor = public.to_act[0]
        client.submit(
            SubmitMove(
                gid,
                actor,
                picker.choice(client.legal(ListLegal(gid, actor, who=OPERATOR))[0]),
                None,
                None,
                (),
                who=OPERATOR,
            )
        )
    raise AssertionError("no seat ever had an out-of-turn move")


def test_a_feast_seat_places_goods_while_another_seat_is_to_act(tmp_path: Path) -> None:
    """The session only waited when another seat was to act, though `skald legal` listed
    the seat's goods placements (any time, by the rules) and the README promises them."""
    from skald.cli.words.notation import Moves

    client = LocalClient(open_service(str(tmp_path / "skald.db")))
    gid = str(client.create(CreateGame("feast", 2, b"any-time", "server", {}, []))["game_id"])
    seat = _out_of_turn(client, gid)
    rows = Moves("feast", client.legal(ListLegal(gid, seat, who=OPERATOR))[0]).rows
    before = client.view(ViewGame(gid, None, None, who=OPERATOR)).version
    screen = WaitingScreen(["no such move", rows[0][2]])
    run_session(client, gid, seat, False, screen)
    first, second = (" ".join(s.split()) for s in screen.waits[:2])
    assert f"Your moves, seat {seat}:" in first and rows[0][2].split()[1] in first
    assert "meanwhile type one of your moves above" in first
    assert "Nothing was played." in second
    history = client.history(GetHistory(gid, before, who=OPERATOR))
    assert history and history[0].seat == seat and history[0].command is not None
    assert f"seat {seat} played {rows[0][2]}" in " ".join(screen.waits[2].split())
    client.close()


def test_a_live_page_on_a_port_in_use_is_refused_in_words(tmp_path: Path) -> None:
    """``skald view --serve --port N`` on a taken port ended in ``io/error: Address already
    in use`` (or a traceback), not naming the port or what to do."""
    import socket

    db = tmp_path / "skald.db"
    gid = _new(db, "red-north", 2, "port")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = invoke_skald(["view", gid, "--serve", "--db", str(db), "--port", str(port)])
    assert run.code != 0
    assert f"view/port: cannot serve the page on 127.0.0.1:{port}" in run.stderr, run.stderr
    assert "another --port" in run.stderr


def test_a_prompt_several_seats_share_is_written_once(tmp_path: Path) -> None:
    """Red North's deployment asks every seat at once: the line repeated the whole prompt
    once per seat (three lines of the same words at three players)."""
    client = LocalClient(open_service(str(tmp_path / "skald.db")))
    gid = str(client.create(CreateGame("red-north", 3, b"prompts", "server", {}, []))["game_id"])
    screen = ScriptScreen(lambda shown, prompt: "q")
    run_session(client, gid, 0, False, screen)
    client.close()
    flat = " ".join(screen.asked[0][0].split())
    assert "Waiting for: seat 0, seat 1, seat 2: Deploy your Raiding Party" in flat, flat
    assert flat.count("Deploy your Raiding Party") == 1


def test_a_live_seat_page_on_a_local_store_hides_another_seats_deploy(tmp_path: Path) -> None:
    """A local store hands the page's follower its operator's full records: the move row of
    seat 1's face-down deploy named its cards on seat 0's live page (found by an audit). It
    reads as seat 0 is served it: how many cards went down."""
    from skald.cli.html.source import frames_of, load
    from skald.domain.red_north.commands import Deploy
    from skald.service.bootstrap import open_service
    from skald.service.client import LocalClient

    client = LocalClient(open_service(str(tmp_path / "live.db")))
    try:
        gid = client.create(CreateGame("red_north", 2, b"live-deploy", "server", {}, []))["game_id"]
        frames, follower = frames_of(client, load(client, gid), 0, False)
        assert follower is not None
        before = client.history(GetHistory(gid, who=OPERATOR))[-1].version
        deploy = next(
            c for c in client.legal(ListLegal(gid, 1, who=OPERATOR))[0] if isinstance(c, Deploy)
        )
        client.submit(SubmitMove(gid, 1, deploy, None, None, [], who=OPERATOR))
        follower.extend(client.history(GetHistory(gid, before, who=OPERATOR)))
        row = frames.moves[-1]
        assert row[2] == 1 and row[3] == f"deploy {len(deploy.cards)} face down", row
        assert not any(card in row[3] for card in deploy.cards)
    finally:
        client.close()

"""A Feast for Odin's hidden information, attacked where ``test_attack_leaks.py`` does not look:
the *order* of another seat's occupation hand.

The hand is kept in the order its cards came in (the setup deal, then each draw, every one of
them public as "seat 1 drew a card"), and that order is hidden (DESIGN.md: hidden order, decks
and hands). #99 Preceptor lets its owner, instead of drawing, play the card at hand position
``option - 1`` (``domain/feast/game/cards/hand.py``). The answer's ``OccupationAnswered`` went to
every seat with that option, and the ``OccupationPlayedBy`` after it names the card: a seat
learned at which position — so by which deal or draw — the other seat had held it. Ids never
appear, so the id attack of ``test_attack_leaks.py`` cannot see it; here another seat reads the
option off its own history and stream, over a real server on a real port — off the event, and
off the ``ResolveOccupation`` behind it, which other seats are served with the card answered
and "a hand card" (``views.HAND_CARD``) in place of the position.

The game is a chosen seed's (a chosen seed deals the same game again), played by the Feast
picker until the owner answers Preceptor with a position past the first; the seeds tried are
listed, and the test says so if none reaches that answer any more.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from skald.cli.autoplay.pickers import picker_for
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.commands import Pass, ResolveOccupation, UseOccupation
from skald.domain.feast.game.views import HAND_CARD, PRECEPTOR
from skald.domain.kernel.chance import ServerChance
from skald.domain.kernel.options import resolve_options
from skald.service.app.games import GameService
from skald.service.app.lifecycle import CHOSEN_STREAM
from skald.service.app.requests import CreateGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.contract import wire
from skald.service.grpc.server import create_server
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import Rpc, metadata, pb

RULES: Any = registry().rules("feast")
SEEDS = (530, 22, 111, 268, 482)
"""Picker seeds ``n`` (chance seed ``preceptor-n``) whose 2-player game reaches a Preceptor
answer playing hand position 2 or later within a few hundred moves."""


def _preceptor_game() -> tuple[bytes, list[tuple[int, Any]], int]:
    """(chance seed, the moves up to and including the answer, the option it names)."""
    choose = picker_for("feast")
    for n in SEEDS:
        seed = f"preceptor-{n}".encode()
        picker, chance = random.Random(n), ServerChance(seed, CHOSEN_STREAM)
        state = RULES.initial(2)
        for event in RULES.setup(2, resolve_options(RULES.options, {}), chance):
            state = RULES.evolve(state, event)
        moves: list[tuple[int, Any]] = []
        for _ in range(600):
            if RULES.outcome(state) is not None:
                break
            seat = picker.choice(sorted(RULES.to_act(state)))
            command = choose(list(RULES.legal_commands(state, seat)), picker)
            moves.append((seat, command))
            if (
                type(command).__name__ == "ResolveOccupation"
                and command.card == PRECEPTOR
                and (command.option or 0) >= 2
            ):
                return seed, moves, command.option
            for event in RULES.decide(state, seat, command, chance):
                state = RULES.evolve(state, event)
    raise AssertionError(f"no seed of {SEEDS} reaches a Preceptor answer past position 1")


@pytest.fixture
def rpc(tmp_path: Any) -> Iterator[Rpc]:
    store = EventStore(str(tmp_path / "feast-hidden.db"))
    server, port = create_server(GameService(store, registry()), "127.0.0.1:0")
    caller = Rpc(port)
    try:
        yield caller
    finally:
        caller.close()
        server.stop(0)
        store.close()


def _answers(rules: Any, events: Any) -> list[ev.OccupationAnswered]:
    out = []
    for message in events:
        record = wire.record_from_proto(rules, message)
        if record.type == "OccupationAnswered" and record.data["card"] == PRECEPTOR:
            out.append(ev.OccupationAnswered(**record.data))
    return out


def _answer_commands(rules: Any, events: Any) -> list[Any]:
    """The #99 Preceptor ``ResolveOccupation`` commands the records in ``events`` carry, as
    served (``None`` for one served as its type alone)."""
    out = []
    for message in events:
        record = wire.record_from_proto(rules, message)
        command = record.command
        if command is None or command["type"] != "ResolveOccupation":
            continue
        if "data" not in command:
            out.append(None)
        elif command["data"]["card"] == PRECEPTOR:
            out.append(ResolveOccupation(**command["data"]))
    return out


def _watched(rpc: Rpc, gid: str, token: str | None, upto: int) -> list[Any]:
    """WatchGame from the start as ``token``, until version ``upto`` has come."""
    got: list[Any] = []
    stream = rpc.stub.WatchGame(
        pb.WatchGameRequest(game_id=gid), metadata=metadata(token), timeout=30
    )
    done = threading.Event()

    def read() -> None:
        try:
            for event in stream:
                got.append(event)
                if event.version >= upto:
                    break
        except grpc.RpcError:
            pass
        done.set()

    reader = threading.Thread(target=read)
    reader.start()
    done.wait(30)
    stream.cancel()
    reader.join(5)
    return got


def test_another_seat_never_learns_a_preceptor_cards_hand_position(rpc: Rpc) -> None:
    seed, moves, option = _preceptor_game()
    created = rpc.call("CreateGame", pb.CreateGameRequest(game="feast", players=2, seed=seed))
    gid, tokens = created.game_id, list(created.seat_tokens)
    answer = None
    for seat, command in moves:
        answer = rpc.call(
            "SubmitCommand",
            pb.SubmitCommandRequest(
                game_id=gid, seat=seat, command=wire.command_to_proto("feast", command)
            ),
            tokens[seat],
        )
    assert answer is not None
    owner = moves[-1][0]
    other = 1 - owner
    version = int(answer.version)
    # The owner is answered with its own position; its history says the same.
    (own,) = _answers(RULES, answer.events)
    assert own.seat == owner and own.option == option >= 2
    history = rpc.call("GetHistory", pb.GetHistoryRequest(game_id=gid), tokens[owner]).events
    assert _answers(RULES, history)[-1].option == option
    assert _answer_commands(RULES, history)[-1] == moves[-1][1]
    # Another seat and a spectator, by history and by stream: a hand card, not which.
    for token in (tokens[other], None):
        history = rpc.call("GetHistory", pb.GetHistoryRequest(game_id=gid), token).events
        watched = _watched(rpc, gid, token, version)
        assert [e.version for e in watched] == list(range(1, version + 1))
        for events in (history, watched):
            shown = [a for a in _answers(RULES, events) if a.seat == owner]
            assert shown, "the answer reached no other reader"
            assert all(a.option in (0, 1) for a in shown), (
                f"{'a spectator' if token is None else f'seat {other}'} was told the card "
                f"came from hand position {shown[-1].option}"
            )
            played = [
                wire.record_from_proto(RULES, e) for e in events if e.type == "OccupationPlayedBy"
            ]
            assert played and played[-1].data["by"] == PRECEPTOR  # the card itself is public
            # the command behind it: the card answered and "a hand card", no position
            commands = _answer_commands(RULES, events)
            assert commands[-1] == ResolveOccupation(PRECEPTOR, HAND_CARD), commands[-1]
            assert all(c is not None and c.option in (0, HAND_CARD) for c in commands)


def test_the_redacted_answer_keeps_take_or_play_and_hides_only_the_position() -> None:
    """Option 0 (take the draw) and 1 stay as they are for everyone; 2 and past read as 1 for
    every other seat and a spectator, and as themselves for the owner."""
    for option in (0, 1, 2, 5):
        answered = ev.OccupationAnswered(1, PRECEPTOR, option)
        assert RULES.redact(answered, 1) == answered
        for reader in (0, None):
            assert RULES.redact(answered, reader).option == min(option, 1)
    other_card = ev.OccupationAnswered(1, "occupation-052", 17)  # Tutor: a card number, played
    assert RULES.redact(other_card, 0) == other_card


def test_the_served_answer_command_keeps_take_or_play_and_hides_only_the_position() -> None:
    """The command behind the answer, as every other seat and a spectator read it: the draw
    taken (0) as it is, any hand card played as :data:`HAND_CARD` (no real option); any other
    occupation's answer whole (its option names no hand position)."""
    assert RULES.public_command(ResolveOccupation(PRECEPTOR, 0)) == ResolveOccupation(PRECEPTOR, 0)
    for option in (1, 2, 5):
        shown = RULES.public_command(ResolveOccupation(PRECEPTOR, option))
        assert shown == ResolveOccupation(PRECEPTOR, HAND_CARD)
        assert RULES.public_command(shown) == shown
    for command in (
        ResolveOccupation("occupation-052", 17),
        ResolveOccupation("occupation-017", None),
        UseOccupation("occupation-052", 17),
    ):
        assert RULES.public_command(command) is command


def test_a_seat_reaches_no_referee_surface_of_a_feast_game(rpc: Rpc) -> None:
    """What holds every hand and the seed — verify (it re-derives from the secret seed),
    export, fork, the unredacted history — and another seat's view, legal list and check are
    refused to a seat's token (PERMISSION_DENIED) and to no token (UNAUTHENTICATED)."""
    created = rpc.call("CreateGame", pb.CreateGameRequest(game="feast", players=2))
    gid, seat0 = created.game_id, created.seat_tokens[0]
    view = rpc.call("GetView", pb.GetViewRequest(game_id=gid), seat0)
    legal = rpc.call("ListLegalCommands", pb.ListLegalCommandsRequest(game_id=gid, seat=0), seat0)
    command = legal.commands[0] if legal.commands else wire.command_to_proto("feast", Pass())
    calls = [
        ("VerifyGame", pb.VerifyGameRequest(game_id=gid)),
        ("ExportGame", pb.ExportGameRequest(game_id=gid)),
        ("ForkGame", pb.ForkGameRequest(game_id=gid, at_version=view.version)),
        ("GetView", pb.GetViewRequest(game_id=gid, seat=1)),
        ("ListLegalCommands", pb.ListLegalCommandsRequest(game_id=gid, seat=1)),
        (
            "CheckCommand",
            pb.CheckCommandRequest(game_id=gid, at_version=view.version, seat=1, command=command),
        ),
    ]
    for method, request in calls:
        assert rpc.fails(method, request, seat0).code() == grpc.StatusCode.PERMISSION_DENIED
        assert rpc.fails(method, request, None).code() == grpc.StatusCode.UNAUTHENTICATED
    # Seat 0's own history holds no other seat's starting card, and no salt.
    for event in rpc.call("GetHistory", pb.GetHistoryRequest(game_id=gid), seat0).events:
        assert not event.HasField("salt")
        record = wire.record_from_proto(RULES, event)
        if record.type == "OccupationDealt" and record.data["seat"] != 0:
            assert record.data["card"] is None


def test_a_seats_page_does_not_write_out_another_seats_preceptor_position(tmp_path: Any) -> None:
    """The page's move list (``skald.cli.records.timeline``) showed ``resolve occ99 #2`` to the other seat:
    no hidden id in it, but the number its served event no longer holds. It reads the answer
    as it is served now: a hand card, at no position."""
    from skald.cli.records.timeline import Timeline
    from skald.service.model.auth import OPERATOR

    seed, moves, option = _preceptor_game()
    svc = GameService(EventStore(str(tmp_path / "page.db")), registry())
    try:
        gid = svc.create(CreateGame("feast", 2, seed=seed)).game_id
        for seat, command in moves:
            svc.submit(SubmitMove(gid, seat, command, who=OPERATOR))
        timeline = Timeline("t", svc.repo.read(gid))
        answer = timeline.moves[-1]
        assert answer.command is not None and answer.command["type"] == "ResolveOccupation"
        owner = answer.seat
        assert f"#{option}" in timeline.text(answer, owner, referee=False)
        other = 1 - owner
        for reader in (other, None):
            text = timeline.text(answer, reader, referee=False)
            assert text == "resolve occ99 a hand card" and f"#{option}" not in text
    finally:
        svc.store.close()

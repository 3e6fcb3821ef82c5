"""End to end over gRPC: a real server on port 0, a real store (SQLite file; PostgreSQL too for
the main flow), real channels with per-seat bearer tokens. No mocks."""

from __future__ import annotations

import hashlib
import random
import threading
import uuid
from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from skald.domain.kernel.codec import from_data
from skald.domain.red_north import commands as rn
from skald.service.app.games import GameService
from skald.service.bootstrap import registry
from skald.service.contract import wire
from skald.service.grpc.server import create_server
from skald.service.store.event_store import EventStore
from tests.command_leaks import batch_ends, without_command
from tests.e2e_helpers import GAME, Rpc, leaked, pb, rule_of, strings

RULES = registry().rules(GAME)
RN_PB = wire.game_module(GAME)


# ---------------------------------------------------------------------------- fixtures


def _serve(url: str) -> Iterator[Rpc]:
    store = EventStore(url)
    server, port = create_server(GameService(store, registry()), "127.0.0.1:0")
    rpc = Rpc(port)
    try:
        yield rpc
    finally:
        rpc.close()
        server.stop(0)
        store.close()


@pytest.fixture(scope="module")
def rpc(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Rpc]:
    """One server (SQLite file) shared by the single-feature tests; each makes its own game."""
    yield from _serve(str(tmp_path_factory.mktemp("grpc") / "skald.db"))


def create(rpc: Rpc, players: int = 3, seed: bytes = b"") -> Any:
    return rpc.call("CreateGame", pb.CreateGameRequest(game=GAME, players=players, seed=seed))


def legal(rpc: Rpc, gid: str, seat: int, token: str) -> list[Any]:
    response = rpc.call(
        "ListLegalCommands", pb.ListLegalCommandsRequest(game_id=gid, seat=seat), token
    )
    return list(response.commands)


def submit(rpc: Rpc, gid: str, seat: int, command: Any, token: str | None, **extra: Any) -> Any:
    request = pb.SubmitCommandRequest(game_id=gid, seat=seat, command=command, **extra)
    return rpc.call("SubmitCommand", request, token)


def history(rpc: Rpc, gid: str, token: str | None = None) -> list[Any]:
    return list(rpc.call("GetHistory", pb.GetHistoryRequest(game_id=gid), token).events)


def play_to_end(
    rpc: Rpc, game: Any, picker: random.Random, seen: list[Any] | None = None
) -> list[int]:
    """Random legal commands from ListLegalCommands, each by its seat's own token, until the
    game ends; returns the version after every command. ``seen`` collects every response."""
    gid, tokens = game.game_id, list(game.seat_tokens)
    versions: list[int] = []
    for _ in range(2000):
        view = rpc.call("GetView", pb.GetViewRequest(game_id=gid))
        if seen is not None:
            seen.append(view)
        if view.finished:
            return versions
        seats = list(view.to_act)
        picker.shuffle(seats)
        for seat in seats:
            response = rpc.call(
                "ListLegalCommands",
                pb.ListLegalCommandsRequest(game_id=gid, seat=seat),
                tokens[seat],
            )
            if seen is not None:
                seen.append(response)
            if response.commands:
                done = submit(
                    rpc,
                    gid,
                    seat,
                    picker.choice(list(response.commands)),
                    tokens[seat],
                    expected_version=view.version,
                )
                if seen is not None:
                    seen.append(done)
                assert done.version > view.version
                versions.append(int(done.version))
                break
        else:
            raise AssertionError(f"nobody can act at v{view.version}")
    raise AssertionError("the game did not end")


@pytest.fixture(scope="module")
def finished(rpc: Rpc) -> tuple[Any, list[int]]:
    game = create(rpc, 3, b"finished-game")
    return game, play_to_end(rpc, game, random.Random(7))


def deploy_of(rpc: Rpc, game: Any, seat: int) -> Any:
    """Seat's first legal command at the start of a game (a Deploy)."""
    commands = legal(rpc, game.game_id, seat, game.seat_tokens[seat])
    assert commands and commands[0].red_north.WhichOneof("command") == "deploy"
    return commands[0]


def folded_states(records: list[Any], players: int) -> list[Any]:
    """states[v] = the state after version v (states[0] = before anything)."""
    states = [RULES.initial(players)]
    for msg in records:
        record = wire.record_from_proto(RULES, msg)
        state = states[-1]
        if not record.type.startswith("skald."):
            state = RULES.evolve(state, from_data(RULES.events[record.type], record.data))
        states.append(state)
    return states


# ---------------------------------------------------------------------------- the whole game


def _watch(rpc: Rpc, gid: str, token: str | None, out: list[Any], errors: list[Any]) -> None:
    try:
        for event in rpc.stub.WatchGame(
            pb.WatchGameRequest(game_id=gid, after_version=0),
            metadata=(("authorization", f"Bearer {token}"),) if token else (),
            timeout=60,
        ):
            out.append(event)
    except grpc.RpcError as error:  # pragma: no cover - reported by the assertion below
        errors.append(error)


def test_full_game_streams_views_seed_and_audit(db_url: str) -> None:
    for rpc in _serve(db_url):
        seed = f"e2e-{uuid.uuid4().hex}".encode()
        game = create(rpc, 3, seed)
        gid, players = game.game_id, 3
        assert len(game.seat_tokens) == 3 and game.referee_token
        assert game.commitment != hashlib.sha256(seed).hexdigest()  # salted with a nonce

        spectator: list[Any] = []
        seat0: list[Any] = []
        errors: list[Any] = []
        watchers = [
            threading.Thread(target=_watch, args=(rpc, gid, None, spectator, errors)),
            threading.Thread(target=_watch, args=(rpc, gid, game.seat_tokens[0], seat0, errors)),
        ]
        for w in watchers:
            w.start()

        seen: list[Any] = []
        # An error on the way (an illegal Deploy) must not reveal the seed either.
        bogus = rn.Deploy(("nope-1", "nope-2", "nope-3"))
        error = rpc.fails(
            "SubmitCommand",
            pb.SubmitCommandRequest(
                game_id=gid, seat=1, command=wire.command_to_proto(GAME, bogus)
            ),
            game.seat_tokens[1],
        )
        assert error.code() is grpc.StatusCode.FAILED_PRECONDITION
        error_text = f"{error.details()} {error.trailing_metadata()}"

        play_to_end(rpc, game, random.Random(seed), seen)
        for w in watchers:
            w.join(timeout=30)
            assert not w.is_alive(), "a WatchGame stream did not end with the game"
        assert not errors

        full = history(rpc, gid, game.referee_token)
        last = len(full)
        assert [e.version for e in full] == list(range(1, last + 1))
        assert full[-1].type == "skald.GameEnded"
        for stream in (spectator, seat0):
            assert [e.version for e in stream] == list(range(1, last + 1))
            assert stream[-1].type == "skald.GameEnded"
            assert [e.hash for e in stream] == [e.hash for e in full]

        # No stream names a card its reader may not know.
        states = folded_states(full, players)
        ends = batch_ends(full)
        for stream, seat in ((spectator, None), (seat0, 0)):
            for event in stream:
                v = event.version
                assert not leaked(states[v], seat, strings(without_command(event))), (
                    f"v{v} {event.type} leaks to seat {seat}"
                )
                assert not leaked(states[ends[v]], seat, strings(event.command)), (
                    f"v{v}'s command {event.command_type} leaks to seat {seat}"
                )
        # … while the referee's history does name them (the check above has teeth).
        assert any(leaked(states[e.version], 0, strings(e)) for e in full)
        assert any(leaked(states[e.version], None, strings(e)) for e in full)

        # Per-seat views (every third version) hold no other seat's hidden cards.
        teeth = False
        for v in range(1, last + 1, 3):
            for seat in range(players):
                view = rpc.call(
                    "GetView",
                    pb.GetViewRequest(game_id=gid, seat=seat, at_version=v),
                    game.seat_tokens[seat],
                )
                assert view.seat == seat and view.version == v
                assert not leaked(states[v], seat, strings(view)), f"v{v} seat {seat}"
                teeth = teeth or bool(leaked(states[v], (seat + 1) % players, strings(view)))
            public = rpc.call("GetView", pb.GetViewRequest(game_id=gid, at_version=v))
            assert not leaked(states[v], None, strings(public))
        # The check has teeth: a seat's own view names cards the next seat may not know.
        assert teeth

        # The seed: nowhere before the end, revealed by GameEnded, matching the commitment.
        seed_hex = seed.hex()

        def ends(msg: Any) -> bool:
            return any(e.type == "skald.GameEnded" for e in getattr(msg, "events", ()))

        closing = [m for m in seen if ends(m)]
        assert len(closing) == 1 and seed_hex.encode() in closing[0].SerializeToString()
        before_end = [e for e in spectator + seat0 if e.type != "skald.GameEnded"]
        before_end += [m for m in seen if not ends(m)]
        for msg in before_end:
            blob = msg.SerializeToString()
            assert seed_hex.encode() not in blob and seed not in blob
        assert seed_hex not in error_text and seed.decode() not in error_text
        for stream in (spectator, seat0):
            reveal = stream[-1].event.kernel.ended.seeds
            assert len(reveal) == 1 and reveal[0].seed == seed_hex
            opened = bytes.fromhex(reveal[0].nonce) + bytes.fromhex(reveal[0].seed)
            assert hashlib.sha256(opened).hexdigest() == game.commitment

        final = rpc.call("GetView", pb.GetViewRequest(game_id=gid))
        assert final.finished and final.version == last
        assert len(final.outcome.scores) == players and list(final.outcome.winners)
        assert list(final.outcome.scores) == list(full[-1].event.kernel.ended.scores)

        # Export (referee) → import → verify.
        jsonl = rpc.call("ExportGame", pb.ExportGameRequest(game_id=gid), game.referee_token).jsonl
        assert len(jsonl.splitlines()) == last + 2
        imported = rpc.call("ImportGame", pb.ImportGameRequest(jsonl=jsonl))
        assert imported.report.ok
        new = imported.game
        assert new.game_id != gid and new.version == last
        report = rpc.call(
            "VerifyGame", pb.VerifyGameRequest(game_id=new.game_id), new.referee_token
        )
        assert report.ok and report.events == last and not report.HasField("first_bad")
        assert rpc.call("VerifyGame", pb.VerifyGameRequest(game_id=gid), game.referee_token).ok
        copy = rpc.call("GetView", pb.GetViewRequest(game_id=new.game_id))
        assert copy.finished and list(copy.outcome.scores) == list(final.outcome.scores)
        # A seat token may not export (every hidden card is in the file).
        refused = rpc.fails("ExportGame", pb.ExportGameRequest(game_id=gid), game.seat_tokens[0])
        assert refused.code() is grpc.StatusCode.PERMISSION_DENIED


# ---------------------------------------------------------------------------- views and auth


def test_per_seat_views(rpc: Rpc) -> None:
    game = create(rpc)
    gid = game.game_id
    own = rpc.call("GetView", pb.GetViewRequest(game_id=gid, seat=0), game.seat_tokens[0])
    assert own.seat == 0
    players = own.view.red_north.view.players
    assert players[0].hand and "hidden" not in players[0].hand
    for other in players[1:]:
        assert other.hand and set(other.hand) == {"hidden"}

    denied = rpc.fails("GetView", pb.GetViewRequest(game_id=gid, seat=0), game.seat_tokens[1])
    assert denied.code() is grpc.StatusCode.PERMISSION_DENIED
    anonymous = rpc.fails("GetView", pb.GetViewRequest(game_id=gid, seat=0))
    assert anonymous.code() is grpc.StatusCode.UNAUTHENTICATED

    public = rpc.call("GetView", pb.GetViewRequest(game_id=gid))
    assert not public.HasField("seat")
    assert public.view.red_north.view.players[0].hand
    assert all(set(p.hand) == {"hidden"} for p in public.view.red_north.view.players)
    # The referee may ask for any seat's view.
    for seat in range(3):
        seen = rpc.call("GetView", pb.GetViewRequest(game_id=gid, seat=seat), game.referee_token)
        assert seen.seat == seat
        assert "hidden" not in seen.view.red_north.view.players[seat].hand


def test_submit_auth_failures_write_nothing(rpc: Rpc) -> None:
    game = create(rpc)
    gid = game.game_id
    command = deploy_of(rpc, game, 0)
    before = rpc.version(gid)
    cases = [
        (None, grpc.StatusCode.UNAUTHENTICATED),
        ("not-a-token", grpc.StatusCode.UNAUTHENTICATED),
        (game.seat_tokens[1], grpc.StatusCode.PERMISSION_DENIED),
        (create(rpc).seat_tokens[0], grpc.StatusCode.UNAUTHENTICATED),  # another game's seat 0
    ]
    for token, code in cases:
        request = pb.SubmitCommandRequest(game_id=gid, seat=0, command=command)
        error = rpc.fails("SubmitCommand", request, token)
        assert error.code() is code, (token, error.details())
        assert rule_of(error) and rule_of(error).startswith("auth/")
        assert rpc.version(gid) == before
    assert submit(rpc, gid, 0, command, game.seat_tokens[0]).version > before


def test_stale_expected_version_is_aborted(rpc: Rpc) -> None:
    game = create(rpc)
    gid = game.game_id
    first = submit(rpc, gid, 0, deploy_of(rpc, game, 0), game.seat_tokens[0])
    command = deploy_of(rpc, game, 1)
    records = len(history(rpc, gid, game.referee_token))
    request = pb.SubmitCommandRequest(
        game_id=gid, seat=1, command=command, expected_version=first.version - 1
    )
    error = rpc.fails("SubmitCommand", request, game.seat_tokens[1])
    assert error.code() is grpc.StatusCode.ABORTED
    assert rule_of(error) == "version/stale"
    assert rpc.version(gid) == first.version
    assert len(history(rpc, gid, game.referee_token)) == records
    ok = submit(rpc, gid, 1, command, game.seat_tokens[1], expected_version=first.version)
    assert ok.version > first.version


def test_malformed_commands_are_invalid_argument(rpc: Rpc) -> None:
    game = create(rpc)
    gid, token = game.game_id, game.seat_tokens[0]
    before = rpc.version(gid)

    def refused(command: Any, seat: int = 0) -> grpc.RpcError:
        return rpc.fails(
            "SubmitCommand", pb.SubmitCommandRequest(game_id=gid, seat=seat, command=command), token
        )

    empty = refused(pb.Command())
    assert empty.code() is grpc.StatusCode.INVALID_ARGUMENT and rule_of(empty) == "command/empty"

    inner_empty = refused(pb.Command(red_north=RN_PB.AnyCommand()))
    assert inner_empty.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert rule_of(inner_empty) == "command/empty"

    # A legal Brian Boru command (from its own game on this server) sent to a Red North game.
    assert "brian_boru" in pb.Command.DESCRIPTOR.fields_by_name
    bb = rpc.call("CreateGame", pb.CreateGameRequest(game="brian_boru", players=3))
    bb_view = rpc.call("GetView", pb.GetViewRequest(game_id=bb.game_id))
    bb_seat = next(iter(bb_view.to_act))
    bb_commands = legal(rpc, bb.game_id, bb_seat, bb.seat_tokens[bb_seat])
    assert bb_commands and bb_commands[0].WhichOneof("game") == "brian_boru"
    wrong = refused(bb_commands[0])
    assert wrong.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert rule_of(wrong) == "command/wrong-game"

    for end in (0, 7):  # END_UNSPECIFIED and a number no member has
        bad_enum = pb.Command(
            red_north=RN_PB.AnyCommand(
                take_from_discard=RN_PB.TakeFromDiscard(card="raider-red-1", end=end)
            )
        )
        error = refused(bad_enum)
        assert error.code() is grpc.StatusCode.INVALID_ARGUMENT, end
        assert rule_of(error) == "command/malformed"

    out_of_range = rpc.fails(
        "SubmitCommand",
        pb.SubmitCommandRequest(game_id=gid, seat=9, command=deploy_of(rpc, game, 0)),
        game.referee_token,
    )
    assert out_of_range.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert rule_of(out_of_range) == "seat/out-of-range"
    assert rpc.version(gid) == before


def test_rule_errors_and_not_found(rpc: Rpc) -> None:
    game = create(rpc)
    gid = game.game_id
    good = deploy_of(rpc, game, 0)
    cards = list(good.red_north.deploy.cards)
    bogus = wire.command_to_proto(GAME, rn.Deploy(tuple(f"nope-{i}" for i in range(len(cards)))))
    before = rpc.version(gid)

    illegal = rpc.fails(
        "SubmitCommand",
        pb.SubmitCommandRequest(game_id=gid, seat=0, command=bogus),
        game.seat_tokens[0],
    )
    assert illegal.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert rule_of(illegal) == "red_north/card-not-in-hand"
    assert "red_north/card-not-in-hand" in illegal.details()
    assert rpc.version(gid) == before

    done = submit(rpc, gid, 0, good, game.seat_tokens[0])
    again = rpc.fails(
        "SubmitCommand",
        pb.SubmitCommandRequest(game_id=gid, seat=0, command=good),
        game.seat_tokens[0],
    )
    assert again.code() is grpc.StatusCode.PERMISSION_DENIED
    assert rule_of(again) == "red_north/already-deployed"
    assert rpc.version(gid) == done.version

    unknown = str(uuid.uuid4())
    for token in (None, game.seat_tokens[0]):
        missing = rpc.fails("GetView", pb.GetViewRequest(game_id=unknown), token)
        assert missing.code() is grpc.StatusCode.NOT_FOUND
    missing = rpc.fails(
        "SubmitCommand",
        pb.SubmitCommandRequest(game_id=unknown, seat=0, command=good),
        game.seat_tokens[0],
    )
    assert missing.code() is grpc.StatusCode.NOT_FOUND and rule_of(missing) == "game/unknown"

    no_game = rpc.fails("CreateGame", pb.CreateGameRequest(game="chess", players=2))
    assert no_game.code() is grpc.StatusCode.NOT_FOUND
    for players in (1, 5):
        error = rpc.fails("CreateGame", pb.CreateGameRequest(game=GAME, players=players))
        assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert rule_of(error) == "players/out-of-range"


def test_after_the_end_commands_are_refused(rpc: Rpc, finished: tuple[Any, list[int]]) -> None:
    game, versions = finished
    gid = game.game_id
    assert rpc.call("GetView", pb.GetViewRequest(game_id=gid)).finished
    assert legal(rpc, gid, 0, game.seat_tokens[0]) == []
    end = rpc.version(gid)
    assert end == versions[-1]
    command = wire.command_to_proto(GAME, rn.Pass())
    error = rpc.fails(
        "SubmitCommand",
        pb.SubmitCommandRequest(game_id=gid, seat=0, command=command),
        game.seat_tokens[0],
    )
    assert error.code() is grpc.StatusCode.FAILED_PRECONDITION
    assert rule_of(error) == "game/over"
    assert rpc.version(gid) == end


def test_idempotent_retry(rpc: Rpc) -> None:
    game = create(rpc)
    gid = game.game_id
    command = deploy_of(rpc, game, 2)
    first = submit(rpc, gid, 2, command, game.seat_tokens[2], command_id="retry-me")
    assert not first.replayed and first.events
    records = len(history(rpc, gid, game.referee_token))
    second = submit(rpc, gid, 2, command, game.seat_tokens[2], command_id="retry-me")
    assert second.replayed and second.version == first.version
    assert [e.hash for e in second.events] == [e.hash for e in first.events]
    assert len(history(rpc, gid, game.referee_token)) == records
    assert rpc.version(gid) == first.version


# ---------------------------------------------------------------------------- fork, rules, infra


def test_fork_at_a_version_shares_the_prefix(rpc: Rpc, finished: tuple[Any, list[int]]) -> None:
    game, versions = finished
    at = versions[len(versions) // 2]
    denied = rpc.fails(
        "ForkGame", pb.ForkGameRequest(game_id=game.game_id, at_version=at), game.seat_tokens[0]
    )
    assert denied.code() is grpc.StatusCode.PERMISSION_DENIED
    fork = rpc.call(
        "ForkGame", pb.ForkGameRequest(game_id=game.game_id, at_version=at), game.referee_token
    ).game
    assert fork.game_id != game.game_id and fork.version == at and len(fork.seat_tokens) == 3

    source = history(rpc, game.game_id, game.referee_token)
    forked = history(rpc, fork.game_id, fork.referee_token)
    assert len(forked) == at
    assert forked[0].event.kernel.created.forked_from.game_id == game.game_id
    assert forked[0].event.kernel.created.forked_from.version == at
    for a, b in zip(source[1:at], forked[1:], strict=True):
        assert (a.version, a.type, a.seat) == (b.version, b.type, b.seat)
        assert a.event == b.event and a.command == b.command
    view = rpc.call("GetView", pb.GetViewRequest(game_id=fork.game_id))
    assert not view.finished and view.version == at
    listed = {g.game_id: g for g in rpc.call("ListGames", pb.ListGamesRequest()).games}
    assert listed[fork.game_id].forked_from.version == at
    assert listed[game.game_id].status == "finished"


def test_health_and_reflection(rpc: Rpc) -> None:
    health = health_pb2_grpc.HealthStub(rpc.channel)
    for service in ("", "skald.v1.Skald"):
        reply = health.Check(health_pb2.HealthCheckRequest(service=service), timeout=10)
        assert reply.status == health_pb2.HealthCheckResponse.SERVING

    stub = reflection_pb2_grpc.ServerReflectionStub(rpc.channel)
    replies = list(
        stub.ServerReflectionInfo(
            iter([reflection_pb2.ServerReflectionRequest(list_services="")]), timeout=10
        )
    )
    names = {s.name for s in replies[0].list_services_response.service}
    assert "skald.v1.Skald" in names


@pytest.mark.parametrize(
    ("game", "playable"),
    [("red_north", True), ("brian_boru", True), ("feast", True), ("saga", False)],
)
def test_get_rules(rpc: Rpc, game: str, playable: bool) -> None:
    response = rpc.call("GetRules", pb.GetRulesRequest(game=game))
    assert response.game == game and response.title
    assert response.playable is playable
    assert len(response.components.fields) > 0
    if game == "red_north":
        assert (response.min_players, response.max_players) == (2, 4)
        assert "raiders" in response.components.fields
    if game == "feast":  # every occupation listed, each marked built or missing
        fields = response.components.fields
        cards = fields["occupations"].list_value.values
        built = [c for c in cards if c.struct_value.fields["effect_built"].bool_value]
        missing = fields["occupation_effects_missing"].list_value.values
        assert len(cards) == 190 and len(built) + len(missing) == 190 and built

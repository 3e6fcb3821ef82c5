"""The gRPC API as a frontend developer meets it: a real server on a real port, the generated
stubs only, each promise of the proto comments and the README checked as a client sees it."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from skald.service.app.games import GameService
from skald.service.app.requests import RulesInfo, VerifyGame
from skald.service.bootstrap import registry
from skald.service.client import LocalClient, RemoteClient
from skald.service.contract import wire
from skald.service.grpc.server import create_server
from skald.service.model.auth import OPERATOR
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import Rpc, metadata, pb, rule_of

RN = wire.game_module("red_north")
FEAST = wire.game_module("feast")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Rpc, int, GameService]]:
    """One server for the module: its caller, its port (for :class:`RemoteClient`) and the
    service behind it (what a local client answers, to compare)."""
    store = EventStore(str(tmp_path_factory.mktemp("wire-audit") / "skald.db"))
    service = GameService(store, registry())
    server, port = create_server(service, "127.0.0.1:0")
    client = Rpc(port)
    try:
        yield client, port, service
    finally:
        client.close()
        server.stop(0)
        store.close()


@pytest.fixture(scope="module")
def rpc(served: tuple[Rpc, int, GameService]) -> Rpc:
    return served[0]


def create(rpc: Rpc, game: str = "red-north", players: int = 2) -> Any:
    return rpc.call("CreateGame", pb.CreateGameRequest(game=game, players=players))


def error_info(error: grpc.RpcError) -> error_details_pb2.ErrorInfo:
    status = rpc_status.from_call(error)  # type: ignore[arg-type]
    assert status is not None, "no google.rpc.Status in the trailers"
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    return info


def watch_error(rpc: Rpc, request: Any, token: str | None = None) -> grpc.RpcError:
    """The error a WatchGame stream ends with (it must end by itself: a stream that hung
    ends at its deadline, a minute, as DEADLINE_EXCEEDED)."""
    try:
        for _ in rpc.stub.WatchGame(request, metadata=metadata(token), timeout=60):
            pass
    except grpc.RpcError as error:
        assert error.code() is not grpc.StatusCode.DEADLINE_EXCEEDED, "the stream hung"
        return error
    raise AssertionError("WatchGame ended without an error")


# ---------------------------------------------------------------------------- WatchGame


def test_watch_after_a_version_the_game_has_not_reached_is_refused(rpc: Rpc) -> None:
    """A stream resumed after a version beyond the game's head used to stay open and silent
    for ever: every record (the game's end included) is at or before that version, so none was
    ever sent and the stream never ended. It is refused as GetView refuses such a version."""
    game = create(rpc)
    request = pb.WatchGameRequest(game_id=game.game_id, after_version=game.version + 50)
    error = watch_error(rpc, request, game.seat_tokens[0])
    assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
    assert rule_of(error) == "version/out-of-range"
    info = error_info(error)
    assert info.reason == "version/out-of-range" and info.domain == "skald"
    assert info.metadata["kind"] == "malformed"
    # the head itself is a fine place to resume from: the stream waits for the next record
    stream = rpc.stub.WatchGame(
        pb.WatchGameRequest(game_id=game.game_id, after_version=game.version), timeout=0.5
    )
    with pytest.raises(grpc.RpcError) as waited:
        list(stream)
    assert waited.value.code() == grpc.StatusCode.DEADLINE_EXCEEDED


# ---------------------------------------------------------------------------- SubmitCommand


def test_an_unset_or_unknown_enum_is_refused_in_the_wire_names(rpc: Rpc) -> None:
    """A frontend that forgets an enum field sends its zero ``..._UNSPECIFIED`` value; the
    refusal used to name the allowed values in the domain's spelling (``whaling-boat``), which
    no generated stub has, and not say what was sent. It names the proto's values, and the one
    sent; nothing is written."""
    game = create(rpc, "feast", 2)
    view = rpc.call("GetView", pb.GetViewRequest(game_id=game.game_id))
    seat = view.to_act[0]
    for kind, sent in ((0, "SHIP_KIND_UNSPECIFIED"), (999, "999")):
        command = pb.Command(feast=FEAST.AnyCommand(buy_ship=FEAST.BuyShip(kind=kind)))
        request = pb.SubmitCommandRequest(game_id=game.game_id, seat=seat, command=command)
        error = rpc.fails("SubmitCommand", request, game.seat_tokens[seat])
        assert error.code() == grpc.StatusCode.INVALID_ARGUMENT
        assert rule_of(error) == "command/malformed"
        reason = error_info(error).metadata["reason"]
        assert "SHIP_KIND_WHALING_BOAT" in reason and "SHIP_KIND_LONGSHIP" in reason
        assert reason.endswith(f"not {sent}"), reason
        assert "whaling-boat" not in reason
    assert rpc.version(game.game_id) == view.version


# ---------------------------------------------------------------------------- RemoteClient


def test_remote_client_answers_verify_and_rules_as_the_local_client(
    served: tuple[Rpc, int, GameService],
) -> None:
    """``skald verify --server`` printed ``"game": ""`` where the local one names the game, and
    ``skald rules --server`` every component number as a float (``1.0``: a Struct carries
    doubles) where the local one prints ``1``. The remote client answers as the local one."""
    rpc, port, service = served
    game = create(rpc, "brian-boru", 3)
    local = LocalClient(service)
    remote = RemoteClient(f"127.0.0.1:{port}", game.referee_token)
    try:
        assert remote.verify(VerifyGame(game.game_id, who=OPERATOR)) == local.verify(
            VerifyGame(game.game_id, who=OPERATOR)
        )
        assert remote.verify(VerifyGame(game.game_id, who=OPERATOR))["game"] == "brian_boru"
        for name in ("feast", "red-north", "brian-boru"):
            remote_info, local_info = (
                remote.rules_info(RulesInfo(name)),
                local.rules_info(RulesInfo(name)),
            )
            assert remote_info["components"] == local_info["components"]
            assert _types(remote_info["components"]) == _types(local_info["components"])
    finally:
        remote.close()


def _types(value: Any) -> Any:
    """The JSON value's shape with each leaf's type (``1 == 1.0`` would hide the difference)."""
    if isinstance(value, dict):
        return {k: _types(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_types(v) for v in value]
    return type(value).__name__


def test_full_access_calls_without_a_token_are_unauthenticated(rpc: Rpc) -> None:
    """ExportGame, VerifyGame and ForkGame with no token answered PERMISSION_DENIED, where the
    proto promises UNAUTHENTICATED for a missing token; a seat's token stays PERMISSION_DENIED."""
    game = create(rpc)
    gid = game.game_id
    for method, request in (
        ("ExportGame", pb.ExportGameRequest(game_id=gid)),
        ("VerifyGame", pb.VerifyGameRequest(game_id=gid)),
        ("ForkGame", pb.ForkGameRequest(game_id=gid, at_version=rpc.version(gid))),
    ):
        missing = rpc.fails(method, request)
        assert missing.code() is grpc.StatusCode.UNAUTHENTICATED, method
        assert rule_of(missing) == "auth/missing-token", method
        seat = rpc.fails(method, request, game.seat_tokens[0])
        assert seat.code() is grpc.StatusCode.PERMISSION_DENIED, method


def test_list_games_with_a_game_of_no_name_is_refused(rpc: Rpc) -> None:
    refused = rpc.fails("ListGames", pb.ListGamesRequest(game="red-nroth"))
    assert refused.code() is grpc.StatusCode.NOT_FOUND and rule_of(refused) == "game/unknown"
    create(rpc)
    for name in ("red-north", "red_north"):
        listed = rpc.call("ListGames", pb.ListGamesRequest(game=name, status="running"))
        assert listed.games and {g.game for g in listed.games} == {"red_north"}
        assert {g.status for g in listed.games} == {"running"}


def test_get_rules_lists_the_setup_options_create_game_takes(
    served: tuple[Rpc, int, GameService],
) -> None:
    """A frontend in any language learns the options from GetRules (only the Python CLI
    could, from its own registry); the gRPC client's `skald rules` matches the local one."""
    rpc, port, service = served
    for game in ("red-north", "brian-boru", "feast"):
        rules = rpc.call("GetRules", pb.GetRulesRequest(game=game))
        specs = service.games.rules(game).options
        assert [o.name for o in rules.options] == [s.name for s in specs]
        remote = RemoteClient(f"127.0.0.1:{port}", None)
        try:
            assert (
                remote.rules_info(RulesInfo(game))["options"]
                == LocalClient(service).rules_info(RulesInfo(game))["options"]
            )
        finally:
            remote.close()
    card5 = next(
        o
        for o in rpc.call("GetRules", pb.GetRulesRequest(game="brian-boru")).options
        if o.name == "card5_coins"
    )
    assert card5.kind == "number" and card5.default.number == 3
    assert [v.number for v in card5.allowed] == [2, 3] and "RULINGS.md" in card5.overrides

"""The gRPC edge under attack: garbage bytes, oversized ids, a wrong seat's check, a bug.

Each test talks to a real server on a real port over a real channel; the raw-bytes tests use
``channel.unary_unary`` with identity serializers, so what is sent is exactly the bytes written
here (no client library can tidy them up).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from skald.service.app.games import GameService
from skald.service.grpc.server import MAX_REQUEST, create_server
from skald.service.model.catalog import build_registry
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import GAME, Rpc, metadata, pb, rule_of
from tests.hardening_broken_game import MARKER

METHODS = (
    "CreateGame",
    "GetView",
    "SubmitCommand",
    "ListLegalCommands",
    "GetHistory",
    "ForkGame",
    "ListGames",
    "GetRules",
    "VerifyGame",
    "CheckCommand",
    "ExportGame",
    "ImportGame",
)
GARBAGE = (
    b"\xff\xff\xff\xff",  # a field tag with a varint that never ends
    b"\x0a\xff\x01abc",  # a string field claiming 255 bytes, holding 3
    b"\x0a\x02\xc3\x28",  # a string field of invalid UTF-8
    b"\x0b" * 64,  # start-group tags that never close
)


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Rpc, int]]:
    """A server over a SQLite file whose catalog also holds the deliberately broken game."""
    games = build_registry(("tests.toy_game", "tests.hardening_broken_game"))
    store = EventStore(str(tmp_path_factory.mktemp("edge") / "skald.db"))
    server, port = create_server(GameService(store, games))
    rpc = Rpc(port)
    try:
        yield rpc, port
    finally:
        rpc.close()
        server.stop(0)
        store.close()


def raw_call(rpc: Rpc, method: str, payload: bytes, token: str | None = None) -> grpc.RpcError:
    """``payload`` sent as the request of ``method`` byte for byte; the error it ends with."""
    call = rpc.channel.unary_unary(
        f"/skald.v1.Skald/{method}", request_serializer=None, response_deserializer=None
    )
    try:
        answer = call(payload, metadata=metadata(token), timeout=10)
    except grpc.RpcError as error:
        return error
    raise AssertionError(f"{method} accepted {payload!r}: {answer!r}")


def _parses(cls: Any, payload: bytes) -> bool:
    try:
        cls.FromString(payload)
    except Exception:
        return False
    return True


@pytest.mark.parametrize("method", METHODS)
def test_bytes_that_are_not_the_request_are_invalid_argument(
    served: tuple[Rpc, int], method: str
) -> None:
    rpc, _ = served
    request_cls = getattr(pb, f"{method}Request")
    tried = [p for p in GARBAGE if not _parses(request_cls, p)]
    # (invalid UTF-8 in a field ListGamesRequest does not have is an unknown field: it parses)
    assert len(tried) >= 3
    for payload in tried:
        error = raw_call(rpc, method, payload)
        assert error.code() is grpc.StatusCode.INVALID_ARGUMENT, (method, payload, error)
        assert rule_of(error) == "request/malformed"
    # the server is unharmed: a well-formed call right after works
    assert rpc.call("GetRules", pb.GetRulesRequest(game=GAME)).playable


def test_garbage_on_the_stream_is_invalid_argument(served: tuple[Rpc, int]) -> None:
    rpc, _ = served
    call = rpc.channel.unary_stream(
        "/skald.v1.Skald/WatchGame", request_serializer=None, response_deserializer=None
    )
    with pytest.raises(grpc.RpcError) as caught:
        list(call(GARBAGE[0], timeout=10))
    assert caught.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert rule_of(caught.value) == "request/malformed"


def test_a_huge_id_is_not_found_and_not_echoed(served: tuple[Rpc, int]) -> None:
    """A 100 KB game id: NOT_FOUND (not RESOURCE_EXHAUSTED from an echo too big for the
    trailer), quoting at most 40 characters of it — for every call that takes an id."""
    rpc, _ = served
    huge = "f" * 100_000
    calls: list[tuple[str, Any]] = [
        ("GetView", pb.GetViewRequest(game_id=huge)),
        ("GetHistory", pb.GetHistoryRequest(game_id=huge)),
        ("ListLegalCommands", pb.ListLegalCommandsRequest(game_id=huge, seat=0)),
        ("VerifyGame", pb.VerifyGameRequest(game_id=huge)),
        ("ExportGame", pb.ExportGameRequest(game_id=huge)),
        ("ForkGame", pb.ForkGameRequest(game_id=huge, at_version=1)),
        ("CheckCommand", pb.CheckCommandRequest(game_id=huge, at_version=1, seat=0)),
    ]
    for method, request in calls:
        for token in (None, "some-token"):
            error = rpc.fails(method, request, token)
            assert error.code() is grpc.StatusCode.NOT_FOUND, (method, error.code())
            details = error.details() or ""
            assert "f" * 41 not in details and len(details) < 200, (method, details)
    # raw bytes too: the same request, serialized by hand, answered the same way
    error = raw_call(rpc, "GetView", pb.GetViewRequest(game_id=huge).SerializeToString())
    assert error.code() is grpc.StatusCode.NOT_FOUND


def test_a_huge_game_name_and_command_id_are_cut(served: tuple[Rpc, int]) -> None:
    rpc, _ = served
    error = rpc.fails("CreateGame", pb.CreateGameRequest(game="x" * 100_000, players=2))
    assert error.code() is grpc.StatusCode.NOT_FOUND
    assert len(error.details() or "") < 200
    # options keys and any other echo: capped at the edge whatever raised the error
    request = pb.CreateGameRequest(game=GAME, players=3)
    request.options["k" * 50_000].text = "v"
    error = rpc.fails("CreateGame", request)
    assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert len(error.details() or "") < 700
    created = rpc.call("CreateGame", pb.CreateGameRequest(game=GAME, players=3))
    command = rpc.call(
        "ListLegalCommands",
        pb.ListLegalCommandsRequest(game_id=created.game_id, seat=0),
        created.seat_tokens[0],
    ).commands[0]
    long_id = "c" * 50_000
    error = rpc.fails(
        "SubmitCommand",
        pb.SubmitCommandRequest(
            game_id=created.game_id, seat=0, command=command, command_id=long_id
        ),
        created.seat_tokens[0],
    )
    assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert rule_of(error) == "command/id-malformed" and len(error.details() or "") < 200


def test_a_request_over_the_size_cap_is_refused_before_parsing(served: tuple[Rpc, int]) -> None:
    rpc, _ = served
    error = raw_call(rpc, "ImportGame", b"x" * (MAX_REQUEST + 1))
    assert error.code() is grpc.StatusCode.RESOURCE_EXHAUSTED


def test_a_wrong_seat_check_is_refused_as_submit_is(served: tuple[Rpc, int]) -> None:
    """CheckCommand for another seat: PERMISSION_DENIED (not OK with legal=false), exactly as
    SubmitCommand; without a token UNAUTHENTICATED; the seat's own illegal check is an
    answer."""
    rpc, _ = served
    game = rpc.call("CreateGame", pb.CreateGameRequest(game=GAME, players=3))
    gid, tokens = game.game_id, list(game.seat_tokens)
    command = rpc.call(
        "ListLegalCommands", pb.ListLegalCommandsRequest(game_id=gid, seat=0), tokens[0]
    ).commands[0]
    version = rpc.version(gid)

    def check(seat: int, token: str | None) -> grpc.RpcError:
        request = pb.CheckCommandRequest(
            game_id=gid, at_version=version, seat=seat, command=command
        )
        return rpc.fails("CheckCommand", request, token)

    def submit(seat: int, token: str | None) -> grpc.RpcError:
        request = pb.SubmitCommandRequest(game_id=gid, seat=seat, command=command)
        return rpc.fails("SubmitCommand", request, token)

    for seat, token in ((0, tokens[1]), (2, tokens[0]), (0, None)):
        checked, submitted = check(seat, token), submit(seat, token)
        assert checked.code() is submitted.code(), (seat, checked.code(), submitted.code())
        assert rule_of(checked) == rule_of(submitted)
        expected = grpc.StatusCode.UNAUTHENTICATED if token is None else None
        assert checked.code() is (expected or grpc.StatusCode.PERMISSION_DENIED)
    # seat 1 checking seat 0's deploy as its own: an answer (illegal: not its cards)
    own = rpc.call(
        "CheckCommand",
        pb.CheckCommandRequest(game_id=gid, at_version=version, seat=1, command=command),
        tokens[1],
    )
    assert not own.legal and own.rule
    assert rpc.version(gid) == version


def test_a_bug_is_logged_and_the_client_gets_only_a_correlation_id(
    served: tuple[Rpc, int], caplog: pytest.LogCaptureFixture
) -> None:
    rpc, _ = served
    with caplog.at_level(logging.ERROR, logger="skald.grpc"):
        created = rpc.fails("CreateGame", pb.CreateGameRequest(game="broken", players=2))
        rules = rpc.fails("GetRules", pb.GetRulesRequest(game="broken"))
    for error in (created, rules):
        assert error.code() is grpc.StatusCode.INTERNAL
        details = error.details() or ""
        assert MARKER not in details and "Traceback" not in details
        assert "exploded" not in details and "KeyError" not in details
        trailers = repr(error.trailing_metadata())
        assert MARKER not in trailers
        assert rule_of(error) == "server/internal"
        correlation = details.split("correlation id ")[1].split(")")[0]
        logged = [r for r in caplog.records if correlation in r.getMessage()]
        assert len(logged) == 1 and logged[0].exc_info is not None
        assert MARKER in str(logged[0].exc_info[1])
    # the server still serves
    assert rpc.call("GetRules", pb.GetRulesRequest(game="toy")).playable

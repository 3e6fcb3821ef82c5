"""Operator-only calls are refused before their body is read (:mod:`skald.service.grpc.admission`), against
a real server on a real port (the operator token set, not open, as ``skald serve`` runs).

How a test tells the body was not read: a body one byte past the 16 MB cap. A call whose
message is received ends ``RESOURCE_EXHAUSTED`` from grpc's size check (the operator's own
call shows it); a call refused before its body ends with the refusal, since its message is
never received. Nothing here is timed (``python -m skald.benchmarks.admission`` measures).
"""

from __future__ import annotations

import functools
import logging
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from skald.domain.kernel.errors import SkaldError
from skald.service.app.games import GameService
from skald.service.bootstrap import open_service
from skald.service.client import remote_error
from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc
from skald.service.grpc.edge import MAX_REQUEST
from skald.service.grpc.server import create_server
from skald.service.model.errors import Forbidden, Unauthenticated

ROOT = Path(__file__).resolve().parents[1]
OPERATOR = "operator-token-for-the-gate-tests"
PAST_CAP = MAX_REQUEST + 1
"""Characters of a ``jsonl`` that make the request one past the size cap."""


@dataclass
class Served:
    svc: GameService
    stub: Any

    def head(self) -> int:
        """The store's last notification id: where a refusal must leave it."""
        return self.svc.store.recorder.max_notification_id() or 0

    def games(self) -> list[str]:
        listed = self.stub.ListGames(pb.ListGamesRequest(), timeout=30).games
        return [g.game_id for g in listed]


def _serve(tmp: Path, open_creation: bool) -> Iterator[Served]:
    svc = open_service(str(tmp / "skald.db"), operator_token=OPERATOR, open_creation=open_creation)
    server, port = create_server(svc, "127.0.0.1:0")
    options = [("grpc.max_send_message_length", -1)]
    channel = grpc.insecure_channel(f"127.0.0.1:{port}", options=options)
    try:
        yield Served(svc, skald_pb2_grpc.SkaldStub(channel))
    finally:
        channel.close()
        server.stop(0)
        svc.store.close()


@pytest.fixture(scope="module")
def closed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    yield from _serve(tmp_path_factory.mktemp("closed"), open_creation=False)


def _md(token: str | None) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),) if token is not None else ()


def _refusal(call: Callable[[], object]) -> grpc.RpcError:
    try:
        call()
    except grpc.RpcError as error:
        return error
    raise AssertionError("the call was accepted")


def _import(served: Served, jsonl: str, token: str | None) -> Any:
    return served.stub.ImportGame(
        pb.ImportGameRequest(jsonl=jsonl), metadata=_md(token), timeout=60
    )


def _error_info(error: grpc.RpcError) -> error_details_pb2.ErrorInfo:
    status = rpc_status.from_call(error)
    assert status is not None and len(status.details) == 1
    info = error_details_pb2.ErrorInfo()
    assert status.details[0].Unpack(info)
    assert status.message == f"{info.reason}: {info.metadata['reason']}"
    return info


def _refused_as(error: grpc.RpcError, code: grpc.StatusCode, cls: type[SkaldError]) -> None:
    """Refused with ``code`` and rule ``auth/operator-only``, carried as every refusal is."""
    assert error.code() is code, error.details()
    info = _error_info(error)
    assert info.domain == "skald" and info.reason == "auth/operator-only"
    assert info.metadata["kind"] == cls.kind and info.metadata["error"] == cls.__name__
    assert "operator token" in info.metadata["reason"]
    trailer = dict(error.trailing_metadata() or ())
    assert (trailer["skald-rule"], trailer["skald-kind"]) == (info.reason, cls.kind)
    back = remote_error(error)
    assert type(back) is cls and back.rule == "auth/operator-only"


def test_the_operators_body_past_the_cap_is_received_and_refused_by_size(closed: Served) -> None:
    """The premise of the tests below: a body past the cap that *is* read ends with grpc's
    size check (no rule: the transport refuses it before any handler)."""
    error = _refusal(lambda: _import(closed, "x" * PAST_CAP, OPERATOR))
    assert error.code() is grpc.StatusCode.RESOURCE_EXHAUSTED


def test_an_import_without_a_token_is_refused_before_its_body(closed: Served) -> None:
    before, games = closed.head(), closed.games()
    error = _refusal(lambda: _import(closed, "x" * PAST_CAP, None))
    _refused_as(error, grpc.StatusCode.UNAUTHENTICATED, Unauthenticated)  # not by size
    assert closed.head() == before and closed.games() == games


def test_an_import_with_a_wrong_token_is_refused_before_its_body(closed: Served) -> None:
    """A token that is not the operator's is refused as the servicer refuses it (a token, but
    not one that may import: ``PERMISSION_DENIED``, as for a seat's or a referee's)."""
    before, games = closed.head(), closed.games()
    for token in ("not-the-operator", OPERATOR + "x", ""):
        error = _refusal(functools.partial(_import, closed, "x" * PAST_CAP, token))
        if token:
            _refused_as(error, grpc.StatusCode.PERMISSION_DENIED, Forbidden)
        else:  # an empty bearer token is no token
            _refused_as(error, grpc.StatusCode.UNAUTHENTICATED, Unauthenticated)
    assert closed.head() == before and closed.games() == games


def test_a_seat_token_is_refused_before_the_body(closed: Served) -> None:
    made = closed.stub.CreateGame(
        pb.CreateGameRequest(game="red_north", players=3), metadata=_md(OPERATOR), timeout=30
    )
    before = closed.head()
    for token in (made.seat_tokens[0], made.referee_token):
        error = _refusal(functools.partial(_import, closed, "x" * PAST_CAP, token))
        _refused_as(error, grpc.StatusCode.PERMISSION_DENIED, Forbidden)
    assert closed.head() == before


def test_creating_without_the_token_is_refused_before_the_body(closed: Served) -> None:
    before, games = closed.head(), closed.games()
    request = pb.CreateGameRequest(game="red_north", players=3, seed=b"s" * PAST_CAP)
    error = _refusal(lambda: closed.stub.CreateGame(request, timeout=60))
    _refused_as(error, grpc.StatusCode.UNAUTHENTICATED, Unauthenticated)
    assert closed.head() == before and closed.games() == games


def test_a_small_refused_import_is_the_same_refusal(closed: Served) -> None:
    text = (ROOT / "replays" / "red-north" / "red-north-3p.jsonl").read_text()
    before, games = closed.head(), closed.games()
    _refused_as(
        _refusal(lambda: _import(closed, text, None)),
        grpc.StatusCode.UNAUTHENTICATED,
        Unauthenticated,
    )
    assert closed.head() == before and closed.games() == games


def test_the_operator_imports_a_replay_file(closed: Served) -> None:
    text = (ROOT / "replays" / "red-north" / "red-north-3p.jsonl").read_text()
    games = closed.games()
    imported = _import(closed, text, OPERATOR)
    assert imported.report.ok and imported.game.game_id
    assert sorted(closed.games()) == sorted([*games, imported.game.game_id])


def test_the_operators_large_body_reaches_the_import(closed: Served) -> None:
    """A 15 MB body with the operator's token is received whole and judged by the import
    itself (not a replay file: its own rule), not by the gate or the transport."""
    before = closed.head()
    error = _refusal(lambda: _import(closed, "x" * (15 * 1024 * 1024), OPERATOR))
    assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
    assert _error_info(error).reason.startswith("replay/")
    assert closed.head() == before


def test_a_refusal_before_the_body_is_in_the_request_log(
    closed: Served, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.INFO, logger="skald.grpc"):
        _refusal(lambda: _import(closed, "x", None))
    lines = [r for r in caplog.records if getattr(r, "rpc_method", None) == "ImportGame"]
    assert [r.rpc_status for r in lines] == ["UNAUTHENTICATED"]  # type: ignore[attr-defined]


def test_other_calls_pass_the_gate(closed: Served) -> None:
    rules = closed.stub.GetRules(pb.GetRulesRequest(game="red_north"), timeout=30)
    assert rules.playable
    error = _refusal(lambda: closed.stub.GetView(pb.GetViewRequest(game_id="nope"), timeout=30))
    assert error.code() is grpc.StatusCode.NOT_FOUND  # the servicer's answer, not the gate's


def test_an_open_server_lets_anyone_import(tmp_path: Path) -> None:
    text = (ROOT / "replays" / "red-north" / "red-north-3p.jsonl").read_text()
    for served in _serve(tmp_path, open_creation=True):
        assert _import(served, text, None).report.ok
        error = _refusal(functools.partial(_import, served, "x" * PAST_CAP, None))
        assert error.code() is grpc.StatusCode.RESOURCE_EXHAUSTED  # read: nothing gates it

"""Issue 27: no call waits on another session's lock without a bound. Another connection holds
the store's write lock (PostgreSQL: ``LOCK TABLE … IN EXCLUSIVE MODE`` in an open transaction;
SQLite: ``BEGIN EXCLUSIVE``) while a real server on a real port is called over gRPC: a command
is refused with UNAVAILABLE (``store/unavailable``) well inside its deadline, health checks and
views keep answering meanwhile, and once the lock is released commands succeed and the game
verifies, nothing half-written. The bound is set short (``SKALD_LOCK_TIMEOUT=0.5``); nothing
here asserts on milliseconds, only on status codes and that calls answered."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from concurrent import futures
from typing import Any
from urllib.parse import parse_qs, urlparse

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from skald.service.bootstrap import open_service
from skald.service.grpc.server import create_server
from tests.conftest import PG_URL
from tests.e2e_helpers import GAME, Rpc, pb, rule_of


@contextlib.contextmanager
def held(db_url: str, table: str) -> Iterator[None]:
    """The store's write lock, held by another connection until the block ends."""
    if db_url.startswith("postgresql"):
        import psycopg
        from psycopg import sql

        schema = parse_qs(urlparse(db_url).query)["schema"][0]
        with psycopg.connect(PG_URL.split("?")[0]) as conn:  # a transaction stays open
            conn.execute(
                sql.SQL("LOCK TABLE {}.{} IN EXCLUSIVE MODE").format(
                    sql.Identifier(schema), sql.Identifier(table)
                )
            )
            try:
                yield
            finally:
                conn.rollback()
        return
    conn = sqlite3.connect(db_url, isolation_level=None)
    try:
        conn.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            conn.execute("ROLLBACK")
    finally:
        conn.close()


def first_legal(rpc: Rpc, game: Any) -> tuple[int, Any]:
    view = rpc.call("GetView", pb.GetViewRequest(game_id=game.game_id))
    seat = int(view.to_act[0])
    found = rpc.call(
        "ListLegalCommands",
        pb.ListLegalCommandsRequest(game_id=game.game_id, seat=seat),
        game.seat_tokens[seat],
    )
    return seat, found.commands[0]


def test_a_held_lock_refuses_commands_and_stalls_no_other_call(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SKALD_LOCK_TIMEOUT", "0.5")
    svc = open_service(db_url)
    server, port = create_server(svc)
    rpc = Rpc(port)
    health = health_pb2_grpc.HealthStub(rpc.channel)
    try:
        game = rpc.call("CreateGame", pb.CreateGameRequest(game=GAME, players=2))
        gid = game.game_id
        before = rpc.version(gid)
        seat, command = first_legal(rpc, game)
        submit = pb.SubmitCommandRequest(
            game_id=gid, seat=seat, command=command, expected_version=before
        )
        table = f"{svc.store.name}_events"
        with held(db_url, table), futures.ThreadPoolExecutor(8) as pool:
            # the command waits its bound off the loop while the others are answered
            refused = pool.submit(rpc.fails, "SubmitCommand", submit, game.seat_tokens[seat])
            checks = [
                pool.submit(health.Check, health_pb2.HealthCheckRequest(service=""), timeout=20)
                for _ in range(6)
            ]
            views = [
                pool.submit(rpc.call, "GetView", pb.GetViewRequest(game_id=gid)) for _ in range(6)
            ]
            error = refused.result()
            assert error.code() is grpc.StatusCode.UNAVAILABLE, error.details()
            assert rule_of(error) == "store/unavailable"
            for check in checks:
                assert check.result().status == health_pb2.HealthCheckResponse.SERVING
            for view in views:
                assert view.result().version == before
            # a write made on its own (a new game) is refused the same way, nothing made
            made = rpc.fails("CreateGame", pb.CreateGameRequest(game=GAME, players=2))
            assert made.code() is grpc.StatusCode.UNAVAILABLE
            assert rpc.version(gid) == before  # nothing of the refused command written
        listed = rpc.call("ListGames", pb.ListGamesRequest()).games
        assert [g.game_id for g in listed] == [gid]  # the refused CreateGame left no game
        done = rpc.call("SubmitCommand", submit, game.seat_tokens[seat])
        assert done.version == rpc.version(gid) > before
        seat, command = first_legal(rpc, game)
        again = pb.SubmitCommandRequest(
            game_id=gid, seat=seat, command=command, expected_version=done.version
        )
        assert rpc.call("SubmitCommand", again, game.seat_tokens[seat]).version > done.version
        assert rpc.call("VerifyGame", pb.VerifyGameRequest(game_id=gid), game.referee_token).ok
        assert svc.store.head(gid).version == rpc.version(gid)
    finally:
        rpc.close()
        server.stop(0)
        svc.store.close()

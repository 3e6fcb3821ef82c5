"""Faults an operator meets while ``skald serve`` runs, on real servers (found by an audit):

* a SQLite store deleted under a running server: every write after it was acknowledged into
  a file no one could open again, and lost when the server restarted — now refused
  (``UNAVAILABLE``, ``store/unavailable``) with one log line saying why;
* a store that fails (an unwritable WAL, a lost database) logged a warning per failed call
  (312 lines in 4 s) and nothing when it was back — now one line when it goes, one when back;
* a lost PostgreSQL database held the event loop about 4 s for *each* waiting call, one after
  another (the sixth of six concurrent calls was answered after 25 s, a health check after
  4 s), and the pool's reconnection backoff kept failing calls for 6-10 s after the database
  was back — now every call fails at once while a thread of the store tries it again, and the
  server serves within about a second of the database's return.
"""

from __future__ import annotations

import logging
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlparse

import grpc
import pytest

from skald.service.app.requests import CreateGame
from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
from skald.tools.loadtest.servers import Served
from tests.test_store_outage import Relay


def _stub(served: Served) -> pb_grpc.SkaldStub:
    return pb_grpc.SkaldStub(grpc.insecure_channel(served.address))


def _move(stub: pb_grpc.SkaldStub, game_id: str, token: str) -> pb.SubmitCommandRequest:
    md = (("authorization", f"Bearer {token}"),)
    view = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=md, timeout=10)
    seat = view.to_act[0]
    legal = stub.ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=game_id, seat=seat), metadata=md, timeout=10
    )
    return pb.SubmitCommandRequest(
        game_id=game_id, seat=seat, command=legal.commands[0], expected_version=legal.version
    )


def _store_lines(log: Path) -> list[str]:
    """The server's log lines about its store going and coming back."""
    return [
        line
        for line in log.read_text().splitlines()
        if "store unavailable" in line or "store available again" in line
    ]


def test_a_deleted_sqlite_store_refuses_writes_instead_of_losing_them(tmp_path: Path) -> None:
    db = tmp_path / "store" / "skald.db"
    db.parent.mkdir()
    served = Served(str(db), 1, tmp_path / "log.txt")
    try:
        stub = _stub(served)
        made = stub.CreateGame(pb.CreateGameRequest(game="red_north", players=3), timeout=10)
        md = (("authorization", f"Bearer {made.referee_token}"),)
        request = _move(stub, made.game_id, made.referee_token)
        shutil.rmtree(db.parent)  # the store, its WAL and its folder, under the server
        for _ in range(3):
            with pytest.raises(grpc.RpcError) as refused:
                stub.SubmitCommand(request, metadata=md, timeout=10)
            assert refused.value.code() is grpc.StatusCode.UNAVAILABLE
            assert "store/unavailable" in (refused.value.details() or "")
        with pytest.raises(grpc.RpcError) as refused:
            stub.CreateGame(pb.CreateGameRequest(game="red_north", players=3), timeout=10)
        assert refused.value.code() is grpc.StatusCode.UNAVAILABLE
    finally:
        served.stop()
    lines = _store_lines(served.log)
    assert len(lines) == 1, lines
    assert "was deleted while serving" in lines[0] and "restart the server" in lines[0]
    assert "Traceback" not in served.log.read_text()


def _immutable(path: Path, on: bool) -> bool:
    """``chattr +i``/``-i``: a file even root cannot write (the disk-full-like fault)."""
    done = subprocess.run(
        ["chattr", "+i" if on else "-i", str(path)], capture_output=True, check=False
    )
    return done.returncode == 0


def test_an_unwritable_wal_is_one_line_when_it_goes_and_one_when_it_is_back(
    tmp_path: Path,
) -> None:
    if shutil.which("chattr") is None:
        pytest.skip("needs chattr")
    db = tmp_path / "skald.db"
    served = Served(str(db), 1, tmp_path / "log.txt")
    wal = Path(f"{db}-wal")
    locked = False
    try:
        stub = _stub(served)
        made = stub.CreateGame(pb.CreateGameRequest(game="red_north", players=3), timeout=10)
        md = (("authorization", f"Bearer {made.referee_token}"),)
        request = _move(stub, made.game_id, made.referee_token)
        locked = _immutable(wal, True)
        if not locked:
            pytest.skip("chattr +i is not supported here (needs root and ext4/xfs/tmpfs)")
        for _ in range(20):
            with pytest.raises(grpc.RpcError) as refused:
                stub.SubmitCommand(request, metadata=md, timeout=10)
            assert refused.value.code() is grpc.StatusCode.UNAVAILABLE
            assert "store/unavailable" in (refused.value.details() or "")
        locked = not _immutable(wal, False)
        answer = stub.SubmitCommand(request, metadata=md, timeout=10)  # served again at once
        assert answer.version == request.expected_version + len(answer.events)
        stub.GetView(pb.GetViewRequest(game_id=made.game_id), metadata=md, timeout=10)
    finally:
        if locked:
            _immutable(wal, False)
        served.stop()
    lines = _store_lines(served.log)
    assert len(lines) == 2, lines
    assert "store unavailable: OperationalError" in lines[0]
    assert "store available again after" in lines[1]
    assert "Traceback" not in served.log.read_text()


@pytest.fixture
def relayed(pg_url: str) -> Iterator[tuple[str, Relay]]:
    url = urlparse(pg_url)
    relay = Relay(url.hostname or "127.0.0.1", url.port or 5432)
    yield pg_url.replace(f":{url.port or 5432}/", f":{relay.port}/"), relay
    relay.cut()


@pytest.mark.postgres
def test_a_lost_database_fails_waiting_calls_at_once_and_serves_again_promptly(
    relayed: tuple[str, Relay], caplog: pytest.LogCaptureFixture
) -> None:
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    from skald.service.bootstrap import open_service
    from skald.service.grpc.server import create_server
    from skald.service.store import check as store_check
    from skald.service.store.event_store import RECONNECT_FOR

    caplog.set_level(logging.WARNING)
    health = getattr(store_check, "HEALTH", None)  # the process's store health: reset
    if health is not None:
        health.down_since = None
    url, relay = relayed
    svc = open_service(url)
    breaker = svc.store._breaker
    games = [svc.create(CreateGame("red_north", 2)).game_id for _ in range(5)]
    server, port = create_server(svc)
    answers: list[tuple[str, float]] = []
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = pb_grpc.SkaldStub(channel)
            for gid in games:
                stub.GetView(pb.GetViewRequest(game_id=gid), timeout=10)
            relay.cut()

            def view(gid: str) -> None:  # UNAVAILABLE within the deadline: no call waits on
                started = time.monotonic()  # the store for good (one once held the loop 52 s)
                try:
                    stub.GetView(pb.GetViewRequest(game_id=gid), timeout=30)
                    answers.append(("OK", time.monotonic() - started))
                except grpc.RpcError as error:
                    answers.append((error.code().name, time.monotonic() - started))

            for _ in range(2):  # the dropped pooled connections, then none to be had
                answers.clear()
                for gid in games:
                    svc.repo.forget(gid)  # nothing cached: each call must reach the database
                callers = [threading.Thread(target=view, args=(gid,)) for gid in games]
                for caller in callers:
                    caller.start()
                for caller in callers:
                    caller.join()
                assert [code for code, _ in answers] == ["UNAVAILABLE"] * len(games), answers
                # the store found down: every call is refused at once, none waits on the pool
                # (each waited ATTEMPTS x POOL_WAIT, one after another, before the breaker)
                assert breaker is not None and breaker.open
            health = health_pb2_grpc.HealthStub(channel)
            checked = health.Check(health_pb2.HealthCheckRequest(), timeout=30)
            # the loop answers, and says the truth: not serving while the store is down (#27)
            assert checked.status == health_pb2.HealthCheckResponse.NOT_SERVING
            # a lost connection is given up after RECONNECT_FOR, not psycopg_pool's 300 s
            assert breaker.datastore.pool.reconnect_timeout == RECONNECT_FOR
            relay.restore()
            back = time.monotonic() + 30
            while True:
                try:
                    stub.GetView(pb.GetViewRequest(game_id=games[0]), timeout=30)
                    break
                except grpc.RpcError as error:
                    assert error.code() is grpc.StatusCode.UNAVAILABLE
                    assert time.monotonic() < back, "never served again"
                    time.sleep(0.05)
            for gid in games:  # every call, not only the first
                svc.repo.forget(gid)
                stub.GetView(pb.GetViewRequest(game_id=gid), timeout=5)
    finally:
        server.stop(0)
        svc.store.close()
    store = [
        r.getMessage()
        for r in caplog.records
        if r.getMessage().startswith(("store unavailable", "store available again"))
    ]
    assert len(store) == 2, store
    assert store[0].startswith("store unavailable:")
    assert store[1].startswith("store available again after")
    assert not [r for r in caplog.records if r.exc_info], "an outage logged a traceback"

"""Health tells the truth (issue 27): ``NOT_SERVING`` for ``""`` and ``skald.v1.Skald`` while
the store is down (a SQLite file moved away under the server, an unwritable WAL) and
``SERVING`` again once it answers, without a client write to prove it; ``NOT_SERVING`` from the
moment a drain starts, new calls refused with ``UNAVAILABLE`` (``server/draining``)."""

from __future__ import annotations

import shutil
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame
from skald.service.bootstrap import open_service
from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
from skald.service.grpc.health import health_of
from skald.service.grpc.server import Server, create_server
from skald.service.store import check as store_check

SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[GameService, Server, grpc.Channel, Path]]:
    store_check.HEALTH.down_since = None  # the process's store health: this test's alone
    db = tmp_path / "store" / "skald.db"
    svc = open_service(str(db), open_creation=True)
    server, port = create_server(svc)
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    try:
        yield svc, server, channel, db
    finally:
        channel.close()
        server.stop(0)
        svc.store.close()
        store_check.HEALTH.down_since = None


def _statuses(channel: grpc.Channel) -> set[int]:
    stub = health_pb2_grpc.HealthStub(channel)
    return {
        stub.Check(health_pb2.HealthCheckRequest(service=name), timeout=10).status
        for name in ("", "skald.v1.Skald")
    }


def _until(check: Callable[[], bool], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_a_sqlite_store_moved_away_is_not_serving_until_it_is_back(
    served: tuple[GameService, Server, grpc.Channel, Path],
) -> None:
    svc, _, channel, db = served
    gid = svc.create(CreateGame("red_north", 3)).game_id
    assert _statuses(channel) == {SERVING}
    away = db.parent.with_name("away")
    db.parent.rename(away)  # the store, its WAL and its folder, gone from under the server
    try:
        _until(lambda: _statuses(channel) == {NOT_SERVING})  # no call needed to notice
    finally:
        away.rename(db.parent)
    _until(lambda: _statuses(channel) == {SERVING})
    stub = pb_grpc.SkaldStub(channel)
    stub.GetView(pb.GetViewRequest(game_id=gid), timeout=10)


def _immutable(path: Path, on: bool) -> bool:
    done = subprocess.run(
        ["chattr", "+i" if on else "-i", str(path)], capture_output=True, check=False
    )
    return done.returncode == 0


def test_an_unwritable_wal_is_not_serving_and_serving_again_without_a_client_write(
    served: tuple[GameService, Server, grpc.Channel, Path],
) -> None:
    if shutil.which("chattr") is None:
        pytest.skip("needs chattr")
    _, _, channel, db = served
    stub = pb_grpc.SkaldStub(channel)
    made = stub.CreateGame(pb.CreateGameRequest(game="red_north", players=3), timeout=10)
    md = (("authorization", f"Bearer {made.referee_token}"),)
    view = stub.GetView(pb.GetViewRequest(game_id=made.game_id), metadata=md, timeout=10)
    legal = stub.ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=made.game_id, seat=view.to_act[0]),
        metadata=md,
        timeout=10,
    )
    wal = Path(f"{db}-wal")
    if not _immutable(wal, True):
        pytest.skip("chattr +i is not supported here (needs root and ext4/xfs/tmpfs)")
    try:
        with pytest.raises(grpc.RpcError) as refused:
            stub.SubmitCommand(
                pb.SubmitCommandRequest(
                    game_id=made.game_id,
                    seat=view.to_act[0],
                    command=legal.commands[0],
                    expected_version=legal.version,
                ),
                metadata=md,
                timeout=10,
            )
        assert refused.value.code() is grpc.StatusCode.UNAVAILABLE
        assert _statuses(channel) == {NOT_SERVING}  # set as the refused call ended
        time.sleep(1.0)  # the probe's writes fail too: still not serving
        assert _statuses(channel) == {NOT_SERVING}
    finally:
        _immutable(wal, False)
    _until(lambda: _statuses(channel) == {SERVING})  # the probe's write got through


def test_a_drain_is_not_serving_and_refuses_new_calls_as_unavailable(
    served: tuple[GameService, Server, grpc.Channel, Path],
) -> None:
    svc, server, channel, _ = served
    gid = svc.create(CreateGame("red_north", 3)).game_id
    health = health_of(server)
    assert health is not None
    stub = pb_grpc.SkaldStub(channel)
    stub.GetView(pb.GetViewRequest(game_id=gid), timeout=10)
    watch = stub.WatchGame(pb.WatchGameRequest(game_id=gid), timeout=30)
    next(watch)  # the backlog's first event: the stream is open
    results: list[object] = []
    drainer = threading.Thread(target=lambda: results.append(health.drain(5.0)))
    drainer.start()
    _until(lambda: health.draining)
    assert _statuses(channel) == {NOT_SERVING}
    with pytest.raises(grpc.RpcError) as refused:
        stub.GetView(pb.GetViewRequest(game_id=gid), timeout=10)
    assert refused.value.code() is grpc.StatusCode.UNAVAILABLE
    assert "server/draining" in (refused.value.details() or "")
    with pytest.raises(grpc.RpcError) as ended:  # the stream ends, retryable
        for _ in watch:
            pass
    assert ended.value.code() is grpc.StatusCode.UNAVAILABLE
    assert "server/draining" in (ended.value.details() or "")
    drainer.join(10)
    (drained,) = results
    assert drained.streams == 1 and drained.refused >= 1 and drained.left == 0  # type: ignore[attr-defined]

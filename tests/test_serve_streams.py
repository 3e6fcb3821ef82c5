"""Streams that scale (``service/aio_server.py``): spectators cost no server thread, so other
calls stay fast while many watch; overload and overlong calls are refused with a status, never
hung; a write on one process or replica wakes watchers on another (SQLite log tail,
PostgreSQL LISTEN/NOTIFY)."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Iterator
from typing import Any

import grpc
import pytest

from service.bootstrap import registry
from service.games import GameService
from service.grpc_server import Limits, create_server
from service.store import EventStore
from tests.e2e_helpers import GAME, pb, rule_of

STUB = "skald.v1.Skald"


def _stub(port: int) -> tuple[grpc.Channel, Any]:
    from service._generated.skald.v1 import skald_pb2_grpc

    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    return channel, skald_pb2_grpc.SkaldStub(channel)


def _md(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def _play_one(stub: Any, game_id: str, token: str, rng: random.Random) -> int:
    view = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=_md(token), timeout=5)
    seat = rng.choice(list(view.to_act))
    legal = stub.ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=game_id, seat=seat), metadata=_md(token), timeout=5
    )
    done = stub.SubmitCommand(
        pb.SubmitCommandRequest(game_id=game_id, seat=seat, command=rng.choice(legal.commands)),
        metadata=_md(token),
        timeout=5,
    )
    return int(done.version)


@pytest.fixture
def served(tmp_path: Any) -> Iterator[tuple[int, GameService]]:
    store = EventStore(str(tmp_path / "skald.db"))
    svc = GameService(store, registry())
    server, port = create_server(svc, limits=Limits(threads=4))
    yield port, svc
    server.stop(0)
    store.close()


def test_twenty_spectators_leave_other_calls_fast_with_four_threads(
    served: tuple[int, GameService],
) -> None:
    """With 4 unary threads, a thread per stream would freeze the server at the 5th spectator."""
    port, _ = served
    channel, stub = _stub(port)
    game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=5)
    streams = [
        stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=30) for _ in range(20)
    ]
    received: list[list[int]] = [[] for _ in streams]

    def drain(i: int) -> None:
        try:
            for event in streams[i]:
                received[i].append(event.version)
        except grpc.RpcError:
            pass  # cancelled at the end of the test

    readers = [threading.Thread(target=drain, args=(i,), daemon=True) for i in range(20)]
    for reader in readers:
        reader.start()
    rng = random.Random(7)
    took: list[float] = []
    for _ in range(10):
        start = time.perf_counter()
        version = _play_one(stub, game.game_id, game.referee_token, rng)
        took.append(time.perf_counter() - start)
    deadline = time.time() + 5
    while time.time() < deadline and not all(r and r[-1] == version for r in received):
        time.sleep(0.01)
    for stream in streams:
        stream.cancel()
    channel.close()
    assert max(took) < 1.0, took  # three calls each; the old server timed out here
    assert all(r == list(range(1, version + 1)) for r in received)  # each once, in order


def _slow_views(svc: GameService, seconds: float) -> None:
    slow = svc.view

    def view_slowly(*args: Any, **kwargs: Any) -> Any:
        time.sleep(seconds)
        return slow(*args, **kwargs)

    svc.view = view_slowly  # type: ignore[method-assign]


@pytest.mark.parametrize(
    "limits",
    [Limits(threads=1, max_queued=0), Limits(threads=1, queue_timeout=0.1)],
    ids=["too-many-waiting", "waited-too-long"],
)
def test_overload_is_refused_with_resource_exhausted(tmp_path: Any, limits: Limits) -> None:
    """One worker busy with a slow call: the next is refused, not left to hang."""
    store = EventStore(str(tmp_path / "skald.db"))
    svc = GameService(store, registry())
    server, port = create_server(svc, limits=limits)
    channel, stub = _stub(port)
    try:
        game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=5)
        _slow_views(svc, 0.5)
        request = pb.GetViewRequest(game_id=game.game_id)
        busy = stub.GetView.future(request, timeout=5)
        time.sleep(0.05)
        with pytest.raises(grpc.RpcError) as refused:
            stub.GetView(request, timeout=5)
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert rule_of(refused.value) == "server/overloaded"
        assert busy.result().version == game.version  # the call that had the worker was served
    finally:
        channel.close()
        server.stop(0)
        store.close()


def _cross_process_delivery(url: str) -> float:
    """Seconds from a write on server A to its delivery to a watcher of server B."""
    stores = [EventStore(url), EventStore(url)]
    servers = [create_server(GameService(s, registry())) for s in stores]
    (chan_a, a), (chan_b, b) = (_stub(port) for _, port in servers)
    try:
        game = a.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=5)
        stream = b.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=10)
        assert next(stream).version == 1
        time.sleep(0.3)  # the watcher waits on B's channel now
        start = time.perf_counter()
        version = _play_one(a, game.game_id, game.referee_token, random.Random(3))
        while next(stream).version < version:
            pass
        took = time.perf_counter() - start
        stream.cancel()
        return took
    finally:
        chan_a.close()
        chan_b.close()
        for server, _ in servers:
            server.stop(0)
        for store in stores:
            store.close()


def test_a_write_on_another_process_wakes_the_watcher_sqlite(tmp_path: Any) -> None:
    assert _cross_process_delivery(str(tmp_path / "shared.db")) < 0.5


def test_a_write_on_another_replica_wakes_the_watcher_postgresql(pg_url: str) -> None:
    # LISTEN/NOTIFY: well under the 1 s fallback poll
    assert _cross_process_delivery(pg_url) < 0.5

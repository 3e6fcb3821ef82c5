"""Streams that scale (``service/watching.py``): spectators cost no server thread, so other
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


def test_spectators_hold_no_thread_while_they_wait(served: tuple[int, GameService]) -> None:
    """WatchGame is non-blocking: 120 open streams add at most the sender pool, not 120."""
    port, _ = served
    channel, stub = _stub(port)
    game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=5)
    before = threading.active_count()
    streams, firsts = [], []
    for _ in range(120):  # one at a time: a blocking stream would keep its thread
        streams.append(stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=30))
        firsts.append(next(streams[-1]).version)  # open, backlog sent
    grown = threading.active_count() - before
    version = _play_one(stub, game.game_id, game.referee_token, random.Random(5))
    for stream in streams:
        got = firsts[0]
        while got < version:
            got = next(stream).version
    for stream in streams:
        stream.cancel()
    channel.close()
    assert firsts == [1] * 120
    assert grown <= Limits().senders + 8, grown  # server and test client threads alike


def test_a_stream_ends_with_ok_after_the_last_record(tmp_path: Any) -> None:
    store = EventStore(str(tmp_path / "skald.db"))
    svc = GameService(store, registry())
    server, port = create_server(svc)
    channel, stub = _stub(port)
    try:
        game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=2), timeout=5)
        stream = stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=60)
        rng = random.Random(11)
        finished = False
        while not finished:
            view = stub.GetView(
                pb.GetViewRequest(game_id=game.game_id), metadata=_md(game.referee_token)
            )
            finished = view.finished
            if not finished:
                _play_one(stub, game.game_id, game.referee_token, rng)
        versions = [event.version for event in stream]  # ends by itself: status OK
        assert versions == list(range(1, view.version + 1))
        assert stream.code() == grpc.StatusCode.OK
    finally:
        channel.close()
        server.stop(0)
        store.close()


def test_a_stream_whose_client_stops_reading_is_cut(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sends block while a client does not read; past MAX_BEHIND waiting, the stream is
    cancelled (the client may resume from its last version) and nothing else waits on it."""
    from concurrent import futures

    from service import watching
    from service.records import Record

    monkeypatch.setattr(watching, "MAX_BEHIND", 3)
    gate, cancelled = threading.Event(), threading.Event()
    sent: list[Any] = []

    class Context:
        def add_callback(self, callback: Any) -> bool:
            return True

        def cancel(self) -> None:
            cancelled.set()

    class Encoder:
        def encode(self, game_id: str, audience: Any, records: Any) -> list[bytes]:
            return [b"%d" % r.version for r in records]

    def record(v: int) -> Record:
        return Record(v, "T", None, "c", {}, None, None, "p", f"h{v}", "", None)

    def send(data: Any) -> None:
        gate.wait(5)  # the client's window is full
        sent.append(data)

    pool = futures.ThreadPoolExecutor(2)
    sender = watching._Sender(Encoder(), lambda gid, after: [], "g", ("seat", None), 0)  # type: ignore[arg-type]
    stream = watching._NonBlocking(sender, send, Context(), pool, lambda status: None)
    stream.ready = True
    for v in range(1, 8):
        stream.offer([record(v)], [b"%d" % v])
    assert cancelled.wait(5)
    gate.set()
    pool.shutdown(wait=True)
    assert sender.closed and len(sent) <= 2  # the one in flight, maybe one more: then cut


def test_streams_past_the_limit_are_refused(tmp_path: Any) -> None:
    store = EventStore(str(tmp_path / "skald.db"))
    server, port = create_server(GameService(store, registry()), limits=Limits(max_streams=1))
    channel, stub = _stub(port)
    try:
        game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=5)
        first = stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=10)
        assert next(first).version == 1
        with pytest.raises(grpc.RpcError) as refused:
            next(stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=10))
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert rule_of(refused.value) == "server/overloaded"
        first.cancel()
        deadline = time.time() + 5  # the first stream's end frees its place
        while True:
            try:
                again = stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=10)
                assert next(again).version == 1
                again.cancel()
                break
            except grpc.RpcError:
                assert time.time() < deadline
                time.sleep(0.05)
    finally:
        channel.close()
        server.stop(0)
        store.close()

"""Streams that scale (``service/grpc/watching.py``): spectators cost no server thread, so other
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

from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.grpc.server import Limits, create_server
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import GAME, pb, rule_of

STUB = "skald.v1.Skald"


def _stub(port: int) -> tuple[grpc.Channel, Any]:
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc

    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    return channel, skald_pb2_grpc.SkaldStub(channel)


def _md(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def _play_one(stub: Any, game_id: str, token: str, rng: random.Random, timeout: float = 5) -> int:
    view = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=_md(token), timeout=timeout)
    seat = rng.choice(list(view.to_act))
    legal = stub.ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=game_id, seat=seat),
        metadata=_md(token),
        timeout=timeout,
    )
    done = stub.SubmitCommand(
        pb.SubmitCommandRequest(game_id=game_id, seat=seat, command=rng.choice(legal.commands)),
        metadata=_md(token),
        timeout=timeout,
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
    """Streams are coroutines on the loop: a thread per stream (the first server had 16, this
    fixture gives the long-call pool 4) would have frozen it at the 5th spectator."""
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
    for _ in range(10):  # three calls each, answered within a minute: the old server froze here
        version = _play_one(stub, game.game_id, game.referee_token, rng, timeout=60)
    deadline = time.time() + 5
    while time.time() < deadline and not all(r and r[-1] == version for r in received):
        time.sleep(0.01)
    for stream in streams:
        stream.cancel()
    channel.close()
    assert all(r == list(range(1, version + 1)) for r in received)  # each once, in order


def _slow_verify(svc: GameService, seconds: float) -> None:
    slow = svc.verify

    def verify_slowly(*args: Any, **kwargs: Any) -> Any:
        time.sleep(seconds)
        return slow(*args, **kwargs)

    svc.verify = verify_slowly  # type: ignore[method-assign]


@pytest.mark.parametrize(
    "limits",
    [Limits(threads=1, max_queued=0), Limits(threads=1, queue_timeout=0.1)],
    ids=["too-many-waiting", "waited-too-long"],
)
def test_overload_is_refused_with_resource_exhausted(tmp_path: Any, limits: Limits) -> None:
    """The one long-call thread busy: the next long call is refused, not left to hang, and
    short calls (run on the event loop) are still answered meanwhile."""
    store = EventStore(str(tmp_path / "skald.db"))
    svc = GameService(store, registry())
    server, port = create_server(svc, limits=limits)
    channel, stub = _stub(port)
    try:
        game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=5)
        _slow_verify(svc, 0.5)
        request = pb.VerifyGameRequest(game_id=game.game_id)
        md = _md(game.referee_token)
        busy = stub.VerifyGame.future(request, metadata=md, timeout=5)
        time.sleep(0.05)
        with pytest.raises(grpc.RpcError) as refused:
            stub.VerifyGame(request, metadata=md, timeout=5)
        assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
        assert rule_of(refused.value) == "server/overloaded"
        view = stub.GetView(pb.GetViewRequest(game_id=game.game_id), metadata=md, timeout=5)
        assert not busy.done()  # answered while the long call still ran
        assert view.version == game.version
        assert busy.result().ok  # the call that had the thread was served
    finally:
        channel.close()
        server.stop(0)
        store.close()


def _cross_process_delivery(url: str) -> None:
    """A write on server A reaches a watcher of server B (within the stream's minute: only a
    write never delivered outlasts it). How soon: ``python -m skald.benchmarks.reads``."""
    stores = [EventStore(url), EventStore(url)]
    servers = [create_server(GameService(s, registry())) for s in stores]
    (chan_a, a), (chan_b, b) = (_stub(port) for _, port in servers)
    try:
        game = a.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=5)
        stream = b.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=60)
        assert next(stream).version == 1
        time.sleep(0.3)  # the watcher waits on B's channel now
        version = _play_one(a, game.game_id, game.referee_token, random.Random(3))
        while next(stream).version < version:
            pass
        stream.cancel()
    finally:
        chan_a.close()
        chan_b.close()
        for server, _ in servers:
            server.stop(0)
        for store in stores:
            store.close()


def test_a_write_on_another_process_wakes_the_watcher_sqlite(tmp_path: Any) -> None:
    _cross_process_delivery(str(tmp_path / "shared.db"))


def test_a_write_on_another_replica_wakes_the_watcher_postgresql(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """LISTEN/NOTIFY wakes the watcher: the fallback poll of the notification log (every
    second) is held off for an hour here, so nothing else could."""
    from skald.service.store import notify

    class NoPoll(notify.LogTail):
        def __init__(self, store: EventStore, changed: Any, interval: float = 1.0) -> None:
            super().__init__(store, changed, interval=3600)

    monkeypatch.setattr(notify, "LogTail", NoPoll)
    _cross_process_delivery(pg_url)


def test_spectators_hold_no_thread_while_they_wait(served: tuple[int, GameService]) -> None:
    """WatchGame streams are coroutines: 120 open streams add no thread (a few for grpc's
    client side at most), where a thread per stream would add 120."""
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
    assert grown <= 8, grown  # server and test client threads alike


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


def test_a_stream_whose_client_stops_reading_is_cut(
    tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A stream whose sends wait on its client while batches pile up is cancelled once more
    than MAX_BEHIND wait (the client may resume from its last version); the fan-out forgets it."""
    import asyncio

    from skald.service.contract._generated.skald.v1 import skald_pb2
    from skald.service.grpc import watching
    from skald.service.grpc.fanout import Fanout
    from skald.service.grpc.server import Servicer
    from skald.service.grpc.serving import Admission
    from skald.service.model.auth import OPERATOR

    monkeypatch.setattr(watching, "MAX_BEHIND", 3)
    svc = GameService(EventStore(str(tmp_path / "skald.db")), registry())
    created = svc.create(CreateGame(GAME, 3, seed=b"behind"))
    encoder = watching.Encoder(svc)
    fanout = Fanout(lambda gid, after: svc.repo.read(gid, after=after), encode=encoder.encode)
    svc.repo.listen_records(fanout.appended)

    class Context:
        def invocation_metadata(self) -> tuple[()]:
            return ()

    watch = watching.watch_handler(
        Servicer(svc), fanout, lambda _: None, Admission(Limits()), encoder
    )
    raw = skald_pb2.WatchGameRequest(
        game_id=created.game_id, after_version=created.version
    ).SerializeToString()
    rng = random.Random(2)

    def play(moves: int) -> None:
        for _ in range(moves):
            loaded = svc.load(created.game_id)
            rules = svc.rules_of(created.game_id)
            seat = min(rules.to_act(loaded.state))
            svc.submit(
                SubmitMove(
                    created.game_id,
                    seat,
                    rng.choice(list(rules.legal_commands(loaded.state, seat))),
                    who=OPERATOR,
                )
            )

    async def client() -> None:
        stream = watch(raw, Context())
        await asyncio.to_thread(play, 1)
        await anext(stream)  # one taken; then the client reads no more
        await asyncio.to_thread(play, 6)
        for _ in range(100):  # the fan-out's deliveries reach the loop (up to 5 s under load)
            await asyncio.sleep(0.05)

    with pytest.raises(asyncio.CancelledError):
        asyncio.run(client())
    assert fanout.watchers(created.game_id) == 0
    fanout.close()
    svc.store.close()


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

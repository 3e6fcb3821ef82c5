"""The per-game fan-out: a write reads the new batch once for every watcher of that game, and
wakes no other game's watchers (``service/grpc/fanout.py``); the log tail names the games another
process wrote (``service/store/notify.py``)."""

from __future__ import annotations

import threading
import time

import pytest

from skald.service.app.requests import CreateGame, SubmitMove
from skald.service.grpc.fanout import Fanout
from skald.service.model.records import Record


def _record(version: int) -> Record:
    return Record(version, "T", None, "c", {}, None, None, "p", f"h{version}", "", None)


class Store:
    def __init__(self) -> None:
        self.records: dict[str, list[Record]] = {"a": [], "b": []}
        self.reads: list[tuple[str, int]] = []
        self.gate = threading.Event()
        self.gate.set()

    def read(self, game_id: str, after: int) -> list[Record]:
        self.gate.wait(5)
        self.reads.append((game_id, after))
        return [r for r in self.records[game_id] if r.version > after]


def _until(condition: object, timeout: float = 5.0) -> None:
    deadline = time.time() + timeout
    while not condition() and time.time() < deadline:  # type: ignore[operator]
        time.sleep(0.005)


def test_one_read_per_batch_for_all_watchers_of_the_game_only() -> None:
    store = Store()
    fanout = Fanout(store.read)
    got: dict[str, list[list[int]]] = {name: [] for name in ("a1", "a2", "a3", "b1")}

    def sink(name: str):  # type: ignore[no-untyped-def]
        return lambda batch, _data: got[name].append([r.version for r in batch])

    subs = [fanout.subscribe("a", sink(n)) for n in ("a1", "a2", "a3")]
    fanout.subscribe("b", sink("b1"))
    store.records["a"] += [_record(1), _record(2)]
    fanout.changed("a")
    _until(lambda: all(got[n] for n in ("a1", "a2", "a3")))
    assert store.reads == [("a", 0)]  # one read, not one per watcher
    assert got["a1"] == got["a2"] == got["a3"] == [[1, 2]]
    assert got["b1"] == []  # another game's watchers never woke
    fanout.changed("unwatched")  # a game nobody watches costs nothing
    assert store.reads == [("a", 0)]

    store.records["a"].append(_record(3))
    fanout.changed("a")
    _until(lambda: len(got["a1"]) == 2)
    assert store.reads[-1] == ("a", 2)  # from the channel's position: only the new batch
    assert got["a2"][-1] == [3]

    for sub in subs:
        sub.close()
    assert fanout.watched() == ["b"]
    fanout.close()


def test_writes_during_a_read_coalesce_into_one_more_read() -> None:
    store = Store()
    fanout = Fanout(store.read)
    batches: list[list[int]] = []
    fanout.subscribe("a", lambda batch, _data: batches.append([r.version for r in batch]))
    store.gate.clear()  # the first read blocks: writes pile up meanwhile
    store.records["a"].append(_record(1))
    fanout.changed("a")
    _until(lambda: True, 0.05)
    for version in (2, 3, 4):
        store.records["a"].append(_record(version))
        fanout.changed("a")
    store.gate.set()
    _until(lambda: sum(len(b) for b in batches) == 4)
    assert [v for b in batches for v in b] == [1, 2, 3, 4]
    assert len(store.reads) <= 2  # three kicks during the read: one more read, not three
    fanout.close()


def test_log_tail_names_the_games_another_process_wrote(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from skald.service.bootstrap import open_service
    from skald.service.store.notify import LogTail

    db = str(tmp_path / "shared.db")
    watcher, writer = open_service(db), open_service(db)  # two processes' stores, one file
    seen: list[str] = []
    tail = LogTail(watcher.store, seen.append)
    created = writer.create(CreateGame("red_north", 3))
    assert created.game_id in tail.poll()
    assert seen == [created.game_id]
    assert tail.poll() == set()  # nothing new: nothing reported


def test_log_tail_skips_the_rows_this_process_wrote(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """Own rows are neither read back nor reported; another process's are, mixed or not."""
    from skald.service.bootstrap import open_service
    from skald.service.store.notify import LogTail

    db = str(tmp_path / "shared.db")
    mine, other = open_service(db), open_service(db)
    seen: list[str] = []
    tail = LogTail(mine.store, seen.append)
    mine.repo.listen_rows(tail.wrote)
    reads: list[int] = []
    select = mine.store.recorder.select_notifications

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        reads.append(1)
        return select(*args, **kwargs)

    mine.store.recorder.select_notifications = counted  # type: ignore[method-assign]
    own = mine.create(CreateGame("red_north", 3))
    assert tail.poll() == set()
    assert reads == []  # every new row was this process's: not one read
    assert seen == []

    theirs = other.create(CreateGame("red_north", 3))
    also_mine = mine.create(CreateGame("red_north", 3))
    assert tail.poll() == {theirs.game_id}  # read once, own rows passed over
    assert reads and seen == [theirs.game_id]
    assert own.game_id not in seen and also_mine.game_id not in seen
    assert tail._own == set()  # nothing kept past the position

    reads.clear()
    mine.create(CreateGame("red_north", 3))
    assert tail.poll() == set() and reads == []


def test_a_notice_of_a_version_the_channel_has_reads_nothing() -> None:
    store = Store()
    fanout = Fanout(store.read)
    got: list[int] = []
    fanout.subscribe("a", lambda batch, data: got.extend(r.version for r in batch))
    store.records["a"] += [_record(1), _record(2)]
    fanout.appended("a", [_record(1), _record(2)])
    _until(lambda: got == [1, 2])
    fanout.changed("a", 2)  # a sibling wrote up to 2: this channel has it
    time.sleep(0.05)
    assert store.reads == []
    store.records["a"].append(_record(3))
    fanout.changed("a", 3)
    _until(lambda: got == [1, 2, 3])
    assert store.reads == [("a", 2)]
    fanout.close()


def test_pushed_records_need_no_read_and_are_encoded_once_per_audience() -> None:
    store = Store()
    encoded: list[tuple[str, object, list[int]]] = []

    def encode(game_id: str, audience: object, records: object) -> list[bytes]:
        versions = [r.version for r in records]  # type: ignore[attr-defined]
        encoded.append((game_id, audience, versions))
        return [f"{audience}:{v}".encode() for v in versions]

    fanout = Fanout(store.read, encode=encode)
    got: dict[str, list[list[bytes]]] = {name: [] for name in ("p1", "p2", "s0")}

    def sink(name: str):  # type: ignore[no-untyped-def]
        return lambda batch, data: got[name].append(list(data))

    fanout.subscribe("a", sink("p1"), ("seat", None))
    fanout.subscribe("a", sink("p2"), ("seat", None))
    fanout.subscribe("a", sink("s0"), ("seat", 0))
    fanout.appended("a", [_record(1), _record(2)])
    _until(lambda: all(got.values()))
    assert store.reads == []  # this process's own write: handed over, never read back
    assert sorted(str(e[1]) for e in encoded) == ["('seat', 0)", "('seat', None)"]  # one each
    assert got["p1"] == got["p2"] == [[b"('seat', None):1", b"('seat', None):2"]]
    assert got["s0"] == [[b"('seat', 0):1", b"('seat', 0):2"]]

    store.records["a"] += [_record(v) for v in (1, 2, 3, 4)]
    fanout.appended("a", [_record(4)])  # 3 came from another process: a gap, so one read
    _until(lambda: len(got["p1"]) == 2)
    assert store.reads == [("a", 2)]
    assert got["p1"][-1] == [b"('seat', None):3", b"('seat', None):4"]
    fanout.close()


def test_a_stream_is_a_coroutine_fed_by_the_fan_out(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """WatchGame driven by hand on an event loop: the backlog, then each written batch pushed
    by the fan-out (no read), then the stream leaves its channel when its task is cancelled."""
    import asyncio

    from skald.service.bootstrap import open_service
    from skald.service.contract._generated.skald.v1 import skald_pb2
    from skald.service.grpc.server import Servicer
    from skald.service.grpc.serving import Admission, Limits
    from skald.service.grpc.watching import Encoder, watch_handler
    from skald.service.model.auth import OPERATOR

    svc = open_service(str(tmp_path / "s.db"))
    created = svc.create(CreateGame("red_north", 3, seed=b"coroutine"))
    encoder = Encoder(svc)
    fanout = Fanout(lambda gid, after: svc.repo.read(gid, after=after), encode=encoder.encode)
    svc.repo.listen_records(fanout.appended)

    class Context:
        def invocation_metadata(self) -> tuple[()]:
            return ()

    admission = Admission(Limits())
    watch = watch_handler(Servicer(svc), fanout, lambda _: None, admission, encoder)
    raw = skald_pb2.WatchGameRequest(game_id=created.game_id).SerializeToString()

    async def run() -> tuple[list[int], list[int], list[int]]:
        stream = watch(raw, Context())
        first = [
            skald_pb2.GameEvent.FromString(await anext(stream)).version
            for _ in range(created.version)
        ]
        rules = svc.rules_of(created.game_id)
        loaded = svc.load(created.game_id)
        seat = min(rules.to_act(loaded.state))
        command = next(iter(rules.legal_commands(loaded.state, seat)))
        done = await asyncio.to_thread(
            svc.submit, SubmitMove(created.game_id, seat, command, who=OPERATOR)
        )
        pushed = [skald_pb2.GameEvent.FromString(await anext(stream)).version for _ in done.records]
        assert fanout.watchers(created.game_id) == 1
        waiting = asyncio.ensure_future(anext(stream))
        await asyncio.sleep(0.05)
        waiting.cancel()  # the client left
        with pytest.raises(asyncio.CancelledError):
            await waiting
        return first, pushed, [r.version for r in done.records]

    first, pushed, written = asyncio.run(run())
    assert first == list(range(1, created.version + 1))
    assert pushed == written
    assert fanout.watchers(created.game_id) == 0 and admission.open_stream() is None
    fanout.close()
    svc.store.close()


@pytest.mark.postgres
def test_a_replica_passes_over_its_own_notices(pg_url: str) -> None:
    """Its own NOTIFY comes back to a replica's LISTEN: it is passed over (the fan-out has the
    records); another replica's wakes the game."""
    from skald.service.bootstrap import open_service
    from skald.service.store.notify import PgNotices

    mine, other = open_service(pg_url), open_service(pg_url)
    seen: list[str] = []
    notices = PgNotices(mine.store, seen.append).start()
    theirs_sent = PgNotices(other.store, lambda game: None).start()
    mine.repo.listen(notices.send)
    other.repo.listen(theirs_sent.send)
    try:
        own = mine.create(CreateGame("red_north", 3))
        theirs = other.create(CreateGame("red_north", 3))
        _until(lambda: theirs.game_id in seen)
        time.sleep(0.3)  # own notices, had they not been passed over, would be in by now
        assert own.game_id not in seen
        assert notices._sent == {}  # each own notice heard back once
    finally:
        notices.stop()
        theirs_sent.stop()

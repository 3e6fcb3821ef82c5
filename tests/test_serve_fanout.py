"""The per-game fan-out: a write reads the new batch once for every watcher of that game, and
wakes no other game's watchers (``service/fanout.py``); the log tail names the games another
process wrote (``service/notify.py``)."""

from __future__ import annotations

import threading
import time

from service.fanout import Fanout
from service.records import Record


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
        return lambda batch: got[name].append([r.version for r in batch])

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
    fanout.subscribe("a", lambda batch: batches.append([r.version for r in batch]))
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
    from service.bootstrap import open_service
    from service.notify import LogTail

    db = str(tmp_path / "shared.db")
    watcher, writer = open_service(db), open_service(db)  # two processes' stores, one file
    seen: list[str] = []
    tail = LogTail(watcher.store, seen.append)
    created = writer.create("red_north", 3)
    assert created.game_id in tail.poll()
    assert seen == [created.game_id]
    assert tail.poll() == set()  # nothing new: nothing reported

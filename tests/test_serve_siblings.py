"""Workers tell each other of their writes (``service/store/siblings.py``): a datagram per write, read
on the receiving worker's event loop; never blocking, dropped when nobody is listening."""

from __future__ import annotations

import asyncio
import sys

import pytest

from skald.service.model.records import Record
from skald.service.store.siblings import Siblings, sibling_names

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="abstract sockets")


def _record(version: int) -> Record:
    return Record(version, "x.Done", None, "c", {})


def test_a_write_reaches_every_other_worker_with_its_version() -> None:
    names = sibling_names(3)
    assert names is not None and len(set(names)) == 3
    group = [Siblings(names, i) for i in range(3)]
    heard: dict[int, list[tuple[str, int]]] = {0: [], 1: [], 2: []}

    async def run() -> None:
        loop = asyncio.get_running_loop()
        for i, sib in enumerate(group):
            sib.listen(loop, lambda game, version, i=i: heard[i].append((game, version)))
        group[0].wrote("game-a", [_record(4), _record(5)])
        group[2].wrote("game-b", [_record(1)])
        group[2].wrote("game-c", [])  # nothing written: nothing sent
        for _ in range(50):
            await asyncio.sleep(0.01)
            if len(heard[1]) == 2:
                break

    try:
        asyncio.run(run())
        assert heard[0] == [("game-b", 1)]  # never its own write
        assert sorted(heard[1]) == [("game-a", 5), ("game-b", 1)]
        assert heard[2] == [("game-a", 5)]
        assert group[0].sent == 2 and group[2].sent == 2
    finally:
        for sib in group:
            sib.close()


def test_a_sibling_not_listening_costs_the_writer_nothing() -> None:
    names = sibling_names(2)
    assert names is not None
    alone = Siblings(names, 0)  # worker 1 never bound its inbox
    try:
        alone.wrote("game-a", [_record(1)])  # returns at once, counted as dropped
        assert (alone.sent, alone.dropped) == (0, 1)
    finally:
        alone.close()


def test_one_worker_has_no_siblings() -> None:
    assert sibling_names(1) is None

"""A writer's catch-up from its own batches (service/store/index.py): it gives the rows a read of the
log gives, reads none of its own records back, and goes back to the log as soon as another
writer's row lies in the stretch. Run on SQLite and PostgreSQL (the ``db_url`` fixture)."""

from __future__ import annotations

import random
from typing import Any

from skald.domain.kernel.play import random_command
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ListGames, SubmitMove
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.store.event_store import EventStore
from skald.service.store.index import CATCH_UP_EVERY
from tests.test_service import play_to_end


def _service(db_url: str) -> GameService:
    return GameService(EventStore(db_url), registry())


def _rows(svc: GameService) -> list[dict[str, Any]]:
    return [row.to_json() for row in svc.list_games(ListGames())]


def _count_reads(svc: GameService) -> list[int]:
    """Records the log gives back to ``svc``'s catch-ups, one entry per page read."""
    read: list[int] = []
    page = svc.store.log_page

    def counted(after: int, limit: int = 1000, sparse: bool = False) -> Any:
        got = page(after, limit, sparse)
        read.append(len(got[1]))
        return got

    svc.store.log_page = counted  # type: ignore[method-assign]
    return read


def _rebuilt(db_url: str) -> list[dict[str, Any]]:
    """The index built again from the whole log by another process."""
    other = _service(db_url)
    try:
        other.rebuild_index()
        return _rows(other)
    finally:
        other.store.close()


def test_own_batches_are_indexed_without_reading_them_back(db_url: str) -> None:
    svc = _service(db_url)
    read = _count_reads(svc)
    ids = [svc.create(CreateGame("toy", 2, seed=f"own{i}".encode())).game_id for i in range(3)]
    play_to_end(svc, ids[1])
    loaded = svc.load(ids[2])
    pick = random_command(loaded.rules, loaded.state, random.Random(1))
    assert pick is not None
    svc.submit(SubmitMove(ids[2], *pick, who=OPERATOR))
    rows = _rows(svc)
    assert [row["game_id"] for row in rows] == ids
    assert [row["status"] for row in rows] == ["running", "finished", "running"]
    assert sum(read) == 0 and read  # the log was looked at past them, and held nothing new
    assert rows == _rebuilt(db_url)
    svc.store.close()


def test_another_writers_row_in_between_sends_the_catch_up_to_the_log(db_url: str) -> None:
    mine, theirs = _service(db_url), _service(db_url)
    read = _count_reads(mine)
    first = mine.create(CreateGame("toy", 2, seed=b"a")).game_id
    other = theirs.create(
        CreateGame("toy", 2, seed=b"b")
    ).game_id  # between two batches of ``mine``
    play_to_end(mine, first)
    rows = _rows(mine)
    assert [row["game_id"] for row in rows] == [first, other]
    assert sum(read) > 0  # a gap in its own ids: this stretch was read from the log
    assert rows == _rebuilt(db_url)
    read.clear()  # past the other writer's row, its own batches suffice again
    again = mine.create(CreateGame("toy", 2, seed=b"c")).game_id
    play_to_end(mine, again)
    rows = _rows(mine)
    assert [row["game_id"] for row in rows] == [first, other, again]
    assert sum(read) == 0
    assert rows == _rebuilt(db_url)
    for svc in (mine, theirs):
        svc.store.close()


def test_a_stretch_with_a_gap_is_not_taken_from_own_batches(db_url: str) -> None:
    svc = _service(db_url)
    index = svc.repo.index
    gid = svc.create(CreateGame("toy", 2, seed=b"gap")).game_id
    position = index.tables.position()
    records = svc.store.read(gid)[-1:]
    index._own = [((position + 2, position + 3), gid, tuple(records))]  # position + 1 unknown
    assert index._own_page(position) is None
    index._own = [((position + 1, position + 2), gid, tuple(records))]
    last, got, skipped = index._own_page(position) or (0, [], [])
    assert (last, [r for _, _, r in got], skipped) == (position + 1, records, [])
    index._own = [((position + 1,), "", ())]  # a secret of its own, no game record: the log
    assert index._own_page(position) is None
    svc.store.close()


def test_a_writers_periodic_catch_up_reads_no_log(db_url: str) -> None:
    svc = _service(db_url)
    read = _count_reads(svc)
    first = svc.create(CreateGame("toy", 2, seed=b"periodic")).game_id
    before = svc.repo.index.tables.position()
    for _ in range(CATCH_UP_EVERY):  # every game created is one batch appended
        svc.create(CreateGame("toy", 2))
    assert svc.repo.index.tables.position() > before
    assert read == []  # its own batches sufficed: the log was not even looked at
    rows = _rows(svc)
    assert rows[0]["game_id"] == first and len(rows) == CATCH_UP_EVERY + 1
    assert rows == _rebuilt(db_url)
    svc.store.close()

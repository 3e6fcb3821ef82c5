"""The games index: a projection of the notification log, persisted in the store.

One row per game (id, game, players, status, version, scores, fork source, created and last
updated) in the store's own database (:mod:`skald.service.store.index_tables`), with the notification
position it has caught up to. Before answering, it reads the log after that position — the
records any process wrote since — and writes the rows it changed with the new position in one
transaction; a writer also catches up after every :data:`CATCH_UP_EVERY` of its own batches,
so what is left for a reader is bounded by recent writes, never by how many games are stored.
Startup, ``skald games``, ListGames (paged by keyset, filtered and sorted by indexed columns)
and id-prefix lookups (an indexed range) therefore cost the same at 100,000 games as at 10;
the index is rebuilt from the log only on request (:meth:`GamesIndex.rebuild`).

A catch-up decodes only the rows a row of the index depends on — each game's first record and
its last one in a page (``EventStore.log_page(sparse=True)``) — so its cost is per game
touched, not per record. A writer's own batches need not even be read back: it keeps the
records it wrote with the notification ids the store gave them, and when those ids fill the
log right after the position (no other writer's row in between, checked id by id) a catch-up
indexes that stretch from them — the same records, in the same order, the same rows — and
reads the log only from there on; a writer's periodic catch-up stops there (reading its batches
back cost about 10 µs of every command's CPU).
A row it cannot read (undecodable, or a kernel record of the wrong shape) is skipped and kept
in :attr:`GamesIndex.unreadable` (persisted, and a warning in the log once), so one bad row
never breaks queries about other games.
"""

from __future__ import annotations

import base64
import json
import logging
import threading
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from functools import lru_cache
from typing import Any

from eventsourcing.persistence import InterfaceError, OperationalError

from skald.domain.kernel.codec import to_data
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.ranges import require_int32
from skald.domain.kernel.records import GameCreated, GameEnded
from skald.service.model.records import CREATED, ENDED, Record, read_kernel
from skald.service.model.registry import canonical
from skald.service.store.check import HEALTH
from skald.service.store.index_tables import IndexRow, IndexTables, Unreadable

__all__ = ["CATCH_UP_EVERY", "GamesIndex", "GamesPage", "GamesQuery", "IndexRow", "Unreadable"]

log = logging.getLogger(__name__)

CATCH_UP_EVERY = 64
"""A writer's own batches between its catch-ups: the most a reader may have to index (each
catch-up costs a few statements and a commit, whatever it finds: 64 keeps that under 2% of a
command's CPU, and a reader's catch-up of 64 batches per writer under a few milliseconds)."""
PAGE_READ = 1000
"""Notifications read per page of a catch-up."""
OWN_LIMIT = 4 * CATCH_UP_EVERY
"""Own batches kept for the next catch-up at most (past it, the log is read as usual)."""
PAGE_DEFAULT, PAGE_MAX = 100, 1000
ORDERS = ("created", "-created", "updated", "-updated")
STATUSES = {"running": "running", "ended": "finished", "finished": "finished"}


@dataclass(frozen=True, slots=True)
class GamesQuery:
    """A ListGames request: filters (all optional), an order and a page."""

    game: str = ""
    status: str = ""
    """``running`` or ``ended`` (``finished`` too)."""
    players: int = 0
    created_since: str = ""
    """ISO date or time, inclusive."""
    created_before: str = ""
    """ISO date or time, exclusive."""
    order: str = "created"
    """``created``/``updated``, ``-`` first for newest first."""
    page_size: int = 0
    """0 → :data:`PAGE_DEFAULT`; at most :data:`PAGE_MAX`."""
    page_token: str = ""


@dataclass(frozen=True, slots=True)
class GamesPage:
    rows: list[IndexRow]
    next_page_token: str
    """Empty on the last page."""


def time_key(text: str, field: str = "time") -> str:
    """An ISO date or time as the UTC text the index compares (naive times are UTC)."""
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise Malformed(
            "games/bad-time", f"{field} {text[:40]!r} is not an ISO date or time"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="microseconds")


class GamesIndex:
    """The persisted games index of one store; thread-safe (catch-ups run one at a time in a
    process, and compare-and-set against other processes)."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.tables = IndexTables(store)
        self._lock = threading.Lock()
        self._unsynced = 0
        self._own_lock = threading.Lock()
        self._own: list[tuple[tuple[int, ...], str, tuple[Record, ...]]] = []
        """This process's batches not yet indexed: (notification ids, game id, records)."""
        if not self.tables.streams_complete():  # an index from before the streams table
            log.warning("games index: built again once, to index each game's chance streams")
            self.rebuild()

    @property
    def unreadable(self) -> list[Unreadable]:
        """Rows skipped because they cannot be read (written around the store), in log order."""
        return self.tables.unreadable()

    # ------------------------------------------------------------------ keeping up

    def catch_up(self, own_only: bool = False) -> int:
        """Index every notification after the stored position; the position reached.

        ``own_only`` (a writer's periodic catch-up) stops after the stretch this process
        wrote itself, when there is one, instead of looking further in the log: what other
        writers wrote is theirs to index, or the next reader's."""
        with self._lock:
            self._unsynced = 0
            position = self.tables.position()
            while True:
                own = self._own_page(position)
                if own is not None:
                    last, records, skipped = own
                else:
                    last, records, skipped = self.store.log_page(position, PAGE_READ, sparse=True)
                if last == position:
                    self._forget_own(position)
                    return position
                rows = self.tables.rows_of(game_id for _, game_id, _ in records)
                changed: dict[str, IndexRow] = {}
                for at, game_id, record in records:
                    try:
                        row = _apply(rows.get(game_id), at, game_id, record)
                    except Malformed as error:
                        skipped.append(Unreadable(at, game_id, error.reason))
                        continue
                    if row is not None:
                        rows[game_id] = changed[game_id] = row
                if self.tables.advance(position, last, list(changed.values()), skipped):
                    for u in skipped:
                        log.warning(
                            "games index: skipped unreadable row %d of game %s: %s",
                            u.position,
                            u.game_id,
                            u.reason,
                        )
                    if (own is None and last - position < PAGE_READ) or (
                        own is not None and own_only
                    ):
                        self._forget_own(last)  # the log's end, or the end of its own rows
                        return int(last)
                    position = last
                else:  # another process indexed these first: go on from where it got
                    position = self.tables.position()

    def _own_page(
        self, position: int
    ) -> tuple[int, list[tuple[int, str, Record]], list[Unreadable]] | None:
        """What ``log_page(position, sparse=True)`` would give for the stretch of the log up to
        the last game record this process wrote, from its own records: ``None`` unless every
        notification from ``position + 1`` to that record is one of this process's rows (a
        gap may be another writer's). Like the log's page, it ends at a game record."""
        with self._own_lock:
            own = list(self._own)
        rows = sorted(
            (i, game_id, r)
            for batch, game_id, records in own
            for i, r in zip(batch, records, strict=False)  # a batch's last id is its head
            if i > position
        )
        if not rows:
            return None
        last = rows[-1][0]
        ids = sorted(i for batch, _, _ in own for i in batch if position < i <= last)
        if ids[0] != position + 1 or len(ids) != last - position:
            return None
        last_of = {game_id: i for i, game_id, _ in rows}  # as the sparse read: each game's
        wanted = set(last_of.values())  # first record and its last one in the page
        return last, [row for row in rows if row[2].version == 1 or row[0] in wanted], []

    def _forget_own(self, position: int) -> None:
        """Drop the own batches the index has wholly passed."""
        with self._own_lock:
            self._own = [b for b in self._own if b[0][-1] > position]

    def wrote(self, ids: Sequence[int]) -> None:
        """Rows of this process that are no game record (a game's secrets): nothing to index,
        but known to be no other writer's either."""
        if ids:
            with self._own_lock:
                if len(self._own) < OWN_LIMIT:
                    self._own.append((tuple(ids), "", ()))

    def appended(
        self, game_id: str = "", records: Sequence[Record] = (), ids: Sequence[int] | None = None
    ) -> None:
        """One batch of this process was written (``records`` of ``game_id``, with the
        notification ids of its rows, the head's last): catch up every :data:`CATCH_UP_EVERY`."""
        if ids is not None and records and all(r.at for r in records):
            with self._own_lock:
                if len(self._own) < OWN_LIMIT:
                    self._own.append((tuple(ids), _canonical_id(game_id), tuple(records)))
        self._unsynced += 1
        if self._unsynced >= CATCH_UP_EVERY:
            try:
                self.catch_up(own_only=True)
            except (InterfaceError, OperationalError) as error:  # an outage: its own line
                HEALTH.failed(error)  # the batch is stored; the next query catches up instead
            except Exception:  # anything else is a bug: its traceback
                log.warning("games index: catch-up after a write failed", exc_info=True)

    def rebuild(self) -> int:
        """The index dropped and built again from the whole log; the number of games."""
        with self._lock:
            self.tables.clear()
        self.catch_up()
        return self.tables.count("1 = 1", ())

    # ------------------------------------------------------------------ queries

    def rows(self, status: str = "") -> list[IndexRow]:
        """Every game (or every game of one status), in creation order."""
        self.catch_up()
        if status:
            return self.tables.select("status = ?", (_status(status),), "ORDER BY position")
        return self.tables.select(tail="ORDER BY position")

    def sharing(self, game_id: str) -> list[str]:
        """The running games other than ``game_id`` that draw from a chance stream of its
        (an indexed join: the games that may share one of its seeds, however many run)."""
        self.catch_up()
        return self.tables.sharing(game_id)

    def prefix(self, text: str) -> tuple[list[str], int]:
        """Up to two ids starting with ``text`` and how many there are (an indexed range)."""
        self.catch_up()
        where, args = "game_id >= ? AND game_id < ?", (text, text + "~")
        ids = self.tables.ids(where, args, 2)
        return ids, (len(ids) if len(ids) < 2 else self.tables.count(where, args))

    def page(self, query: GamesQuery) -> GamesPage:
        """One page of the games ``query`` selects, in its order (keyset paging: a token names
        the last row shown, so pages stay right while games are added)."""
        if query.order not in ORDERS:
            raise Malformed(
                "games/bad-order", f"order {query.order[:40]!r} is not one of {', '.join(ORDERS)}"
            )
        if query.page_size < 0 or query.players < 0:
            raise Malformed("games/bad-page", "page_size and players cannot be negative")
        # Both are int32 on the wire: refused beyond it here too (SQLite cannot even bind a
        # number beyond 64 bits), so a local listing answers as ListGames would.
        require_int32(query.page_size, "games/bad-page", "page_size")
        require_int32(query.players, "games/bad-page", "players")
        size = min(query.page_size or PAGE_DEFAULT, PAGE_MAX)
        where, args = _filters(query)
        key = "created_key" if query.order.endswith("created") else "updated_key"
        desc = query.order.startswith("-")
        if query.page_token:
            after_key, after_id = _read_token(query.page_token, query.order)
            where.append(f"({key}, game_id) {'<' if desc else '>'} (?, ?)")
            args += [after_key, after_id]
        direction = "DESC" if desc else "ASC"
        self.catch_up()
        rows = self.tables.select(
            " AND ".join(where),
            args,
            f"ORDER BY {key} {direction}, game_id {direction} LIMIT {size + 1}",
        )
        token = ""
        if len(rows) > size:
            rows = rows[:size]
            last = rows[-1]
            token = _token(query.order, getattr(last, key), last.game_id)
        return GamesPage(rows, token)


@lru_cache(maxsize=4096)
def _canonical_id(game_id: str) -> str:
    """A game id as the log names it (``str`` of its UUID)."""
    return str(uuid.UUID(game_id))


def _status(status: str) -> str:
    if status not in STATUSES:
        raise Malformed("games/bad-status", f"status {status[:40]!r} is not running or ended")
    return STATUSES[status]


def _filters(query: GamesQuery) -> tuple[list[str], list[Any]]:
    where: list[str] = []
    args: list[Any] = []
    if "\x00" in query.game:  # no game is named so, and PostgreSQL refuses NUL in text
        raise Malformed("games/bad-game", f"game {query.game[:40]!r} is not a game name")
    if query.game:
        where.append("game = ?")
        args.append(canonical(query.game))
    if query.status:
        where.append("status = ?")
        args.append(_status(query.status))
    if query.players:
        where.append("players = ?")
        args.append(query.players)
    if query.created_since:
        where.append("created_key >= ?")
        args.append(time_key(query.created_since, "created_since"))
    if query.created_before:
        where.append("created_key < ?")
        args.append(time_key(query.created_before, "created_before"))
    return where, args


def _token(order: str, key: str, game_id: str) -> str:
    raw = json.dumps([order, key, game_id], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def _read_token(token: str, order: str) -> tuple[str, str]:
    try:
        raw = base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))
        got, key, game_id = json.loads(raw)
        texts = isinstance(key, str) and isinstance(game_id, str)
        if got == order and texts and "\x00" not in key + game_id:  # a NUL: never ours
            return key, game_id
    except (ValueError, TypeError):
        pass
    raise Malformed("games/bad-page-token", "page_token is not one this list gave (for this order)")


def _apply(row: IndexRow | None, position: int, game_id: str, record: Record) -> IndexRow | None:
    """One record into its game's row (a second ``GameCreated`` for an id replaces it); the
    row changed, or ``None`` when the record belongs to no indexed game."""
    at_key = time_key(record.at) if record.at else ""
    if record.type == CREATED:
        created = read_kernel(record, GameCreated)
        origin = created.forked_from
        row = IndexRow(
            game_id,
            created.game,
            created.players,
            position,
            version=record.version,
            forked_from=to_data(origin) if origin is not None else None,
            created_at=record.at,
            created_key=at_key,
            updated_at=record.at,
            updated_key=at_key,
            streams=tuple(sorted({segment.stream for segment in created.segments})),
        )
    if row is None:
        return None
    if record.version >= row.version:
        row.version, row.updated_at, row.updated_key = record.version, record.at, at_key
    if record.type == ENDED:
        ended = read_kernel(record, GameEnded)
        row.status = "finished"
        row.scores = list(ended.scores)
        row.winners = list(ended.winners)
    return row

"""The games index's tables, in the store's own database (SQLite file or PostgreSQL schema).

Four tables next to the library's: ``skald_games`` (one row per game, indexed for every filter
and sort ListGames offers and for id-prefix lookups by range), ``skald_game_streams`` (the
chance streams each game draws from, public in its ``GameCreated``: which running games may
share a seed, looked up by stream), ``skald_index_position`` (the notification the index has
caught up to) and ``skald_index_unreadable`` (rows it skipped).
A catch-up writes rows and position in one transaction whose first statement moves the
position from the value it read (compare-and-set), so two processes catching up at once never
interleave: the loser's transaction changes nothing and it reads again. SQL is written once
with ``?`` placeholders; PostgreSQL gets ``%s`` and ``COLLATE "C"`` ids, so comparing ids and
ISO times is bytewise on both (the range that finds a prefix uses the primary key's index).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

COLUMNS = (
    "game_id, game, players, status, version, scores, winners, forked_from, "
    "created_at, created_key, updated_at, updated_key, position"
)
_NAME = "games"
_STREAMS = "streams"


@dataclass
class IndexRow:
    """One game as the index holds it; ``*_key`` are the UTC ISO forms it sorts and filters by,
    ``position`` the notification of its ``GameCreated`` (creation order)."""

    game_id: str
    game: str
    players: int
    position: int
    status: str = "running"
    version: int = 1
    scores: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    forked_from: dict[str, Any] | None = None
    created_at: str = ""
    created_key: str = ""
    updated_at: str = ""
    updated_key: str = ""
    streams: tuple[str, ...] | None = None
    """The chance streams its segments draw from, when just read from its ``GameCreated``
    (``None`` on a row read back from the table: they are kept in ``skald_game_streams``)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "game_id": self.game_id,
            "game": self.game,
            "players": self.players,
            "status": self.status,
            "version": self.version,
            "scores": self.scores,
            "winners": self.winners,
            "forked_from": self.forked_from,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
        }


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A stored row the index skipped: where, whose, and why."""

    position: int
    game_id: str
    reason: str


class IndexTables:
    """SQL over the index tables through the recorder's datastore (its pool and settings)."""

    def __init__(self, store: Any) -> None:
        self.datastore = store.recorder.datastore
        schema = getattr(self.datastore, "schema", None)
        self.postgres = schema is not None
        self.prefix = f'"{schema}".' if schema else ""
        self._create()

    def _sql(self, text: str) -> str:
        text = text.replace("{p}", self.prefix)
        return text.replace("?", "%s") if self.postgres else text

    def _create(self) -> None:
        collate = ' COLLATE "C"' if self.postgres else ""
        statements = [
            f"CREATE TABLE IF NOT EXISTS {{p}}skald_games (game_id TEXT{collate} PRIMARY KEY, "
            "game TEXT NOT NULL, players INTEGER NOT NULL, status TEXT NOT NULL, "
            "version BIGINT NOT NULL, scores TEXT NOT NULL, winners TEXT NOT NULL, "
            f"forked_from TEXT, created_at TEXT NOT NULL, created_key TEXT{collate} NOT NULL, "
            f"updated_at TEXT NOT NULL, updated_key TEXT{collate} NOT NULL, "
            "position BIGINT NOT NULL)",
            "CREATE INDEX IF NOT EXISTS skald_games_created ON {p}skald_games "
            "(created_key, game_id)",
            "CREATE INDEX IF NOT EXISTS skald_games_updated ON {p}skald_games "
            "(updated_key, game_id)",
            "CREATE INDEX IF NOT EXISTS skald_games_position ON {p}skald_games (position)",
            # an equality filter, then the order: a page reads its rows in order, never sorts
            "CREATE INDEX IF NOT EXISTS skald_games_status_created ON {p}skald_games "
            "(status, created_key, game_id)",
            "CREATE INDEX IF NOT EXISTS skald_games_status_updated ON {p}skald_games "
            "(status, updated_key, game_id)",
            "CREATE INDEX IF NOT EXISTS skald_games_game_created ON {p}skald_games "
            "(game, created_key, game_id)",
            "CREATE TABLE IF NOT EXISTS {p}skald_index_position "
            "(name TEXT PRIMARY KEY, position BIGINT NOT NULL)",
            "CREATE TABLE IF NOT EXISTS {p}skald_index_unreadable "
            "(position BIGINT PRIMARY KEY, game_id TEXT NOT NULL, reason TEXT NOT NULL)",
            f"CREATE TABLE IF NOT EXISTS {{p}}skald_game_streams (game_id TEXT{collate} NOT NULL, "
            f"stream TEXT{collate} NOT NULL, PRIMARY KEY (game_id, stream))",
            "CREATE INDEX IF NOT EXISTS skald_game_streams_stream ON {p}skald_game_streams "
            "(stream, game_id)",
        ]
        seed = "INSERT INTO {p}skald_index_position (name, position) VALUES (?, 0) "
        seed += "ON CONFLICT (name) DO NOTHING"
        # 1 once the streams table holds every indexed game's streams: a fresh index fills
        # it as it goes; an index from before it has games and must be built again once
        mark = "INSERT INTO {p}skald_index_position (name, position) SELECT ?, CASE WHEN "
        mark += "EXISTS (SELECT 1 FROM {p}skald_games) THEN 0 ELSE 1 END "
        mark += "ON CONFLICT (name) DO NOTHING"
        for attempt in range(3):
            try:
                with self.datastore.transaction(commit=True) as c:
                    for statement in statements:
                        c.execute(self._sql(statement))
                    c.execute(self._sql(seed), (_NAME,))
                    c.execute(self._sql(mark), (_STREAMS,))
                return
            except Exception:  # two processes creating the tables at once (PostgreSQL)
                if attempt == 2:
                    raise

    # ------------------------------------------------------------------ reading

    def position(self) -> int:
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                self._sql("SELECT position FROM {p}skald_index_position WHERE name = ?"), (_NAME,)
            )
            found = c.fetchone()
        return int(found["position"]) if found else 0

    def select(self, where: str = "", args: Sequence[Any] = (), tail: str = "") -> list[IndexRow]:
        text = f"SELECT {COLUMNS} FROM {{p}}skald_games"
        text += f" WHERE {where}" if where else ""
        with self.datastore.transaction(commit=False) as c:
            c.execute(self._sql(f"{text} {tail}"), tuple(args))
            return [_row(found) for found in c.fetchall()]

    def ids(self, where: str, args: Sequence[Any], limit: int) -> list[str]:
        text = f"SELECT game_id FROM {{p}}skald_games WHERE {where} ORDER BY game_id LIMIT {limit}"
        with self.datastore.transaction(commit=False) as c:
            c.execute(self._sql(text), tuple(args))
            return [str(found["game_id"]) for found in c.fetchall()]

    def count(self, where: str, args: Sequence[Any]) -> int:
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                self._sql(f"SELECT COUNT(*) AS n FROM {{p}}skald_games WHERE {where}"), tuple(args)
            )
            return int(c.fetchone()["n"])

    def rows_of(self, game_ids: Iterable[str]) -> dict[str, IndexRow]:
        wanted = sorted(set(game_ids))
        found: dict[str, IndexRow] = {}
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            marks = ", ".join("?" for _ in chunk)
            for row in self.select(f"game_id IN ({marks})", chunk):
                found[row.game_id] = row
        return found

    def streams_complete(self) -> bool:
        """Whether ``skald_game_streams`` covers every indexed game (see ``_create``)."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                self._sql("SELECT position FROM {p}skald_index_position WHERE name = ?"),
                (_STREAMS,),
            )
            found = c.fetchone()
        return bool(found and int(found["position"]) == 1)

    def sharing(self, game_id: str) -> list[str]:
        """The running games other than ``game_id`` that draw from one of its streams: its
        streams by primary key, their games by the stream index, then their status by primary
        key — simple lookups, since one join let SQLite's planner walk every running game."""
        with self.datastore.transaction(commit=False) as c:
            c.execute(
                self._sql("SELECT stream FROM {p}skald_game_streams WHERE game_id = ?"), (game_id,)
            )
            streams = [str(found["stream"]) for found in c.fetchall()]
            if not streams:
                return []
            marks = ", ".join("?" for _ in streams)
            c.execute(
                self._sql(
                    f"SELECT DISTINCT game_id FROM {{p}}skald_game_streams WHERE stream IN ({marks})"
                ),
                tuple(streams),
            )
            others = sorted({str(found["game_id"]) for found in c.fetchall()} - {game_id})
            running: list[str] = []
            for start in range(0, len(others), 500):
                chunk = others[start : start + 500]
                marks = ", ".join("?" for _ in chunk)
                c.execute(
                    self._sql(
                        f"SELECT game_id FROM {{p}}skald_games WHERE game_id IN ({marks}) "
                        "AND status = ?"
                    ),
                    (*chunk, "running"),
                )
                running.extend(str(found["game_id"]) for found in c.fetchall())
        return sorted(running)

    def unreadable(self) -> list[Unreadable]:
        text = "SELECT position, game_id, reason FROM {p}skald_index_unreadable ORDER BY position"
        with self.datastore.transaction(commit=False) as c:
            c.execute(self._sql(text))
            return [
                Unreadable(int(r["position"]), str(r["game_id"]), str(r["reason"]))
                for r in c.fetchall()
            ]

    # ------------------------------------------------------------------ writing

    def advance(
        self, old: int, new: int, rows: Sequence[IndexRow], skipped: Sequence[Unreadable]
    ) -> bool:
        """Rows and skipped rows written and the position moved ``old`` → ``new``, in one
        transaction; ``False`` (nothing written) when another process moved it first."""
        with self.datastore.transaction(commit=True) as c:
            c.execute(
                self._sql(
                    "UPDATE {p}skald_index_position SET position = ? "
                    "WHERE name = ? AND position = ?"
                ),
                (new, _NAME, old),
            )
            if getattr(c, "sqlite_cursor", c).rowcount != 1:
                return False
            upsert = (
                f"INSERT INTO {{p}}skald_games ({COLUMNS}) VALUES ({', '.join('?' * 13)}) "
                "ON CONFLICT (game_id) DO UPDATE SET "
                + ", ".join(f"{col} = excluded.{col}" for col in COLUMNS.split(", ")[1:])
            )
            if rows:
                c.executemany(self._sql(upsert), [_values(row) for row in rows])
            created = [row for row in rows if row.streams is not None]
            if created:  # a second GameCreated for an id replaces its streams too
                c.executemany(
                    self._sql("DELETE FROM {p}skald_game_streams WHERE game_id = ?"),
                    [(row.game_id,) for row in created],
                )
                pairs = [(row.game_id, s) for row in created for s in row.streams or ()]
                if pairs:
                    c.executemany(
                        self._sql(
                            "INSERT INTO {p}skald_game_streams (game_id, stream) VALUES (?, ?) "
                            "ON CONFLICT (game_id, stream) DO NOTHING"
                        ),
                        pairs,
                    )
            if skipped:
                c.executemany(
                    self._sql(
                        "INSERT INTO {p}skald_index_unreadable (position, game_id, reason) "
                        "VALUES (?, ?, ?) ON CONFLICT (position) DO NOTHING"
                    ),
                    [(u.position, u.game_id, u.reason) for u in skipped],
                )
        return True

    def clear(self) -> None:
        """Every row gone and the position back to 0 (a rebuild starts here)."""
        with self.datastore.transaction(commit=True) as c:
            c.execute(
                self._sql("UPDATE {p}skald_index_position SET position = 0 WHERE name = ?"),
                (_NAME,),
            )
            c.execute(self._sql("DELETE FROM {p}skald_games"))
            c.execute(self._sql("DELETE FROM {p}skald_index_unreadable"))
            c.execute(self._sql("DELETE FROM {p}skald_game_streams"))
            c.execute(
                self._sql("UPDATE {p}skald_index_position SET position = 1 WHERE name = ?"),
                (_STREAMS,),
            )


def _values(row: IndexRow) -> tuple[Any, ...]:
    return (
        row.game_id,
        row.game,
        row.players,
        row.status,
        row.version,
        json.dumps(row.scores),
        json.dumps(row.winners),
        json.dumps(row.forked_from) if row.forked_from is not None else None,
        row.created_at,
        row.created_key,
        row.updated_at,
        row.updated_key,
        row.position,
    )


def _row(found: Any) -> IndexRow:
    forked = found["forked_from"]
    return IndexRow(
        game_id=str(found["game_id"]),
        game=str(found["game"]),
        players=int(found["players"]),
        position=int(found["position"]),
        status=str(found["status"]),
        version=int(found["version"]),
        scores=list(json.loads(found["scores"])),
        winners=list(json.loads(found["winners"])),
        forked_from=json.loads(forked) if forked else None,
        created_at=str(found["created_at"]),
        created_key=str(found["created_key"]),
        updated_at=str(found["updated_at"]),
        updated_key=str(found["updated_key"]),
    )

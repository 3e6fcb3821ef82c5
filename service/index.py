"""The games index: a projection of the global notification log, rebuildable at any time.

One row per game (id, game, players, status, version, scores, fork source). It is kept in memory
and caught up from the last notification position it has seen, so a long-running server pays
only for new events and a fresh process rebuilds it in one pass over the log. A row it cannot
read (undecodable, or a kernel record of the wrong shape) is skipped and reported in
:attr:`GamesIndex.unreadable` and the log, so one bad row never breaks queries about others.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any

from domain.kernel.codec import to_data
from domain.kernel.errors import Malformed
from domain.kernel.records import GameCreated, GameEnded
from service.records import CREATED, ENDED, Record, read_kernel

log = logging.getLogger(__name__)


@dataclass
class IndexRow:
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
        }


@dataclass(frozen=True, slots=True)
class Unreadable:
    """A stored row the index skipped: where, whose, and why."""

    position: int
    game_id: str
    reason: str


class GamesIndex:
    def __init__(self) -> None:
        self.rows: dict[str, IndexRow] = {}
        self.position = 0
        self.unreadable: list[Unreadable] = []
        """Rows skipped because they cannot be read (written around the store), reported once
        each, in log order: listing and finding every other game goes on working."""

    def _skip(self, position: int, game_id: str, reason: str) -> None:
        self.position = max(self.position, position)
        self.unreadable.append(Unreadable(position, game_id, reason))
        log.warning(
            "games index: skipped unreadable row %d of game %s: %s", position, game_id, reason
        )

    def catch_up(self, store: Any) -> None:
        for position, game_id, record in store.scan(self.position, unreadable=self._skip):
            self.position = position
            try:
                self._apply(position, game_id, record)
            except Malformed as error:
                self._skip(position, game_id, error.reason)

    def _apply(self, position: int, game_id: str, record: Record) -> None:
        """One record into its game's row (a second ``GameCreated`` for an id replaces it)."""
        if record.type == CREATED:
            created = read_kernel(record, GameCreated)
            origin = created.forked_from
            self.rows[game_id] = IndexRow(
                game_id,
                created.game,
                created.players,
                position,
                forked_from=to_data(origin) if origin is not None else None,
                created_at=record.at,
            )
        row = self.rows.get(game_id)
        if row is None:
            return
        row.version = max(row.version, record.version)
        if record.type == ENDED:
            ended = read_kernel(record, GameEnded)
            row.status = "finished"
            row.scores = list(ended.scores)
            row.winners = list(ended.winners)

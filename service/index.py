"""The games index: a projection of the global notification log, rebuildable at any time.

One row per game (id, game, players, status, version, scores, fork source). It is kept in memory
and caught up from the last notification position it has seen, so a long-running server pays
only for new events and a fresh process rebuilds it in one pass over the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from domain.kernel.codec import to_data
from domain.kernel.records import GameCreated, GameEnded
from service.records import CREATED, ENDED, read_kernel


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


class GamesIndex:
    def __init__(self) -> None:
        self.rows: dict[str, IndexRow] = {}
        self.position = 0

    def catch_up(self, store: Any) -> None:
        for position, game_id, record in store.scan(self.position):
            self.position = position
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
                continue
            row.version = max(row.version, record.version)
            if record.type == ENDED:
                ended = read_kernel(record, GameEnded)
                row.status = "finished"
                row.scores = list(ended.scores)
                row.winners = list(ended.winners)

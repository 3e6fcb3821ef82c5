"""Occupations of the final scoring: done just before the points are counted (occupations.md,
``scoring``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skald.domain.feast.game.cards.effects import give, tier
from skald.domain.feast.game.cards.model import Card
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _seafarer(log: Log, seat: int, chance: Chance) -> None:
    boards = len(log.state.players[seat].explored)
    give(log, seat, 189, ("silver", tier(boards, ((2, 4), (3, 9), (4, 16)))))


CARDS: tuple[Card, ...] = (
    Card(189, "final scoring: 2/3/4 exploration boards → 4/9/16 silver", score=_seafarer),
)

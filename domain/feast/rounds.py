"""Per-round schedules printed on the home board (rules.ja.txt フェイズ2 for the long game;
components.md §7 / S1 for the short game, medium confidence, no second source)."""

from __future__ import annotations

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.goods import GOODS, Good

HARVEST_LEVELS: dict[GameLength, tuple[int, ...]] = {
    GameLength.LONG: (1, 2, 0, 3, 0, 4, 0),
    GameLength.SHORT: (1, 0, 2, 0, 3, 0),
}
"""Highest harvest level per round (0 = no harvest); level n gives one of each orange good of
level ≤ n (level 1: peas, flax, beans; 2 adds grain; 3 cabbage; 4 fruits)."""

PHASES: tuple[str, ...] = (
    "new-viking",
    "harvest",
    "turn-exploration-boards",
    "draw-weapon",
    "actions",
    "start-player",
    "income",
    "breeding",
    "feast",
    "bonus",
    "mountains",
    "return-vikings",
)


def harvest(length: GameLength, round_: int) -> tuple[Good, ...]:
    """The orange goods each player receives in phase 2 of ``round_``."""
    level = HARVEST_LEVELS[length][round_ - 1]
    return tuple(g.good for g in GOODS if g.harvest_level is not None and g.harvest_level <= level)

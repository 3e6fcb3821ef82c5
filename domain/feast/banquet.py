"""The banquet table: how many squares the feast must cover each round (components.md §7).

The table is one row of 12 squares. Vikings wait on the right-hand round spaces (7 in the
long game, 6 in the short one) and one leaves each round from the left (rules.ja.txt
フェイズ1), so in round ``r`` the leftmost ``12 - vikings + r`` squares are open (round 1:
6 long, 7 short; components.md §7, medium confidence). Emigrated ships lie on the leftmost
free squares and cover **2** each (RULINGS.md, Feast; components.md §7 leaves it open).
"""

from __future__ import annotations

from enum import StrEnum

from skald.domain.feast.boards.grid import BoardId, BoardKind, BoardSpec

TABLE_SQUARES = 12
SQUARES_PER_EMIGRATED_SHIP = 2
"""RULINGS.md (Feast): an emigrated ship covers 2 banquet squares."""
THING_PENALTY_POINTS = -3
THING_PENALTY_TILES = 7


class GameLength(StrEnum):
    """The home board's two faces: the 6-round short game and the 7-round long game."""

    SHORT = "short"
    LONG = "long"

    @property
    def rounds(self) -> int:
        return 6 if self is GameLength.SHORT else 7


VIKINGS_ON_THING_AT_SETUP: dict[GameLength, int] = {GameLength.LONG: 5, GameLength.SHORT: 6}
VIKINGS_ON_ROUND_SPACES: dict[GameLength, int] = {GameLength.LONG: 7, GameLength.SHORT: 6}

BANQUET_TABLE = BoardSpec(
    BoardId.BANQUET_TABLE, BoardKind.BANQUET, "Banquet table", ("." * TABLE_SQUARES,)
)


def open_squares(length: GameLength, round_: int, emigrated_ships: int = 0) -> range:
    """Columns of the table the feast must cover in ``round_`` (1-based)."""
    if not 1 <= round_ <= length.rounds:
        raise ValueError(f"round {round_} is not in a {length.rounds}-round game")
    right = TABLE_SQUARES - VIKINGS_ON_ROUND_SPACES[length] + round_
    left = min(right, SQUARES_PER_EMIGRATED_SHIP * emigrated_ships)
    return range(left, right)

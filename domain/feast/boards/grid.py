"""The printed grid of any board or house, in the legend of components.md §0.

A board is a list of text rows. ``' '`` is not part of the board; every other character is
a square: ``.`` open, ``N`` −1 point if uncovered at game end, ``I`` income number, ``B``
bonus (goods symbol), ``X`` blocked (pillar), and — our addition for houses — ``W``/``S``
wood-only/stone-only squares, which are also −1 when empty (components.md §4).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class SquareKind(StrEnum):
    OPEN = "."
    NEGATIVE = "N"
    INCOME = "I"
    BONUS = "B"
    BLOCKED = "X"
    WOOD = "W"
    STONE = "S"


class BoardKind(StrEnum):
    HOME = "home"
    EXPLORATION = "exploration"
    SHED = "shed"
    STONE_HOUSE = "stone-house"
    LONG_HOUSE = "long-house"
    BANQUET = "banquet"


class BoardId(StrEnum):
    HOME = "home"
    SHETLAND = "shetland"
    BEAR_ISLAND = "bear-island"
    FAROE_ISLANDS = "faroe-islands"
    BAFFIN_ISLAND = "baffin-island"
    ICELAND = "iceland"
    LABRADOR = "labrador"
    GREENLAND = "greenland"
    NEWFOUNDLAND = "newfoundland"
    SHED = "shed"
    STONE_HOUSE = "stone-house"
    LONG_HOUSE = "long-house"
    BANQUET_TABLE = "banquet-table"


@dataclass(frozen=True, slots=True)
class Reward:
    """``count`` of ``item``: a good (``Good`` value), ``ore``/``wood``/``stone``/``silver``,
    ``special:<tile>`` or ``building:<house>``."""

    item: str
    count: int = 1


@dataclass(frozen=True, slots=True)
class BonusSquare:
    """A goods-symbol square; ``once`` marks Newfoundland's one-time (finite) bonuses."""

    row: int
    col: int
    rewards: tuple[Reward, ...]
    once: bool = False


@dataclass(frozen=True, slots=True)
class IncomeSquare:
    row: int
    col: int
    value: int


@dataclass(frozen=True, slots=True)
class IncomeTrack:
    """Income numbers in covering order, and the income once all are covered.

    ``all_covered_printed`` is False where the value is not known and a ruling fills it in.
    """

    squares: tuple[IncomeSquare, ...]
    all_covered: int
    all_covered_printed: bool = True


@dataclass(frozen=True, slots=True)
class BoardSpec:
    """One printed board face: its grid and the numbers printed on it."""

    board: BoardId
    kind: BoardKind
    name: str
    rows: tuple[str, ...]
    points: int = 0
    income: tuple[IncomeTrack, ...] = ()
    bonuses: tuple[BonusSquare, ...] = ()

    @property
    def height(self) -> int:
        return len(self.rows)

    @property
    def width(self) -> int:
        return max(len(r) for r in self.rows)

    def kind_at(self, row: int, col: int) -> SquareKind | None:
        """The square at (row, col), or ``None`` if that spot is not part of the board."""
        if not (0 <= row < self.height and 0 <= col < len(self.rows[row])):
            return None
        ch = self.rows[row][col]
        return None if ch == " " else SquareKind(ch)

    def count(self, *kinds: SquareKind) -> int:
        return sum(1 for r in self.rows for ch in r if ch != " " and SquareKind(ch) in kinds)

    @property
    def negative_squares(self) -> int:
        """Squares costing 1 point when uncovered (``N`` plus wood/stone squares)."""
        return self.count(SquareKind.NEGATIVE, SquareKind.WOOD, SquareKind.STONE)

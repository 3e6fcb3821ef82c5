"""Tile shapes as sets of squares, and their rotations.

Every printed piece is a set of unit squares. A shape is stored as its rows of ``#``/``.``
text (the notation of components.md) and turned into ``Cells`` for the placement engine.
Rotation is by quarter turns clockwise; tiles are never mirrored, because the back of a
goods tile shows a different good (flipping *is* the upgrade, components.md §1.1).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache


@dataclass(frozen=True, slots=True)
class Cell:
    """One square, ``row`` 0 at the top and ``col`` 0 at the left."""

    row: int
    col: int


@dataclass(frozen=True, slots=True)
class Cells:
    """A normalised set of squares (top-left of the bounding box at 0,0)."""

    cells: tuple[Cell, ...]

    @property
    def height(self) -> int:
        return 1 + max(c.row for c in self.cells)

    @property
    def width(self) -> int:
        return 1 + max(c.col for c in self.cells)

    def rows(self) -> tuple[str, ...]:
        """The shape as ``#``/``.`` text rows, the notation of components.md."""
        grid = [["."] * self.width for _ in range(self.height)]
        for c in self.cells:
            grid[c.row][c.col] = "#"
        return tuple("".join(r) for r in grid)


def cells_from_rows(rows: tuple[str, ...]) -> Cells:
    """Read a ``#``/``.`` mask into normalised cells."""
    found = [Cell(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
    return _normalise(found)


def rectangle(width: int, height: int) -> Cells:
    return Cells(tuple(Cell(r, c) for r in range(height) for c in range(width)))


def _normalise(cells: list[Cell]) -> Cells:
    top = min(c.row for c in cells)
    left = min(c.col for c in cells)
    return Cells(
        tuple(
            sorted((Cell(c.row - top, c.col - left) for c in cells), key=lambda c: (c.row, c.col))
        )
    )


@cache
def rotate(cells: Cells, quarter_turns: int) -> Cells:
    """Rotate clockwise by ``quarter_turns`` × 90°; ``(r, c) -> (c, h-1-r)`` per turn."""
    out = cells
    for _ in range(quarter_turns % 4):
        h = out.height
        out = _normalise([Cell(c.col, h - 1 - c.row) for c in out.cells])
    return out


@cache
def distinct_rotations(cells: Cells) -> tuple[int, ...]:
    """Quarter-turn counts giving pairwise different placements (2×2 → (0,), 2×1 → (0, 1))."""
    seen: list[Cells] = []
    keep: list[int] = []
    for k in range(4):
        r = rotate(cells, k)
        if r not in seen:
            seen.append(r)
            keep.append(k)
    return tuple(keep)


class Shape(StrEnum):
    """The 8 goods shapes, named ``<long side>x<short side>`` (components.md §1.1)."""

    S2X1 = "2x1"
    S3X1 = "3x1"
    S2X2 = "2x2"
    S4X1 = "4x1"
    S3X2 = "3x2"
    S3X3 = "3x3"
    S4X2 = "4x2"
    S4X3 = "4x3"

    @property
    def width(self) -> int:
        return int(self.value.split("x")[0])

    @property
    def height(self) -> int:
        return int(self.value.split("x")[1])

    @property
    def squares(self) -> int:
        return self.width * self.height

    @property
    def cells(self) -> Cells:
        return rectangle(self.width, self.height)

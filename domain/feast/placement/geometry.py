"""Bitmask views of a board, and every in-bounds position of a piece, cached per board.

Square (r, c) is bit ``r * width + c``. A position of a piece is precomputed once per board
and shape as integer masks: the squares it covers, their orthogonal neighbours, and the
squares that must already be covered for the income numbers it covers. Checking a position
against a state is then three integer operations (see ``engine``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from skald.domain.feast.banquet import open_squares
from skald.domain.feast.boards.grid import BoardId, BoardKind, SquareKind
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.placement.state import BanquetSetup
from skald.domain.feast.shapes import Cells, distinct_rotations, rectangle, rotate


@dataclass(frozen=True, slots=True)
class Geometry:
    board: BoardId
    kind: BoardKind
    width: int
    height: int
    squares: int
    blocked: int
    wood: int
    stone: int
    closed: int
    goods_ok: int
    negative: int
    bonus: int
    income_need: tuple[tuple[int, int], ...]
    """(bit of an income number, squares that must be covered before it)."""

    def bit(self, row: int, col: int) -> int:
        return 1 << (row * self.width + col)


@cache
def geometry(board: BoardId, banquet: BanquetSetup | None = None) -> Geometry:
    spec = BOARD_SPECS[board]
    w, h = spec.width, spec.height
    masks: dict[SquareKind, int] = {k: 0 for k in SquareKind}
    squares = 0
    for r in range(h):
        for c in range(w):
            kind = spec.kind_at(r, c)
            if kind is not None:
                b = 1 << (r * w + c)
                squares |= b
                masks[kind] |= b
    closed = 0
    if banquet is not None:
        open_ = open_squares(banquet.length, banquet.round, banquet.emigrated_ships)
        closed = squares & ~sum(1 << c for c in open_)
    not_goods = masks[SquareKind.BLOCKED] | masks[SquareKind.WOOD] | masks[SquareKind.STONE]
    # Income rule (rules.ja.txt 随時アクション, 2B example): every square left of, below and
    # lower-left of the number; goods-symbol squares count as covered; blocked squares can
    # never be covered, so they count as covered too (NOTES.md).
    exempt = masks[SquareKind.BONUS] | masks[SquareKind.BLOCKED]
    need: list[tuple[int, int]] = []
    for track in spec.income:
        for sq in track.squares:
            req = 0
            for r in range(sq.row, h):
                for c in range(0, sq.col + 1):
                    req |= 1 << (r * w + c)
            bit = 1 << (sq.row * w + sq.col)
            need.append((bit, req & squares & ~exempt & ~bit))
    return Geometry(
        board=board,
        kind=spec.kind,
        width=w,
        height=h,
        squares=squares,
        blocked=masks[SquareKind.BLOCKED],
        wood=masks[SquareKind.WOOD],
        stone=masks[SquareKind.STONE],
        closed=closed,
        goods_ok=squares & ~not_goods & ~closed,
        negative=masks[SquareKind.NEGATIVE] | masks[SquareKind.WOOD] | masks[SquareKind.STONE],
        bonus=masks[SquareKind.BONUS],
        income_need=tuple(need),
    )


def footprint(geo: Geometry, piece_cells: Cells, rotation: int) -> Cells:
    """The squares a piece covers: its rotated cells; on the banquet table, the table
    squares under it (one row, as wide as the rotated tile)."""
    rot = rotate(piece_cells, rotation)
    if geo.kind is BoardKind.BANQUET:
        return rectangle(rot.width, 1)
    return rot


def is_horizontal(piece_cells: Cells, rotation: int) -> bool:
    """Banquet: the long side lies along the table (square tiles are never horizontal)."""
    rot = rotate(piece_cells, rotation)
    return rot.width > rot.height


Candidate = tuple[int, int, int, int, int, int, bool]
"""(rotation, row, col, mask, neighbours, income need, horizontal)."""


@cache
def candidates(geo: Geometry, piece_cells: Cells, target: str) -> tuple[Candidate, ...]:
    """All positions of a shape lying wholly on squares of ``target`` ("goods", "wood" or
    "stone"), one per distinct rotation, with their masks."""
    allowed = {"goods": geo.goods_ok, "wood": geo.wood, "stone": geo.stone}[target]
    w = geo.width
    out: list[Candidate] = []
    for rotation in distinct_rotations(piece_cells):
        fp = footprint(geo, piece_cells, rotation)
        horizontal = geo.kind is BoardKind.BANQUET and is_horizontal(piece_cells, rotation)
        for row in range(geo.height - fp.height + 1):
            for col in range(w - fp.width + 1):
                mask = 0
                nbr = 0
                for cell in fp.cells:
                    r, c = row + cell.row, col + cell.col
                    mask |= 1 << (r * w + c)
                    if r > 0:
                        nbr |= 1 << ((r - 1) * w + c)
                    if r + 1 < geo.height:
                        nbr |= 1 << ((r + 1) * w + c)
                    if c > 0:
                        nbr |= 1 << (r * w + c - 1)
                    if c + 1 < w:
                        nbr |= 1 << (r * w + c + 1)
                if mask & ~allowed:
                    continue
                need = 0
                for bit, req in geo.income_need:
                    if mask & bit:
                        need |= req
                out.append((rotation, row, col, mask, nbr & ~mask, need & ~mask, horizontal))
    return tuple(out)

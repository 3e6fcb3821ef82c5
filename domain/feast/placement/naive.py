"""A deliberately naive square-by-square checker: the oracle for the bitmask engine.

It shares only the printed data and the piece definitions with ``engine``: no masks, no
caches, every rule re-derived from the grid text on each call. Tests and the benchmark
require both to agree on every verdict and on the set of legal placements.
"""

from __future__ import annotations

from skald.domain.feast.banquet import open_squares
from skald.domain.feast.boards.grid import BoardKind, BoardSpec, SquareKind
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.goods import Colour
from skald.domain.feast.placement import pieces as P
from skald.domain.feast.placement.errors import Rule
from skald.domain.feast.placement.state import BoardState, Placement
from skald.domain.feast.shapes import rotate

Square = tuple[int, int]


def _squares(spec: BoardSpec, pl: Placement) -> list[Square]:
    rot = rotate(P.cells(pl.piece), pl.rotation)
    if spec.kind is BoardKind.BANQUET:
        return [(pl.row, pl.col + i) for i in range(rot.width)]
    return [(pl.row + c.row, pl.col + c.col) for c in rot.cells]


def _horizontal(pl: Placement) -> bool:
    rot = rotate(P.cells(pl.piece), pl.rotation)
    return rot.width > rot.height


def naive_check(state: BoardState, pl: Placement, *, game_end: bool = False) -> str | None:
    """The rule code ``pl`` breaks, or ``None``; same rule order as ``engine.check``."""
    spec = BOARD_SPECS[state.board]
    colour = P.colour(pl.piece)
    if colour not in P.ALLOWED[spec.kind]:
        return Rule.PIECE_NOT_ALLOWED.value
    if colour in (Colour.WOOD, Colour.STONE) and not game_end:
        return Rule.NOT_GAME_END.value
    if pl.rotation not in (0, 1, 2, 3):
        return Rule.ROTATION.value
    mine = _squares(spec, pl)
    for r, c in mine:
        if spec.kind_at(r, c) is None:
            return Rule.OVERHANG.value
    if state.banquet is not None:
        b = state.banquet
        open_ = open_squares(b.length, b.round, b.emigrated_ships)
        if any(c not in open_ for _, c in mine):
            return Rule.BANQUET_CLOSED.value
    kinds = [spec.kind_at(r, c) for r, c in mine]
    if SquareKind.BLOCKED in kinds:
        return Rule.BLOCKED.value
    if colour not in (Colour.WOOD, Colour.STONE):
        if SquareKind.WOOD in kinds or SquareKind.STONE in kinds:
            return Rule.RESOURCE_SQUARE.value
    else:
        wanted = SquareKind.WOOD if colour is Colour.WOOD else SquareKind.STONE
        if any(k is not wanted for k in kinds):
            return Rule.WRONG_RESOURCE.value
    owner: dict[Square, Placement] = {}
    for other in state.placed:
        for sq in _squares(spec, other):
            owner[sq] = other
    if any(sq in owner for sq in mine):
        return Rule.OVERLAP.value
    if colour in P.NO_TOUCH[spec.kind]:
        for r, c in mine:
            for sq in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                if sq in owner and P.colour(owner[sq].piece) is colour:
                    return {
                        Colour.GREEN: Rule.GREEN_ADJACENT,
                        Colour.ORANGE: Rule.ORANGE_ADJACENT,
                        Colour.RED: Rule.RED_ADJACENT,
                    }[colour].value
    for track in spec.income:
        for number in track.squares:
            if (number.row, number.col) not in mine:
                continue
            for r in range(number.row, spec.height):
                for c in range(0, number.col + 1):
                    kind = spec.kind_at(r, c)
                    if kind in (None, SquareKind.BONUS, SquareKind.BLOCKED):
                        continue
                    if (r, c) == (number.row, number.col):
                        continue
                    if (r, c) not in owner and (r, c) not in mine:
                        return Rule.INCOME_ORDER.value
    if spec.kind is BoardKind.BANQUET and _horizontal(pl):
        for other in state.placed:
            if _horizontal(other) and P.food_type(other.piece) == P.food_type(pl.piece):
                return Rule.BANQUET_HORIZONTAL.value
    return None


def naive_legal_placements(
    state: BoardState, piece: P.Piece, *, game_end: bool = False
) -> set[Placement]:
    """Try every rotation at every offset (with a margin); keep the first rotation giving a
    new set of squares, as the engine does."""
    spec = BOARD_SPECS[state.board]
    seen: set[frozenset[Square]] = set()
    found: set[Placement] = set()
    for rotation in range(4):
        for row in range(-5, spec.height + 1):
            for col in range(-5, spec.width + 1):
                pl = Placement(piece, row, col, rotation)
                if naive_check(state, pl, game_end=game_end) is not None:
                    continue
                key = frozenset(_squares(spec, pl))
                if key not in seen:
                    seen.add(key)
                    found.add(pl)
    return found

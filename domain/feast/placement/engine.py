"""The placement engine: check, place and enumerate placements with integer masks.

Rules (cited texts are in /work/shared/games/feast-for-odin/):
- where each colour may go, and green never orthogonally beside green on the home and
  exploration boards (rules.ja.txt 随時アクション; refresher.en.txt "Now the core of it");
- orange beside orange and red beside red forbidden in houses; pillars never covered
  (rules.ja.txt 家タイルへの物品の配置);
- no overlap, no overhang (rules.ja.txt: 部分的にさえも / はみ出すことはできません);
- the income-diagonal order (rules.ja.txt, 2B example; see ``geometry``);
- banquet: orange/red/silver, no orange–orange or red–red, one horizontal tile per food
  type, no overhang past the open squares (rules.ja.txt フェイズ9; RULINGS.md for ships);
- wood and stone only on their printed squares, only when the game ends (RULINGS.md).
Rotation only, no mirroring: the back of a tile is another good (components.md §1.1).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from functools import lru_cache

from skald.domain.feast.boards.grid import BoardKind
from skald.domain.feast.goods import Colour
from skald.domain.feast.placement import pieces as P
from skald.domain.feast.placement.errors import PlacementError, Rule
from skald.domain.feast.placement.geometry import Geometry, candidates, footprint, geometry
from skald.domain.feast.placement.geometry import is_horizontal as _is_horizontal
from skald.domain.feast.placement.state import BoardState, Placement


@lru_cache(maxsize=8192)
def _masks(state: BoardState) -> tuple[int, dict[Colour, int], frozenset[str]]:
    """Covered squares, covered squares per colour, banquet food types that may not lie
    horizontally any more (one tile each; peas as the table's setup allows)."""
    geo = geometry(state.board, state.banquet)
    occupied = 0
    by_colour: dict[Colour, int] = {}
    horizontals: dict[str, int] = {}
    for pl in state.placed:
        m = _mask(geo, pl)
        occupied |= m
        col = P.colour(pl.piece)
        by_colour[col] = by_colour.get(col, 0) | m
        if geo.kind is BoardKind.BANQUET and _is_horizontal(P.cells(pl.piece), pl.rotation):
            kind = P.food_type(pl.piece)
            horizontals[kind] = horizontals.get(kind, 0) + 1
    peas = state.banquet.horizontal_peas if state.banquet is not None else 1
    full = frozenset(k for k, n in horizontals.items() if n >= (peas if k == "peas" else 1))
    return occupied, by_colour, full


def _mask(geo: Geometry, pl: Placement) -> int:
    m = 0
    for cell in footprint(geo, P.cells(pl.piece), pl.rotation).cells:
        m |= geo.bit(pl.row + cell.row, pl.col + cell.col)
    return m


def covered(state: BoardState) -> int:
    """Bitmask of covered squares (bit ``row * width + col``)."""
    return _masks(state)[0]


def _target(colour: Colour) -> str:
    return {Colour.WOOD: "wood", Colour.STONE: "stone"}.get(colour, "goods")


def _where(geo: Geometry, mask: int) -> str:
    cells = [
        f"({i // geo.width},{i % geo.width})" for i in range(mask.bit_length()) if mask >> i & 1
    ]
    return ", ".join(cells)


def check(
    state: BoardState, placement: Placement, *, game_end: bool = False
) -> PlacementError | None:
    """The first rule ``placement`` breaks on ``state``, or ``None`` if it is legal."""
    geo = geometry(state.board, state.banquet)
    piece = placement.piece
    colour = P.colour(piece)
    if colour not in P.ALLOWED[geo.kind]:
        return PlacementError(
            Rule.PIECE_NOT_ALLOWED, f"{piece.name} ({colour}) may not go on the {geo.kind} board"
        )
    if colour in (Colour.WOOD, Colour.STONE) and not game_end:
        return PlacementError(
            Rule.NOT_GAME_END, f"{piece.name} goes onto a house only when the game ends"
        )
    if placement.rotation not in (0, 1, 2, 3):
        return PlacementError(Rule.ROTATION, "rotation must be 0-3 quarter turns")
    mask = 0
    for cell in footprint(geo, P.cells(piece), placement.rotation).cells:
        r, c = placement.row + cell.row, placement.col + cell.col
        if not (0 <= r < geo.height and 0 <= c < geo.width) or not geo.bit(r, c) & geo.squares:
            return PlacementError(Rule.OVERHANG, f"square ({r},{c}) is off the board")
        mask |= geo.bit(r, c)
    if mask & geo.closed:
        return PlacementError(
            Rule.BANQUET_CLOSED,
            f"banquet square(s) {_where(geo, mask & geo.closed)} are not open this round "
            "(a Viking or an emigrated ship is there)",
        )
    if mask & geo.blocked:
        return PlacementError(
            Rule.BLOCKED, f"square(s) {_where(geo, mask & geo.blocked)} are blocked"
        )
    target = _target(colour)
    resource = geo.wood | geo.stone
    if target == "goods" and mask & resource:
        return PlacementError(
            Rule.RESOURCE_SQUARE,
            f"square(s) {_where(geo, mask & resource)} take only wood or stone",
        )
    wanted = geo.wood if target == "wood" else geo.stone
    if target != "goods" and mask & ~wanted:
        return PlacementError(Rule.WRONG_RESOURCE, f"{target} goes only on a {target} square")
    occupied, by_colour, horizontals = _masks(state)
    if mask & occupied:
        return PlacementError(
            Rule.OVERLAP, f"square(s) {_where(geo, mask & occupied)} are already covered"
        )
    if colour in P.NO_TOUCH[geo.kind]:
        nbr = 0
        for i in range(mask.bit_length()):
            if mask >> i & 1:
                r, c = divmod(i, geo.width)
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
                    if 0 <= rr < geo.height and 0 <= cc < geo.width:
                        nbr |= geo.bit(rr, cc)
        touching = nbr & ~mask & by_colour.get(colour, 0)
        if touching:
            rule = {
                Colour.GREEN: Rule.GREEN_ADJACENT,
                Colour.ORANGE: Rule.ORANGE_ADJACENT,
                Colour.RED: Rule.RED_ADJACENT,
            }[colour]
            return PlacementError(
                rule, f"{colour} may not touch {colour}: {_where(geo, touching)} is {colour}"
            )
    after = occupied | mask
    for bit, req in geo.income_need:
        if mask & bit and req & ~after:
            return PlacementError(
                Rule.INCOME_ORDER,
                f"income number at {_where(geo, bit)} needs every square left of, below and "
                f"lower-left of it covered first; {_where(geo, req & ~after)} are still bare",
            )
    if (
        geo.kind is BoardKind.BANQUET
        and _is_horizontal(P.cells(piece), placement.rotation)
        and P.food_type(piece) in horizontals
    ):
        return PlacementError(
            Rule.BANQUET_HORIZONTAL,
            f"a {P.food_type(piece)} tile already lies horizontally; the rest stand vertically",
        )
    return None


def place(state: BoardState, placement: Placement, *, game_end: bool = False) -> BoardState:
    """A new state with ``placement`` added; raises :class:`PlacementError` if illegal."""
    error = check(state, placement, game_end=game_end)
    if error is not None:
        raise error
    return replace(state, placed=(*state.placed, placement))


def legal_placements(
    state: BoardState, piece: P.Piece, *, game_end: bool = False
) -> Iterator[Placement]:
    """Every legal placement of ``piece``, one per distinct set of covered squares."""
    geo = geometry(state.board, state.banquet)
    colour = P.colour(piece)
    if colour not in P.ALLOWED[geo.kind]:
        return
    if colour in (Colour.WOOD, Colour.STONE) and not game_end:
        return
    occupied, by_colour, horizontals = _masks(state)
    same = by_colour.get(colour, 0) if colour in P.NO_TOUCH[geo.kind] else 0
    free = ~occupied
    no_horizontal = geo.kind is BoardKind.BANQUET and P.food_type(piece) in horizontals
    for rotation, row, col, mask, nbr, need, horizontal in candidates(
        geo, P.cells(piece), _target(colour)
    ):
        if mask & occupied or nbr & same or need & free or (horizontal and no_horizontal):
            continue
        yield Placement(piece, row, col, rotation)

"""Property tests: random legal sequences keep every rule; illegal moves are always refused
with a reason; the bitmask enumerator equals the naive square-by-square oracle."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skald.domain.feast.banquet import GameLength, open_squares
from skald.domain.feast.boards.grid import BoardId, BoardKind, SquareKind
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.goods import Colour
from skald.domain.feast.placement import (
    BanquetSetup,
    BoardState,
    Piece,
    Placement,
    PlacementError,
    all_pieces,
    check,
    empty_board,
    legal_placements,
    place,
)
from skald.domain.feast.placement import pieces as P
from skald.domain.feast.placement.naive import naive_check, naive_legal_placements
from skald.domain.feast.shapes import rotate

PIECES = all_pieces()
SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def boards(draw: st.DrawFn) -> BoardState:
    board = draw(st.sampled_from(list(BoardId)))
    if board is not BoardId.BANQUET_TABLE:
        return empty_board(board)
    length = draw(st.sampled_from(list(GameLength)))
    round_ = draw(st.integers(1, length.rounds))
    ships = draw(st.integers(0, 3))
    return empty_board(board, BanquetSetup(length, round_, ships))


def _allowed(state: BoardState) -> list[Piece]:
    kind = BOARD_SPECS[state.board].kind
    return [p for p in PIECES if P.colour(p) in P.ALLOWED[kind]]


@st.composite
def filled(draw: st.DrawFn) -> BoardState:
    """A board with a random sequence of legal placements (each must not raise)."""
    state = draw(boards())
    pieces = _allowed(state)
    for _ in range(draw(st.integers(0, 12))):
        piece = draw(st.sampled_from(pieces))
        legal = list(legal_placements(state, piece, game_end=True))
        if legal:
            state = place(state, draw(st.sampled_from(legal)), game_end=True)
    return state


def _squares(state: BoardState, pl: Placement) -> set[tuple[int, int]]:
    rot = rotate(P.cells(pl.piece), pl.rotation)
    if state.board is BoardId.BANQUET_TABLE:
        return {(pl.row, pl.col + i) for i in range(rot.width)}
    return {(pl.row + c.row, pl.col + c.col) for c in rot.cells}


def _assert_all_rules_hold(state: BoardState) -> None:
    """Independent whole-state audit of every placement rule."""
    spec = BOARD_SPECS[state.board]
    owner: dict[tuple[int, int], int] = {}
    for i, pl in enumerate(state.placed):
        assert P.colour(pl.piece) in P.ALLOWED[spec.kind]
        for sq in _squares(state, pl):
            assert sq not in owner, "overlap"
            owner[sq] = i
            kind = spec.kind_at(*sq)
            assert kind is not None and kind is not SquareKind.BLOCKED
            res = {Colour.WOOD: SquareKind.WOOD, Colour.STONE: SquareKind.STONE}
            col = P.colour(pl.piece)
            assert (kind is res[col]) if col in res else kind not in res.values()
    for (r, c), i in owner.items():
        col = P.colour(state.placed[i].piece)
        if col not in P.NO_TOUCH[spec.kind]:
            continue
        for sq in ((r + 1, c), (r, c + 1)):
            j = owner.get(sq)
            if j is not None and j != i:
                assert P.colour(state.placed[j].piece) is not col, f"{col} beside {col}"
    for track in spec.income:
        for n in track.squares:
            if (n.row, n.col) in owner:
                for r in range(n.row, spec.height):
                    for c in range(n.col + 1):
                        k = spec.kind_at(r, c)
                        if k not in (None, SquareKind.BONUS, SquareKind.BLOCKED):
                            assert (r, c) in owner, "income order broken"
    if state.banquet is not None:
        b = state.banquet
        open_ = open_squares(b.length, b.round, b.emigrated_ships)
        assert all(c in open_ for (_, c) in owner)
        horizontal = [
            P.food_type(pl.piece)
            for pl in state.placed
            if rotate(P.cells(pl.piece), pl.rotation).width
            > rotate(P.cells(pl.piece), pl.rotation).height
        ]
        assert len(horizontal) == len(set(horizontal))
    assert spec.kind in BoardKind


@SETTINGS
@given(filled())
def test_random_legal_sequences_never_break_a_rule(state: BoardState) -> None:
    _assert_all_rules_hold(state)


@SETTINGS
@given(filled(), st.data())
def test_enumerator_equals_naive_oracle(state: BoardState, data: st.DataObject) -> None:
    piece = data.draw(st.sampled_from(PIECES))
    fast = list(legal_placements(state, piece, game_end=True))
    assert len(fast) == len(set(fast))
    assert set(fast) == naive_legal_placements(state, piece, game_end=True)
    for pl in fast:
        _assert_all_rules_hold(place(state, pl, game_end=True))


@SETTINGS
@given(
    filled(),
    st.sampled_from(PIECES),
    st.integers(-2, 13),
    st.integers(-2, 14),
    st.integers(-1, 4),
    st.booleans(),
)
def test_any_placement_verdict_matches_oracle_and_place(
    state: BoardState, piece: Piece, row: int, col: int, rotation: int, game_end: bool
) -> None:
    pl = Placement(piece, row, col, rotation)
    err = check(state, pl, game_end=game_end)
    assert (err.rule if err else None) == naive_check(state, pl, game_end=game_end)
    if err is None:
        new = place(state, pl, game_end=game_end)
        _assert_all_rules_hold(new)
    else:
        assert err.reason
        try:
            place(state, pl, game_end=game_end)
        except PlacementError as raised:
            assert raised.rule == err.rule
        else:
            raise AssertionError("an illegal placement was accepted")

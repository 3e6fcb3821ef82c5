"""The worked examples of the rule texts, and income / bonus / scoring on boards."""

from __future__ import annotations

import pytest

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import (
    SILVER,
    BanquetSetup,
    BoardState,
    Piece,
    Placement,
    Rule,
    check,
    empty_board,
    income,
    paying_bonuses,
    place,
    uncovered_banquet,
    uncovered_negative,
)

# rules.ja.txt, 随時アクション: to cover income square "2B" these must be covered first.
# Columns a-d are board columns 0-3, rows 1-4 count up from the bottom row (11); "00", "01",
# "2A" name the income squares 0, 1 and the first 2; "b3" is a goods-symbol square.
LABELS_2B = [
    "a4",
    "b4",
    "c4",
    "a3",
    "b3",
    "2A",
    "d3",
    "a2",
    "01",
    "c2",
    "d2",
    "00",
    "b1",
    "c1",
    "d1",
]
NAMED = {"00": (11, 0), "01": (10, 1), "2A": (9, 2), "2B": (8, 3)}


def _square(label: str) -> tuple[int, int]:
    if label in NAMED:
        return NAMED[label]
    return 12 - int(label[1]), "abcd".index(label[0])


def _silver_on(state: BoardState, squares: list[tuple[int, int]]) -> BoardState:
    """Cover ``squares`` with silver through ``place``, bottom row first (a legal order)."""
    for r, c in sorted(squares, key=lambda sq: (-sq[0], sq[1])):
        state = place(state, Placement(SILVER, r, c))
    return state


def _covered(board: BoardId, squares: list[tuple[int, int]]) -> BoardState:
    """A state with silver on ``squares`` (built directly: scoring does not re-check)."""
    return BoardState(board, tuple(Placement(SILVER, r, c) for r, c in squares))


def test_2b_example_labels_are_the_lower_left_rectangle() -> None:
    squares = {_square(lab) for lab in LABELS_2B}
    assert len(squares) == 15
    assert squares == {(r, c) for r in range(8, 12) for c in range(4)} - {(8, 3)}
    assert BOARD_SPECS[BoardId.HOME].kind_at(*_square("b3")).value == "B"  # type: ignore[union-attr]


NEEDED_2B = [lab for lab in LABELS_2B if lab != "b3"]  # b3 counts as covered


@pytest.mark.parametrize("missing", NEEDED_2B)
def test_2b_refused_while_any_listed_square_is_bare(missing: str) -> None:
    state = _covered(BoardId.HOME, [_square(lab) for lab in NEEDED_2B if lab != missing])
    err = check(state, Placement(SILVER, *NAMED["2B"]))
    assert err is not None and err.rule == Rule.INCOME_ORDER.value
    r, c = _square(missing)
    assert f"({r},{c}) are still bare" in err.reason


def test_2b_allowed_once_all_listed_squares_are_covered_b3_left_bare() -> None:
    state = _silver_on(empty_board(BoardId.HOME), [_square(lab) for lab in NEEDED_2B])
    assert check(state, Placement(SILVER, 8, 3)) is None
    assert income(state) == 2  # 0, 1, first 2 covered: the second 2 is the lowest visible
    after = place(state, Placement(SILVER, 8, 3))
    assert income(after) == 3


def test_2b_may_be_covered_by_the_tile_that_completes_its_row() -> None:
    below = [_square(lab) for lab in NEEDED_2B if _square(lab)[0] > 8]
    state = _silver_on(empty_board(BoardId.HOME), below)
    silk = Placement(Piece.good(Good.SILK), 8, 0)  # (8,0)..(8,3): a4 b4 c4 and 2B at once
    assert check(state, silk) is None


def test_refresher_blue_tile_may_not_cover_the_next_income_number() -> None:
    """refresher.en.txt "A turn, played out": the new blue tile may not go over the next
    income number while the square left of it is bare; one row lower, touching last round's
    blue tile, it is legal."""
    last_round = place(empty_board(BoardId.HOME), Placement(Piece.good(Good.RUNE_STONE), 11, 0))
    assert income(last_round) == 1  # next income number: 1 at (10,1); (10,0) is bare
    new_tile = Piece.good(Good.SILVERWARE)
    err = check(last_round, Placement(new_tile, 10, 1))
    assert err is not None and err.rule == Rule.INCOME_ORDER.value
    assert "(10,0)" in err.reason
    lower = place(last_round, Placement(new_tile, 11, 2))  # touches the rune stone at (11,1)
    assert income(lower) == 1
    assert uncovered_negative(lower) == 86  # row 11's squares here are not -1 squares...
    assert uncovered_negative(place(lower, Placement(SILVER, 11, 7))) == 85  # ...(11,7) is


def test_income_values() -> None:
    home = empty_board(BoardId.HOME)
    assert income(home) == 0
    spec = BOARD_SPECS[BoardId.HOME]
    every = [
        (r, c)
        for r in range(spec.height)
        for c in range(spec.width)
        if spec.kind_at(r, c) is not None
    ]
    full = BoardState(BoardId.HOME, tuple(Placement(SILVER, r, c) for r, c in every))
    assert income(full) == 18
    assert uncovered_negative(full) == 0


def test_greenland_sums_both_tracks() -> None:
    g = BoardId.GREENLAND
    assert income(empty_board(g)) == 0
    assert income(_covered(g, [(2, 3), (6, 3), (5, 4)])) == 1 + 2
    spec = BOARD_SPECS[g]
    every = [
        (r, c)
        for r in range(spec.height)
        for c in range(spec.width)
        if spec.kind_at(r, c) is not None
    ]
    assert income(_covered(g, every)) == 3 + 5


def test_bear_island_keeps_its_highest_value_and_labrador_pays_nothing() -> None:
    spec = BOARD_SPECS[BoardId.BEAR_ISLAND]
    every = [
        (r, c)
        for r in range(spec.height)
        for c in range(spec.width)
        if spec.kind_at(r, c) is not None
    ]
    assert income(_covered(BoardId.BEAR_ISLAND, every)) == 5  # RULINGS.md
    assert income(_covered(BoardId.BEAR_ISLAND, [(4, 1)])) == 3
    assert income(empty_board(BoardId.LABRADOR)) == 0


def test_bonus_pays_when_surrounded_but_not_covered() -> None:
    ring = [(8, 0), (8, 1), (8, 2), (9, 0), (9, 2), (10, 0), (10, 1), (10, 2)]  # around (9,1)
    state = _covered(BoardId.HOME, ring)
    assert [(b.row, b.col) for b in paying_bonuses(state)] == [(9, 1)]
    assert paying_bonuses(_covered(BoardId.HOME, ring[:-1])) == ()
    assert paying_bonuses(_covered(BoardId.HOME, [*ring, (9, 1)])) == ()


def test_bonus_at_the_edge_needs_fewer_neighbours() -> None:
    ring = [(4, 0), (4, 1), (5, 1), (6, 0), (6, 1)]  # (5,0) sits on the left edge
    paying = paying_bonuses(_covered(BoardId.HOME, ring))
    assert [(b.row, b.col, b.rewards[0].item) for b in paying] == [(5, 0, "ore")]


def test_uncovered_negative_counts() -> None:
    assert uncovered_negative(empty_board(BoardId.HOME)) == 86
    assert uncovered_negative(empty_board(BoardId.STONE_HOUSE)) == 9
    assert uncovered_negative(empty_board(BoardId.SHED)) == 6
    shed = place(
        empty_board(BoardId.SHED),
        Placement(Piece("wood", "wood"), 0, 1),  # type: ignore[arg-type]
        game_end=True,
    )
    assert uncovered_negative(shed) == 5


def test_banquet_uncovered_squares_and_emigrated_ships() -> None:
    def t(r: int, ships: int = 0, length: GameLength = GameLength.LONG) -> BoardState:
        return empty_board(BoardId.BANQUET_TABLE, BanquetSetup(length, r, ships))

    assert uncovered_banquet(t(1)) == 6
    assert uncovered_banquet(t(1, length=GameLength.SHORT)) == 7
    assert uncovered_banquet(t(1, ships=1)) == 4  # RULINGS.md: 2 squares per ship
    assert uncovered_banquet(t(7, ships=6)) == 0
    fed = place(t(1, ships=1), Placement(Piece.good(Good.GRAIN), 0, 2))  # 2..5
    assert uncovered_banquet(fed) == 0

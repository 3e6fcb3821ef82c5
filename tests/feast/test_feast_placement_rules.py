"""One test per placement rule: an accepted case and a refused case with the exact code."""

from __future__ import annotations

import dataclasses

import pytest

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import (
    ORE,
    SILVER,
    STONE,
    WOOD,
    BanquetSetup,
    BoardState,
    Piece,
    Placement,
    PlacementError,
    Rule,
    check,
    empty_board,
    legal_placements,
    place,
)
from skald.domain.feast.placement.naive import naive_check
from skald.domain.feast.special_tiles import SpecialTile


def g(good: Good) -> Piece:
    return Piece.good(good)


def refused(state: BoardState, pl: Placement, rule: Rule, *, game_end: bool = False) -> None:
    """``pl`` is refused with ``rule`` by check, place and the naive oracle, and is absent
    from the enumeration."""
    err = check(state, pl, game_end=game_end)
    assert err is not None and err.rule == rule.value and err.reason
    with pytest.raises(PlacementError) as info:
        place(state, pl, game_end=game_end)
    assert info.value.rule == rule.value and info.value == err
    assert naive_check(state, pl, game_end=game_end) == rule.value
    assert pl not in set(legal_placements(state, pl.piece, game_end=game_end))


def accepted(state: BoardState, pl: Placement, *, game_end: bool = False) -> BoardState:
    assert check(state, pl, game_end=game_end) is None
    assert naive_check(state, pl, game_end=game_end) is None
    new = place(state, pl, game_end=game_end)
    assert new.placed == (*state.placed, pl)
    return new


HOME = empty_board(BoardId.HOME)
LONG = empty_board(BoardId.LONG_HOUSE)


def table(round_: int = 1, ships: int = 0, length: GameLength = GameLength.LONG) -> BoardState:
    return empty_board(BoardId.BANQUET_TABLE, BanquetSetup(length, round_, ships))


def test_piece_allowed_per_board() -> None:
    refused(HOME, Placement(g(Good.PEAS), 11, 4), Rule.PIECE_NOT_ALLOWED)
    refused(HOME, Placement(g(Good.SHEEP), 6, 0), Rule.PIECE_NOT_ALLOWED)
    accepted(HOME, Placement(g(Good.OIL), 11, 4))
    accepted(HOME, Placement(ORE, 11, 4))
    accepted(HOME, Placement(Piece.special(SpecialTile.BELT), 11, 2))
    refused(LONG, Placement(ORE, 0, 0), Rule.PIECE_NOT_ALLOWED)
    accepted(LONG, Placement(SILVER, 0, 0))
    accepted(LONG, Placement(g(Good.PEAS), 0, 0))
    accepted(LONG, Placement(g(Good.STOCKFISH), 0, 4))
    refused(table(), Placement(g(Good.OIL), 0, 0), Rule.PIECE_NOT_ALLOWED)
    refused(table(), Placement(ORE, 0, 0), Rule.PIECE_NOT_ALLOWED)
    accepted(table(), Placement(g(Good.PEAS), 0, 0))
    shed = empty_board(BoardId.SHED)
    refused(shed, Placement(SILVER, 0, 0), Rule.PIECE_NOT_ALLOWED)


def test_wood_and_stone_only_at_game_end_and_on_their_squares() -> None:
    shed = empty_board(BoardId.SHED)
    refused(shed, Placement(WOOD, 0, 0), Rule.NOT_GAME_END)
    accepted(shed, Placement(WOOD, 0, 0), game_end=True)
    accepted(shed, Placement(STONE, 1, 2), game_end=True)
    refused(shed, Placement(WOOD, 1, 0), Rule.WRONG_RESOURCE, game_end=True)
    refused(shed, Placement(STONE, 0, 0), Rule.WRONG_RESOURCE, game_end=True)
    stone_house = empty_board(BoardId.STONE_HOUSE)
    accepted(stone_house, Placement(WOOD, 5, 0), game_end=True)
    accepted(stone_house, Placement(STONE, 5, 4), game_end=True)
    refused(stone_house, Placement(SILVER, 5, 0), Rule.RESOURCE_SQUARE)
    refused(stone_house, Placement(WOOD, 0, 1), Rule.WRONG_RESOURCE, game_end=True)


def test_rotation_must_be_a_quarter_turn() -> None:
    accepted(HOME, Placement(g(Good.LINEN), 8, 4, rotation=1))
    refused(HOME, Placement(g(Good.LINEN), 8, 4, rotation=4), Rule.ROTATION)
    refused(HOME, Placement(g(Good.LINEN), 8, 4, rotation=-1), Rule.ROTATION)


def test_rotation_changes_the_covered_squares() -> None:
    # a vertical linen at (8,4) covers (8..11, 4); horizontal would run off row 11's end
    s = accepted(HOME, Placement(g(Good.LINEN), 8, 4, rotation=1))
    refused(s, Placement(SILVER, 11, 4), Rule.OVERLAP)
    accepted(s, Placement(SILVER, 8, 5))


def test_no_overhang() -> None:
    accepted(HOME, Placement(g(Good.SILK), 11, 4))  # (11,4)..(11,7)
    refused(HOME, Placement(g(Good.SILK), 11, 5), Rule.OVERHANG)  # (11,8) is off the board
    refused(HOME, Placement(SILVER, -1, 3), Rule.OVERHANG)
    refused(HOME, Placement(g(Good.OIL), 0, 12), Rule.OVERHANG)
    refused(table(round_=7), Placement(g(Good.GRAIN), 0, 10), Rule.OVERHANG)
    refused(table(), Placement(g(Good.PEAS), 1, 0), Rule.OVERHANG)


def test_no_blocked_squares_or_pillars() -> None:
    faroe = empty_board(BoardId.FAROE_ISLANDS)
    refused(faroe, Placement(SILVER, 2, 6), Rule.BLOCKED)
    accepted(faroe, Placement(SILVER, 2, 7))
    refused(LONG, Placement(g(Good.FLAX), 1, 2), Rule.BLOCKED)  # covers pillar (1,3)
    accepted(LONG, Placement(g(Good.FLAX), 0, 2))


def test_no_overlap() -> None:
    s = accepted(HOME, Placement(g(Good.CHEST), 10, 2))
    refused(s, Placement(SILVER, 11, 3), Rule.OVERLAP)
    refused(s, Placement(g(Good.RUNE_STONE), 10, 3), Rule.OVERLAP)
    accepted(s, Placement(g(Good.RUNE_STONE), 10, 4))


def test_green_never_beside_green_on_boards() -> None:
    s = accepted(HOME, Placement(g(Good.OIL), 6, 0))  # (6,0),(6,1)
    refused(s, Placement(g(Good.HIDE), 5, 1), Rule.GREEN_ADJACENT)  # above (6,1)
    accepted(s, Placement(g(Good.SILVERWARE), 5, 1))  # blue may touch green
    accepted(s, Placement(g(Good.OIL), 5, 2))  # diagonal touch is fine
    expl = accepted(empty_board(BoardId.ICELAND), Placement(g(Good.OIL), 3, 0))
    refused(expl, Placement(g(Good.WOOL), 3, 2), Rule.GREEN_ADJACENT)


def test_blue_silver_ore_touch_anything() -> None:
    s = accepted(HOME, Placement(g(Good.RUNE_STONE), 6, 0))
    s = accepted(s, Placement(g(Good.RUNE_STONE), 5, 1))
    s = accepted(s, Placement(SILVER, 6, 2))
    s = accepted(s, Placement(SILVER, 6, 3))
    s = accepted(s, Placement(ORE, 6, 4))
    accepted(s, Placement(ORE, 5, 4))


def test_houses_forbid_orange_beside_orange_and_red_beside_red() -> None:
    s = accepted(LONG, Placement(g(Good.PEAS), 0, 0))  # (0,0),(0,1)
    refused(s, Placement(g(Good.FLAX), 1, 0), Rule.ORANGE_ADJACENT)
    s2 = accepted(s, Placement(g(Good.STOCKFISH), 1, 0))  # red beside orange: fine
    refused(s2, Placement(g(Good.MEAD), 2, 0), Rule.RED_ADJACENT)
    accepted(s2, Placement(g(Good.PEAS), 2, 0))  # orange diagonal to orange, beside red
    # green beside green is allowed in houses
    h = accepted(LONG, Placement(g(Good.OIL), 0, 0))
    accepted(h, Placement(g(Good.HIDE), 1, 0))


def test_animals_are_red() -> None:
    t = accepted(table(round_=7), Placement(g(Good.CATTLE), 0, 0, rotation=1))  # 3 squares
    refused(t, Placement(g(Good.MEAD), 0, 3), Rule.RED_ADJACENT)
    accepted(t, Placement(g(Good.PEAS), 0, 3))


def test_no_animal_tile_fits_in_the_transcribed_houses() -> None:
    # A fact of components.md's house grids (see NOTES.md), not a rule.
    for board in (BoardId.LONG_HOUSE, BoardId.STONE_HOUSE):
        for animal in (Good.SHEEP, Good.CATTLE):
            assert list(legal_placements(empty_board(board), g(animal))) == []


def test_income_number_needs_its_lower_left_covered() -> None:
    s = accepted(HOME, Placement(g(Good.RUNE_STONE), 11, 0))  # covers 0 at (11,0), (11,1)
    refused(s, Placement(SILVER, 10, 1), Rule.INCOME_ORDER)  # (10,0) still bare
    s = accepted(s, Placement(SILVER, 10, 0))
    accepted(s, Placement(SILVER, 10, 1))


def test_one_tile_may_cover_the_lower_left_and_the_number_together() -> None:
    accepted(HOME, Placement(g(Good.CHEST), 10, 0))  # covers (10,0),(10,1)=1,(11,0)=0,(11,1)


def test_bonus_squares_may_be_covered() -> None:
    faroe = empty_board(BoardId.FAROE_ISLANDS)
    accepted(faroe, Placement(SILVER, 2, 2))
    accepted(HOME, Placement(SILVER, 7, 6))


def test_banquet_closed_squares() -> None:
    t = table(round_=1)  # long game round 1: squares 0-5 open
    accepted(t, Placement(SILVER, 0, 5))
    refused(t, Placement(SILVER, 0, 6), Rule.BANQUET_CLOSED)  # a Viking still sits there
    refused(t, Placement(g(Good.GRAIN), 0, 4), Rule.BANQUET_CLOSED)  # 4-7: overhangs open part
    ships = table(round_=3, ships=1)  # ship on 0-1
    refused(ships, Placement(SILVER, 0, 1), Rule.BANQUET_CLOSED)
    accepted(ships, Placement(SILVER, 0, 2))


def test_banquet_orange_beside_orange_red_beside_red() -> None:
    t = accepted(table(round_=7), Placement(g(Good.PEAS), 0, 0))  # horizontal: 0-1
    refused(t, Placement(g(Good.FLAX), 0, 2, rotation=1), Rule.ORANGE_ADJACENT)
    t = accepted(t, Placement(g(Good.MEAD), 0, 2, rotation=1))
    refused(t, Placement(g(Good.STOCKFISH), 0, 3, rotation=1), Rule.RED_ADJACENT)
    t = accepted(t, Placement(SILVER, 0, 3))
    accepted(t, Placement(SILVER, 0, 4))  # silver beside silver


def test_banquet_one_horizontal_tile_per_food_type() -> None:
    t = accepted(table(round_=7), Placement(g(Good.PEAS), 0, 0))
    t = accepted(t, Placement(g(Good.MEAD), 0, 2))
    refused(t, Placement(g(Good.PEAS), 0, 4), Rule.BANQUET_HORIZONTAL)
    refused(t, Placement(g(Good.PEAS), 0, 4, rotation=2), Rule.BANQUET_HORIZONTAL)
    t = accepted(t, Placement(g(Good.PEAS), 0, 4, rotation=1))  # vertical: 1 square
    t = accepted(t, Placement(g(Good.STOCKFISH), 0, 5))  # another type: its own horizontal
    assert [pl.col for pl in t.placed] == [0, 2, 4, 5]


def test_banquet_pregnant_side_is_the_same_food_type() -> None:
    t = accepted(table(round_=7), Placement(g(Good.SHEEP), 0, 0))  # 4 squares
    t = accepted(t, Placement(SILVER, 0, 4))
    refused(t, Placement(g(Good.PREGNANT_SHEEP), 0, 5), Rule.BANQUET_HORIZONTAL)
    accepted(t, Placement(g(Good.PREGNANT_SHEEP), 0, 5, rotation=1))


def test_placed_pieces_never_move() -> None:
    s0 = HOME
    s1 = place(s0, Placement(g(Good.OIL), 11, 4))
    assert s0.placed == () and len(s1.placed) == 1
    with pytest.raises(dataclasses.FrozenInstanceError):
        s1.placed = ()  # type: ignore[misc]
    with pytest.raises(PlacementError):
        place(s1, Placement(g(Good.OIL), 11, 4))
    assert isinstance(s1.placed, tuple)


def test_placement_error_is_an_exception_with_rule_and_reason() -> None:
    err = check(HOME, Placement(g(Good.PEAS), 0, 0))
    assert isinstance(err, Exception) and isinstance(err, PlacementError)
    assert err.rule == "placement/piece-not-allowed"
    assert "peas" in err.reason

"""Totals and cross-checks of the printed data (components.md is the authority)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from skald.domain.feast import components
from skald.domain.feast.action_board import ACTION_SPACES, Group
from skald.domain.feast.banquet import GameLength, open_squares
from skald.domain.feast.boards.exploration import EXPLORATION_FACES
from skald.domain.feast.boards.grid import BoardId, SquareKind
from skald.domain.feast.boards.home import HOME
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.buildings import LONG_HOUSE, SHED, STONE_HOUSE
from skald.domain.feast.goods import GOOD_SPECS, GOODS, LADDERS, Colour, Good, upgrades
from skald.domain.feast.mountains import MOUNTAIN_STRIPS, MountainItem
from skald.domain.feast.occupations import OCCUPATIONS, Deck
from skald.domain.feast.rounds import harvest
from skald.domain.feast.shapes import Shape
from skald.domain.feast.ships import SHIPS, ShipKind
from skald.domain.feast.special_tiles import SPECIAL_SPECS, SPECIAL_TILES, SpecialTile
from skald.domain.feast.weapons import WEAPONS


def test_home_board_counts() -> None:
    assert (HOME.height, HOME.width) == (12, 13)
    assert HOME.negative_squares == 86
    assert HOME.count(SquareKind.INCOME) == 12
    assert HOME.count(SquareKind.BONUS) == 5
    assert HOME.count(SquareKind.OPEN) == 40
    # components.md says "138 placeable squares", but its own grid has 86+12+5+40.
    assert HOME.count(*SquareKind) == 143


def test_home_income_diagonal_and_bonuses_sit_on_their_squares() -> None:
    values = [sq.value for sq in HOME.income[0].squares]
    assert values == [0, 1, 2, 2, 3, 4, 5, 6, 7, 9, 12, 15]
    assert HOME.income[0].all_covered == 18
    for sq in HOME.income[0].squares:
        assert HOME.kind_at(sq.row, sq.col) is SquareKind.INCOME
        assert sq.row + sq.col == 11  # the diagonal
    assert {(b.row, b.col) for b in HOME.bonuses} == {(5, 0), (7, 2), (7, 6), (9, 1), (10, 5)}


EXPECTED_FACES = {
    # face: (rows, cols, VP, -1 squares, blocked squares, bonus squares, income squares)
    "shetland": (9, 9, 6, 24, 0, 5, 3),
    "bear-island": (9, 8, 12, 22, 1, 3, 4),
    "faroe-islands": (9, 9, 4, 16, 3, 6, 8),
    "baffin-island": (9, 9, 12, 24, 1, 4, 6),
    "iceland": (8, 8, 16, 24, 0, 3, 7),
    "labrador": (9, 9, 36, 40, 1, 4, 0),
    "greenland": (8, 8, 12, 20, 2, 2, 8),
    "newfoundland": (9, 9, 38, 40, 0, 3, 0),
}


@pytest.mark.parametrize("face", EXPLORATION_FACES, ids=lambda f: f.spec.board.value)
def test_exploration_face_counts(face: object) -> None:
    from skald.domain.feast.boards.exploration import ExplorationFace

    assert isinstance(face, ExplorationFace)
    spec = face.spec
    rows, cols, vp, neg, blocked, bonus, income = EXPECTED_FACES[spec.board.value]
    assert (spec.height, spec.width, spec.points) == (rows, cols, vp)
    assert spec.negative_squares == neg
    assert spec.count(SquareKind.BLOCKED) == blocked
    assert spec.count(SquareKind.BONUS) == len(spec.bonuses) == bonus
    assert spec.count(SquareKind.INCOME) == sum(len(t.squares) for t in spec.income) == income
    for b in spec.bonuses:
        assert spec.kind_at(b.row, b.col) is SquareKind.BONUS
    for t in spec.income:
        for sq in t.squares:
            assert spec.kind_at(sq.row, sq.col) is SquareKind.INCOME
        assert [s.value for s in t.squares] == sorted(s.value for s in t.squares)
        assert t.all_covered >= t.squares[-1].value


def test_exploration_schedule_and_needs() -> None:
    fronts = [f for f in EXPLORATION_FACES if f.front]
    assert [f.spec.board for f in fronts] == [
        BoardId.SHETLAND,
        BoardId.FAROE_ISLANDS,
        BoardId.ICELAND,
        BoardId.GREENLAND,
    ]
    assert [(fl.game_rounds, fl.round) for f in fronts for fl in f.flips] == [
        (7, 3),
        (6, 2),
        (7, 4),
        (6, 3),
        (7, 5),
        (6, 4),
        (7, 6),
        (6, 5),
    ]
    assert Counter(f.vikings for f in EXPLORATION_FACES) == {1: 2, 2: 3, 3: 3}
    greenland = BOARD_SPECS[BoardId.GREENLAND]
    assert len(greenland.income) == 2
    unprinted = {
        f.spec.board for f in EXPLORATION_FACES for t in f.spec.income if not t.all_covered_printed
    }
    assert unprinted == {BoardId.BEAR_ISLAND, BoardId.BAFFIN_ISLAND}


def test_houses() -> None:
    assert SHED.negative_squares == 6 and SHED.count(SquareKind.WOOD) == 3
    assert STONE_HOUSE.negative_squares == 9
    assert STONE_HOUSE.count(SquareKind.NEGATIVE) == 7
    assert LONG_HOUSE.negative_squares == 15
    assert [
        (r, c)
        for r in range(3)
        for c in range(11)
        if LONG_HOUSE.kind_at(r, c) is SquareKind.BLOCKED
    ] == [(1, 3), (1, 7)]
    assert (SHED.points, STONE_HOUSE.points, LONG_HOUSE.points) == (8, 10, 17)


def test_goods_shapes_ladders_and_swords() -> None:
    assert len(Shape) == 8 and len(LADDERS) == 8
    assert Counter(g.colour for g in GOODS) == {
        Colour.ORANGE: 6,
        Colour.RED: 10,
        Colour.GREEN: 8,
        Colour.BLUE: 8,
    }
    swords = {g.good: g.sword for g in GOODS if g.colour is Colour.BLUE}
    assert sorted(swords.values()) == [6, 7, 8, 8, 9, 10, 11, 15]
    for lad in LADDERS:
        goods = [*([lad.orange] if lad.orange else []), *lad.red, lad.green, lad.blue]
        assert {GOOD_SPECS[g].shape for g in goods} == {lad.shape}
    assert sum(lad.orange_red_tiles for lad in LADDERS) == 150
    assert sum(lad.green_blue_tiles for lad in LADDERS) == 196


def test_upgrade_ladder() -> None:
    assert upgrades(Good.PEAS) is Good.MEAD
    assert upgrades(Good.PEAS, 2) is Good.OIL
    assert upgrades(Good.MEAD, 2) is Good.RUNE_STONE
    assert upgrades(Good.SHEEP) is Good.FUR
    assert upgrades(Good.PREGNANT_CATTLE, 2) is Good.SILVER_HOARD
    assert upgrades(Good.RUNE_STONE) is None
    assert upgrades(Good.OIL, 2) is None
    with pytest.raises(ValueError):
        upgrades(Good.PEAS, 3)


def test_animals() -> None:
    animals = {g.good: (g.points, g.pregnant) for g in GOODS if g.animal}
    assert animals == {
        Good.SHEEP: (2, False),
        Good.PREGNANT_SHEEP: (3, True),
        Good.CATTLE: (3, False),
        Good.PREGNANT_CATTLE: (4, True),
    }


def test_special_tiles() -> None:
    assert len(SPECIAL_TILES) == 15
    sizes = [len(t.cells.cells) for t in SPECIAL_TILES]
    assert sizes == [5, 5, 5, 5, 6, 6, 7, 7, 8, 9, 9, 9, 10, 12, 13]
    assert [t.sword for t in SPECIAL_TILES] == [7, 8, 8, 8, 8, 8, 9, 9, 9, 10, 10, 11, 12, 13, 16]
    crown = SPECIAL_SPECS[SpecialTile.ENGLISH_CROWN]
    assert crown.cost is None and crown.points == 2
    assert sum(t.forge for t in SPECIAL_TILES) == 7
    assert [t.cost for t in SPECIAL_TILES] == [0, 1, 1, 2, 2, 2, 2, 2, 3, 4, 4, 4, 5, 6, None]


def test_action_board() -> None:
    assert len(ACTION_SPACES) == 61
    per_group = Counter(a.group for a in ACTION_SPACES)
    assert [per_group[g] for g in Group] == [4, 3, 6, 6, 4, 3, 7, 11, 3, 4, 3, 7]
    assert len({a.id for a in ACTION_SPACES}) == 61
    assert {a.column for a in ACTION_SPACES} == {1, 2, 3, 4}
    assert all(a.vikings == a.column for a in ACTION_SPACES)
    assert not any(a.group is Group.PRODUCTS and a.column == 4 for a in ACTION_SPACES)
    # Occupation #3 Furrier: exactly 8 spaces give exactly 1 silver.
    one_silver = [
        a for a in ACTION_SPACES if any(x.item == "silver" and x.count == 1 for x in a.gain)
    ]
    assert len(one_silver) == 8


def test_occupations() -> None:
    assert len(OCCUPATIONS) == 190
    assert [o.number for o in OCCUPATIONS] == list(range(1, 191))
    assert Counter((o.deck, o.starting) for o in OCCUPATIONS) == {
        (Deck.A, True): 15,
        (Deck.A, False): 57,
        (Deck.B, True): 15,
        (Deck.B, False): 44,
        (Deck.C, True): 15,
        (Deck.C, False): 44,
    }
    by_number = {o.number: o for o in OCCUPATIONS}
    assert (by_number[5].name, by_number[5].points) == ("Chief", 7)
    assert by_number[180].points == -2
    starting_a = sorted(o.number for o in OCCUPATIONS if o.deck is Deck.A and o.starting)
    assert starting_a == [8, 34, 41, 47, 52, 89, 113, 137, 145, 153, 154, 160, 163, 170, 174]


def test_weapons_mountains_ships() -> None:
    assert sum(w.cards for w in WEAPONS) == 47
    assert len(MOUNTAIN_STRIPS) == 8
    assert all(len(s.items) == 7 and s.items[-1] is MountainItem.SILVER_2 for s in MOUNTAIN_STRIPS)
    assert [s.cost for s in SHIPS] == [3, 5, 8]
    assert {s.kind: s.emigrated_points for s in SHIPS} == {
        ShipKind.WHALING_BOAT: None,
        ShipKind.KNARR: 18,
        ShipKind.LONGSHIP: 21,
    }


def test_harvest_long_game_matches_rules_ja() -> None:
    assert harvest(GameLength.LONG, 1) == (Good.PEAS, Good.FLAX, Good.BEANS)
    assert harvest(GameLength.LONG, 2) == (Good.PEAS, Good.FLAX, Good.BEANS, Good.GRAIN)
    assert harvest(GameLength.LONG, 3) == ()
    assert len(harvest(GameLength.LONG, 6)) == 6
    assert [len(harvest(GameLength.SHORT, r)) for r in range(1, 7)] == [3, 0, 4, 0, 5, 0]


def test_banquet_open_squares() -> None:
    assert [len(open_squares(GameLength.LONG, r)) for r in range(1, 8)] == [6, 7, 8, 9, 10, 11, 12]
    assert [len(open_squares(GameLength.SHORT, r)) for r in range(1, 7)] == [7, 8, 9, 10, 11, 12]
    assert open_squares(GameLength.LONG, 4, emigrated_ships=2) == range(4, 9)
    assert len(open_squares(GameLength.LONG, 1, emigrated_ships=4)) == 0
    with pytest.raises(ValueError):
        open_squares(GameLength.SHORT, 7)


def _json_only(x: object) -> bool:
    if isinstance(x, dict):
        return all(isinstance(k, str) and _json_only(v) for k, v in x.items())
    if isinstance(x, list):
        return all(_json_only(v) for v in x)
    return x is None or type(x) in (str, int, bool)


def test_components_is_json_friendly_and_complete() -> None:
    data = components()
    assert _json_only(data)
    assert json.loads(json.dumps(data)) == data
    assert data["sources"] and data["confidence"]
    assert len(data["occupations"]) == 190  # type: ignore[arg-type]
    assert len(data["action_spaces"]) == 61  # type: ignore[arg-type]
    assert len(data["special_tiles"]) == 15  # type: ignore[arg-type]
    assert len(data["exploration_boards"]) == 8  # type: ignore[arg-type]
    home = data["home_board"]
    assert isinstance(home, dict) and home["negative_squares"] == 86
    assert home["rows"][11] == "I......N     "
    data["occupations"] = []
    assert len(components()["occupations"]) == 190  # type: ignore[arg-type]

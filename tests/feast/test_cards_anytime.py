"""Anytime occupations (``cards/anytime.py``, #182, #187's exchange): ``UseOccupation`` lists
exactly the exchanges the seat can pay for, any time, by a seat not to act too, as often as it
can pay; unplayed cards and cards without an anytime part are refused (occupations.md, A)."""

from __future__ import annotations

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import Phase
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    WB,
    answer,
    bare,
    got,
    have,
    in_hand,
    options,
    played,
    refused,
    use,
    with_houses,
    with_ships,
)

# (card, holdings, options listed, option used, what it gave net)
CASES: list[tuple[int, dict[str, int], list[int], int, dict[str, int]]] = [
    (
        44,
        {"hide": 1, "wool": 1, "linen": 1},
        [0],
        0,
        {"hide": -1, "wool": -1, "linen": -1, "clothing": 1, "silver": 3},
    ),
    (45, {"wood": 1, "silver": 6}, [0], 0, {"wood": -1, "silver": -6, "treasure-chest": 1}),
    (46, {"wood": 3, "wool": 1, "linen": 1}, [0, 1], 1, {"wood": -3, "linen": -1, "longship": 1}),
    (47, {"salt_meat": 2}, [0], 0, {"salt-meat": -1, "hide": 1}),
    (48, {"cattle": 1, "pregnant_cattle": 1}, [0, 1], 1, {"pregnant-cattle": -1, "jewelry": 1}),
    (
        49,
        {"cattle": 1},
        [0],
        0,
        {"cattle": -1, "peas": 1, "flax": 1, "beans": 1, "grain": 1, "cabbage": 1},
    ),
    (50, {"rune_stone": 1}, [0], 0, {"rune-stone": -1, "hide": 1}),
    (51, {"rune_stone": 1}, [0, 1], 1, {"rune-stone": -1, "silver": 1, "cabbage": 1}),
    (
        53,
        {"silver": 1, "peas": 1, "grain": 1},
        [0, 3],
        3,
        {"silver": -1, "grain": -1, "salt-meat": 1},
    ),
    (54, {"silverware": 1}, [0, 1], 1, {"silverware": -1, "chest": 1}),
    (55, {"silver": 3, "chest": 1}, [0], 0, {"silver": -3, "chest": -1, "treasure-chest": 1}),
    (
        56,
        {"bow": 2, "snare": 1, "spear": 0, "long_sword": 0},
        [0, 1],
        1,
        {"bow": -1, "snare": -1, "ore": 1},
    ),
    (57, {"beans": 2}, [0], 0, {"beans": -2, "peas": 1, "mead": 1, "stockfish": 1}),
    (58, {"flax": 2}, [0], 0, {"flax": -2, "oil": 3}),
    (59, {"flax": 2, "silver": 1}, [0], 0, {"flax": -2, "silver": -1, "linen": 2}),
    (187, {"flax": 3}, [0], 0, {"flax": -3, "treasure-chest": 1}),
]


@pytest.mark.parametrize(
    ("number", "things", "listed", "option", "expected"),
    CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)],
)
def test_an_anytime_card_exchanges_what_the_seat_can_pay(
    number: int, things: dict[str, int], listed: list[int], option: int, expected: dict[str, int]
) -> None:
    state = played(bare(seat=1, **things), 1, number)  # seat 1 while seat 0 is to act
    state = replace(state, turn=0)
    assert options(state, 1, number) == listed
    after, events = use(state, 1, number, option)
    assert got(events, 1, number) == expected
    assert isinstance(events[0], ev.OccupationUsed) and events[0].option == option
    assert after.turn == 0  # nothing else moved on
    assert options(bare(seat=1), 1, number) == []  # nothing to pay with: not listed


def test_anytime_cards_repeat_while_the_seat_can_pay() -> None:
    state = played(bare(salt_meat=3), 0, 47)
    for _ in range(3):
        state, _ = use(state, 0, 47)
    assert have(state, 0, "hide") == 3 and options(state, 0, 47) == []
    assert refused(state, 0, cmd.UseOccupation(card_id(47), 0)) == "feast/occupation-option"


def test_unplayed_and_non_anytime_cards_are_refused() -> None:
    state = in_hand(bare(salt_meat=1), 0, 47)
    assert refused(state, 0, cmd.UseOccupation(card_id(47), 0)) == "feast/occupation-not-played"
    state = played(bare(silver=9), 0, 86)
    assert refused(state, 0, cmd.UseOccupation(card_id(86), 0)) == "feast/occupation-not-anytime"


def test_anytime_cards_work_in_the_feast_and_the_final_placement() -> None:
    state = played(bare(salt_meat=1), 0, 47)
    for phase in (Phase.FEAST, Phase.FINAL):
        assert options(replace(state, phase=phase), 0, 47) == [0]


def test_modifier_takes_loaded_ore_back_but_not_the_printed_ore() -> None:
    state = played(with_ships(bare(), 0, (WB, 1), (LONGSHIP, 2), KNARR, WB), 0, 39)
    assert options(state, 0, 39) == [0, 1]
    after, events = use(state, 0, 39, 1)
    assert [type(e).__name__ for e in events] == ["OccupationUsed", "OreRemoved"]
    assert after.players[0].ships[1].ore == 1 and have(after, 0, "ore") == 1


def test_master_joiner_puts_wood_on_empty_house_squares() -> None:
    state = played(with_houses(bare(wood=2), 0, "stone-house", "shed"), 0, 40)
    keys = options(state, 0, 40)
    assert keys  # the stone house's squares (not the shed's)
    after, events = use(state, 0, 40, keys[0])
    (placed,) = [e for e in events if isinstance(e, ev.GoodPlaced)]
    assert placed.board == "stone-house-0" and placed.placement.piece.name == "wood"
    assert have(after, 0, "wood") == 1 and len(options(after, 0, 40)) == len(keys) - 1
    assert options(played(with_houses(bare(wood=0), 0, "stone-house"), 0, 40), 0, 40) == []


def test_tutor_plays_a_card_from_the_hand_for_one_silver() -> None:
    state = in_hand(played(bare(silver=1), 0, 52), 0, 43, 86)
    assert options(state, 0, 52) == [43, 86]
    after, events = use(state, 0, 52, 43)
    assert [type(e).__name__ for e in events][:4] == [
        "OccupationUsed",
        "Paid",
        "OccupationPlayedBy",
        "OccupationUsed",
    ]
    assert card_id(43) in after.players[0].played and have(after, 0, "fruits") == 1
    assert options(after, 0, 52) == []  # no silver left
    assert RULES.to_act(after) == RULES.to_act(state)  # the running turn is untouched


def test_herb_gardener_once_with_two_houses() -> None:
    state = played(bare(wood=7), 0, 182)
    assert options(state, 0, 182) == []
    assert refused(state, 0, cmd.UseOccupation(card_id(182), 0)) == "feast/occupation-not-ready"
    state = with_houses(state, 0, "stone-house", "long-house")
    assert options(state, 0, 182) == [0, 1]
    after, events = use(state, 0, 182, 1)
    assert got(events, 0, 182) == {"wood": -5, "spices": 2}
    assert options(after, 0, 182) == []
    assert refused(after, 0, cmd.UseOccupation(card_id(182), 0)) == "feast/occupation-spent"


def test_an_anytime_gain_sets_off_each_time_cards() -> None:
    """A chest from Tradesman is a chest entering the supply: Locksmith offers its oil; an
    anytime exchange made out of turn makes its owner the seat awaited for that offer."""
    state = replace(played(bare(seat=1, silverware=1, silver=1), 1, 54, 28), turn=0)
    after, events = use(state, 1, 54, 1)
    assert after.offers and after.offers[0].card == card_id(28)
    assert RULES.to_act(after) == frozenset({1})
    done, events = answer(after, 0)
    assert got(events, 1, 28) == {"silver": -1, "oil": 1}
    assert RULES.to_act(done) == frozenset({0}) and done.resume is None  # nothing was paused

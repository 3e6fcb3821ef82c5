"""Limits and interactions of the cards that had one test each (anytime exchanges, watchers,
harvest-phase cards, as-soon-as cards, the final scoring): nothing happens when the card's
condition fails, a once-only card stays spent, and each meets another rule once."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import Occupancy, Phase, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.placement import empty_board
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    WB,
    answer,
    bare,
    got,
    have,
    names,
    next_round,
    offered,
    options,
    place,
    place_good,
    play,
    played,
    refused,
    run,
    to_feast,
    use,
    used,
    with_houses,
    with_ships,
)

S, W = MountainItem.STONE, MountainItem.WOOD

# --- anytime: one short of the price → not listed, and refused ------------------------------

# (card, holdings one short of, or beside, every alternative's price)
SHORT: list[tuple[int, dict[str, int]]] = [
    (44, {"hide": 1, "wool": 1}),  # no linen
    (45, {"wood": 1, "silver": 5}),
    (46, {"wood": 2, "wool": 1, "linen": 1}),
    (48, {"sheep": 1, "pregnant_sheep": 1}),  # no cattle of either kind
    (49, {"sheep": 1}),
    (50, {"silver": 9, "stone": 1}),
    (51, {"silver": 9, "milk": 1}),
    (53, {"silver": 0, "peas": 1, "grain": 1}),  # orange goods, no silver
    (53, {"silver": 3, "mead": 1, "salt_meat": 1}),  # silver, red goods only
    (55, {"silver": 2, "chest": 1}),
    (55, {"silver": 3, "treasure_chest": 1}),  # a treasure chest is no chest
    (56, {"bow": 1, "snare": 0, "spear": 0, "long_sword": 0}),
    (57, {"beans": 1, "peas": 3}),
    (58, {"flax": 1, "linen": 2}),
    (59, {"flax": 2, "silver": 0}),
    (59, {"flax": 1, "silver": 1}),
]


@pytest.mark.parametrize(
    ("number", "things"), SHORT, ids=[f"{n}-{i}" for i, (n, _) in enumerate(SHORT)]
)
def test_anytime_card_one_short_of_its_price_offers_nothing(
    number: int, things: dict[str, int]
) -> None:
    state = played(bare(**things), 0, number)
    assert options(state, 0, number) == []
    assert refused(state, 0, cmd.UseOccupation(card_id(number), 0)) == "feast/occupation-option"


def test_modifier_lists_a_ship_until_its_loaded_ore_is_gone() -> None:
    """The unloaded ships and the knarr are covered in test_cards_anytime; here the longship's
    2 ore come back one use at a time and then the ship is no longer listed."""
    state = played(with_ships(bare(), 0, (LONGSHIP, 2)), 0, 39)
    state, _ = use(state, 0, 39, 0)
    state, _ = use(state, 0, 39, 0)
    assert state.players[0].ships[0].ore == 0 and have(state, 0, "ore") == 2
    assert options(state, 0, 39) == []
    assert refused(state, 0, cmd.UseOccupation(card_id(39), 0)) == "feast/occupation-option"


def test_master_joiner_covers_long_houses_but_not_sheds() -> None:
    """No wood and the shed's squares are covered in test_cards_anytime; a long house counts."""
    shed = played(with_houses(bare(wood=1), 0, "shed"), 0, 40)
    assert options(shed, 0, 40) == []
    long = played(with_houses(bare(wood=1), 0, "long-house"), 0, 40)
    keys = options(long, 0, 40)
    assert keys
    _, events = use(long, 0, 40, keys[-1])
    assert [e.board for e in events if type(e).__name__ == "GoodPlaced"] == ["long-house-0"]


def test_shipowner_needs_a_free_large_berth() -> None:
    """Interaction with the berths: 4 large ships leave no room for the longship."""
    full = with_ships(bare(wood=3, wool=1), 0, KNARR, KNARR, LONGSHIP, LONGSHIP)
    state = played(full, 0, 46)
    assert options(state, 0, 46) == []
    assert refused(state, 0, cmd.UseOccupation(card_id(46), 0)) == "feast/occupation-option"
    roomy = played(with_ships(bare(wood=3, wool=1), 0, KNARR, WB, WB, WB), 0, 46)
    assert options(roomy, 0, 46) == [0]


def test_tutor_with_an_empty_hand_offers_nothing() -> None:
    """No silver left is covered in test_cards_anytime; silver but no card in hand."""
    state = played(bare(silver=5), 0, 52)
    assert options(state, 0, 52) == []
    assert refused(state, 0, cmd.UseOccupation(card_id(52), 43)) == "feast/occupation-option"


@pytest.mark.parametrize(
    ("number", "things"),
    [(45, {"wood": 1, "silver": 7}), (55, {"silver": 4, "chest": 1})],
)
def test_a_treasure_chest_bought_anytime_sets_off_locksmith(
    number: int, things: dict[str, int]
) -> None:
    state = played(bare(**things), 0, number, 28)
    after, _ = use(state, 0, number)
    assert [o.card for o in after.offers] == [card_id(28)]
    _, events = answer(after, 0)
    assert got(events, 0, 28) == {"silver": -1, "oil": 1}


def test_cattle_exchanges_take_a_pregnant_cattle_with_its_calf() -> None:
    """48/49 alternative 1 pays the pregnant cattle; the plain cattle stays."""
    state = played(bare(cattle=1, pregnant_cattle=1), 0, 49)
    after, events = use(state, 0, 49, 1)
    assert got(events, 0, 49)["pregnant-cattle"] == -1
    assert have(after, 0, "cattle") == 1 and options(after, 0, 49) == [0]


@pytest.mark.parametrize(
    ("number", "things", "option"),
    [
        (44, {"hide": 2, "wool": 2, "linen": 2}, 0),
        (50, {"rune_stone": 2}, 0),
        (51, {"rune_stone": 2}, 0),
        (56, {"bow": 4, "snare": 0, "spear": 0, "long_sword": 0}, 0),
        (57, {"beans": 4}, 0),
        (58, {"flax": 4}, 0),
        (59, {"flax": 4, "silver": 2}, 0),
    ],
)
def test_anytime_card_repeats_until_the_price_runs_out(
    number: int, things: dict[str, int], option: int
) -> None:
    state = played(bare(**things), 0, number)
    state, _ = use(state, 0, number, option)
    state, _ = use(state, 0, number, option)
    assert options(state, 0, number) == []


# --- watchers -------------------------------------------------------------------------------


def test_earl_of_lade_not_when_the_square_leaves_three() -> None:
    """4 → 3 and 4 → 2 are covered in test_cards_spaces; 3 → 2 leaves 3, and another seat's
    square reaching 3 gives the owner nothing."""
    state = played(bare(), 0, 168)
    three = state.with_player(0, replace(state.players[0], thing=3))
    _, events = place(three, 0, "weekly-market-1-1")
    assert got(events, 0, 168) == {}
    other = three.with_player(1, replace(three.players[1], thing=4))
    _, events = place(other, 1, "weekly-market-1-1")
    assert got(events, 0, 168) == {} and got(events, 1, 168) == {}


def test_stone_carver_nothing_for_wood_and_silver() -> None:
    state = played(replace(bare(), strips=(Strip(1, (W, W)), *bare().strips[1:])), 0, 6)
    held, _ = place(state, 0, "mountains-and-trade-1-1")
    _, events = run(held, 0, cmd.TakeFromMountain(1, 2))
    assert got(events, 0, 6) == {} and used(events, 6) == 0


def test_stone_carver_for_stone_a_card_takes_from_a_mountain() -> None:
    """Interaction: the Wanderer (#95) takes 2 stones off a strip without a harvest."""
    state = played(bare(), 0, 6, 95)
    state = replace(state, strips=(Strip(1, (S, S, S, W)), *state.strips[1:]))
    held, _ = next_round(state, 2)  # the new round's mountain step drops the first stone
    assert held.strips[0].items[:2] == (S, S)
    _, events = answer(held, 12)
    assert got(events, 0, 6) == {"silver": 2}


def _explored(state: Any) -> Any:
    return state.with_player(
        0, replace(state.players[0], explored=(empty_board(BoardId.SHETLAND),))
    )


def test_nobleman_not_for_another_good_or_without_two_silver() -> None:
    """A shed or a board takes no grain at all (the placement rules), so only the house's
    other goods and the price are its limit."""
    base = played(bare(grain=1, rune_stone=1, silver=2), 0, 98)
    house = with_houses(base, 0, "long-house")
    rune, _ = place_good(house, "long-house-0", Good.RUNE_STONE)
    assert not rune.offers
    poor = with_houses(played(bare(grain=1, silver=1), 0, 98), 0, "long-house")
    held, events = place_good(poor, "long-house-0", Good.GRAIN)
    assert not held.offers and "OccupationOffered" not in names(events)
    held, _ = place_good(house, "long-house-0", Good.GRAIN)  # a long house counts
    assert [o.card for o in held.offers] == [card_id(98)]


def test_rune_stone_watchers_not_for_other_goods() -> None:
    """Each is covered against the other's board in test_cards_gains; grain in a house gives
    neither, nor does a rune stone on the home board (no exploration board, no house)."""
    state = with_houses(played(bare(grain=1, rune_stone=1), 0, 100, 101), 0, "long-house")
    _, events = place_good(state, "long-house-0", Good.GRAIN)
    assert got(events, 0, 100) == {} and got(events, 0, 101) == {}
    _, events = place_good(state, "home", Good.RUNE_STONE)
    assert got(events, 0, 100) == {} and got(events, 0, 101) == {}
    rune = _explored(with_houses(played(bare(rune_stone=1), 0, 101), 0, "long-house"))
    _, events = place_good(rune, "long-house-0", Good.RUNE_STONE)
    assert got(events, 0, 101) == {"mead": 1, "silver": 1}


def test_scribe_nothing_for_other_actions_or_other_seats() -> None:
    state = with_ships(played(bare(silver=1), 0, 125), 0, KNARR)
    _, events = place(state, 0, "weekly-market-1-1")
    assert got(events, 0, 125) == {}
    other = with_ships(state, 1, KNARR)
    _, events = place(other, 1, "exploration-1-1", 0)
    assert got(events, 0, 125) == {} and got(events, 1, 125) == {}


def test_meat_buyer_also_for_two_salt_meat() -> None:
    """The 1-stockfish limit is covered in test_cards_gains; 2 salt meat at once count too."""
    state = played(bare(silver=2), 0, 150)
    held, _ = place(state, 0, "livestock-market-1-2")
    assert [o.trigger for o in held.offers] == ["meat:salt-meat"]
    _, events = answer(held, 0)
    assert got(events, 0, 150) == {"salt-meat": -1, "game-meat": 1}


def test_bosporus_traveller_not_for_sheep_or_without_silver() -> None:
    state = played(bare(silver=4), 0, 174)
    held, _ = place(state, 0, "livestock-market-3-1", 0)
    assert not held.offers
    poor = played(bare(silver=1), 0, 174)
    held, events = place(poor, 0, "livestock-market-3-1", 1)
    assert not held.offers and "OccupationOffered" not in names(events)


def test_codliver_oil_presser_needs_stockfish_and_a_silver() -> None:
    state = played(bare(silver=1), 0, 175)
    held, _ = place(state, 0, "weekly-market-1-1")
    assert not held.offers  # no stockfish
    held, _ = place(state, 0, "livestock-market-1-1")  # stockfish, but pays the only silver
    assert not held.offers


def test_codliver_oil_presser_for_stockfish_from_an_occupation() -> None:
    """Interaction: the beans exchange (#57) is an occupation giving stockfish."""
    state = played(bare(beans=2, silver=1), 0, 57, 175)
    after, _ = use(state, 0, 57)
    assert [o.card for o in after.offers] == [card_id(175)]
    _, events = answer(after, 0)
    assert got(events, 0, 175) == {"silver": -1, "oil": 1}


def test_bosporus_merchant_nothing_without_spices_and_for_a_cards_spices() -> None:
    state = played(bare(), 0, 190)
    _, events = place(state, 0, "weekly-market-1-1")
    assert got(events, 0, 190) == {}
    # interaction: 2 spices from the Herb Gardener (#182) → 2 oil
    herbs = with_houses(played(bare(wood=5), 0, 190, 182), 0, "stone-house", "long-house")
    _, events = use(herbs, 0, 182, 1)
    assert got(events, 0, 190) == {"oil": 2}


# --- harvest, weapons, before income ---------------------------------------------------------


def test_craft_leader_counts_only_its_owners_vikings() -> None:
    """4 own Vikings is covered in test_cards_phases; another seat's Vikings do not help."""
    state = played(bare(), 0, 8)
    spaces = (
        Occupancy("crafting-1-1", 0, 1),
        Occupancy("crafting-2-1", 0, 2),
        Occupancy("crafting-2-2", 1, 2),
    )
    _, events = to_feast(replace(state, occupied=spaces))
    assert got(events, 0, 8) == {}


def test_ore_boatman_without_a_longship_offers_nothing() -> None:
    state = with_ships(played(bare(), 0, 9), 0, KNARR, WB)
    held, events = to_feast(state)
    assert not held.offers and held.phase is Phase.FEAST
    assert "OccupationOffered" not in names(events)


def test_ore_boatman_two_longships_two_ore() -> None:
    state = with_ships(played(bare(), 0, 9), 0, LONGSHIP, LONGSHIP)
    held, _ = to_feast(state)
    assert [o.trigger for o in held.offers] == ["ore:2"]


def test_peacemaker_offers_in_a_round_without_harvest_too() -> None:
    """The must and the draw are covered in test_cards_phases; ore instead of the weapon."""
    held, events = next_round(played(bare(), 0, 38), 2)
    assert held.offers[0].trigger == "weapon"
    _, events = answer(held, 3)
    assert got(events, 0, 38) == {"ore": 1}


@pytest.mark.parametrize(("boats", "expected"), [(0, {}), (1, {"beans": 1}), (3, {"cabbage": 1})])
def test_helper_in_time_of_need_by_boat_count(boats: int, expected: dict[str, int]) -> None:
    """2 boats → grain is covered in test_cards_phases; no boat gives nothing."""
    state = with_ships(played(bare(), 0, 93), 0, *([WB] * boats), KNARR)
    _, events = next_round(state, 2)
    assert got(events, 0, 93) == expected


@pytest.mark.parametrize(
    ("number", "things"),
    [(93, {}), (94, {"oil": 2}), (95, {}), (96, {"whale_meat": 1, "game_meat": 1})],
)
def test_no_harvest_cards_do_nothing_in_a_harvest_round(
    number: int, things: dict[str, int]
) -> None:
    state = played(bare(**things), 0, number)
    if number == 93:
        state = with_ships(state, 0, WB)
    held, events = next_round(state, 1)  # round 2 has a harvest
    assert not held.offers and got(events, 0, number) == {}
    assert "OccupationOffered" not in names(events)


@pytest.mark.parametrize(("number", "things"), [(94, {"oil": 1}), (96, {"silver": 3})])
def test_no_harvest_exchange_without_the_goods_offers_nothing(
    number: int, things: dict[str, int]
) -> None:
    held, events = next_round(played(bare(**things), 0, number), 2)
    assert not held.offers and "OccupationOffered" not in names(events)
    assert names(events)[-1] == "TurnStarted"


def test_fur_trader_game_meat_to_whale_meat() -> None:
    held, _ = next_round(played(bare(game_meat=1), 0, 96), 2)
    assert [o for _, o in offered(held)] == [-1, 0]
    _, events = answer(held, 0)
    assert got(events, 0, 96) == {"game-meat": -1, "whale-meat": 1}


def test_flax_baker_nothing_without_a_harvest() -> None:
    held, events = next_round(played(bare(flax=2), 0, 171), 2)
    assert not held.offers and "OccupationOffered" not in names(events)


# --- as soon as ------------------------------------------------------------------------------


def test_boat_builder_with_no_small_berth_fires_but_gives_nothing() -> None:
    """The 3-ship limit and the once are covered in test_cards_gains."""
    state = with_ships(bare(), 0, KNARR, KNARR, LONGSHIP, LONGSHIP, WB, WB, WB)
    after, events = play(state, 0, 178)
    assert used(events, 178) == 1 and got(events, 0, 178) == {}
    assert card_id(178) + f"@{after.round}" in after.players[0].used


def test_cutter_operator_waits_past_a_whaling_boat() -> None:
    state = played(bare(wood=5), 0, 179)
    after, events = place(state, 0, "build-ships-1-1")  # a whaling boat
    assert used(events, 179) == 0
    _, events = place(replace(after, occupied=()), 0, "build-ships-2-1")
    assert got(events, 0, 179) == {"stockfish": 1, "silver": 1}


def test_beach_raider_waits_for_the_third_longship_and_fires_once() -> None:
    state = with_ships(bare(silver=20), 0, LONGSHIP, LONGSHIP)
    held, events = play(state, 0, 180)
    assert used(events, 180) == 0
    third, events = run(held, 0, cmd.BuyShip(ShipKind.LONGSHIP))
    assert got(events, 0, 180) == {"silverware": 4}
    _, events = run(third, 0, cmd.BuyShip(ShipKind.LONGSHIP))
    assert used(events, 180) == 0


def test_sail_patcher_fires_later_on_a_third_large_ship_once() -> None:
    """2 large ships not enough is covered in test_cards_gains; it fires on the buy."""
    state = with_ships(bare(silver=20), 0, KNARR, LONGSHIP)
    held, _ = play(state, 0, 181)
    third, events = run(held, 0, cmd.BuyShip(ShipKind.KNARR))
    assert got(events, 0, 181) == {"wool": 3}
    _, events = run(third, 0, cmd.BuyShip(ShipKind.KNARR))
    assert used(events, 181) == 0


# #182 Herb Gardener: its condition and once are covered in test_cards_anytime
# (test_herb_gardener_once_with_two_houses); its spices meet #190 above.


# --- final scoring ---------------------------------------------------------------------------


@pytest.mark.parametrize(("count", "silver"), [(0, 0), (1, 0), (2, 4), (4, 16), (5, 16)])
def test_seafarer_tiers(count: int, silver: int) -> None:
    """3 boards → 9 is covered in test_cards_gains."""
    kinds = (
        BoardId.SHETLAND,
        BoardId.ICELAND,
        BoardId.LABRADOR,
        BoardId.GREENLAND,
        BoardId.FAROE_ISLANDS,
    )
    state = played(bare(), 0, 189)
    boards = tuple(empty_board(k) for k in kinds[:count])
    state = state.with_player(0, replace(state.players[0], explored=boards))
    final = replace(state, phase=Phase.FINAL, round=7)
    final = replace(
        final, players=tuple(replace(p, finished=i != 0) for i, p in enumerate(final.players))
    )
    _, events = run(final, 0, cmd.FinishPlacing())
    assert got(events, 0, 189) == ({"silver": silver} if silver else {})

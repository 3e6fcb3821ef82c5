"""The limits of occupations whose only test was their trigger (``cards/trading.py``,
``cards/dice.py``, ``cards/phases.py``, ``cards/raids.py``): nothing happens when the card's
condition fails, and one interaction with another rule where it is cheap (an imitation space,
a second card, the cost being paid). Rolls are entered with a ``TableChance``."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import Occupancy, State, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.kernel import TableChance
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    WB,
    answer,
    at_feast,
    bare,
    declaring,
    end_feasts,
    got,
    have,
    listed_of,
    names,
    offered,
    place,
    played,
    rolling,
    run,
    surrounded_stone_house,
    to_feast,
    used,
    with_board_houses,
    with_houses,
    with_ships,
)


def _offers(state: State) -> list[str]:
    return [o.card[-3:] for o in state.offers]


# --- trading: before and after overseas trading ------------------------------------------------


@pytest.mark.parametrize(
    ("number", "things", "space", "ships"),
    [
        (36, {"silver": 1, "hide": 1, "peas": 1}, "sailing-1-1", (KNARR,)),  # no meat
        (36, {"silver": 3, "salt_meat": 1}, "sailing-3-1", (KNARR,)),  # special sale
        (37, {"peas": 1}, "raiding-1-1", (LONGSHIP,)),  # not trading
        (110, {"silver": 1, "hide": 1}, "sailing-2-1", (KNARR,)),  # no silver left to emigrate
        (185, {"peas": 1, "flax": 1}, "raiding-2-1", (LONGSHIP,)),  # pillaging is not raiding
    ],
)
def test_trading_offers_need_their_condition(
    number: int, things: dict[str, int], space: str, ships: tuple[Any, ...]
) -> None:
    state = with_ships(played(bare(**things), 0, number), 0, *ships)
    if cmd.PlaceVikings(space) not in set(RULES.legal_commands(state, 0)):
        pytest.fail(f"{space} is not open to the test's seat")
    held, events = place(state, 0, space)
    if number == 110:
        held, events = run(held, 0, cmd.TradeOverseas((Good.HIDE,)))
    assert card_id(number) not in [o.card for o in held.offers]
    assert used(events, number) == 0


def test_clerk_one_exchange_per_knarr() -> None:
    """One knarr: one offer, though silver and a cattle are left for a second one."""
    state = with_ships(played(bare(silver=3, cattle=2, hide=1), 0, 88), 0, KNARR)
    held, _ = place(state, 0, "sailing-1-1")
    assert held.offers[0].trigger == "clerk:1"
    held, events = answer(held, 14)  # cattle → robe
    assert got(events, 0, 88) == {"silver": -1, "cattle": -1, "robe": 1}
    assert not held.offers and held.running is not None
    assert held.running.awaiting == ("TradeOverseas",)


def test_clerk_cannot_spend_the_silver_the_trading_space_needs() -> None:
    """The trading action costs 1 silver: with 1 silver there is no exchange to offer and the
    trade goes on; with 2 the exchange is offered and the trade still follows it."""
    state = with_ships(played(bare(silver=1, cattle=1, hide=1), 0, 88), 0, KNARR)
    held, _ = place(state, 0, "sailing-1-1")
    assert not held.offers
    assert held.running is not None and held.running.awaiting == ("TradeOverseas",)
    richer = with_ships(played(bare(silver=2, cattle=1, hide=1), 0, 88), 0, KNARR)
    held, _ = place(richer, 0, "sailing-1-1")
    assert [o for _, o in offered(held)]
    held, _ = answer(held, 14)
    assert held.running is not None and held.running.awaiting == ("TradeOverseas",)


def test_birka_settler_not_on_an_imitation_of_the_two_viking_space() -> None:
    """NOTES.md: #110 is keyed to the printed space, so its imitation does not count."""
    state = with_ships(played(bare(players=4, silver=2, hide=1), 0, 110), 0, KNARR)
    state = replace(state, imitation=(2, 3), occupied=(Occupancy("sailing-2-1", 1, 2),))
    held, _ = run(state, 0, cmd.PlaceVikings("imitation-2", 0, "sailing-2-1"))
    after, events = run(held, 0, cmd.TradeOverseas((Good.HIDE,)))
    assert "OccupationOffered" not in names(events) and not after.offers


def test_foreign_trader_fires_on_an_imitation_of_overseas_trading() -> None:
    """Any source: an imitation copying the trading space is an overseas trading action."""
    state = with_ships(played(bare(players=4, silver=1, hide=1), 0, 37), 0, KNARR)
    state = replace(state, imitation=(2, 3), occupied=(Occupancy("sailing-2-1", 1, 2),))
    held, _ = run(state, 0, cmd.PlaceVikings("imitation-2", 0, "sailing-2-1"))
    assert _offers(held) == ["037"]


def test_priest_not_before_a_special_sale_and_once_per_trading_action() -> None:
    state = with_ships(played(bare(silver=3, hide=1), 0, 149), 0, KNARR)
    _, events = place(state, 0, "sailing-3-1")
    assert used(events, 149) == 0 and got(events, 0, 149) == {}
    _, events = place(state, 0, "sailing-2-1")
    assert got(events, 0, 149) == {"oil": 1} and used(events, 149) == 1


def test_priest_oil_is_there_for_the_foreign_trader() -> None:
    """Priest gives before Foreign Trader is offered: the new oil may be upgraded at once."""
    oil = 16  # GOODS index
    state = with_ships(played(bare(silver=1, hide=1), 0, 149, 37), 0, KNARR)
    held, _ = place(state, 0, "sailing-1-1")
    assert _offers(held) == ["037"] and oil in [o for _, o in offered(held)]
    alone, _ = place(with_ships(played(bare(silver=1, hide=1), 0, 37), 0, KNARR), 0, "sailing-1-1")
    assert oil not in [o for _, o in offered(alone)]


# --- dice: snares, whaling, hunting game --------------------------------------------------------

SNARE_OK = ("hunting-2-2", 1, cmd.DeclareHunt(True, 1, 0))
SNARE_FAIL = ("hunting-2-2", 5, cmd.DeclareHunt(False))
GAME_OK = ("hunting-1-1", 1, cmd.DeclareHunt(True, 1, 0))
GAME_FAIL = ("hunting-1-1", 5, cmd.DeclareHunt(False))
WHALE_OK = ("hunting-4-1", 3, cmd.DeclareHunt(True, 2, 0))
WHALE_FAIL = ("hunting-4-1", 6, cmd.DeclareHunt(False))


# 128 Digger: its test covers no offer after a hunting game; 145 Forester: none before a snare.
@pytest.mark.parametrize(
    ("number", "action", "things"),
    [
        (126, SNARE_FAIL, {}),
        (126, GAME_OK, {"wood": 1}),
        (128, SNARE_FAIL, {}),
        (129, SNARE_FAIL, {"snare": 1}),
        (129, GAME_OK, {"wood": 1, "snare": 1}),
        (130, SNARE_FAIL, {"snare": 2}),
        (130, SNARE_OK, {"wood": 1, "snare": 0}),  # 1 snare (the one won): not 2
        (131, SNARE_OK, {"wood": 1}),  # no stockfish
        (131, GAME_OK, {"wood": 1, "stockfish": 1}),  # not a snare
        (140, WHALE_FAIL, {}),
        (140, GAME_OK, {"wood": 1}),
        (142, WHALE_OK, {"wood": 2, "spear": 1}),  # no spear spent
        (144, GAME_FAIL, {"silver": 2}),
        (144, GAME_OK, {"wood": 1, "silver": 1}),  # 1 silver short
        (144, SNARE_OK, {"wood": 1, "silver": 2}),  # not a hunting game
        (145, WHALE_OK, {"wood": 2}),  # not a hunting game
    ],
)
def test_dice_cards_do_nothing_when_their_condition_fails(
    number: int, action: tuple[str, int, Any], things: dict[str, int]
) -> None:
    space, value, declare = action
    state = with_ships(played(bare(**things), 0, number), 0, WB)
    rolled, events = rolling(state, space, value)
    assert rolled.dice is not None and not rolled.offers
    after, more = declaring(rolled, declare)
    events += more
    assert card_id(number) not in [o.card for o in after.offers]
    assert used(events, number) == 0 and got(events, 0, number) == {}


def test_snare_specialist_not_on_an_imitation_of_the_snare_space() -> None:
    """NOTES.md: #130 names the printed space (2 Vikings), so its imitation does not count."""
    state = played(bare(players=4, wood=1, snare=2), 0, 130)
    state = replace(state, imitation=(2, 3), occupied=(Occupancy("hunting-2-2", 1, 2),))
    rolled, _ = run(state, 0, cmd.PlaceVikings("imitation-2", 0, "hunting-2-2"), TableChance([1]))
    after, events = declaring(rolled, cmd.DeclareHunt(True, 1, 0))
    assert not after.offers and used(events, 130) == 0


def test_trapper_pays_on_an_imitation_of_the_snare_space() -> None:
    """Any source: an imitation copying the snare space is a snare action (NOTES.md)."""
    state = played(bare(players=4, wood=1), 0, 126)
    state = replace(state, imitation=(2, 3), occupied=(Occupancy("hunting-2-2", 1, 2),))
    rolled, _ = run(state, 0, cmd.PlaceVikings("imitation-2", 0, "hunting-2-2"), TableChance([1]))
    _, events = declaring(rolled, cmd.DeclareHunt(True, 1, 0))
    assert got(events, 0, 126) == {"silver": 1}


def test_meat_curer_uses_the_snare_just_won_and_digger_waits_its_turn() -> None:
    """Two offers after one snare, answered in order; the curer eats the won snare."""
    state = played(bare(wood=1, snare=0), 0, 128, 129)
    held, _ = declaring(rolling(state, *SNARE_OK[:2])[0], SNARE_OK[2])
    assert _offers(held) == ["128", "129"]
    held, _ = answer(held, None)
    assert _offers(held) == ["129"]
    after, events = answer(held, 0)
    assert got(events, 0, 129) == {"snare": -1, "salt-meat": 1}
    assert have(after, 0, "snare") == have(held, 0, "snare") - 1 == 0  # the won snare went


def test_bait_layer_also_after_a_failed_snare_and_once() -> None:
    state = played(bare(stockfish=2), 0, 131)
    held, _ = declaring(rolling(state, *SNARE_FAIL[:2])[0], SNARE_FAIL[2])
    assert _offers(held) == ["131"]
    after, events = answer(held, 0)
    assert got(events, 0, 131) == {"stockfish": -1, "game-meat": 1}
    assert not after.offers and have(after, 0, "stockfish") == 1  # one exchange, not two


def test_blubber_cook_adds_to_the_whaling_oil() -> None:
    state = with_ships(played(bare(wood=2), 0, 140), 0, WB)
    after, events = declaring(rolling(state, *WHALE_OK[:2])[0], WHALE_OK[2])
    plain, _ = declaring(rolling(with_ships(bare(wood=2), 0, WB), *WHALE_OK[:2])[0], WHALE_OK[2])
    assert have(after, 0, "oil") == have(plain, 0, "oil") + 1 and used(events, 140) == 1


def test_whale_catcher_gets_nothing_from_a_failed_whaling() -> None:
    """142's existing test covers 2 spears spent; a failure spends none and gives none."""
    state = with_ships(played(bare(spear=1), 0, 142), 0, WB)
    after, events = declaring(rolling(state, *WHALE_FAIL[:2])[0], WHALE_FAIL[2])
    assert used(events, 142) == 0 and got(events, 0, 142) == {}
    assert have(after, 0, "spear") == 2  # only the failure's consolation spear


def test_forester_also_before_an_imitated_hunting_game() -> None:
    state = played(bare(players=4, wood=1), 0, 145)
    state = replace(state, imitation=(2, 3), occupied=(Occupancy("hunting-2-1", 1, 2),))
    held, events = run(state, 0, cmd.PlaceVikings("imitation-2", 0, "hunting-2-1"))
    assert _offers(held) == ["145"] and "DieRolled" not in names(events)


def test_deerstalker_after_the_two_viking_hunting_game_too() -> None:
    state = played(bare(wood=1, silver=2), 0, 144)
    held, _ = declaring(rolling(state, "hunting-2-1", 1)[0], cmd.DeclareHunt(True, 1, 0))
    assert _offers(held) == ["144"]


@pytest.mark.parametrize(
    ("space", "value", "declare", "things", "silver"),
    [
        ("hunting-2-2", 5, cmd.DeclareHunt(False), {}, 1),  # the snare space: 1 back
        ("hunting-1-1", 5, cmd.DeclareHunt(False), {}, 0),  # nothing to send back
        ("hunting-4-1", 6, cmd.DeclareHunt(False), {}, 1),  # whaling: 2 back
        ("raiding-1-1", 2, cmd.DeclareRaid(False), {}, 0),  # a failed raid sends none back
        ("raiding-2-1", 2, cmd.DeclareRaid(False), {}, 1),  # a failed pillage: 1 back
        ("hunting-2-2", 1, cmd.DeclareHunt(True, 1, 0), {"wood": 1}, 0),  # success
    ],
)
def test_thing_spokesman_counts_one_or_two_vikings_back(
    space: str, value: int, declare: Any, things: dict[str, int], silver: int
) -> None:
    state = with_ships(played(bare(**things), 0, 151), 0, WB, LONGSHIP)
    _, events = declaring(rolling(state, space, value)[0], declare)
    back = [e.returned for e in events if isinstance(e, ev.DiceFailed)]
    assert got(events, 0, 151) == ({"silver": silver} if silver else {}), back


def test_without_proficient_hunter_three_rolls_at_most() -> None:
    """153's test covers the 4th roll and no 5th; without the card a 4th is not listed."""
    state, _ = rolling(bare(), "hunting-1-1", 6)
    for value in (6, 6):
        state, _ = run(state, 0, cmd.Reroll(), TableChance([value]))
    assert state.dice is not None and state.dice.roll == 3 and not listed_of(state, cmd.Reroll)


# --- phases: feast, bonus, mountains -----------------------------------------------------------


# 186 Pea Flour Baker: its test checks the 2 horizontal peas and the third refused (limit).
# 7 Miller: its test covers 3 and 0 grain (no silver).
# 158 Barbarian: its test checks a sheep served gives it nothing.
# 165 Village Leader: its test checks no clothing → nothing.


def test_slowpoke_offers_nothing_without_silver_or_mead() -> None:
    fed = at_feast(played(bare(), 0, 41))
    after, events = end_feasts(fed)
    assert card_id(41) not in [o.card for o in after.offers] and used(events, 41) == 0


def test_slowpoke_offers_only_what_can_be_paid() -> None:
    fed = at_feast(played(bare(silver=1), 0, 41))
    held, _ = end_feasts(fed)
    assert [o for _, o in offered(held)] == [-1, 0]  # the silver, not the mead


@pytest.mark.parametrize(
    ("food", "skins"),
    [("cattle", 1), ("game-meat", 0), ("peas", 0)],
)
def test_skinner_counts_only_sheep_and_cattle(food: str, skins: int) -> None:
    things = {food.replace("-", "_"): 1}
    fed = at_feast(played(bare(**things), 0, 157))
    _, events = run(fed, 0, cmd.ServeFood(food, 0, 0))
    assert got(events, 0, 157) == ({"skin-and-bones": skins} if skins else {})


@pytest.mark.parametrize(
    ("occupied", "cabbage", "flax"),
    [
        # six in column 3: one short of 7
        ((("hunting-3-1", 3), ("crafting-3-1", 3)), 0, 0),
        # seven in column 2
        (
            (("hunting-2-1", 2), ("hunting-2-2", 2), ("crafting-2-1", 2), ("weekly-market-2-1", 1)),
            0,
            1,
        ),
        # seven, split between columns 2 and 3: neither
        ((("hunting-2-1", 2), ("hunting-2-2", 2), ("hunting-3-1", 3)), 0, 0),
    ],
)
def test_column_cards_need_seven_vikings_in_their_column(
    occupied: tuple[tuple[str, int], ...], cabbage: int, flax: int
) -> None:
    spaces = tuple(Occupancy(s, 0, n) for s, n in occupied)
    fed = at_feast(replace(played(bare(), 0, 161, 162), occupied=spaces))
    _, events = end_feasts(fed)
    assert got(events, 0, 161) == ({"cabbage": 1} if cabbage else {})
    assert got(events, 0, 162) == ({"flax": 1} if flax else {})


def test_column_cards_count_only_the_seats_own_vikings() -> None:
    theirs = (
        Occupancy("hunting-3-1", 1, 3),
        Occupancy("crafting-3-1", 1, 3),
        Occupancy("mountains-and-trade-3-1", 0, 3),
    )
    fed = at_feast(replace(played(bare(), 0, 161), occupied=theirs))
    _, events = end_feasts(fed)
    assert got(events, 0, 161) == {}


def test_taster_nothing_without_spices() -> None:
    _, events = to_feast(played(bare(), 0, 167))
    assert got(events, 0, 167) == {} and used(events, 167) == 0


def test_fish_cook_offers_nothing_when_no_stockfish_was_served() -> None:
    fed = at_feast(with_houses(played(bare(stockfish=1, peas=1), 0, 172), 0, "long-house"))
    fed, _ = run(fed, 0, cmd.ServeFood("peas", 0, 1))
    held, events = run(fed, 0, cmd.EndFeast())
    assert card_id(172) not in [o.card for o in held.offers] and used(events, 172) == 0


def test_fish_cook_offers_nothing_without_a_stone_or_long_house() -> None:
    fed = at_feast(with_houses(played(bare(stockfish=1), 0, 172), 0, "shed"))
    fed, _ = run(fed, 0, cmd.ServeFood("stockfish", 0, 0))
    held, _ = run(fed, 0, cmd.EndFeast())
    assert card_id(172) not in [o.card for o in held.offers]


def test_punchcutter_nothing_for_other_items_leaving() -> None:
    state = played(bare(), 0, 173)
    wood = MountainItem.WOOD
    state = replace(state, strips=(Strip(1, (wood, wood)), Strip(2, (MountainItem.STONE,))))
    _, events = end_feasts(at_feast(state))
    assert got(events, 0, 173) == {} and used(events, 173) == 0


def test_maid_offers_nothing_for_an_empty_house() -> None:
    """An empty long house yields no bonus good at all: not exactly 1."""
    fed = at_feast(with_houses(played(bare(), 0, 177), 0, "long-house"))
    held, events = end_feasts(fed)
    assert card_id(177) not in [o.card for o in held.offers] and used(events, 177) == 0


def test_maid_judges_each_house_on_its_own() -> None:
    """Two houses each paying exactly 1 hide: two offers, one per house."""
    house = surrounded_stone_house()
    fed = at_feast(with_board_houses(played(bare(), 0, 177), 0, house, house))
    held, _ = end_feasts(fed)
    assert [o.trigger for o in held.offers] == ["maid:hide", "maid:hide"]
    held, events = answer(held, 0)
    assert got(events, 0, 177) == {"hide": -1, "silverware": 1} and len(held.offers) == 1


# --- raids -------------------------------------------------------------------------------------


def test_catapulter_also_in_pillaging_and_without_it_a_stone_adds_one() -> None:
    state = with_ships(bare(stone=1), 0, LONGSHIP)
    rolled, _ = rolling(state, "raiding-1-1", 6)
    _, events = declaring(rolled, cmd.DeclareRaid(True, 1, 0, "rune-stone"))
    assert [e.result for e in events if isinstance(e, ev.DiceSucceeded)] == [7]
    rolled, _ = rolling(played(state, 0, 89), "raiding-2-1", 6)
    _, events = declaring(rolled, cmd.DeclareRaid(True, 1, 0, "rune-stone"))
    assert [e.result for e in events if isinstance(e, ev.DiceSucceeded)] == [8]


@pytest.mark.parametrize(
    ("number", "space", "ore"),
    [
        (90, "raiding-1-1", 0),  # no ore on the longship
        (90, "raiding-2-1", 2),  # pillaging
        (132, "raiding-2-1", 0),  # no ore  (132 before raiding: its test covers it)
    ],
)
def test_ore_for_a_bonus_needs_ore_and_its_own_kind(number: int, space: str, ore: int) -> None:
    state = with_ships(played(bare(), 0, number), 0, (LONGSHIP, ore))
    rolled, events = rolling(state, space, 3)
    assert not rolled.offers and "DieRolled" in names(events)
    assert rolled.dice is not None and rolled.dice.modifier == ore  # the ship's ore, no card


@pytest.mark.parametrize(
    ("space", "value", "declare"),
    [
        ("raiding-1-1", 4, cmd.DeclareRaid(False)),  # failed
        ("raiding-2-1", 7, cmd.DeclareRaid(True, 0, 0, "rune-stone")),  # pillaging
    ],
)
def test_lance_bearer_only_after_a_successful_raid(space: str, value: int, declare: Any) -> None:
    state = with_ships(played(bare(), 0, 133), 0, LONGSHIP)
    after, events = declaring(rolling(state, space, value)[0], declare)
    assert card_id(133) not in [o.card for o in after.offers] and used(events, 133) == 0


# 138 Robber: its test compares the takes with and without the card (the limit).


def test_robber_in_pillaging_too() -> None:
    state = with_ships(played(bare(), 0, 138), 0, LONGSHIP)
    takes = {c.take for c in listed_of(rolling(state, "raiding-2-1", 8)[0], cmd.DeclareRaid)}
    assert "oil" in takes


def test_loot_hunter_limit_without_it_the_crown_costs_its_full_value() -> None:
    high = with_ships(bare(long_sword=7), 0, LONGSHIP)
    rolled, _ = rolling(high, "raiding-1-1", 8)  # 8 + 7 = 15 < 16
    assert cmd.DeclareRaid(True, 0, 7, "english-crown") not in listed_of(rolled, cmd.DeclareRaid)

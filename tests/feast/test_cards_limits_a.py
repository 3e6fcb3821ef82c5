"""The limits and one interaction of occupations whose first test checked only their trigger
(on play, the spaces, gathering, space rules, costs): nothing happens when the condition
fails, and the card meets another rule (ore, imitation spaces, other cards, what the space
itself gave) as occupations.md and NOTES.md read it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.state import Exploration, Occupancy, State, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    PLAY_SPACE,
    WB,
    answer,
    bare,
    got,
    have,
    in_hand,
    names,
    offered,
    place,
    play,
    played,
    run,
    surrounded_stone_house,
    used,
    with_board_houses,
    with_ships,
    with_strip,
)

W, S, R, X = MountainItem.WOOD, MountainItem.STONE, MountainItem.ORE, MountainItem.SILVER_2

Setup = Callable[[], State]


def _ships(*ships: Any, **things: int) -> Setup:
    return lambda: with_ships(bare(**things), 0, *ships)


def _hold(**things: int) -> Setup:
    return lambda: bare(**things)


def _offers(events: list[Any], number: int) -> int:
    return sum(
        1 for e in events if isinstance(e, ev.OccupationOffered) and e.card.endswith(f"{number:03}")
    )


def _vikings(state: State, space: str) -> int | None:
    o = state.occupant(space)
    return None if o is None else o.vikings


def _legal(state: State, seat: int, command: Any) -> bool:
    return command in set(RULES.legal_commands(state, seat))


# --- on play: the tier not met gives nothing, and what the card does not count ----------

# (card, case, setup, what the card gave: {} means no event at all)
ON_PLAY: list[tuple[int, str, Setup, dict[str, int]]] = [
    (21, "no bonus square surrounded", _hold(), {}),
    (22, "no longship", _ships(KNARR, WB), {}),
    (
        22,
        "ore on the longship does not matter",
        _ships((LONGSHIP, 3)),
        {"stone": 1, "ore": 1, "silver": 1},
    ),
    (24, "longships only", _ships(LONGSHIP, LONGSHIP), {}),
    (24, "ore on the boat does not matter", _ships((WB, 2)), {"wood": 1}),
    (25, "no knarr", _ships(WB, LONGSHIP), {}),
    (25, "3 knarrs", _ships(KNARR, KNARR, KNARR), {"salt-meat": 3}),
    (26, "no red good", _hold(peas=2, oil=1, silver=3), {}),
    (26, "cattle both sides are one type", _hold(cattle=1, pregnant_cattle=1), {"silver": 1}),
    (27, "no whaling boat", _ships(KNARR, LONGSHIP), {}),
    (27, "ore on boats does not matter", _ships((WB, 1), (WB, 2)), {"stockfish": 2}),
]


@pytest.mark.parametrize(
    ("number", "case", "setup", "expected"), ON_PLAY, ids=[f"{n}-{c}" for n, c, _, _ in ON_PLAY]
)
def test_on_play_limits(number: int, case: str, setup: Setup, expected: dict[str, int]) -> None:
    after, events = play(setup(), 0, number)
    assert got(events, 0, number) == expected
    assert used(events, number) == (1 if expected else 0)
    assert not after.offers


def _drawn(events: list[Any]) -> int:
    return sum(1 for e in events if isinstance(e, ev.WeaponDrawn))


@pytest.mark.parametrize(
    ("ships", "drawn"),
    [
        ((), 0),
        ((KNARR, KNARR, WB), 0),  # only longships count
        (((LONGSHIP, 3), LONGSHIP), 5),  # ore does not matter
        ((LONGSHIP,) * 4, 10),  # 3 or more: 10
    ],
)
def test_weapons_supplier_tiers_by_longships_only(ships: tuple[Any, ...], drawn: int) -> None:
    state = with_ships(bare(), 0, *ships)
    after, events = play(state, 0, 32)
    assert _drawn(events) == drawn
    assert used(events, 32) == (1 if drawn else 0)  # 0 longships: no event at all
    assert sum(after.players[0].weapons) == sum(state.players[0].weapons) + drawn


def test_supplier_of_weapons_draws_four_whatever_is_held() -> None:
    """No condition: with a full hand of weapons it still draws 4, once (the play)."""
    state = bare(bow=2, snare=2, spear=2, long_sword=2)
    after, events = play(state, 0, 68)
    assert _drawn(events) == 4 and used(events, 68) == 1
    assert sum(after.players[0].weapons) == 8 + 4


def test_equipment_supplier_searches_only_the_missing_and_says_nothing_when_full() -> None:
    # already covered: the full set draws no weapon; here also no OccupationUsed
    _, events = play(bare(bow=2, snare=2, spear=2, long_sword=5), 0, 69)
    assert used(events, 69) == 0
    # interaction: searched cards come from the discard pile first
    state = replace(bare(bow=2, snare=2, spear=2, long_sword=1), weapon_discard=(0, 0, 0, 1))
    after, events = play(state, 0, 69)
    assert [e.weapon.value for e in events if isinstance(e, ev.WeaponSearched)] == ["long-sword"]
    assert after.weapon_discard == (0, 0, 0, 0) and after.players[0].weapons == (2, 2, 2, 2)
    assert after.weapon_deck == state.weapon_deck


def test_cattle_breeder_one_animal_of_each_kind_breeds_nothing() -> None:
    # already covered: 1 sheep + 1 cattle → nothing; here a single pregnant cattle gives birth
    after, events = play(bare(pregnant_cattle=1), 0, 35)
    assert used(events, 35) == 1
    assert have(after, 0, "cattle") == 2 and have(after, 0, "pregnant-cattle") == 0
    assert any(isinstance(e, ev.AnimalsBred) for e in events)


def test_homecomer_recalls_from_column_four_only_and_only_its_own() -> None:
    """One Viking from each of the seat's column-4 spaces; column 3 and another seat's
    column-4 space stay as they are; a 1-Viking space is emptied and free again."""
    state = bare(players=3)
    state = state.with_player(0, replace(state.players[0], thing=4))
    state = replace(
        state,
        occupied=(
            Occupancy("weekly-market-4-1", 0, 4),
            Occupancy("crafting-4-1", 0, 1),
            Occupancy("crafting-3-1", 0, 3),
            Occupancy("build-houses-4-1", 1, 4),
        ),
    )
    thing = state.players[0].thing - 2  # the play space takes 2
    after, events = play(state, 0, 76)
    recalled = sorted((e.space, e.vikings) for e in events if isinstance(e, ev.VikingsRecalled))
    assert recalled == [("crafting-4-1", 1), ("weekly-market-4-1", 1)]
    assert used(events, 76) == 1
    assert after.players[0].thing == thing + 2
    assert after.occupant("crafting-4-1") is None
    assert _vikings(after, "crafting-3-1") == 3
    assert _vikings(after, "build-houses-4-1") == 4


def test_collector_gives_no_event_without_a_home_bonus() -> None:
    # already covered: a house's bonus is not the home board's (gain {}); here no event either
    state = with_board_houses(bare(), 0, surrounded_stone_house())
    _, events = play(state, 0, 21)
    assert used(events, 21) == 0 and not any(isinstance(e, ev.OnceBonusClaimed) for e in events)


# --- on play: offers ------------------------------------------------------------------


def test_inspector_lists_only_the_seats_own_spaces_and_the_freed_space_is_free_again() -> None:
    state = replace(bare(silver=0), occupied=(Occupancy("weekly-market-1-1", 1, 1),))
    offer, _ = play(state, 0, 60)
    mine = [i for i, o in enumerate(offer.occupied) if o.seat == 0]
    assert [o for _, o in offered(offer)] == [-1, *(2 * i for i in mine)]  # no silver: 1 only
    after, events = answer(offer, 2 * mine[0] + 0)
    assert used(events, 60) == 1 and _vikings(after, PLAY_SPACE) == 1
    assert not _legal(in_hand(replace(after, turn=0), 0, 43), 0, cmd.PlaceVikings(PLAY_SPACE))
    # paying the round's silver for 2 Vikings empties the space; it can be used again
    rich, _ = play(replace(bare(silver=3), round=3), 0, 60)
    (i,) = [i for i, o in enumerate(rich.occupied) if o.seat == 0]
    assert 2 * i + 1 in [o for _, o in offered(rich)]
    after, events = answer(rich, 2 * i + 1)
    assert got(events, 0, 60) == {"silver": -3} and after.occupant(PLAY_SPACE) is None
    again = in_hand(replace(after, turn=0), 0, 43)
    assert _legal(again, 0, cmd.PlaceVikings(PLAY_SPACE))
    short, _ = play(replace(bare(silver=2), round=3), 0, 60)
    assert 2 * i + 1 not in [o for _, o in offered(short)]  # 2 silver in round 3: not 2


def test_bone_collector_without_silver_offers_nothing() -> None:
    # trigger and declining already covered (test_cards_on_play_buys)
    state, events = play(bare(silver=0), 0, 75)
    assert _offers(events, 75) == 0 and not state.offers
    assert state.turn == 1  # the action went on


def test_preacher_offers_only_what_is_left() -> None:
    # both choices already covered; here the crucifix gone and a short strip
    state = replace(bare(), specials_left=tuple(t for t in bare().specials_left if t != "crucifix"))
    state = replace(
        state, strips=(Strip(1, (W, X)), *(replace(x, items=()) for x in state.strips[1:]))
    )
    offer, _ = play(state, 0, 87)
    assert [o for _, o in offered(offer)] == [-1, 1]
    after, events = answer(offer, 1)  # fewer than 4 items: all of them (2 silver is 1 item)
    (took,) = [e for e in events if isinstance(e, ev.OccupationTookFromMountain)]
    assert took.items == (W, X) and after.strips[0].items == ()
    assert have(after, 0, "wood") == 1 and have(after, 0, "silver") == 2
    empty = replace(state, strips=tuple(replace(x, items=()) for x in state.strips))
    after, events = play(empty, 0, 87)
    assert _offers(events, 87) == 0 and not after.offers  # nothing to take at all


def test_traveling_merchant_needs_a_knarr_and_a_tile_to_turn() -> None:
    state, events = play(bare(peas=2), 0, 78)  # no knarr
    assert _offers(events, 78) == 0 and not state.offers
    state, events = play(with_ships(bare(), 0, KNARR), 0, 78)  # nothing to turn
    assert _offers(events, 78) == 0
    offer, _ = play(with_ships(bare(peas=4), 0, KNARR, KNARR), 0, 78)  # 2 knarrs: 4 tiles
    for left in (3, 2, 1):
        offer, _ = answer(offer, 0)
        assert offer.offers[0].trigger == f"flip:{left}"
    after, _ = answer(offer, 0)
    assert not after.offers and have(after, 0, "peas") == 0 and have(after, 0, "mead") == 4


def test_traveling_merchant_is_not_an_upgrade_action_for_merchant() -> None:
    state = played(with_ships(bare(peas=1), 0, KNARR), 0, 152)
    offer, _ = play(state, 0, 78)
    after, events = answer(offer, 0)  # peas → mead by turning
    assert have(after, 0, "mead") == 1
    assert _offers(events, 152) == 0 and not any(o.card.endswith("152") for o in after.offers)


# --- after a space: the wrong space, nothing to pay with, imitation, other cards ---------


def _four_players_copying(space: str, number: int, **things: int) -> State:
    """4 players: imitation space 1 copies ``space`` (held by seat 1); seat 0 has ``number``."""
    state = bare(players=4, **things)
    column = int(space.split("-")[-2])
    state = replace(state, imitation=(column, 3), occupied=(Occupancy(space, 1, column),))
    return played(state, 0, number)


def test_furrier_other_one_silver_spaces_and_an_imitation_of_one() -> None:
    # already covered: a weekly market gives a snare, products ② (2 silver) none
    state = played(bare(stone=1, hide=1, linen=1, snare=0), 0, 3)
    _, events = place(state, 0, "crafting-1-2")  # stone → rune stone + 1 silver
    assert [e.weapon.value for e in events if isinstance(e, ev.WeaponSearched)] == ["snare"]
    _, events = place(state, 0, "crafting-2-1")  # clothing + 2 silver: no
    assert used(events, 3) == 0
    imitation = _four_players_copying("weekly-market-1-1", 3, snare=0)
    after, events = run(imitation, 0, cmd.PlaceVikings("imitation-1", 0, "weekly-market-1-1"))
    assert used(events, 3) == 1 and have(after, 0, "snare") == 1


def test_ironsmith_forge_offers_and_no_silver_no_offer() -> None:
    # already covered: crafting ② with ore offers, with wood not
    held, events = place(played(bare(ore=1, silver=1), 0, 108), 0, "crafting-3-1")
    assert _offers(events, 108) == 1
    thing = held.players[0].thing
    after, _ = answer(held, 0)
    assert after.players[0].thing == thing + 1
    _, events = place(played(bare(ore=1, silver=0), 0, 108), 0, "crafting-3-1")
    assert _offers(events, 108) == 0  # the silver is the price of taking a Viking back


@pytest.mark.parametrize(
    ("things", "space", "offers"),
    [
        ({"flax": 1, "silver": 2}, "crafting-1-1", False),  # 3 silver needed
        ({"silver": 5}, "weekly-market-1-1", False),  # not a crafting space
        ({"stone": 1, "silver": 2}, "crafting-1-2", True),  # the space's silver pays
    ],
)
def test_silk_stitcher_needs_crafting_and_three_silver(
    things: dict[str, int], space: str, offers: bool
) -> None:
    held, events = place(played(bare(**things), 0, 114), 0, space)
    assert _offers(events, 114) == int(offers)
    if offers:
        after, events = answer(held, 0)
        assert got(events, 0, 114) == {"silver": -3, "silk": 1} and have(after, 0, "silver") == 0


def test_shipowner_a_longship_with_wood_but_not_one_bought_with_silver() -> None:
    # already covered: a knarr for wood offers, a whaling boat not
    _, events = place(played(bare(wood=2, peas=1), 0, 117), 0, "build-ships-3-1")
    assert _offers(events, 117) == 1
    state = with_ships(played(bare(silver=6, peas=1), 0, 117), 0, KNARR)
    offer, _ = play(state, 0, 82)  # Longship Builder: a longship for 6 silver
    after, events = answer(offer, 0)
    assert got(events, 0, 82) == {"silver": -6, "longship": 1}
    assert _offers(events, 117) == 0 and not after.offers


@pytest.mark.parametrize(
    ("space", "things", "expected"),
    [
        ("crafting-1-1", {"flax": 1}, {}),
        ("weekly-market-4-1", {}, {"mead": 1, "stone": 1}),  # the column-4 market too
    ],
)
def test_messenger_weekly_markets_only(
    space: str, things: dict[str, int], expected: dict[str, int]
) -> None:
    _, events = place(played(bare(**things), 0, 118), 0, space)
    assert got(events, 0, 118) == expected and used(events, 118) == (1 if expected else 0)


def test_messenger_on_an_imitation_and_its_stone_is_not_the_actions() -> None:
    after, events = run(
        _four_players_copying("weekly-market-2-1", 118),
        0,
        cmd.PlaceVikings("imitation-2", 0, "weekly-market-2-1"),
    )
    assert got(events, 0, 118) == {"mead": 1, "stone": 1} and after.turn == 1
    # the stone comes from the card, not the action: Stone Crusher does not count it
    _, events = place(played(bare(), 0, 118, 156), 0, "weekly-market-1-1")
    assert got(events, 0, 118) == {"mead": 1, "stone": 1} and used(events, 156) == 0


def test_middleman_weekly_markets_only() -> None:
    _, events = place(played(bare(flax=1, silver=3, peas=1), 0, 120), 0, "crafting-1-1")
    assert _offers(events, 120) == 0
    held, events = place(played(bare(peas=1), 0, 120), 0, "weekly-market-4-1")
    assert _offers(events, 120) == 1  # column 4, paid with the market's own silver
    after, events = answer(held, 0)
    assert got(events, 0, 120) == {"silver": -1, "peas": -1, "mead": 1}
    assert have(after, 0, "silver") == 0


def test_steersman_needs_a_knarr_and_serves_far_exploration() -> None:
    # already covered: a knarr raids with it, not without it
    boats = played(with_ships(bare(), 0, WB, WB), 0, 147)
    assert not _legal(boats, 0, cmd.PlaceVikings("raiding-1-1"))
    # far exploration (column 3, a longship needed) with a knarr and the card only
    knarr = with_ships(bare(), 0, KNARR)
    baffin = Exploration("E", BoardId.BAFFIN_ISLAND, 0, None)
    knarr = replace(knarr, exploration=(*knarr.exploration, baffin))
    far = cmd.PlaceVikings("exploration-3-1", 0)
    assert not _legal(knarr, 0, far)
    after, events = place(played(knarr, 0, 147), 0, "exploration-3-1", 0)
    (explored,) = [e for e in events if isinstance(e, ev.BoardExplored)]
    assert explored.face == "baffin-island" and after.turn == 1


def test_weapons_warden_not_on_column_3_nor_an_imitation_then_each_later_placement() -> None:
    # already covered: the round's first column-2 placement gives nothing, the second one draws
    state = played(bare(silver=1), 0, 166)
    state = state.with_player(0, replace(state.players[0], thing=7))
    first, _ = place(state, 0, "weekly-market-2-1")
    second, events = place(first, 0, "products-2-1")
    assert used(events, 166) == 1
    _, events = place(second, 0, "weekly-market-3-1")  # column 3, after two in column 2
    assert used(events, 166) == 0
    _, events = place(second, 0, "livestock-market-2-1")  # a third column-2 placement draws
    assert used(events, 166) == 1
    copy = _four_players_copying("weekly-market-2-1", 166)
    mine = (Occupancy("products-2-1", 0, 2), Occupancy("livestock-market-2-1", 0, 2))
    copy = replace(copy, occupied=(*copy.occupied, *mine))
    _, events = run(copy, 0, cmd.PlaceVikings("imitation-2", 0, "weekly-market-2-1"))
    assert used(events, 166) == 0  # placing on an imitation space is not column 2


def test_etiquette_teacher_once_per_action_however_many_cards() -> None:
    # already covered: a card played gives 1 peas, a market none
    state = in_hand(played(bare(), 0, 176), 0, 43, 12)
    held, _ = run(state, 0, cmd.PlaceVikings(PLAY_SPACE))
    held, first = run(held, 0, cmd.PlayOccupation("occupation-043"))
    after, second = run(held, 0, cmd.PlayOccupation("occupation-012"))
    assert "OccupationPlayed" in names(first) and "OccupationPlayed" in names(second)
    assert got(first + second, 0, 176) == {"peas": 1} and have(after, 0, "peas") == 1


def test_merchant_not_after_the_column_4_double_upgrade_but_after_up_4() -> None:
    # already covered: ↑3 offers, ↑2 does not, #83's ↑4 counts
    state = played(bare(peas=1, flax=1), 0, 152)
    held, _ = place(state, 0, "mountains-and-trade-4-1")  # ↑↑: not a "↑3 goods" action
    held, _ = run(held, 0, cmd.Upgrade(Good.PEAS, 2))
    _, events = run(held, 0, cmd.FinishAction())
    assert _offers(events, 152) == 0
    held, _ = place(state, 0, "mountains-and-trade-3-3")  # up to 4 goods, one step
    held, _ = run(held, 0, cmd.Upgrade(Good.PEAS))
    held, events = run(held, 0, cmd.FinishAction())
    assert _offers(events, 152) == 1
    after, events = answer(held, None)  # declined: the mead stays
    assert got(events, 0, 152) == {} and have(after, 0, "mead") == 1


# --- gathering: what the action took ---------------------------------------------------


def test_craft_apprentice_only_before_crafting_and_with_a_strip_to_take_from() -> None:
    # already covered: crafting offers, taken or left
    _, events = place(played(with_strip(bare(), 1, S), 0, 113), 0, "weekly-market-1-1")
    assert _offers(events, 113) == 0
    state = played(bare(flax=1), 0, 113)
    empty = replace(state, strips=tuple(replace(x, items=()) for x in state.strips))
    after, events = place(empty, 0, "crafting-1-1")
    assert _offers(events, 113) == 0 and have(after, 0, "linen") == 1  # the space went on


def _mountain(state: State, *takes: tuple[int, int]) -> tuple[State, list[Any]]:
    """The seat uses mountains ③ (3 items, then 2 from another strip) taking ``takes``."""
    held, events = place(state, 0, "mountains-and-trade-3-1")
    for strip, n in takes:
        held, more = run(held, 0, cmd.TakeFromMountain(strip, n))
        events += more
    if held.running is not None:
        held, more = run(held, 0, cmd.FinishAction())
        events += more
    return held, events


@pytest.mark.parametrize(
    ("takes", "expected"),
    [
        (((1, 1),), {"wood": 1}),  # 1 type: one more of it
        (((1, 3),), {"hide": 1}),  # 3 types
        (((1, 3), (2, 1)), {"chest": 1}),  # 4 types
    ],
)
def test_mountain_guard_by_item_types(
    takes: tuple[tuple[int, int], ...], expected: dict[str, int]
) -> None:
    # already covered: 2 types → mead, silver alone → 2 silver
    state = played(bare(), 0, 122)
    state = replace(state, strips=(Strip(1, (W, S, R)), Strip(2, (X, X)), *state.strips[2:]))
    _, events = _mountain(state, *takes)
    assert got(events, 0, 122) == expected and used(events, 122) == 1


def test_mountain_guard_nothing_without_a_mountain_take() -> None:
    _, events = place(played(bare(), 0, 122), 0, "weekly-market-1-1")
    assert used(events, 122) == 0
    # a card's own mountain take (Craft Apprentice) is not the action's
    state = played(with_strip(bare(flax=1), 1, S), 0, 122, 113)
    held, _ = place(state, 0, "crafting-1-1")
    _, events = answer(held, 1)
    assert "OccupationTookFromMountain" in names(events) and used(events, 122) == 0


def test_oil_seller_needs_oil_and_an_up_1_space_and_uses_the_oil_just_made() -> None:
    # already covered: mountain + ↑1 with oil held offers the exchange
    state = played(with_strip(bare(oil=0, mead=0), 1, W), 0, 123)
    held, _ = place(state, 0, "mountains-and-trade-1-2")
    after, events = run(held, 0, cmd.TakeFromMountain(1, 1))  # nothing to upgrade: done
    assert "ActionFinished" in names(events)
    assert _offers(events, 123) == 0 and not after.offers  # no oil
    state = played(with_strip(bare(oil=1), 1, W), 0, 123)
    held, _ = place(state, 0, "mountains-and-trade-1-1")  # no "↑1 good" on this space
    _, events = run(held, 0, cmd.TakeFromMountain(1, 1))
    assert _offers(events, 123) == 0
    state = played(with_strip(bare(oil=0, mead=1), 1, W), 0, 123)
    held, _ = place(state, 0, "mountains-and-trade-1-2")
    held, _ = run(held, 0, cmd.Upgrade(Good.MEAD))  # mead → oil by the space
    held, events = run(held, 0, cmd.TakeFromMountain(1, 1))
    assert _offers(events, 123) == 1
    _, events = answer(held, 0)
    assert got(events, 0, 123) == {"oil": -1, "silverware": 1}


def test_cooper_and_stone_crusher_below_their_thresholds() -> None:
    # already covered: 2 wood per player offers the Cooper; a stone taken pays the Crusher
    state = played(with_strip(bare(), 1, W, S), 0, 155, 156)
    held, _ = place(state, 0, "mountains-and-trade-1-1")
    after, events = run(held, 0, cmd.TakeFromMountain(1, 1))  # 1 wood, no stone
    assert _offers(events, 155) == 0 and used(events, 156) == 0 and not after.offers
    state = played(with_strip(bare(), 1, W, W), 0, 155, 156)
    held, _ = place(state, 0, "mountains-and-trade-1-1")
    held, events = run(held, 0, cmd.TakeFromMountain(1, 2))  # 2 wood from a strip count
    assert _offers(events, 155) == 1 and used(events, 156) == 0
    _, events = answer(held, 0)
    assert got(events, 0, 155) == {"wood": -1, "stockfish": 1}


# --- space rules ---------------------------------------------------------------------


def test_fur_merchant_needs_meat_or_silk_and_a_up_1_space() -> None:
    # already covered: the exchange instead of the upgrade, the take kept
    _, events = place(played(with_strip(bare(peas=1), 1, W), 0, 102), 0, "mountains-and-trade-1-2")
    assert _offers(events, 102) == 0
    _, events = place(played(bare(game_meat=1, peas=1), 0, 102), 0, "mountains-and-trade-1-3")
    assert _offers(events, 102) == 0  # "↑2 goods": not for it
    held, _ = place(
        played(with_strip(bare(silk=1, peas=1), 1, W), 0, 102), 0, "mountains-and-trade-1-2"
    )
    assert [o for _, o in offered(held)] == [-1, 1]  # silk only
    after, _ = answer(held, None)  # declined: the space's upgrade is still there
    assert after.running is not None and after.running.upgrades == 1


def test_knarr_builder_needs_three_wood_and_the_printed_whaling_boat_space() -> None:
    # already covered: the knarr instead, declined, and still a ship building action
    after, events = place(played(bare(wood=2), 0, 105), 0, "build-ships-1-1")
    assert _offers(events, 105) == 0 and [sh.kind for sh in after.players[0].ships] == [WB]
    _, events = place(played(bare(wood=3), 0, 105), 0, "build-ships-2-1")
    assert _offers(events, 105) == 0
    copy = _four_players_copying("build-ships-1-1", 105, wood=3)
    after, events = run(copy, 0, cmd.PlaceVikings("imitation-1", 0, "build-ships-1-1"))
    assert _offers(events, 105) == 0  # an imitation space is not the printed space
    assert [sh.kind for sh in after.players[0].ships] == [WB]


@pytest.mark.parametrize(
    ("longships", "thing", "space", "legal"),
    [
        (4, 2, "raiding-4-1", True),  # 4 longships: 2 fewer
        (4, 1, "raiding-4-1", False),
        (2, 3, "raiding-4-1", False),  # 2 longships: none fewer
        (3, 2, "raiding-3-1", False),  # pillaging is not plundering
    ],
)
def test_warmonger_by_longships_and_plundering_only(
    longships: int, thing: int, space: str, legal: bool
) -> None:
    state = with_ships(played(bare(), 0, 106), 0, *(LONGSHIP,) * longships)
    state = state.with_player(0, replace(state.players[0], thing=thing))
    assert _legal(state, 0, cmd.PlaceVikings(space)) is legal


def test_warmonger_uses_the_saved_vikings_only() -> None:
    state = with_ships(played(bare(), 0, 106), 0, *(LONGSHIP,) * 4)
    state = state.with_player(0, replace(state.players[0], thing=5))
    after, events = place(state, 0, "raiding-4-1")
    assert events[0].vikings == 2 and after.players[0].thing == 3


def test_adventurer_needs_a_ship_and_works_on_an_imitation_of_exploration_one() -> None:
    # already covered: any board with a whaling boat; not on exploration ②
    assert not any(
        isinstance(c, cmd.PlaceVikings) and c.space == "exploration-1-1"
        for c in RULES.legal_commands(played(bare(), 0, 107), 0)
    )
    copy = with_ships(_four_players_copying("exploration-1-1", 107), 0, WB)
    copy = replace(copy, occupied=(Occupancy("exploration-1-1", 1, 1),))
    options = {
        c.option
        for c in RULES.legal_commands(copy, 0)
        if isinstance(c, cmd.PlaceVikings) and c.space == "imitation-1"
    }
    assert len(options) > 2  # any face-up board, as on the printed space


# --- costs ---------------------------------------------------------------------------


def test_master_bricklayer_one_stone_only_and_on_an_imitation() -> None:
    # already covered: stone and long houses 1 stone less, a shed not
    assert not _legal(played(bare(stone=0), 0, 116), 0, cmd.PlaceVikings("build-houses-3-1"))
    copy = _four_players_copying("build-houses-2-1", 116, stone=0)
    after, events = run(copy, 0, cmd.PlaceVikings("imitation-2", 0, "build-houses-2-1"))
    assert used(events, 116) == 1 and after.players[0].houses

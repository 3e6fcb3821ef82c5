"""Occupations of the Viking actions (``cards/spaces.py``): gains right after a space, offers
before and after it (the space's own effect waits for the answer), and the readings on
imitation spaces and on what an action "gives" (occupations.md, ``action-space``)."""

from __future__ import annotations

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.state import Occupancy, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
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
    offered,
    place,
    play,
    played,
    refused,
    run,
    used,
    with_ships,
    with_strip,
)

W, S, R, X = MountainItem.WOOD, MountainItem.STONE, MountainItem.ORE, MountainItem.SILVER_2

# (card, holdings, space, option, what the card gave)
AFTER: list[tuple[int, dict[str, int], str, int, dict[str, int]]] = [
    (112, {"flax": 1}, "crafting-1-1", 0, {"mead": 1}),
    (112, {}, "weekly-market-1-1", 0, {}),
    (115, {"wood": 2}, "build-houses-1-1", 0, {"silverware": 1}),
    (115, {"wood": 1}, "build-ships-1-1", 0, {}),
    (118, {}, "weekly-market-2-1", 0, {"mead": 1, "stone": 1}),
    (119, {}, "weekly-market-3-1", 0, {"milk": 1}),
    (119, {"flax": 1}, "crafting-1-1", 0, {}),
    (111, {"stone": 2, "wood": 2}, "crafting-3-2", 0, {"silver": 2}),
    (111, {"ore": 1}, "crafting-2-2", 1, {"silver": 1}),
    (111, {"flax": 1}, "crafting-1-1", 0, {}),
    (154, {}, "mountains-and-trade-2-1", 0, {"silver": 1}),  # 2 wood per player
    (154, {}, "weekly-market-1-1", 0, {}),
    (109, {"silver": 1, "hide": 1}, "sailing-2-1", 0, {"silver": 2}),  # 2 knarrs (set below)
]


@pytest.mark.parametrize(
    ("number", "things", "space", "option", "expected"),
    AFTER,
    ids=[f"{c[0]}-{c[2]}" for c in AFTER],
)
def test_a_gain_right_after_a_space(
    number: int, things: dict[str, int], space: str, option: int, expected: dict[str, int]
) -> None:
    state = with_ships(played(bare(**things), 0, number), 0, KNARR, KNARR)
    after, events = place(state, 0, space, option)
    if space == "sailing-2-1":  # overseas trading waits for its step first
        after, events = run(after, 0, cmd.TradeOverseas(()))
    assert got(events, 0, number) == expected
    assert used(events, number) == (1 if expected else 0)
    assert after.running is None and after.turn == 1


def test_furrier_takes_a_snare_after_exactly_one_silver() -> None:
    state = played(bare(snare=0), 0, 3)
    after, events = place(state, 0, "weekly-market-1-1")
    assert [e.weapon.value for e in events if isinstance(e, ev.WeaponSearched)] == ["snare"]
    assert have(after, 0, "snare") == 1
    _, events = place(state, 0, "products-2-1")  # 2 silver: no
    assert not any(isinstance(e, ev.WeaponSearched) for e in events)


def test_a_before_offer_holds_the_space_until_answered() -> None:
    state = played(with_strip(bare(flax=1), 1, S, W), 0, 113)
    held, events = place(state, 0, "crafting-1-1")
    assert names(events) == ["VikingsPlaced", "OccupationOffered", "OccupationsAwaited"]
    assert have(held, 0, "linen") == 0 and held.resume.step == "use-space"
    assert [o for _, o in offered(held)] == sorted([-1, *(x.number for x in held.strips)])
    after, events = answer(held, 1)
    assert names(events)[:3] == [
        "OccupationAnswered",
        "OccupationTookFromMountain",
        "OffersSettled",
    ]
    assert have(after, 0, "stone") == 1 and have(after, 0, "linen") == 1  # then the space
    assert names(events)[-2:] == ["ActionFinished", "TurnStarted"]
    after, _ = answer(held, None)
    assert have(after, 0, "stone") == 0 and have(after, 0, "linen") == 1


@pytest.mark.parametrize(
    ("number", "things", "space", "option", "offers"),
    [
        (121, {"wood": 1}, "build-ships-1-1", 0, True),
        (121, {"flax": 1}, "crafting-1-1", 0, False),
        (103, {"ore": 1}, "crafting-2-2", 1, True),
        (103, {"wood": 1}, "crafting-2-2", 0, False),  # paying wood: no
        (103, {"ore": 1}, "crafting-3-1", 0, True),  # the forge
        (164, {}, "weekly-market-4-1", 0, True),
        (164, {}, "weekly-market-3-1", 0, False),
    ],
)
def test_mountain_items_before_a_space(
    number: int, things: dict[str, int], space: str, option: int, offers: bool
) -> None:
    state = played(with_strip(bare(**things), 1, R, W), 0, number)
    _held, events = place(state, 0, space, option)
    assert ("OccupationOffered" in names(events)) is offers


def test_armed_fighter_takes_only_stone_or_ore() -> None:
    state = played(bare(), 0, 164)
    woods = replace(state, strips=(Strip(1, (W, S)), Strip(2, (W, R))))
    _, events = place(woods, 0, "weekly-market-4-1")
    assert "OccupationOffered" not in names(events)  # both strips show wood first
    held, _ = place(
        replace(woods, strips=(Strip(1, (W, S)), Strip(2, (R, W)))), 0, "weekly-market-4-1"
    )
    assert [o for _, o in offered(held)] == [-1, 2]


@pytest.mark.parametrize(
    ("number", "things", "space", "listed", "option", "expected"),
    [
        (114, {"flax": 1, "silver": 3}, "crafting-1-1", [-1, 0], 0, {"silver": -3, "silk": 1}),
        (
            120,
            {"silver": 0, "peas": 0, "mead": 0},
            "weekly-market-1-1",
            [-1, 2],
            2,
            {"silver": -1, "beans": -1, "milk": 1},
        ),
        (124, {}, "products-2-1", [-1, 0], 0, {"silver": -2, "grain": 1, "wood": 2}),
        (155, {}, "mountains-and-trade-2-1", [-1, 0], 0, {"wood": -1, "stockfish": 1}),
        (187, {"flax": 2}, "weekly-market-1-1", [-1, 1], 1, {"flax": -2, "belt": 1}),
    ],
)
def test_an_offer_right_after_a_space(
    number: int,
    things: dict[str, int],
    space: str,
    listed: list[int],
    option: int,
    expected: dict[str, int],
) -> None:
    state = played(bare(**things), 0, number)
    held, events = place(state, 0, space)
    assert names(events)[-3:] == ["ActionFinished", "OccupationOffered", "OccupationsAwaited"]
    assert held.resume.step == "advance" and held.turn == 0
    assert [o for _, o in offered(held)] == listed
    after, events = answer(held, option)
    assert got(events, 0, number) == expected
    assert names(events)[-1] == "TurnStarted" and after.turn == 1


def test_shipowner_and_spice_trader_after_building_with_wood() -> None:
    state = played(bare(wood=2, silver=3, mead=1), 0, 117, 148)
    held, _ = place(state, 0, "build-ships-2-1")  # a knarr for 2 wood
    assert [o.card[-3:] for o in held.offers] == ["117", "148"]
    held, _ = answer(held, 6)  # mead → oil
    held, events = answer(held, 0)
    assert got(events, 0, 148) == {"silver": -3, "spices": 1} and have(held, 0, "oil") == 1
    _, events = place(played(bare(wood=1), 0, 117, 148), 0, "build-ships-1-1")
    assert "OccupationOffered" not in names(events)  # a whaling boat: neither


def test_oil_seller_after_a_space_with_one_upgrade() -> None:
    state = played(with_strip(bare(oil=1), 1, W), 0, 123)
    held, _ = place(state, 0, "mountains-and-trade-1-2")
    held, _ = run(held, 0, cmd.TakeFromMountain(1, 1))
    held, events = run(held, 0, cmd.FinishAction())
    assert held.offers and held.offers[0].card.endswith("123")
    _, events = answer(held, 0)
    assert got(events, 0, 123) == {"oil": -1, "silverware": 1}


def test_ironsmith_takes_back_a_viking_after_paying_ore() -> None:
    state = played(bare(ore=1, silver=1), 0, 108)
    held, _ = place(state, 0, "crafting-2-2", 1)
    thing = held.players[0].thing
    after, events = answer(held, 0)
    assert got(events, 0, 108) == {"silver": -1}
    assert after.players[0].thing == thing + 1 and after.occupant("crafting-2-2").vikings == 1
    _, events = place(played(bare(wood=1, silver=1), 0, 108), 0, "crafting-2-2", 0)
    assert "OccupationOffered" not in names(events)


def test_stone_crusher_and_mountain_guard_read_what_the_action_took() -> None:
    state = played(with_strip(bare(), 1, S, X, W), 0, 156, 122)
    held, _ = place(state, 0, "mountains-and-trade-1-1")
    _after, events = run(held, 0, cmd.TakeFromMountain(1, 2))  # a stone and 2 silver
    assert got(events, 0, 156) == {"silver": 1}
    assert got(events, 0, 122) == {"mead": 1}  # two item types
    held, _ = place(with_strip(played(bare(), 0, 122), 1, X, W), 0, "mountains-and-trade-1-1")
    _, events = run(held, 0, cmd.TakeFromMountain(1, 1))
    assert got(events, 0, 122) == {"silver": 2}  # one type, silver: one more 2-silver item


def test_weapons_warden_skips_the_rounds_first_column_2_placement() -> None:
    state = played(bare(), 0, 166)
    first, events = place(state, 0, "weekly-market-2-1")
    assert used(events, 166) == 0
    _, events = place(first, 0, "products-2-1")
    assert used(events, 166) == 1 and any(isinstance(e, ev.WeaponDrawn) for e in events)


def test_etiquette_teacher_after_an_action_that_played_an_occupation() -> None:
    _after, events = play(played(bare(), 0, 176), 0, 43)
    assert got(events, 0, 176) == {"peas": 1}
    _, events = place(played(bare(), 0, 176), 0, "weekly-market-1-1")
    assert got(events, 0, 176) == {}


def test_steersman_lets_a_knarr_raid() -> None:
    state = with_ships(bare(), 0, KNARR)
    assert cmd.PlaceVikings("raiding-1-1") not in set(RULES.legal_commands(state, 0))
    state = played(state, 0, 147)
    assert cmd.PlaceVikings("raiding-1-1") in set(RULES.legal_commands(state, 0))
    assert cmd.PlaceVikings("raiding-2-1") in set(RULES.legal_commands(state, 0))  # no ore: +0
    assert cmd.PlaceVikings("raiding-4-1") not in set(RULES.legal_commands(state, 0))  # 2 needed


def test_imitation_carries_the_action_but_not_the_placement_cards() -> None:
    """4 players: an imitation space copying the weekly market fires Milkman (an action card)
    but not Master Count keyed to the printed overseas trading ② (NOTES.md)."""
    state = bare(players=4)
    state = replace(state, imitation=(1, 3), occupied=(Occupancy("weekly-market-1-1", 1, 1),))
    state = played(state, 0, 119)
    after, events = run(state, 0, cmd.PlaceVikings("imitation-1", 0, "weekly-market-1-1"))
    assert got(events, 0, 119) == {"milk": 1} and after.turn == 1
    state = with_ships(played(bare(players=4, silver=1, hide=1), 0, 109), 0, KNARR)
    state = replace(state, imitation=(2, 3), occupied=(Occupancy("sailing-2-1", 1, 2),))
    held, _ = run(state, 0, cmd.PlaceVikings("imitation-2", 0, "sailing-2-1"))
    _, events = run(held, 0, cmd.TradeOverseas(()))
    assert used(events, 109) == 0


def test_merchant_takes_a_just_upgraded_good_one_step_further() -> None:
    state = played(bare(peas=1, flax=1), 0, 152)
    held, _ = place(state, 0, "mountains-and-trade-2-3")  # up to 3 goods, one step
    held, _ = run(held, 0, cmd.Upgrade(Good.PEAS))
    held, _ = run(held, 0, cmd.FinishAction())
    assert [o for _, o in offered(held)] == [-1, 6]  # the mead just made, not the flax
    _after, events = answer(held, 6)
    assert got(events, 0, 152) == {"mead": -1, "oil": 1}
    held, _ = place(state, 0, "mountains-and-trade-1-3")  # up to 2 goods: not a ↑3 space
    held, events = run(held, 0, cmd.Upgrade(Good.PEAS))
    assert "OccupationOffered" not in names(events)
    offer, _ = play(played(bare(peas=2), 0, 152), 0, 83)  # the Wholesaler's ↑4 counts
    held, _ = answer(offer, 2)  # 2 peas → 2 mead
    assert held.offers[0].trigger == "merchant:mead"


def test_earl_of_lade_when_the_thing_square_comes_to_three() -> None:
    state = played(bare(), 0, 168)
    four = state.with_player(0, replace(state.players[0], thing=4))
    _, events = place(four, 0, "weekly-market-1-1")  # 4 → 3
    assert got(events, 0, 168) == {"silver": 1}
    _, events = place(four, 0, "weekly-market-2-1")  # 4 → 2: not through 3
    assert got(events, 0, 168) == {}


def test_knarr_builder_builds_a_knarr_on_the_whaling_boat_space() -> None:
    state = played(bare(wood=3, silver=3), 0, 105, 148)
    held, _ = place(state, 0, "build-ships-1-1")
    assert [o for _, o in offered(held)] == [-1, 0]
    after, _events = answer(held, 0)
    kinds = [sh.kind.value for sh in after.players[0].ships]
    assert kinds == ["knarr"] and have(after, 0, "wood") == 0
    assert after.offers[0].card.endswith("148")  # still a ship building action, paid in wood
    after, _ = answer(held, None)
    assert [sh.kind.value for sh in after.players[0].ships] == ["whaling-boat"]


def test_fur_merchant_exchanges_instead_of_the_spaces_upgrade() -> None:
    state = played(with_strip(bare(game_meat=1, peas=1), 1, W), 0, 102)
    held, _ = place(state, 0, "mountains-and-trade-1-2")  # 1 item + upgrade 1 good
    held, events = answer(held, 0)
    assert got(events, 0, 102) == {"game-meat": -1, "fur": 1}
    assert held.running.upgrades == 0 and held.running.takes == (1,)  # the take is left
    after, _ = run(held, 0, cmd.TakeFromMountain(1, 1))
    assert after.running is None and have(after, 0, "peas") == 1


def test_warmonger_plunders_with_fewer_vikings() -> None:
    state = with_ships(bare(), 0, LONGSHIP, LONGSHIP, LONGSHIP)
    state = state.with_player(0, replace(state.players[0], thing=3))
    assert cmd.PlaceVikings("raiding-4-1") not in set(RULES.legal_commands(state, 0))
    state = played(state, 0, 106)
    after, events = place(state, 0, "raiding-4-1")
    assert events[0].vikings == 3 and after.players[0].thing == 0
    assert have(after, 0, "silver-hoard") == 1


def test_adventurer_claims_any_face_up_board_from_exploration_one() -> None:
    state = with_ships(bare(), 0, WB)
    assert cmd.PlaceVikings("exploration-1-1", 3 + 2) not in set(RULES.legal_commands(state, 0))
    state = played(state, 0, 107)
    listed = {
        c.option
        for c in RULES.legal_commands(state, 0)
        if isinstance(c, cmd.PlaceVikings) and c.space == "exploration-1-1"
    }
    assert {0, 1} <= listed and len(listed) > 2
    option = max(listed)
    _after, events = place(state, 0, "exploration-1-1", option)
    (explored,) = [e for e in events if isinstance(e, ev.BoardExplored)]
    assert explored.face not in ("shetland", "faroe-islands")
    assert (
        refused(
            played(with_ships(bare(), 0, KNARR), 0, 107), 0, cmd.PlaceVikings("exploration-2-1", 5)
        )
        == "feast/no-such-option"
    )

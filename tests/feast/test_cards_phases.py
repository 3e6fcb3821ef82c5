"""Occupations of the round's phases (``cards/harvest.py``, ``cards/phases.py``): the points
between the phases, reached here by passing and ending feasts as in a game; an offer stops
the automatic phases and they go on from the next step once it is answered."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import Occupancy, Phase, State, Strip
from skald.domain.feast.mountains import MountainItem
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    LONGSHIP,
    WB,
    answer,
    at_feast,
    bare,
    end_feasts,
    got,
    have,
    names,
    next_round,
    offered,
    played,
    refused,
    run,
    surrounded_stone_house,
    to_feast,
    used,
    with_board_houses,
    with_houses,
    with_ships,
)

# --- harvest, weapons, before income --------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "round_", "things", "expected"),
    [
        (92, 2, {"helmet": 1, "belt": 1, "cloakpin": 1}, {"silver": 1}),  # round 3: no harvest
        (92, 1, {"helmet": 1, "belt": 1, "cloakpin": 1}, {}),  # round 2 has one
        (97, 2, {"peas": 3}, {"peas": 3}),
        (97, 2, {"peas": 6}, {"peas": 2}),
        (169, 1, {"flax": 1, "grain": 0}, {"flax": 1}),
        (169, 1, {"flax": 0}, {}),
    ],
)
def test_harvest_cards(
    number: int, round_: int, things: dict[str, int], expected: dict[str, int]
) -> None:
    state = played(bare(**things), 0, number)
    _, events = next_round(state, round_)
    assert got(events, 0, number) == expected


def test_helper_in_time_of_need_by_whaling_boats() -> None:
    state = with_ships(played(bare(), 0, 93), 0, WB, WB)
    _, events = next_round(state, 2)
    assert got(events, 0, 93) == {"grain": 1}


@pytest.mark.parametrize(
    ("number", "round_", "things", "option", "expected"),
    [
        (94, 2, {"oil": 2}, 0, {"oil": -2, "spices": 1}),
        (96, 2, {"whale_meat": 1}, 1, {"whale-meat": -1, "game-meat": 2}),
        (171, 1, {"flax": 0}, 0, {"flax": -1, "grain": 1, "silver": 1}),  # the harvest's flax
        (169, 1, {"flax": 1, "grain": 1}, 1, {"grain": 1}),  # flax and grain: a choice
    ],
)
def test_harvest_offers_pause_the_round(
    number: int, round_: int, things: dict[str, int], option: int, expected: dict[str, int]
) -> None:
    state = played(bare(**things), 0, number)
    held, events = next_round(state, round_)
    assert names(events)[-1] == "OccupationsAwaited"
    assert held.resume.step in ("after-harvest", "exploration")  # the step after the offer
    assert "TurnStarted" not in names(events)  # the actions wait for the answer
    after, events = answer(held, option)
    assert got(events, 0, number) == expected
    assert names(events)[-1] == "TurnStarted" and after.phase is Phase.ACTIONS


def test_wanderer_takes_up_to_two_items_without_a_harvest() -> None:
    held, _ = next_round(played(bare(), 0, 95), 2)
    strip = held.strips[0]
    _after, events = answer(held, 10 * strip.number + 2)
    (took,) = [e for e in events if isinstance(e, ev.OccupationTookFromMountain)]
    assert took.items == strip.items[:2]


def test_peacemaker_must_choose_a_resource_or_the_weapon() -> None:
    held, events = next_round(played(bare(), 0, 38), 1)
    assert held.offers[0].trigger == "weapon" and held.resume.step == "actions"
    assert [o for _, o in offered(held)] == [0, 1, 2, 3]  # no leaving it
    assert refused(held, 0, cmd.ResolveOccupation(card_id(38), None)) == "feast/occupation-must"
    drawn = [e.seat for e in events if isinstance(e, ev.WeaponDrawn)]
    assert drawn == [1]  # the other seat drew as usual
    _, events = answer(held, 2)
    assert got(events, 0, 38) == {"stone": 1} and not any(
        isinstance(e, ev.WeaponDrawn) for e in events
    )
    _after, events = answer(held, 0)
    assert [e.seat for e in events if isinstance(e, ev.WeaponDrawn)] == [0]


def test_craft_leader_counts_vikings_standing_on_crafting_spaces() -> None:
    state = played(bare(), 0, 8)
    spaces = (
        Occupancy("crafting-1-1", 0, 1),
        Occupancy("crafting-2-1", 0, 2),
        Occupancy("crafting-2-2", 0, 2),
    )
    _, events = to_feast(replace(state, occupied=spaces))
    assert got(events, 0, 8) == {"oil": 1}
    _, events = to_feast(replace(state, occupied=spaces[:2]))
    assert got(events, 0, 8) == {}


def test_steward_and_ore_boatman_just_before_income() -> None:
    state = with_ships(with_houses(played(bare(wood=1, stone=1), 0, 42, 9), 0, "shed"), 0, LONGSHIP)
    held, events = to_feast(state)
    assert [o.card[-3:] for o in held.offers] == ["042", "009"] and held.resume.step == "income"
    assert [o for _, o in offered(held)] == [-1, 0, 1]
    held, events = answer(held, 1)  # a stone into the shed
    assert got(events, 0, 42) == {"silver": 1} and have(held, 0, "stone") == 0
    assert any(isinstance(e, ev.GoodPlaced) and e.board == "shed-0" for e in events)
    key = [o for _, o in offered(held)][1]
    after, events = answer(held, key)
    (placed,) = [e for e in events if isinstance(e, ev.GoodPlaced)]
    assert placed.board == "home" and placed.placement.piece.name == "ore"
    assert names(events)[-1] == "FeastBegan" and after.phase is Phase.FEAST


# --- the feast ---------------------------------------------------------------------------


def _serve(state: State, piece: str, col: int = 0, rotation: int = 0) -> tuple[State, list[Any]]:
    return run(state, 0, cmd.ServeFood(piece, col, rotation))


def test_feast_start_cards() -> None:
    state = played(bare(clothing=1, spices=3), 0, 165, 167)
    _, events = to_feast(state)
    assert got(events, 0, 165) == {"silver": 2} and got(events, 0, 167) == {"silver": 2}
    _, events = to_feast(played(bare(spices=1), 0, 165, 167))
    assert got(events, 0, 165) == {} and got(events, 0, 167) == {"silver": 1}


def test_skinner_and_barbarian_pay_for_what_is_served() -> None:
    fed = at_feast(played(bare(sheep=1, game_meat=1), 0, 157, 158))
    _, events = _serve(fed, "sheep")
    assert got(events, 0, 157) == {"skin-and-bones": 1} and used(events, 158) == 0
    _, events = _serve(fed, "game-meat")
    assert got(events, 0, 158) == {"silver": 1} and used(events, 157) == 0
    assert sum(isinstance(e, ev.WeaponDrawn) for e in events) == 3


def test_sober_man_gives_a_silver_that_mead_takes_back() -> None:
    fed = at_feast(played(bare(mead=1), 0, 160))
    assert have(fed, 0, "silver") == 1
    after, events = _serve(fed, "mead")
    assert got(events, 0, 160) == {"silver": -1} and have(after, 0, "silver") == 0
    spent, _ = _serve(fed, "silver", 0)
    assert refused(spent, 0, cmd.ServeFood("mead", 2)) == "feast/sober-man-silver"
    assert have(end_feasts(fed)[0], 0, "silver") == 1  # no mead: the silver stays


def test_miller_after_the_feast() -> None:
    for grain, silver in ((1, 1), (2, 2), (3, 0), (0, 0)):
        fed = at_feast(played(bare(grain=grain), 0, 7))
        _, events = end_feasts(fed)
        assert got(events, 0, 7) == ({"silver": silver} if silver else {})


def test_fish_cook_moves_served_stockfish_into_a_house() -> None:
    fed = at_feast(with_houses(played(bare(stockfish=1), 0, 172), 0, "long-house"))
    fed, _ = _serve(fed, "stockfish", 0)
    held, events = run(fed, 0, cmd.EndFeast())
    assert held.offers[0].trigger == "fish:1"
    key = [o for _, o in offered(held)][1]
    held, events = answer(held, key)
    (placed,) = [e for e in events if isinstance(e, ev.GoodPlaced)]
    assert placed.board == "long-house-0" and placed.placement.piece.name == "stockfish"


# --- bonus, mountains ---------------------------------------------------------------------


def test_column_vikings_in_the_bonus_phase() -> None:
    third = tuple(
        Occupancy(s, 0, 3) for s in ("hunting-3-1", "crafting-3-1", "mountains-and-trade-3-1")
    )
    fed = at_feast(replace(played(bare(), 0, 161, 162), occupied=third))
    _, events = end_feasts(fed)
    assert got(events, 0, 161) == {"cabbage": 1} and got(events, 0, 162) == {}


def test_maid_offers_silverware_for_a_house_paying_exactly_one_good() -> None:
    fed = at_feast(with_board_houses(played(bare(), 0, 177), 0, surrounded_stone_house()))
    held, events = end_feasts(fed)
    assert held.offers[0].trigger == "maid:hide" and held.resume.step == "after-bonus"
    _after, events = answer(held, 0)
    assert got(events, 0, 177) == {"hide": -1, "silverware": 1}


def test_slowpoke_and_punchcutter_after_the_bonus_phase() -> None:
    state = played(bare(mead=1), 0, 41, 173)
    ore = MountainItem.ORE
    state = replace(state, strips=(Strip(1, (ore, ore)), Strip(2, (MountainItem.SILVER_2,))))
    fed = at_feast(state)
    held, events = end_feasts(fed)
    assert held.offers[0].card == card_id(41) and held.resume.step == "mountains"
    _after, events = answer(held, 1)
    assert got(events, 0, 41) == {"mead": -1, "oil": 1}
    assert got(events, 0, 173) == {"silver": 3}  # an ore and a 2-silver item leave


def test_pea_flour_baker_lays_two_peas_horizontally() -> None:
    fed = at_feast(replace(played(bare(peas=3, mead=2), 0, 186), round=4))  # 9 open squares
    assert fed.players[0].banquet.banquet.horizontal_peas == 2
    fed, _ = _serve(fed, "peas", 0)  # horizontal: squares 1–2
    fed, _ = _serve(fed, "mead", 2)  # orange never beside orange
    fed, _ = _serve(fed, "peas", 4)  # a second horizontal peas
    fed, _ = _serve(fed, "mead", 6, 1)  # upright: one mead lies already
    assert refused(fed, 0, cmd.ServeFood("peas", 7, 0)) == "placement/banquet-one-horizontal"
    assert cmd.ServeFood("peas", 7, 1) in set(RULES.legal_commands(fed, 0))  # upright: fine
    plain = at_feast(replace(bare(peas=2, mead=1), round=4))
    plain, _ = _serve(plain, "peas", 0)
    plain, _ = _serve(plain, "mead", 2)
    assert refused(plain, 0, cmd.ServeFood("peas", 4, 0)) == "placement/banquet-one-horizontal"


def test_steward_offers_nothing_for_a_full_shed() -> None:
    """Regression: a spent placement iterator is still truthy, so a full shed was once offered
    and answering it crashed (found by a 40-game simulate run)."""
    from skald.domain.feast.placement import STONE, WOOD, legal_placements
    from skald.domain.feast.placement.engine import place

    state = with_houses(played(bare(wood=1, stone=1), 0, 42), 0, "shed")
    p = state.players[0]
    shed = p.houses[-1]
    for piece in (WOOD, STONE):
        while (spot := next(legal_placements(shed, piece, game_end=True), None)) is not None:
            shed = place(shed, spot, game_end=True)
    state = state.with_player(0, replace(p, houses=(*p.houses[:-1], shed)))
    held, events = to_feast(state)
    assert not held.offers and got(events, 0, 42) == {}  # nothing to offer: no spot left

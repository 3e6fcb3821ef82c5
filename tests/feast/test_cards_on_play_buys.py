"""Immediate occupations that offer a choice when played (``cards/on_play_buys.py``): the
offer is the pending ``feast/occupation`` decision, its options are exactly what the seat can
pay for, an answer gives the choice, declining gives nothing, and no offer is made when
nothing can be taken (occupations.md, timing I)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.kernel.errors import NotYourTurn
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    WB,
    answer,
    bare,
    game,
    got,
    have,
    names,
    offered,
    play,
    refused,
    with_ships,
)

Setup = Callable[[], State]


def _hold(**things: int) -> Setup:
    return lambda: bare(**things)


def _ships(*ships: Any, **things: int) -> Setup:
    return lambda: with_ships(bare(**things), 0, *ships)


# (card, setup, options listed (None: leave it), option taken, what the card gave net)
CASES: list[tuple[int, Setup, list[int | None], int, dict[str, int]]] = [
    (
        17,
        _hold(fruits=1, mead=0, cattle=0, sheep=0, pregnant_sheep=0),
        [None, 5],
        5,
        {"fruits": -1, "treasure-chest": 1},
    ),
    (17, _hold(cattle=1, mead=0), [None, 14], 14, {"cattle": -1, "silver-hoard": 1}),
    (31, _hold(grain=3, mead=0), [None, 3], 3, {"grain": 1}),
    (61, _ships(LONGSHIP, silver=0), [None, 0], 0, {"longship": -1, "silver": 8}),
    (62, _hold(ore=1, silver=1), [None, 0, 1], 1, {"ore": -1, "silver": -1, "cloakpin": 1}),
    (
        63,
        _hold(sheep=1, silver=3),
        [None, 0, 1, 2],
        2,
        {"sheep": -1, "salt-meat": 1, "hide": 1, "wool": 1, "silver": -3, "drinking-horn": 1},
    ),
    (
        63,
        _hold(sheep=0, pregnant_sheep=1, silver=0),
        [None, 0],
        0,
        {"pregnant-sheep": -1, "salt-meat": 1, "hide": 1, "wool": 1},
    ),
    (64, _ships(WB, silver=2), [None, 0], 0, {"whaling-boat": -1, "silver": -2, "longship": 1}),
    (65, _hold(snare=2, spear=2), [None, 0], 0, {"snare": -2, "spear": -2, "treasure-chest": 1}),
    (
        66,
        _hold(beans=1, silver=1),
        [None, 4, 5],
        5,
        {"beans": -1, "silver": -1, "skin-and-bones": 1},
    ),
    (66, _hold(cabbage=1, silver=1), [None, 8, 9], 8, {"cabbage": -1, "silver": -1, "sheep": 1}),
    (67, _hold(silver=4), [None, 0], 0, {"silver": -4, "silverware": 2, "game-meat": 1, "mead": 1}),
    (72, _hold(silver=1), [None, 0], 0, {"silver": -1, "stone-house": 1}),
    (73, _hold(silver=2), [None, 0, 1], 1, {"silver": -2, "crucifix": 1}),
    (73, _hold(silver=5), [None, 0, 1, 2], 2, {"silver": -5, "chalice": 1}),
    (74, _hold(silver=2, grain=1), [None, 0], 0, {"silver": -2, "grain": -1, "cattle": 1}),
    (75, _hold(silver=1), [None, 0], 0, {"silver": -1, "skin-and-bones": 1}),
    (80, _hold(silver=2), [None, 0], 0, {"silver": -2, "sheep": 1}),
    (
        81,
        _hold(silver=5, long_sword=2, bow=1, spear=1),
        [None, 0],
        0,
        {"silver": -5, "longship": 1},
    ),
    (
        81,
        _hold(silver=4, long_sword=2, bow=2, spear=3),
        [None, 0],
        0,
        {"silver": -3, "longship": 1},
    ),
    (82, _ships(KNARR, KNARR, silver=3), [None, 0], 0, {"silver": -3, "longship": 1}),
    (82, _ships(KNARR, silver=6), [None, 0], 0, {"silver": -6, "longship": 1}),
    (83, _hold(peas=5, mead=0), [None, 1, 2, 3, 4], 3, {"peas": -3, "mead": 3}),
    (86, _hold(silver=4), [None, 0, 1], 1, {"silver": -4, "hide": 2}),
    (86, _hold(silver=6), [None, 0, 1, 2], 2, {"silver": -6, "hide": 3}),
]


@pytest.mark.parametrize(
    ("number", "setup", "listed", "option", "expected"),
    CASES,
    ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)],
)
def test_a_card_offers_what_can_be_paid_and_gives_the_choice(
    number: int, setup: Setup, listed: list[int | None], option: int, expected: dict[str, int]
) -> None:
    state, events = play(setup(), 0, number)
    assert names(events)[-2:] == ["OccupationOffered", "OccupationsAwaited"]
    (pending,) = RULES.pending(state)
    assert (pending.seat, pending.decision) == (0, "feast/occupation")
    assert [o if o >= 0 else None for _, o in offered(state)] == listed
    after, events = answer(state, option)
    assert got(events, 0, number) == expected
    assert not after.offers and after.resume is None
    assert names(events)[-2:] == ["ActionFinished", "TurnStarted"]  # the action went on
    _, events = answer(state, None)
    assert got(events, 0, number) == {} and names(events)[:2] == [
        "OccupationAnswered",
        "OffersSettled",
    ]


@pytest.mark.parametrize(
    ("number", "setup"),
    [
        (17, _hold(mead=0, fruits=0)),
        (31, _hold(mead=1, grain=2)),
        (61, _ships(KNARR)),
        (62, _hold(ore=0, silver=5)),
        (64, _ships(LONGSHIP, silver=5)),
        (65, _hold(snare=1, spear=2)),
        (67, _hold(silver=3)),
        (72, _hold(silver=0)),
        (74, _hold(silver=2, grain=0)),
        (80, _hold(silver=1)),
        (81, _hold(silver=0, long_sword=0, bow=1, spear=1)),
        (82, _ships(LONGSHIP, silver=9)),
        (84, _ships(WB, silver=5)),
        (86, _hold(silver=1)),
        (184, _hold(ore=2, wood=9, silver=9)),
    ],
)
def test_no_offer_when_nothing_can_be_taken(number: int, setup: Setup) -> None:
    state, events = play(setup(), 0, number)
    assert "OccupationOffered" not in names(events) and not state.offers


def test_fine_blacksmith_and_metalsmith_offer_only_tiles_still_in_the_supply() -> None:
    state = game(ore=1, silver=9)
    state = replace(state, specials_left=tuple(t for t in state.specials_left if t != "crucifix"))
    offer, _ = play(state, 0, 62)
    assert [o for _, o in offered(offer)] == [-1, 1]  # only the cloakpin
    offer, _ = play(state, 0, 73)
    assert [o for _, o in offered(offer)] == [-1, 0, 2]


def test_inspector_takes_vikings_back_and_frees_an_emptied_space() -> None:
    state, _ = play(game(silver=1), 0, 60)
    space = state.occupied[-1]
    i = len(state.occupied) - 1
    assert (space.space, space.vikings) == ("emigration-and-occupation-2-2", 2)
    assert [o for _, o in offered(state)] == [-1, 2 * i, 2 * i + 1]
    thing = state.players[0].thing
    after, events = answer(state, 2 * i + 1)  # 2 Vikings for the round's silver (1)
    assert got(events, 0, 60) == {"silver": -1}
    assert after.players[0].thing == thing + 2 and after.occupant(space.space) is None
    after, _ = answer(state, 2 * i)
    assert after.occupant(space.space).vikings == 1 and after.players[0].thing == thing + 1
    poor, _ = play(game(silver=0), 0, 60)
    assert [o for _, o in offered(poor)] == [-1, 2 * i]


def test_traveling_merchant_turns_tiles_one_offer_at_a_time() -> None:
    state, _ = play(with_ships(game(peas=1, mead=1, wool=1), 0, KNARR), 0, 78)
    assert state.offers[0].trigger == "play"
    state, events = answer(state, 0)  # peas → mead
    assert got(events, 0, 78) == {"peas": -1, "mead": 1}
    assert state.offers[0].trigger == "flip:1"  # 1 knarr: 2 tiles
    state, events = answer(state, 18)  # wool → chest
    assert got(events, 0, 78) == {"wool": -1, "chest": 1} and not state.offers
    assert have(state, 0, "mead") == 2


def test_harbor_guard_emigrates_with_one_silver_off_per_large_ship() -> None:
    state = replace(with_ships(game(silver=1), 0, KNARR, LONGSHIP), round=3)
    offer, _ = play(state, 0, 84)
    assert [o for _, o in offered(offer)] == [-1, 0, 1]
    after, events = answer(offer, 1)
    (emigrated,) = [e for e in events if isinstance(e, ev.ShipEmigrated)]
    assert (emigrated.kind, emigrated.silver) == (LONGSHIP, 1)  # round 3 less 2 ships
    assert after.players[0].emigrated == (LONGSHIP,) and have(after, 0, "silver") == 0


def test_preacher_the_crucifix_or_four_items_of_one_strip() -> None:
    state, _ = play(game(), 0, 87)
    strips = [x.number for x in state.strips]
    assert [o for _, o in offered(state)] == [-1, 0, *sorted(strips)]
    after, events = answer(state, strips[0])
    (took,) = [e for e in events if isinstance(e, ev.OccupationTookFromMountain)]
    assert took.items == state.strips[0].items[:4]
    assert after.strips[0].items == state.strips[0].items[4:]
    after, events = answer(state, 0)
    assert got(events, 0, 87) == {"crucifix": 1} and "crucifix" not in after.specials_left


def test_sponsor_buys_a_longship_and_loads_three_ore() -> None:
    state, _ = play(game(ore=3, wood=4, silver=3), 0, 184)
    assert [o for _, o in offered(state)] == [-1, 0, 1]
    after, _ = answer(state, 1)
    assert after.players[0].ships[-1].kind is LONGSHIP and after.players[0].ships[-1].ore == 3
    assert have(after, 0, "ore") == 0 and have(after, 0, "silver") == 0


def test_an_offer_waits_only_for_its_owner_and_names_only_itself() -> None:
    state, _ = play(game(silver=4), 0, 86)
    assert RULES.to_act(state) == frozenset({0})
    assert (
        refused(state, 1, cmd.ResolveOccupation(card_id(86), 0), error=NotYourTurn)
        == "feast/not-your-turn"
    )
    assert (
        refused(state, 0, cmd.ResolveOccupation(card_id(80), 0)) == "feast/occupation-not-offered"
    )
    assert refused(state, 0, cmd.ResolveOccupation(card_id(86), 2)) == "feast/occupation-option"
    assert refused(state, 0, cmd.Pass()) == "feast/not-now"

"""Immediate occupations that act by themselves when played (``cards/on_play.py``, and the
on-play part of cards with a lasting one): each card's gain, and nothing when its condition
fails (occupations.md, timing I)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.state import Occupancy, State
from skald.domain.feast.game.yields import rewards
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import SILVER, Placement, place
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    WB,
    game,
    give_items,
    got,
    play,
    surrounded_stone_house,
    used,
    with_board_houses,
    with_houses,
    with_ships,
)

Setup = Callable[[State], State]


def _hold(**things: int) -> Setup:
    return lambda s: game(**things)


def _ships(*ships: Any) -> Setup:
    return lambda s: with_ships(game(), 0, *ships)


def _specials(n: int) -> Setup:
    names = ("helmet", "cloakpin", "belt", "crucifix", "chalice")[:n]
    return lambda s: give_items(game(), 0, *((t, 1) for t in names))


CASES: list[tuple[int, str, Setup, dict[str, int]]] = [
    (10, "sheep", _hold(sheep=1, cattle=0), {"milk": 1, "silver": 1}),
    (10, "both", _hold(sheep=1, cattle=1), {"milk": 2, "silver": 2}),
    (10, "none", _hold(sheep=0, cattle=0), {}),
    (14, "one of each", _ships(WB, KNARR, LONGSHIP), {"whale-meat": 1}),
    (14, "two of each", _ships(WB, WB, KNARR, KNARR, LONGSHIP, LONGSHIP), {"whale-meat": 2}),
    (14, "no longship", _ships(WB, KNARR), {}),
    (16, "4 ore", _ships((WB, 1), (LONGSHIP, 3)), {"silver": 2}),
    (16, "7 ore", _ships((WB, 1), (LONGSHIP, 3), (LONGSHIP, 3)), {"silver": 5}),
    (16, "3 ore (knarr ore never counts)", _ships((WB, 1), (LONGSHIP, 2), KNARR), {}),
    (18, "one longship with 2", _ships((LONGSHIP, 2), (LONGSHIP, 1)), {"silk": 1}),
    (18, "two", _ships((LONGSHIP, 2), (LONGSHIP, 3)), {"jewelry": 1}),
    (18, "three", _ships((LONGSHIP, 2), (LONGSHIP, 3), (LONGSHIP, 2)), {"silver-hoard": 1}),
    (18, "none", _ships((LONGSHIP, 1)), {}),
    (19, "3 tiles", _specials(3), {"silk": 1}),
    (19, "4 tiles", _specials(4), {"spices": 1}),
    (19, "5 tiles", _specials(5), {"jewelry": 1}),
    (19, "2 tiles", _specials(2), {}),
    (
        20,
        "a surrounded house bonus",
        lambda s: with_board_houses(game(), 0, surrounded_stone_house()),
        {"hide": 1},
    ),
    (20, "no house", lambda s: game(), {}),
    (22, "2 longships", _ships(LONGSHIP, LONGSHIP), {"stone": 2, "ore": 2, "silver": 2}),
    (
        23,
        "a stone and a long house",
        lambda s: with_houses(game(), 0, "stone-house", "long-house", "shed"),
        {"silver": 4},
    ),
    (23, "a shed only", lambda s: with_houses(game(), 0, "shed"), {}),
    (24, "2 knarrs and a boat", _ships(KNARR, KNARR, WB), {"oil": 2, "wood": 1}),
    (25, "a knarr", _ships(KNARR, LONGSHIP), {"salt-meat": 1}),
    (
        26,
        "mead, stockfish, sheep of both sides",
        _hold(mead=1, stockfish=2, sheep=1, pregnant_sheep=1),
        {"silver": 3},
    ),
    (27, "3 boats", _ships(WB, WB, WB), {"stockfish": 3}),
    (29, "2 game meat + 1 whale meat", _hold(game_meat=2, whale_meat=1), {"salt-meat": 1}),
    (29, "no whale meat", _hold(game_meat=2, whale_meat=0), {}),
    (30, "1 silk", _hold(silk=1), {"silver": 1}),
    (30, "2 silk", _hold(silk=2), {"silver": 3}),
    (30, "4 silk", _hold(silk=4), {"silver": 6}),
    (30, "no silk", _hold(silk=0), {}),
    (33, "3 sheep", _hold(sheep=3), {"wool": 1}),
    (33, "5 sheep", _hold(sheep=3, pregnant_sheep=2), {"wool": 2}),
    (33, "6 sheep", _hold(sheep=6), {"wool": 3}),
    (33, "2 sheep", _hold(sheep=2), {}),
    (34, "2 sheep", _hold(sheep=2), {"milk": 1, "wool": 1}),
    (34, "4 sheep", _hold(sheep=4), {"milk": 1, "wool": 2}),
    (34, "1 sheep", _hold(sheep=1), {}),
    (43, "always", lambda s: game(), {"fruits": 1}),
    (79, "a cattle", _hold(cattle=1, pregnant_cattle=0), {"cattle": -1, "pregnant-cattle": 1}),
    (79, "no cattle", _hold(cattle=0), {}),
    (183, "1 knarr", _ships(KNARR), {"peas": 1, "beans": 1, "flax": 1}),
    (183, "2 knarrs", _ships(KNARR, KNARR), {"peas": 1, "beans": 1, "flax": 1, "grain": 1}),
    (
        183,
        "4 knarrs",
        _ships(KNARR, KNARR, KNARR, KNARR),
        {"peas": 1, "beans": 1, "flax": 1, "grain": 1, "cabbage": 1, "fruits": 1},
    ),
    (183, "no knarr", _ships(LONGSHIP), {}),
    (12, "a chest", lambda s: game(), {"chest": 1}),
    (15, "2 mead per house", lambda s: with_houses(game(), 0, "stone-house", "shed"), {"mead": 2}),
    (188, "2 players: 1 silver", lambda s: game(), {"silver": 1}),
]


@pytest.mark.parametrize(
    ("number", "case", "setup", "expected"), CASES, ids=[f"{n}-{c}" for n, c, _, _ in CASES]
)
def test_a_played_card_gains_exactly_its_printed_tier(
    number: int, case: str, setup: Setup, expected: dict[str, int]
) -> None:
    after, events = play(setup(game()), 0, number)
    assert got(events, 0, number) == expected
    assert used(events, number) == (1 if expected else 0)  # nothing met: no event at all
    assert not after.offers


def test_weapon_cards_drawn_or_searched_on_play() -> None:
    def weapons(events: list[Any]) -> list[str]:
        return [
            type(e).__name__ for e in events if isinstance(e, ev.WeaponDrawn | ev.WeaponSearched)
        ]

    assert weapons(play(game(), 0, 68)[1]) == ["WeaponDrawn"] * 4
    assert weapons(play(with_ships(game(), 0, LONGSHIP), 0, 32)[1]) == ["WeaponDrawn"] * 2
    assert (
        weapons(play(with_ships(game(), 0, LONGSHIP, LONGSHIP, LONGSHIP), 0, 32)[1])
        == ["WeaponDrawn"] * 10
    )
    assert weapons(play(game(), 0, 32)[1]) == []
    # equipment supplier: up to 2 of each type (bow, snare, spear held once; no long sword)
    after, events = play(game(bow=1, snare=1, spear=1, long_sword=0), 0, 69)
    assert [e.weapon.value for e in events if isinstance(e, ev.WeaponSearched)] == [
        "bow",
        "snare",
        "spear",
        "long-sword",
        "long-sword",
    ]
    assert after.players[0].weapons == (2, 2, 2, 2)
    assert weapons(play(game(bow=2, snare=3, spear=2, long_sword=2), 0, 69)[1]) == []
    # trident hunter, archer: a spear, a bow, searched from the discard pile first
    after, events = play(replace(game(spear=1), weapon_discard=(0, 0, 1, 0)), 0, 11)
    assert after.weapon_discard == (0, 0, 0, 0) and after.players[0].weapons[2] == 2
    after, _ = play(game(bow=1), 0, 13)
    assert after.players[0].weapons[0] == 2
    assert after.weapon_deck[0] == game().weapon_deck[0] - 1  # no bow discarded: from the deck


def test_cattle_breeder_holds_a_breeding_phase_of_ones_own() -> None:
    _, events = play(game(sheep=2, cattle=1), 0, 35)
    assert [
        (e.animal, e.births, e.pregnancies) for e in events if isinstance(e, ev.AnimalsBred)
    ] == [(Good.SHEEP, 0, 1)]
    after, events = play(game(pregnant_sheep=1, sheep=0, cattle=0), 0, 35)
    assert after.players[0].goods[12:14] == (2, 0)  # the lamb is born, the ewe turns back
    assert used(play(game(sheep=1, cattle=1), 0, 35)[1], 35) == 0  # nothing to breed


def test_collector_holds_a_bonus_phase_of_the_home_board_only() -> None:
    state = with_board_houses(game(), 0, surrounded_stone_house())
    _, events = play(state, 0, 21)  # the house's hide is not the home board's
    assert got(events, 0, 21) == {}
    home = state.players[0].home
    for r, c in ((4, 0), (4, 1), (5, 1), (6, 0), (6, 1)):
        home = place(home, Placement(SILVER, r, c, 0))
    state = state.with_player(0, replace(state.players[0], home=home))
    paid, _ = rewards(state, 0, lambda name, board: name == "home")
    assert paid  # the corner bonus square (5, 0) is surrounded
    _, events = play(state, 0, 21)
    assert got(events, 0, 21) == {it.item: it.count for it in paid}


def test_homecomer_takes_one_viking_back_from_each_fourth_column_space() -> None:
    state = game()
    state = state.with_player(0, replace(state.players[0], thing=state.players[0].thing - 4))
    state = replace(state, occupied=(Occupancy("weekly-market-4-1", 0, 4),))
    after, events = play(state, 0, 76)
    recalled = [e for e in events if isinstance(e, ev.VikingsRecalled)]
    assert [(e.space, e.vikings) for e in recalled] == [("weekly-market-4-1", 1)]
    assert after.occupant("weekly-market-4-1").vikings == 3  # the space stays taken
    assert used(play(game(), 0, 76)[1], 76) == 0

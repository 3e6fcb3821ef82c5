"""Game End tie-breakers and deck exhaustion (RULINGS.md)."""

from __future__ import annotations

import pytest

from skald.domain.red_north import RULES
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import Invoke
from skald.domain.red_north.components import God
from skald.domain.red_north.scoring import winners
from skald.domain.red_north.state import Player
from tests.red_north.kit import act, chance, table, up


@pytest.mark.parametrize(
    ("players", "tie_breaker", "first", "expected", "reason"),
    [
        ([Player(vp=5), Player(vp=7)], None, 0, (1,), "most VP"),
        ([Player(vp=7, glory=9), Player(vp=7)], 1, 0, (1,), "tie: Tie Breaker token"),
        # the Tie Breaker holder is not among the tied players: go on
        (
            [Player(vp=7, glory=1), Player(vp=7, glory=2), Player(vp=1)],
            2,
            0,
            (1,),
            "tie: most unused Glory",
        ),
        (
            [Player(vp=7, hand=("a",)), Player(vp=7, hand=("a", "b"))],
            None,
            0,
            (1,),
            "tie: most cards in hand",
        ),
        (
            [Player(vp=7), Player(vp=1), Player(vp=7), Player(vp=7)],
            None,
            1,
            (2,),
            "tie: closest in turn order to the First Player",
        ),
        (
            [Player(vp=7), Player(vp=7)],
            None,
            1,
            (1,),
            "tie: closest in turn order to the First Player",
        ),
    ],
)
def test_final_tie_breakers(players, tie_breaker, first, expected, reason) -> None:  # type: ignore[no-untyped-def]
    state = table(players, tie_breaker=tie_breaker, first_player=first)
    assert winners(state) == (expected, reason)


def _tyr(deck: tuple[str, ...], discard: tuple[str, ...]):  # type: ignore[no-untyped-def]
    me = Player(party=up("raider-red-01"), gods=("god-tyr",))
    return table([me, Player()], round=3, deck=deck, discard=discard)


def test_an_empty_deck_is_refilled_from_the_shuffled_discard() -> None:
    state, events = act(
        _tyr(("jarl-01",), ("raider-red-02", "raider-red-03", "raider-red-04")), 0, Invoke(God.TYR)
    )
    shuffle = events[1]
    assert isinstance(shuffle, ev.DiscardShuffledIntoDeck)
    assert sorted(shuffle.order) == ["raider-red-02", "raider-red-03", "raider-red-04"]
    assert events[2] == ev.CardsDrawn(0, ("jarl-01", *shuffle.order), "Tyr")
    assert state.deck == () and state.discard == ()
    # The reshuffled order is secret.
    hidden = RULES.redact(shuffle, 0)
    assert isinstance(hidden, ev.DiscardShuffledIntoDeck) and hidden.order == ("hidden",) * 3


def test_the_reshuffle_is_a_recorded_chance_outcome() -> None:
    state = _tyr((), ("raider-red-02", "raider-red-03", "raider-red-04", "jarl-02"))
    a = act(state, 0, Invoke(God.TYR), chance("one"))[1]
    b = act(state, 0, Invoke(God.TYR), chance("one"))[1]
    assert a == b


def test_with_deck_and_discard_empty_a_draw_yields_nothing() -> None:
    _, events = act(_tyr((), ()), 0, Invoke(God.TYR))
    assert [type(e).__name__ for e in events] == ["GodInvoked", "TurnStarted"]
    _, events = act(_tyr(("jarl-01",), ()), 0, Invoke(God.TYR))
    assert events[1] == ev.CardsDrawn(0, ("jarl-01",), "Tyr")


def test_final_tie_break_unused_glory_comes_before_cards_in_hand() -> None:
    """RB "Game End": tied players without the Tie Breaker go to "1. The player with the most
    unused Glory tokens wins. 2. The player with the most cards remaining in hand wins." —
    in that order: seat 0 (2 Glory, 1 card) beats seat 1 (1 Glory, 3 cards)."""
    players = [
        Player(vp=7, glory=2, hand=("jarl-01",)),
        Player(vp=7, glory=1, hand=("jarl-02", "jarl-03", "jarl-04")),
    ]
    state = table(players, first_player=1)
    assert winners(state) == ((0,), "tie: most unused Glory")

"""Scenario: the rulebook's Resolution Example (Håkkå, Rikki, Gorðon).

The rulebook states only the results. The parties are reconstructed to match them: a 3-player
game (green, red, purple, blue in play), in Summer; Håkkå held green from Spring and so holds
the Tie Breaker; Gorðon takes green from him this round, which (as the rulebook notes) does not
let Gorðon break ties yet. The Raid Points per colour, Håkkå/Rikki/Gorðon:

* green  3 (Raider 2 + Outpost 1) / 0 / 6 (two Raiders next to a Jarl) → Gorðon
* red    0 / 2 / 2 → tie, the Tie Breaker (Håkkå) is not tied → uncontrolled
* purple 2 / 2 / 0 → tie, Håkkå has the Tie Breaker → Håkkå
* blue   2 / 2 / 2 → tie, Håkkå has the Tie Breaker → Håkkå
"""

from __future__ import annotations

from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import Pass
from skald.domain.red_north.components import Colour, Token
from skald.domain.red_north.state import MusterGroup, Player
from tests.red_north.kit import act, down, table

HAKKA, RIKKI, GORDON = 0, 1, 2


def test_resolution_example() -> None:
    players = [
        Player(party=down("raider-green-01", "raider-purple-01", "raider-blue-01"), glory=0),
        Player(party=down("raider-red-01", "raider-blue-02", "raider-purple-02"), glory=0),
        Player(
            party=down(
                "raider-green-02", "jarl-01", "raider-green-03", "raider-red-02", "raider-blue-03"
            ),
            glory=0,
        ),
    ]
    muster = tuple(
        MusterGroup(f"god-{g}", (f"raider-{c}-0{i + 5}", f"raider-{c}-0{i + 6}", f"jarl-0{i + 5}"))
        for i, (g, c) in enumerate(
            (("odin", "red"), ("tyr", "blue"), ("hel", "purple"), ("saga", "green"))
        )
    )
    state = table(
        players,
        round=2,
        owners={Colour.GREEN: HAKKA},
        tie_breaker=HAKKA,
        first_player=RIKKI,
        current=RIKKI,
        muster=muster,
        deck=("raider-red-10", "raider-red-11", "jarl-10"),
    )
    state, _ = act(state, RIKKI, Pass("god-odin"))
    state, _ = act(state, GORDON, Pass("god-tyr"))
    state, events = act(state, HAKKA, Pass("god-hel"))

    awarded = {e.colour: e for e in events if isinstance(e, ev.OutpostAwarded)}
    assert awarded[Colour.GREEN] == ev.OutpostAwarded(Colour.GREEN, GORDON, (3, 0, 6), 2, "most")
    assert awarded[Colour.RED] == ev.OutpostAwarded(Colour.RED, None, (0, 2, 2), 0, "returned")
    assert awarded[Colour.PURPLE] == ev.OutpostAwarded(
        Colour.PURPLE, HAKKA, (2, 2, 0), 2, "tie_breaker"
    )
    assert awarded[Colour.BLUE] == ev.OutpostAwarded(
        Colour.BLUE, HAKKA, (2, 2, 2), 2, "tie_breaker"
    )

    # "Håkkå gains 1 Glory, for green. Rikki gains 3 Glory, for red, blue, and purple.
    #  Gorðon gains 2 Glory, for blue and red."
    glory = {e.seat: set(e.colours) for e in events if isinstance(e, ev.GloryGained)}
    assert glory == {
        HAKKA: {Colour.GREEN},
        RIKKI: {Colour.RED, Colour.BLUE, Colour.PURPLE},
        GORDON: {Colour.BLUE, Colour.RED},
    }
    assert [p.glory for p in state.players] == [1, 3, 2]

    # Outposts end where the rulebook puts them, and only now does the Tie Breaker move.
    assert {o.colour: o.owner for o in state.outposts} == {
        Colour.GREEN: GORDON,
        Colour.RED: None,
        Colour.PURPLE: HAKKA,
        Colour.BLUE: HAKKA,
    }
    assert state.tie_breaker == GORDON
    assert state.champion == HAKKA
    assert ev.TokenPassed(Token.TIE_BREAKER, GORDON, "green Outpost") in events
    assert ev.CardsDrawn(HAKKA, ("raider-red-10", "raider-red-11"), "purple Outpost") in events
    assert [p.vp for p in state.players] == [4, 0, 2]
    assert state.first_player == RIKKI  # Angleland in play but uncontrolled: the token stays
    assert state.round == 3

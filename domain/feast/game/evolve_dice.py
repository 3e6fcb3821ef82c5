"""Applying the dice events (part of ``evolve.apply``; never validates, never draws).

``DieRolled`` sets the standing roll (``State.dice``), replacing the last; a declaration
clears it and the running action's ``awaiting``, marks the space used, and after a failure
moves the returned Vikings from the space to the Thing square (rules.ja.txt 罠の設置, 捕鯨,
略奪: そのスペースからヴァイキング駒…をあなたのシング広場に戻す), free to be placed again.
"""

from __future__ import annotations

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.state import Dice, State
from skald.domain.kernel.fast import replace


def rolled(state: State, event: ev.DieRolled) -> State:
    sides = int(event.die.removeprefix("d"))
    return replace(
        state, dice=Dice(event.seat, event.space, sides, event.roll, event.value, event.modifier)
    )


def _declared(state: State) -> State:
    run = state.running
    if run is not None:
        run = replace(run, awaiting=(), used=True)
    return replace(state, dice=None, running=run)


def succeeded(state: State, event: ev.DiceSucceeded) -> State:
    return _declared(state)


def failed(state: State, event: ev.DiceFailed) -> State:
    state = _declared(state)
    if not event.returned:
        return state
    occupied = list(state.occupied)
    at = max(i for i, o in enumerate(occupied) if o.seat == event.seat)
    occupied[at] = replace(occupied[at], vikings=occupied[at].vikings - event.returned)
    p = state.players[event.seat]
    state = state.with_player(event.seat, replace(p, thing=p.thing + event.returned))
    return replace(state, occupied=tuple(occupied))

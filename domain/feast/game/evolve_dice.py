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


def rolled(s: State, e: ev.DieRolled) -> State:
    sides = int(e.die.removeprefix("d"))
    return replace(s, dice=Dice(e.seat, e.space, sides, e.roll, e.value, e.modifier))


def _declared(s: State) -> State:
    run = s.running
    if run is not None:
        run = replace(run, awaiting=(), used=True)
    return replace(s, dice=None, running=run)


def succeeded(s: State, e: ev.DiceSucceeded) -> State:
    return _declared(s)


def failed(s: State, e: ev.DiceFailed) -> State:
    s = _declared(s)
    if not e.returned:
        return s
    occupied = list(s.occupied)
    at = max(i for i, o in enumerate(occupied) if o.seat == e.seat)
    occupied[at] = replace(occupied[at], vikings=occupied[at].vikings - e.returned)
    p = s.players[e.seat]
    s = s.with_player(e.seat, replace(p, thing=p.thing + e.returned))
    return replace(s, occupied=tuple(occupied))

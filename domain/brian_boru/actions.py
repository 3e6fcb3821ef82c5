"""The action symbols of a played card, resolved left to right (§3.4, §5.2).

Sources: ../shared/games/brian-boru/rules-and-data.md §3.4 (each symbol), §5.2 (the cards;
caveat 3: the town first, then the others), round-steps.en.txt steps 18–26, and
../shared/games/RULINGS.md (Brian Boru): EXPAND never targets the active town of the current
trick; FREE_VIKING removes any Viking control token.

House rulings (NOTES.md): COIN- is automatic (pay 1 coin, or lose 2 points with no coin,
never below 0); a mandatory town choice with one possible town resolves automatically and
with none resolves as "nothing happens" (``town=None``).

``State.acting`` is the card resolving now and ``State.done`` how many of its symbols are
finished; each symbol's event advances ``done`` (evolve.py).
"""

from __future__ import annotations

from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.cards import Group, Symbol
from skald.domain.brian_boru.decisions import Decision, DecisionKind
from skald.domain.brian_boru.flow import Log
from skald.domain.brian_boru.queries import (
    EXPAND_COST,
    EXTRA_COST,
    expand_targets,
    max_extra,
    viking_towns,
)
from skald.domain.brian_boru.state import State

EXTRA_SYMBOLS = (Symbol.CHURCH, Symbol.RAIDER, Symbol.MARRIAGE)
"""§3.4: the symbols after which extras may be bought at 2 coins each."""


def current(state: State) -> Group | None:
    """The symbol resolving now, or ``None`` when no card is resolving or it is finished."""
    a = state.acting
    if a is None or state.done >= len(a.symbols):
        return None
    return a.symbols[state.done]


def decision(state: State) -> Decision | None:
    """The choice the current symbol asks of its seat, or ``None`` when it is automatic."""
    g = current(state)
    if g is None or state.acting is None:
        return None
    seat = state.acting.seat
    if g.symbol in EXTRA_SYMBOLS:
        most = max_extra(state, seat, g)
        if most > 0:
            return Decision(seat, DecisionKind.EXTRAS, max_extra=most, about=g.symbol.value)
    elif g.symbol is Symbol.EXPAND:
        targets = expand_targets(state, seat) if state.players[seat].coins >= EXPAND_COST else ()
        if targets:
            return Decision(seat, DecisionKind.EXPAND, options=targets)
    elif g.symbol is Symbol.FREE_VIKING:
        towns = viking_towns(state)
        if len(towns) > 1:
            return Decision(seat, DecisionKind.FREE_VIKING, options=towns)
    return None


def extras_event(state: State, seat: int, group: Group, extra: int) -> ev.Event:
    """CHURCH, RAIDER or MARRIAGE with ``extra`` purchases (§3.4)."""
    paid = extra * EXTRA_COST
    if group.symbol is Symbol.CHURCH:
        return ev.ChurchDiscsPlaced(seat, group.count, extra, paid)
    if group.symbol is Symbol.RAIDER:
        return ev.RaidersTaken(seat, min(group.count, state.battlefield), extra, paid)
    p = state.players[seat]
    room = len(state.track) - 1 - p.track
    target = p.track + min(group.count, room) + extra
    if target == p.track:
        # Already on the top space: nothing happens (no collision either).
        return ev.MarriageAdvanced(seat, 0, 0, 0, p.track, p.track)
    others = {q.track for i, q in enumerate(state.players) if i != seat}
    while target > 0 and target in others:
        target -= 1  # §3.4 collision: down to an empty space or the bottom
    return ev.MarriageAdvanced(seat, min(group.count, room), extra, paid, p.track, target)


def freed_event(state: State, seat: int, town: int | None) -> ev.Event:
    """FREE_VIKING (§3.4): the token on ``town`` goes; the disc under it is its owner's again."""
    owner = state.towns[town - 1].owner if town is not None else None
    return ev.VikingFreed(seat, town, owner)


def _automatic(state: State, seat: int, group: Group) -> ev.Event:
    """The event of a symbol that asks nothing (or whose only choice is forced)."""
    if group.symbol is Symbol.TOWN:
        return ev.ActiveTownTaken(seat, state.active_town)
    if group.symbol is Symbol.COIN_GAIN:
        return ev.CoinsGained(seat, group.count)
    if group.symbol is Symbol.COIN_PAY:
        p = state.players[seat]
        if p.coins > 0:
            return ev.CoinPaid(seat, 1, 0)
        return ev.CoinPaid(seat, 0, min(2, max(p.points, 0)))
    if group.symbol is Symbol.RENOWN:
        return ev.RenownGained(seat, group.count)
    if group.symbol in EXTRA_SYMBOLS:
        return extras_event(state, seat, group, 0)
    if group.symbol is Symbol.EXPAND:
        return ev.TownExpanded(seat, None, 0)
    towns = viking_towns(state)
    return freed_event(state, seat, towns[0] if towns else None)


def run_symbols(log: Log) -> bool:
    """Resolve the current card's symbols until one asks a choice (``False``) or all are
    done (``True``)."""
    while True:
        s = log.state
        g = current(s)
        if g is None or s.acting is None:
            return True
        if decision(s) is not None:
            return False
        log.emit(_automatic(s, s.acting.seat, g))

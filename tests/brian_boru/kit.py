"""Shared builders for the Brian Boru tests: positions made directly from the state records."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from skald.domain.brian_boru import RULES, tricks, upkeep
from skald.domain.brian_boru.actions import run_symbols
from skald.domain.brian_boru.cards import Group, Symbol, card_id
from skald.domain.brian_boru.commands import CODES
from skald.domain.brian_boru.decisions import Decision
from skald.domain.brian_boru.flow import Log
from skald.domain.brian_boru.state import (
    Acting,
    CardSide,
    Phase,
    PlayedCard,
    PlayerState,
    State,
    TownState,
)
from skald.domain.brian_boru.turns import advance, awaited
from skald.domain.kernel.chance import Chance, ServerChance
from skald.domain.kernel.play import fold
from tests.refusals import refuser


def chance(stream: str = "test") -> ServerChance:
    return ServerChance(b"seed", stream)


def opened(players: int, stream: str = "test") -> tuple[State, list[Any]]:
    """The state after setup (start towns not yet placed) and its events."""
    events = list(RULES.setup(players, {}, chance(stream)))
    return fold(RULES, players, events), events


def started(players: int, stream: str = "test") -> tuple[State, list[Any]]:
    """Setup plus every starting town (first legal town each): round 1 is in its draft."""
    c = chance(stream)
    events = list(RULES.setup(players, {}, c))
    state = fold(RULES, players, events)
    while state.phase is Phase.START_TOWNS:
        (seat,) = RULES.to_act(state)
        command = next(iter(RULES.legal_commands(state, seat)))
        new = RULES.decide(state, seat, command, c)
        events.extend(new)
        state = fold(RULES, players, new, state)
    return state, events


def blank(players: int = 4) -> State:
    """A bare mid-game position: no discs, default player records, round 1."""
    state, _ = opened(players)
    return replace(state, phase=Phase.UPKEEP, round=1)


def player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def towns(
    state: State,
    owners: dict[int, int],
    vikings: tuple[int, ...] = (),
    monasteries: tuple[int, ...] = (),
) -> State:
    out = list(state.towns)
    for town, owner in owners.items():
        out[town - 1] = TownState(owner, town in vikings, town in monasteries)
    return replace(state, towns=tuple(out))


def pending(state: State) -> Decision | None:
    """The mid-action decision awaited now (computed, never stored)."""
    return awaited(state)


def sym(symbol: Symbol, count: int = 1) -> Group:
    return Group(symbol, count)


def _with_hands(state: State) -> State:
    """Two spare cards each, so the end of a trick leads to the next one, not the upkeep."""
    if all(p.hand for p in state.players):
        return state
    spare = (card_id(9, 24), card_id(9, 25))
    return replace(state, players=tuple(replace(p, hand=p.hand or spare) for p in state.players))


def resolve_symbols(state: State, seat: int, *groups: Group) -> tuple[State, tuple[Any, ...]]:
    """Resolve ``groups`` as the action of a card of ``seat`` until a choice is needed."""
    acting = Acting(seat, card_id(9, 1), CardSide.PRIMARY, groups)
    state = replace(_with_hands(state), phase=Phase.RESOLVE, trick=(), acting=acting, done=0)
    log = Log(state)
    run_symbols(log)
    return log.state, tuple(log.events)


def resolve_card(state: State, seat: int, card: str) -> tuple[State, tuple[Any, ...]]:
    """A trick of one card that ``seat`` lost (another seat won): its secondary resolves."""
    state = replace(
        _with_hands(state),
        phase=Phase.RESOLVE,
        trick=(PlayedCard(seat, card),),
        trick_winner=(seat + 1) % state.players_count,
        acting=None,
        done=0,
    )
    log = Log(state)
    tricks.resolve(log)
    return log.state, tuple(log.events)


UPKEEP_STEPS = {"marriage": upkeep.marriage, "battle": upkeep.battle, "church": upkeep.church}


def run_upkeep(state: State, step: str, c: Chance | None = None) -> tuple[State, tuple[Any, ...]]:
    """Run one upkeep step (``marriage``, ``battle``, ``church``, ``claim``) from its start,
    or ``all`` of the upkeep, until a choice is needed or it is done."""
    state = replace(state, phase=Phase.UPKEEP, upkeep=None, upkeep_seats=(), done=0)
    log = Log(state)
    if step == "all":
        upkeep.run(log, c or chance())
    elif step == "claim":
        upkeep.claim(log)
    else:
        UPKEEP_STEPS[step](log)
    return log.state, tuple(log.events)


def automatic(state: State, c: Chance | None = None) -> tuple[Any, ...]:
    """The automatic events from ``state`` on, until a seat must act."""
    log = Log(state)
    advance(log, c or chance())
    return tuple(log.events)


def act(
    state: State, seat: int, command: Any, c: Chance | None = None
) -> tuple[State, tuple[Any, ...]]:
    events = RULES.decide(state, seat, command, c or chance())
    return fold(RULES, state.players_count, events, state), events


def kinds(events: tuple[Any, ...]) -> list[str]:
    return [type(e).__name__ for e in events]


def default_player() -> PlayerState:
    return PlayerState()


refused = refuser(RULES, CODES)

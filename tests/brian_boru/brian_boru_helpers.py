"""Shared builders for the Brian Boru tests: positions made directly from the state records."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from domain.brian_boru import RULES
from domain.brian_boru.engine import advance
from domain.brian_boru.model import Op, Phase, PlayerState, State, TownState
from domain.kernel.chance import Chance, ServerChance
from domain.kernel.play import fold


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


def run(state: State, *ops: Op, c: Chance | None = None) -> tuple[State, tuple[Any, ...]]:
    """Run a program of ops from ``state`` until a decision is needed or it is done."""
    state = replace(state, program=ops, pending=None)
    events = advance(state, c)
    return fold(RULES, state.players_count, events, state), events


def act(
    state: State, seat: int, command: Any, c: Chance | None = None
) -> tuple[State, tuple[Any, ...]]:
    events = RULES.decide(state, seat, command, c or chance())
    return fold(RULES, state.players_count, events, state), events


def kinds(events: tuple[Any, ...]) -> list[str]:
    return [type(e).__name__ for e in events]


def default_player() -> PlayerState:
    return PlayerState()

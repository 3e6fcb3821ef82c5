"""Shared builders for the Red North tests: start games, apply commands, craft states."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from skald.domain.kernel.chance import Chance, ServerChance
from skald.domain.kernel.options import resolve_options
from skald.domain.kernel.play import fold
from skald.domain.red_north import RULES
from skald.domain.red_north.commands import CODES
from skald.domain.red_north.components import Colour
from skald.domain.red_north.state import MusterGroup, Outpost, PartyCard, Phase, Player, State
from tests.refusals import refuser


def chance(seed: str = "seed") -> ServerChance:
    return ServerChance(seed.encode(), f"test-{seed}")


def new_game(
    players: int, seed: str = "seed", options: dict[str, Any] | None = None
) -> tuple[State, tuple[Any, ...]]:
    events = RULES.setup(players, resolve_options(RULES.options, options or {}), chance(seed))
    return fold(RULES, players, events), events


def act(
    state: State, seat: int, command: Any, ch: Chance | None = None
) -> tuple[State, tuple[Any, ...]]:
    events = RULES.decide(state, seat, command, ch or chance("act"))
    return fold(RULES, state.count, events, state), events


def types(events: Sequence[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def down(*cards: str) -> tuple[PartyCard, ...]:
    return tuple(PartyCard(c, face_up=False) for c in cards)


def up(*cards: str) -> tuple[PartyCard, ...]:
    return tuple(PartyCard(c, face_up=True) for c in cards)


def table(
    players: Sequence[Player],
    *,
    round: int = 1,
    phase: Phase = Phase.ACTIONS,
    current: int | None = 0,
    colours: Sequence[Colour] = (Colour.GREEN, Colour.PURPLE, Colour.RED, Colour.BLUE),
    owners: dict[Colour, int] | None = None,
    raid_points: dict[Colour, int] | None = None,
    muster: Sequence[MusterGroup] = (),
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    first_player: int = 0,
    tie_breaker: int | None = None,
    champion: int | None = None,
    set_aside: Sequence[str] = (),
) -> State:
    """A hand-made mid-game state (unit tests of one rule at a time)."""
    owners = owners or {}
    points = raid_points or {}
    return State(
        players=tuple(players),
        round=round,
        phase=phase,
        outposts=tuple(Outpost(c, points.get(c, 1), owners.get(c)) for c in colours),
        deck=tuple(deck),
        discard=tuple(discard),
        muster=tuple(muster),
        set_aside=tuple(set_aside),
        first_player=first_player,
        tie_breaker=tie_breaker,
        champion=champion,
        current=current if phase is Phase.ACTIONS else None,
    )


def all_passed_but(state: State, seat: int) -> State:
    players = tuple(replace(p, passed=i != seat) for i, p in enumerate(state.players))
    return replace(state, players=players, current=seat)


def every_card(state: State) -> list[str]:
    """Every card in any zone (hands, parties, gods, deck, discard, muster, aside, removed)."""
    cards = list(state.deck) + list(state.discard) + list(state.set_aside) + list(state.removed)
    for g in state.muster:
        cards += [g.leader, *g.cards]
    for p in state.players:
        cards += list(p.hand) + [pc.card for pc in p.party] + list(p.gods)
        cards += [] if p.drawn is None else [p.drawn]
    return cards


refused = refuser(RULES, CODES)

"""Helpers for the Feast game tests: a set-up game, state surgery, running commands."""

from __future__ import annotations

from typing import Any

from skald.domain.feast.game import RULES
from skald.domain.feast.game.items import amount, gain, pay
from skald.domain.feast.game.state import ItemCount, State
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.fast import replace
from skald.domain.kernel.play import fold


def new_game(players: int = 2, seed: str = "kit", **options: Any) -> tuple[State, ServerChance]:
    chance = ServerChance(b"kit", seed)
    events = RULES.setup(players, resolve_options(RULES.options, options), chance)
    return fold(RULES, players, events), chance


def holding(state: State, seat: int, **things: int) -> State:
    """The seat holds exactly ``things`` (underscores for dashes: ``salt_meat=2``)."""
    p = state.players[seat]
    for name, n in things.items():
        item = name.replace("_", "-")

        have = amount(p, item)
        if n > have:
            p = gain(p, (ItemCount(item, n - have),))
        elif n < have:
            p = pay(p, (ItemCount(item, have - n),))
    return state.with_player(seat, p)


def turn_of(state: State, seat: int) -> State:
    return replace(state, turn=seat)


def run(state: State, seat: int, command: Any, chance: ServerChance) -> tuple[State, list[Any]]:
    events = list(RULES.decide(state, seat, command, chance))
    return fold(RULES, state.count, events, state), events


def names(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]

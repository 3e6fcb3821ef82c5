"""Small immutable edits of the state shared by the ``evolve`` handlers.

Each edit replaces only the record it changes (``replace`` on small records), so replays stay
O(events).
"""

from __future__ import annotations

from typing import Any

from skald.domain.brian_boru.state import PlayerState, State, TownState
from skald.domain.kernel.fast import replace


def with_player(state: State, seat: int, **changes: Any) -> tuple[PlayerState, ...]:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def with_town(state: State, town: int, **changes: Any) -> tuple[TownState, ...]:
    towns = list(state.towns)
    towns[town - 1] = replace(towns[town - 1], **changes)
    return tuple(towns)


def without(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c for c in cards if c not in gone)

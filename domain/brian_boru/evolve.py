"""``evolve``: apply one recorded event to the state. Never validates, never draws chance.

Each handler touches only the records it changes (``replace`` on small records), so replays stay
O(events). An event that finishes one item of the current step advances ``State.done``; the
events that begin a step set it (state.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skald.domain.brian_boru import evolve_play, evolve_upkeep
from skald.domain.brian_boru.state import State

_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    **evolve_play.HANDLERS,
    **evolve_upkeep.HANDLERS,
}


def evolve(state: State, event: Any) -> State:
    """The state after ``event`` (unknown event types leave it unchanged)."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        return state
    return handler(state, event)

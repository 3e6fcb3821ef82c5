"""Reading records written by older code: renamed event types and changed event shapes.

A stored record keeps the type name and data it was written with, and its hash binds them, so
old records are never rewritten. Instead, when a game renames an event class or changes its
fields, register the step here and every reader (load, replay, verify, redaction) sees the
current form. ``verify`` still checks the chain over the stored bytes, and compares re-decided
events with the upcast form of the stored ones.

Steps chain: a rename may be followed by a shape change of the new name, and so on.
Registered steps:

* A Feast for Odin, ``GameStarted`` gained ``occupation_effects`` when the occupation effects
  were built (rules version ``feast-ja-2026.2``); games stored before had none, so their start
  reads as effects off (and their ``GameCreated`` lacks the ``occupations`` option, which
  ``OptionSpec.absent`` fills the same way for verify's re-decision).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

RENAMES: dict[tuple[str, str], str] = {}
"""``(game, old type name) → new type name``."""


def _feast_started(data: dict[str, Any]) -> dict[str, Any]:
    return data if "occupation_effects" in data else {**data, "occupation_effects": False}


RESHAPES: dict[tuple[str, str], Callable[[dict[str, Any]], dict[str, Any]]] = {
    ("feast", "GameStarted"): _feast_started,
}
"""``(game, type name) → function`` turning the data of an older shape into the current one.
The function must accept the current shape too (and return it unchanged)."""


def upcast(game: str, type_name: str, data: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    """The current type name and data for a stored record of ``game``."""
    seen = set()
    while (game, type_name) in RENAMES and type_name not in seen:
        seen.add(type_name)
        type_name = RENAMES[(game, type_name)]
    reshape = RESHAPES.get((game, type_name))
    return type_name, (reshape(data) if reshape else data)


def active() -> bool:
    """Whether any step is registered (readers skip the lookup when none is)."""
    return bool(RENAMES or RESHAPES)

"""A game served as printed components only (added with ``SKALD_EXTRA_GAMES``).

Every built-in game is playable now; this module keeps the catalog's components-only path
tested (``service/model/catalog.py``): ``skald rules`` and GetRules serve its data, marked not
playable, with no setup options, and creating a game of it is refused (``game/not-playable``).
"""

from __future__ import annotations

COMPONENTS_ONLY = ("saga", "Saga (components only)")
"""(name, title) in the catalog."""


def components() -> dict[str, object]:
    """The printed data: a small deck, enough for a client to draw it."""
    return {"cards": [{"id": f"saga-{n:02d}", "points": n % 3} for n in range(1, 7)]}

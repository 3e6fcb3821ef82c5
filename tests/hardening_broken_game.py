"""A deliberately broken game for the hardening tests (added with ``SKALD_EXTRA_GAMES``).

It is the toy game under another name whose ``setup`` and ``components`` raise an exception
that is not a :class:`~skald.domain.kernel.errors.SkaldError` — a bug, as a game package could have
one. The message holds a marker the tests look for: it must reach the server's log and never
the client.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skald.domain.kernel import Chance
from tests.toy_game import ToyRules

MARKER = "internal-detail-7f3e /srv/skald/secret.key"
"""Text only the server's log may show."""


class BrokenRules(ToyRules):
    name = "broken"
    title = "Broken"
    rules_version = "broken-1"

    def setup(self, players: int, options: Mapping[str, Any], chance: Chance) -> tuple[Any, ...]:
        raise RuntimeError(f"setup exploded: {MARKER}")

    def components(self) -> Mapping[str, Any]:
        raise KeyError(MARKER)


RULES = BrokenRules()

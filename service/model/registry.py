"""The games a process serves, by name: a plain catalog the composition root fills.

Names have a wire form (``red_north``) and a CLI form (``red-north``); aliases map the names
people type (``feast-for-odin``) to the wire form. A game may be registered as *components
only*: its printed data is served (``skald rules``, GetRules) but it cannot be played yet.

The catalog imports no game and reads no environment: :mod:`skald.service.bootstrap` decides which
games exist and builds one catalog per process.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.errors import UnknownGame

__all__ = ["Entry", "Registry", "UnknownGame", "canonical", "cli_name"]

_ALIASES = {
    "feast-for-odin": "feast",
    "a-feast-for-odin": "feast",
    "feast_for_odin": "feast",
}


def canonical(name: str) -> str:
    """``red-north`` / ``red_north`` / ``Red-North`` → ``red_north``."""
    key = name.strip().lower()
    return _ALIASES.get(key, key.replace("-", "_"))


def cli_name(name: str) -> str:
    """``red_north`` → ``red-north``."""
    return name.replace("_", "-")


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    title: str
    rules: AnyRules | None
    components: Callable[[], Mapping[str, Any]]


class Registry:
    """Games by canonical name; built once by :func:`skald.service.bootstrap.registry`."""

    def __init__(self) -> None:
        self._games: dict[str, Entry] = {}
        self.load_errors: dict[str, str] = {}
        """Game packages that failed to import, with the reason (shown in errors)."""
        self._pending: list[str] = []
        self._load: Callable[[Registry, str], None] | None = None
        self._lock = threading.Lock()

    def defer(self, modules: Sequence[str], load: Callable[[Registry, str], None]) -> None:
        """Game modules to import on first need (``load(self, module)`` registers one), so a
        process that touches one game — ``skald show`` of a Red North game — imports only that
        one. A lookup loads first the modules whose dotted path names the game, then the rest
        until the name is found; :meth:`names` loads them all."""
        self._pending.extend(modules)
        self._load = load

    def _load_pending(self, name: str | None) -> None:
        with self._lock:
            while self._pending and (name is None or name not in self._games):
                module = min(self._pending, key=lambda m: name not in m.split("."))
                self._pending.remove(module)
                assert self._load is not None
                self._load(self, module)

    def register(self, rules: AnyRules) -> None:
        self._games[rules.name] = Entry(rules.name, rules.title, rules, rules.components)

    def register_components(
        self, name: str, title: str, components: Callable[[], Mapping[str, Any]]
    ) -> None:
        if name not in self._games:
            self._games[name] = Entry(name, title, None, components)

    def entry(self, name: str) -> Entry:
        found = self._games.get(canonical(name))
        if found is None and self._pending:
            self._load_pending(canonical(name))
            found = self._games.get(canonical(name))
        if found is None:
            broken = self.load_errors.get(canonical(name))
            if broken:
                raise UnknownGame("game/broken", f"{name!r} failed to load: {broken}")
            known = ", ".join(sorted(cli_name(n) for n in self._games))
            shown = name if len(name) <= 40 else name[:40] + "…"
            raise UnknownGame("game/unknown", f"no game named {shown!r}; known games: {known}")
        return found

    def rules(self, name: str) -> AnyRules:
        """The playable rules of a game, or :class:`UnknownGame`."""
        found = self.entry(name)
        if found.rules is None:
            raise UnknownGame(
                "game/not-playable", f"{found.title} is not playable yet (components only)"
            )
        return found.rules

    def names(self, playable_only: bool = False) -> list[str]:
        if self._pending:
            self._load_pending(None)
        return sorted(n for n, e in self._games.items() if e.rules is not None or not playable_only)

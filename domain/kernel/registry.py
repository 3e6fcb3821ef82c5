"""Games by name. Names have a wire form (``red_north``) and a CLI form (``red-north``).

A game may be registered as *components only* (its printed data is served, it is not yet
playable) — A Feast for Odin is in that state until its full rules land.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from domain.kernel.contract import Rules
from domain.kernel.errors import SkaldError


class UnknownGame(SkaldError):
    """No game is registered under that name."""

    kind = "not_found"


@dataclass(frozen=True, slots=True)
class Entry:
    name: str
    title: str
    rules: Rules | None
    components: Callable[[], Mapping[str, Any]]


_GAMES: dict[str, Entry] = {}
_LOADED: list[bool] = []
LOAD_ERRORS: dict[str, str] = {}
"""Game packages that failed to import, with the reason (shown in errors, never hidden)."""
_ALIASES = {
    "red-north": "red_north",
    "brian-boru": "brian_boru",
    "feast": "feast",
    "feast-for-odin": "feast",
    "a-feast-for-odin": "feast",
}


def register(rules: Rules) -> None:
    _GAMES[rules.name] = Entry(rules.name, rules.title, rules, rules.components)


def register_components(name: str, title: str, components: Callable[[], Mapping[str, Any]]) -> None:
    if name not in _GAMES:
        _GAMES[name] = Entry(name, title, None, components)


def canonical(name: str) -> str:
    """``red-north`` / ``red_north`` → ``red_north``."""
    key = name.strip().lower()
    return _ALIASES.get(key, key.replace("-", "_"))


def cli_name(name: str) -> str:
    return "feast" if name == "feast" else name.replace("_", "-")


def entry(name: str) -> Entry:
    _load()
    found = _GAMES.get(canonical(name))
    if found is None:
        broken = LOAD_ERRORS.get(canonical(name))
        if broken:
            raise UnknownGame("game/broken", f"{name!r} failed to load: {broken}")
        known = ", ".join(sorted(cli_name(n) for n in _GAMES))
        raise UnknownGame("game/unknown", f"no game named {name!r}; known games: {known}")
    return found


def rules(name: str) -> Rules:
    """The playable rules of a game, or :class:`UnknownGame`."""
    found = entry(name)
    if found.rules is None:
        raise UnknownGame(
            "game/not-playable", f"{found.title} is not playable yet (components only)"
        )
    return found.rules


def names(playable_only: bool = False) -> list[str]:
    _load()
    return sorted(n for n, e in _GAMES.items() if e.rules is not None or not playable_only)


def _load() -> None:
    """Import the game packages once; each registers itself on import.

    ``SKALD_EXTRA_GAMES`` (comma-separated module names) adds game packages from outside
    ``domain`` — the hook the test suite uses for its toy game. Reading the environment is the
    composition root's job, done here once so every entry point sees the same games."""
    if _LOADED:
        return
    _LOADED.append(True)
    import importlib

    extra = [m for m in os.environ.get("SKALD_EXTRA_GAMES", "").split(",") if m.strip()]
    for module in ("domain.red_north", "domain.brian_boru", "domain.feast", *extra):
        try:
            importlib.import_module(module)
        except ImportError as exc:  # one broken game package must not take the others down
            LOAD_ERRORS[module.rsplit(".", 1)[-1]] = f"{type(exc).__name__}: {exc}"

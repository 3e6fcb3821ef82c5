"""The composition root: which games exist, and the store and service built over them.

Everything that wires the pure domain to the outside lives here, once: the game packages are
imported by name, ``SKALD_EXTRA_GAMES`` (comma-separated module names exposing ``RULES``) adds
games from outside ``domain`` — the hook the test suite uses for its toy game — and
:func:`open_service` builds the event store and the game service for a ``--db`` target. The CLI,
the gRPC server and the benchmarks all start here, so every entry point sees the same games.

The catalog is built completely before it is published (under a lock), so a request that
arrives while a server starts never sees a half-filled registry.
"""

from __future__ import annotations

import importlib
import os
import threading
from typing import TYPE_CHECKING

from service.registry import Registry

if TYPE_CHECKING:
    from service.games import GameService

GAME_MODULES = ("domain.red_north", "domain.brian_boru")
"""Playable games: each module exposes ``RULES``."""
COMPONENT_MODULES = {"feast": ("domain.feast", "A Feast for Odin")}
"""Games served as printed components only: each module exposes ``components()``."""

_built: list[Registry] = []
_lock = threading.Lock()


def build_registry(extra: tuple[str, ...] = ()) -> Registry:
    """A fresh catalog of the built-in games plus the modules in ``extra``."""
    catalog = Registry()
    for module in (*GAME_MODULES, *extra):
        try:
            catalog.register(importlib.import_module(module).RULES)
        except ImportError as exc:  # one broken game package must not take the others down
            catalog.load_errors[module.rsplit(".", 1)[-1]] = f"{type(exc).__name__}: {exc}"
    for name, (module, title) in COMPONENT_MODULES.items():
        try:
            catalog.register_components(name, title, importlib.import_module(module).components)
        except ImportError as exc:
            catalog.load_errors[name] = f"{type(exc).__name__}: {exc}"
    return catalog


def registry() -> Registry:
    """This process's catalog, built on first use (thread-safe, complete before it is seen)."""
    if _built:
        return _built[0]
    with _lock:
        if not _built:
            extra = tuple(
                m.strip() for m in os.environ.get("SKALD_EXTRA_GAMES", "").split(",") if m.strip()
            )
            _built.append(build_registry(extra))
    return _built[0]


def open_service(db: str, operator_token: str | None = None) -> GameService:
    """The game service over the store at ``db`` (a SQLite path or a ``postgresql://`` URL)."""
    from service.games import GameService
    from service.store import EventStore

    return GameService(EventStore(db), registry(), operator_token=operator_token)

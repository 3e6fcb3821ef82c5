"""Which games this process serves: the game packages put together into one catalog.

The game packages are imported by name, and ``SKALD_EXTRA_GAMES`` (comma-separated module names
exposing ``RULES``) adds games from outside ``domain`` — the hook the test suite uses for its
toy game. A module without ``RULES`` that exposes ``COMPONENTS_ONLY = (name, title)`` and
``components()`` is served as *components only*: its printed data answers ``skald rules`` and
GetRules, and it cannot be played (the state every game had before its rules landed; every
built-in game is playable now, so only the test suite's ``tests.components_game`` uses it).
:mod:`skald.service.bootstrap` (the composition root) hands this catalog to the service it builds;
the offline helpers (folding a replay file, verifying one) default to it.

This module imports no other service module but the plain catalog (``skald.service.model.registry``), so
every layer may reach it without an import cycle. The process catalog imports each game module
on first need, under the registry's lock, so a lookup never sees a half-loaded game; `skald
serve` loads every game before it listens.
"""

from __future__ import annotations

import importlib
import os
import threading

from skald.service.model.registry import Registry

GAME_MODULES = ("skald.domain.red_north", "skald.domain.brian_boru", "skald.domain.feast.game")
"""Playable games: each module exposes ``RULES``."""

_built: list[Registry] = []
_lock = threading.Lock()


def build_registry(extra: tuple[str, ...] = (), lazy: bool = False) -> Registry:
    """A fresh catalog of the built-in games plus the modules in ``extra``; with ``lazy`` each
    game module is imported when first looked up (:meth:`Registry.defer`)."""
    catalog = Registry()
    if lazy:
        catalog.defer((*GAME_MODULES, *extra), _load_module)
        return catalog
    for module in (*GAME_MODULES, *extra):
        _load_module(catalog, module)
    return catalog


def _load_module(catalog: Registry, module: str) -> None:
    try:
        loaded = importlib.import_module(module)
    except ImportError as exc:  # one broken game package must not take the others down
        catalog.load_errors[module.rsplit(".", 1)[-1]] = f"{type(exc).__name__}: {exc}"
        return
    if hasattr(loaded, "RULES"):
        catalog.register(loaded.RULES)
    elif hasattr(loaded, "COMPONENTS_ONLY"):
        name, title = loaded.COMPONENTS_ONLY
        catalog.register_components(name, title, loaded.components)
    else:
        catalog.load_errors[module.rsplit(".", 1)[-1]] = (
            "ImportError: module exposes neither RULES nor COMPONENTS_ONLY"
        )


def registry() -> Registry:
    """This process's catalog, made on first use (thread-safe); each game module is imported
    when a lookup first needs it, so a CLI command about one game loads only that game."""
    if _built:
        return _built[0]
    with _lock:
        if not _built:
            extra = tuple(
                m.strip() for m in os.environ.get("SKALD_EXTRA_GAMES", "").split(",") if m.strip()
            )
            _built.append(build_registry(extra, lazy=True))
    return _built[0]

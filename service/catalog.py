"""Which games this process serves: the game packages put together into one catalog.

The game packages are imported by name, and ``SKALD_EXTRA_GAMES`` (comma-separated module names
exposing ``RULES``) adds games from outside ``domain`` — the hook the test suite uses for its
toy game. :mod:`service.bootstrap` (the composition root) hands this catalog to the service it
builds; the offline helpers (folding a replay file, verifying one) default to it.

This module imports no other service module but the plain catalog (``service.registry``), so
every layer may reach it without an import cycle. The catalog is built completely before it is
published (under a lock), so a request that arrives while a server starts never sees a
half-filled registry.
"""

from __future__ import annotations

import importlib
import os
import threading

from service.registry import Registry

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

"""The composition root: the games, the store and the service, built once per process.

:func:`open_service` builds the event store for a ``--db`` target and the game service over it,
with the games catalog of :mod:`skald.service.model.catalog` injected. The CLI, the gRPC server and the
benchmarks all start here, so every entry point sees the same games and the same wiring.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from skald.service.model.catalog import GAME_MODULES, build_registry, registry

if TYPE_CHECKING:
    from skald.service.app.games import GameService

__all__ = ["GAME_MODULES", "build_registry", "open_service", "registry"]


def open_service(
    db: str, operator_token: str | None = None, open_creation: bool = True
) -> GameService:
    """The game service over the store at ``db`` (a SQLite path or a ``postgresql://`` URL).

    ``open_creation=False`` lets only ``operator_token`` create and import games (what
    ``skald serve`` does unless ``--open``); the embedded CLI stays open, since it holds the
    database itself."""
    from skald.service.app.games import GameService
    from skald.service.store.event_store import EventStore, schema_lock

    with schema_lock(db):  # workers and replicas started together create tables in turn
        return GameService(
            EventStore(db), registry(), operator_token=operator_token, open_creation=open_creation
        )

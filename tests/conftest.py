"""Shared fixtures: real stores (a SQLite file, a PostgreSQL schema), the toy game.

PostgreSQL tests use the server at ``SKALD_TEST_PG`` (default the local one, database ``test``),
each in a schema of its own that is dropped afterwards. They are not skipped when the server is
down: `.ci/run` starts it, and a missing database is a failure to see, not to hide.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

# The test games used by kernel and service tests, for this process and the CLI subprocesses:
# tests/toy_game.py, tests/dice_game.py and tests/components_game.py (components only).
# rich fixes its width when ``cli.common`` is imported: wide enough that no output wraps.
os.environ.setdefault("COLUMNS", "240")
os.environ.setdefault("SKALD_EXTRA_GAMES", "tests.toy_game,tests.dice_game,tests.components_game")

PG_URL = os.environ.get("SKALD_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _drop_schema(schema: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(PG_URL.split("?")[0], autocommit=True) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture
def pg_url() -> Iterator[str]:
    schema = f"skald_test_{uuid.uuid4().hex[:12]}"
    yield f"{PG_URL}?schema={schema}"
    _drop_schema(schema)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: object) -> Iterator[str]:
    """A fresh store location: a SQLite file, then a PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "skald.db")  # type: ignore[operator]
        return
    schema = f"skald_test_{uuid.uuid4().hex[:12]}"
    yield f"{PG_URL}?schema={schema}"
    _drop_schema(schema)


@pytest.fixture
def service(db_url: str) -> Iterator[object]:
    from service.bootstrap import registry
    from service.games import GameService
    from service.store import EventStore

    store = EventStore(db_url)
    yield GameService(store, registry())
    store.close()

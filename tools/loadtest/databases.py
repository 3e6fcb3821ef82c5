"""PostgreSQL databases of a tool's own: made for one run, dropped after it (issue 27).

The load harness and the benchmarks once defaulted to the shared database ``test`` (the test
suite's), so a run left schemas there, raced the suite's tables and could not be told apart
from it in ``pg_stat_activity``. Now, unless a URL is given (``--pg``, or a benchmark's own
environment variable), each run connects to the server's maintenance database (``postgres``,
or the one :data:`SERVER_ENV` names), runs ``CREATE DATABASE skald_<purpose>_<random>``, uses
it, and drops it at the end — on failure and Ctrl-C too (a ``finally``; the harness also turns
SIGTERM into an exit so ``timeout`` runs it), forcing out any connection a killed server left.
"""

from __future__ import annotations

import os
import re
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlparse, urlunparse

SERVER_ENV = "SKALD_PG_SERVER"
SERVER_URL = os.environ.get(SERVER_ENV, "postgresql://postgres@127.0.0.1:5432/postgres")
"""Where tools make their databases: a server URL naming its maintenance database."""

PREFIX = "skald_"
_PURPOSE = re.compile(r"[a-z][a-z0-9_]{0,30}")


def fresh_name(purpose: str) -> str:
    """``skald_<purpose>_<10 hex>``: unique, lower case, a plain identifier (no quoting)."""
    if not _PURPOSE.fullmatch(purpose):
        raise ValueError(f"purpose {purpose!r} is not a short lower-case identifier")
    return f"{PREFIX}{purpose}_{uuid.uuid4().hex[:10]}"


def database_url(server_url: str, name: str) -> str:
    """``server_url`` pointed at database ``name`` (user, host, port kept; query dropped)."""
    parts = urlparse(server_url)
    return urlunparse(parts._replace(path=f"/{name}", query="", fragment=""))


def _admin(server_url: str) -> Any:
    """An autocommit connection to the server's maintenance database (``CREATE DATABASE``
    cannot run in a transaction)."""
    from skald.service.store.check import connect
    from skald.service.store.event_store import settings_for

    return connect(settings_for(server_url), timeout=5)


def create(purpose: str, server_url: str | None = None) -> str:
    """A new empty database's URL (made on ``server_url``, default :data:`SERVER_URL`)."""
    server = server_url or SERVER_URL
    name = fresh_name(purpose)
    with _admin(server) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    return database_url(server, name)


def drop(url: str, server_url: str | None = None) -> None:
    """Drop the database of ``url`` (only one named by :func:`fresh_name`), forcing out
    connections left behind (a server killed mid-run)."""
    name = urlparse(url).path.lstrip("/")
    if not name.startswith(PREFIX) or not re.fullmatch(r"[a-z0-9_]+", name):
        raise ValueError(f"refusing to drop {name!r}: not a database a tool made")
    with _admin(server_url or SERVER_URL) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@contextmanager
def own_database(purpose: str, server_url: str | None = None) -> Iterator[str]:
    """Yield the URL of a database made for this run; drop it on the way out, however left."""
    url = create(purpose, server_url)
    try:
        yield url
    finally:
        drop(url, server_url)


@contextmanager
def given_or_own(url: str | None, purpose: str) -> Iterator[str]:
    """``url`` when one was given (left as it is), else :func:`own_database`'s."""
    if url:
        yield url
        return
    with own_database(purpose) as made:
        yield made


def exists(url: str, server_url: str | None = None) -> bool:
    name = urlparse(url).path.lstrip("/")
    with _admin(server_url or SERVER_URL) as conn:
        row = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,)).fetchone()
    return row is not None


def reachable(server_url: str | None = None) -> str | None:
    """Why the server cannot make a database (None when it can be reached)."""
    try:
        with _admin(server_url or SERVER_URL):
            pass
    except Exception as error:
        return f"{type(error).__name__}: {str(error).strip()[:120]}"
    return None


__all__ = [
    "SERVER_URL",
    "create",
    "database_url",
    "drop",
    "exists",
    "fresh_name",
    "given_or_own",
    "own_database",
]

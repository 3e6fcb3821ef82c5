"""A store target checked before the event store opens it: the cause in one line, in seconds.

Why: the library, left alone, turns ``--db mysql://...`` into a folder tree named ``mysql:``,
waits 30 s on a PostgreSQL server that refuses, and ends a directory, an unwritable path or a
file that is not SQLite in a traceback. Here each of those is a
:class:`~skald.domain.kernel.errors.SkaldError` (rule ``store/...``, kind ``unavailable``) naming the
target and the cause, which the CLI prints as one line (or one JSON object) and ``skald serve``
refuses to start on. PostgreSQL is tried with one connection of at most
:data:`CONNECT_TIMEOUT` seconds, the same the store's pool is then given.
"""

from __future__ import annotations

import logging
import os
import re
import sqlite3
import threading
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from skald.domain.kernel.errors import SkaldError

__all__ = [
    "CONNECT_TIMEOUT",
    "HEALTH",
    "WAITS",
    "LockWaits",
    "StoreHealth",
    "StoreMissing",
    "StoreUnavailable",
    "WouldWait",
    "check_exists",
    "check_postgres",
    "check_schema",
    "check_sqlite",
    "scheme_of",
    "sqlite_path",
]

CONNECT_TIMEOUT = 5
"""Seconds to wait for a PostgreSQL server before saying it cannot be reached."""
SCHEMES = ("postgresql", "postgres")
_HEADER = b"SQLite format 3\x00"

log = logging.getLogger("skald.store")


def _seconds(name: str, default: float) -> float:
    """A wait in seconds from the environment (``default`` when unset; ``0`` disables it on
    PostgreSQL, where it means no bound)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise StoreUnavailable(
            "store/bad-setting", f"{name}={raw!r} is not a number of seconds"
        ) from None
    if value < 0:
        raise StoreUnavailable("store/bad-setting", f"{name}={raw!r} is negative")
    return value


class LockWaits:
    """How long a store call waits on a lock another session holds (issue 27): a write waits
    at most ``lock`` seconds (``SKALD_LOCK_TIMEOUT``, default 2) and any statement at most
    ``statement`` (``SKALD_STATEMENT_TIMEOUT``, default 10), then is refused
    (``store/unavailable``, nothing written). A write tried on the server's event loop
    (:mod:`skald.service.grpc.serving`) waits only ``quick`` seconds (``SKALD_LOOP_LOCK_WAIT``,
    default 0.02: a sibling's commit, not someone's held lock) and then raises
    :class:`WouldWait`, so the call is run again on the writer thread, which waits ``lock``.
    Read when the store opens."""

    def __init__(self) -> None:
        self.lock = _seconds("SKALD_LOCK_TIMEOUT", 2.0)
        self.statement = max(_seconds("SKALD_STATEMENT_TIMEOUT", 10.0), self.lock)
        self.quick = min(_seconds("SKALD_LOOP_LOCK_WAIT", 0.02), self.lock or 0.02)


class WouldWait(BaseException):
    """A write tried in quick mode (:data:`WAITS`) found the lock taken and wrote nothing:
    the caller runs the whole call again where waiting holds no one up. A ``BaseException``,
    so a handler's ``except Exception`` does not take it for a bug."""


class _Waits(threading.local):
    quick = False
    """Writes on this thread wait only ``LockWaits.quick`` (the event loop, during a call)."""
    wrote = False
    """A write succeeded on this thread since :meth:`begin`: a later one cannot be retried
    elsewhere (the call is not repeatable), so it waits the full bound where it is."""

    def begin(self) -> None:
        self.quick = True
        self.wrote = False

    def end(self) -> None:
        self.quick = False


WAITS = _Waits()
"""Per-thread wait mode of store writes (:class:`_Waits`)."""


class StoreHealth:
    """Whether this process's store answers, for the operator's log: one warning line when it
    stops answering and one when it answers again, however many calls failed in between (a
    line per failed call was 312 lines for 4 s of an unwritable WAL, and nothing said when it
    was back). Calls into the store report here (:mod:`skald.service.store.event_store` wraps the recorder;
    :func:`skald.service.grpc.edge.store_down` reports what reached the edge another way)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.down_since: float | None = None
        self.writes_failed = False
        """The outage was seen by a write: a read that works does not end it (a SQLite file
        whose WAL cannot be written still reads)."""
        self.outages = 0

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def failed(self, error: BaseException | str, writing: bool = False) -> None:
        """The store failed to answer (a write, with ``writing``): logged if it was answering
        until now."""
        if self.down_since is not None:  # said once already
            self.writes_failed = self.writes_failed or writing
            return
        with self._lock:
            if self.down_since is not None:
                self.writes_failed = self.writes_failed or writing
                return
            self.down_since = time.monotonic()
            self.writes_failed = writing
            self.outages += 1
        if isinstance(error, BaseException):
            cause = f"{type(error).__name__}: {' '.join(str(error).split())[:300]}"
        else:
            cause = error
        log.warning("store unavailable: %s; calls get UNAVAILABLE until it answers again", cause)

    def ok(self, writing: bool = False) -> None:
        """The store answered (a write, with ``writing``): logged if it was down until now."""
        if self.down_since is None or (self.writes_failed and not writing):
            return  # the common case, no lock taken; or a read while writes still fail
        with self._lock:
            since, self.down_since = self.down_since, None
            self.writes_failed = False
        if since is not None:
            log.warning("store available again after %.1f s", time.monotonic() - since)


HEALTH = StoreHealth()
"""The process's store health (a server process opens one store)."""


class StoreUnavailable(SkaldError):
    """The store named by ``--db`` cannot be opened; nothing was created or written."""

    kind = "unavailable"


SCHEMA_BYTES = 63
"""The longest name PostgreSQL keeps (``NAMEDATALEN`` - 1); a longer one is silently cut."""
_IDENTIFIER = re.compile(r"[a-z_][a-z0-9_]*")


def check_schema(name: str) -> str:
    """``name`` (of ``--db postgresql://…?schema=NAME``) if it is a plain SQL identifier —
    lowercase ASCII letters, digits and ``_``, not starting with a digit, at most
    :data:`SCHEMA_BYTES`, not ``pg_…`` (PostgreSQL's own) — else ``store/bad-schema``, before
    anything is created. The library writes the name into its SQL unquoted in places (looking
    up its composite types): ``a;b`` was created as a schema, then failed in a syntax error and
    left the empty schema behind; ``Mixed`` was created, then read as ``mixed`` there, and the
    first write failed ("Composite type 'stored_event_uuid' not found")."""
    if (
        _IDENTIFIER.fullmatch(name)
        and len(name.encode()) <= SCHEMA_BYTES
        and not name.startswith("pg_")
    ):
        return name
    shown = repr(name if len(name) <= 70 else name[:70] + "…")
    raise StoreUnavailable(
        "store/bad-schema",
        f"--db schema {shown} is not a plain SQL identifier: lowercase ASCII letters, digits "
        f"and _, not starting with a digit or pg_, at most {SCHEMA_BYTES} bytes",
    )


class StoreMissing(SkaldError):
    """A command that only reads was given a SQLite path where no store exists."""

    kind = "not_found"


def sqlite_path(target: str) -> Path | None:
    """The SQLite file a store target names (``None`` for a URL or ``:memory:``)."""
    if target == ":memory:" or scheme_of(target) is not None:
        return None
    return Path(target).expanduser()


def check_exists(target: str) -> None:
    """Refuse a SQLite path that holds no store, for a command that only reads: the library
    would create an empty store there (and its folders) to find nothing in it, so a mistyped
    ``--db`` left a stray file and read as a store without games. PostgreSQL URLs and
    ``:memory:`` pass (a missing database is :func:`check_postgres`'s refusal)."""
    path = sqlite_path(target)
    if path is not None and not path.exists():
        raise StoreMissing(
            "store/missing",
            f"--db {path}: no store there (nothing was created; `skald new` or `skald import` "
            "makes one)",
        )


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def scheme_of(target: str) -> str | None:
    """The URL scheme of a target (``None`` for a path); an unknown one is refused."""
    if "://" not in target:
        return None
    scheme = target.split("://", 1)[0].lower()
    if scheme not in SCHEMES:
        raise StoreUnavailable(
            "store/unknown-scheme",
            f"--db {target.split('://', 1)[0][:20]}://...: unknown scheme {scheme[:20]!r}; give a "
            "SQLite file path or a postgresql://user@host:port/dbname URL",
        )
    return scheme


def check_sqlite(path: Path) -> None:
    """``path`` is, or can become, a SQLite database this process may read and write."""
    if path.is_dir():
        raise StoreUnavailable("store/not-a-file", f"--db {path} is a directory, not a SQLite file")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise StoreUnavailable(
            "store/cannot-create", f"--db {path}: cannot create {path.parent}: {error.strerror}"
        ) from None
    if path.exists():
        try:
            with path.open("rb") as handle:
                header = handle.read(len(_HEADER))
        except OSError as error:
            raise StoreUnavailable(
                "store/no-permission", f"--db {path}: cannot read it: {error.strerror}"
            ) from None
        if header and header != _HEADER:
            raise StoreUnavailable(
                "store/not-sqlite", f"--db {path} is not a SQLite database (it holds other data)"
            )
    try:
        connection = sqlite3.connect(f"file:{path}?mode=rwc", uri=True, timeout=2)
        try:
            connection.execute("PRAGMA schema_version").fetchone()
            connection.execute("BEGIN IMMEDIATE")
            # a write undone: SQLite opens a file it may not write read-only without a word,
            # and BEGIN IMMEDIATE succeeds there; the first append would fail
            version = connection.execute("PRAGMA user_version").fetchone()[0]
            connection.execute(f"PRAGMA user_version = {int(version)}")
            connection.rollback()
        finally:
            connection.close()
    except sqlite3.DatabaseError as error:
        cause = "no permission to write it" if "readonly" in str(error) else _one_line(str(error))
        raise StoreUnavailable("store/cannot-open", f"--db {path}: {cause}") from None


def connect(env: Mapping[str, str], timeout: int = CONNECT_TIMEOUT) -> Any:
    """An autocommit connection to the PostgreSQL database of a store's settings
    (``skald.service.store.event_store.settings_for``), beside the library's pool: creating a schema, LISTEN,
    the load harness and benchmarks."""
    import psycopg

    return psycopg.connect(
        dbname=env["POSTGRES_DBNAME"],
        host=env["POSTGRES_HOST"],
        port=int(env["POSTGRES_PORT"]),
        user=env["POSTGRES_USER"],
        password=env.get("POSTGRES_PASSWORD") or None,
        autocommit=True,
        connect_timeout=timeout,
    )


def check_postgres(
    dbname: str, host: str, port: int, user: str, password: str | None, shown: str
) -> None:
    """One connection to the server, at most :data:`CONNECT_TIMEOUT` seconds; its refusal
    (no such database, wrong user or password, nothing listening) in one line."""
    import psycopg

    env = {
        "POSTGRES_DBNAME": dbname,
        "POSTGRES_HOST": host,
        "POSTGRES_PORT": str(port),
        "POSTGRES_USER": user,
        "POSTGRES_PASSWORD": password or "",
    }
    try:
        with connect(env):
            return
    except psycopg.Error as error:
        cause = _one_line(str(error)).removeprefix("connection failed: ")
        raise StoreUnavailable(
            "store/unreachable", f"--db {shown}: cannot connect: {cause[:300]}"
        ) from None


def shown_url(target: str) -> str:
    """A PostgreSQL URL without its password, for messages."""
    url = urlparse(target)
    if url.password is None:
        return target
    return target.replace(f":{url.password}@", ":***@", 1)

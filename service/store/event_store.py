"""The event store: one ``eventsourcing`` Application, SQLite by default, PostgreSQL by settings.

Every record of a game is one stored event in the game's aggregate sequence
(``originator_id`` = game id, ``originator_version`` = record version), so the library's unique
(originator, version) constraint gives optimistic concurrency for free: a batch written against
an old version collides and nothing of it is written (``insert_events`` is one transaction).

Records go through the library's public API only — its mapper (with the stock
``JSONTranscoder``: ``mapper.to_stored_event`` then ``recorder.insert_events`` to write, which
is what ``EventStore.put`` does less the return value nothing reads; ``EventStore.get`` to
read) and ``recorder.select_notifications`` + ``mapper.to_domain_event`` for the global log —
so the bytes are the library's own format and a configured cipher or compressor
(``CIPHER_TOPIC``, ``COMPRESSOR_TOPIC``) applies to every record. An earlier hand-written JSON path was measured again before it was dropped: on Brian
Boru games, reading costs 9.6 µs per record through the mapper against 7.6 µs by hand (the SQL
select alone is 2.4 µs), about 7% of a full rebuild (read, decode and fold ≈ 30 µs per record);
a custom transcoder without the per-dict decode hook was slower still (10.6 µs). One code path
that honours the library's settings is worth those 2 µs.

Every batch also writes the game's head (:class:`HeadMoved`: last version and hash) into a
third aggregate derived from the game id, in the same ``put`` — one ``insert_events``
transaction — so the head always names the last record written by the store; ``verify``
compares it with the records, which catches a game cut short in the database (someone able to
rewrite the head too is caught only by what the records themselves bind: re-decision and the
outcome rule). A row that cannot be decoded (written around the store) is a
:class:`~skald.service.model.errors.Tampered` for its own game and is skipped, reported, by the index.

A game's secrets (chance seeds with their commitment nonces, the record salt key, token hashes)
live in a second aggregate whose id is derived from the game id; they never enter the game's
own stream, so an export carries none of them, and a configured cipher encrypts them as it
does every record.

Settings: ``--db``/``SKALD_DB`` is a SQLite path (default ``~/.local/share/skald/skald.db``) or a
``postgresql://user@host:port/dbname`` URL (optionally ``?schema=name``).

Bounded waits (issue 27): no call waits on another session's lock without a bound. A write
waits for the store's write lock (PostgreSQL: the library's ``LOCK TABLE … IN EXCLUSIVE MODE``;
SQLite: the file's write lock) at most ``SKALD_LOCK_TIMEOUT`` seconds (default 2), and any
PostgreSQL statement runs at most ``SKALD_STATEMENT_TIMEOUT`` seconds (default 10, never less
than the lock bound; both are also the sessions' ``lock_timeout``/``statement_timeout``
defaults, so a read stuck behind an ``ACCESS EXCLUSIVE`` lock is bounded too); fractions
allowed, ``0`` = no bound. A call that runs out is refused as
:class:`~skald.service.store.check.StoreUnavailable` ``store/unavailable`` (gRPC UNAVAILABLE),
its transaction rolled back: nothing written, no retry, the store not marked down. Writes
made on the server's event loop wait only ``SKALD_LOOP_LOCK_WAIT`` (default 0.02 s) and then
go to the writer thread (:mod:`skald.service.grpc.serving`). Before, a 15 s ``EXCLUSIVE`` lock
froze every call of a replica (the library's ``lock_timeout`` was 0, SQLite's busy wait 5 s,
both on the loop).
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
import types
import uuid
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple
from urllib.parse import parse_qs, urlparse

from eventsourcing.application import Application
from eventsourcing.domain import DomainEvent
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic, register_topic

from skald.domain.kernel.codec import from_stored, to_data
from skald.domain.kernel.records import SeedReveal
from skald.service.model.errors import Stale, Tampered
from skald.service.model.records import GENESIS, Record
from skald.service.store import check as store_check
from skald.service.store.index_tables import Unreadable

DEFAULT_DB = (
    Path(os.environ.get("XDG_DATA_HOME", Path.home() / ".local" / "share")) / "skald" / "skald.db"
)
_SECRET_NS = uuid.UUID("6b8f3f36-9b53-4f63-9a55-6a2f1c0de5a1")
_HEAD_NS = uuid.UUID("0c2d7f0e-55a1-4c8e-9d3b-8f6e1a2b4c5d")
_SERVER_KEY_ID = uuid.UUID("5e7a1c4b-2d9f-4b6e-8a3c-1f0d9e8b7a65")
"""The aggregate holding the store's receipt-signing key (one per store, shared by replicas)."""
_DISPUTE_NS = uuid.UUID("5d232166-031f-4d4a-9c0f-85b95a733d43")
"""A game's dispute chain (:class:`DisputeRecorded`) lives in the aggregate uuid5(this, id)."""


@dataclass(frozen=True)
class HeadMoved(DomainEvent):
    """A game's head after a batch: its last record's hash (``originator_version`` is that
    record's version). Appended in the same ``put`` as the batch, so records and head are one
    transaction; cutting records off a game in the database leaves the head naming them."""

    hash: str


class Head(NamedTuple):
    """A game's last record as the store wrote it: ``(0, GENESIS)`` when it keeps no head."""

    version: int
    hash: str


@dataclass(frozen=True)
class StoredRecord(DomainEvent):
    """The library-side event carrying one :class:`~skald.service.model.records.Record`."""

    type: str
    seat: int | None
    command_id: str
    data: dict[str, Any]
    command: dict[str, Any] | None
    chance: dict[str, Any] | None
    prev_hash: str
    hash: str
    salt: str | None = None
    """The record's salt (``None`` for records written before salts)."""


@dataclass(frozen=True)
class SecretRecorded(DomainEvent):
    """A game's secrets: chance seeds and nonces per segment (``SeedReveal`` data), its token
    hashes and its record salt key (hex; empty for games made before salts)."""

    seeds: list[dict[str, Any]]
    token_hashes: list[str]
    referee_hash: str
    salt_key: str = ""
    server_keys: tuple[str, ...] = ()
    """Receipt keys of earlier servers, from an imported file's header (empty otherwise)."""


@dataclass(frozen=True)
class DisputeRecorded(DomainEvent):
    """One record of a game's dispute chain (:mod:`skald.service.app.disputes`: a dispute filed, a
    ruling), in an aggregate of its own beside the game's (``originator_version`` = its place
    in that chain), so the game's versions, head, receipts and the games index never see it
    (the global log readers pass over its topic). Public: no salt, command or chance."""

    type: str
    seat: int | None
    command_id: str
    data: dict[str, Any]
    prev_hash: str
    hash: str


@dataclass(frozen=True)
class ServerKeyRecorded(DomainEvent):
    """The store's Ed25519 receipt-signing key (32 private bytes, hex), made the first time a
    receipt is signed; a configured cipher encrypts it as it does every record."""

    private_key: str


@dataclass(frozen=True, slots=True)
class Secret:
    """What a game keeps out of its stream until its end: seeds and commitment nonces, the
    record salt key, token hashes. Written once, with the game, through the same mapper as the
    records, so a configured cipher (``CIPHER_TOPIC``/``CIPHER_KEY``) encrypts it too."""

    seeds: tuple[SeedReveal, ...]
    """One seed (with its commitment nonce) per chance segment, in cursor order."""
    token_hashes: tuple[str, ...]
    referee_hash: str
    salt_key: bytes | None = None
    """The record salt key (:func:`skald.service.model.records.salt_for`); ``None`` before salts."""
    server_keys: tuple[str, ...] = ()
    """Receipt keys of the servers that held the game before it was imported here (hex)."""


STORED_MODULE = "service.store"
"""The module name stored in every row's topic (``service.store:StoredRecord``, …): where these
classes lived when the first stores were written. Stored topics are a promise like event shapes,
so moving the classes (issue 25: into ``skald.service.store.event_store``) keeps writing and
reading that name; :func:`get_topic` and ``resolve_topic`` both see it."""
for _stored in (HeadMoved, StoredRecord, SecretRecorded, DisputeRecorded, ServerKeyRecorded):
    _stored.__module__ = STORED_MODULE
    register_topic(f"{STORED_MODULE}:{_stored.__qualname__}", _stored)

_TOPIC = get_topic(StoredRecord)


@lru_cache(maxsize=64)
def _timestamp(at: str) -> datetime:
    """``at`` parsed (a batch's records share one time: parsed once)."""
    return datetime.fromisoformat(at)


@lru_cache(maxsize=8192)
def _game_uuid(game_id: str) -> uuid.UUID:
    """A game's aggregate id (parsed once per game, not per read and write)."""
    return uuid.UUID(game_id)


@lru_cache(maxsize=8192)
def _head_uuid(game_id: str) -> uuid.UUID:
    """The id of a game's head aggregate (:class:`HeadMoved`)."""
    return uuid.uuid5(_HEAD_NS, game_id)


def settings_for(db: str | None) -> dict[str, str]:
    """eventsourcing environment for a ``--db`` value (path, ``:memory:`` or PostgreSQL URL)."""
    target = db or os.environ.get("SKALD_DB") or str(DEFAULT_DB)
    if store_check.scheme_of(target) is not None:
        url = urlparse(target)
        try:
            port = url.port or 5432
        except ValueError:  # not a number, or outside 0..65535
            raise store_check.StoreUnavailable(
                "store/bad-url",
                f"--db {store_check.shown_url(target)}: the port is not a number in 1..65535",
            ) from None
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": url.path.lstrip("/") or "postgres",
            "POSTGRES_HOST": url.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(port),
            "POSTGRES_USER": url.username or "postgres",
            "POSTGRES_PASSWORD": url.password or "",
            "POSTGRES_CONNECT_TIMEOUT": str(store_check.CONNECT_TIMEOUT),
        }
        schema = parse_qs(url.query).get("schema")
        if schema:  # checked before anything is made (the library writes it unquoted)
            env["POSTGRES_SCHEMA"] = store_check.check_schema(schema[0])
        return env
    if target != ":memory:":
        store_check.check_sqlite(Path(target).expanduser())
        target = str(Path(target).expanduser())
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": target}


SERIAL_PLANS = "-c max_parallel_workers_per_gather=0"


def _serial_plans() -> None:
    """PostgreSQL sessions of this process plan without parallel workers (libpq's
    ``PGOPTIONS``, appended to an operator's own). The store's queries read a few rows by index;
    with statistics from when a table was small, the planner chose a parallel scan for "the
    log after my position" and spent ~6 ms launching workers to find no rows (1 ms → 9 ms for a
    fresh process's first ListGames at 5,000 games, ``benchmarks/index.py``)."""
    current = os.environ.get("PGOPTIONS", "")
    if "max_parallel_workers_per_gather" not in current:
        os.environ["PGOPTIONS"] = f"{current} {SERIAL_PLANS}".strip()


def _ensure_schema(env: dict[str, str]) -> None:
    """Create the PostgreSQL schema named in the URL (the library creates tables, not schemas)."""
    from psycopg import sql

    with store_check.connect(env) as conn:
        conn.execute(
            sql.SQL("CREATE SCHEMA IF NOT EXISTS {}").format(sql.Identifier(env["POSTGRES_SCHEMA"]))
        )


POOL_WAIT = 2.0
"""Seconds a PostgreSQL call waits for a pooled connection before it fails."""
ATTEMPTS = 2
"""Tries of each PostgreSQL recorder call (the library's own: 10, 0.2 s apart)."""
PROBE_EVERY = 0.25
"""Seconds between tries of a PostgreSQL store found down (:class:`_Breaker`)."""
RECONNECT_FOR = 1.0
"""Seconds the pool retries a lost connection before giving it up for a new one."""
GUARDED = ("insert_events", "select_events", "select_notifications", "max_notification_id")
"""The recorder calls every read and write of the store goes through (:func:`_guard`)."""


class _Breaker:
    """A PostgreSQL store found down is tried again by a thread of its own, every
    :data:`PROBE_EVERY` seconds, and until it answers every call fails at once. Without it
    each call waited :data:`ATTEMPTS` × :data:`POOL_WAIT` seconds on the server's event loop,
    one after another: the sixth of six concurrent calls was answered after 25 s, a health
    check after 4 s, and once the database was back the pool's reconnection backoff kept
    calls failing for 10 s more."""

    def __init__(self, datastore: Any) -> None:
        self.datastore = datastore
        self.open = False
        self.closed = False
        self._lock = threading.Lock()

    def trip(self) -> None:
        with self._lock:
            if self.open or self.closed:
                return
            self.open = True
        threading.Thread(target=self._probe, name="skald-store-probe", daemon=True).start()

    def _probe(self) -> None:
        from eventsourcing.persistence import InterfaceError, OperationalError

        while not self.closed:
            pool = getattr(self.datastore, "pool", None)
            try:
                if pool is not None and hasattr(pool, "check"):
                    pool.check()  # broken connections out, new ones made at once
                with self.datastore.get_connection() as conn:
                    conn.execute("SELECT 1")
            except (InterfaceError, OperationalError, OSError):
                time.sleep(PROBE_EVERY)
                continue
            except Exception:  # a closed pool (the store is closing): nothing to probe
                break
            break
        self.open = False
        if not self.closed:  # a read: an outage a write saw ends with a write that works
            store_check.HEALTH.ok()


def _guard(store: EventStore) -> _Breaker | None:
    """Every recorder call reports to :data:`skald.service.store.check.HEALTH` (one log line when
    the store stops answering, one when it answers again). On PostgreSQL a lost server fails
    a call in about :data:`ATTEMPTS` × :data:`POOL_WAIT` seconds, not 50 (the library tried
    each call 10 times, each try waiting for a pooled connection as long as a connect may
    take: one call held the event loop 52 s), and then at once while :class:`_Breaker`
    tries it again. On SQLite a write to a file deleted or replaced since it was opened is
    refused: it would go to a file no one can open again (every answer acknowledged after the
    deletion was lost when the server restarted). The caller answers UNAVAILABLE
    (:mod:`skald.service.grpc.edge`)."""
    from eventsourcing.persistence import InterfaceError, OperationalError
    from eventsourcing.utils import retry

    recorder = store.recorder
    health = store_check.HEALTH
    breaker: _Breaker | None = None
    identity: tuple[str, int, int] | None = None
    if store.env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
        datastore = getattr(recorder, "datastore", None)
        pool = getattr(datastore, "pool", None)
        if pool is not None and hasattr(pool, "timeout"):
            pool.timeout = POOL_WAIT
        if pool is not None and hasattr(pool, "reconnect_timeout"):
            # A connection lost stops being retried on psycopg_pool's doubling backoff (1, 2,
            # 4, 8 s...) after this long; the next call makes a new one at once. Left at its
            # 300 s, the pool kept calls failing for 6 s after the database was back.
            pool.reconnect_timeout = RECONNECT_FOR
        breaker = _Breaker(datastore)
    else:
        path = store.env.get("SQLITE_DBNAME", ":memory:")
        with contextlib.suppress(OSError):
            if path != ":memory:" and not path.startswith("file:"):
                found = os.stat(path)
                identity = (path, found.st_dev, found.st_ino)

    def gone() -> str | None:
        if identity is None:
            return None
        path, dev, ino = identity
        try:
            found = os.stat(path)
        except OSError:
            return f"the SQLite file {path} was deleted while serving"
        if (found.st_dev, found.st_ino) != (dev, ino):
            return f"the SQLite file {path} was replaced while serving"
        return None

    postgres = breaker is not None
    waits = store.waits
    _bound_waits(recorder, waits, postgres)

    def guarded(name: str, call: Any) -> Any:
        writing = name == "insert_events"

        def run(*args: Any, **kwargs: Any) -> Any:
            if breaker is not None and breaker.open:
                raise OperationalError("the store did not answer; it is being tried again")
            if writing and (lost := gone()) is not None:
                health.failed(f"{lost}: writes are refused (restart the server)", writing=True)
                raise OperationalError(f"{lost}; restart the server")
            try:
                result = call(*args, **kwargs)
            except _LockWait as error:
                if writing and WAITS.quick and not WAITS.wrote:
                    raise store_check.WouldWait() from None
                raise _locked(error, waits, writing) from None
            except (InterfaceError, OperationalError) as error:
                health.failed(error, writing=writing)
                if breaker is not None:
                    breaker.trip()
                raise
            if writing:
                WAITS.wrote = True
            if health.down_since is not None and (breaker is None or not breaker.open):
                health.ok(writing=writing)
            return result

        return run

    for name in GUARDED:
        call = getattr(recorder, name, None)
        if call is None:
            continue
        inner = getattr(getattr(type(recorder), name, None), "__wrapped__", None)
        if breaker is not None and inner is not None:
            tries = retry((InterfaceError, OperationalError), max_attempts=ATTEMPTS, wait=0.2)
            call = types.MethodType(tries(_lock_waits(inner, postgres)), recorder)
        else:
            call = _lock_waits(call, postgres)
        setattr(recorder, name, guarded(name, call))
    return breaker


WAITS = store_check.WAITS


class _LockWait(Exception):
    """A call gave up waiting for a lock another session holds (not a store that is down:
    no retry, no breaker, no outage in the health log)."""


def _is_lock_wait(error: BaseException, postgres: bool) -> bool:
    """``error`` (the library's, from a recorder call) is a bounded wait that ran out:
    PostgreSQL's ``lock_timeout`` (55P03) or ``statement_timeout`` (57014); SQLite's busy
    handler giving up, or the in-process writer slot not freed in time."""
    cause = error.__cause__
    if postgres:
        from psycopg import errors

        return isinstance(cause, errors.LockNotAvailable | errors.QueryCanceled)
    from eventsourcing.persistence import ConnectionUnavailableError

    if isinstance(error, ConnectionUnavailableError):
        return True
    import sqlite3

    text = str(error)
    return isinstance(cause, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def _lock_waits(call: Any, postgres: bool) -> Any:
    """``call`` raising :class:`_LockWait` for a wait that ran out (inside the library's
    retry, which would otherwise try it again and trip the breaker)."""
    from eventsourcing.persistence import OperationalError

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return call(*args, **kwargs)
        except OperationalError as error:
            if _is_lock_wait(error, postgres):
                raise _LockWait(str(error)) from error
            raise

    return run


_LOCKED_SAID = [0.0]


def _locked(error: _LockWait, waits: store_check.LockWaits, writing: bool) -> Exception:
    """The refusal of a call whose wait for a lock ran out (``store/unavailable``, the client
    retries); the operator's log says so at most every 10 s."""
    now = time.monotonic()
    if now - _LOCKED_SAID[0] > 10:
        _LOCKED_SAID[0] = now
        store_check.log.warning(
            "store locked by another session: a %s was refused after its bound (%g s): %s",
            "write" if writing else "read",
            waits.lock if writing else waits.statement,
            " ".join(str(error).split())[:200],
        )
    return store_check.StoreUnavailable(
        "store/unavailable",
        "the store is locked by another session and the call waited its bound; retry later",
    )


def _ms(seconds: float) -> int:
    return max(1, round(seconds * 1000)) if seconds > 0 else 0


def _bound_waits(recorder: Any, waits: store_check.LockWaits, postgres: bool) -> None:
    """Every write waits for the store's write lock at most ``waits.lock`` seconds, or
    ``waits.quick`` on a thread in quick mode (:data:`WAITS`). PostgreSQL: the library's
    ``SET LOCAL lock_timeout`` before its ``LOCK TABLE … IN EXCLUSIVE MODE`` (which it sets to
    ``POSTGRES_LOCK_TIMEOUT``, whole seconds, 0 = forever) is replaced by ours, with a
    ``statement_timeout`` (pipelined: no round trip more); every session also gets both as
    defaults, so a read behind an ``ACCESS EXCLUSIVE`` lock is bounded too. SQLite: the
    connection's busy timeout (the library's 5 s) and the in-process writer slot."""
    if postgres:
        from psycopg.sql import SQL

        lock_table = recorder.lock_table_statements[-1]

        def statements(lock: float) -> list[Any]:
            return [
                SQL(f"SET LOCAL lock_timeout = '{_ms(lock)}ms'"),
                SQL(f"SET LOCAL statement_timeout = '{_ms(waits.statement)}ms'"),
                lock_table,
            ]

        quick, bounded = statements(waits.quick), statements(waits.lock)

        def lock(curs: Any) -> None:
            for statement in quick if WAITS.quick and not WAITS.wrote else bounded:
                curs.execute(statement, prepare=True)

        recorder._lock_table = lock
        pool = getattr(recorder.datastore, "pool", None)
        if pool is not None and isinstance(getattr(pool, "kwargs", None), dict):
            options = os.environ.get("PGOPTIONS", "")
            for name, value in (
                ("lock_timeout", waits.lock),
                ("statement_timeout", waits.statement),
            ):
                if name not in options:  # an operator's own PGOPTIONS setting wins
                    options = f"{options} -c {name}={_ms(value)}"
            pool.kwargs["options"] = options.strip()
            if hasattr(pool, "drain"):
                pool.drain()  # the connections opened with the tables get them too
        return
    pool = recorder.datastore.pool
    get, put = pool.get_connection, pool.put_connection
    slow = waits.lock or 86400.0  # 0: no bound (as on PostgreSQL)
    fast = waits.quick
    turns = _WriteTurns(str(pool.db_name))

    def get_connection(timeout: float | None = None, *, is_writer: bool | None = None) -> Any:
        if not is_writer:
            return get(timeout, is_writer=is_writer)
        wait = fast if WAITS.quick and not WAITS.wrote else slow
        conn = get(wait, is_writer=True)
        if WRITE_TURNS[0]:
            try:
                turns.take(wait)
            except BaseException:
                put(conn)
                raise
            conn._skald_turn = True
        if getattr(conn, "_skald_busy", None) != wait:
            conn._sqlite_conn.execute(f"PRAGMA busy_timeout = {_ms(wait)}")
            conn._skald_busy = wait
        return conn

    def put_connection(conn: Any) -> None:
        if getattr(conn, "_skald_turn", False):
            conn._skald_turn = False
            turns.give()
        put(conn)

    pool.get_connection = get_connection
    pool.put_connection = put_connection


WRITE_TURNS = [False]
"""True in a ``skald serve --workers N`` worker on SQLite (:func:`take_write_turns`): its
writes take turns with its siblings' through :class:`_WriteTurns`."""


def take_write_turns() -> None:
    """From now on this process's SQLite writes wait their turn on a lock file beside the
    store (``<file>.write-turn``) that every worker of the server takes for each write,
    instead of meeting on SQLite's own lock (issue 27): a writer that finds that lock taken
    sleeps 1, 2, 5, 10, 15, 20, 25 ms... in SQLite's busy handler, however soon it is free;
    the turn is tried every 0.2 ms, then every 2 ms at most."""
    WRITE_TURNS[0] = True


class _WriteTurns:
    """An exclusive ``flock`` on ``<db>.write-turn``, opened in the process that first takes
    it (a lock of an inherited descriptor would be shared with the parent), held from the
    moment a write connection is handed out until it is put back. Waited for up to the write's
    bound, then ``ConnectionUnavailableError`` (a bounded lock wait, as SQLite's own)."""

    def __init__(self, db: str) -> None:
        path = db.removeprefix("file:").split("?", 1)[0]
        self.path = f"{path}.write-turn"
        self.fd, self.pid = -1, 0

    def take(self, wait: float) -> None:
        import fcntl

        if self.pid != os.getpid():
            self.fd, self.pid = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o600), os.getpid()
        # tried every 0.2 ms, then at most every 2 ms (a holder lets go within a few ms),
        # up to the bound (a sibling stopped mid-write does not hold this one for ever)
        deadline = time.monotonic() + wait
        pause = 0.0002
        while True:
            try:
                fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return
            except BlockingIOError:
                if time.monotonic() + pause > deadline:
                    from eventsourcing.persistence import ConnectionUnavailableError

                    raise ConnectionUnavailableError(
                        "database is locked: a sibling worker held the write turn"
                    ) from None
                time.sleep(pause)
                pause = min(pause * 2, 0.002)

    def give(self) -> None:
        import fcntl

        fcntl.flock(self.fd, fcntl.LOCK_UN)


SCHEMA_LOCK = 0x736B616C64
"""The PostgreSQL advisory lock held while a process creates the store's tables ("skald")."""


@contextlib.contextmanager
def schema_lock(db: str | None) -> Iterator[None]:
    """Held while a process opens the store and creates its tables and functions: on
    PostgreSQL a session advisory lock, so workers and replicas started together take turns
    (the library's ``CREATE OR REPLACE FUNCTION`` run at once by two sessions fails one with
    "tuple concurrently updated"); on SQLite nothing (its file lock serializes them)."""
    env = settings_for(db)
    if "POSTGRES_DBNAME" not in env:
        yield
        return
    import psycopg

    try:
        conn = store_check.connect(env)
    except psycopg.Error:  # unreachable: the store's own check says why, in one line
        yield
        return
    with conn:
        conn.execute("SELECT pg_advisory_lock(%s)", (SCHEMA_LOCK,))
        try:
            yield
        finally:
            conn.execute("SELECT pg_advisory_unlock(%s)", (SCHEMA_LOCK,))


class EventStore(Application):  # type: ignore[type-arg]
    """Thin adapter: append/read records, put/get secrets, page the global notification log."""

    name = "skald"

    def __init__(self, db: str | None = None) -> None:
        self.target = db or os.environ.get("SKALD_DB") or str(DEFAULT_DB)
        env = settings_for(db)
        if "POSTGRES_DBNAME" in env:  # reachable, right database and user, in seconds
            store_check.check_postgres(
                env["POSTGRES_DBNAME"],
                env["POSTGRES_HOST"],
                int(env["POSTGRES_PORT"]),
                env["POSTGRES_USER"],
                env["POSTGRES_PASSWORD"],
                store_check.shown_url(self.target),
            )
            _serial_plans()
        if env.get("POSTGRES_SCHEMA"):
            _ensure_schema(env)
        self.waits = store_check.LockWaits()
        super().__init__(env=env)
        self._breaker = _guard(self)
        self._check_key()

    def _check_key(self) -> None:
        """Refuse, in one line, a store the configured cipher (or none) cannot read: its
        first and last rows both fail to decode. A server with the wrong ``CIPHER_KEY``, or
        without one, started silently, wrote new games under its own key beside the old ones,
        and its games index passed every old row over as unreadable — for good. One bad row
        alone is a row written around the store, reported for its own game as before."""
        last = self.recorder.max_notification_id()
        if not last:
            return
        for start in dict.fromkeys((1, last)):
            rows = self.recorder.select_notifications(start, 1)
            if not rows:
                return
            try:
                self.mapper.to_domain_event(rows[0])
                return
            except (ValueError, KeyError, TypeError, AttributeError):
                continue
        if os.environ.get("CIPHER_TOPIC"):
            raise store_check.StoreUnavailable(
                "store/wrong-key",
                f"--db {store_check.shown_url(self.target)}: CIPHER_KEY does not decrypt its "
                "records (another key wrote them, or the store is not encrypted)",
            )
        raise store_check.StoreUnavailable(
            "store/needs-key",
            f"--db {store_check.shown_url(self.target)}: its records cannot be read without a "
            "cipher (encrypted?): set CIPHER_TOPIC and CIPHER_KEY as when they were written",
        )

    def close(self) -> None:
        if self._breaker is not None:
            self._breaker.closed = True
        super().close()

    @staticmethod
    def _uuid(game_id: str) -> uuid.UUID:
        return _game_uuid(game_id)

    def append(self, game_id: str, records: Sequence[Record]) -> list[int] | None:
        """Write a batch atomically; a version already taken raises :class:`Stale`. Returns
        the notification ids the recorder gave the batch's rows (its records, then its head),
        or ``None`` when the recorder does not say."""
        oid = self._uuid(game_id)
        to_stored = self.mapper.to_stored_event
        try:
            head = self._head_event(game_id, records[-1])
            # the recorder straight from the mapper: ``events.put`` would also build a
            # Recording per event, which nothing here reads
            stored = [to_stored(self._event(oid, r)) for r in records]
            ids = self.recorder.insert_events([*stored, to_stored(head)])
            return list(ids) if ids and len(ids) == len(records) + 1 else None
        except IntegrityError:
            raise Stale(
                "version/stale",
                f"game {game_id} moved on while this command was decided; reload and retry",
            ) from None

    @staticmethod
    def _event(oid: uuid.UUID, r: Record) -> StoredRecord:
        """The library-side event of a record. ``at`` is the ISO form of a timestamp
        (replay files are checked for that), so it survives the datetime round trip exactly."""
        return StoredRecord(
            originator_id=oid,
            originator_version=r.version,
            timestamp=_timestamp(r.at) if r.at else StoredRecord.create_timestamp(),
            type=r.type,
            seat=r.seat,
            command_id=r.command_id,
            data=r.data,
            command=dict(r.command) if r.command is not None else None,
            chance=dict(r.chance) if r.chance is not None else None,
            prev_hash=r.prev_hash,
            hash=r.hash,
            salt=r.salt,
        )

    @staticmethod
    def _head_event(game_id: str, last: Record) -> HeadMoved:
        """The head row written with a batch whose last record is ``last``."""
        return HeadMoved(
            originator_id=_head_uuid(game_id),
            originator_version=last.version,
            timestamp=HeadMoved.create_timestamp(),
            hash=last.hash,
        )

    def head(self, game_id: str) -> Head:
        """The game's head as last written with its records."""
        found = list(self.events.get(_head_uuid(game_id), desc=True, limit=1))
        if not found or not isinstance(found[0], HeadMoved):
            return Head(0, GENESIS)
        return Head(found[0].originator_version, found[0].hash)

    def read(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        """A game's records in version order (``after`` < version ≤ ``upto``); a stored row
        that cannot be decoded (written around the store) → :class:`Tampered` for this game."""
        try:
            events = list(self.events.get(self._uuid(game_id), gt=after or None, lte=upto))
            return [self._to_record(e) for e in events if isinstance(e, StoredRecord)]
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise Tampered(
                "store/unreadable", f"game {game_id} has a stored record that cannot be read"
            ) from error

    @staticmethod
    def _to_record(e: Any) -> Record:
        return Record(
            e.originator_version,
            e.type,
            e.seat,
            e.command_id,
            e.data,
            e.command,
            e.chance,
            e.prev_hash,
            e.hash,
            e.timestamp.isoformat(),
            e.salt,
        )

    def put_secret(self, game_id: str, secret: Secret) -> list[int]:
        """Write a game's secrets; the notification ids of the rows written (empty when the
        recorder does not say)."""
        recordings = self.events.put(
            [
                SecretRecorded(
                    originator_id=uuid.uuid5(_SECRET_NS, game_id),
                    originator_version=1,
                    timestamp=SecretRecorded.create_timestamp(),
                    seeds=[to_data(s) for s in secret.seeds],
                    token_hashes=list(secret.token_hashes),
                    referee_hash=secret.referee_hash,
                    salt_key=secret.salt_key.hex() if secret.salt_key is not None else "",
                    server_keys=tuple(secret.server_keys),
                )
            ]
        )
        return [r.notification.id for r in recordings]

    def get_secret(self, game_id: str) -> Secret | None:
        found = list(self.events.get(uuid.uuid5(_SECRET_NS, game_id)))
        if not found:
            return None
        e: Any = found[-1]
        seeds = tuple(from_stored(SeedReveal, s) for s in e.seeds)
        key = bytes.fromhex(e.salt_key) if e.salt_key else None
        keys = tuple(getattr(e, "server_keys", ()) or ())
        return Secret(seeds, tuple(e.token_hashes), e.referee_hash, key, keys)

    def server_key(self, create: bool = True) -> bytes | None:
        """The store's receipt-signing key (32 private bytes): made and stored the first time
        it is asked for with ``create``; two processes making it at once agree on the first
        written (the other's write collides and it reads that one)."""
        found: list[Any] = list(self.events.get(_SERVER_KEY_ID, desc=True, limit=1))
        if found:
            return bytes.fromhex(found[0].private_key)
        if not create:
            return None
        made = ServerKeyRecorded(
            originator_id=_SERVER_KEY_ID,
            originator_version=1,
            timestamp=ServerKeyRecorded.create_timestamp(),
            private_key=os.urandom(32).hex(),
        )
        try:
            self.events.put([made])
        except IntegrityError:
            return self.server_key(create=False)
        return bytes.fromhex(made.private_key)

    def log_page(
        self, after: int, limit: int = 1000, sparse: bool = False
    ) -> tuple[int, list[tuple[int, str, Record]], list[Unreadable]]:
        """One page of the global log after notification ``after``: the last notification read
        (``after`` when there is none), the game records among them (position, game, record),
        and the rows that cannot be decoded (skipped, so one bad row cannot hide the others).
        Secrets and heads are passed over undecoded.

        ``sparse`` reads game records only (heads and secrets are not even selected) and
        decodes only what the games index reads: each game's first record (version 1, its
        ``skald.GameCreated``) and its last one in the page (the newest version and time, and
        ``skald.GameEnded``, always a game's last record) — one or two rows per game touched
        instead of every row; the last notification is then the last game record read."""
        batch = self.recorder.select_notifications(
            after, limit, topics=(_TOPIC,) if sparse else (), inclusive_of_start=False
        )
        records: list[tuple[int, str, Record]] = []
        skipped: list[Unreadable] = []
        wanted: set[int] | None = None
        if sparse:
            last: dict[Any, int] = {}
            wanted = set()
            for n in batch:
                if n.topic == _TOPIC:
                    last[n.originator_id] = n.id
                    if n.originator_version == 1:
                        wanted.add(n.id)
            wanted.update(last.values())
        for n in batch:
            if n.topic != _TOPIC or (wanted is not None and n.id not in wanted):
                continue
            try:
                record = self._to_record(self.mapper.to_domain_event(n))
            except (ValueError, KeyError, TypeError, AttributeError) as error:
                skipped.append(
                    Unreadable(n.id, str(n.originator_id), f"{type(error).__name__}: {error}")
                )
                continue
            records.append((n.id, str(n.originator_id), record))
        return (batch[-1].id if batch else after), records, skipped

    def scan(self, after: int = 0, page: int = 1000) -> Iterator[tuple[int, str, Record]]:
        """Every game record in global order after notification ``after``; a row that cannot
        be decoded raises :class:`Tampered`."""
        while True:
            last, records, skipped = self.log_page(after, page)
            if skipped:
                raise Tampered(
                    "store/unreadable",
                    f"game {skipped[0].game_id} has a stored record that cannot be read",
                )
            yield from records
            if last == after:
                return
            after = last

    def append_disputes(self, game_id: str, records: Sequence[Record]) -> list[int]:
        """Append sealed records to a game's dispute chain (:mod:`skald.service.app.disputes`) in one
        transaction; a place in the chain already taken raises :class:`Stale` and writes
        nothing (the library's unique (aggregate, version) key). The notification ids of the
        rows written (empty when the recorder does not say)."""
        oid = uuid.uuid5(_DISPUTE_NS, game_id)
        events = [
            DisputeRecorded(
                originator_id=oid,
                originator_version=r.version,
                timestamp=_timestamp(r.at) if r.at else DisputeRecorded.create_timestamp(),
                type=r.type,
                seat=r.seat,
                command_id=r.command_id,
                data=r.data,
                prev_hash=r.prev_hash,
                hash=r.hash,
            )
            for r in records
        ]
        try:
            recordings = self.events.put(events)
        except IntegrityError:
            raise Stale(
                "dispute/stale",
                f"game {game_id}'s disputes moved on while this was decided; retry",
            ) from None
        return [r.notification.id for r in recordings]

    def read_disputes(self, game_id: str) -> list[Record]:
        """A game's dispute chain in order (empty when it has none); a row that cannot be
        decoded → :class:`Tampered` for this game."""
        try:
            found = list(self.events.get(uuid.uuid5(_DISPUTE_NS, game_id)))
            return [
                Record(
                    e.originator_version,
                    e.type,
                    e.seat,
                    e.command_id,
                    e.data,
                    None,
                    None,
                    e.prev_hash,
                    e.hash,
                    e.timestamp.isoformat(),
                )
                for e in found
                if isinstance(e, DisputeRecorded)
            ]
        except (ValueError, KeyError, TypeError, AttributeError) as error:
            raise Tampered(
                "store/unreadable", f"game {game_id} has a dispute record that cannot be read"
            ) from error

"""The health service tells the truth, and a stopping server drains (issue 27).

Health (``""`` and ``skald.v1.Skald``) is ``SERVING`` only while the store answers and the
server is not stopping. It said ``SERVING`` while every write was refused
(``store/unavailable``) and until the process was gone. Now:

* **the store down** — a call that found the store failing (the store reports it to
  :data:`skald.service.store.check.HEALTH`, which the calls' wrapper reads as each ends) sets
  ``NOT_SERVING`` at once; a probe thread every :data:`PROBE_EVERY` seconds also notices a
  SQLite file deleted or replaced under the server (a ``stat``, no call needed). While down,
  the probe tries a write of its own (SQLite: a committed no-op on a connection of its own;
  PostgreSQL: a transaction id, which a read-only server refuses) and says ``SERVING`` again
  once it gets through (and tells the store's health, which logs "available again"), so a
  balancer that routes no calls to a ``NOT_SERVING`` server still sees it come back. A store
  that answers needs no probe: its calls say when it stops.
* **a drain** — :meth:`Health.drain` (``skald serve`` on SIGTERM or Ctrl-C) sets
  ``NOT_SERVING`` for good, refuses every new Skald call with ``UNAVAILABLE``
  (``server/draining``: retryable, nothing was done), lets the unary calls in flight finish
  with their own answers, ends WatchGame streams with ``UNAVAILABLE`` (a watcher resumes
  elsewhere from its last version), and returns once nothing is in flight and no new call
  came for :data:`QUIET` seconds, or the grace is spent. Health checks and reflection are
  still answered. Only then is gRPC's own stop called: calls it finds pending are cancelled
  (``CANCELLED``; 1 to 3 of 6 busy clients' calls when SIGTERM stopped the server directly).

:class:`Health` is made by :func:`skald.service.grpc.server.create_server`; :func:`health_of` finds a
server's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
import time
import weakref
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import grpc
from grpc_health.v1 import health_pb2

from skald.service.grpc.edge import _status
from skald.service.store import check as store_check

if TYPE_CHECKING:
    from grpc_health.v1.health import aio as health_aio

    from skald.service.app.games import GameService
    from skald.service.grpc.server import Server

__all__ = ["PROBE_EVERY", "QUIET", "Drained", "Health", "health_of"]

log = logging.getLogger("skald.server")

SERVICES = ("", "skald.v1.Skald")
"""The names health is asked about: the whole server and the Skald service."""
PREFIX = "/skald.v1.Skald/"
PROBE_EVERY = 0.5
"""Seconds between looks at the store's health (a ``stat`` of a SQLite file; a write tried
only while the store is down)."""
QUIET = 0.25
"""Seconds without a new call a drain waits for once nothing is in flight (a client answered
a moment ago may be sending its next call), at most :data:`QUIET_AT_MOST` in all."""
QUIET_AT_MOST = 1.0

_HEALTHS: weakref.WeakKeyDictionary[Any, Health] = weakref.WeakKeyDictionary()


def health_of(server: Server) -> Health | None:
    """The :class:`Health` of a server :func:`~skald.service.grpc.server.create_server` made."""
    return _HEALTHS.get(getattr(server, "_server", None))


@dataclass(frozen=True, slots=True)
class Drained:
    """What a drain did, for the stop's log line."""

    calls: int
    """Calls in flight when it started, or admitted just before, that were answered."""
    streams: int
    """WatchGame streams ended."""
    refused: int
    """New calls refused (``UNAVAILABLE``) while draining."""
    left: int
    """Calls still in flight when the grace ran out (gRPC's stop cancels them)."""
    seconds: float


def draining_status() -> grpc.Status:
    return _status(
        grpc.StatusCode.UNAVAILABLE,
        "server/draining",
        "unavailable",
        "the server is stopping and takes no new calls; retry (on another server)",
        "Draining",
    )


class Health:
    """One server's health status and drain (its counters are the event loop's alone)."""

    def __init__(self, service: GameService) -> None:
        self.store = service.store
        self.gate = _Gate(self)
        self.draining = False
        self.store_ok = True
        self.in_flight = 0
        self.finished = 0
        """Calls answered since the drain started."""
        self.refused = 0
        self._streams: dict[asyncio.Task[Any], bool] = {}
        """WatchGame tasks → whether the stream's generator is running (not sending)."""
        self._cut: set[asyncio.Task[Any]] = set()
        self._streams_ended = 0
        self._last_call = 0.0
        self._setting: set[asyncio.Future[None]] = set()
        self._servicer: health_aio.HealthServicer | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._started = time.monotonic()
        self._identity = _sqlite_identity(self.store)

    async def attach(self, servicer: health_aio.HealthServicer, server: Any) -> None:
        """Serve health through ``servicer`` (SERVING: the store was just opened) and start
        watching the store; ``server`` (the ``grpc.aio`` server) is how :func:`health_of`
        finds this."""
        self._servicer = servicer
        self._loop = asyncio.get_running_loop()
        _HEALTHS[server] = self
        for name in SERVICES:
            await servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
        threading.Thread(target=self._watch, name="skald-health", daemon=True).start()

    # -- the store ------------------------------------------------------------------------

    def _outage(self) -> bool:
        """A call has found the store failing since this server started, and nothing has
        answered since."""
        since = store_check.HEALTH.down_since
        return since is not None and since >= self._started

    def _seen(self) -> None:
        """After each call (on the loop): the store's health, read at once."""
        if self.store_ok and self._outage():
            self._set_store(False)

    def _set_store(self, ok: bool) -> None:
        if ok == self.store_ok:
            return
        self.store_ok = ok
        if not self.draining and self._servicer is not None:
            status = (
                health_pb2.HealthCheckResponse.SERVING
                if ok
                else health_pb2.HealthCheckResponse.NOT_SERVING
            )
            for name in SERVICES:
                setting = asyncio.ensure_future(self._servicer.set(name, status))
                self._setting.add(setting)
                setting.add_done_callback(self._setting.discard)

    def _watch(self) -> None:
        """The probe thread: every :data:`PROBE_EVERY` s, until the loop closes or drains."""
        loop = self._loop
        assert loop is not None
        while True:
            time.sleep(PROBE_EVERY)
            if loop.is_closed() or not loop.is_running() or self.draining:
                return  # the server stopped: its store is no one's to probe
            ok = self.answers()
            if ok != self.store_ok:
                try:
                    loop.call_soon_threadsafe(self._set_store, ok)
                except RuntimeError:  # the loop closed meanwhile: the server is gone
                    return

    def answers(self) -> bool:
        """Whether the store answers now: a SQLite file still the one opened, and, after a
        call found it failing, a write that gets through."""
        if self._identity is not None and _sqlite_gone(self._identity):
            return False
        if not self._outage():
            return True
        breaker = getattr(self.store, "_breaker", None)
        if breaker is not None and breaker.open:  # PostgreSQL: its own probe is trying it
            return False
        try:
            _write_probe(self.store, self._identity)
        except Exception:  # any failure: still down; tried again at the next look
            return False
        store_check.HEALTH.ok(writing=True)  # one "available again" line, as a write says it
        return True

    # -- the drain ------------------------------------------------------------------------

    def drain(self, grace: float) -> Drained:
        """From any thread but the loop's: start the drain and wait for it, at most
        ``grace`` seconds (see the module's docstring)."""
        loop = self._loop
        started = time.monotonic()
        if loop is None or loop.is_closed():
            return Drained(0, 0, 0, 0, 0.0)
        future = asyncio.run_coroutine_threadsafe(self._drain(started + grace), loop)
        try:
            return future.result(timeout=grace + 2)
        except Exception:  # the loop stopped or the wait overran: say what is known
            return Drained(
                self.finished, self._streams_ended, self.refused, self.in_flight,
                time.monotonic() - started,
            )  # fmt: skip

    async def _drain(self, deadline: float) -> Drained:
        started = time.monotonic()
        self.draining = True
        if self._servicer is not None:
            await self._servicer.enter_graceful_shutdown()
        for task, running in list(self._streams.items()):
            if running:  # waiting inside the stream's generator: end it there
                self._cut.add(task)
                task.cancel()
        quiet_until = None
        while time.monotonic() < deadline:
            now = time.monotonic()
            if self.in_flight == 0 and not self._streams:
                quiet_until = quiet_until or now + QUIET_AT_MOST
                if now - self._last_call >= QUIET or now >= quiet_until:
                    break
            await asyncio.sleep(0.02)
        return Drained(
            self.finished,
            self._streams_ended,
            self.refused,
            self.in_flight + len(self._streams),
            time.monotonic() - started,
        )

    # -- the calls ------------------------------------------------------------------------

    def unary(self, inner: Callable[[Any, Any], Awaitable[Any]]) -> Callable[..., Any]:
        async def counted(request: Any, context: Any) -> Any:
            self.in_flight += 1
            try:
                return await inner(request, context)
            finally:
                self.in_flight -= 1
                self._last_call = time.monotonic()
                if self.draining:
                    self.finished += 1
                self._seen()

        return counted

    def stream(self, inner: Callable[[Any, Any], AsyncIterator[Any]]) -> Callable[..., Any]:
        async def watched(request: Any, context: Any) -> AsyncIterator[Any]:
            task = asyncio.current_task()
            assert task is not None
            generator = inner(request, context)
            self._streams[task] = False
            try:
                while not self.draining:
                    self._streams[task] = True
                    try:
                        item = await anext(generator)
                    except StopAsyncIteration:
                        return
                    except asyncio.CancelledError:
                        if task not in self._cut:
                            raise
                        task.uncancel()
                        break
                    finally:
                        self._streams[task] = False
                    yield item
                closing = getattr(generator, "aclose", None)
                if closing is not None:
                    await closing()
            finally:
                self._streams.pop(task, None)
                self._cut.discard(task)
                self._seen()
            self._streams_ended += 1  # the drain ends it: the watcher resumes elsewhere
            status = draining_status()
            await context.abort(status.code, status.details, status.trailing_metadata)

        return watched


class _Gate(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Counts the Skald calls in flight, and refuses new ones once the server drains."""

    def __init__(self, health: Health) -> None:
        self._health = health

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        health = self._health
        if not details.method.startswith(PREFIX):  # health checks, reflection
            return await continuation(details)
        health._last_call = time.monotonic()
        if health.draining:
            health.refused += 1
            return _refusal()
        handler = await continuation(details)
        if handler is None:
            return handler
        if handler.unary_unary is not None and not handler.request_streaming:
            return handler._replace(unary_unary=health.unary(handler.unary_unary))
        if handler.unary_stream is not None:
            return handler._replace(unary_stream=health.stream(handler.unary_stream))
        return handler


def _refusal() -> grpc.RpcMethodHandler:
    """A handler answering ``UNAVAILABLE`` without reading the request (request-streaming: its
    iterator is never read; see :mod:`skald.service.grpc.admission`)."""
    status = draining_status()

    async def refuse(requests: Any, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        await context.abort(status.code, status.details, status.trailing_metadata)

    return grpc.stream_unary_rpc_method_handler(refuse)


# -- probes ---------------------------------------------------------------------------------


def _sqlite_identity(store: Any) -> tuple[str, int, int] | None:
    """(path, device, inode) of a SQLite store's file, as it was opened; ``None`` otherwise."""
    path = getattr(store, "env", {}).get("SQLITE_DBNAME", ":memory:")
    if path == ":memory:" or path.startswith("file:"):
        return None
    try:
        found = os.stat(path)
    except OSError:
        return None
    return path, found.st_dev, found.st_ino


def _sqlite_gone(identity: tuple[str, int, int]) -> bool:
    path, dev, ino = identity
    try:
        found = os.stat(path)
    except OSError:
        return True
    return (found.st_dev, found.st_ino) != (dev, ino)


def _write_probe(store: Any, identity: tuple[str, int, int] | None) -> None:
    """A write that changes nothing, committed; raises when the store refuses it."""
    env = getattr(store, "env", {})
    if "POSTGRES_DBNAME" in env:
        with store_check.connect(env, timeout=2) as connection:
            connection.execute("SET statement_timeout = 2000")
            connection.execute("BEGIN")
            connection.execute("SELECT txid_current()")  # a read-only server refuses it
            connection.execute("COMMIT")
        return
    if identity is None:
        return
    connection = sqlite3.connect(f"file:{identity[0]}?mode=rw", uri=True, timeout=1)
    try:
        connection.isolation_level = None
        connection.execute("BEGIN IMMEDIATE")
        version = int(connection.execute("PRAGMA user_version").fetchone()[0])
        connection.execute(f"PRAGMA user_version = {version + 1}")  # the page written
        connection.execute(f"PRAGMA user_version = {version}")  # as it was
        connection.execute("COMMIT")
    finally:
        with contextlib.suppress(sqlite3.Error):
            connection.close()

"""How the server spends its threads: one event loop for nearly everything, a pool for long calls.

The server is ``grpc.aio``: one event-loop thread per process receives every call and runs the
short ones itself — commands, views, legal commands, checks, the games index, rules, health:
a few milliseconds of CPU at most, a SQLite commit included — so a call costs no thread
hand-off and no wait for the GIL. Calls that may take long (verifying, exporting, importing or
forking a whole game, a whole history) go to a pool of ``threads``, so they never hold the
loop. WatchGame streams are coroutines on the loop (:mod:`skald.service.grpc.watching`): a spectator
costs a queue, not a thread.

Why, measured with ``skald loadtest`` (issue 10; README, "Serving"): the thread-pool server
spent most of a command's time waiting for the GIL among its 16 handler threads (a store
append took 17 ms of wall time at p50 against 0.4 ms alone), holding SQLite's write lock
across those waits, so a second ``--workers`` process found it taken. Giving the writes one
thread of their own was no better: the loop and the writer still handed the GIL back and forth
(100 commands/s). On the loop alone, one process served 220 commands/s where the thread pool
served 135, at 4.9 instead of 7.6 ms of server CPU per command, and two workers 365. The loop
stops while a commit waits for its fsync (about 0.3 ms here); that is the price, and it is
smaller than the hand-offs it saves. An earlier measurement of one empty call at a time
favoured the thread pool (570 against 460 µs); with concurrent callers the loop is cheaper.

Locks (issue 27): a write on the loop waits for the store's write lock only
``SKALD_LOOP_LOCK_WAIT`` (20 ms, a sibling's commit); one that would wait longer raises
:class:`~skald.service.store.check.WouldWait` having written nothing, and the whole call runs
again on the one-thread ``writes`` lane, where it waits at most ``SKALD_LOCK_TIMEOUT`` and is
then refused UNAVAILABLE (:mod:`skald.service.store.event_store`). So a lock held by another
session never stops the loop for longer than the quick wait: health and views kept answering
(``benchmarks/lock_held.py``: held p99 10 ms health, 7 ms views, against 25/21 ms quiet).
Every write going through a writer thread was not chosen: it cost throughput before (above);
the quick try costs the normal path only two pipelined ``SET LOCAL`` statements (PostgreSQL)
or a cached busy timeout (SQLite) and two thread-local flags. A call that wrote once already
(CreateGame: secrets, then records) cannot be rerun, so its later write waits the full bound
on the loop: rare (the lock taken between two writes of one call) and bounded.

Overload is refused, not hung: more than ``max_concurrent`` calls at once (streams included)
get ``RESOURCE_EXHAUSTED`` from grpc itself; a long call that finds ``max_queued`` calls
waiting for the pool already, or waits ``queue_timeout`` seconds for it, and a stream
past ``max_streams``, get ``RESOURCE_EXHAUSTED`` (``server/overloaded``) before touching the
store.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Awaitable, Callable
from concurrent import futures
from dataclasses import dataclass
from typing import Any

import grpc

from skald.service.grpc.edge import _status
from skald.service.store.check import WAITS, WouldWait

__all__ = [
    "LONG_CALLS",
    "Aborted",
    "Admission",
    "Lane",
    "Limits",
    "SyncContext",
    "overloaded",
    "unary_on_loop",
]


@dataclass(frozen=True, slots=True)
class Limits:
    """How much one server process takes on before it refuses."""

    threads: int = 4
    """Threads for long calls (:data:`LONG_CALLS`: verify, export, import, fork, history)."""
    max_streams: int = 4096
    """Open WatchGame streams (each a queue on the loop; none holds a thread)."""
    max_concurrent: int = 4096 + 512
    """Calls in flight, streams included (grpc answers more with RESOURCE_EXHAUSTED)."""
    max_queued: int = 512
    """Long calls waiting for the pool before more are refused."""
    queue_timeout: float = 10.0
    """Seconds a long call may wait for the pool before it is refused."""


LONG_CALLS = frozenset(
    {"ForkGame", "ImportGame", "ExportGame", "VerifyGame", "GetHistory", "RuleDispute"}
)
"""The unary methods run on the long-call pool (:class:`Lane`); every other one on the loop
(RuleDispute may fork the game)."""


def overloaded(reason: str) -> Any:
    """The RESOURCE_EXHAUSTED status of a refused call (``server/overloaded``)."""
    return _status(
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        "server/overloaded",
        "overloaded",
        f"{reason}; retry later",
        "Overloaded",
    )


class Aborted(BaseException):
    """A handler ended its call with ``status`` (raised by :meth:`SyncContext.abort_with_status`;
    a ``BaseException``, so a handler's ``except Exception`` does not take it for a bug)."""

    def __init__(self, status: grpc.Status) -> None:
        super().__init__(status.details)
        self.status = status


class SyncContext:
    """What the plain handlers (:mod:`skald.service.grpc.edge`) use of a servicer context, over an
    aio context: metadata, and ``abort_with_status``, which raises :class:`Aborted` for the
    coroutine to send (an aio context's own ``abort`` is a coroutine)."""

    __slots__ = ("_metadata",)

    def __init__(self, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        self._metadata = context.invocation_metadata()  # read on the loop, used anywhere

    def invocation_metadata(self) -> Any:
        return self._metadata

    def abort_with_status(self, status: grpc.Status) -> None:
        raise Aborted(status)


class Lane:
    """Threads a kind of call runs on, with a bounded queue in front (loop-side counters: only
    the loop thread touches them)."""

    def __init__(self, name: str, threads: int, limits: Limits) -> None:
        self.name = name
        self.pool = futures.ThreadPoolExecutor(threads, thread_name_prefix=f"skald-{name}")
        self.limits = limits
        self._slots = asyncio.Semaphore(threads)
        self.waiting = 0

    async def run(self, call: Callable[[], Any]) -> Any:
        """``call()`` on one of this lane's threads, or :class:`Aborted` (overloaded)."""
        slots = self._slots
        if slots.locked():
            if self.waiting >= self.limits.max_queued:
                raise Aborted(
                    overloaded(
                        f"the server had {self.waiting} calls waiting for its {self.name} "
                        f"threads (limit {self.limits.max_queued})"
                    )
                )
            self.waiting += 1
            try:
                await asyncio.wait_for(slots.acquire(), self.limits.queue_timeout)
            except TimeoutError:
                raise Aborted(
                    overloaded(
                        f"the call waited {self.limits.queue_timeout:g} s for the server "
                        "(the limit)"
                    )
                ) from None
            finally:
                self.waiting -= 1
        else:
            await slots.acquire()
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, call)
        finally:
            slots.release()

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)


class Admission:
    """Counts open streams against ``limits.max_streams`` (loop-side: no lock)."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._streams = 0

    def open_stream(self) -> str | None:
        """Count a WatchGame stream in (``None``), or say why it is refused."""
        if self._streams >= self.limits.max_streams:
            return f"the server has {self._streams} streams open (limit {self.limits.max_streams})"
        self._streams += 1
        return None

    def close_stream(self) -> None:
        self._streams -= 1


def unary_on_loop(
    handle: Callable[[bytes, Any], Any], lane: Lane | None, writes: Lane | None = None
) -> Callable[[bytes, grpc.aio.ServicerContext[Any, Any]], Awaitable[Any]]:
    """A coroutine handler running the plain ``handle(raw, context)`` on the loop (``lane``
    ``None``) or on ``lane``'s threads, sending the status it aborted with. On the loop, with
    ``writes``, its store writes wait for a lock only briefly: one that would wait longer
    (:class:`~skald.service.store.check.WouldWait`, nothing written) runs the whole call again
    on the ``writes`` lane, where it waits the store's bound."""

    async def unary(raw: bytes, context: grpc.aio.ServicerContext[Any, Any]) -> Any:
        try:
            on = lane
            if on is None:
                if writes is None:
                    return handle(raw, SyncContext(context))
                waits = WAITS
                waits.quick = True
                waits.wrote = False
                try:
                    return handle(raw, SyncContext(context))
                except WouldWait:
                    pass
                finally:
                    waits.quick = False
                on = writes
            return await on.run(functools.partial(handle, raw, SyncContext(context)))
        except Aborted as aborted:
            status = aborted.status
            await context.abort(status.code, status.details, status.trailing_metadata)

    return unary

"""How the server spends its threads: unary calls in bounded slots, streams on no thread at all.

Why: grpc's thread-pool server ran every WatchGame on one of its 16 worker threads for the life
of the stream, so 16 spectators made every other call time out. grpc is now given one plain
``ThreadPoolExecutor`` with a thread for every call it admits; WatchGame is non-blocking
(:mod:`service.watching`) and hands its thread back at once, and unary calls take one of
``threads`` slots of an :class:`Admission` (a semaphore), so spectators never take a slot from
other calls. Only public grpc APIs are involved here (an earlier version routed streams by the
name grpc gives its private stream behaviour). A ``grpc.aio`` server was built and measured
first: its event loop costs more server CPU per unary call here (measured again for issue 10:
570 against 460 µs for an empty call), and unary calls are the load.

Overload is refused, not hung: more than ``max_concurrent`` calls at once (streams included)
get ``RESOURCE_EXHAUSTED`` from grpc itself; a unary call that finds ``max_queued`` calls
waiting for a slot, or that waited ``queue_timeout`` seconds for one, and a stream past
``max_streams``, get ``RESOURCE_EXHAUSTED`` (``server/overloaded``) before touching the store.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent import futures
from dataclasses import dataclass
from typing import Any

import grpc

from service.grpc_edge import _status

__all__ = ["Admission", "Limits", "admitted", "executor", "overloaded"]


@dataclass(frozen=True, slots=True)
class Limits:
    """How much one server process takes on before it refuses."""

    threads: int = 16
    """Threads running unary calls (store reads and writes, decisions)."""
    max_streams: int = 4096
    """Open WatchGame streams (each a queue; none holds a thread while it waits)."""
    max_concurrent: int = 4096 + 512
    """Calls in flight, streams included (grpc answers more with RESOURCE_EXHAUSTED)."""
    max_queued: int = 512
    """Unary calls waiting for a worker thread before more are refused."""
    queue_timeout: float = 10.0
    """Seconds a unary call may wait for a worker thread before it is refused."""
    senders: int = 32
    """Threads sending stream messages (each sends one stream's queue, in order, at a time)."""


class Admission:
    """At most ``limits.threads`` unary calls run at once; the rest wait, within bounds.

    grpc is given one plain ``ThreadPoolExecutor`` with a thread for every call it admits
    (``max_concurrent``), so a WatchGame stream waiting on its queue never keeps a unary call
    from a thread; unary handlers then take one of ``threads`` slots here. A call that finds
    ``max_queued`` calls waiting already, or waits ``queue_timeout`` seconds, is refused. Only
    public APIs are used: nothing depends on how grpc names or submits its behaviours."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._slots = threading.BoundedSemaphore(limits.threads)
        self._lock = threading.Lock()
        self._waiting = 0
        self._streams = 0

    def enter(self) -> str | None:
        """Take a slot (``None``), or say why the call is refused."""
        if self._slots.acquire(blocking=False):
            return None
        with self._lock:
            if self._waiting >= self.limits.max_queued:
                return (
                    f"the server had {self._waiting} calls waiting (limit {self.limits.max_queued})"
                )
            self._waiting += 1
        try:
            if self._slots.acquire(timeout=self.limits.queue_timeout):
                return None
        finally:
            with self._lock:
                self._waiting -= 1
        return f"the call waited {self.limits.queue_timeout:g} s for the server (the limit)"

    def leave(self) -> None:
        self._slots.release()

    def open_stream(self) -> str | None:
        """Count a WatchGame stream in (``None``), or say why it is refused."""
        with self._lock:
            if self._streams >= self.limits.max_streams:
                return (
                    f"the server has {self._streams} streams open (limit {self.limits.max_streams})"
                )
            self._streams += 1
        return None

    def close_stream(self) -> None:
        with self._lock:
            self._streams -= 1


def executor(limits: Limits) -> futures.ThreadPoolExecutor:
    """The pool grpc runs every call on: a thread for each call it admits (threads start on
    demand; an idle one costs memory, no CPU)."""
    return futures.ThreadPoolExecutor(limits.max_concurrent, thread_name_prefix="skald-rpc")


def overloaded(reason: str) -> Any:
    """The RESOURCE_EXHAUSTED status of a refused call (``server/overloaded``)."""
    return _status(
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        "server/overloaded",
        "overloaded",
        f"{reason}; retry later",
        "Overloaded",
    )


def admitted(handle: Callable[[Any, Any], Any], admission: Admission) -> Callable[[Any, Any], Any]:
    """A unary handler that runs in one of the admission's slots, or is refused
    (RESOURCE_EXHAUSTED) when the server is overloaded."""

    def unary(raw: Any, context: Any) -> Any:
        reason = admission.enter()
        if reason is not None:
            context.abort_with_status(overloaded(reason))
        try:
            return handle(raw, context)
        finally:
            admission.leave()

    return unary

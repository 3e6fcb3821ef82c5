"""How the server spends its threads: unary calls on a bounded pool, streams on their own.

Why: grpc's thread-pool server ran every WatchGame on one of its 16 worker threads for the life
of the stream, so 16 spectators made every other call time out. :class:`RoutingExecutor` is the
executor grpc is given: streaming calls go to a pool of their own (a spectator waits on a
queue, costing an idle thread and no CPU), unary calls to the bounded worker pool. A
``grpc.aio`` server was built and measured first: it needs no stream threads, but its event
loop costs about twice the server CPU per unary call here (0.8 against 0.4 ms for a GetView),
and unary calls are the load.

Overload is refused, not hung: more than ``max_concurrent`` calls at once (streams included)
get ``RESOURCE_EXHAUSTED`` from grpc itself; a unary call that finds more than ``max_queued``
calls waiting for a worker, or that waited longer than ``queue_timeout`` seconds for one, gets
``RESOURCE_EXHAUSTED`` (``server/overloaded``) before it touches the store.

:func:`watch_handler` is WatchGame over the per-game fan-out (:mod:`service.fanout`): the
backlog is read once, then the stream takes each batch the fan-out hands over (dropping
versions it has, filling a gap with one read) until the game ends or the client goes away.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import Callable, Iterator
from concurrent import futures
from dataclasses import dataclass
from typing import Any

import grpc

from domain.kernel.errors import SkaldError
from service import policy, queries, wire
from service.fanout import Fanout
from service.grpc_edge import (
    _status,
    internal_status,
    log_request,
    parse_request,
    rich_status,
    status_for,
)
from service.records import ENDED, Record

__all__ = ["Limits", "RoutingExecutor", "admitted", "watch_handler"]

log = logging.getLogger("skald.grpc")


@dataclass(frozen=True, slots=True)
class Limits:
    """How much one server process takes on before it refuses."""

    threads: int = 16
    """Threads running unary calls (store reads and writes, decisions)."""
    max_streams: int = 4096
    """Open WatchGame streams (each waits on a queue in a thread of the stream pool)."""
    max_concurrent: int = 4096 + 512
    """Calls in flight, streams included (grpc answers more with RESOURCE_EXHAUSTED)."""
    max_queued: int = 512
    """Unary calls waiting for a worker thread before more are refused."""
    queue_timeout: float = 10.0
    """Seconds a unary call may wait for a worker thread before it is refused."""


def _is_stream(args: tuple[Any, ...]) -> bool:
    # grpc submits ``context.run(behaviour, ...)``; its streaming behaviour is named so.
    return bool(args) and getattr(args[0], "__name__", "") == "_stream_response_in_pool"


class RoutingExecutor(futures.Executor):
    """grpc's executor: streams to their own pool, unary calls to the bounded one."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._unary = futures.ThreadPoolExecutor(limits.threads, thread_name_prefix="skald-rpc")
        self._streams = futures.ThreadPoolExecutor(
            limits.max_streams, thread_name_prefix="skald-stream"
        )
        self._lock = threading.Lock()
        self._admitted = 0
        self._local = threading.local()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> futures.Future[Any]:
        if _is_stream(args):
            return self._streams.submit(fn, *args, **kwargs)
        with self._lock:
            self._admitted += 1
            ahead = self._admitted - 1
        return self._unary.submit(self._run, time.monotonic(), ahead, fn, args, kwargs)

    def _run(
        self, queued: float, ahead: int, fn: Callable[..., Any], args: Any, kwargs: Any
    ) -> Any:
        self._local.queued, self._local.ahead = queued, ahead
        try:
            return fn(*args, **kwargs)
        finally:
            with self._lock:
                self._admitted -= 1

    def refusal(self) -> str | None:
        """Why the unary call on this thread is refused (it queued too long or behind too
        many), or ``None``."""
        waited = time.monotonic() - getattr(self._local, "queued", time.monotonic())
        waiting = getattr(self._local, "ahead", 0) - self.limits.threads
        if waiting >= self.limits.max_queued:
            return f"the server had {waiting} calls waiting (limit {self.limits.max_queued})"
        if waited > self.limits.queue_timeout:
            return f"the call waited {waited:.1f} s for the server (limit {self.limits.queue_timeout:g} s)"
        return None

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        self._unary.shutdown(wait, cancel_futures=cancel_futures)
        self._streams.shutdown(wait, cancel_futures=cancel_futures)


def admitted(handle: Callable[[Any, Any], Any], pool: RoutingExecutor) -> Callable[[Any, Any], Any]:
    """A unary handler that refuses (RESOURCE_EXHAUSTED) when the server is overloaded."""

    def unary(raw: Any, context: Any) -> Any:
        reason = pool.refusal()
        if reason is not None:
            context.abort_with_status(
                _status(
                    grpc.StatusCode.RESOURCE_EXHAUSTED,
                    "server/overloaded",
                    "overloaded",
                    f"{reason}; retry later",
                    "Overloaded",
                )
            )
        return handle(raw, context)

    return unary


class _Encoded:
    """Each record's wire bytes per audience, made once for all its watchers (five
    spectators of a game cost one redaction and one encoding, not five); a bounded LRU."""

    def __init__(self, size: int = 8192) -> None:
        self._items: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        with self._lock:
            return self._items.get(key)

    def put(self, key: tuple[Any, ...], data: bytes) -> bytes:
        with self._lock:
            self._items[key] = data
            while len(self._items) > self._size:
                self._items.popitem(last=False)
        return data


def watch_handler(
    servicer: Any, fanout: Fanout, token_of: Callable[[Any], str | None]
) -> Callable[[bytes, Any], Iterator[Any]]:
    """WatchGame: authorize, read the backlog once, then stream what the fan-out hands over
    (as encoded ``GameEvent`` bytes: register it without a response serializer)."""
    from service._generated.skald.v1 import skald_pb2

    svc = servicer.svc
    encoded = _Encoded()

    def watch(raw: bytes, context: Any) -> Iterator[Any]:
        request = parse_request(skald_pb2.WatchGameRequest, raw, context)
        started, status = time.perf_counter(), "OK"
        try:
            gid = svc.resolve(request.game_id)
            who = svc.authenticate(gid, token_of(context))
            loaded = svc.repo.load(gid)
            if loaded.ended is not None and request.after_version >= loaded.version:
                return  # an ended game writes nothing more
            rules = loaded.rules
            # whom ``queries.redact`` shows a record to: everything, or one seat's (or no seat's)
            seat = who.seat if who.kind == "seat" else None
            audience = ("all",) if policy.sees_everything(who) else ("seat", seat)
            for record in _records(fanout, svc.repo.read, context, gid, request.after_version):
                key = (gid, record.version, record.hash, *audience)
                sent = encoded.get(key)
                if sent is None:
                    shown = queries.redact(rules, record, who)
                    sent = encoded.put(key, wire.record_to_proto(rules, shown).SerializeToString())
                yield sent
        except SkaldError as error:
            status = status_for(error).name
            context.abort_with_status(rich_status(error))
        except Exception:
            status = "INTERNAL"
            correlation = uuid.uuid4().hex[:16]
            log.exception("unhandled error in WatchGame (correlation id %s)", correlation)
            context.abort_with_status(internal_status(correlation))
        finally:  # one request-log line per stream, when it ends
            log_request("WatchGame", request, status, started)

    return watch


def _records(
    fanout: Fanout, read: Callable[..., list[Record]], context: Any, game_id: str, after: int
) -> Iterator[Record]:
    batches: queue.SimpleQueue[list[Record] | None] = queue.SimpleQueue()
    sub = fanout.subscribe(game_id, lambda batch: batches.put(list(batch)))
    context.add_callback(lambda: batches.put(None))  # the client left: wake and end
    try:
        position = after
        batch: list[Record] | None = read(game_id, after=position)
        while batch is not None:
            fresh = [r for r in batch if r.version > position]
            if fresh and fresh[0].version != position + 1:
                fresh = read(game_id, after=position)
            for record in fresh:
                position = record.version
                yield record
                if record.type == ENDED:
                    return
            sub.seen(position)
            batch = batches.get()
    finally:
        sub.close()

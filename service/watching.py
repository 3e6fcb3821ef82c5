"""WatchGame over the per-game fan-out, without a thread per spectator.

A stream reads its backlog once, then takes what the fan-out (:mod:`service.fanout`) hands
over: each new batch of a game, already encoded once per audience by :class:`Encoder`. The
handler is *non-blocking* (``experimental_non_blocking``, the hook grpc's own health
servicer uses for its Watch stream): grpc gives it a ``send_response_callback`` and frees the
thread as soon as the backlog is queued, so 1,000 spectators cost 1,000 small queues, not
1,000 blocked threads. Messages are sent in order by a small pool of sender threads, one
stream at a time each (:class:`_Sender`); a stream whose client stops reading is cut once
:data:`MAX_BEHIND` messages wait (the client resumes from its last version).

A grpc without that hook calls the handler with no callback: it then returns the blocking
iterator of the same records (:meth:`_Sender.blocking`), one thread per stream as before.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
import uuid
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator, Sequence
from concurrent import futures
from typing import Any

from domain.kernel.errors import SkaldError
from service import policy, queries, wire
from service.auth import OPERATOR, SPECTATOR, Principal
from service.fanout import Fanout, Subscription
from service.grpc_edge import internal_status, log_request, parse_request, rich_status, status_for
from service.records import ENDED, Record
from service.serving import Admission, overloaded

__all__ = ["MAX_BEHIND", "Audience", "Encoder", "audience_of", "watch_handler"]

log = logging.getLogger("skald.grpc")

MAX_BEHIND = 4096
"""Messages a stream may have waiting for its client before it is cut (RESOURCE_EXHAUSTED)."""

Audience = tuple[Any, ...]
"""Whom ``queries.redact`` shows a record to: ``("all",)`` (referee, operator) or
``("seat", seat)`` — one seat's, or the public form (``seat`` ``None``)."""

Item = tuple[Sequence[Record], Sequence[bytes] | None]


def audience_of(who: Principal) -> Audience:
    if policy.sees_everything(who):
        return ("all",)
    return ("seat", who.seat if who.kind == "seat" else None)


def _principal(audience: Audience) -> Principal:
    if audience[0] == "all":
        return OPERATOR
    return SPECTATOR if audience[1] is None else Principal("seat", audience[1])


class Encoder:
    """Each record's wire bytes per audience, made once for all its watchers (five spectators
    of a game cost one redaction and one encoding, not five): the fan-out encodes each new
    batch once per audience; a stream's backlog and gap fills find them in a bounded LRU."""

    def __init__(self, svc: Any, size: int = 65536) -> None:
        self.svc = svc
        self._items: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._size = size
        self._lock = threading.Lock()

    def encode(self, game_id: str, audience: Audience, records: Sequence[Record]) -> list[bytes]:
        rules = self.svc.rules_of(game_id)
        principal = _principal(audience)
        out = []
        for record in records:
            key = (game_id, record.version, record.hash, audience)
            with self._lock:
                data = self._items.get(key)
            if data is None:
                shown = queries.redact(rules, record, principal)
                data = wire.record_to_proto(rules, shown).SerializeToString()
                with self._lock:
                    self._items[key] = data
                    while len(self._items) > self._size:
                        self._items.popitem(last=False)
            out.append(data)
        return out


class _Sender:
    """One watcher: what it has been sent (``position``), what waits, and who sends it."""

    def __init__(
        self,
        encoder: Encoder,
        read: Callable[..., list[Record]],
        game_id: str,
        audience: Audience,
        position: int,
    ) -> None:
        self.encoder, self.read = encoder, read
        self.game_id, self.audience = game_id, audience
        self.position = position
        self.lock = threading.Lock()
        self.waiting: deque[bytes] = deque()
        self.ended = False
        """The game's last record is queued: the stream ends once it is sent."""
        self.closed = False
        self.sub: Subscription | None = None

    def fresh(self, item: Item) -> list[bytes]:
        """The bytes of ``item``'s records after ``position`` (moving it), up to the game's
        end; a gap is filled by one read. Called with :attr:`lock` held or by the only
        thread of a blocking stream, so items are taken in order."""
        records, data = item
        if self.ended:
            return []
        keep = [i for i, r in enumerate(records) if r.version > self.position]
        if keep and records[keep[0]].version != self.position + 1:
            records, data = self.read(self.game_id, after=self.position), None
            keep = list(range(len(records)))
        if not keep:
            return []
        if data is None:
            records = [records[i] for i in keep]
            data = self.encoder.encode(self.game_id, self.audience, records)
            keep = list(range(len(records)))
        out = []
        for i in keep:
            out.append(data[i])
            self.position = records[i].version
            if records[i].type == ENDED:
                self.ended = True
                break
        return out

    def blocking(self, fanout: Fanout, context: Any) -> Iterator[bytes]:
        """The stream as a blocking iterator (one thread per stream): the fallback."""
        items: queue.SimpleQueue[Item | None] = queue.SimpleQueue()
        sub = fanout.subscribe(self.game_id, lambda b, d: items.put((b, d)), self.audience)
        context.add_callback(lambda: items.put(None))  # the client left: wake and end
        try:
            item: Item | None = (self.read(self.game_id, after=self.position), None)
            while item is not None:
                with self.lock:
                    sent = self.fresh(item)
                yield from sent
                if self.ended:
                    return
                sub.seen(self.position)
                item = items.get()
        finally:
            sub.close()


class _NonBlocking:
    """A stream fed by the fan-out and sent by the sender pool; ends itself when done."""

    def __init__(
        self,
        sender: _Sender,
        send: Callable[[Any], None],
        context: Any,
        pool: futures.ThreadPoolExecutor,
        finished: Callable[[str], None],
    ) -> None:
        self.s, self.send, self.context, self.pool = sender, send, context, pool
        self.finished = finished
        self.ready = False
        self.stash: list[Item] = []
        self.busy = False

    def start(self, fanout: Fanout) -> None:
        s = self.s
        s.sub = fanout.subscribe(s.game_id, self.offer, s.audience)
        if not self.context.add_callback(self.left):
            self.left()
            return
        backlog = s.read(s.game_id, after=s.position)
        with s.lock:
            self._queue((backlog, None))
            for item in self.stash:
                self._queue(item)
            self.stash, self.ready = [], True
        self._kick()

    def offer(self, batch: Sequence[Record], data: Sequence[bytes] | None) -> None:
        with self.s.lock:
            if not self.ready:
                self.stash.append((batch, data))
                return
            self._queue((batch, data))
        self._kick()

    def _queue(self, item: Item) -> None:
        s = self.s
        if s.closed:
            return
        s.waiting.extend(s.fresh(item))
        if s.sub is not None:
            s.sub.seen(s.position)
        if len(s.waiting) > MAX_BEHIND:  # the client stopped reading: cut it loose
            s.waiting.clear()
            s.closed = True
            self.pool.submit(self.context.cancel)

    def _kick(self) -> None:
        with self.s.lock:
            if self.busy or self.s.closed or not (self.s.waiting or self.s.ended):
                return
            self.busy = True
        self.pool.submit(self._drain)

    def _drain(self) -> None:
        s = self.s
        try:
            while True:
                with s.lock:
                    if s.closed or not s.waiting:
                        self.busy = False
                        done = s.ended and not s.closed and not s.waiting
                        if done:
                            s.closed = True
                        break
                    data = s.waiting.popleft()
                self.send(data)  # blocks until grpc has taken the message
            if done:
                self.send(None)  # the game ended: close the stream, status OK
        except Exception:
            correlation = uuid.uuid4().hex[:16]
            log.exception("unhandled error in WatchGame (correlation id %s)", correlation)
            with s.lock:
                s.closed, self.busy = True, False
            self.context.cancel()

    def left(self) -> None:
        """The stream ended (sent out, cancelled or cut): leave the fan-out, once."""
        with self.s.lock:
            self.s.closed = True
            sub, self.s.sub = self.s.sub, None
        if sub is not None:
            sub.close()
            self.finished("OK" if self.s.ended else "CANCELLED")


def watch_handler(
    servicer: Any,
    fanout: Fanout,
    token_of: Callable[[Any], str | None],
    admission: Admission,
    encoder: Encoder,
    senders: futures.ThreadPoolExecutor,
) -> Callable[..., Iterator[Any] | None]:
    """WatchGame: authorize, queue the backlog, then send what the fan-out hands over (as
    encoded ``GameEvent`` bytes: register it without a response serializer)."""
    from service._generated.skald.v1 import skald_pb2

    svc = servicer.svc

    def watch(
        raw: bytes, context: Any, send_response_callback: Callable[[Any], None] | None = None
    ) -> Iterator[Any] | None:
        request = parse_request(skald_pb2.WatchGameRequest, raw, context)
        started = time.perf_counter()
        refused = admission.open_stream()
        if refused is not None:
            log_request("WatchGame", request, "RESOURCE_EXHAUSTED", started)
            context.abort_with_status(overloaded(refused))
        ended = threading.Event()

        def finished(status: str) -> None:  # one request-log line per stream, when it ends
            if not ended.is_set():
                ended.set()
                admission.close_stream()
                log_request("WatchGame", request, status, started)

        try:
            gid = svc.resolve(request.game_id)
            who = svc.authenticate(gid, token_of(context))
            loaded = svc.repo.load(gid)
            after = request.after_version
            if loaded.ended is not None and after >= loaded.version:
                finished("OK")  # an ended game writes nothing more
                if send_response_callback is None:
                    return iter(())
                send_response_callback(None)
                return None
            sender = _Sender(encoder, svc.repo.read, gid, audience_of(who), after)
            if send_response_callback is None:
                return _logged(sender, sender.blocking(fanout, context), finished)
            _NonBlocking(sender, send_response_callback, context, senders, finished).start(fanout)
            return None
        except SkaldError as error:
            finished(status_for(error).name)
            context.abort_with_status(rich_status(error))
        except Exception:
            finished("INTERNAL")
            correlation = uuid.uuid4().hex[:16]
            log.exception("unhandled error in WatchGame (correlation id %s)", correlation)
            context.abort_with_status(internal_status(correlation))
        return None

    watch.experimental_non_blocking = True  # type: ignore[attr-defined]
    return watch


def _logged(
    sender: _Sender, stream: Iterator[bytes], finished: Callable[[str], None]
) -> Iterator[bytes]:
    try:
        yield from stream
    finally:
        finished("OK" if sender.ended else "CANCELLED")

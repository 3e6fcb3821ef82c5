"""WatchGame over the per-game fan-out, without a thread per spectator.

A stream is a coroutine on the server's event loop (:mod:`skald.service.grpc.serving`): it reads its
backlog once, then takes what the fan-out (:mod:`skald.service.grpc.fanout`) hands over — each new batch
of a game, already encoded once per audience by :class:`Encoder` — from a queue of its own, so
1,000 spectators cost 1,000 small queues, not 1,000 blocked threads. A stream sends in order
and waits for its client's flow control; one whose client stops reading is cut (CANCELLED)
once :data:`MAX_BEHIND` batches wait, and the client resumes from its last version.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
import uuid
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Sequence
from typing import Any

from skald.domain.kernel.errors import Malformed, SkaldError
from skald.service.app import policy, queries
from skald.service.app import requests as rq
from skald.service.contract import wire
from skald.service.grpc.edge import (
    internal_status,
    log_request,
    parse_request,
    rich_status,
    status_for,
    store_down,
)
from skald.service.grpc.fanout import Fanout, Subscription
from skald.service.grpc.serving import Aborted, Admission, SyncContext, overloaded
from skald.service.model.auth import OPERATOR, SPECTATOR, Principal
from skald.service.model.records import ENDED, Record

__all__ = ["MAX_BEHIND", "Audience", "Encoder", "audience_of", "watch_handler"]

log = logging.getLogger("skald.grpc")

MAX_BEHIND = 4096
"""Batches a stream may have waiting for its client before it is cut (CANCELLED)."""

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
    """One watcher: what it has been sent (``position``) and whether the game's end was."""

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
        self.ended = False
        """The game's last record was taken: the stream ends once it is sent."""

    def fresh(self, item: Item) -> list[bytes]:
        """The bytes of ``item``'s records after ``position`` (moving it), up to the game's
        end; a gap is filled by one read. Only the stream's own coroutine calls it, so items
        are taken in order."""
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


def watch_handler(
    servicer: Any,
    fanout: Fanout,
    token_of: Callable[[Any], str | None],
    admission: Admission,
    encoder: Encoder,
) -> Callable[[bytes, Any], AsyncIterator[bytes]]:
    """WatchGame: authorize, send the backlog, then what the fan-out hands over (as encoded
    ``GameEvent`` bytes: register it without a response serializer)."""
    from skald.service.contract._generated.skald.v1 import skald_pb2

    svc = servicer.svc

    async def watch(raw: bytes, context: Any) -> AsyncIterator[bytes]:
        started = time.perf_counter()
        try:
            request = parse_request(
                skald_pb2.WatchGameRequest, raw, SyncContext(context), "WatchGame"
            )
        except Aborted as aborted:
            await _abort(context, aborted.status)
            return
        refused = admission.open_stream()
        if refused is not None:
            log_request("WatchGame", request, "RESOURCE_EXHAUSTED", started)
            await _abort(context, overloaded(refused))
            return
        status = "OK"
        sub: Subscription | None = None
        try:
            gid = svc.resolve(request.game_id)
            # The same request the in-process watch takes (the service's WatchGame), from
            # the message and the principal the token names; streamed from the fan-out.
            asked = rq.WatchGame(
                gid, request.after_version, who=svc.authenticate(gid, token_of(context))
            )
            loaded = svc.repo.load(gid)
            sender = _Sender(encoder, svc.repo.read, gid, audience_of(asked.who), asked.after)
            if sender.position > loaded.version:
                # No record after it exists yet, and the game's end (at a version before it)
                # would be skipped: the stream would never send or end. Refused as GetView
                # refuses a version the game does not have.
                raise Malformed(
                    "version/out-of-range",
                    f"after_version {sender.position} is beyond the game's version "
                    f"{loaded.version}",
                )
            if loaded.ended is not None and sender.position >= loaded.version:
                return  # an ended game writes nothing more
            loop = asyncio.get_running_loop()
            items: asyncio.Queue[Item] = asyncio.Queue()
            task = asyncio.current_task()

            def offer(item: Item) -> None:  # on the loop, in the order the fan-out delivered
                items.put_nowait(item)
                if items.qsize() > MAX_BEHIND and task is not None:
                    task.cancel()  # the client stopped reading: cut it loose (CANCELLED)

            def deliver(batch: Sequence[Record], data: Sequence[bytes] | None) -> None:
                loop.call_soon_threadsafe(offer, (batch, data))  # the pump may be on any thread

            sub = fanout.subscribe(gid, deliver, sender.audience)
            item: Item = (svc.repo.read(gid, after=sender.position), None)
            while True:
                for data in sender.fresh(item):
                    yield data
                if sender.ended:
                    return
                sub.seen(sender.position)
                item = await items.get()
        except (asyncio.CancelledError, GeneratorExit):  # the client left, or was cut
            status = "CANCELLED"
            raise
        except SkaldError as error:
            status = status_for(error).name
            await _abort(context, rich_status(error))
        except Exception as error:
            down = store_down(error)
            if down is not None:
                status = "UNAVAILABLE"
                await _abort(context, rich_status(down))
                return
            status = "INTERNAL"
            correlation = uuid.uuid4().hex[:16]
            log.exception("unhandled error in WatchGame (correlation id %s)", correlation)
            await _abort(context, internal_status(correlation))
        finally:
            if sub is not None:
                sub.close()
            admission.close_stream()
            log_request("WatchGame", request, status, started)

    return watch


async def _abort(context: Any, status: Any) -> None:
    await context.abort(status.code, status.details, status.trailing_metadata)

"""The per-game fan-out behind WatchGame: each new batch reaches every watcher of its game once,
encoded once per audience.

Watchers of one game share a :class:`_Channel`. A write in this process hands its sealed records
to :meth:`Fanout.appended` (no store read); a write another worker tells of
(:mod:`skald.service.store.siblings`), or one seen through :mod:`skald.service.store.notify` from another process or
replica, calls :meth:`Fanout.changed`, and the channel reads the records after its position
once (not at all when a sibling's notice names a version it has). Either way only that game's
channel wakes, one pump (on the server's event loop, or a small pool) takes the batch, encodes
it once for each audience its subscribers form (everything, one seat, or the public:
``encode``), and hands every subscriber the same records
and bytes. No lock is held
while reading or encoding: a channel's lock guards its position, pushed records and
subscribers only, and a kick that arrives while its pump runs makes the pump look once more
instead of starting another.

Pushed records are used when they continue the channel's position; otherwise (a gap: another
process wrote in between, or two appends of this process finished out of order) the pump reads
the store instead. A subscriber may still see records it already has (it subscribed before
reading its backlog) or a gap (it joined after the channel's position): it filters by version
and fills a gap itself, see :mod:`skald.service.grpc.watching`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Hashable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from skald.service.model.records import Record

__all__ = ["Fanout", "Subscription"]

log = logging.getLogger("skald.fanout")

Deliver = Callable[[Sequence[Record], Sequence[bytes] | None], None]
"""A subscriber's sink: the batch, and its records encoded for the subscriber's audience (or
``None`` when the fan-out encodes nothing)."""
Read = Callable[[str, int], list[Record]]
Encode = Callable[[str, Any, Sequence[Record]], list[bytes]]
"""``(game id, audience, records)`` → each record's wire bytes for that audience."""


class Subscription:
    """One watcher's place in a game's channel; :meth:`close` leaves it."""

    def __init__(self, channel: _Channel, audience: Hashable, deliver: Deliver) -> None:
        self._channel = channel
        self.audience = audience
        self.deliver = deliver

    def seen(self, version: int) -> None:
        """The watcher has read up to ``version`` itself: the channel need not read before it."""
        self._channel.advance(version)

    def close(self) -> None:
        self._channel.leave(self)


class _Channel:
    def __init__(self, fanout: Fanout, game_id: str) -> None:
        self.fanout = fanout
        self.game_id = game_id
        self.position = 0
        self.subscribers: list[Subscription] = []
        self.lock = threading.Lock()
        self.running = False
        self.again = False
        self.pushed: list[Record] = []
        self.read_needed = False

    def advance(self, version: int) -> None:
        with self.lock:
            self.position = max(self.position, version)

    def leave(self, sub: Subscription) -> None:
        with self.lock:
            if sub in self.subscribers:
                self.subscribers.remove(sub)
            empty = not self.subscribers
        if empty:
            self.fanout._drop(self)

    def kick(self, records: Sequence[Record] = ()) -> None:
        """Records were written: pushed ones are used as they are, no records means read."""
        with self.lock:
            if records:
                self.pushed.extend(records)
            else:
                self.read_needed = True
            if self.running:
                self.again = True
                return
            self.running = True
        self.fanout._schedule(self._pump)

    def _next_batch(self, after: int, pushed: list[Record], read_needed: bool) -> list[Record]:
        fresh = sorted((r for r in pushed if r.version > after), key=lambda r: r.version)
        contiguous = all(r.version == after + 1 + i for i, r in enumerate(fresh))
        if fresh and contiguous and not read_needed:
            return fresh
        if not fresh and not read_needed:
            return []  # pushed records the channel had already
        try:
            return self.fanout._read(self.game_id, after)
        except Exception:  # a store error ends this look; the next write kicks again
            log.exception("fan-out read failed for game %s", self.game_id)
            return []

    def _pump(self) -> None:
        while True:
            with self.lock:
                after, self.again = self.position, False
                pushed, self.pushed = self.pushed, []
                read_needed, self.read_needed = self.read_needed, False
            batch = self._next_batch(after, pushed, read_needed)
            with self.lock:
                if batch:
                    self.position = max(self.position, batch[-1].version)
                subscribers = list(self.subscribers)
            if batch and subscribers:
                self._deliver(batch, subscribers)
            with self.lock:
                if not self.again:
                    self.running = False
                    return

    def _deliver(self, batch: list[Record], subscribers: list[Subscription]) -> None:
        encode = self.fanout._encode
        encoded: dict[Hashable, Sequence[bytes] | None] = {}
        for sub in subscribers:
            if sub.audience not in encoded:
                try:
                    encoded[sub.audience] = (
                        encode(self.game_id, sub.audience, batch) if encode else None
                    )
                except Exception:  # the stream encodes for itself instead
                    log.exception("fan-out encoding failed for game %s", self.game_id)
                    encoded[sub.audience] = None
            sub.deliver(batch, encoded[sub.audience])


class Fanout:
    """Channels of watched games, for one process; thread-safe."""

    def __init__(
        self,
        read: Read,
        threads: int = 4,
        encode: Encode | None = None,
        schedule: Callable[[Callable[[], None]], object] | None = None,
    ) -> None:
        """``schedule(pump)`` runs a channel's pump somewhere (thread-safe to call); by
        default on a pool of ``threads``. The server passes its event loop's
        ``call_soon_threadsafe``: a pump is a few microseconds of encoding, and on the loop it
        costs no thread hand-off between a write and its watchers."""
        self._read = read
        self._encode = encode
        self._channels: dict[str, _Channel] = {}
        self._lock = threading.Lock()
        self._pool: ThreadPoolExecutor | None = None
        if schedule is None:
            self._pool = ThreadPoolExecutor(threads, thread_name_prefix="skald-fanout")
            schedule = self._pool.submit
        self._schedule = schedule

    def subscribe(self, game_id: str, deliver: Deliver, audience: Hashable = None) -> Subscription:
        with self._lock:
            channel = self._channels.get(game_id)
            if channel is None:
                channel = self._channels[game_id] = _Channel(self, game_id)
            sub = Subscription(channel, audience, deliver)
            with channel.lock:
                channel.subscribers.append(sub)
        return sub

    def changed(self, game_id: str, version: int = 0) -> None:
        """Another process wrote to ``game_id`` (up to ``version``, when known): its watchers'
        channel reads the new records, unless it has that version already."""
        channel = self._channels.get(game_id)
        if channel is not None and (not version or channel.position < version):
            channel.kick()

    def appended(self, game_id: str, records: Sequence[Record]) -> None:
        """This process wrote ``records`` to ``game_id``: its watchers get them without a read."""
        channel = self._channels.get(game_id)
        if channel is not None:
            channel.kick(records)

    def watched(self) -> list[str]:
        with self._lock:
            return list(self._channels)

    def watchers(self, game_id: str) -> int:
        channel = self._channels.get(game_id)
        return len(channel.subscribers) if channel is not None else 0

    def _drop(self, channel: _Channel) -> None:
        with self._lock, channel.lock:
            if not channel.subscribers and self._channels.get(channel.game_id) is channel:
                del self._channels[channel.game_id]

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)

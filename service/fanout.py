"""The per-game fan-out behind WatchGame: each new batch is read once and handed to every watcher.

Watchers of one game share a :class:`_Channel`. A write (in this process, or seen through
:mod:`service.notify` from another process or replica) calls :meth:`Fanout.changed` with the
game's id; only that game's channel wakes, one pump on a small pool reads the records after its
position once, and every subscriber of the game gets the same batch. No lock is held while
reading: a channel's lock guards its position and subscribers only, and a kick that arrives
while its pump runs makes the pump read once more instead of starting another.

A subscriber may see records it already has (it subscribed before reading its backlog) or a
gap (it joined after the channel's position): it filters by version and fills a gap itself,
see :func:`service.aio_server.watch_records`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor

from service.records import Record

__all__ = ["Fanout", "Subscription"]

log = logging.getLogger("skald.fanout")

Deliver = Callable[[Sequence[Record]], None]
Read = Callable[[str, int], list[Record]]


class Subscription:
    """One watcher's place in a game's channel; :meth:`close` leaves it."""

    def __init__(self, channel: _Channel, deliver: Deliver) -> None:
        self._channel = channel
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

    def kick(self) -> None:
        with self.lock:
            if self.running:
                self.again = True
                return
            self.running = True
        self.fanout._pool.submit(self._pump)

    def _pump(self) -> None:
        while True:
            with self.lock:
                after, self.again = self.position, False
            try:
                batch = self.fanout._read(self.game_id, after)
            except Exception:  # a store error ends this pump; the next write kicks again
                log.exception("fan-out read failed for game %s", self.game_id)
                batch = []
            with self.lock:
                if batch:
                    self.position = max(self.position, batch[-1].version)
                subscribers = list(self.subscribers)
            for sub in subscribers if batch else ():
                sub.deliver(batch)
            with self.lock:
                if not self.again:
                    self.running = False
                    return


class Fanout:
    """Channels of watched games, for one process; thread-safe."""

    def __init__(self, read: Read, threads: int = 4) -> None:
        self._read = read
        self._channels: dict[str, _Channel] = {}
        self._lock = threading.Lock()
        self._pool = ThreadPoolExecutor(threads, thread_name_prefix="skald-fanout")

    def subscribe(self, game_id: str, deliver: Deliver) -> Subscription:
        with self._lock:
            channel = self._channels.get(game_id)
            if channel is None:
                channel = self._channels[game_id] = _Channel(self, game_id)
            sub = Subscription(channel, deliver)
            with channel.lock:
                channel.subscribers.append(sub)
        return sub

    def changed(self, game_id: str) -> None:
        """A write to ``game_id`` happened somewhere: wake that game's watchers only."""
        channel = self._channels.get(game_id)
        if channel is not None:
            channel.kick()

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
        self._pool.shutdown(wait=False, cancel_futures=True)

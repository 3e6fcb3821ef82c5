"""Change notices among the workers of one ``skald serve --workers N``: a datagram per write.

Workers share a SQLite file (or a PostgreSQL database) and nothing else, so a watcher on one
worker learned of another worker's write only from the notification log's 20 ms poll
(:class:`skald.service.store.notify.LogTail`): across two workers with 1,000 spectators, watch delivery
p99 was 136 ms, and every worker's poll thread took the GIL from its event loop fifty times a
second. Here each worker owns a Unix datagram socket, named before the fork; after each append
it sends ``<game id> <version>`` to every sibling, and each worker reads its socket on its event
loop (``add_reader``: no thread), waking only that game's watchers, and only when they have not
got that version yet. Sending never blocks: a datagram a sibling cannot take now (its buffer
full, or it is not up yet) is dropped, and the log tail, then polling once a second as a
safety net, covers it — as it covers writes by processes outside the group (``skald import``
on the same file, say).

A datagram is only a hint — the records themselves are read from the store — so whatever
else could send to these names can make a worker read, never make it believe anything.
Names are in Linux's abstract socket namespace (no file to clean up, gone with the process);
elsewhere there are no sibling notices and the log tail polls at its usual 20 ms.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
import sys
from collections.abc import Callable, Sequence

from skald.service.model.records import Record

__all__ = ["Siblings", "sibling_names"]

log = logging.getLogger("skald.siblings")

Changed = Callable[[str, int], None]
"""``(game id, version)``: a sibling wrote that game up to that version."""


def sibling_names(count: int) -> list[bytes] | None:
    """One abstract socket name per worker (decided in the parent, before the fork), or
    ``None`` where abstract names do not exist."""
    if not sys.platform.startswith("linux") or count < 2:
        return None
    tag = f"skald-{os.getpid()}-{secrets.token_hex(4)}"
    return [f"\0{tag}-{i}".encode() for i in range(count)]


class Siblings:
    """Worker ``index`` of the group ``names``: sends its writes, hears the others'."""

    def __init__(self, names: Sequence[bytes], index: int) -> None:
        self.names = list(names)
        self.index = index
        self._others = [n for i, n in enumerate(self.names) if i != index]
        self._inbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._inbox.bind(self.names[index])
        self._inbox.setblocking(False)
        self._outbox = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
        self._outbox.setblocking(False)
        self._loop: asyncio.AbstractEventLoop | None = None
        self.sent = self.dropped = self.heard = 0

    def wrote(self, game_id: str, records: Sequence[Record]) -> None:
        """This worker appended ``records`` to ``game_id``: tell every sibling (never blocks)."""
        if not records:
            return
        message = f"{game_id} {records[-1].version}".encode()
        for name in self._others:
            try:
                self._outbox.sendto(message, name)
                self.sent += 1
            except OSError:  # full, or not bound yet: the log tail's poll covers it
                self.dropped += 1

    def listen(self, loop: asyncio.AbstractEventLoop, changed: Changed) -> None:
        """Read the inbox on ``loop`` and report each ``(game, version)`` heard to ``changed``."""
        self._loop = loop

        def readable() -> None:
            while True:
                try:
                    data = self._inbox.recv(256)
                except (BlockingIOError, InterruptedError):
                    return
                except OSError:
                    log.warning("sibling inbox read failed", exc_info=True)
                    return
                game_id, _, version = data.decode(errors="replace").partition(" ")
                if version.isdigit():
                    self.heard += 1
                    changed(game_id, int(version))

        loop.add_reader(self._inbox.fileno(), readable)

    def close(self) -> None:
        if self._loop is not None and not self._loop.is_closed():
            self._loop.remove_reader(self._inbox.fileno())
        self._inbox.close()
        self._outbox.close()

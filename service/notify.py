"""Change notices between processes: which game another worker or replica just wrote.

A write in this process reaches the fan-out directly, records and all
(:meth:`Repository.listen_records`). Writes by other processes arrive here:

* :class:`LogTail` (any store, including SQLite shared by ``--workers``): one cheap query of the
  notification log's last id every ``interval``; when it moved, the new rows name the games
  written, and only those games' watchers wake.
* :class:`PgNotices` (PostgreSQL): each append sends ``NOTIFY skald_events, '<game id>'`` and
  every replica ``LISTEN``\\ s, so a watcher on another machine wakes at once instead of at the
  next poll. The log tail stays on at a slow interval as a safety net (a notice is not
  delivered to a listener that was reconnecting).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from eventsourcing.utils import get_topic

from service.store import EventStore, StoredRecord

__all__ = ["CHANNEL", "LogTail", "PgNotices", "start_notices"]

log = logging.getLogger("skald.notify")

CHANNEL = "skald_events"
"""The PostgreSQL notification channel; the payload is the written game's id."""

Changed = Callable[[str], None]
_RECORD_TOPIC = get_topic(StoredRecord)  # a game's records; secrets and heads are not games


class LogTail:
    """Polls the notification log's head and reports the games written since the last poll."""

    def __init__(self, store: EventStore, changed: Changed, interval: float = 0.02) -> None:
        self.store = store
        self.changed = changed
        self.interval = interval
        self._stop = threading.Event()
        self._position = store.recorder.max_notification_id() or 0
        self._thread = threading.Thread(target=self._run, name="skald-logtail", daemon=True)

    def start(self) -> LogTail:
        self._thread.start()
        return self

    def poll(self) -> set[str]:
        """The games written since the last poll (each reported to ``changed`` once)."""
        head = self.store.recorder.max_notification_id() or 0
        games: set[str] = set()
        while head > self._position:
            rows = self.store.recorder.select_notifications(
                self._position, 500, inclusive_of_start=False
            )
            if not rows:
                break
            games.update(str(row.originator_id) for row in rows if row.topic == _RECORD_TOPIC)
            self._position = rows[-1].id
        for game in games:
            self.changed(game)
        return games

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.poll()
            except Exception:  # the store may be briefly unavailable; try again next tick
                log.warning("notification log poll failed", exc_info=True)

    def stop(self) -> None:
        """Stop polling and wait for a poll under way, so the store may be closed after (a
        SQLite connection closed under a running query crashes the process)."""
        self._stop.set()
        _join(self._thread)


def _join(thread: threading.Thread) -> None:
    if thread.is_alive() and thread is not threading.current_thread():
        thread.join(timeout=5)


class PgNotices:
    """``NOTIFY`` after each local append and ``LISTEN`` for every replica's appends."""

    def __init__(self, store: EventStore, changed: Changed) -> None:
        self.store = store
        self.changed = changed
        self._local = threading.local()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._listen, name="skald-pglisten", daemon=True)
        self._ready = threading.Event()

    def _connect(self) -> Any:
        from service.store_check import connect

        return connect(self.store.env, timeout=5)

    def start(self) -> PgNotices:
        self._thread.start()
        self._ready.wait(5)
        return self

    def send(self, game_id: str) -> None:
        """Tell every replica that ``game_id`` was written (one connection per thread)."""
        conn = getattr(self._local, "conn", None)
        try:
            if conn is None or conn.closed:
                conn = self._local.conn = self._connect()
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game_id))
        except Exception:  # the replicas' log tails still see the write
            self._local.conn = None
            log.warning("NOTIFY failed for game %s", game_id, exc_info=True)

    def _listen(self) -> None:
        while not self._stop.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._ready.set()
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            self.changed(notice.payload)
            except Exception:
                log.warning("LISTEN connection lost; reconnecting", exc_info=True)
                self._stop.wait(1.0)

    def stop(self) -> None:
        self._stop.set()  # its own connection, not the store's: no need to wait for it


def start_notices(
    store: EventStore, changed: Changed, listen: Callable[[Changed], None]
) -> list[Any]:
    """Start what tells ``changed`` about other processes' writes for this store; ``listen``
    registers a callback for this process's own appends (to send PostgreSQL notices)."""
    started: list[Any] = []
    if store.env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
        notices = PgNotices(store, changed).start()
        listen(notices.send)
        started.append(notices)
        started.append(LogTail(store, changed, interval=1.0).start())
    elif store.env.get("SQLITE_DBNAME") not in (None, ":memory:"):
        started.append(LogTail(store, changed).start())
    return started

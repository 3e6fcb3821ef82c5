"""Change notices between processes: which game another worker or replica just wrote.

A write in this process reaches the fan-out directly, records and all
(:meth:`Repository.listen_records`). Writes by other processes arrive here:

* :class:`LogTail` (any store, including SQLite shared by ``--workers``): one cheap query of the
  notification log's last id every ``interval``; when it moved, the new rows name the games
  written, and only those games' watchers wake. Rows this process wrote are skipped (the
  fan-out has them already), and when every new row is its own the tail reads none of them:
  one worker alone never reads its writes back. Measured under load before this: the tail's
  reads and the channel reads they caused were 7% of the server's CPU, on a thread that took
  the GIL from the event loop fifty times a second.
* :class:`PgNotices` (PostgreSQL): each append sends ``NOTIFY skald_events, '<game id>'`` and
  every replica ``LISTEN``\\ s, so a watcher on another machine wakes at once instead of at the
  next poll. A replica hears its own notices too: it counts those it sent and passes over as
  many for that game (any notice makes the game's channel read everything after its
  position, so passing over another replica's notice in place of its own loses nothing). The
  log tail stays on at a slow interval as a safety net (a notice is not delivered to a
  listener that was reconnecting).
"""

from __future__ import annotations

import logging
import threading
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from eventsourcing.utils import get_topic

from skald.service.store.event_store import EventStore, StoredRecord

if TYPE_CHECKING:
    from skald.service.store.repository import Repository

__all__ = ["CHANNEL", "LogTail", "PgNotices", "start_notices"]

log = logging.getLogger("skald.notify")

CHANNEL = "skald_events"
"""The PostgreSQL notification channel; the payload is the written game's id."""

Changed = Callable[[str], None]
_RECORD_TOPIC = get_topic(StoredRecord)  # a game's records; secrets and heads are not games
OWN_LIMIT = 100_000
"""Own row ids kept for the next poll at most (past it, own rows are read like others')."""


class LogTail:
    """Polls the notification log's head and reports the games written since the last poll."""

    def __init__(self, store: EventStore, changed: Changed, interval: float = 0.02) -> None:
        self.store = store
        self.changed = changed
        self.interval = interval
        self._stop = threading.Event()
        self._position = store.recorder.max_notification_id() or 0
        self._own: set[int] = set()
        self._own_lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="skald-logtail", daemon=True)

    def start(self) -> LogTail:
        self._thread.start()
        return self

    def wrote(self, ids: Sequence[int]) -> None:
        """This process wrote the rows ``ids``: polls neither read nor report them."""
        with self._own_lock:
            if len(self._own) < OWN_LIMIT:
                self._own.update(i for i in ids if i > self._position)

    def poll(self) -> set[str]:
        """The games others wrote since the last poll (each reported to ``changed`` once)."""
        head = self.store.recorder.max_notification_id() or 0
        games: set[str] = set()
        if head <= self._position:
            return games
        with self._own_lock:
            own, span = self._own, range(self._position + 1, head + 1)
            if len(own) >= len(span) and all(i in own for i in span):
                own.difference_update(span)  # every new row is this process's: none read
                self._position = head
                return games
        while head > self._position:
            rows = self.store.recorder.select_notifications(
                self._position, 500, inclusive_of_start=False
            )
            if not rows:
                break
            with self._own_lock:
                games.update(
                    str(row.originator_id)
                    for row in rows
                    if row.topic == _RECORD_TOPIC and row.id not in self._own
                )
            self._position = rows[-1].id
        with self._own_lock:
            self._own = {i for i in self._own if i > self._position}
        for game in games:
            self.changed(game)
        return games

    def _run(self) -> None:
        from eventsourcing.persistence import InterfaceError, OperationalError

        from skald.service.store.check import HEALTH

        outage = _Outage("notification log poll")
        while not self._stop.wait(self.interval):
            try:
                self.poll()
            except (InterfaceError, OperationalError) as error:  # the store's own line says it
                HEALTH.failed(error)
            except Exception as error:  # anything else: one line, next tick
                outage.failed(error)
            else:
                outage.ok()

    def stop(self) -> None:
        """Stop polling and wait for a poll under way, so the store may be closed after (a
        SQLite connection closed under a running query crashes the process)."""
        self._stop.set()
        _join(self._thread)


class _Outage:
    """One warning line when a background connection starts failing and one when it works
    again, not a traceback a second while the database is away (an outage is not a bug)."""

    def __init__(self, what: str) -> None:
        self.what = what
        self.down = False

    def failed(self, error: BaseException) -> None:
        if self.down:
            return
        self.down = True
        cause = " ".join(str(error).split())[:300]
        log.warning("%s failed: %s: %s; retrying", self.what, type(error).__name__, cause)

    def ok(self) -> None:
        if self.down:
            self.down = False
            log.warning("%s works again", self.what)


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
        self._sent: Counter[str] = Counter()  # own notices not heard back yet, per game
        self._sent_lock = threading.Lock()
        self._send_outage = _Outage("NOTIFY")

    def _connect(self) -> Any:
        from skald.service.store.check import connect

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
            with self._sent_lock:
                self._sent[game_id] += 1
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, game_id))
        except Exception as error:  # the replicas' log tails still see the write
            self._own_notice(game_id)  # not sent: not to be heard back
            self._local.conn = None
            self._send_outage.failed(error)  # one line while it fails, not one per write
        else:
            self._send_outage.ok()

    def _listen(self) -> None:
        outage = _Outage("LISTEN connection")
        while not self._stop.is_set():
            try:
                with self._connect() as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    outage.ok()
                    with self._sent_lock:
                        self._sent.clear()  # notices sent before are not heard now
                    self._ready.set()
                    while not self._stop.is_set():
                        for notice in conn.notifies(timeout=1.0):
                            if not self._own_notice(notice.payload):
                                self.changed(notice.payload)
            except Exception as error:
                outage.failed(error)
                self._stop.wait(1.0)

    def _own_notice(self, game_id: str) -> bool:
        """Pass over one notice per notice this process sent for ``game_id``."""
        with self._sent_lock:
            if self._sent[game_id] <= 0:
                return False
            self._sent[game_id] -= 1
            if not self._sent[game_id]:
                del self._sent[game_id]
            return True

    def stop(self) -> None:
        self._stop.set()  # its own connection, not the store's: no need to wait for it


def start_notices(
    repo: Repository, changed: Changed, tail_interval: float = 0.02
) -> list[Callable[[], None]]:
    """Start what tells ``changed`` about other processes' writes to ``repo``'s store, hooked
    to this process's own appends (PostgreSQL notices are sent after them; the log tail skips
    their rows); returns what stops each, unhooking it too. On SQLite the log tail polls every
    ``tail_interval`` seconds (a second where the workers tell each other of their writes:
    :mod:`skald.service.store.siblings`)."""
    store = repo.store
    stops: list[Callable[[], None]] = []
    tail: LogTail | None = None
    if store.env.get("PERSISTENCE_MODULE") == "eventsourcing.postgres":
        notices = PgNotices(store, changed).start()
        repo.listen(notices.send)

        def stop_notices() -> None:
            repo.unlisten(notices.send)
            notices.stop()

        stops.append(stop_notices)
        tail = LogTail(store, changed, interval=1.0)
    elif store.env.get("SQLITE_DBNAME") not in (None, ":memory:"):
        tail = LogTail(store, changed, interval=tail_interval)
    if tail is not None:
        running = tail
        repo.listen_rows(running.wrote)
        running.start()

        def stop_tail() -> None:
            repo.unlisten_rows(running.wrote)
            running.stop()

        stops.append(stop_tail)
    return stops

"""Group commit for the server on SQLite: commits return at once, answers wait for the disk.

On its own, SQLite (``synchronous=FULL``, the library's default) makes every commit wait for an
fsync of its write-ahead log. The server commits on its event loop (:mod:`service.serving`),
so each fsync stopped every call, stream and write of the process — 0.3 ms on a quiet disk
here, and up to 490 ms when the disk stalled (``skald loadtest``, README "Serving") — and a
second ``--workers`` process found SQLite's write lock held across the other's fsync.

While the server runs, its connections commit with ``synchronous=NORMAL`` (the commit writes the
log; it does not sync it) and without automatic checkpoints, and this module does the syncing
off the loop:

* a **sync thread** fsyncs the log whenever something waits for it; every waiter that asked
  before a sync *began* is released when that sync ends, so one fsync covers every commit made
  in the meantime (group commit), and the loop never waits for the disk;
* **every answer and every stream batch waits for such a sync** before it leaves the process
  (:meth:`GroupCommit.barrier`). Whatever the answer was built from — this process's commits,
  another worker's, any reader's view of the log — was in the log before that sync began, so it
  is on disk when the client hears of it. A command is durable before it is acknowledged, as
  with ``FULL``; what changes is that its commit no longer holds the loop or the write lock
  while the disk works. Nothing is shown that a power cut could take back.
* a **checkpoint thread** copies the log into the database file every
  :data:`CHECKPOINT_EVERY` seconds (``PASSIVE``: it never waits for readers or writers), which
  ``synchronous=NORMAL`` syncs itself; the log stays bounded without a checkpoint ever running
  on the loop.

A crash of the process (``kill -9``) loses nothing either way: a commit's pages are in the
operating system's cache once it returns. The sync only matters for a power cut or a kernel
crash, which is what an acknowledgement promises to survive. If an fsync fails the durability
of the log is unknown (the kernel may have dropped the pages): every waiter then gets
:class:`Unsynced` (``UNAVAILABLE``) and so does every later one; the process must be restarted,
which recovers from the log as SQLite always does.

Measured (``skald loadtest``, README "Serving"): see the figures there.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import sqlite3
import threading
import time
from collections.abc import Callable
from pathlib import Path

from domain.kernel.errors import SkaldError

__all__ = ["CHECKPOINT_EVERY", "RELAXED", "GroupCommit", "Unsynced"]

log = logging.getLogger("skald.durability")

CHECKPOINT_EVERY = 0.5
"""Seconds between the checkpoint thread's passive checkpoints."""

RELAXED = ("PRAGMA synchronous=NORMAL", "PRAGMA wal_autocheckpoint=0")
"""What the server's connections run while a :class:`GroupCommit` syncs for them."""


class Unsynced(SkaldError):
    """The log could not be synced to disk: what was written may not survive a power cut."""

    kind = "unavailable"


def _fsync_path(path: Path) -> None:
    """fsync ``path`` (opened for the call: the log file is the same inode while any
    connection is open, and a fresh descriptor syncs every process's pages of it)."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


class GroupCommit:
    """The sync and checkpoint threads of one process's SQLite store (see the module doc).

    ``barrier()`` is called on ``loop`` only; ``sync`` (default: fsync the log file) is what a
    sync does, given here so a test can hold it and watch what waits."""

    def __init__(
        self,
        db_path: Path,
        loop: asyncio.AbstractEventLoop,
        *,
        sync: Callable[[], None] | None = None,
        checkpoint_every: float | None = None,
    ) -> None:
        self.db_path = db_path
        self.wal_path = Path(f"{db_path}-wal")
        self.loop = loop
        self._sync = sync or (lambda: _fsync_path(self.wal_path))
        self.checkpoint_every = CHECKPOINT_EVERY if checkpoint_every is None else checkpoint_every
        self._cond = threading.Condition()
        self._waiting: list[asyncio.Future[None]] = []
        """The futures the next sync releases (one per waiter, so a cancelled call cancels
        only its own); taken by the sync thread, under ``_cond``, just before it syncs."""
        self._failed: BaseException | None = None
        self._closing = False
        self._stopping = threading.Event()
        """Set by :meth:`close`: the checkpoint thread's last round."""
        self._probe = sqlite3.connect(db_path, check_same_thread=False)
        """Never writes: its ``data_version`` changes with every commit of any connection,
        of any process (read under ``_cond``, from the loop and the sync thread)."""
        self._synced_version = -1
        """The probe's ``data_version`` read just before the last sync that has ended began:
        while it reads the same, nothing was committed since, and there is nothing to wait
        for (the loop's copy, set when that sync's waiters are released)."""
        self.syncs = 0
        """Syncs done (each covers every waiter that asked before it began)."""
        self.checkpoints = 0
        self._threads = [
            threading.Thread(target=self._sync_loop, name="skald-sync", daemon=True),
            threading.Thread(target=self._checkpoint_loop, name="skald-checkpoint", daemon=True),
        ]

    def start(self) -> None:
        # the log file may just have been made by the first connection: its directory entry
        # is synced once, so the log itself cannot vanish in a power cut
        fd = os.open(self.db_path.parent, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
        for thread in self._threads:
            thread.start()

    def _version(self) -> int:
        """The probe's ``data_version`` (under ``_cond``)."""
        row = self._probe.execute("PRAGMA data_version").fetchone()
        return int(row[0])

    # ------------------------------------------------------------------ waiting (on the loop)

    def barrier(self) -> asyncio.Future[None]:
        """A future done when a sync that began after this call has ended: everything in the
        log now (whoever wrote it) is then on disk. Fails with :class:`Unsynced` if the log
        could not be synced."""
        waiter: asyncio.Future[None] = self.loop.create_future()
        with self._cond:
            if self._failed is not None:
                waiter.set_exception(
                    Unsynced("store/unsynced", f"the log could not be synced: {self._failed}")
                )
                return waiter
            if self._version() == self._synced_version:
                waiter.set_result(None)  # nothing committed since the last sync began
                return waiter
            self._waiting.append(waiter)
            if len(self._waiting) == 1:
                self._cond.notify()
            return waiter

    def hold(self, then: Callable[[], None]) -> None:
        """Run ``then()`` on the loop once a sync begun after this call has ended (in the order
        held); if the log cannot be synced it never runs (the streams it would feed end with
        :class:`Unsynced` on their next read of the store)."""

        def done(waited: asyncio.Future[None]) -> None:
            if not waited.cancelled() and waited.exception() is None:
                then()

        # a done future runs its callback soon, not now: after every batch held before it
        self.barrier().add_done_callback(done)

    # ------------------------------------------------------------------ the threads

    def _sync_loop(self) -> None:
        while True:
            with self._cond:
                while not self._waiting and not self._closing:
                    self._cond.wait()
                if not self._waiting:  # closing, nobody waiting
                    return
                released, self._waiting = self._waiting, []
                version = self._version()  # every commit the waiters could have seen
            try:
                self._sync()
            except Exception as error:  # the kernel may have dropped the pages: stop promising
                log.critical("the store's log could not be synced: %s", error)
                with self._cond:
                    self._failed = error
                    released += self._waiting
                    self._waiting = []
                self._settle(released, error)
                return
            self.syncs += 1
            self._settle(released, None, version)

    def _settle(
        self, futures: list[asyncio.Future[None]], error: BaseException | None, version: int = -1
    ) -> None:
        def settle() -> None:
            # on the loop, before the waiters' callbacks: a barrier that takes the short way
            # (nothing newer than this sync) cannot overtake a hold this sync releases
            self._synced_version = max(self._synced_version, version)
            for future in futures:
                if future.done():  # its call was cancelled
                    continue
                if error is None:
                    future.set_result(None)
                else:
                    future.set_exception(
                        Unsynced("store/unsynced", f"the log could not be synced: {error}")
                    )

        with contextlib.suppress(RuntimeError):  # a closed loop: nobody is left to tell
            self.loop.call_soon_threadsafe(settle)

    def _checkpoint_loop(self) -> None:
        connection = sqlite3.connect(self.db_path, check_same_thread=False, timeout=1.0)
        try:
            connection.execute("PRAGMA synchronous=NORMAL")
            while True:
                closing = self._stopping.wait(self.checkpoint_every)
                self._checkpoint(connection, "TRUNCATE" if closing else "PASSIVE")
                if closing:
                    return
        finally:
            connection.close()

    def _checkpoint(self, connection: sqlite3.Connection, mode: str) -> None:
        try:
            busy, _, _ = connection.execute(f"PRAGMA wal_checkpoint({mode})").fetchone()
        except sqlite3.Error as error:  # another worker's checkpoint, say: the next one
            log.debug("checkpoint skipped: %s", error)
            return
        if not busy:
            self.checkpoints += 1

    def close(self, timeout: float = 10.0) -> None:
        """Stop both threads after a last sync of anything waiting and a last checkpoint."""
        with self._cond:
            self._closing = True
            self._cond.notify_all()
        self._stopping.set()
        deadline = time.monotonic() + timeout
        for thread in self._threads:
            if thread.is_alive():
                thread.join(max(0.0, deadline - time.monotonic()))
        with self._cond:
            self._probe.close()

"""``skald serve --workers N`` on SQLite: the workers' writes take turns on ``<file>.write-turn``
(``service/store/event_store.py``, issue 27) instead of meeting on SQLite's lock, whose busy
handler sleeps for milliseconds however soon the lock is free."""

from __future__ import annotations

import fcntl
import os
import re
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from skald.service.app.requests import CreateGame
from skald.service.bootstrap import open_service
from skald.service.store import event_store
from tests.e2e_helpers import GAME


def test_a_write_waits_for_the_turn_and_a_read_does_not(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "s.db"
    monkeypatch.setattr(event_store, "WRITE_TURNS", [True])
    monkeypatch.setenv("SKALD_LOCK_TIMEOUT", "60")  # the write waits for the turn, not the bound
    svc = open_service(str(db))
    first = svc.create(CreateGame(GAME, 2, seed=b"a")).game_id
    turn = Path(f"{db}.write-turn")
    assert turn.exists()
    holder = os.open(turn, os.O_RDWR)  # another open file: a sibling worker's turn
    released = threading.Event()
    seen: list[tuple[str, bool]] = []

    def write() -> None:
        seen.append((svc.create(CreateGame(GAME, 2, seed=b"b")).game_id, released.is_set()))

    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        writer = threading.Thread(target=write)
        writer.start()
        assert svc.store.head(first).version >= 1  # a read takes no turn: answered while held
        released.set()
        fcntl.flock(holder, fcntl.LOCK_UN)
        writer.join()
        [(second, after_release)] = seen
        assert after_release  # the write finished only once the turn was given back
        assert second != first
        # the turn is given back after each write: this process takes it at once
        fcntl.flock(holder, fcntl.LOCK_EX | fcntl.LOCK_NB)
        fcntl.flock(holder, fcntl.LOCK_UN)
    finally:
        os.close(holder)
        svc.store.close()


def test_a_write_held_past_its_bound_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skald.domain.kernel.errors import SkaldError

    monkeypatch.setenv("SKALD_LOCK_TIMEOUT", "0.3")
    monkeypatch.setattr(event_store, "WRITE_TURNS", [True])
    db = tmp_path / "s.db"
    svc = open_service(str(db))
    svc.create(CreateGame(GAME, 2, seed=b"a"))
    holder = os.open(f"{db}.write-turn", os.O_RDWR)
    try:
        fcntl.flock(holder, fcntl.LOCK_EX)
        with pytest.raises(SkaldError) as refused:  # held past the bound: refused, not hung
            svc.create(CreateGame(GAME, 2, seed=b"b"))
        assert refused.value.rule == "store/unavailable"
    finally:
        os.close(holder)
        svc.store.close()


def test_two_sqlite_workers_take_write_turns(tmp_path: Path) -> None:
    """A real ``--workers 2`` on SQLite: still two workers, and the turn file beside the store."""
    db = tmp_path / "s.db"
    command = [sys.executable, "-m", "skald.cli.main", "serve", "--open", "--port", "0"]
    proc = subprocess.Popen(
        [*command, "--db", str(db), "--workers", "2"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "COLUMNS": "200"},
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert re.match(r"skald serving on 127\.0\.0\.1:\d+ with 2 workers ", line), line
        assert Path(f"{db}.write-turn").exists()
    finally:
        proc.terminate()
        proc.communicate(timeout=20)
    assert proc.returncode == 0

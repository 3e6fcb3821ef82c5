"""``skald play`` end to end in a real terminal: tmux runs the console script, keys are typed
with ``send-keys`` and the screen is read with ``capture-pane``, as a person would see it.

Seat 0 plays a move by its number, waits, sees seat 1's moves (made meanwhile by other
``skald play`` calls with move numbers) arrive, types a bad line (nothing changes), quits."""

from __future__ import annotations

import shlex
import shutil
import subprocess
import time
import uuid
from pathlib import Path

import pytest

from tests.e2e_helpers import invoke_skald, skald_executable

pytestmark = pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")


def _tmux(*args: str) -> str:
    done = subprocess.run(["tmux", *args], capture_output=True, text=True, timeout=10)
    return done.stdout


def _screen(name: str) -> str:
    return _tmux("capture-pane", "-p", "-t", name)


def _until(name: str, text: str, timeout: float = 15.0) -> str:
    """The screen once ``text`` is on it (an assertion error with the screen otherwise)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        screen = _screen(name)
        if text in " ".join(screen.split()):
            return screen
        time.sleep(0.1)
    raise AssertionError(f"{text!r} never appeared; the screen:\n{_screen(name)}")


def test_skald_play_at_a_real_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "skald.db")
    created = invoke_skald(["new", "red-north", "--players", "2", "--seed", "tmux", "--db", db])
    assert created.code == 0, created.stderr
    gid = invoke_skald(["games", "--db", db, "--json"]).json["games"][0]["game_id"]
    name = f"skald-{uuid.uuid4().hex[:8]}"
    command = f"{shlex.quote(skald_executable())} play {gid} --seat 0 --db {shlex.quote(db)}"
    _tmux("new-session", "-d", "-s", name, "-x", "120", "-y", "50", f"env -u COLUMNS {command}")
    try:
        first = _until(name, "your move (1-210")
        assert "Your hand:" in first and "deploy (deploy …):" in first
        _tmux("send-keys", "-t", name, "1", "Enter")
        waiting = _until(name, "Waiting for seat 1")
        assert "seat 0 played deploy" in " ".join(waiting.split())

        played = invoke_skald(["play", gid, "7", "--seat", "1", "--db", db])
        assert played.code == 0, played.stderr
        moved = _until(name, "seat 1: deploy 3 face down")
        assert "@1[" in moved  # seat 0's own party, drawn again
        for _ in range(6):  # seat 1 (first player) acts until it is seat 0's turn
            if 0 in invoke_skald(["show", gid, "--db", db, "--json"]).json["to_act"]:
                break
            assert invoke_skald(["play", gid, "1", "--seat", "1", "--db", db]).code == 0
        _until(name, "your move (1-")

        _tmux("send-keys", "-t", name, "raid the monastery", "Enter")
        bad = _until(name, "Nothing was played.")
        assert "'raid' is no Red North move" in " ".join(bad.split())
        _tmux("send-keys", "-t", name, "q", "Enter")
        end = time.monotonic() + 10
        while name in _tmux("list-sessions", "-F", "#{session_name}") and time.monotonic() < end:
            time.sleep(0.1)
        assert name not in _tmux("list-sessions", "-F", "#{session_name}")
    finally:
        _tmux("kill-session", "-t", name)

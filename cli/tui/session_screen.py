"""The terminal a play session draws on and reads from, and how it learns of new moves.

:class:`Terminal` is the real one: rich for drawing, plain ``input`` (with ``readline``
history and Tab completion of the legal moves' notation) for a line, ``select`` on stdin to
notice a line typed while the session waits for others. Tests give the session another
:class:`Screen` (``tests/test_play_session.py``) that records every screen and answers from
a script.

:class:`Follower` says when the game has moved on: through ``--server`` it follows the
WatchGame stream on a thread; on a local store it re-reads the store's version.
"""

from __future__ import annotations

import queue
import select
import sys
import threading
import time
from typing import TYPE_CHECKING, Any, Protocol

from rich.console import Console

from skald.service.app.requests import ViewGame, WatchGame
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:
    from skald.service.client import Client

CLEAR = "\x1b[H\x1b[2J\x1b[3J"
"""Home, clear the screen and the scrollback, so a hand is not left above the next seat's
screen."""


class Screen(Protocol):
    console: Console

    def clear(self) -> None: ...

    def ask(self, prompt: str, words: list[str]) -> str | None:
        """A line from the person (``None``: input closed); ``words`` may be completed."""
        ...

    def poll(self, timeout: float) -> str | None:
        """A line typed within ``timeout`` seconds while nothing is asked, else ``None``."""
        ...


class Terminal:
    """The real terminal: rich output on stdout, lines from stdin."""

    def __init__(self, console: Console | None = None) -> None:
        self.console = console or Console(highlight=False)
        self.words: list[str] = []
        try:
            import readline
        except ImportError:  # no readline on this platform: plain input still works
            return
        readline.set_completer_delims("")
        readline.set_completer(self._complete)
        readline.parse_and_bind("tab: complete")

    def _complete(self, text: str, state: int) -> str | None:
        matches = [w for w in self.words if w.startswith(text.lower())]
        return matches[state] if state < len(matches) else None

    def forget(self) -> None:
        """Drop the lines typed so far (readline's ↑ history): at a hot-seat handover the
        next seat must not recall the last seat's moves, a face-down deploy or a kept card."""
        try:
            import readline
        except ImportError:
            return
        readline.clear_history()

    def clear(self) -> None:
        if self.console.is_terminal:
            self.console.file.write(CLEAR)
            self.console.file.flush()
        else:
            self.console.print("\f", end="")

    def ask(self, prompt: str, words: list[str]) -> str | None:
        self.words = words
        try:
            return input(prompt)
        except EOFError:
            return None

    def poll(self, timeout: float) -> str | None:
        try:
            ready, _, _ = select.select([sys.stdin], [], [], timeout)
        except (OSError, ValueError):  # stdin is not selectable: just wait
            time.sleep(timeout)
            return None
        if not ready:
            return None
        line = sys.stdin.readline()
        return line.rstrip("\n") if line else "q"


class Follower:
    """Whether the game is past a version: the WatchGame stream on a thread (``remote``), or
    the store's version read again (local)."""

    POLL = 0.3

    def __init__(self, client: Client, game_id: str, after: int, remote: bool) -> None:
        self.client = client
        self.game_id = game_id
        self.latest = after
        self.updates: queue.Queue[int] = queue.Queue()
        self.failed: BaseException | None = None
        self.remote = remote
        if remote:
            thread = threading.Thread(target=self._watch, args=(after,), daemon=True)
            thread.start()

    def _watch(self, after: int) -> None:
        try:
            for record in self.client.watch(WatchGame(self.game_id, after, who=OPERATOR)):
                self.updates.put(record.version)
        except BaseException as error:  # the stream ended or broke: the session says so
            self.failed = error

    def moved(self, version: int) -> bool:
        """Whether a record past ``version`` exists (and ``latest`` is the newest seen)."""
        if self.remote:
            while True:
                try:
                    self.latest = max(self.latest, self.updates.get_nowait())
                except queue.Empty:
                    break
        else:
            self.latest = self.client.view(ViewGame(self.game_id, None, None, who=OPERATOR)).version
        return self.latest > version

    def wait(self, version: int, screen: Screen) -> str | None:
        """Until the game moves past ``version`` (``None``) or a line is typed (the line)."""
        while not self.moved(version):
            if self.remote and self.failed is not None:
                raise self.failed
            line = screen.poll(self.POLL)
            if line is not None:
                return line
        return None


def words_of(rows: list[tuple[int, str, str]]) -> list[str]:
    """What Tab completes: every legal move's notation."""
    return [text for _, _, text in rows]


def describe(error: Any) -> str:
    """A refused move in one line: the rule and the reason (a ``SkaldError``), or the text."""
    rule = getattr(error, "rule", None)
    reason = getattr(error, "reason", None)
    return f"{rule}: {reason}" if rule and reason else str(error)


__all__ = ["CLEAR", "Follower", "Screen", "Terminal", "describe", "words_of"]

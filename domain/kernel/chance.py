"""The chance port: every random outcome is drawn here and then recorded as event data.

Two sources implement one interface:

* :class:`ServerChance` derives outcome *i* of a game deterministically from a secret seed:
  ``HMAC-SHA256(seed, f"{stream}:{i}")`` read as a 256-bit integer, with rejection sampling so
  every value below ``n`` is exactly equally likely. The service publishes
  :func:`commitment` ``sha256(nonce || seed)`` when the game is created (the 16-byte nonce is
  server randomness, so a guessable chosen seed such as ``table-7`` cannot be found by trying
  candidates against the commitment) and reveals seed and nonce when it ends, so anyone can
  re-derive every roll and shuffle (``skald verify``). The nonce only hides; outcomes come from
  seed and ``stream`` alone, so a chosen seed on the same stream deals the same game again —
  and a seat that guesses it can deal the game offline, test the guess against its own hand
  and learn every hand and draw. A chosen seed is for deals meant to be repeated (teaching,
  tests, the same deal at several tables); the default, 32 random bytes, is for play.
  ``stream`` is the id of the game that drew a random seed (a fork that keeps the seed keeps
  its stream), or one fixed label for every chosen seed.
* :class:`TableChance` replays outcomes a referee entered from a physical table: an integer per
  roll or draw index, a complete order per shuffle. Wrong or missing entries raise
  :class:`~skald.domain.kernel.errors.ChanceNeeded` naming what was needed, so nothing is guessed.

Shuffles are Fisher–Yates over ``below``; a shuffle therefore consumes ``len(items) - 1`` draws.
Games never call :mod:`random`.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Sequence
from typing import TypeVar

from skald.domain.kernel.errors import ChanceNeeded

T = TypeVar("T")

_SPACE = 1 << 256

ChanceEntry = int | tuple[str, ...]
"""One entered outcome: a value for a roll/draw, or an order (item names) for a shuffle."""


def commitment(seed: bytes, nonce: bytes = b"") -> str:
    """The public commitment to a seed: hex SHA-256 of ``nonce || seed``, published before any
    outcome. Without the nonce (games recorded before nonces) it is plain ``sha256(seed)``."""
    return hashlib.sha256(nonce + seed).hexdigest()


def derive_below(seed: bytes, stream: str, index: int, n: int) -> int:
    """Outcome ``index`` of a stream as a uniform integer in ``[0, n)`` (pure, re-derivable)."""
    if n <= 0:
        raise ValueError("n must be positive")
    limit = _SPACE - (_SPACE % n)
    attempt = 0
    while True:
        label = f"{stream}:{index}" if attempt == 0 else f"{stream}:{index}:{attempt}"
        digest = hmac.new(seed, label.encode(), hashlib.sha256).digest()
        value = int.from_bytes(digest, "big")
        if value < limit:
            return value % n
        attempt += 1  # pragma: no cover - probability below 2**-200


class Chance:
    """Base chance source; subclasses supply :meth:`below` (and may override shuffles)."""

    used: int = 0

    def below(self, n: int, what: str) -> int:
        """A uniform integer in ``[0, n)``; ``what`` names the draw for people and errors."""
        raise NotImplementedError

    def roll(self, sides: int, what: str) -> int:
        """A die roll ``1..sides``."""
        return self.below(sides, what) + 1

    def pick(self, items: Sequence[T], what: str) -> T:
        """One item chosen uniformly."""
        return items[self.below(len(items), what)]

    def shuffle(self, items: Sequence[T], what: str) -> tuple[T, ...]:
        """A uniformly random order of ``items`` (Fisher–Yates, last position first)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.below(i + 1, what)
            out[i], out[j] = out[j], out[i]
        return tuple(out)


class ServerChance(Chance):
    """Outcomes derived from a secret seed; ``cursor`` is the index of the next outcome."""

    def __init__(self, seed: bytes, stream: str, cursor: int = 0) -> None:
        self._seed = seed
        self._stream = stream
        self.start = cursor
        self.used = 0

    def below(self, n: int, what: str) -> int:
        value = derive_below(self._seed, self._stream, self.start + self.used, n)
        self.used += 1
        return value


class TableChance(Chance):
    """Outcomes entered by a referee, consumed in order; shuffles take one whole order."""

    def __init__(self, entries: Sequence[ChanceEntry]) -> None:
        self._entries = list(entries)
        self.used = 0

    @property
    def entries(self) -> tuple[ChanceEntry, ...]:
        """The entries consumed so far, as recorded with the command."""
        return tuple(self._entries[: self.used])

    def _next(self, what: str) -> ChanceEntry:
        if self.used >= len(self._entries):
            raise ChanceNeeded(
                "chance/needed",
                f"entry #{self.used + 1} is needed: {what}",
            )
        entry = self._entries[self.used]
        self.used += 1
        return entry

    def below(self, n: int, what: str) -> int:
        entry = self._next(f"{what}: a number 0..{n - 1}")
        if not isinstance(entry, int) or not 0 <= entry < n:
            raise ChanceNeeded(
                "chance/bad-entry", f"entry #{self.used} for {what} must be 0..{n - 1}"
            )
        return entry

    def roll(self, sides: int, what: str) -> int:
        entry = self._next(f"{what}: a die value 1..{sides}")
        if not isinstance(entry, int) or not 1 <= entry <= sides:
            raise ChanceNeeded(
                "chance/bad-entry", f"entry #{self.used} for {what} must be 1..{sides}"
            )
        return entry

    def pick(self, items: Sequence[T], what: str) -> T:
        """The item the entry names. The refusals count the items and never list them: a pick
        may draw from a hidden deck (A Feast for Odin's occupations), and a seat whose command
        needs the draw is told why it was refused, so a list would show the deck to that seat
        (the referee names the drawn item by its printed id: ``skald rules``, GetRules)."""
        names = [str(i) for i in items]
        entry = self._next(f"{what}: the id of the one drawn, of {len(names)} that may be")
        if isinstance(entry, int) or len(entry) != 1 or entry[0] not in names:
            raise ChanceNeeded(
                "chance/bad-entry",
                f"entry #{self.used} for {what} must be the id of one of the {len(names)} items "
                "that may be drawn",
            )
        return items[names.index(entry[0])]

    def shuffle(self, items: Sequence[T], what: str) -> tuple[T, ...]:
        """The order the entry gives. Refusals list the items: every shuffle of these games is
        of a set all may know (printed components, the face-up discard pile)."""
        names = [str(i) for i in items]
        entry = self._next(f"{what}: an order of {len(names)} items {sorted(set(names))}")
        if isinstance(entry, int) or sorted(entry) != sorted(names):
            raise ChanceNeeded(
                "chance/bad-entry",
                f"entry #{self.used} for {what} must be an order of exactly these items: {sorted(names)}",
            )
        pool: dict[str, list[T]] = {}
        for name, item in zip(names, items, strict=True):
            pool.setdefault(name, []).append(item)
        return tuple(pool[name].pop() for name in entry)

    def leftover(self) -> int:
        """Entries supplied but not consumed (a referee typo the service refuses)."""
        return len(self._entries) - self.used

"""Move notation for people: one short text per command, for every game, in the words the
board drawing shows (``deploy jarl8 red3 green7``, ``play 7``, ``vikings hunt1a``).

This is the one entry point the CLI, the interactive session, text exports and viewers use;
the grammar of each game lives, pure, in ``domain/<game>/notation.py`` (A Feast for Odin's in
``domain/feast/game/notation.py``; its docstring and the game's README section document it):

* :func:`to_text` — a typed command as its notation;
* :func:`from_text` — a person's text read against the legal commands of the position: the
  exact notation, another accepted spelling (full card ids, ``l``/``r``), an unambiguous
  beginning of one legal move, or a move number from :func:`numbered`;
* :func:`parse` — the grammar alone, with no position (``skald check`` of a move that may be
  illegal: the kernel then names the rule it breaks);
* :func:`numbered` — the legal moves numbered and grouped for display.

Text starting with ``{`` is never notation: it is the protobuf JSON form, kept for programs.
"""

from __future__ import annotations

import difflib
import importlib
import re
from collections.abc import Sequence
from functools import cache
from types import ModuleType
from typing import Any

MODULES = {
    "red_north": "skald.domain.red_north.notation",
    "brian_boru": "skald.domain.brian_boru.notation",
    "feast": "skald.domain.feast.game.notation",
}
"""Each game's pure notation module: ``to_text``, ``parse``, ``group``, ``context``."""

CLOSEST = 5
"""How many legal moves an error names."""


class NotationError(ValueError):
    """A text that names no legal move, or more than one; the message says which and names
    the closest legal moves."""


def _quoted(text: str) -> str:
    """``text`` quoted in a message, cut as the service cuts ids (``skald.service.model.errors.echo``)."""
    from skald.service.model.errors import echo

    return echo(text)


def _cut(problem: str, text: str) -> str:
    """A grammar's message with the words it quotes from ``text`` cut to :func:`_quoted`'s
    length: the game modules quote a word as ``repr(word)``, and a 100 KB word must not come
    back whole in the error (nor a 100 KB input once per word)."""
    from skald.service.model.errors import ECHO_LIMIT

    for word in sorted({text, *text.split(" ")}, key=len, reverse=True):
        if len(word) > ECHO_LIMIT and repr(word) in problem:
            problem = problem.replace(repr(word), _quoted(word))
    return problem


def _canonical(game: str) -> str:
    return game.strip().lower().replace("-", "_")


@cache
def _module(game: str) -> ModuleType:
    name = MODULES.get(_canonical(game))
    if name is None:
        raise NotationError(f"no notation for the game {game!r}")
    return importlib.import_module(name)


def normal(text: str) -> str:
    """Case and spacing do not matter: ``  Deploy  JARL8`` reads as ``deploy jarl8``."""
    return " ".join(text.lower().split())


def to_text(game: str, command: Any) -> str:
    """The notation of one command of ``game`` (``red-north`` or ``red_north``, ...)."""
    text: str = _module(game).to_text(command)
    return text


def parse(game: str, text: str, context: Any = None) -> Any:
    """The command the grammar reads in ``text``, legal or not, without a position.

    ``context`` is what a game needs to expand short names (Brian Boru: the round, since its
    cards are written by value); ``None`` where the game needs nothing."""
    wanted = normal(text)
    try:
        return _module(game).parse(wanted, context)
    except ValueError as error:
        raise NotationError(_cut(str(error), wanted)) from None


def numbered(game: str, legal: Sequence[Any]) -> list[tuple[int, str, str]]:
    """``(number, group heading, notation)`` for each legal command, numbered from 1.

    Moves are grouped by what they do (``deploy``, ``reinforce``, ``place goods``, ...) in the
    order the groups first appear, and sorted by notation inside a group, so a number means
    the same move for as long as the position (and so the legal list) is the same."""
    return Moves(game, legal).rows


def from_text(game: str, text: str, legal: Sequence[Any]) -> Any:
    """The one legal command ``text`` names, else :class:`NotationError` (see
    :meth:`Moves.read`; build one :class:`Moves` to read many texts in one position)."""
    return Moves(game, legal).read(text)


class Moves:
    """The legal commands of one position, indexed by notation and number, read once."""

    def __init__(self, game: str, legal: Sequence[Any]) -> None:
        self.game = game
        self.module = _module(game)
        self.legal = list(legal)
        module = self.module
        named = [(module.group(c), module.to_text(c), c) for c in self.legal]
        order: dict[str, int] = {}
        for heading, _, _ in named:
            order.setdefault(heading, len(order))
        named.sort(key=lambda row: (order[row[0]], _natural(row[1])))
        self.rows: list[tuple[int, str, str]] = [
            (i, heading, text) for i, (heading, text, _) in enumerate(named, start=1)
        ]
        self.commands: list[Any] = [c for _, _, c in named]
        """In the order of :attr:`rows`: ``commands[n - 1]`` is move ``n``."""
        self.by_text: dict[str, Any] = {normal(text): c for _, text, c in named}

    def read(self, text: str) -> Any:
        """The one legal command ``text`` names, else :class:`NotationError`.

        Read in this order: a move number of :attr:`rows` (``3`` or ``#3``); the exact
        notation; the grammar (with the context the legal moves give, e.g. Brian Boru's
        round; so card ids and other spellings are read); the beginning of exactly one legal
        move's notation, word by word (``reinforce @2 red6`` when only one end is legal)."""
        wanted = normal(text)
        if not wanted:
            raise NotationError("no move given")
        if wanted.lstrip("#").isdigit():
            return self.number(int(wanted.lstrip("#")))
        if wanted in self.by_text:
            return self.by_text[wanted]
        parsed: Any = None
        problem = ""
        try:
            parsed = self.module.parse(wanted, self.module.context(self.legal))
        except ValueError as error:
            problem = _cut(str(error), wanted)
        if parsed is not None:
            for c in self.legal:
                if c == parsed:
                    return c
        matches = [t for t in self.by_text if _starts(t, wanted)]
        if len(matches) == 1:
            return self.by_text[matches[0]]
        if matches:
            names = sorted(matches, key=_natural)
            more = f" (and {len(names) - CLOSEST} more)" if len(names) > CLOSEST else ""
            raise NotationError(
                f"{_quoted(text.strip())} could be {len(names)} legal moves: "
                + ", ".join(names[:CLOSEST])
                + more
            )
        if not self.legal:
            raise NotationError("there is no legal move now")
        if parsed is not None:
            head = f"{self.module.to_text(parsed)!r} is not legal now"
        elif problem:
            head = f"{_quoted(text.strip())}: {problem}"
        else:
            head = f"{_quoted(text.strip())} is no move"
        raise NotationError(f"{head}; closest legal: {', '.join(self.closest(wanted))}")

    def number(self, number: int) -> Any:
        """Move ``number`` of :attr:`rows`."""
        if not self.rows:
            raise NotationError("there is no legal move now")
        if not 1 <= number <= len(self.rows):
            raise NotationError(
                f"there is no move {number}: the legal moves are numbered 1..{len(self.rows)}"
            )
        return self.commands[number - 1]

    def starting(self, text: str) -> list[tuple[int, str, str]]:
        """The rows whose notation begins with ``text``, word by word (a filter to show)."""
        wanted = normal(text)
        return [row for row in self.rows if _starts(normal(row[2]), wanted)]

    def closest(self, text: str, n: int = CLOSEST) -> list[str]:
        """The legal moves whose notation is nearest to ``text`` (same first word first)."""
        texts = [row[2] for row in self.rows]
        word = normal(text).split(" ")[0]
        pool = [t for t in texts if t.split(" ")[0] == word] or texts
        near = difflib.get_close_matches(normal(text), pool, n=n, cutoff=0.0)
        return near or pool[:n]


def _starts(text: str, prefix: str) -> bool:
    """Whether ``prefix`` is the first whole words of ``text``, the last one possibly cut."""
    words, given = text.split(" "), prefix.split(" ")
    if len(given) > len(words):
        return False
    head, last = given[:-1], given[-1]
    return words[: len(head)] == head and words[len(head)].startswith(last)


_DIGITS = re.compile(r"\d+")


def _natural(text: str) -> str:
    """Sort ``red2`` before ``red10``: numbers compare by value (zero-padded)."""
    return _DIGITS.sub(lambda m: m.group().zfill(8), text)


def is_json(text: str) -> bool:
    """Text for programs (protobuf JSON) rather than notation."""
    return text.lstrip().startswith("{")


__all__ = [
    "Moves",
    "NotationError",
    "from_text",
    "is_json",
    "normal",
    "numbered",
    "parse",
    "to_text",
]

"""The one contract every game implements (DESIGN.md, "The kernel contract").

A game is a set of pure functions over frozen dataclasses:

* ``setup(players, options, chance) -> events`` — the opening events (seats, shuffles, deals).
* ``decide(state, seat, command, chance) -> events`` — validates, raises a typed
  :class:`~domain.kernel.errors.SkaldError` naming the broken rule, never mutates.
* ``evolve(state, event) -> state`` — applies one recorded event; never validates. Replay is a
  fold of ``evolve`` from ``initial(players)``.
* ``legal_commands(state, seat)`` — lazily enumerates what the seat may do now.
* ``view(state, seat | None)`` — what one seat (or a spectator, ``None``) may see.
* ``redact(event, seat | None)`` — the form of an event a seat may see.
* ``to_act(state)`` — the seats that may act now (several at once for simultaneous choices).
* ``outcome(state)`` — ``None`` while the game runs, then scores and winners.

Commands, events and views are frozen dataclasses whose fields are JSON-friendly (str, int,
bool, StrEnum, ``X | None``, tuples of those, nested frozen dataclasses and tuples of them).
The service stores them through :mod:`domain.kernel.codec` and the wire contract
(``protos/skald/v1``) is generated from the same classes, so the three never drift apart.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from domain.kernel.chance import Chance

Seat = int
"""Seats are numbered from 0 in turn order."""

OptionValue = str | int | bool
Options = Mapping[str, OptionValue]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final result: points per seat (index = seat) and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = ""


class Rules(Protocol):
    """What a game registers. ``Any`` stands for that game's own state/command/event types."""

    name: str
    """Registry key, e.g. ``"red_north"``."""
    title: str
    min_players: int
    max_players: int
    rules_version: str
    commands: Mapping[str, type[Any]]
    """Command classes by type name (the names used on the wire and in replay files)."""
    events: Mapping[str, type[Any]]
    views: tuple[type[Any], ...]

    def initial(self, players: int) -> Any: ...

    def setup(self, players: int, options: Options, chance: Chance) -> tuple[Any, ...]: ...

    def decide(self, state: Any, seat: Seat, command: Any, chance: Chance) -> tuple[Any, ...]: ...

    def evolve(self, state: Any, event: Any) -> Any: ...

    def legal_commands(self, state: Any, seat: Seat) -> Iterator[Any]: ...

    def view(self, state: Any, seat: Seat | None) -> Any: ...

    def redact(self, event: Any, seat: Seat | None) -> Any: ...

    def to_act(self, state: Any) -> frozenset[Seat]: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def components(self) -> Mapping[str, Any]: ...

    """The printed component data (JSON-friendly), for ``skald rules`` and GetRules."""

"""The one contract every game implements (DESIGN.md, "The kernel contract"), kernel v2.

A game is one object satisfying :class:`Rules`, generic over its own state, command, event and
view types so mypy checks each game against the contract. Its functions are pure and work on
frozen dataclasses:

* ``setup(players, options, chance) -> events`` — the opening events. ``options`` has already
  been validated against ``Rules.options`` by :func:`skald.domain.kernel.options.resolve_options`.
* ``check(state, seat, command)`` — raises the typed rule error that ``decide`` would raise, or
  returns: one command's legality without listing every command (Feast placements run to
  thousands per turn). It never draws chance: legality does not depend on future outcomes.
* ``decide(state, seat, command, chance) -> events`` — ``check``, then every event of the
  command including its automatic follow-ups; never mutates.
* ``evolve(state, event) -> state`` — applies one recorded event; never validates.
* optionally, ``decide_folded(state, seat, command, chance) -> Decided(events, state)`` —
  ``decide``'s events and the state they fold to (``evolve`` over them, equal to it), for a
  game whose ``decide`` folds its events as it goes anyway: the service then caches that state
  instead of evolving every event a second time (:class:`FoldingRules`; a game without it is
  served through :func:`skald.domain.kernel.play.decide_folded`'s fallback, ``decide`` then ``fold``).
* ``legal_commands(state, seat)`` — lazily, every command ``decide`` accepts from the seat now,
  and only those (**legal means accepted**; ``tests/test_contract.py`` checks both directions,
  with generated near-misses).
* ``pending(state)`` — every decision the game waits for now (see below).
* ``to_act(state)`` — the seats the game waits for, exactly the seats of ``pending(state)``:
  several at once for simultaneous hidden choices, empty when over. A seat outside ``to_act`` may still send the commands named in
  ``Rules.anytime`` (A Feast for Odin's goods placement, ship purchases, ore loading and
  occupations' anytime exchanges).
* ``view(state, seat | None)``, ``redact(event, seat | None)``, ``secrets(state, seat | None)``
  — what a seat (``None``: a spectator) may see, the form of an event it may see, and the ids
  of everything it may not know (the leak tests search every received byte for them).
* ``public_command(command)`` — the form of a seat's command every *other* seat and a
  spectator may read (see "Secret command fields" below); its sender and the referee read it
  whole.
* ``outcome(state)`` — ``None`` while running, then scores and winners.

Pending decisions
-----------------
Whatever the game waits for is a :class:`Pending` decision: a seat's turn, one seat's part of a
simultaneous hidden choice, and — the case that matters — a step that waits for one seat's
choice in the middle of an action: a reroll or stop, a card's optional effect, a tie to break, a
target to choose. A mid-action decision lives
in the game's state (set by ``evolve`` from an event that says, in the game's words, what
happened and what is now awaited), is listed by ``pending`` and ``to_act``, and is answered by
one of the commands it names; ``legal_commands`` of that seat lists exactly its answers (plus
any anytime commands). Stored events never hold an engine's internal program: what follows an
answer is derived by ``decide`` from the rules and the state. ``domain/kernel/DESIGN.md`` shows
how A Feast for Odin's multi-step dice actions, anytime actions and long games fit.

Secret command fields
---------------------
A recorded command is served with its events. Most of a command is public — the events that
follow say it anyway (the space a Viking went to, the card played face up) — but a field may
carry what the events hide from other seats: which cards of a hidden hand went down face down
(Red North's ``Deploy``), which two a drafting seat kept (Brian Boru's ``KeepCards``), at which
hand position a card was held (A Feast for Odin's #99 Preceptor answer). ``public_command``
says so, field by field, as ``redact`` does for events:

* it returns ``command`` itself when nothing in it is secret;
* else a command **of the same type** with each secret value replaced by a value no real
  command holds — a hidden card id by the game's placeholder (``"hidden"``), a hidden number
  by a negative one — keeping what is public (how many cards went down, which space, which
  card answered): the wire carries every command field (an absent protobuf field reads as its
  zero, a real value), so a placeholder that cannot be read as a real one is what keeps the
  served command unambiguous;
* or ``None``: nothing but the command's type may be shown.

A field is secret exactly when ``redact`` hides, from some other seat, what it carries: the
served command never says more than the served events of its batch (``tests/test_contract.py``
checks every command of random games against ``unseen`` and against what ``redact`` changed).
When in doubt, a field is secret. It does not depend on the state or on which other seat
reads: a hidden hand stays hidden in the events after the game, so in the commands too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, NamedTuple, Protocol, TypeVar

from skald.domain.kernel.chance import Chance
from skald.domain.kernel.options import Options, OptionSpec, OptionValue

Seat = int
"""Seats are numbered from 0 in turn order."""

StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")
ViewT_co = TypeVar("ViewT_co", covariant=True)

__all__ = [
    "AnyRules",
    "Decided",
    "FoldingRules",
    "OptionSpec",
    "OptionValue",
    "Options",
    "Outcome",
    "Pending",
    "Rules",
    "Seat",
]


@dataclass(frozen=True, slots=True)
class Outcome:
    """Final result: points per seat (index = seat) and the winning seats."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Pending:
    """A decision the game waits for, in the game's own words.

    ``decision`` is a stable code (``"brian_boru/choose-expand-town"``) clients may switch on;
    ``prompt`` says it in plain words; ``answers`` names the command types that answer it. A
    simultaneous choice (every seat picks at once) is one ``Pending`` per seat. Public: a
    decision says *that* a seat must choose and between which kinds of command, never a hidden
    value (the choices themselves come from ``legal_commands`` of that seat)."""

    seat: Seat
    decision: str
    prompt: str
    answers: tuple[str, ...]


class Decided(NamedTuple, Generic[StateT, EventT]):
    """One command decided: its events and the state after them (``fold`` of ``evolve``)."""

    events: tuple[EventT, ...]
    state: StateT


class Rules(Protocol[StateT, CommandT, EventT, ViewT_co]):
    """What a game registers; see the module docstring for each function's promise."""

    # Read-only members (a game sets them as plain class attributes).
    @property
    def name(self) -> str:
        """Registry key, e.g. ``"red_north"`` (its CLI form is ``red-north``)."""
        ...

    @property
    def title(self) -> str: ...

    @property
    def min_players(self) -> int: ...

    @property
    def max_players(self) -> int: ...

    @property
    def rules_version(self) -> str: ...

    @property
    def commands(self) -> Mapping[str, type[Any]]:
        """Command classes by type name (the names used on the wire and in replay files)."""
        ...

    @property
    def events(self) -> Mapping[str, type[Any]]:
        """Event classes by type name."""
        ...

    @property
    def views(self) -> tuple[type[Any], ...]:
        """View classes, the top-level view first."""
        ...

    @property
    def options(self) -> tuple[OptionSpec, ...]:
        """Setup options with their schema; the kernel validates them before ``setup``."""
        ...

    @property
    def anytime(self) -> frozenset[str]:
        """Command type names a seat may send while not in ``to_act`` (empty for most games)."""
        ...

    def initial(self, players: int) -> StateT: ...

    def setup(self, players: int, options: Options, chance: Chance) -> tuple[EventT, ...]: ...

    def check(self, state: StateT, seat: Seat, command: CommandT) -> None: ...

    def decide(
        self, state: StateT, seat: Seat, command: CommandT, chance: Chance
    ) -> tuple[EventT, ...]: ...

    def evolve(self, state: StateT, event: EventT) -> StateT: ...

    def legal_commands(self, state: StateT, seat: Seat) -> Iterator[CommandT]: ...

    def pending(self, state: StateT) -> tuple[Pending, ...]: ...

    def to_act(self, state: StateT) -> frozenset[Seat]: ...

    def view(self, state: StateT, seat: Seat | None) -> ViewT_co: ...

    def redact(self, event: EventT, seat: Seat | None) -> EventT: ...

    def secrets(self, state: StateT, seat: Seat | None) -> frozenset[str]: ...

    def public_command(self, command: CommandT) -> CommandT | None:
        """``command`` as every seat but its sender, and a spectator, may read it: itself,
        the same type with its secret values replaced by placeholders, or ``None`` (its type
        alone); see "Secret command fields" in the module docstring."""
        ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def components(self) -> Mapping[str, Any]:
        """The printed component data (JSON-friendly), for ``skald rules`` and GetRules."""
        ...


class FoldingRules(Rules[StateT, CommandT, EventT, ViewT_co], Protocol):
    """A game that can also hand back the state its decision folds to (optional: the contract
    does not require it, and a game without it keeps working the same way)."""

    def decide_folded(
        self, state: StateT, seat: Seat, command: CommandT, chance: Chance
    ) -> Decided[StateT, EventT]:
        """``decide``, and the state its events fold to: ``events`` are exactly ``decide``'s
        (same chance draws) and ``state`` equals ``evolve`` folded over them from ``state``."""
        ...


AnyRules = Rules[Any, Any, Any, Any]
"""A game of any type, as the service and the CLI hold it."""

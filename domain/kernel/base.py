"""The members every game's ``Rules`` object used to copy, written once (GAME_AUTHORS.md).

A game's class inherits :class:`GameRules` (or :class:`FoldingGameRules` when its ``decide``
folds as it goes), sets its read-only members as class attributes (``name``, ``title``, …) and
is built with its :class:`Parts`: the module-level functions that are the game (its command
table, its ``Log``, ``evolve``, ``legal_commands``, ``pending``, ``view``, …). The base turns
them into the :class:`~skald.domain.kernel.contract.Rules` members:

* ``check`` is the command table's check; ``decide`` is that check, then the handler's events
  in a fresh ``Log`` of the state, then the game's automatic follow-ups (``settle``);
* ``to_act`` is the seats of ``pending`` unless the game gives a faster reading;
* ``public_command`` is the command itself unless the game names secret fields;
* everything else calls the game's function of the same name.

A game overrides a member only where it differs (Red North's ``evolve`` also keeps the cards
events showed; Brian Boru's ``components`` adds its name and player counts). The ``Rules``
protocol stays the contract: each game's ``RULES: Rules[...] = …`` is still checked by mypy.

Imports: nothing outside this folder.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from skald.domain.kernel.chance import Chance
from skald.domain.kernel.contract import Decided, Outcome, Pending, Seat
from skald.domain.kernel.options import Options, OptionSpec
from skald.domain.kernel.table import CommandTable

StateT = TypeVar("StateT")
CommandT = TypeVar("CommandT")
EventT = TypeVar("EventT")
ViewT = TypeVar("ViewT")


class GameLog(Protocol):
    """What ``decide`` needs of a game's ``Log``: the events emitted and the state they fold to."""

    @property
    def state(self) -> Any: ...

    @property
    def events(self) -> list[Any]: ...


LogT = TypeVar("LogT", bound=GameLog)

__all__ = ["FoldingGameRules", "GameLog", "GameRules", "Parts"]


def _same(command: Any) -> Any:
    return command


def _settled(log: Any, chance: Chance) -> None:
    """The default ``settle``: a command's handler emits all of it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Parts(Generic[StateT, CommandT, EventT, ViewT, LogT]):
    """A game's module-level functions, one per ``Rules`` member (see the contract)."""

    table: CommandTable[StateT, LogT]
    log: Callable[[StateT, Chance], LogT]
    """A fresh ``Log`` of the state for one command (the chance is for watchers that draw)."""
    initial: Callable[[int], StateT]
    setup: Callable[[int, Options, Chance], tuple[EventT, ...]]
    evolve: Callable[[StateT, EventT], StateT]
    legal_commands: Callable[[StateT, Seat], Iterator[CommandT]]
    pending: Callable[[StateT], tuple[Pending, ...]]
    view: Callable[[StateT, Seat | None], ViewT]
    redact: Callable[[EventT, Seat | None], EventT]
    secrets: Callable[[StateT, Seat | None], frozenset[str]]
    outcome: Callable[[StateT], Outcome | None]
    components: Callable[[], Mapping[str, Any]]
    settle: Callable[[LogT, Chance], None] = _settled
    """The automatic steps after a command's handler (the rest of a round, the next turn)."""
    to_act: Callable[[StateT], frozenset[Seat]] | None = None
    """A faster reading of ``pending``'s seats; ``None``: read them from ``pending``."""
    public_command: Callable[[CommandT], CommandT | None] = _same


class GameRules(Generic[StateT, CommandT, EventT, ViewT, LogT]):
    """The ``Rules`` members every game shares, built from its :class:`Parts`."""

    name: str
    title: str
    min_players: int
    max_players: int
    rules_version: str
    commands: Mapping[str, type[Any]]
    events: Mapping[str, type[Any]]
    views: tuple[type[Any], ...]
    options: tuple[OptionSpec, ...]
    anytime: frozenset[str] = frozenset()

    def __init__(self, parts: Parts[StateT, CommandT, EventT, ViewT, LogT]) -> None:
        self.parts = parts

    def initial(self, players: int) -> StateT:
        return self.parts.initial(players)

    def setup(self, players: int, options: Options, chance: Chance) -> tuple[EventT, ...]:
        return self.parts.setup(players, options, chance)

    def check(self, state: StateT, seat: Seat, command: CommandT) -> None:
        self.parts.table.check(state, seat, command)

    def decided_log(self, state: StateT, seat: Seat, command: CommandT, chance: Chance) -> LogT:
        """``check``, then the command's events and its follow-ups, in a fresh ``Log``."""
        parts = self.parts
        handler = parts.table.check(state, seat, command)
        log = parts.log(state, chance)
        handler.decide(log, seat, command, chance)
        parts.settle(log, chance)
        return log

    def decide(
        self, state: StateT, seat: Seat, command: CommandT, chance: Chance
    ) -> tuple[EventT, ...]:
        return tuple(self.decided_log(state, seat, command, chance).events)

    def evolve(self, state: StateT, event: EventT) -> StateT:
        return self.parts.evolve(state, event)

    def legal_commands(self, state: StateT, seat: Seat) -> Iterator[CommandT]:
        return self.parts.legal_commands(state, seat)

    def pending(self, state: StateT) -> tuple[Pending, ...]:
        return self.parts.pending(state)

    def to_act(self, state: StateT) -> frozenset[Seat]:
        fast = self.parts.to_act
        if fast is not None:
            return fast(state)
        return frozenset(decision.seat for decision in self.parts.pending(state))

    def view(self, state: StateT, seat: Seat | None) -> ViewT:
        return self.parts.view(state, seat)

    def redact(self, event: EventT, seat: Seat | None) -> EventT:
        return self.parts.redact(event, seat)

    def secrets(self, state: StateT, seat: Seat | None) -> frozenset[str]:
        return self.parts.secrets(state, seat)

    def public_command(self, command: CommandT) -> CommandT | None:
        return self.parts.public_command(command)

    def outcome(self, state: StateT) -> Outcome | None:
        return self.parts.outcome(state)

    def components(self) -> Mapping[str, Any]:
        return self.parts.components()


class FoldingGameRules(GameRules[StateT, CommandT, EventT, ViewT, LogT]):
    """A game whose ``Log`` folds each event as it is emitted: ``decide_folded`` hands back
    that state (the kernel's ``FoldingRules``; DESIGN.md, "Deciding and folding in one pass")."""

    def decide_folded(
        self, state: StateT, seat: Seat, command: CommandT, chance: Chance
    ) -> Decided[StateT, EventT]:
        log = self.decided_log(state, seat, command, chance)
        events = tuple(log.events)
        return Decided(events, self.folded(log.state, events))

    def folded(self, state: StateT, events: tuple[EventT, ...]) -> StateT:
        """The ``Log``'s state completed with what it does not maintain (default: nothing)."""
        return state

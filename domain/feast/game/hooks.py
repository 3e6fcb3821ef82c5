"""Where the flow calls the occupation cards and the granted actions without importing them.

The turn flow (``turn``, ``phases``, ``actions/``, ``evolve``, ``decide``, ``checks``,
``legal``) sits below the cards: a card's effect calls the flow (it gains, places, takes an
action), so the flow must not import the cards back. It calls them through the slots here,
each typed by a protocol: ``cards`` (the hook points, ``cards.engine``), ``answers`` (the
``UseOccupation``/``ResolveOccupation`` commands, ``cards.answers``), ``watch`` (each-time
cards on events, ``cards.watch``) and ``grants`` (actions and feasts a card grants,
``granted``, which starts turns and phases itself). The card package fills them when it is
imported (``domain/feast/game/cards/__init__.py``); ``skald.domain.feast.game`` imports it, so any
import of the game has them filled. ``SpaceUse`` and ``DiceOutcome`` are what the flow hands
the hook points.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NoReturn, Protocol, cast

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.game.state import Acting, ItemCount, Resume, State
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game import commands as cmd
    from skald.domain.feast.game.actions.base import Refusal
    from skald.domain.feast.game.flow import Log


@dataclass(frozen=True, slots=True)
class SpaceUse:
    """A Viking action, for the space hooks: the printed space used and what it did so far."""

    seat: int
    space: ActionSpace
    option: int
    imitation: bool
    acting: Acting | None = None


@dataclass(frozen=True, slots=True)
class DiceOutcome:
    """A declared dice action, for the dice hooks."""

    seat: int
    space: ActionSpace
    imitation: bool
    success: bool
    roll: int
    """The roll number it was declared on (1st, 2nd …)."""
    result: int
    wood: int = 0
    weapons: int = 0
    """Hunts: bows, snares or spears paid."""
    stone: int = 0
    swords: int = 0
    take: str | None = None
    spears: int = 0
    """Raids: spears spent as long swords (Melee Fighter, #137)."""
    boats: int = 0
    """Whaling: the whaling boats used."""
    returned: int = 0


UsableFn = Callable[[State], bool]
"""Whether the space (its ships, its cost, a full action) can be used on this state."""


class Cards(Protocol):
    """The hook points, one per trigger kind (``cards/engine.py`` says what each does)."""

    def play(
        self, log: Log, seat: int, card: str, chance: Chance, by: str | None = None
    ) -> None: ...

    def instead_of_draw(self, log: Log, seat: int) -> bool: ...

    def before_space(
        self, log: Log, seat: int, space: ActionSpace, option: int, imitation: bool, chance: Chance
    ) -> None: ...

    def after_space(self, log: Log, chance: Chance) -> None: ...

    def price(
        self, state: State, seat: int, space: ActionSpace, option: int, pay: tuple[ItemCount, ...]
    ) -> tuple[ItemCount, ...]: ...

    def charge(
        self, log: Log, seat: int, space: ActionSpace, option: int, pay: tuple[ItemCount, ...]
    ) -> tuple[ItemCount, ...]: ...

    def announce_rolls(self, log: Log, seat: int, kind: str) -> None: ...

    def roll_modifier(self, state: State, seat: int, kind: str) -> int: ...

    def rolls(self, state: State, seat: int) -> int: ...

    def weapon_value(self, state: State, seat: int, kind: str) -> int: ...

    def stone_value(self, state: State, seat: int) -> int: ...

    def spears_as_swords(self, state: State, seat: int) -> bool: ...

    def loot(self, state: State, seat: int, table: dict[str, int]) -> dict[str, int]: ...

    def knarr_as_longship(self, state: State, seat: int) -> bool: ...

    def horizontal_peas(self, state: State, seat: int) -> int: ...

    def explore_any(self, state: State, seat: int) -> bool: ...

    def trades_without_greens(self, state: State, seat: int) -> bool: ...

    def enables(self, state: State, use: SpaceUse, usable: UsableFn) -> bool: ...

    def vikings_saved(self, state: State, seat: int, space: ActionSpace) -> int: ...

    def replacement(self, state: State) -> str: ...

    def after_dice(self, log: Log, outcome: DiceOutcome, chance: Chance) -> None: ...

    def phase(self, log: Log, point: str, chance: Chance) -> None: ...

    def seat_phase(self, log: Log, seat: int, point: str, chance: Chance) -> None: ...

    def serve_refusal(self, state: State, seat: int, piece: str) -> tuple[str, str] | None: ...

    def feast_end(self, log: Log, seat: int, chance: Chance) -> None: ...

    def weapon(self, log: Log, seat: int, chance: Chance) -> bool: ...

    def before_scoring(self, log: Log, chance: Chance) -> None: ...

    def settle(self, log: Log, chance: Chance) -> None: ...

    def limited(self, card: str) -> bool: ...


class Answers(Protocol):
    """The occupation commands: ``UseOccupation`` (anytime) and ``ResolveOccupation`` (offers)."""

    def use_refusal(
        self, state: State, seat: int, command: cmd.UseOccupation
    ) -> Refusal | None: ...

    def use_commands(self, state: State, seat: int) -> Iterator[cmd.UseOccupation]: ...

    def use(self, log: Log, seat: int, command: cmd.UseOccupation, chance: Chance) -> None: ...

    def resolve_refusal(
        self, state: State, seat: int, command: cmd.ResolveOccupation
    ) -> Refusal | None: ...

    def resolve_commands(self, state: State, seat: int) -> Iterator[cmd.ResolveOccupation]: ...

    def resolve(
        self, log: Log, seat: int, command: cmd.ResolveOccupation, chance: Chance
    ) -> None: ...


class Watch(Protocol):
    """Each-time cards: the event types they watch, and the watcher the ``Log`` calls."""

    def watched(self) -> frozenset[type]: ...

    def watch(self, log: Log, event: Any, before: State) -> None: ...


class Grants(Protocol):
    """Actions and feasts a card grants, started where the flow would go on (``granted``)."""

    def start_next(self, log: Log, then: Resume, chance: Chance) -> bool: ...

    def over(self, log: Log, chance: Chance) -> bool: ...


class _Unfilled:
    def __init__(self, slot: str) -> None:
        self.slot = slot

    def __getattr__(self, name: str) -> NoReturn:
        raise RuntimeError(f"hooks.{self.slot}.{name} called before the cards registered")


cards: Cards = cast("Cards", _Unfilled("cards"))
answers: Answers = cast("Answers", _Unfilled("answers"))
watch: Watch = cast("Watch", _Unfilled("watch"))
grants: Grants = cast("Grants", _Unfilled("grants"))


def register(
    card_hooks: Cards, answer_hooks: Answers, watch_hooks: Watch, grant_hooks: Grants
) -> None:
    """Fill the slots (once, when the card package is imported)."""
    global cards, answers, watch, grants
    cards, answers, watch, grants = card_hooks, answer_hooks, watch_hooks, grant_hooks

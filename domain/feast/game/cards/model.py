"""What a card is: its number, limit, choices and the hooks it answers (data + small functions).

A card's hooks are plain functions the engine (``engine.py``) calls at one point of the rules
each; every field is optional, so a card names only the points it reacts to. Hooks never
validate and never read the hand of another seat; they emit events on the ``Log`` they are
given (``effects.py`` has the helpers: a gain, an offer, a take).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.game.hooks import DiceOutcome as DiceOutcome
from skald.domain.feast.game.hooks import SpaceUse as SpaceUse
from skald.domain.feast.game.hooks import UsableFn as UsableFn
from skald.domain.feast.game.state import ItemCount, State
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


class Limit(StrEnum):
    """How often a card's effect may happen (``Player.used`` records the uses)."""

    NONE = "none"
    ONCE = "once per game"
    ROUND = "once per round"


@dataclass(frozen=True, slots=True)
class Choice:
    """One thing a card lets its owner do: pay → gain, or a card-specific step (``apply``).
    ``key`` is the ``option`` of ``UseOccupation``/``ResolveOccupation`` that picks it."""

    key: int
    pay: tuple[ItemCount, ...] = ()
    gain: tuple[ItemCount, ...] = ()
    label: str = ""


ChoicesFn = Callable[[State, int, str], Iterable[Choice]]
"""(state, seat, trigger) → the candidate choices (the engine keeps those it can pay for)."""
ApplyFn = Callable[["Log", int, Choice, str, Chance], None]
"""(log, seat, choice, trigger, chance): the choice's events (default: ``Paid`` + ``Gained``)."""


@dataclass(frozen=True, slots=True)
class Menu:
    """The choices a card's offers and anytime uses pick from."""

    choices: ChoicesFn
    apply: ApplyFn | None = None
    legal: Callable[[State, int, Choice], bool] | None = None
    """A further condition on a choice beyond paying for it and room for what it gives."""
    must: bool = False
    """The offer cannot be left unused while it has a legal choice."""


Pairs = tuple[tuple[str, int], ...]
"""(item, count) pairs, as ``items.items`` takes them."""
PlayFn = Callable[["Log", int, Chance], None]
SpaceFn = Callable[["Log", SpaceUse, Chance], None]
PayFn = Callable[
    [State, int, ActionSpace, tuple[ItemCount, ...], tuple[ItemCount, ...]], tuple[ItemCount, ...]
]
"""(state, seat, space, printed price, price so far) → the price with the card's discount."""
PhaseFn = Callable[["Log", int, Chance], None]
SpaceTest = Callable[[SpaceUse], bool]
DiceFn = Callable[["Log", DiceOutcome, Chance], None]
RollFn = Callable[[State, int, str], int]
LootFn = Callable[[State, int, dict[str, int]], dict[str, int]]
EventFn = Callable[["Log", int, Any, State, Chance], None]
"""(log, seat, event, state before it, the command's chance)."""
ArrivalFn = Callable[["Log", int, tuple[ItemCount, ...], str, Chance], None]
"""(log, seat, items that entered the supply, reason, the command's chance)."""
EnablesFn = Callable[[State, SpaceUse, UsableFn], bool]
"""(state, the space about to be used, usable) → whether the card, acting immediately before
the space's action or instead of it, lets the space be used though ``usable(state)`` fails."""


@dataclass(frozen=True, slots=True)
class Card:
    """One occupation's effect: data plus the hooks it answers (see ``README.md``)."""

    number: int
    summary: str
    """The effect in a few words, as the card is built (``occupations.md`` has the full text)."""
    limit: Limit = Limit.NONE
    menu: Menu | None = None
    anytime: bool = False
    """``menu`` is used with ``UseOccupation`` at any time (while ``ready``)."""
    ready: Callable[[State, int], bool] | None = None
    """Anytime and as-soon-as cards: the condition that must hold."""
    play: PlayFn | None = None
    before_space: SpaceFn | None = None
    after_space: SpaceFn | None = None
    pay: PayFn | None = None
    roll: RollFn | None = None
    """(state, seat, space kind) → added to every roll of that dice action."""
    rolls: int = 0
    """Extra rolls allowed in every dice action."""
    weapon_value: tuple[tuple[str, int], ...] = ()
    """(space kind, value of each weapon paid there) in place of 1."""
    stone_value: int = 1
    """Raids: what each stone spent adds."""
    spears_as_swords: bool = False
    """Raids: spears may be spent as long swords (``DeclareRaid.spears``)."""
    loot: LootFn | None = None
    """Raids: the sword values of what may be taken, as this card changes them."""
    knarr_as_longship: bool = False
    horizontal_peas: int = 1
    """Peas tiles that may lie horizontally on the banquet table (#186: 2)."""
    explore_any: bool = False
    """Exploration ①: any face-up board may be claimed (options 3…, ``actions/exploration``)."""
    trades_without_greens: bool = False
    """Overseas trading may be used (its 1 silver paid) with no green good in supply (#36)."""
    enables: EnablesFn | None = None
    """The card acts immediately before a space's action or instead of it, and counts when
    deciding whether the space may be used (RULINGS.md "A Feast for Odin, more": it may be
    taken when its action can be carried out as the seat's played cards change it; #37, #88,
    #103, #105, #113, #121, #149, #164): read only where the space is refused on the state as
    it is (``engine.enables``)."""
    vikings_saved: Callable[[State, int, ActionSpace], int] | None = None
    """(state, seat, printed space) → Vikings fewer the space needs (never on an imitation)."""
    replaces: str = ""
    """What ``ActionReplaced`` by this card leaves of the space's action: ``done`` (the card
    carried it out), ``upgrade-2`` (upgrade up to 2 goods instead), ``no-upgrade`` (the
    space without its upgrade)."""
    dice: DiceFn | None = None
    phases: tuple[tuple[str, PhaseFn], ...] = ()
    """(phase point, hook): ``engine.POINTS`` names the points."""
    watch: tuple[type, ...] = ()
    on_event: EventFn | None = None
    arrival: ArrivalFn | None = None
    instead_of_draw: Callable[[Log, int], bool] | None = None
    """An occupation would come into the hand: offer something in its place (``True``: the
    offer's answer draws it or not)."""
    fire: PlayFn | None = None
    """As-soon-as: done once, the first time ``ready`` holds after the card is played."""
    score: PlayFn | None = None
    """At final scoring, before the points are counted."""

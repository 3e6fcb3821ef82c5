"""The state of a game of A Feast for Odin: frozen, slotted records of tuples.

Per player: Vikings on the Thing square and on the banquet round spaces, goods in supply
(a count per ``Good``, in ``goods.GOODS`` order), special tiles, silver, wood, stone, ore,
weapon cards, ships, emigrated ships, the home board, claimed exploration boards and houses
(placement-engine ``BoardState`` values), the hidden occupation hand and the played cards,
Thing penalties. The table: the round and phase, whose turn, the occupied action spaces, the
running action (a pending, multi-step choice record, kernel DESIGN.md), mountain strips,
exploration boards, the weapon deck and the occupation decks (hidden; no order is stored, a
draw is a chance pick). Sources: ``../shared/games/feast-for-odin/rules.ja.txt``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.goods import GOODS, Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.placement import BoardState, empty_board
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.fast import replace

NO_GOODS: tuple[int, ...] = (0,) * len(GOODS)
EMPTY_HOME: BoardState = empty_board(BoardId.HOME)


class Phase(StrEnum):
    SETUP = "setup"
    ACTIONS = "actions"
    FEAST = "feast"
    FINAL = "final-placement"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class ItemCount:
    """``count`` of one item: a ``Good`` value, ``silver``/``wood``/``stone``/``ore``, a
    weapon, a special tile, a ship kind or a building (``shed``, ``stone-house``,
    ``long-house``)."""

    item: str
    count: int


@dataclass(frozen=True, slots=True)
class Ship:
    kind: ShipKind
    ore: int = 0
    """Ore loaded (the whaling boat's printed ore is not counted here)."""


@dataclass(frozen=True, slots=True)
class Player:
    thing: int = 0
    waiting: int = 0
    """Vikings still on the banquet table's round spaces."""
    goods: tuple[int, ...] = NO_GOODS
    specials: tuple[str, ...] = ()
    silver: int = 0
    wood: int = 0
    stone: int = 0
    ore: int = 0
    weapons: tuple[int, ...] = (0, 0, 0, 0)
    """Bow, snare, spear, long sword (``weapons.Weapon`` order)."""
    ships: tuple[Ship, ...] = ()
    emigrated: tuple[ShipKind, ...] = ()
    home: BoardState = EMPTY_HOME
    explored: tuple[BoardState, ...] = ()
    houses: tuple[BoardState, ...] = ()
    hand: tuple[str, ...] = ()
    """Occupation ids (``occupation-017``): hidden from every other seat."""
    played: tuple[str, ...] = ()
    penalties: int = 0
    passed: bool = False
    banquet: BoardState | None = None
    feasted: bool = False
    finished: bool = False
    once_claimed: tuple[str, ...] = ()
    """One-time bonuses already paid (``board:row:col``)."""
    used: tuple[str, ...] = ()
    """Occupation uses that a card's limit counts (``occupation-041@3``: card and round;
    ``cards.registry`` says which cards are limited)."""
    column_2_placements: int = 0
    """2-Viking placements on printed column-2 spaces this round (``VikingsPlaced``; an
    imitation space is not one), also those whose Vikings #60 Inspector moved back: what #166
    Weapons Warden counts (RULINGS.md "A Feast for Odin, more", ``readings``)."""


@dataclass(frozen=True, slots=True)
class Occupancy:
    space: str
    seat: int
    vikings: int
    copy: str | None = None


@dataclass(frozen=True, slots=True)
class Strip:
    number: int
    items: tuple[MountainItem, ...]
    """Left first: the arrow end, taken first (rules.ja.txt 山岳と交易)."""


@dataclass(frozen=True, slots=True)
class Exploration:
    letter: str
    face: BoardId
    silver: int = 0
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class Running:
    """The choices still open in the action a seat is carrying out (a pending decision)."""

    seat: int
    space: str
    takes: tuple[int, ...] = ()
    """Mountain allowances left, largest first, one strip each."""
    strips_used: tuple[int, ...] = ()
    upgrades: int = 0
    upgrade_steps: int = 1
    plays: int = 0
    """Occupations the space still lets the seat play."""
    bonus_play: bool = False
    """Column 4: one occupation may still be played (refresher.en.txt)."""
    used: bool = False
    """At least one effect of the space has been used (components.md §6)."""
    awaiting: tuple[str, ...] = ()
    """Command types the action waits for before any other step (e.g. a dice space's
    reroll/declare); while set, they are the only answers and the action cannot finish."""
    upgraded: tuple[Good, ...] = ()
    """Goods this action's upgrades have made: "物品最大n個を…格上げする" upgrades up to n
    *goods*, each once (rules.ja.txt 山岳と交易), so a tile just made is not upgraded again
    by the same action (a double upgrade is one ``Upgrade`` of 2 steps)."""


@dataclass(frozen=True, slots=True)
class Dice:
    """The roll a dice space stands on (rules.ja.txt 狩り, 襲撃/略奪): the kernel's
    ``feast/after-roll`` decision reads it; ``modifier`` is the ore on the ships used (−ore
    whaling, +ore pillaging) and the occupations' roll modifiers, fixed when the space is
    used."""

    seat: int
    space: str
    sides: int
    roll: int
    """1st, 2nd or 3rd roll."""
    value: int
    """The face rolled."""
    modifier: int = 0


@dataclass(frozen=True, slots=True)
class CardOffer:
    """An occupation's optional effect waiting for its owner (``ResolveOccupation``): what
    triggered it (``trigger``, in the card's own terms, e.g. ``after:weekly-market-1-1``)."""

    seat: int
    card: str
    trigger: str


@dataclass(frozen=True, slots=True)
class Resume:
    """Where the automatic flow goes on once every card offer is answered: ``step`` is
    ``use-space`` (the space placed on, then its effect), ``continue-action``, ``advance``
    (the next turn after ``seat``) or a phase step (``phases.STEPS``)."""

    step: str
    seat: int = 0
    space: str = ""
    option: int = 0
    copy: str | None = None
    played_first: bool = False


FEAST = "feast"
"""``Grant.space`` of a feast held for one seat (#5 Chief), not an action space."""


@dataclass(frozen=True, slots=True)
class Grant:
    """What an occupation lets its owner carry out outside the turn order: a space's action
    without placing Vikings (#77, #85, #91, #159), or a feast for that seat alone (#5,
    ``space`` is ``FEAST``). Queued (``State.granted``) until no other action runs, then
    carried out (``State.granting``); the flow goes on at ``then`` once it is over."""

    seat: int
    card: str
    space: str
    option: int = 0
    then: Resume | None = None


@dataclass(frozen=True, slots=True)
class Acting:
    """The Viking action a seat is carrying out, from ``VikingsPlaced`` to the next turn: what
    occupations triggered by it read (the space, what it paid, gained and took)."""

    seat: int
    space: str
    """The space placed on (an imitation space's own id; the card's id for an action an
    occupation grants without Vikings, so that it counts as not placed on ``target``)."""
    target: str
    """The printed space whose action is used (the copied one for an imitation space)."""
    vikings: int
    paid: tuple[ItemCount, ...] = ()
    gained: tuple[ItemCount, ...] = ()
    """What the space (not an occupation) paid and gave, in order."""
    taken: tuple[MountainItem, ...] = ()
    played: int = 0
    """Occupations played during the action."""
    bonus: int = 0
    """Added to every roll of the action by occupations used before it (``DiceBonus``)."""
    replaced: str | None = None
    """The occupation that replaced (part of) the space's action (``ActionReplaced``)."""
    upgraded: tuple[Good, ...] = ()
    """What the action's own upgrades made (``GoodUpgraded``), in order."""


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[Player, ...]
    length: GameLength = GameLength.LONG
    round: int = 0
    phase: Phase = Phase.SETUP
    start_player: int = 0
    turn: int | None = None
    last_placer: int | None = None
    occupied: tuple[Occupancy, ...] = ()
    running: Running | None = None
    dice: Dice | None = None
    """A dice space's standing roll, while its seat decides (reroll or declare)."""
    strips: tuple[Strip, ...] = ()
    strips_left: tuple[int, ...] = ()
    exploration: tuple[Exploration, ...] = ()
    weapon_deck: tuple[int, ...] = (0, 0, 0, 0)
    weapon_discard: tuple[int, ...] = (0, 0, 0, 0)
    occupation_deck: tuple[str, ...] = ()
    starting_pool: tuple[str, ...] = ()
    """Starting cards not dealt: out of the game, never seen."""
    imitation: tuple[int, ...] = ()
    buildings_left: tuple[int, int, int] = (3, 3, 5)
    specials_left: tuple[str, ...] = ()
    final_income: bool = True
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    blocked: tuple[str, ...] = ()
    """Solo: the spaces last round's Vikings still hold (``solo.py``)."""
    effects: bool = True
    """Occupation effects are carried out (option ``occupations``)."""
    late_effects: bool = False
    """The effects of the cards built last too (``OccupationEffectsAdded``, option
    ``late_occupations``)."""
    readings: int = 1
    """The version of the rule readings played (``ReadingsAdopted``, option ``readings``:
    ``game/readings.py``); 1 for games stored before the option existed."""
    offers: tuple[CardOffer, ...] = ()
    """Occupation offers waiting, first first: the first is the pending decision."""
    resume: Resume | None = None
    """Where the flow goes on once ``offers`` is empty (``OccupationsAwaited``)."""
    acting: Acting | None = None
    granted: tuple[Grant, ...] = ()
    """Occupation-granted actions and feasts waiting for the running action to end."""
    granting: Grant | None = None
    """The occupation-granted action or feast being carried out."""

    @property
    def count(self) -> int:
        return len(self.players)

    def with_player(self, seat: int, player: Player) -> State:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))

    def occupant(self, space: str) -> Occupancy | None:
        for o in self.occupied:
            if o.space == space:
                return o
        return None


def initial(players: int) -> State:
    return State(players=tuple(Player() for _ in range(players)))

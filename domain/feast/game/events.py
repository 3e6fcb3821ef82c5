"""Events of A Feast for Odin: past tense, each naming the seat it concerns.

An event says what happened and, where the game now waits for a choice, what is awaited
(``ChoicesOffered``, ``FeastBegan``, ``FinalPlacementBegan``); stored events never hold an
engine program (kernel DESIGN.md). Occupation draws carry the card for its owner only
(``views.redact``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.game.state import ItemCount, Resume
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.placement import Placement
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.special_tiles import SpecialTile
from skald.domain.feast.weapons import Weapon


@dataclass(frozen=True, slots=True)
class GameStarted:
    players: int
    length: GameLength
    start_player: int
    strips: tuple[int, ...]
    """Face-up mountain strips, in the order turned up."""
    imitation: tuple[int, ...]
    """4 players: the columns that got an imitation space (RULINGS.md)."""
    decks: str
    final_income: bool
    occupation_effects: bool
    """Option ``occupations``: off, cards are dealt, played and score their printed points but
    do nothing else. Games stored before the effects were built lack the field and are read
    with it off (``service/model/upcasting.py``), as they were played."""


@dataclass(frozen=True, slots=True)
class OccupationDealt:
    seat: int
    card: str | None
    """``None`` in the form other seats see."""


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """Phase 1: one Viking leaves the banquet table's round spaces for the Thing square."""

    round: int


@dataclass(frozen=True, slots=True)
class Harvested:
    """Phase 2: every player takes one of each of these orange goods."""

    round: int
    goods: tuple[Good, ...]


@dataclass(frozen=True, slots=True)
class ExplorationTurned:
    """Phase 3: ``flipped`` (a face id) turned over, 2 silver on each of ``silvered``."""

    flipped: str | None
    silvered: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class WeaponDrawn:
    seat: int
    weapon: Weapon
    reshuffled: bool = False
    """The discard pile was shuffled into a new deck first."""


@dataclass(frozen=True, slots=True)
class TurnStarted:
    seat: int


@dataclass(frozen=True, slots=True)
class VikingsPlaced:
    seat: int
    space: str
    vikings: int
    copy: str | None = None


@dataclass(frozen=True, slots=True)
class OccupationDrawn:
    seat: int
    card: str | None


@dataclass(frozen=True, slots=True)
class Paid:
    seat: int
    items: tuple[ItemCount, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class Gained:
    seat: int
    items: tuple[ItemCount, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class ChoicesOffered:
    """The action goes on: what the seat may still choose (the pending decision)."""

    seat: int
    space: str
    takes: tuple[int, ...]
    upgrades: int
    upgrade_steps: int
    plays: int
    bonus_play: bool
    used: bool
    awaiting: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class MountainTaken:
    seat: int
    strip: int
    items: tuple[MountainItem, ...]


@dataclass(frozen=True, slots=True)
class GoodUpgraded:
    seat: int
    good: Good
    into: Good


@dataclass(frozen=True, slots=True)
class OccupationPlayed:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class ActionFinished:
    seat: int


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int


@dataclass(frozen=True, slots=True)
class StartPlayerChosen:
    """Phase 6: the seat that placed Vikings last (or the same seat if nobody placed)."""

    seat: int


@dataclass(frozen=True, slots=True)
class AnimalsBred:
    seat: int
    animal: Good
    births: int
    pregnancies: int


@dataclass(frozen=True, slots=True)
class FeastBegan:
    round: int


@dataclass(frozen=True, slots=True)
class FoodServed:
    seat: int
    placement: Placement


@dataclass(frozen=True, slots=True)
class FeastEnded:
    seat: int
    penalties: int


@dataclass(frozen=True, slots=True)
class OnceBonusClaimed:
    seat: int
    key: str


@dataclass(frozen=True, slots=True)
class MountainsAged:
    """Phase 11: the arrow-end item left every face-up strip; ``emptied`` left play."""

    emptied: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MountainStripTurnedUp:
    number: int


@dataclass(frozen=True, slots=True)
class VikingsReturned:
    """Phase 12: every Viking on the action board goes back to its Thing square."""

    round: int


@dataclass(frozen=True, slots=True)
class GoodPlaced:
    seat: int
    board: str
    placement: Placement


@dataclass(frozen=True, slots=True)
class ShipBought:
    seat: int
    kind: ShipKind
    silver: int


@dataclass(frozen=True, slots=True)
class OreLoaded:
    seat: int
    ship: int


@dataclass(frozen=True, slots=True)
class FinalPlacementBegan:
    """The final feast is over: place what is left, then score (no bonus phase)."""


@dataclass(frozen=True, slots=True)
class PlacingFinished:
    seat: int


@dataclass(frozen=True, slots=True)
class ScoreLine:
    seat: int
    ships: int
    emigrated: int
    exploration: int
    buildings: int
    animals: int
    occupations: int
    silver: int
    income: int
    crown: int
    negative: int
    penalties: int
    total: int


@dataclass(frozen=True, slots=True)
class GameScored:
    lines: tuple[ScoreLine, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DieRolled:
    """A dice space's roll (1st, 2nd or 3rd, more with an occupation), replacing the last;
    ``modifier`` is the ore on the ships used (negative for whaling, positive for pillaging)
    plus what the seat's occupations add to every roll. The seat now decides."""

    seat: int
    space: str
    die: str
    """``d8`` or ``d12``."""
    roll: int
    value: int
    modifier: int = 0


@dataclass(frozen=True, slots=True)
class DiceSucceeded:
    """Declared a success with ``result`` (costs paid just before, reward just after)."""

    seat: int
    space: str
    result: int


@dataclass(frozen=True, slots=True)
class DiceFailed:
    """Declared a failure (nothing paid); ``returned`` Vikings go from the space back to the
    Thing square, to be placed again (a failed snare 1, whaling 2, pillaging 1)."""

    seat: int
    space: str
    result: int
    returned: int = 0


@dataclass(frozen=True, slots=True)
class GoodsTraded:
    """Overseas trading: each of ``goods`` (green, in supply) turned to its blue side."""

    seat: int
    goods: tuple[Good, ...]


@dataclass(frozen=True, slots=True)
class SpecialsBought:
    """Special sale: ``tiles`` bought for ``silver`` in all."""

    seat: int
    tiles: tuple[SpecialTile, ...]
    silver: int


@dataclass(frozen=True, slots=True)
class BoardExplored:
    """Exploration: the face ``face`` (an exploration face id) claimed with its ``silver``."""

    seat: int
    face: str
    silver: int


@dataclass(frozen=True, slots=True)
class ShipExchanged:
    """Emigration ④: ship ``ship`` (a whaling boat) given up for a new ``into`` at the end
    of the fleet."""

    seat: int
    ship: int
    into: ShipKind


@dataclass(frozen=True, slots=True)
class ShipEmigrated:
    """Emigration: ship ``ship`` (its index in the fleet) turned onto the banquet table for
    ``silver`` (the round); its ore is lost."""

    seat: int
    ship: int
    kind: ShipKind
    silver: int


@dataclass(frozen=True, slots=True)
class SoloSpacesBlocked:
    """Solo, phase 12: the round's Vikings stay on ``spaces``, blocking them next round."""

    round: int
    spaces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OccupationUsed:
    """An occupation's effect happens (by itself when triggered or played, or by
    ``UseOccupation``: ``option`` is the choice); its costs and gains follow as ``Paid`` and
    ``Gained`` with the card as reason."""

    seat: int
    card: str
    option: int | None = None


@dataclass(frozen=True, slots=True)
class OccupationOffered:
    """An occupation's optional effect waits for its owner (``ResolveOccupation``); ``trigger``
    says what set it off, in the card's terms."""

    seat: int
    card: str
    trigger: str


@dataclass(frozen=True, slots=True)
class OccupationAnswered:
    """The first offer is answered: ``option`` taken (its events follow), or ``None``, left
    unused."""

    seat: int
    card: str
    option: int | None = None


@dataclass(frozen=True, slots=True)
class OccupationsAwaited:
    """The automatic flow stops for the occupation offers; it goes on at ``resume`` once every
    offer is answered."""

    resume: Resume


@dataclass(frozen=True, slots=True)
class OffersSettled:
    """Every occupation offer is answered: the flow goes on at ``step``."""

    step: str


@dataclass(frozen=True, slots=True)
class OccupationPlayedBy:
    """An occupation played from the hand by another card's effect (``by``), outside any
    space's allowance."""

    seat: int
    card: str
    by: str


@dataclass(frozen=True, slots=True)
class OccupationTookFromMountain:
    """An occupation took ``items`` from the arrow end of strip ``strip`` (not a space's take)."""

    seat: int
    card: str
    strip: int
    items: tuple[MountainItem, ...]


@dataclass(frozen=True, slots=True)
class VikingsRecalled:
    """An occupation moved ``vikings`` of the seat's Vikings from ``space`` back to its Thing
    square, to be placed again; a space left empty may be used again this round."""

    seat: int
    space: str
    vikings: int
    card: str


@dataclass(frozen=True, slots=True)
class OreRemoved:
    """An occupation took ``ore`` loaded ore off ship ``ship``: back to the supply when
    ``kept``, else to the general supply."""

    seat: int
    ship: int
    ore: int
    card: str
    kept: bool


@dataclass(frozen=True, slots=True)
class DiceBonus:
    """An occupation used before a dice action adds ``bonus`` to every roll of it."""

    seat: int
    card: str
    bonus: int


@dataclass(frozen=True, slots=True)
class ActionReplaced:
    """An occupation replaced the space's own action (its events follow)."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class WeaponSearched:
    """A weapon of a named type taken by an occupation: from the discard pile, else the deck,
    else a substitute (weapons count as unlimited)."""

    seat: int
    weapon: Weapon
    card: str


@dataclass(frozen=True, slots=True)
class ActionGranted:
    """An occupation grants its owner a space's action without placing Vikings (``space``,
    ``option``), or a feast for the seat alone (``space`` ``feast``); it waits until no other
    action runs."""

    seat: int
    card: str
    space: str
    option: int = 0


@dataclass(frozen=True, slots=True)
class GrantStarted:
    """The first granted action or feast begins; once it is over the flow goes on at
    ``then``."""

    seat: int
    card: str
    space: str
    option: int
    then: Resume


@dataclass(frozen=True, slots=True)
class GrantFinished:
    """The granted action or feast is over."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class SpecialTileMoved:
    """An occupation took the special tile at ``placement`` off board ``board`` of seat
    ``owner`` (its ``Gained`` follows, the tile into the seat's supply); ``fills``, goods from
    the general supply, cover exactly the squares it left."""

    seat: int
    card: str
    owner: int
    board: str
    placement: Placement
    fills: tuple[Placement, ...]


@dataclass(frozen=True, slots=True)
class OccupationEffectsAdded:
    """Setup, option ``late_occupations``: the effects of the occupations ``numbers``, built
    after the others, are carried out in this game. Games stored before they were built have
    no such event (the option is absent, read as off), so those cards do nothing there, as
    when played. Numbers, not ids: no card id that may be in a hidden hand is named."""

    numbers: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ReadingsAdopted:
    """Setup, option readings: the rule readings this game is played under, by number
    (RULINGS.md; 2 is "A Feast for Odin, more": raids judged after spending, cards acting
    immediately before or instead counted for using a space, Weapons Warden counting the
    round's placements). Games stored before the option have no such event and keep the first
    readings (1), as when played."""

    readings: int


Event = (
    GameStarted
    | OccupationDealt
    | RoundStarted
    | Harvested
    | ExplorationTurned
    | WeaponDrawn
    | TurnStarted
    | VikingsPlaced
    | OccupationDrawn
    | Paid
    | Gained
    | ChoicesOffered
    | MountainTaken
    | GoodUpgraded
    | OccupationPlayed
    | ActionFinished
    | Passed
    | StartPlayerChosen
    | AnimalsBred
    | FeastBegan
    | FoodServed
    | FeastEnded
    | OnceBonusClaimed
    | MountainsAged
    | MountainStripTurnedUp
    | VikingsReturned
    | GoodPlaced
    | ShipBought
    | OreLoaded
    | FinalPlacementBegan
    | PlacingFinished
    | GameScored
    | DieRolled
    | DiceSucceeded
    | DiceFailed
    | GoodsTraded
    | SpecialsBought
    | BoardExplored
    | ShipExchanged
    | ShipEmigrated
    | SoloSpacesBlocked
    | OccupationUsed
    | OccupationOffered
    | OccupationAnswered
    | OccupationsAwaited
    | OffersSettled
    | OccupationPlayedBy
    | OccupationTookFromMountain
    | VikingsRecalled
    | OreRemoved
    | DiceBonus
    | ActionReplaced
    | WeaponSearched
    | ActionGranted
    | GrantStarted
    | GrantFinished
    | SpecialTileMoved
    | OccupationEffectsAdded
    | ReadingsAdopted
)

EVENTS: dict[str, type] = {c.__name__: c for c in get_args(Event)}

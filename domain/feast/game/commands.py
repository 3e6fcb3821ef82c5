"""Commands of A Feast for Odin: imperative, never carrying the acting seat.

``PlaceGood``, ``BuyShip``, ``LoadOre`` and ``UseOccupation`` are anytime actions (rules.ja.txt 随時アクション):
a seat may send them while another seat is to act.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from skald.domain.feast.goods import Good
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.special_tiles import SpecialTile
from skald.domain.kernel.table import RuleCodes

CODES = RuleCodes("feast")
"""A Feast for Odin's rule codes, ``"feast/<rule>"``: ``raise CODES.illegal(rule, reason)``, or
``CODES.refusal(rule, reason)`` where a refusal is returned (a space's, listed by ``legal``)."""


@dataclass(frozen=True, slots=True)
class PlaceVikings:
    """Put a column's worth of Vikings on one free space and use it at once.

    ``option`` picks between a space's printed alternatives (0 when it has none); ``copy``
    names the space an imitation space copies (4 players only); ``occupation`` (column 4
    only) is played from the hand *before* the action (refresher.en.txt: "before or after")."""

    space: str
    option: int = 0
    copy: str | None = None
    occupation: str | None = None


@dataclass(frozen=True, slots=True)
class Pass:
    """Place no more Vikings this round."""


@dataclass(frozen=True, slots=True)
class TakeFromMountain:
    """Take ``count`` items from the arrow end of face-up strip ``strip``."""

    strip: int
    count: int


@dataclass(frozen=True, slots=True)
class Upgrade:
    """Upgrade one good in supply ``steps`` steps (same shape)."""

    good: Good
    steps: int = 1


@dataclass(frozen=True, slots=True)
class PlayOccupation:
    card: str


@dataclass(frozen=True, slots=True)
class FinishAction:
    """Leave the running action's remaining choices unused."""


@dataclass(frozen=True, slots=True)
class PlaceGood:
    """Anytime: a good, special tile, silver or ore from supply onto a board or house."""

    board: str
    piece: str
    row: int
    col: int
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class BuyShip:
    """Anytime: buy a ship for its silver cost."""

    kind: ShipKind


@dataclass(frozen=True, slots=True)
class LoadOre:
    """Anytime but during one's own action: one ore from supply onto ship ``ship``."""

    ship: int


@dataclass(frozen=True, slots=True)
class ServeFood:
    """Feast: an orange or red good, or silver, onto the banquet table at column ``col``."""

    piece: str
    col: int
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class EndFeast:
    """Finish the feast; every open square left bare is a Thing penalty."""


@dataclass(frozen=True, slots=True)
class FinishPlacing:
    """Game end: no more goods to place; score."""


@dataclass(frozen=True, slots=True)
class Reroll:
    """Dice spaces: roll again (up to three rolls); the new roll replaces the last."""


@dataclass(frozen=True, slots=True)
class DeclareHunt:
    """Hunting game, snare, whaling: end the hunt. Success pays ``wood`` + ``weapons`` (bows,
    snares or spears) equal to the result; failure pays nothing."""

    success: bool
    wood: int = 0
    weapons: int = 0


@dataclass(frozen=True, slots=True)
class DeclareRaid:
    """Raiding, pillaging: end the raid. Success spends ``stone`` and ``swords`` (+1 each)
    and takes ``take``, a blue good or special tile of sword value ≤ the result; failure
    spends nothing. ``spears`` count as long swords only with Melee Fighter (#137)."""

    success: bool
    stone: int = 0
    swords: int = 0
    take: str | None = None
    spears: int = 0


@dataclass(frozen=True, slots=True)
class TradeOverseas:
    """Overseas trading: turn these different green goods in supply to blue (``GOODS``
    order, each once; ``actions/sailing.py``)."""

    goods: tuple[Good, ...]


@dataclass(frozen=True, slots=True)
class BuySpecials:
    """Special sale: buy these 1 or 2 special tiles at their silver cost (``SPECIAL_TILES``
    order, each once; ``actions/sailing.py``)."""

    tiles: tuple[SpecialTile, ...]


@dataclass(frozen=True, slots=True)
class UseOccupation:
    """Anytime: use a played occupation's exchange (an ANYTIME card), ``option`` naming the
    choice in the card's terms (``cards/``)."""

    card: str
    option: int = 0


@dataclass(frozen=True, slots=True)
class ResolveOccupation:
    """Answer the first occupation offer (``feast/occupation``): take choice ``option``, or
    ``None`` to leave it unused."""

    card: str
    option: int | None = None


Command = (
    PlaceVikings
    | Pass
    | TakeFromMountain
    | Upgrade
    | PlayOccupation
    | FinishAction
    | PlaceGood
    | BuyShip
    | LoadOre
    | ServeFood
    | EndFeast
    | FinishPlacing
    | Reroll
    | DeclareHunt
    | DeclareRaid
    | TradeOverseas
    | BuySpecials
    | UseOccupation
    | ResolveOccupation
)

COMMANDS: dict[str, type] = {c.__name__: c for c in get_args(Command)}
ANYTIME = frozenset({"PlaceGood", "BuyShip", "LoadOre", "UseOccupation"})

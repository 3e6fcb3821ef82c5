"""Commands: what a seat asks to do (imperative names; the acting seat comes from auth)."""

from __future__ import annotations

from dataclasses import dataclass

from skald.domain.brian_boru.marriages import PrincessOption
from skald.domain.brian_boru.state import SecondaryChoice
from skald.domain.kernel.table import RuleCodes

CODES = RuleCodes("brian_boru")
"""Brian Boru's rule codes, ``"brian_boru/<rule>"``: ``raise CODES.illegal(rule, reason)``."""

HIDDEN = "hidden"
"""What a command served to another seat names in place of a card it may not know (no card
id is this): ``views.public_command``."""


@dataclass(frozen=True, slots=True)
class PlaceStartingTown:
    """Setup §2.7: a disc on an empty town in a region holding no other player's disc."""

    town: int


@dataclass(frozen=True, slots=True)
class KeepCards:
    """Draft §3.2: keep two cards of the current hand face down (the rest pass left)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ChooseActiveTown:
    """Trick §3.3.1: the active-town marker goes on a town with no disc."""

    town: int


@dataclass(frozen=True, slots=True)
class PlayCard:
    """Trick §3.3.2–3: lead (town colour or white) or follow (any card)."""

    card: str


@dataclass(frozen=True, slots=True)
class ChooseSecondary:
    """Trick §3.3.5: a loser picks one complete secondary action."""

    option: SecondaryChoice


@dataclass(frozen=True, slots=True)
class BuyExtras:
    """§3.4: extra church discs / raiders / marriage steps at 2 coins each (0 = none)."""

    count: int


@dataclass(frozen=True, slots=True)
class Expand:
    """§3.4 EXPAND5: pay 5 coins for a road-connected empty town, or ``None`` to decline."""

    town: int | None


@dataclass(frozen=True, slots=True)
class ChooseTown:
    """Pick the town a pending decision asks for (Viking to free, casualty, monastery, a town
    from a marriage card or the track)."""

    town: int


@dataclass(frozen=True, slots=True)
class ChoosePrincessOption:
    """§7: the Princess of Denmark's winner picks one of three options."""

    option: PrincessOption


COMMANDS: tuple[type, ...] = (
    PlaceStartingTown,
    KeepCards,
    ChooseActiveTown,
    PlayCard,
    ChooseSecondary,
    BuyExtras,
    Expand,
    ChooseTown,
    ChoosePrincessOption,
)

Command = (
    PlaceStartingTown
    | KeepCards
    | ChooseActiveTown
    | PlayCard
    | ChooseSecondary
    | BuyExtras
    | Expand
    | ChooseTown
    | ChoosePrincessOption
)
"""Every Brian Boru command (the game's command type in ``Rules[State, Command, ...]``)."""

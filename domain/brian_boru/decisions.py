"""The decisions a seat can be asked for in the middle of an action, in the game's words.

A :class:`Decision` is computed from the state (``turns.awaited``), never stored: the event
that brought the game here (``ActionChosen``, ``MarriageWon``, ``BattleBegan``, ...) set the
step and ``State.done``, and the rules say what that step asks. It is public (the view shows
it): which seat decides, between which towns or how many extras.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class DecisionKind(StrEnum):
    SECONDARY = "secondary"
    EXTRAS = "extras"
    EXPAND = "expand"
    FREE_VIKING = "free_viking"
    PLACE_TOWN = "place_town"
    PRINCESS = "princess"
    CASUALTY = "casualty"
    MONASTERY = "monastery"


@dataclass(frozen=True, slots=True)
class Decision:
    """What ``seat`` must decide now. ``options`` are town ids where a town is chosen;
    ``max_extra`` bounds extra purchases (0..max_extra, 2 coins each); ``about`` names the
    symbol or the seat concerned (a casualty's loser); ``card`` the card concerned."""

    seat: int
    kind: DecisionKind
    options: tuple[int, ...] = ()
    max_extra: int = 0
    about: str = ""
    card: str = ""


DECISIONS: dict[DecisionKind, tuple[str, str, str]] = {
    DecisionKind.SECONDARY: (
        "brian_boru/choose-secondary",
        "choose secondary action A (coins, then expand) or B (the suit action)",
        "ChooseSecondary",
    ),
    DecisionKind.EXTRAS: (
        "brian_boru/buy-extras",
        "buy extra church discs, raiders or marriage steps at 2 coins each (0 for none)",
        "BuyExtras",
    ),
    DecisionKind.EXPAND: (
        "brian_boru/choose-expand-town",
        "pay 5 coins to expand to a town one road away, or decline",
        "Expand",
    ),
    DecisionKind.FREE_VIKING: (
        "brian_boru/choose-viking-to-free",
        "choose the Viking-controlled town to free",
        "ChooseTown",
    ),
    DecisionKind.PLACE_TOWN: (
        "brian_boru/choose-town-to-place",
        "choose the empty town that receives your disc",
        "ChooseTown",
    ),
    DecisionKind.PRINCESS: (
        "brian_boru/choose-princess-option",
        "choose the Princess of Denmark's option: military support, establish trade or spurn",
        "ChoosePrincessOption",
    ),
    DecisionKind.CASUALTY: (
        "brian_boru/choose-town-lost",
        "choose the town that falls to the Vikings",
        "ChooseTown",
    ),
    DecisionKind.MONASTERY: (
        "brian_boru/choose-monastery-town",
        "choose the town you control that receives a monastery",
        "ChooseTown",
    ),
}
"""Per kind: the stable decision code, the prompt and the command that answers it."""

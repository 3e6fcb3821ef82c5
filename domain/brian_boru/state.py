"""Game state: records, the phase and the small step machine of the action and upkeep phases.

A round is Preparation → Draft → Action (tricks) → Upkeep (../shared/games/brian-boru/
rules-and-data.md §3, §4). What follows a player's answer in the middle of a trick or of the
upkeep is derived by ``decide`` from the rules and three small fields set by the events that
happened: ``acting`` (the played card whose action resolves now, §3.3.5), ``upkeep`` (the
upkeep step under way, §4) and ``done`` (how many of the step's items are finished). No
program is stored: an awaited decision is computed from them (decisions.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skald.domain.brian_boru.cards import Group, Symbol, action_cards, card_value
from skald.domain.brian_boru.marriages import TRACK, PrincessOption, TrackSpace
from skald.domain.brian_boru.printed import DUBHLINN_DEFAULT


class Phase(StrEnum):
    SETUP = "setup"
    START_TOWNS = "start_towns"
    DRAFT = "draft"
    LEAD = "lead"
    PLAY = "play"
    RESOLVE = "resolve"
    UPKEEP = "upkeep"
    OVER = "over"


class UpkeepStep(StrEnum):
    """The upkeep steps that can wait for a choice (§4.1, §4.2.1, §4.3.1, §4.3.3)."""

    MARRIAGE = "marriage"
    """The marriage card's winner and the track rewards of the others."""
    BATTLE = "battle"
    """Casualties: each seat with the fewest raiders loses a town."""
    CHURCH_MAJORITY = "church_majority"
    """The church leader's monastery."""
    CHURCH_THRESHOLD = "church_threshold"
    """A monastery for each seat with 4 or more church discs, clockwise from the marker."""


class SecondaryChoice(StrEnum):
    """A loser's secondary action: A = coins then expand, B = the suit action (§5.2)."""

    A = "a"
    B = "b"


class CardSide(StrEnum):
    PRIMARY = "primary"
    SECONDARY_A = "secondary_a"
    SECONDARY_B = "secondary_b"


@dataclass(frozen=True, slots=True)
class PlayerState:
    coins: int = 3
    renown: int = 1
    points: int = 10
    raiders: int = 0
    church: int = 0
    track: int = 0
    marriages: tuple[str, ...] = ()
    princess: PrincessOption | None = None
    hand: tuple[str, ...] = ()
    pile: tuple[str, ...] = ()
    seen: frozenset[str] = frozenset()
    kept: bool = False
    unseen_past: frozenset[str] = frozenset()
    """Action cards of earlier rounds this seat never saw (set aside, others' last cards)."""


@dataclass(frozen=True, slots=True)
class TownState:
    owner: int | None = None
    """The seat whose disc is on the town (``None``: empty). A Viking token covers a disc."""
    viking: bool = False
    monastery: bool = False


@dataclass(frozen=True, slots=True)
class ClaimState:
    face_up: bool = False
    holder: int | None = None
    """``None``: the token is on the board."""


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: int
    card: str


def side_symbols(card5_coins: int, card: str, side: CardSide) -> tuple[Group, ...]:
    """The symbols of a card's side left to right, COIN- ×n as n single symbols (§5.2)."""
    c = action_cards(card5_coins)[card_value(card) - 1]
    groups = {
        CardSide.PRIMARY: c.primary,
        CardSide.SECONDARY_A: c.secondary_a,
        CardSide.SECONDARY_B: c.secondary_b,
    }[side]
    out: list[Group] = []
    for g in groups:
        if g.symbol is Symbol.COIN_PAY:
            out.extend(Group(Symbol.COIN_PAY) for _ in range(g.count))
        else:
            out.append(g)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Acting:
    """The played card whose action resolves now (§3.3.5), set by ``ActionChosen``.

    ``symbols`` is the chosen side's symbols, left to right, a COIN- group of n split into n
    single symbols: derived from the card (cards.py) when the event is applied, kept here so
    ``decide`` and ``pending`` need not look it up again. ``State.done`` of them are finished.
    """

    seat: int
    card: str
    side: CardSide
    symbols: tuple[Group, ...]


@dataclass(frozen=True, slots=True)
class State:
    players_count: int
    phase: Phase = Phase.SETUP
    round: int = 0
    final_round: bool = False
    start_seat: int = 0
    marker: int = 0
    players: tuple[PlayerState, ...] = ()
    towns: tuple[TownState, ...] = ()
    claims: tuple[ClaimState, ...] = ()
    battlefield: int = 0
    viking_deck: tuple[str, ...] = ()
    viking_strengths: tuple[int, ...] = ()
    marriage_deck: tuple[str, ...] = ()
    marriage_removed: tuple[str, ...] = ()
    marriage_card: str | None = None
    card5_coins: int = 3
    dubhlinn: tuple[int, int] = DUBHLINN_DEFAULT
    """Dubhlinn's (threshold, value): RULINGS.md, option ``dubhlinn`` (printed.py)."""
    road_31_43: bool = True
    """RULINGS.md: road 31–43 exists; option ``road_31_43`` (printed.py)."""
    track: tuple[TrackSpace, ...] = TRACK
    """The marriage track, bottom to top: RULINGS.md §7.1 model; option ``marriage_track``."""
    deck_order: tuple[str, ...] = ()
    set_aside: tuple[str, ...] = ()
    active_town: int | None = None
    trick_no: int = 0
    trick: tuple[PlayedCard, ...] = ()
    trick_winner: int | None = None
    discards: int = 0
    acting: Acting | None = None
    upkeep: UpkeepStep | None = None
    upkeep_seats: tuple[int, ...] = ()
    """The seats the upkeep step concerns: the marriage winner, the church leader, or the
    seats that reached 4 church discs (from the event that began the step)."""
    upkeep_card: str | None = None
    """The marriage card won this upkeep (its rewards are the step's first items)."""
    done: int = 0
    """Items of the current step finished: symbols of ``acting``, or the upkeep step's
    rewards, casualties or monasteries."""
    start_placements: int = 0
    hidden_past: frozenset[str] = frozenset()
    """Action cards of earlier rounds never shown face up (set aside, unplayed last cards)."""
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    end_reason: str = ""

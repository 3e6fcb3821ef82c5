"""Game state, the resolution program (ops) and pending decisions.

A round is Preparation → Draft → Action (tricks) → Upkeep (rules-and-data.md §3, §4). Everything
that resolves step by step — the actions of one trick (§3.3.5) and the upkeep steps (§4) — is a
*program*: a tuple of :class:`Op` kept in state. Each op is finished by exactly one "completing"
event (which may push further ops, ``then``). When an op needs a player's choice, a
``DecisionRequested`` event stores a :class:`Decision` in ``State.pending`` and that seat is the
only one to act until it answers (the brief: "model the pending decision explicitly in state").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from domain.brian_boru.marriages import TRACK, PrincessOption, TrackSpace
from domain.brian_boru.printed import DUBHLINN_DEFAULT


class Phase(StrEnum):
    SETUP = "setup"
    START_TOWNS = "start_towns"
    DRAFT = "draft"
    LEAD = "lead"
    PLAY = "play"
    RESOLVE = "resolve"
    UPKEEP = "upkeep"
    OVER = "over"


class OpKind(StrEnum):
    PRIMARY = "primary"
    SECONDARY = "secondary"
    TOWN = "town"
    COIN_GAIN = "coin_gain"
    COIN_PAY = "coin_pay"
    RENOWN = "renown"
    CHURCH = "church"
    RAIDER = "raider"
    MARRIAGE = "marriage"
    EXPAND = "expand"
    FREE_VIKING = "free_viking"
    POINTS = "points"
    PLACE_TOWN = "place_town"
    PRINCESS = "princess"
    MARRIAGE_STEP = "marriage_step"
    BATTLE_STEP = "battle_step"
    CASUALTY = "casualty"
    CLEAR_BATTLEFIELD = "clear_battlefield"
    SPOILS = "spoils"
    CHURCH_MAJORITY = "church_majority"
    CHURCH_RECOUNT = "church_recount"
    CHURCH_THRESHOLD = "church_threshold"
    MONASTERY = "monastery"
    CLAIM_STEP = "claim_step"
    ROUND_END = "round_end"


@dataclass(frozen=True, slots=True)
class Op:
    """One step of a program. ``seat`` is whom it concerns; ``by`` who chooses (casualties)."""

    kind: OpKind
    seat: int = -1
    amount: int = 0
    card: str = ""
    region: str = ""
    by: int = -1
    returns_discs: bool = False


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
    symbol or the seat concerned (a casualty's loser)."""

    seat: int
    kind: DecisionKind
    options: tuple[int, ...] = ()
    max_extra: int = 0
    about: str = ""
    card: str = ""


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
    owner: int = -1
    viking: bool = False
    monastery: bool = False


@dataclass(frozen=True, slots=True)
class ClaimState:
    face_up: bool = False
    holder: int = -1


@dataclass(frozen=True, slots=True)
class PlayedCard:
    seat: int
    card: str


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
    trick_winner: int = -1
    discards: int = 0
    program: tuple[Op, ...] = ()
    pending: Decision | None = None
    start_placements: int = 0
    hidden_past: frozenset[str] = frozenset()
    """Action cards of earlier rounds never shown face up (set aside, unplayed last cards)."""
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    end_reason: str = ""

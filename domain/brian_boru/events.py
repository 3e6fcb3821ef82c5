"""Events: what happened (past tense), in the game's words, each naming the seat it concerns.

No event holds a program of later steps: what follows is derived by ``decide`` from the rules
and the step fields of the state (state.py) that these events set. An event that finishes one
item of the current step (a symbol, a reward, a casualty, a monastery) advances
``State.done``; ``ActionChosen``, ``MarriageWon``, ``BattleBegan``, ``ChurchMajorityWon`` and
``ChurchThresholdChecked`` begin a step.
"""

from __future__ import annotations

from dataclasses import dataclass

from skald.domain.brian_boru.marriages import PrincessOption, TrackSpace
from skald.domain.brian_boru.state import CardSide


@dataclass(frozen=True, slots=True)
class GameStarted:
    """Setup §2 with the printed values in play (defaults or setup options, printed.py)."""

    players: int
    start_seat: int
    viking_strengths: tuple[int, ...]
    card5_coins: int
    dubhlinn_threshold: int
    dubhlinn_value: int
    road_31_43: bool
    marriage_track: tuple[TrackSpace, ...]


@dataclass(frozen=True, slots=True)
class MarriageDeckBuilt:
    """§2.4: the shuffled regular cards; ``deck`` top first (Princess last), ``removed`` unseen."""

    deck: tuple[str, ...]
    removed: tuple[str, ...]
    deck_count: int


@dataclass(frozen=True, slots=True)
class VikingDeckShuffled:
    order: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class StartingTownPlaced:
    seat: int
    town: int


@dataclass(frozen=True, slots=True)
class RoundBegan:
    round: int


@dataclass(frozen=True, slots=True)
class VikingsAttacked:
    card: str
    strength: int


@dataclass(frozen=True, slots=True)
class MarriageCardRevealed:
    card: str
    final_round: bool


@dataclass(frozen=True, slots=True)
class ActionCardsShuffled:
    round: int
    order: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class CardsDealt:
    seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class CardsKept:
    seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class CardsPassed:
    seat: int
    to_seat: int
    cards: tuple[str, ...]
    count: int


@dataclass(frozen=True, slots=True)
class DraftEnded:
    round: int


@dataclass(frozen=True, slots=True)
class ActiveTownChosen:
    seat: int
    town: int | None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class TrickWon:
    """§3.3.4; the played cards' actions then resolve in ascending value (§3.3.5)."""

    seat: int
    card: str
    town: int | None


@dataclass(frozen=True, slots=True)
class ActionChosen:
    """The action of a played card begins: primary for the winner, a secondary otherwise."""

    seat: int
    card: str
    side: CardSide


@dataclass(frozen=True, slots=True)
class ActiveTownTaken:
    seat: int
    town: int | None


@dataclass(frozen=True, slots=True)
class CoinsGained:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class CoinPaid:
    """COIN-: 1 coin, or 2 points when the seat has no coin (never below 0 points)."""

    seat: int
    coins: int
    points: int


@dataclass(frozen=True, slots=True)
class RenownGained:
    seat: int
    amount: int


@dataclass(frozen=True, slots=True)
class ChurchDiscsPlaced:
    seat: int
    base: int
    extra: int
    paid: int


@dataclass(frozen=True, slots=True)
class RaidersTaken:
    seat: int
    base: int
    extra: int
    paid: int


@dataclass(frozen=True, slots=True)
class MarriageAdvanced:
    seat: int
    steps: int
    extra: int
    paid: int
    from_space: int
    to_space: int


@dataclass(frozen=True, slots=True)
class TownExpanded:
    """EXPAND5: ``town`` None when declined or impossible."""

    seat: int
    town: int | None
    paid: int


@dataclass(frozen=True, slots=True)
class VikingFreed:
    seat: int
    town: int | None
    owner: int | None


@dataclass(frozen=True, slots=True)
class TrickEnded:
    trick: int
    winner: int | None


@dataclass(frozen=True, slots=True)
class ActionPhaseEnded:
    """§3.3: the last card of every hand is discarded unplayed (face down)."""

    round: int


@dataclass(frozen=True, slots=True)
class UpkeepBegan:
    """§4: Marriage → Battle → Church → Claim regions follow, then the round (or game) ends."""

    round: int


@dataclass(frozen=True, slots=True)
class MarriageWon:
    """§4.1: the card's rewards, then the others' track rewards clockwise, follow."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class MarriageCardDiscarded:
    card: str


@dataclass(frozen=True, slots=True)
class PointsScored:
    seat: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class TownPlaced:
    seat: int
    town: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class PrincessOptionChosen:
    seat: int
    option: PrincessOption
    points: int


@dataclass(frozen=True, slots=True)
class BattleBegan:
    """§4.2: casualties (when raiders remain), the battlefield cleared, then spoils."""

    raiders: int


@dataclass(frozen=True, slots=True)
class TownLostToVikings:
    seat: int
    town: int | None
    chosen_by: int


@dataclass(frozen=True, slots=True)
class BattlefieldCleared:
    returned: int


@dataclass(frozen=True, slots=True)
class SpoilsAwarded:
    """Battle spoils §4.2.3: ``renown`` and ``points`` gained, ``returned`` raiders given back."""

    seat: int
    renown: int
    points: int
    returned: int


@dataclass(frozen=True, slots=True)
class ChurchMajorityWon:
    """§4.3.1: the leader takes the marker and returns every disc; a monastery follows."""

    seat: int
    returned: int


@dataclass(frozen=True, slots=True)
class ChurchRecounted:
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChurchThresholdChecked:
    """§4.3.3: these seats (clockwise from the marker) each place a monastery next."""

    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class MonasteryPlaced:
    seat: int
    town: int | None
    returned: int


@dataclass(frozen=True, slots=True)
class ClaimMove:
    """A claim token changing hands (``None``: the board)."""

    region: str
    from_holder: int | None
    to_holder: int | None


@dataclass(frozen=True, slots=True)
class RegionsClaimed:
    flipped: tuple[str, ...]
    moves: tuple[ClaimMove, ...]


@dataclass(frozen=True, slots=True)
class RoundEnded:
    round: int


@dataclass(frozen=True, slots=True)
class FinalScore:
    seat: int
    track_points: int
    most_coins: int
    marker: int
    renown: int
    claims_held: int
    claims_board: int
    regions: int
    total: int


@dataclass(frozen=True, slots=True)
class GameEnded:
    scores: tuple[FinalScore, ...]
    winners: tuple[int, ...]
    reason: str


EVENTS: tuple[type, ...] = (
    GameStarted,
    MarriageDeckBuilt,
    VikingDeckShuffled,
    StartingTownPlaced,
    RoundBegan,
    VikingsAttacked,
    MarriageCardRevealed,
    ActionCardsShuffled,
    CardsDealt,
    CardsKept,
    CardsPassed,
    DraftEnded,
    ActiveTownChosen,
    CardPlayed,
    TrickWon,
    ActionChosen,
    ActiveTownTaken,
    CoinsGained,
    CoinPaid,
    RenownGained,
    ChurchDiscsPlaced,
    RaidersTaken,
    MarriageAdvanced,
    TownExpanded,
    VikingFreed,
    TrickEnded,
    ActionPhaseEnded,
    UpkeepBegan,
    MarriageWon,
    MarriageCardDiscarded,
    PointsScored,
    TownPlaced,
    PrincessOptionChosen,
    BattleBegan,
    TownLostToVikings,
    BattlefieldCleared,
    SpoilsAwarded,
    ChurchMajorityWon,
    ChurchRecounted,
    ChurchThresholdChecked,
    MonasteryPlaced,
    RegionsClaimed,
    RoundEnded,
    GameEnded,
)

Event = (
    GameStarted
    | MarriageDeckBuilt
    | VikingDeckShuffled
    | StartingTownPlaced
    | RoundBegan
    | VikingsAttacked
    | MarriageCardRevealed
    | ActionCardsShuffled
    | CardsDealt
    | CardsKept
    | CardsPassed
    | DraftEnded
    | ActiveTownChosen
    | CardPlayed
    | TrickWon
    | ActionChosen
    | ActiveTownTaken
    | CoinsGained
    | CoinPaid
    | RenownGained
    | ChurchDiscsPlaced
    | RaidersTaken
    | MarriageAdvanced
    | TownExpanded
    | VikingFreed
    | TrickEnded
    | ActionPhaseEnded
    | UpkeepBegan
    | MarriageWon
    | MarriageCardDiscarded
    | PointsScored
    | TownPlaced
    | PrincessOptionChosen
    | BattleBegan
    | TownLostToVikings
    | BattlefieldCleared
    | SpoilsAwarded
    | ChurchMajorityWon
    | ChurchRecounted
    | ChurchThresholdChecked
    | MonasteryPlaced
    | RegionsClaimed
    | RoundEnded
    | GameEnded
)
"""Every Brian Boru event (the game's event type in ``Rules[State, Command, Event, View]``)."""

"""Events: what happened (past tense), each naming the seat it concerns.

"Completing" events finish the op at the head of the program (model.py) and push their
``then`` ops in front of the rest.
"""

from __future__ import annotations

from dataclasses import dataclass

from domain.brian_boru.marriages import PrincessOption
from domain.brian_boru.model import CardSide, Decision, Op


@dataclass(frozen=True, slots=True)
class OptionSetting:
    name: str
    value: str


@dataclass(frozen=True, slots=True)
class GameStarted:
    players: int
    options: tuple[OptionSetting, ...]
    start_seat: int
    viking_strengths: tuple[int, ...]
    card5_coins: int


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
    """Sets the trick's program: every played card in ascending value (§3.3.5)."""

    seat: int
    card: str
    town: int | None
    then: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class DecisionRequested:
    decision: Decision


@dataclass(frozen=True, slots=True)
class ActionChosen:
    seat: int
    card: str
    side: CardSide
    then: tuple[Op, ...]


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
    owner: int


@dataclass(frozen=True, slots=True)
class TrickEnded:
    trick: int
    winner: int


@dataclass(frozen=True, slots=True)
class ActionPhaseEnded:
    """§3.3: the last card of every hand is discarded unplayed (face down)."""

    round: int


@dataclass(frozen=True, slots=True)
class UpkeepBegan:
    round: int
    then: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class MarriageWon:
    seat: int
    card: str
    then: tuple[Op, ...]


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
    raiders: int
    then: tuple[Op, ...]


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
    seat: int
    returned: int
    then: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class ChurchRecounted:
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ChurchThresholdChecked:
    seats: tuple[int, ...]
    then: tuple[Op, ...]


@dataclass(frozen=True, slots=True)
class MonasteryPlaced:
    seat: int
    town: int | None
    returned: int


@dataclass(frozen=True, slots=True)
class ClaimMove:
    region: str
    from_holder: int
    to_holder: int


@dataclass(frozen=True, slots=True)
class RegionsClaimed:
    flipped: tuple[str, ...]
    moves: tuple[ClaimMove, ...]


@dataclass(frozen=True, slots=True)
class StepCompleted:
    step: str
    reason: str


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
    DecisionRequested,
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
    StepCompleted,
    RoundEnded,
    GameEnded,
)

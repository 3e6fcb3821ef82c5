"""Red North events (past tense). Every outcome of chance is data in an event.

Events that draw from the deck (``CardsDrawn``, ``MusterGroupFormed``, ``FreyaCardDrawn``)
name the cards taken from its top; ``DeckShuffled`` and ``DiscardShuffledIntoDeck`` carry the
order (top first). Secret fields are replaced by ``"hidden"`` in the forms other seats receive
(see :func:`skald.domain.red_north.views.redact`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from skald.domain.red_north.components import Colour, God, Token


@dataclass(frozen=True, slots=True)
class GameStarted:
    """Setup 1–3: the Outposts in play (green always), their Raid Points, starting Glory."""

    players: int
    outposts: tuple[Colour, ...]
    outpost_raid_points: tuple[int, ...]
    starting_glory: int


@dataclass(frozen=True, slots=True)
class JarlsRemoved:
    """Setup 2: Jarls removed by player count (face-down; hidden from every seat)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class JarlGiven:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class DeckShuffled:
    """The draw deck, top first (hidden from every seat)."""

    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DiscardShuffledIntoDeck:
    """RULINGS.md: the deck cannot cover a draw, so the discard pile is shuffled and placed
    under the remaining deck (the same cards as drawing the rest, then reshuffling)."""

    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    """Cards from the top of the deck into a hand (deal, Frankenland, Tyr)."""

    seat: int
    cards: tuple[str, ...]
    reason: str


@dataclass(frozen=True, slots=True)
class TokenPassed:
    """A special token changes holder (``seat`` ``None``: back to the centre)."""

    token: Token
    seat: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class MusterGroupFormed:
    """A face-up Muster Group: its leader (Hero or God) and cards from the top of the deck."""

    leader: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GodsSelected:
    """End of Spring: the Gods chosen for the Summer groups; the others leave the game."""

    chosen: tuple[str, ...]
    removed: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class RoundStarted:
    round: int


@dataclass(frozen=True, slots=True)
class PartyDeployed:
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OutpostPowersOffered:
    """After Deployment: the powers to be used or declined, in this order."""

    colours: tuple[Colour, ...]


@dataclass(frozen=True, slots=True)
class OutpostPowerClosed:
    colour: Colour
    used: bool


@dataclass(frozen=True, slots=True)
class CardTakenFromDiscard:
    """Sax or Hel: a card from the discard pile face-up into a Party at ``position``."""

    seat: int
    card: str
    position: int
    reason: str


@dataclass(frozen=True, slots=True)
class TurnStarted:
    seat: int


@dataclass(frozen=True, slots=True)
class CardWithdrawn:
    seat: int
    position: int
    card: str


@dataclass(frozen=True, slots=True)
class CardRevealed:
    seat: int
    position: int
    card: str


@dataclass(frozen=True, slots=True)
class CardAdded:
    """Reinforce: a card from hand face-up at an end (``position`` 0 or the party length)."""

    seat: int
    card: str
    position: int


@dataclass(frozen=True, slots=True)
class GloryPlaced:
    """Inspire (from the seat's Glory) or Loki (``from_supply``: from the general supply)."""

    seat: int
    position: int
    from_supply: bool


@dataclass(frozen=True, slots=True)
class ChampionPlaced:
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class GodInvoked:
    seat: int
    god: God


@dataclass(frozen=True, slots=True)
class HeroRetrieved:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class VictoryPointsGained:
    seat: int
    points: int
    reason: str


@dataclass(frozen=True, slots=True)
class FreyaCardDrawn:
    """Freya, first half of the action: ``seat`` drew the top card of the deck and looked at
    it; the game now awaits that seat's ``PlaceFreyaCard`` (pending decision
    ``red_north/freya-place``), which ends the action with :class:`FreyaCardPlaced`.

    The card is hidden from the other seats."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class FreyaCardPlaced:
    """Freya: the drawn card placed face-down at an end (``position`` 0 or Party length).

    The card is hidden from the other seats."""

    seat: int
    card: str
    position: int


@dataclass(frozen=True, slots=True)
class GloryRetrieved:
    """Nornir: every Glory on the seat's Party returns to that seat."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class Passed:
    seat: int
    group: str | None
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class OutpostAwarded:
    """Resolution B. ``how``: ``most``, ``tie_breaker``, ``returned`` (tie, nobody holds the
    Tie Breaker) or ``unchanged`` (nobody has Raid Points: RULINGS.md)."""

    colour: Colour
    seat: int | None
    points: tuple[int, ...]
    vp: int
    how: str


@dataclass(frozen=True, slots=True)
class GloryGained:
    """Resolution C: one Glory per colour fought for and not won."""

    seat: int
    colours: tuple[Colour, ...]


@dataclass(frozen=True, slots=True)
class PartiesDiscarded:
    """Resolution E: Party cards to the discard pile (seat order), their Glory to the supply."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MusterGroupDiscarded:
    """Resolution E: the unclaimed group's cards are discarded; a Hero is set aside (Thor),
    a God leaves the game."""

    leader: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameEnded:
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str


Event = (
    GameStarted
    | JarlsRemoved
    | JarlGiven
    | DeckShuffled
    | DiscardShuffledIntoDeck
    | CardsDrawn
    | TokenPassed
    | MusterGroupFormed
    | GodsSelected
    | RoundStarted
    | PartyDeployed
    | OutpostPowersOffered
    | OutpostPowerClosed
    | CardTakenFromDiscard
    | TurnStarted
    | CardWithdrawn
    | CardRevealed
    | CardAdded
    | GloryPlaced
    | ChampionPlaced
    | GodInvoked
    | HeroRetrieved
    | VictoryPointsGained
    | GloryRetrieved
    | Passed
    | OutpostAwarded
    | GloryGained
    | PartiesDiscarded
    | MusterGroupDiscarded
    | GameEnded
    | FreyaCardDrawn
    | FreyaCardPlaced
)
"""Every Red North event. Wire oneof numbers follow this order (new ones go last)."""

EVENTS: dict[str, type] = {cls.__name__: cls for cls in get_args(Event)}

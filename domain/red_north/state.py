"""Red North state: a frozen snapshot derived only by folding events (``evolve``).

Every field is JSON-friendly, so a state can be stored as a snapshot through the kernel codec.
Seats are numbered clockwise from 0; "clockwise" in the rulebook is ``seat + 1``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skald.domain.kernel.fast import replace
from skald.domain.red_north.components import Colour, colour_of, is_warrior


class Phase(StrEnum):
    SETUP = "setup"
    DEPLOYMENT = "deployment"
    OUTPOST_POWERS = "outpost_powers"
    ACTIONS = "actions"
    OVER = "over"


@dataclass(frozen=True, slots=True)
class PartyCard:
    card: str
    face_up: bool
    glory: int = 0
    champion: bool = False


@dataclass(frozen=True, slots=True)
class MusterGroup:
    leader: str
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Outpost:
    colour: Colour
    raid_points: int
    owner: int | None = None


@dataclass(frozen=True, slots=True)
class Player:
    hand: tuple[str, ...] = ()
    party: tuple[PartyCard, ...] = ()
    glory: int = 0
    vp: int = 0
    gods: tuple[str, ...] = ()
    invoked: bool = False
    deployed: bool = False
    passed: bool = False
    drawn: str | None = None
    """Freya: the card drawn and looked at, not yet placed at an end of the Party (secret
    to the other seats; the same action ends only when it is placed)."""

    def face_down_positions(self) -> tuple[int, ...]:
        return tuple(i for i, pc in enumerate(self.party) if not pc.face_up)

    def has_warrior_of(self, colour: Colour) -> bool:
        """At least one Raider or Hero of ``colour`` in the Party (Glory compensation)."""
        return any(colour_of(pc.card) is colour and is_warrior(pc.card) for pc in self.party)


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[Player, ...]
    round: int = 0
    phase: Phase = Phase.SETUP
    outposts: tuple[Outpost, ...] = ()
    deck: tuple[str, ...] = ()
    """Top first."""
    discard: tuple[str, ...] = ()
    """Oldest first; public."""
    muster: tuple[MusterGroup, ...] = ()
    set_aside: tuple[str, ...] = ()
    """Heroes of unclaimed Spring groups (Thor may retrieve one)."""
    removed: tuple[str, ...] = ()
    """Out of the game: removed Jarls, unused and unclaimed Gods, invoked Gods."""
    first_player: int | None = None
    tie_breaker: int | None = None
    champion: int | None = None
    """Seat holding the Champion token in front of them (``None``: centre, or on a Jarl)."""
    pending_powers: tuple[Colour, ...] = ()
    current: int | None = None
    scores: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    end_reason: str = ""
    public: tuple[str, ...] = ()
    """Every card id ever shown to all (in the spectator's form of an event): what is no
    longer anyone's secret. Derived in ``evolve``; used by ``secrets``."""

    @property
    def count(self) -> int:
        return len(self.players)

    def outpost(self, colour: Colour) -> Outpost | None:
        for o in self.outposts:
            if o.colour is colour:
                return o
        return None

    def owner(self, colour: Colour) -> int | None:
        o = self.outpost(colour)
        return None if o is None else o.owner

    def with_player(self, seat: int, player: Player) -> State:
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))


def initial(players: int) -> State:
    return State(players=tuple(Player() for _ in range(players)))

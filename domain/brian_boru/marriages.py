"""Marriage cards and the marriage track.

Sources: ../shared/games/brian-boru/rules-and-data.md §7 (cards, high confidence), §7.1 (the
10-space track, low to medium confidence; RULINGS.md: "Marriage track: the 10-space model in
rules-and-data.md §7.1") and §2.4 (the deck: 2 regular cards for 3 players, 3 for 4–5, then the
Princess last)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class PrincessOption(StrEnum):
    """The three sides of choice for Estrid, Princess of Denmark (§7)."""

    MILITARY_SUPPORT = "military_support"
    ESTABLISH_TRADE = "establish_trade"
    SPURN = "spurn"


SPURN_POINTS = 4


@dataclass(frozen=True, slots=True)
class MarriageCard:
    """A marriage card: its reward (points, renown, a town in a region) or the Princess."""

    id: str
    name: str
    points: int
    renown: int = 0
    town_region: str = ""
    princess: bool = False


MARRIAGE_CARDS: tuple[MarriageCard, ...] = (
    MarriageCard("marriage-aodhan", "Aodhan", 2, town_region="leinster"),
    MarriageCard("marriage-aoife", "Aoife", 2, renown=1),
    MarriageCard("marriage-brigid", "Brigid", 4),
    MarriageCard("marriage-conall", "Conall", 2, town_region="southern_ui_neill"),
    MarriageCard("marriage-cormac", "Cormac", 2, town_region="connaught"),
    MarriageCard("marriage-niall", "Niall", 2, town_region="northern_ui_neill"),
    MarriageCard("marriage-orlaith", "Orlaith", 2, town_region="munster"),
)
PRINCESS = MarriageCard("marriage-estrid", "Estrid, Princess of Denmark", 0, princess=True)
MARRIAGE_BY_ID: dict[str, MarriageCard] = {c.id: c for c in (*MARRIAGE_CARDS, PRINCESS)}


def regular_cards_used(players: int) -> int:
    """§2.4: 2 regular cards above the Princess with 3 players, 3 with 4–5 (so 3 or 4 rounds)."""
    return 2 if players == 3 else 3


class TrackReward(StrEnum):
    NONE = "none"
    COIN = "coin"
    RENOWN = "renown"
    TOWN = "town"


@dataclass(frozen=True, slots=True)
class TrackSpace:
    index: int
    reward: TrackReward
    amount: int = 0


TRACK: tuple[TrackSpace, ...] = (
    TrackSpace(0, TrackReward.NONE),  # start (bottom): holds any number of discs
    TrackSpace(1, TrackReward.NONE),
    TrackSpace(2, TrackReward.COIN, 1),
    TrackSpace(3, TrackReward.COIN, 1),
    TrackSpace(4, TrackReward.COIN, 1),
    TrackSpace(5, TrackReward.COIN, 2),
    TrackSpace(6, TrackReward.COIN, 2),
    TrackSpace(7, TrackReward.RENOWN, 1),
    TrackSpace(8, TrackReward.TOWN, 1),
    TrackSpace(9, TrackReward.NONE),  # top
)
TRACK_TOP = len(TRACK) - 1


def components() -> dict[str, object]:
    return {
        "marriage_cards": [
            {
                "id": c.id,
                "name": c.name,
                "points": c.points,
                "renown": c.renown,
                "town_region": c.town_region,
                "princess": c.princess,
            }
            for c in (*MARRIAGE_CARDS, PRINCESS)
        ],
        "princess_options": [o.value for o in PrincessOption],
        "princess_spurn_points": SPURN_POINTS,
        "marriage_track": [
            {"space": s.index, "reward": s.reward.value, "amount": s.amount} for s in TRACK
        ],
    }

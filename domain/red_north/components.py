"""Red North printed data: colours, cards, Outposts, Gods and the round table.

Sources: ``../shared/games/red-north/rulebook.en.txt`` ("Components", "Game Structure",
"Resolution", "Outposts", "Gods"), ``../shared/games/red-north/notes.md`` (Raider strength 2,
A.2 item 4) and ``../shared/games/RULINGS.md`` (Red North).

Card ids are unique and carry their kind and colour, so a card id alone says what it is:
``raider-red-01`` … ``raider-red-11``, ``hero-red``, ``jarl-01`` … ``jarl-10``, ``god-thor`` ….
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from functools import lru_cache
from typing import Any


class Colour(StrEnum):
    """The five faction colours, in the rulebook's Outpost order (green first: always used)."""

    GREEN = "green"
    PURPLE = "purple"
    RED = "red"
    YELLOW = "yellow"
    BLUE = "blue"


class Kind(StrEnum):
    RAIDER = "raider"
    HERO = "hero"
    JARL = "jarl"
    GOD = "god"


class God(StrEnum):
    THOR = "thor"
    LOKI = "loki"
    ODIN = "odin"
    FREYA = "freya"
    NORNIR = "nornir"
    TYR = "tyr"
    SAGA = "saga"
    HEL = "hel"


class End(StrEnum):
    """An end of a Raiding Party (Reinforce, Sax, Freya)."""

    LEFT = "left"
    RIGHT = "right"


class Token(StrEnum):
    FIRST_PLAYER = "first_player"
    TIE_BREAKER = "tie_breaker"
    CHAMPION = "champion"


OUTPOST_NAMES: Mapping[Colour, str] = {
    Colour.GREEN: "Vinland",
    Colour.PURPLE: "Frankenland",
    Colour.RED: "Angleland",
    Colour.YELLOW: "Sax",
    Colour.BLUE: "Rus",
}

RAIDERS_PER_COLOUR = 11
JARL_COUNT = 10
HAND_DEAL = 6
"""Cards dealt to each player besides the Jarl ("Distribute Starting Stuff")."""
STARTING_GLORY = 1
PARTY_SIZE = 3
RAIDER_POINTS = 2
HERO_POINTS = 4
JARL_BONUS = 1
CHAMPION_JARL_BONUS = 2
FRANKENLAND_DRAW = 2
ODIN_VP = 2
LOKI_GLORY = 2
TYR_DRAW = 4
SPRING_GROUP_CARDS = 2
SUMMER_GROUP_CARDS = 3
ROUNDS = 3
ROUND_NAMES = ("Spring", "Summer", "Ragnarok")
ROUND_VP = (1, 2, 3)
"""VP per Outpost in rounds 1, 2, 3 ("B - Award Outposts")."""

JARLS_REMOVED: Mapping[int, int] = {2: 4, 3: 2, 4: 0}
"""Jarl cards removed by player count ("2 - Remove Unused Components")."""

DEFAULT_OUTPOST_RAID_POINTS = 1
"""RULINGS.md (Red North): the printed Raid Points of the Outposts are not known to us;
every Outpost defaults to 1, overridable per colour by the setup option
``outpost_raid_points_<colour>``."""

OUTPOST_RAID_POINTS_OPTION = "outpost_raid_points_"

HIDDEN = "hidden"
"""What a seat sees in place of a card it may not know (redacted events, views)."""


def raider(colour: Colour, number: int) -> str:
    return f"raider-{colour.value}-{number:02d}"


def hero(colour: Colour) -> str:
    return f"hero-{colour.value}"


def jarl(number: int) -> str:
    return f"jarl-{number:02d}"


def god_card(god: God) -> str:
    return f"god-{god.value}"


def raiders(colour: Colour) -> tuple[str, ...]:
    return tuple(raider(colour, n) for n in range(1, RAIDERS_PER_COLOUR + 1))


ALL_JARLS: tuple[str, ...] = tuple(jarl(n) for n in range(1, JARL_COUNT + 1))
ALL_GODS: tuple[str, ...] = tuple(god_card(g) for g in God)


@lru_cache(maxsize=512)
def kind_of(card: str) -> Kind:
    """A card's kind (cached, as ``colour_of``: asked several times per command, for the
    same hundred-odd ids; bounded, since commands may name ids that are no card)."""
    return Kind(card.split("-", 1)[0])


@lru_cache(maxsize=512)
def colour_of(card: str) -> Colour | None:
    """The colour of a Raider or Hero; Jarls and Gods have none."""
    parts = card.split("-")
    if parts[0] in (Kind.RAIDER, Kind.HERO):
        return Colour(parts[1])
    return None


def god_of(card: str) -> God:
    return God(card.split("-", 1)[1])


def base_points(card: str) -> int:
    """Printed Raid Points of a card in its own colour (Jarls and Gods: 0)."""
    kind = kind_of(card)
    if kind is Kind.RAIDER:
        return RAIDER_POINTS
    if kind is Kind.HERO:
        return HERO_POINTS
    return 0


def is_warrior(card: str) -> bool:
    """A Raider or a Hero: the cards that carry Glory and gain from Jarls."""
    return kind_of(card) in (Kind.RAIDER, Kind.HERO)


GOD_TEXT: Mapping[God, str] = {
    God.THOR: "Retrieve the Hero set aside from the unclaimed Spring Muster Group into your hand.",
    God.LOKI: "Place 2 Glory from the supply on any non-Jarl cards of your Party, face-up or down.",
    God.ODIN: "Gain 2 VP.",
    God.FREYA: "Draw 1 card secretly and place it face-down at either end of your Party.",
    God.NORNIR: "Retrieve all Glory from the cards of your Party to your supply.",
    God.TYR: "Draw 4 cards into your hand.",
    God.SAGA: "Turn 1 face-down card of each opponent's Party face-up (skip those with none).",
    God.HEL: "Take any 1 Jarl or Raider from the discard pile face-up anywhere in your Party.",
}

OUTPOST_TEXT: Mapping[Colour, str] = {
    Colour.GREEN: "Resolution D: take the Tie Breaker token (win all ties you are part of).",
    Colour.PURPLE: "Resolution D: draw 2 cards.",
    Colour.RED: "Resolution D: take the First Player token; after Deployment, give it to any player or keep it.",
    Colour.YELLOW: "After Deployment: take 1 Raider from the discard pile face-up to either end of your Party.",
    Colour.BLUE: "Resolution D: take the Champion token; Promote a Jarl with it next round.",
}


def components() -> Mapping[str, Any]:
    """The printed data, JSON-friendly (``skald rules red-north`` / GetRules)."""
    return {
        "colours": [c.value for c in Colour],
        "outposts": [
            {
                "colour": c.value,
                "name": OUTPOST_NAMES[c],
                "raid_points": DEFAULT_OUTPOST_RAID_POINTS,
                "raid_points_source": "RULINGS.md default (printed value unknown)",
                "power": OUTPOST_TEXT[c],
            }
            for c in Colour
        ],
        "raiders": {c.value: list(raiders(c)) for c in Colour},
        "heroes": [hero(c) for c in Colour],
        "jarls": list(ALL_JARLS),
        "gods": [{"card": god_card(g), "text": GOD_TEXT[g]} for g in God],
        "points": {
            "raider": RAIDER_POINTS,
            "hero": HERO_POINTS,
            "jarl_adjacent": JARL_BONUS,
            "champion_jarl_adjacent": CHAMPION_JARL_BONUS,
            "glory": 1,
        },
        "round_vp": list(ROUND_VP),
        "rounds": list(ROUND_NAMES),
        "jarls_removed": {str(k): v for k, v in JARLS_REMOVED.items()},
    }

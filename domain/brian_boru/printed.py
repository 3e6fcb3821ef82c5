"""Setup options that override printed values we only know from one source.

RULINGS.md (preamble, ../shared/games/RULINGS.md): every ruling on a printed value lives as
named data "and can be overridden by a setup option where it is a printed value". The kernel
checks each option's kind, allowed values and bounds against :data:`OPTIONS` before ``setup``
(domain/kernel/options.py), each number of a list option too; what the schema cannot say (a
list of exactly 7 integers, a track of 10 spaces) is checked here and refused with
``brian_boru/bad-option``. Every printed number is at most :data:`PRINTED_MAXIMUM`. The values
played are recorded in ``GameStarted``, so a later change of a default cannot change a recorded
game.
"""

from __future__ import annotations

from dataclasses import dataclass

from skald.domain.brian_boru.cards import (
    CARD5_COINS_DEFAULT,
    VIKING_CARD_IDS,
    VIKING_STRENGTHS_DEFAULT,
)
from skald.domain.brian_boru.map import REGION_BY_KEY
from skald.domain.brian_boru.marriages import TRACK, TrackReward, TrackSpace
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.options import OptionKind, Options, OptionSpec, OptionValue, option_numbers

DUBHLINN_DEFAULT: tuple[int, int] = (
    REGION_BY_KEY["dubhlinn"].threshold,
    REGION_BY_KEY["dubhlinn"].value,
)
"""RULINGS.md: Dubhlinn threshold 2 and value 2 (map.py holds the same printed data)."""

PRINTED_MAXIMUM = 999
"""The largest printed number an option may set (a strength, a region's value, a track
reward). The printed ones are below 20; the bound keeps every total the game adds up from them
(coins, renown, points over a whole game) far inside the 32 bits every game integer has on the
wire, so no option can make a game that ends in a number it cannot record."""

ROAD_31_43: tuple[int, int] = (31, 43)
"""RULINGS.md: road 31–43 exists (option ``road_31_43=no`` removes it)."""


def _track_word(space: TrackSpace) -> str:
    if space.reward is TrackReward.NONE:
        return "none"
    if space.reward is TrackReward.TOWN:
        return "town"
    return f"{space.reward.value}{space.amount}"


OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "viking_strengths",
        OptionKind.NUMBERS,
        ",".join(map(str, VIKING_STRENGTHS_DEFAULT)),
        f"the 7 Viking card strengths, a comma list of integers 0–{PRINTED_MAXIMUM} "
        "(viking-1 first)",
        overrides="RULINGS.md (Brian Boru): Viking card strengths 9, 10, 11, 12, 13, 13, 14",
        minimum=0,
        maximum=PRINTED_MAXIMUM,
    ),
    OptionSpec(
        "card5_coins",
        OptionKind.NUMBER,
        CARD5_COINS_DEFAULT,
        "coins of action card 5's secondary action A",
        overrides="RULINGS.md (Brian Boru): card 5 secondary A gives 3 coins ([CH] reads 2)",
        allowed=(2, 3),
    ),
    OptionSpec(
        "dubhlinn",
        OptionKind.NUMBERS,
        ",".join(map(str, DUBHLINN_DEFAULT)),
        f"Dubhlinn's 'threshold,value' (threshold 1–6, value 0–{PRINTED_MAXIMUM})",
        overrides="RULINGS.md (Brian Boru): Dubhlinn threshold 2 and value 2",
        minimum=0,
        maximum=PRINTED_MAXIMUM,
    ),
    OptionSpec(
        "road_31_43",
        OptionKind.FLAG,
        True,
        "whether the road between towns 31 and 43 exists",
        overrides="RULINGS.md (Brian Boru): road 31–43 exists",
    ),
    OptionSpec(
        "marriage_track",
        OptionKind.TEXT,
        ",".join(_track_word(t) for t in TRACK),
        "the 10 marriage-track spaces bottom to top, each none, coinN, renownN "
        f"(N 1–{PRINTED_MAXIMUM}) or town; the bottom and the top carry no reward",
        overrides="RULINGS.md (Brian Boru): the 10-space model in rules-and-data.md §7.1",
    ),
)


@dataclass(frozen=True, slots=True)
class PrintedSettings:
    """The printed values in play."""

    viking_strengths: tuple[int, ...] = VIKING_STRENGTHS_DEFAULT
    card5_coins: int = CARD5_COINS_DEFAULT
    dubhlinn: tuple[int, int] = DUBHLINN_DEFAULT
    road_31_43: bool = True
    track: tuple[TrackSpace, ...] = TRACK


def _bad(message: str) -> Malformed:
    return Malformed("brian_boru/bad-option", message)


def _space(index: int, text: str) -> TrackSpace:
    word = text.strip().lower()
    if word == "none":
        return TrackSpace(index, TrackReward.NONE)
    if word == "town":
        return TrackSpace(index, TrackReward.TOWN, 1)
    for reward in (TrackReward.COIN, TrackReward.RENOWN):
        digits = word[len(reward.value) :]
        # ASCII digits only (str.isdigit also takes "²", which int() refuses), and no more
        # significant ones than PRINTED_MAXIMUM has: a longer number is refused unconverted.
        if word.startswith(reward.value) and digits.isascii() and digits.isdigit():
            short = len(digits.lstrip("0")) <= len(str(PRINTED_MAXIMUM))
            amount = int(digits) if short else 0
            if 0 < amount <= PRINTED_MAXIMUM:
                return TrackSpace(index, reward, amount)
            raise _bad(
                f"marriage_track space {index}: a {reward.value} reward is 1–{PRINTED_MAXIMUM}"
            )
    raise _bad(f"marriage_track space {index}: {text[:40]!r} is not none/coinN/renownN/town")


def _integers(name: str, value: OptionValue) -> tuple[int, ...]:
    """A list option's numbers, read as the kernel checked them (each 0–PRINTED_MAXIMUM once
    resolved; ``settings`` is given resolved options, so this re-reads, it does not judge)."""
    return option_numbers(name, value)


def settings(options: Options) -> PrintedSettings:
    """The printed values of resolved ``options`` (raises ``Malformed`` when a value's shape
    is wrong in a way the option schema cannot express)."""
    strengths = _integers("viking_strengths", options["viking_strengths"])
    if len(strengths) != len(VIKING_CARD_IDS):
        raise _bad("viking_strengths must list 7 integers ≥ 0")
    dubhlinn = _integers("dubhlinn", options["dubhlinn"])
    if len(dubhlinn) != 2:
        raise _bad("dubhlinn must be 'threshold,value', two integers")
    if not 1 <= dubhlinn[0] <= len(REGION_BY_KEY["dubhlinn"].towns) * 2:
        raise _bad("dubhlinn threshold must be between 1 and 6")
    words = str(options["marriage_track"]).split(",")
    if len(words) != len(TRACK):
        raise _bad(f"marriage_track must list {len(TRACK)} spaces, bottom to top")
    track = tuple(_space(i, w) for i, w in enumerate(words))
    if track[0].reward is not TrackReward.NONE or track[-1].reward is not TrackReward.NONE:
        raise _bad("marriage_track: the bottom and the top space carry no reward")
    card5 = options["card5_coins"]
    return PrintedSettings(
        viking_strengths=strengths,
        card5_coins=int(card5),
        dubhlinn=(dubhlinn[0], dubhlinn[1]),
        road_31_43=bool(options["road_31_43"]),
        track=track,
    )

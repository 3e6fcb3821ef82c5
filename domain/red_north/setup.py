"""Red North setup options and ``setup`` (rulebook "Game Setup" 1–4).

Sources: ``../shared/games/red-north/rulebook.en.txt`` and ``../shared/games/RULINGS.md``.

House rulings (RULINGS.md is silent):

* First player: the rulebook gives the token to "the player with the largest feet", which
  software cannot know; a chance event picks a seat uniformly (recorded as ``TokenPassed``).
* Outposts: green plus ``players`` random others (RULINGS.md: players + 1 *including* green).
"""

from __future__ import annotations

from skald.domain.kernel.chance import Chance
from skald.domain.kernel.options import OptionKind, Options, OptionSpec, resolve_options
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import CODES
from skald.domain.red_north.components import (
    ALL_JARLS,
    DEFAULT_OUTPOST_RAID_POINTS,
    HAND_DEAL,
    JARLS_REMOVED,
    OUTPOST_RAID_POINTS_OPTION,
    SPRING_GROUP_CARDS,
    STARTING_GLORY,
    Colour,
    Token,
    hero,
    raiders,
)
from skald.domain.red_north.flow import Log, draw_to_hand, form_group
from skald.domain.red_north.state import initial

MIN_PLAYERS = 2
MAX_PLAYERS = 4

OUTPOST_RAID_POINTS_MAXIMUM = 999
"""The most printed Raid Points an Outpost option may set: a Party's points are added to it, so
an unbounded value could end in a number no game integer (32 bits on the wire) can record."""

OPTIONS: tuple[OptionSpec, ...] = tuple(
    OptionSpec(
        name=f"{OUTPOST_RAID_POINTS_OPTION}{colour.value}",
        kind=OptionKind.NUMBER,
        default=DEFAULT_OUTPOST_RAID_POINTS,
        help=f"printed Raid Points of the {colour.value} Outpost, added to its owner's "
        f"{colour.value} Raid Points",
        overrides="../shared/games/RULINGS.md (Red North): Outpost printed Raid Points are "
        f"not known, default {DEFAULT_OUTPOST_RAID_POINTS} per Outpost",
        minimum=0,
        maximum=OUTPOST_RAID_POINTS_MAXIMUM,
    )
    for colour in Colour
)
"""One option per Outpost colour (RULINGS.md: "setup option to override per colour"). Raid
Points are whole numbers ≥ 0; no maximum is printed or ruled, so none is imposed."""


def outpost_raid_points(options: Options) -> dict[Colour, int]:
    """Printed Raid Points per Outpost, from options the schema (:data:`OPTIONS`) resolved.

    The kernel resolves options before ``setup``; resolving again is idempotent and keeps a
    direct caller (a test, a replay of stored options) from bypassing the schema, without a
    second, hand-written validation."""
    resolved = resolve_options(OPTIONS, options)
    points: dict[Colour, int] = {}
    for colour in Colour:
        # OptionKind.NUMBER: resolve_options has made it an int ≥ 0
        points[colour] = int(resolved[f"{OUTPOST_RAID_POINTS_OPTION}{colour.value}"])
    return points


def setup(players: int, options: Options, chance: Chance) -> tuple[ev.Event, ...]:
    """Game Setup 1–4 (rulebook), ending with the start of Spring."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CODES.malformed("players", f"Red North is for 2–4 players, not {players}")
    points = outpost_raid_points(options)
    log = Log(initial(players))
    others = [c.value for c in Colour if c is not Colour.GREEN]
    picked = chance.shuffle(others, "red_north: select the Outposts besides green")[:players]
    in_play = tuple(c for c in Colour if c is Colour.GREEN or c.value in picked)
    log.emit(ev.GameStarted(players, in_play, tuple(points[c] for c in in_play), STARTING_GLORY))
    jarls = chance.shuffle(ALL_JARLS, "red_north: shuffle the Jarls")
    removed = JARLS_REMOVED[players]
    if removed:
        log.emit(ev.JarlsRemoved(tuple(jarls[:removed])))
    for seat in range(players):
        log.emit(ev.JarlGiven(seat, jarls[removed + seat]))
    deck = tuple(jarls[removed + players :]) + tuple(c for col in in_play for c in raiders(col))
    log.emit(ev.DeckShuffled(chance.shuffle(deck, "red_north: shuffle the draw deck")))
    for seat in range(players):
        draw_to_hand(log, seat, HAND_DEAL, chance, "deal")
    first = chance.below(players, "red_north: first player (largest feet, by lot)")
    log.emit(ev.TokenPassed(Token.FIRST_PLAYER, first, "setup: chosen by lot"))
    for colour in in_play:
        form_group(log, hero(colour), SPRING_GROUP_CARDS, chance)
    log.emit(ev.RoundStarted(1))
    return tuple(log.events)

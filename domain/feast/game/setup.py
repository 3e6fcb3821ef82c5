"""Options and setup (refresher.en.txt setup; rules.ja.txt ゲームの準備; RULINGS.md, Feast).

Each player: 5 Vikings on the Thing square and 7 on the banquet table's round spaces (6 and 6
in the short game), a bow, a snare, a spear and a mead, no silver (RULINGS.md), one hidden
light-brown starting occupation of the chosen decks (the rest leave the game). The table:
the weapons deck, the dark occupation deck, the four exploration boards front up, 2 mountain
strips face up (3 with 4 players), with 4 players the imitation columns (a chance event picks
column 1 or 2, and 3 or 4: RULINGS.md), a random start player. Then round 1 begins.

Options added after games were stored say in ``absent`` what those games played:
``occupations`` and ``late_occupations`` (the card effects), ``readings`` (the version of the
rule readings, ``game/readings.py``: RULINGS.md "A Feast for Odin, more" from 2).
"""

from __future__ import annotations

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import readings
from skald.domain.feast.game.evolve import apply
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.phases import start_round
from skald.domain.feast.game.setup_data import LATE_NUMBERS, starting_cards
from skald.domain.feast.game.state import initial
from skald.domain.feast.mountains import FACE_UP_AT_SETUP, MOUNTAIN_STRIPS
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.options import OptionKind, Options, OptionSpec

MIN_PLAYERS = 1
MAX_PLAYERS = 4

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "length",
        OptionKind.TEXT,
        GameLength.LONG.value,
        "the long (7-round) or the short (6-round) game",
        allowed=(GameLength.LONG.value, GameLength.SHORT.value),
    ),
    OptionSpec(
        "decks",
        OptionKind.TEXT,
        "ABC",
        "occupation decks in play: A (beginners), BC, or all three (components.md §5.4)",
        allowed=("A", "B", "C", "BC", "ABC"),
    ),
    OptionSpec(
        "final_income",
        OptionKind.FLAG,
        True,
        "the final round's income is scored instead of paid out",
        overrides="refresher.en.txt scoring (rules.ja.txt does not list it)",
    ),
    OptionSpec(
        "occupations",
        OptionKind.FLAG,
        True,
        "occupation card effects; off: cards are still dealt, played and score their points "
        "but do nothing else (the game before the effects were built, for comparison)",
        absent=False,  # games stored before rules version feast-ja-2026.2 had no effects
    ),
    OptionSpec(
        "late_occupations",
        OptionKind.FLAG,
        True,
        "the effects of the 8 occupations built last (#5, #70, #71, #77, #85, #91, #99, "
        "#159); off: those cards do nothing else (the game before they were built)",
        absent=False,  # games stored before they were built played without them
    ),
    OptionSpec(
        "readings",
        OptionKind.NUMBER,
        readings.CURRENT,
        "the version of the rule readings (game/readings.py): 2, RULINGS.md 'A Feast for "
        "Odin, more' (raids judged after stone and long swords are spent; cards acting "
        "immediately before or instead count for using a space; Weapons Warden counts the "
        "round's placements); 1, the readings before it (games stored before the option)",
        overrides="RULINGS.md: A Feast for Odin, more (2026-12-06)",
        minimum=readings.FIRST,
        maximum=readings.CURRENT,
        absent=readings.FIRST,  # games stored before the option played the first readings
    ),
)


def setup(players: int, options: Options, chance: Chance) -> tuple[ev.Event, ...]:
    length = GameLength(str(options["length"]))
    decks = str(options["decks"])
    start = chance.below(players, "feast: the start player (the moose)")
    numbers = [s.number for s in MOUNTAIN_STRIPS]
    strips = chance.shuffle(numbers, "feast: mountain strips")[: FACE_UP_AT_SETUP[players]]
    imitation: tuple[int, ...] = ()
    if players == 4:
        imitation = (
            chance.pick((1, 2), "feast: imitation column 1 or 2"),
            chance.pick((3, 4), "feast: imitation column 3 or 4"),
        )
    log = Log(initial(players))
    log.emit(
        ev.GameStarted(
            players,
            length,
            start,
            tuple(strips),
            imitation,
            decks,
            bool(options["final_income"]),
            bool(options["occupations"]),
        )
    )
    if options["occupations"] and options["late_occupations"]:
        log.emit(ev.OccupationEffectsAdded(LATE_NUMBERS))
    if int(options["readings"]) > readings.FIRST:
        log.emit(ev.ReadingsAdopted(int(options["readings"])))
    pool = list(starting_cards(decks))
    for seat in range(players):
        card = chance.pick(pool, "feast: deal a starting occupation")
        pool.remove(card)
        log.emit(ev.OccupationDealt(seat, card))
    start_round(log, chance)
    return tuple(log.events)


__all__ = ["MAX_PLAYERS", "MIN_PLAYERS", "OPTIONS", "apply", "setup"]

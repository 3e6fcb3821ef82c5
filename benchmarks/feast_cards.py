"""A Feast for Odin with and without its occupation effects: whole random 4-player games/s of
the pure engine (``decide`` + ``evolve``, the simulate picker of ``cli/autoplay/pickers.py`` choosing),
the same seeds played with every card's effect (the default) and with the option
``occupations`` off, in the same run (target ≥ 0.7×). It also counts, over the games with
effects, how often each card was played and how often its effect happened (``OccupationUsed``
and taken offers), and names the built cards that were never played or never took effect
(random play rarely holds what a card asks for).

``python -m skald.benchmarks.feast_cards [--games N]``."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from typing import Any

from skald.cli.autoplay.pickers import feast as pick
from skald.domain.feast.game import RULES
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.registry import BY_ID
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.play import fold

PLAYERS = 4


def play(seed: int, effects: bool, tally: tuple[Counter[str], Counter[str]] | None = None) -> int:
    """One whole game; returns its number of events."""
    options = resolve_options(RULES.options, {"occupations": effects})
    chance = ServerChance(b"feast-cards", str(seed))
    picker = random.Random(seed)
    state = fold(RULES, PLAYERS, RULES.setup(PLAYERS, options, chance))
    events = 0
    while RULES.outcome(state) is None:
        seat = picker.choice(sorted(RULES.to_act(state)))
        command = pick(list(RULES.legal_commands(state, seat)), picker)
        for e in RULES.decide(state, seat, command, chance):
            state = RULES.evolve(state, e)
            events += 1
            if tally is not None:
                _count(e, tally)
    return events


def _count(e: Any, tally: tuple[Counter[str], Counter[str]]) -> None:
    played, used = tally
    if isinstance(e, ev.OccupationPlayed | ev.OccupationPlayedBy):
        played[e.card] += 1
    elif isinstance(e, ev.OccupationUsed) or (
        isinstance(e, ev.OccupationAnswered) and e.option is not None
    ):
        used[e.card] += 1


def run(quick: bool = False, games: int | None = None) -> dict[str, Any]:
    n = games or (2 if quick else 12)
    times: dict[bool, list[float]] = {True: [], False: []}
    sizes: dict[bool, int] = {True: 0, False: 0}
    tally: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    for g in range(n):  # interleaved, so a busy machine slows both alike
        for effects in (False, True):
            started = time.perf_counter()
            sizes[effects] += play(g, effects, tally if effects else None)
            times[effects].append(time.perf_counter() - started)
    on, off = n / sum(times[True]), n / sum(times[False])
    played, used = tally
    return {
        "players": PLAYERS,
        "games": n,
        "games_per_s_cards": round(on, 2),
        "games_per_s_no_cards": round(off, 2),
        "cards_vs_no_cards": round(on / off, 3),
        "median_game_s_cards": round(statistics.median(times[True]), 3),
        "events_per_game_cards": round(sizes[True] / n, 1),
        "events_per_game_no_cards": round(sizes[False] / n, 1),
        "cards_played": sum(played.values()),
        "card_effects": sum(used.values()),
        "built_cards_played": len(set(played) & set(BY_ID)),
        "built_cards_with_effect": len(set(used)),
        "built_cards_never_played": sorted(int(c[-3:]) for c in BY_ID if c not in played),
        "built_cards_never_in_effect": sorted(int(c[-3:]) for c in BY_ID if c not in used),
        "most_played": [f"{c[-3:]}: {n}" for c, n in played.most_common(5)],
        "most_in_effect": [f"{c[-3:]}: {n}" for c, n in used.most_common(5)],
    }


if __name__ == "__main__":
    import json

    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    print(json.dumps(run(args.quick, args.games), indent=1))

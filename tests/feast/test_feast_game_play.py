"""Whole random games of A Feast for Odin: every player count and both lengths end with scores;
the fold of the events is the live state; every listed command is accepted; ``to_act`` is the
seats of ``pending``; no view or redacted event names a card its seat may not know.

Numbers (games/s, events per game) are printed (``pytest -s``), never asserted."""

from __future__ import annotations

import json
import random
import time
from collections import Counter
from typing import Any

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game.actions import NOT_BUILT
from skald.domain.feast.game.state import Phase, State
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.codec import from_data, to_data
from skald.domain.kernel.play import fold

CASES = [(n, length) for n in (1, 2, 3, 4) for length in ("long", "short")]


def _pick(commands: list[Any], picker: random.Random) -> Any:
    """Half the time an action-phase or feast choice, else any listed command (placements
    included), so games both place goods and move on."""
    moves = [c for c in commands if type(c).__name__ not in RULES.anytime]
    if moves and picker.random() < 0.5:
        return picker.choice(moves)
    return picker.choice(commands)


def play(
    players: int, length: str, seed: int, audit: bool = False, occupations: bool = True
) -> tuple[State, list[Any], Counter[str]]:
    chance = ServerChance(b"feast-play", f"{players}-{length}-{seed}")
    picker = random.Random(seed)
    options = resolve_options(RULES.options, {"length": length, "occupations": occupations})
    events = list(RULES.setup(players, options, chance))
    state = fold(RULES, players, events)
    used: Counter[str] = Counter()
    for _ in range(20_000):
        if RULES.outcome(state) is not None:
            break
        pending = RULES.pending(state)
        assert RULES.to_act(state) == frozenset(p.seat for p in pending)
        seat = picker.choice(sorted(RULES.to_act(state)))
        commands = list(RULES.legal_commands(state, seat))
        assert commands, f"seat {seat} is awaited but has nothing to do"
        if audit:
            answers = {a for p in pending if p.seat == seat for a in p.answers}
            for c in picker.sample(commands, min(4, len(commands))):
                assert type(c).__name__ in answers | RULES.anytime
                RULES.check(state, seat, c)
                assert RULES.decide(state, seat, c, ServerChance(b"probe", "p"))
        command = _pick(commands, picker)
        if type(command).__name__ == "PlaceVikings":
            used[command.space] += 1
        new = RULES.decide(state, seat, command, chance)
        for e in new:
            state = RULES.evolve(state, e)
        events += new
    else:
        pytest.fail("no end")
    return state, events, used


@pytest.mark.parametrize(("players", "length"), CASES)
def test_random_games_end_with_scores(players: int, length: str) -> None:
    started = time.perf_counter()
    total_events = 0
    games = 3
    for seed in range(games):
        state, events, used = play(players, length, seed, audit=seed == 0)
        outcome = RULES.outcome(state)
        assert outcome is not None and len(outcome.scores) == players
        assert set(outcome.winners) == {
            s for s, v in enumerate(outcome.scores) if v == max(outcome.scores)
        }
        assert state.phase is Phase.OVER and state.round == (7 if length == "long" else 6)
        assert RULES.pending(state) == () and RULES.to_act(state) == frozenset()
        assert fold(RULES, players, events) == state
        assert not set(used) & set(NOT_BUILT), "a space that is not built was used"
        total_events += len(events)
    elapsed = time.perf_counter() - started
    print(
        f"\nfeast {players}p {length}: {games / elapsed:.1f} games/s, "
        f"{total_events / games:.0f} events/game"
    )


def test_events_views_and_commands_round_trip_the_codec() -> None:
    state, events, _ = play(3, "long", 7)
    for e in events:
        assert from_data(type(e), to_data(e)) == e
    for seat in (0, 1, 2, None):
        view = RULES.view(state, seat)
        assert from_data(type(view), to_data(view)) == view


def test_no_hidden_card_reaches_another_seat() -> None:
    chance = ServerChance(b"leak", "feast")
    picker = random.Random(5)
    options = resolve_options(RULES.options, {})
    events = list(RULES.setup(4, options, chance))
    state = fold(RULES, 4, events)
    seen_secret = False
    for _ in range(150):
        if RULES.outcome(state) is not None:
            break
        for s in (0, 1, 2, 3, None):
            secrets = RULES.secrets(state, s)
            seen_secret |= bool(secrets)
            text = json.dumps(to_data(RULES.view(state, s))) + "".join(
                json.dumps(to_data(RULES.redact(e, s))) for e in events
            )
            assert not [c for c in secrets if f'"{c}"' in text], f"seat {s} sees a secret"
        seat = picker.choice(sorted(RULES.to_act(state)))
        command = _pick(list(RULES.legal_commands(state, seat)), picker)
        new = RULES.decide(state, seat, command, chance)
        state = fold(RULES, 4, new, state)
        events += new
    assert seen_secret
    own = RULES.view(state, 0).players[0]
    assert own.hand == state.players[0].hand and RULES.view(state, 1).players[0].hand == ()


def test_space_use_over_many_games() -> None:
    """Report how often each built space was used (printed), and that most were reached."""
    used: Counter[str] = Counter()
    for seed in range(8):
        used += play(4, "long", 100 + seed)[2]
    print("\nspaces used over 8 random 4-player games:", dict(sorted(used.items())))
    assert len([s for s in used if not s.startswith("imitation")]) >= 30

"""The optional ``decide_folded`` of the kernel contract (domain/kernel/contract.py): the events
are exactly ``decide``'s, drawing the same chance, and the state equals ``evolve`` folded over
them — at every step of random games of each game that provides it. A game without it (the toy
game) is served by :func:`skald.domain.kernel.play.decide_folded`'s fallback, to the same result."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skald.domain.brian_boru import RULES as BRIAN_BORU
from skald.domain.kernel import AnyRules, ServerChance, resolve_options
from skald.domain.kernel.errors import SkaldError
from skald.domain.kernel.play import decide_folded, fold, random_command
from skald.domain.red_north import RULES as RED_NORTH
from tests import toy_game

FOLDING: dict[str, tuple[AnyRules, int, int]] = {
    "red_north": (RED_NORTH, 2, 4),
    "brian_boru": (BRIAN_BORU, 3, 5),
}


def _chance(seed: bytes, cursor: int) -> ServerChance:
    return ServerChance(seed, "test", cursor)


def _check_game(rules: AnyRules, players: int, seed: bytes, pick: int) -> int:
    """Play a random game, comparing ``decide_folded`` with ``decide`` + ``fold`` at each
    step; the number of steps compared."""
    setup = _chance(seed, 0)
    state = fold(rules, players, rules.setup(players, resolve_options(rules.options, {}), setup))
    cursor, picker, steps = setup.used, random.Random(pick), 0
    while rules.outcome(state) is None:
        choice = random_command(rules, state, picker)
        assert choice is not None
        seat, command = choice
        plain, folding = _chance(seed, cursor), _chance(seed, cursor)
        events = rules.decide(state, seat, command, plain)
        decided = rules.decide_folded(state, seat, command, folding)  # type: ignore[attr-defined]
        assert decided.events == events
        assert folding.used == plain.used
        after = fold(rules, players, events, state)
        assert decided.state == after
        assert decide_folded(rules, state, seat, command, _chance(seed, cursor)) == decided
        state, cursor, steps = after, cursor + plain.used, steps + 1
    return steps


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    game=st.sampled_from(sorted(FOLDING)),
    players=st.integers(0, 2),
    seed=st.binary(min_size=1, max_size=8),
    pick=st.integers(0, 2**32),
)
def test_decide_folded_is_decide_then_fold(game: str, players: int, seed: bytes, pick: int) -> None:
    rules, low, high = FOLDING[game]
    assert _check_game(rules, min(low + players, high), seed, pick) > 0


@pytest.mark.parametrize("game", sorted(FOLDING))
def test_decide_folded_refuses_what_decide_refuses(game: str) -> None:
    rules, players, _ = FOLDING[game]
    chance = _chance(b"refused", 0)
    state = fold(rules, players, rules.setup(players, resolve_options(rules.options, {}), chance))
    command = next(iter(rules.legal_commands(state, min(rules.to_act(state)))))
    other = players + 1  # no such seat
    with pytest.raises(SkaldError) as plain:
        rules.decide(state, other, command, _chance(b"refused", chance.used))
    with pytest.raises(SkaldError) as folding:
        folded: Any = rules
        folded.decide_folded(state, other, command, _chance(b"refused", chance.used))
    assert (type(folding.value), folding.value.rule) == (type(plain.value), plain.value.rule)


def test_a_game_without_it_is_decided_then_folded() -> None:
    rules: Any = toy_game.RULES
    assert not hasattr(rules, "decide_folded")
    seed, steps = b"toy", 0
    setup = _chance(seed, 0)
    state = fold(rules, 2, rules.setup(2, {}, setup))
    cursor, picker = setup.used, random.Random(3)
    while rules.outcome(state) is None:
        choice = random_command(rules, state, picker)
        assert choice is not None
        events = rules.decide(state, *choice, _chance(seed, cursor))
        drawn = _chance(seed, cursor)
        decided = decide_folded(rules, state, *choice, drawn)
        assert decided.events == events and decided.state == fold(rules, 2, events, state)
        state, cursor, steps = decided.state, cursor + drawn.used, steps + 1
    assert steps > 0

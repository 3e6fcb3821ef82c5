"""The kernel contract on A Feast for Odin, run directly on its rules: legal means
accepted, with the shared near-miss machinery of ``tests/test_contract.py``."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skald.domain.feast.game import RULES
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.codec import from_data, to_data
from skald.domain.kernel.play import fold
from tests.test_contract import assert_legal_means_accepted


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_legal_means_accepted(players: int) -> None:
    assert_legal_means_accepted(RULES, players)


def _game(seed: str, steps: int) -> list[Any]:
    chance = ServerChance(b"same", seed)
    picker = random.Random(seed)
    events = list(RULES.setup(4, resolve_options(RULES.options, {}), chance))
    state = fold(RULES, 4, events)
    for _ in range(steps):
        if RULES.outcome(state) is not None:
            break
        seat = sorted(RULES.to_act(state))[0]
        command = picker.choice(list(RULES.legal_commands(state, seat)))
        new = RULES.decide(state, seat, command, chance)
        state = fold(RULES, 4, new, state)
        events += new
    return events


def test_same_seed_same_game() -> None:
    assert _game("a", 150) == _game("a", 150)
    assert _game("a", 150) != _game("b", 150)


def test_the_state_before_setup_can_be_viewed() -> None:
    blank = RULES.initial(2)
    for seat in (None, 0):
        view = RULES.view(blank, seat)
        assert from_data(type(view), to_data(view)) == view
    assert RULES.outcome(blank) is None and RULES.pending(blank) == ()
    assert list(RULES.legal_commands(blank, 0)) == []

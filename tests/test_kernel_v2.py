"""Kernel v2 on its own: option schemas, pending decisions for multi-step dice actions and
anytime actions (the shape of A Feast for Odin, shown by tests/dice_game.py), long games, and a
test of the contract test: a game whose ``decide`` accepts a command its ``legal_commands``
does not list is caught."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from skald.domain.kernel import (
    IllegalMove,
    Malformed,
    NotYourTurn,
    OptionKind,
    OptionSpec,
    ServerChance,
    SkaldError,
    resolve_options,
)
from skald.domain.kernel.play import fold, is_legal, random_game
from tests import dice_game
from tests.dice_game import Declare, DieRolled, Hunt, Reroll, Trade
from tests.test_contract import assert_legal_means_accepted

RULES = dice_game.RULES
SPECS = (
    OptionSpec("rounds", OptionKind.NUMBER, 3, "rounds", minimum=1, maximum=9),
    OptionSpec("short", OptionKind.FLAG, False, "the short game", overrides="printed rounds"),
    OptionSpec("map", OptionKind.TEXT, "a", "which map", allowed=("a", "b")),
)


class FixedChance(ServerChance):
    """Rolls the given values in order (a table would enter them; tests pin them here)."""

    def __init__(self, values: list[int]) -> None:
        super().__init__(b"fixed", "fixed")
        self.values = values

    def below(self, n: int, what: str) -> int:
        return self.values.pop(0) - 1


def _state(players: int = 2, rounds: int = 3) -> Any:
    return fold(RULES, players, RULES.setup(players, {"rounds": rounds}, FixedChance([])))


def _play(state: Any, seat: int, command: Any, rolls: list[int] | None = None) -> Any:
    return fold(RULES, 0, RULES.decide(state, seat, command, FixedChance(rolls or [])), state)


def test_options_fill_defaults_and_convert_text() -> None:
    assert resolve_options(SPECS, {}) == {"rounds": 3, "short": False, "map": "a"}
    given = {"rounds": "7", "short": "yes", "map": "b"}
    assert resolve_options(SPECS, given) == {"rounds": 7, "short": True, "map": "b"}


@pytest.mark.parametrize(
    ("given", "rule"),
    [
        ({"colour": "red"}, "options/unknown"),
        ({"rounds": "many"}, "options/type"),
        ({"rounds": True}, "options/type"),
        ({"short": 3}, "options/type"),
        ({"map": "c"}, "options/not-allowed"),
        ({"rounds": 0}, "options/out-of-range"),
        ({"rounds": 10}, "options/out-of-range"),
    ],
)
def test_options_refuse_what_the_schema_does_not_allow(given: dict[str, Any], rule: str) -> None:
    with pytest.raises(Malformed) as info:
        resolve_options(SPECS, given)
    assert info.value.rule == rule


def test_a_hunt_is_a_pending_decision_up_to_three_rolls() -> None:
    state = _play(_state(), 0, Hunt(), [8])
    (pending,) = RULES.pending(state)
    assert (pending.seat, pending.decision, pending.answers) == (
        0,
        "dice/after-roll",
        ("Reroll", "Declare"),
    )
    assert RULES.to_act(state) == {0}
    state = _play(state, 0, Reroll(), [7])
    state = _play(state, 0, Reroll(), [6])
    assert state.hunt.roll == 3 and state.hunt.value == 6  # each roll replaces the last
    assert RULES.pending(state)[0].answers == ("Declare",)
    with pytest.raises(IllegalMove) as info:
        RULES.check(state, 0, Reroll())
    assert info.value.rule == "dice/no-more-rolls"
    # 6 - 2 wood = 4 > 3: even all the wood cannot make it: the automatic failure
    assert list(RULES.legal_commands(state, 0)) == [Trade(), Declare(False)]
    assert not is_legal(RULES, state, 0, Declare(True, 2))
    state = _play(state, 0, Declare(False))
    assert state.wood == (3, 2) and state.hunt is None and RULES.to_act(state) == {1}


def test_every_roll_is_its_own_event_and_success_spends_the_wood_needed() -> None:
    state = _state()
    events = RULES.decide(state, 0, Hunt(), FixedChance([5]))
    assert events == (DieRolled(0, 1, 5),)
    state = fold(RULES, 0, events, state)
    assert list(RULES.legal_commands(state, 0)) == [
        Trade(),
        Reroll(),
        Declare(True, 2),
        Declare(False),
    ]
    with pytest.raises(IllegalMove) as info:
        RULES.check(state, 0, Declare(True, 1))
    assert info.value.rule == "dice/roll-too-high"
    state = _play(state, 0, Declare(True, 2))
    assert state.points == (2, 0) and state.wood == (0, 2)


def test_an_anytime_action_is_taken_by_a_seat_that_is_not_to_act() -> None:
    state = _play(_state(), 0, Hunt(), [2])  # seat 0 decides; seat 1 is not to act
    assert RULES.to_act(state) == {0}
    assert list(RULES.legal_commands(state, 1)) == [Trade()]
    with pytest.raises(NotYourTurn):
        RULES.check(state, 1, Hunt())
    state = _play(state, 1, Trade())
    assert state.points == (0, 1) and state.wood == (2, 0)
    assert RULES.pending(state)[0].decision == "dice/after-roll"  # the hunt still waits
    with pytest.raises(IllegalMove) as info:
        RULES.check(state, 1, Trade())
    assert info.value.rule == "dice/trade-needs-wood"


def test_a_long_game_folds_from_its_events() -> None:
    """300 rounds of 4 seats: thousands of events, one fold, the same state as played."""
    chance = ServerChance(b"long", "long")
    steps = list(random_game(RULES, 4, chance, random.Random(1), {"rounds": 300}))
    events = [e for step in steps for e in (step if isinstance(step, tuple) else step.events)]
    assert len(events) > 2_400
    state = fold(RULES, 4, events)  # its time: python -m skald.benchmarks.reads (fold)
    assert RULES.outcome(state) is not None and state.turn == 1_200


class DriftingDice(dice_game.DiceRules):
    """Accepts a success that spends more wood than needed, but never lists it (drift)."""

    def check(self, state: Any, seat: int, command: Any) -> None:
        hunt = state.hunt
        if isinstance(command, Declare) and command.success and hunt is not None:
            enough = 0 <= command.wood <= state.wood[seat] and hunt.value - command.wood <= 3
            if enough:
                return
        super().check(state, seat, command)


class OverListingDice(dice_game.DiceRules):
    """Lists a command that ``decide`` refuses."""

    def legal_commands(self, state: Any, seat: int) -> Iterator[Any]:
        yield from super().legal_commands(state, seat)
        if seat in self.to_act(state) and state.hunt is not None and state.hunt.roll >= 3:
            yield Reroll()


@pytest.mark.parametrize("cls", [DriftingDice, OverListingDice])
def test_the_contract_test_catches_drift(cls: type) -> None:
    with pytest.raises((AssertionError, SkaldError, pytest.fail.Exception)):
        assert_legal_means_accepted(cls(), 3)


def test_the_contract_test_passes_the_honest_game() -> None:
    assert_legal_means_accepted(RULES, 3)

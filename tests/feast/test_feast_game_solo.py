"""The solo game (components.md §8 and the published setup it cites): the Vikings placed in
a round block their spaces through the next round; the colours' published split gives the
ordinary Viking counts; random solo games end with a score in both lengths."""

from __future__ import annotations

import random

import pytest

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.solo import blocked_refusal
from skald.domain.feast.game.state import Phase, State
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.play import fold
from tests.feast.kit import holding, new_game, refused, run

# The published split (long: one colour 1 on round 1, 2 on rounds 3/5/7, 5 on the Thing;
# the other 2 on rounds 2/4/6, 5 waiting. Short: 2 on round 1, 2 on 3/5, 5 on the Thing;
# 2 on 2/4/6, 6 waiting).
_SPLIT = {
    GameLength.LONG: ({1: 1, 3: 2, 5: 2, 7: 2}, 5, {2: 2, 4: 2, 6: 2}, 5),
    GameLength.SHORT: ({1: 2, 3: 2, 5: 2}, 5, {2: 2, 4: 2, 6: 2}, 6),
}


def _published_vikings(length: GameLength, r: int) -> int:
    """Vikings the colour acting in round ``r`` holds: its Thing Vikings, every round space it
    has taken so far (the ones placed two rounds ago are back)."""
    odd, odd_thing, even, even_thing = _SPLIT[length]
    spaces, thing = (odd, odd_thing) if r % 2 else (even, even_thing)
    return thing + sum(n for rr, n in spaces.items() if rr <= r)


@pytest.mark.parametrize("length", [GameLength.LONG, GameLength.SHORT])
def test_published_split_gives_the_ordinary_counts(length: GameLength) -> None:
    ordinary = 5 if length is GameLength.LONG else 6
    assert [_published_vikings(length, r) for r in range(1, length.rounds + 1)] == [
        ordinary + r for r in range(1, length.rounds + 1)
    ]


def _to_next_round(state: State, chance: ServerChance) -> State:
    state, _ = run(state, 0, cmd.Pass(), chance)
    assert state.phase is Phase.FEAST
    state, _ = run(state, 0, cmd.EndFeast(), chance)
    return state


def test_last_rounds_spaces_stay_blocked_for_one_round() -> None:
    state, chance = new_game(1)
    assert state.count == 1 and state.turn == 0 and state.players[0].thing == 6
    state = holding(state, 0, silver=4)
    state, _ = run(state, 0, cmd.PlaceVikings("weekly-market-1-1"), chance)
    assert state.turn == 0  # solo: always the same seat's turn
    state, _ = run(state, 0, cmd.PlaceVikings("products-2-1"), chance)
    round2 = _to_next_round(state, chance)
    assert round2.round == 2 and round2.blocked == ("weekly-market-1-1", "products-2-1")
    assert RULES.view(round2, 0).blocked == round2.blocked  # public
    assert round2.players[0].thing == _published_vikings(GameLength.LONG, 2) == 7
    assert refused(round2, 0, cmd.PlaceVikings("weekly-market-1-1")) == "feast/space-blocked"
    assert refused(round2, 0, cmd.PlaceVikings("products-2-1")) == "feast/space-blocked"
    state, _ = run(round2, 0, cmd.PlaceVikings("weekly-market-2-1"), chance)
    round3 = _to_next_round(state, chance)
    # round 1's Vikings went back at the end of round 2; round 2's now block
    assert round3.blocked == ("weekly-market-2-1",)
    assert blocked_refusal(round3, "weekly-market-1-1") is None
    assert cmd.PlaceVikings("weekly-market-1-1") in set(RULES.legal_commands(round3, 0))
    assert round3.players[0].thing == 8


def test_blocking_is_solo_only() -> None:
    state, chance = new_game(2)
    state, _ = run(state, state.turn or 0, cmd.PlaceVikings("weekly-market-1-1"), chance)
    for _ in range(2):
        state, _ = run(state, state.turn or 0, cmd.Pass(), chance)
    for seat in (0, 1):
        state, events = run(state, seat, cmd.EndFeast(), chance)
    assert state.round == 2 and state.blocked == ()
    assert not [e for e in events if isinstance(e, ev.SoloSpacesBlocked)]


@pytest.mark.parametrize("length", ["long", "short"])
def test_random_solo_games_end_with_a_score(length: str) -> None:
    for seed in range(3):
        chance = ServerChance(b"solo", f"{length}-{seed}")
        picker = random.Random(seed)
        events = list(RULES.setup(1, resolve_options(RULES.options, {"length": length}), chance))
        state = fold(RULES, 1, events)
        held: dict[int, set[str]] = {}
        counts: dict[int, int] = {}
        for _ in range(20_000):
            if RULES.outcome(state) is not None:
                break
            counts.setdefault(state.round, state.players[0].thing)
            commands = list(RULES.legal_commands(state, 0))
            moves = [c for c in commands if type(c).__name__ not in RULES.anytime]
            command = picker.choice(moves if moves and picker.random() < 0.6 else commands)
            new = RULES.decide(state, 0, command, chance)
            for e in new:
                if isinstance(e, ev.VikingsPlaced):
                    assert e.space not in held.get(state.round - 1, set()), "placed on a block"
                    held.setdefault(state.round, set()).add(e.space)
            state = fold(RULES, 1, new, state)
            events += new
        outcome = RULES.outcome(state)
        assert outcome is not None and outcome.winners == (0,)
        assert fold(RULES, 1, events) == state
        size = GameLength(length)
        assert counts == {r: _published_vikings(size, r) for r in range(1, size.rounds + 1)}
        blocks = [e for e in events if isinstance(e, ev.SoloSpacesBlocked)]
        assert [b.round for b in blocks] == list(range(1, size.rounds))
        assert [set(b.spaces) for b in blocks] == [
            held.get(r, set()) for r in range(1, size.rounds)
        ]

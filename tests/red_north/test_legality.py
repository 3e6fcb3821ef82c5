"""Legal means accepted (issue 7, "The kernel"): ``legal_commands``, ``check`` and ``decide``
agree in both directions, and ``pending`` names exactly what the game waits for.

For random 2-, 3- and 4-player games, at every step and for every seat: (a) every listed command
passes ``check`` and ``decide``; (b) generated near-misses — the same commands from other
seats, other cards, positions, targets, ends and groups, and the commands of other phases —
that are not listed are refused by ``check`` and ``decide`` with the same error; (c) ``to_act``
is the seats of ``pending``, and a seat's legal commands are all of its answers' types.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from skald.domain.kernel.errors import SkaldError
from skald.domain.kernel.play import Step, fold, random_game
from skald.domain.red_north import RULES
from skald.domain.red_north.commands import (
    Command,
    DeclinePower,
    Deploy,
    GiveFirstPlayer,
    Inspire,
    Invoke,
    Pass,
    PlaceFreyaCard,
    Promote,
    Reinforce,
    SagaTarget,
    TakeFromDiscard,
    Withdraw,
)
from skald.domain.red_north.components import End, God, god_card
from skald.domain.red_north.state import State
from tests.red_north.kit import chance


def _cards(state: State, seat: int) -> list[str]:
    """Cards worth naming: own hand, another seat's hand, the discard pile, a stranger."""
    other = state.players[(seat + 1) % state.count]
    return [
        *state.players[seat].hand[:3],
        *other.hand[:1],
        *state.discard[-3:],
        *(pc.card for pc in other.party[:1]),
        "raider-red-01",
        "jarl-01",
    ]


def near_misses(state: State, seat: int) -> Iterator[Command]:
    """Commands of every type around the state's real values (most of them illegal)."""
    p = state.players[seat]
    cards = _cards(state, seat)
    positions = range(-1, len(p.party) + 2)
    hand = p.hand
    for k in range(0, 5):
        yield Deploy(tuple(hand[:k]))
        yield Deploy(tuple(reversed(hand[:k])))
    if hand:
        yield Deploy((hand[0], hand[0], *hand[1:2]))
        yield Deploy((*hand[:2], cards[-1]))
    for s in range(-1, state.count + 1):
        yield GiveFirstPlayer(s)
    yield DeclinePower()
    for card in cards:
        for end in End:
            yield TakeFromDiscard(card, end)
    for pos in positions:
        yield Withdraw(pos)
        yield Inspire(pos)
        yield Promote(pos)
        for card in cards[:5]:
            for end in End:
                yield Reinforce(pos, card, end)
    for end in End:
        yield PlaceFreyaCard(end)
    yield Pass()
    for g in state.muster:
        yield Pass(g.leader)
    yield Pass("hero-nowhere")
    yield from _invokes(state, seat, cards)


def _invokes(state: State, seat: int, cards: list[str]) -> Iterator[Invoke]:
    p = state.players[seat]
    others = [s for s in range(state.count) if s != seat]
    for god in God:
        yield Invoke(god)
        yield Invoke(god, card=cards[0]) if cards else Invoke(god, position=0)
    for a in range(-1, len(p.party) + 1):
        yield Invoke(God.LOKI, positions=(a,))
        for b in range(-1, len(p.party) + 1):
            yield Invoke(God.LOKI, positions=(a, b))
    for pos in range(-1, 4):
        yield Invoke(God.SAGA, targets=tuple(SagaTarget(s, pos) for s in others))
        yield Invoke(God.SAGA, targets=tuple(SagaTarget(s, pos) for s in reversed(others)))
        yield Invoke(God.SAGA, targets=tuple(SagaTarget(s, pos) for s in others[:1]))
        yield Invoke(God.SAGA, targets=(SagaTarget(seat, pos),))
    for card in cards:
        for pos in range(-1, len(p.party) + 2):
            yield Invoke(God.HEL, card=card, position=pos)
    yield Invoke(God.HEL, card=cards[0] if cards else "jarl-01")
    yield Invoke(God.HEL, position=0)


def _refusal(state: State, seat: int, command: Any) -> tuple[type, str] | None:
    try:
        RULES.check(state, seat, command)
    except SkaldError as err:
        return type(err), err.rule
    return None


def check_agreement(state: State) -> int:
    """(a), (b) and (c) at one state; the number of commands tried."""
    pending = RULES.pending(state)
    assert RULES.to_act(state) == {p.seat for p in pending}
    assert len({p.seat for p in pending}) == len(pending)  # one decision per seat at a time
    legal = {s: list(RULES.legal_commands(state, s)) for s in range(state.count)}
    for p in pending:
        assert p.decision.startswith("red_north/") and p.prompt and p.answers
        kinds = {type(c).__name__ for c in legal[p.seat]}
        assert kinds == set(p.answers), (p.decision, kinds, p.answers)
    tried = 0
    for seat in range(state.count):
        listed = set(legal[seat])
        assert len(listed) == len(legal[seat]), "legal commands are listed once each"
        if seat not in RULES.to_act(state):
            assert not listed
        for command in listed:
            assert _refusal(state, seat, command) is None, command
            assert RULES.decide(state, seat, command, chance("probe"))
            tried += 1
        others = [c for s in range(state.count) if s != seat for c in legal[s][:40]]
        for command in [*near_misses(state, seat), *others]:
            if command in listed:
                continue
            refusal = _refusal(state, seat, command)
            assert refusal is not None, f"seat {seat}: {command} accepted but not listed"
            with pytest.raises(SkaldError) as err:
                RULES.decide(state, seat, command, chance("probe"))
            assert (type(err.value), err.value.rule) == refusal, command
            tried += 1
    return tried


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_legal_commands_check_and_decide_agree(players: int, seed: int) -> None:
    game = random_game(RULES, players, chance(f"legal-{players}-{seed}"), random.Random(seed))
    setup = next(game)
    assert isinstance(setup, tuple)
    state = fold(RULES, players, setup)
    decisions: set[str] = set()
    for step in game:
        assert isinstance(step, Step)
        decisions.update(p.decision for p in RULES.pending(state))
        assert check_agreement(state) > 0
        state = fold(RULES, players, step.events, state)
    assert RULES.pending(state) == () and RULES.to_act(state) == frozenset()
    assert _refusal(state, 0, Pass()) is not None  # over: refused
    assert {"red_north/deploy", "red_north/action"} <= decisions


def test_commands_that_are_not_red_north_commands_are_refused_alike() -> None:
    state = fold(RULES, 2, RULES.setup(2, {}, chance()))
    for command in ("withdraw", None, 3, God.FREYA, god_card(God.FREYA)):
        refusal = _refusal(state, 0, command)
        assert refusal is not None and refusal[1] == "red_north/unknown-command"
        with pytest.raises(SkaldError) as err:
            RULES.decide(state, 0, command, chance())  # type: ignore[arg-type]
        assert err.value.rule == "red_north/unknown-command"

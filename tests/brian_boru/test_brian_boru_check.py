"""``check`` agrees with ``decide``, and ``pending`` with ``to_act`` and ``legal_commands``.

For random games of 3, 4 and 5 players, at sampled positions: every legal command passes
``check`` and is accepted by ``decide``; generated near-misses (the same commands from other
seats, other cards, towns and targets, commands of another phase) that ``legal_commands`` does
not list are refused by both, with the same error; every seat of ``pending`` is in ``to_act``
and back, and a pending seat's legal commands are all of a type its decisions name.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace
from itertools import pairwise
from typing import Any

import pytest

from skald.domain.brian_boru import RULES
from skald.domain.brian_boru import commands as cmd
from skald.domain.brian_boru.cards import Symbol, card_id
from skald.domain.brian_boru.decisions import DECISIONS, DecisionKind
from skald.domain.brian_boru.marriages import PRINCESS, PrincessOption
from skald.domain.brian_boru.state import Phase, SecondaryChoice, State
from skald.domain.brian_boru.turns import awaited
from skald.domain.kernel import SkaldError
from skald.domain.kernel.chance import ServerChance
from skald.domain.kernel.play import Step, fold, random_game
from tests.brian_boru.kit import (
    blank,
    player,
    resolve_card,
    resolve_symbols,
    run_upkeep,
    sym,
    towns,
)


def near_misses(state: State) -> Iterator[Any]:
    """Commands of every kind around the position: every town id (and two off the map),
    every card any seat holds or kept, extras around the range, both secondaries, every
    Princess option, keeps of cards from two hands."""
    for town in (0, 1, 2, 17, 22, 36, 53, 54):
        yield cmd.PlaceStartingTown(town)
        yield cmd.ChooseActiveTown(town)
        yield cmd.ChooseTown(town)
        yield cmd.Expand(town)
    for town in range(1, 54):
        if state.towns and state.towns[town - 1].owner is None:
            yield cmd.ChooseActiveTown(town)
            yield cmd.Expand(town)
        yield cmd.ChooseTown(town)
    yield cmd.Expand(None)
    cards = [c for p in state.players for c in (*p.hand, *p.pile)]
    for card in (*cards, "r9-card-99"):
        yield cmd.PlayCard(card)
    for n in range(-1, 8):
        yield cmd.BuyExtras(n)
    for option in SecondaryChoice:
        yield cmd.ChooseSecondary(option)
    for princess in PrincessOption:
        yield cmd.ChoosePrincessOption(princess)
    for a, b in pairwise(cards):
        yield cmd.KeepCards((a, b))
    yield cmd.KeepCards(())
    yield cmd.KeepCards(tuple(cards[:3]))


def _refusal(call: Any) -> tuple[type, str] | None:
    try:
        call()
    except SkaldError as error:
        return type(error), error.rule
    return None


def _probe(state: State, players: int) -> int:
    probes = 0
    pending = RULES.pending(state)
    assert RULES.to_act(state) == frozenset(p.seat for p in pending)
    answers: dict[int, set[str]] = {}
    for p in pending:
        assert p.decision.startswith("brian_boru/") and p.prompt and p.answers
        answers.setdefault(p.seat, set()).update(p.answers)
    chance = ServerChance(b"probe", "check")
    for seat in (*range(players), players, -1):
        legal = list(RULES.legal_commands(state, seat)) if 0 <= seat < players else []
        if seat not in answers:
            assert legal == []
        for command in legal:
            assert type(command).__name__ in answers[seat]
            RULES.check(state, seat, command)
            assert RULES.decide(state, seat, command, chance)
            probes += 1
        listed = set(legal)
        for command in near_misses(state):
            if command in listed:
                continue
            checked = _refusal(lambda c=command, s=seat: RULES.check(state, s, c))
            decided = _refusal(lambda c=command, s=seat: RULES.decide(state, s, c, chance))
            assert checked is not None, (seat, command)
            assert checked == decided, (seat, command, checked, decided)
            probes += 1
    return probes


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("seed", [0, 1])
def test_check_agrees_with_decide_and_pending_with_to_act(players: int, seed: int) -> None:
    picker = random.Random(players * 7 + seed)
    chance = ServerChance(b"seed", f"check-{players}-{seed}")
    state = None
    probes = 0
    sampled = 0
    for step in random_game(RULES, players, chance, picker):
        new = step.events if isinstance(step, Step) else step
        state = fold(RULES, players, new, state)
        if state.phase is Phase.START_TOWNS or picker.random() < 0.12:
            probes += _probe(state, players)
            sampled += 1
    assert state is not None
    probes += _probe(state, players)  # the end: everything refused with GameOver
    assert sampled > 20 and probes > 2000


def _positions() -> Iterator[tuple[DecisionKind, State]]:
    """One constructed position per mid-action decision (random games rarely free Vikings)."""
    yield DecisionKind.SECONDARY, resolve_card(blank(), 0, card_id(1, 13))[0]
    yield (
        DecisionKind.EXTRAS,
        resolve_symbols(player(blank(), 1, coins=5), 1, sym(Symbol.CHURCH, 2))[0],
    )
    expand = towns(player(blank(), 0, coins=5), {17: 0, 20: 1})
    yield DecisionKind.EXPAND, resolve_symbols(expand, 0, sym(Symbol.EXPAND))[0]
    vikings = towns(blank(), {1: 2, 8: 3}, vikings=(1, 8))
    yield DecisionKind.FREE_VIKING, resolve_symbols(vikings, 0, sym(Symbol.FREE_VIKING))[0]
    conall = player(replace(blank(), marriage_card="marriage-conall"), 0, track=9)
    yield DecisionKind.PLACE_TOWN, run_upkeep(conall, "marriage")[0]
    princess = player(replace(blank(), marriage_card=PRINCESS.id), 1, track=2)
    yield DecisionKind.PRINCESS, run_upkeep(princess, "marriage")[0]
    battle = towns(replace(blank(), battlefield=4, marker=0), {1: 0, 2: 0, 8: 1})
    battle = player(player(player(battle, 1, raiders=5), 2, raiders=1), 3, raiders=1)
    yield DecisionKind.CASUALTY, run_upkeep(battle, "battle")[0]
    church = towns(player(blank(), 2, church=3), {8: 2, 9: 2})
    yield DecisionKind.MONASTERY, run_upkeep(church, "church")[0]


def test_check_agrees_with_decide_in_every_mid_action_decision() -> None:
    seen = set()
    for kind, state in _positions():
        decision = awaited(state)
        assert decision is not None and decision.kind is kind
        (p,) = RULES.pending(state)
        assert p.seat == decision.seat and p.decision == DECISIONS[kind][0]
        assert _probe(state, state.players_count) > 100
        seen.add(kind)
    assert seen == set(DecisionKind)


def test_every_event_evolves_every_command_has_a_handler_and_options_have_a_schema() -> None:
    from skald.domain.brian_boru.evolve import _HANDLERS as EVOLVE
    from skald.domain.brian_boru.rules import TABLE

    assert set(EVOLVE) == set(RULES.events.values())
    assert set(TABLE.handlers) == set(RULES.commands.values())
    assert RULES.anytime == frozenset()
    described = {o.name: o.describe() for o in RULES.options}
    assert set(described) == {
        "viking_strengths",
        "card5_coins",
        "dubhlinn",
        "road_31_43",
        "marriage_track",
    }
    assert all(d["overrides"] for d in described.values())
    assert described["card5_coins"]["allowed"] == [2, 3]
    assert described["road_31_43"]["default"] is True

"""Random legal games to the end for 2, 3 and 4 players, with invariants at every step."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from skald.domain.kernel.codec import from_data, to_data
from skald.domain.kernel.play import Step, fold, random_game
from skald.domain.red_north import RULES
from skald.domain.red_north.components import ALL_GODS, ALL_JARLS, HIDDEN, hero, raiders
from skald.domain.red_north.state import Phase, State
from skald.service.bootstrap import registry
from tests.red_north.kit import chance, every_card


def play(players: int, seed: int) -> tuple[tuple[Any, ...], list[Step]]:
    game = random_game(RULES, players, chance(f"prop-{players}-{seed}"), random.Random(seed))
    setup = next(game)
    assert isinstance(setup, tuple)
    return setup, [s for s in game if isinstance(s, Step)]


def check_conservation(state: State) -> None:
    cards = every_card(state)
    assert len(cards) == len(set(cards)), Counter(cards).most_common(3)
    colours = [o.colour for o in state.outposts]
    expected = (
        {c for col in colours for c in raiders(col)} | {hero(c) for c in colours} | set(ALL_JARLS)
    )
    if state.round >= 2:
        expected |= set(ALL_GODS)
    assert set(cards) == expected


def check_secrecy(state: State) -> None:
    for viewer in [None, *range(state.count)]:
        v = RULES.view(state, viewer)
        for seat, pv in enumerate(v.players):
            real = state.players[seat]
            if seat != viewer:
                assert pv.hand == (HIDDEN,) * len(real.hand)
                for shown, pc in zip(pv.party, real.party, strict=True):
                    assert shown.card == (pc.card if pc.face_up else HIDDEN)
            else:
                assert pv.hand == real.hand and pv.party == real.party


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(12))
def test_random_games_end_with_consistent_state(players: int, seed: int) -> None:
    setup, steps = play(players, seed)
    state = fold(RULES, players, setup)
    rng = random.Random(seed)
    for step in steps:
        assert step.seat in RULES.to_act(state)
        legal = list(RULES.legal_commands(state, step.seat))
        assert step.command in legal
        for other in set(range(players)) - RULES.to_act(state):
            assert list(RULES.legal_commands(state, other)) == []
        # every legal command is accepted (a sample of them)
        for command in rng.sample(legal, min(3, len(legal))):
            RULES.decide(state, step.seat, command, chance("probe"))
        state = fold(RULES, players, step.events, state)
        check_conservation(state)
        if rng.random() < 0.2:
            check_secrecy(state)
    outcome = RULES.outcome(state)
    assert outcome is not None and state.phase is Phase.OVER and state.round == 3
    assert outcome.scores == tuple(p.vp for p in state.players)
    assert len(outcome.winners) == 1
    # Replay: the fold of the whole stream equals the live state.
    stream = list(setup) + [e for s in steps for e in s.events]
    assert fold(RULES, players, stream) == state
    assert RULES.to_act(state) == frozenset()


@pytest.mark.parametrize("players", [2, 4])
def test_re_deciding_with_the_same_seed_gives_the_same_events(players: int) -> None:
    """What ``skald verify`` relies on: commands + seed re-derive every event."""
    setup, steps = play(players, 99)
    again = chance(f"prop-{players}-99")
    assert RULES.setup(players, {}, again) == setup
    state = fold(RULES, players, setup)
    for step in steps:
        events = RULES.decide(state, step.seat, step.command, again)
        assert events == step.events
        state = fold(RULES, players, events, state)


def test_events_commands_views_and_state_round_trip_through_the_codec() -> None:
    setup, steps = play(3, 5)
    state = fold(RULES, 3, setup)
    for e in [*setup, *(e for s in steps for e in s.events)]:
        assert from_data(type(e), to_data(e)) == e
        name = type(e).__name__
        assert RULES.events[name] is type(e)
        for seat in (None, 0, 1, 2):
            r = RULES.redact(e, seat)
            assert from_data(type(r), to_data(r)) == r
    for s in steps:
        assert RULES.commands[type(s.command).__name__] is type(s.command)
        assert from_data(type(s.command), to_data(s.command)) == s.command
        state = fold(RULES, 3, s.events, state)
    assert from_data(State, to_data(state)) == state
    v = RULES.view(state, 1)
    assert from_data(type(v), to_data(v)) == v


def test_redacted_events_never_carry_another_seats_secret_cards() -> None:
    setup, steps = play(4, 7)
    for e in [*setup, *(e for s in steps for e in s.events)]:
        for seat in (None, 0, 1, 2, 3):
            data = to_data(RULES.redact(e, seat))
            owner = data.get("seat")
            name = type(e).__name__
            if name in ("DeckShuffled", "DiscardShuffledIntoDeck", "JarlsRemoved"):
                assert set(data["order"] if "order" in data else data["cards"]) <= {HIDDEN}
            if name in ("PartyDeployed", "CardsDrawn") and owner != seat:
                assert set(data["cards"]) <= {HIDDEN}
            secret_card = ("CardWithdrawn", "JarlGiven", "FreyaCardDrawn", "FreyaCardPlaced")
            if name in secret_card and owner != seat:
                assert data["card"] == HIDDEN


def test_registered_under_its_name() -> None:
    assert registry().rules("red-north") is RULES
    assert RULES.components()["round_vp"] == [1, 2, 3]

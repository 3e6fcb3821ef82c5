"""The kernel contract, checked against every registered game (DESIGN.md "one shared contract
test"): setup, decide/evolve agreement, legal-command honesty, codec round trips, views and
redaction that keep secrets, determinism, and games that end for every player count."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from domain.kernel import ServerChance, SkaldError
from service.bootstrap import registry
from domain.kernel.codec import from_data, to_data
from domain.kernel.play import fold

GAMES = registry().names(playable_only=True)
CASES = [
    (g, n)
    for g in GAMES
    for n in range(registry().rules(g).min_players, registry().rules(g).max_players + 1)
]


def _text(obj: Any) -> str:
    return json.dumps(to_data(obj), sort_keys=True)


def _secret_hits(secrets: frozenset[str], text: str) -> list[str]:
    return [s for s in secrets if f'"{s}"' in text]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_games_keep_the_contract(game: str, players: int) -> None:
    rules = registry().rules(game)
    for seed in range(2):
        chance = ServerChance(b"contract", f"{game}-{players}-{seed}")
        picker = random.Random(seed)
        events = list(rules.setup(players, {}, chance))
        state = fold(rules, players, events)
        assert rules.to_act(state), "somebody must be able to act after setup"
        seen: dict[int, list[Any]] = {
            s: [rules.redact(e, s) for e in events] for s in range(players)
        }
        for _step in range(20_000):
            if rules.outcome(state) is not None:
                break
            acting = sorted(rules.to_act(state))
            assert acting, "a running game has someone to act"
            seat = picker.choice(acting)
            legal = list(rules.legal_commands(state, seat))
            assert legal, f"seat {seat} is to act but has no legal command"
            # every legal command decides without error (a sample keeps the test fast)
            for command in picker.sample(legal, min(len(legal), 3)):
                rules.decide(state, seat, command, ServerChance(b"probe", "probe"))
            # a seat not to act is refused, whatever it sends
            idle = [s for s in range(players) if s not in acting]
            if idle:
                with pytest.raises(SkaldError):
                    rules.decide(state, idle[0], legal[0], ServerChance(b"probe", "probe"))
            command = picker.choice(legal)
            assert from_data(type(command), to_data(command)) == command
            new = rules.decide(state, seat, command, chance)
            assert new, "an accepted command makes at least one event"
            for event in new:
                assert from_data(type(event), to_data(event)) == event
                state = rules.evolve(state, event)
                for s in range(players):
                    seen[s].append(rules.redact(event, s))
            events += new
        else:
            pytest.fail("game did not end")
        outcome = rules.outcome(state)
        assert outcome is not None and len(outcome.scores) == players and outcome.winners
        assert rules.to_act(state) == frozenset()
        # replay = fold of the stored events
        assert fold(rules, players, events) == state
        # views encode, and no seat sees another's secrets in its view or its event stream
        if hasattr(rules, "secrets"):
            for s in range(players):
                secrets = rules.secrets(state, s)
                assert not _secret_hits(secrets, _text(rules.view(state, s)))
        for s in range(players):
            view = rules.view(state, s)
            assert from_data(type(view), to_data(view)) == view


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game: str) -> None:
    rules = registry().rules(game)
    players = rules.max_players

    def play() -> list[Any]:
        chance = ServerChance(b"same", "stream")
        picker = random.Random(7)
        events = list(rules.setup(players, {}, chance))
        state = fold(rules, players, events)
        for _ in range(60):
            if rules.outcome(state) is not None:
                break
            seat = sorted(rules.to_act(state))[0]
            command = picker.choice(list(rules.legal_commands(state, seat)))
            new = rules.decide(state, seat, command, chance)
            state = fold(rules, players, new, state)
            events += new
        return events

    assert play() == play()


@pytest.mark.parametrize("game", GAMES)
def test_secrets_stay_hidden_during_play(game: str) -> None:
    """Mid-game (where hidden information is live), no view or redacted event of one seat
    names a card that seat may not know."""
    rules = registry().rules(game)
    if not hasattr(rules, "secrets"):
        pytest.skip(f"{game} declares no secrets")
    players = rules.max_players
    chance = ServerChance(b"leak", "stream")
    picker = random.Random(3)
    events = list(rules.setup(players, {}, chance))
    state = fold(rules, players, events)
    for _ in range(400):
        if rules.outcome(state) is not None:
            break
        for s in range(players):
            secrets = rules.secrets(state, s)
            assert not _secret_hits(secrets, _text(rules.view(state, s))), f"view of seat {s} leaks"
            stream = "".join(_text(rules.redact(e, s)) for e in events)
            assert not _secret_hits(secrets, stream), f"stream of seat {s} leaks"
            assert not _secret_hits(rules.secrets(state, None), _text(rules.view(state, None)))
        seat = picker.choice(sorted(rules.to_act(state)))
        command = picker.choice(list(rules.legal_commands(state, seat)))
        new = rules.decide(state, seat, command, chance)
        state = fold(rules, players, new, state)
        events += new


@pytest.mark.parametrize("game", GAMES)
def test_player_counts_outside_the_box_are_refused(game: str) -> None:
    from service.games import GameService
    from service.store import EventStore

    rules = registry().rules(game)
    svc = GameService(EventStore(":memory:"))
    for players in (rules.min_players - 1, rules.max_players + 1):
        with pytest.raises(SkaldError) as info:
            svc.create(game, players)
        assert info.value.rule == "players/out-of-range"
    assert svc.list_games() == []


@pytest.mark.parametrize("game", GAMES)
def test_the_state_before_setup_can_be_viewed(game: str) -> None:
    """``skald show --at 1`` shows the game right after its kernel record, before setup."""
    rules = registry().rules(game)
    blank = rules.initial(rules.min_players)
    for seat in (None, 0):
        view = rules.view(blank, seat)
        assert from_data(type(view), to_data(view)) == view
    assert rules.outcome(blank) is None

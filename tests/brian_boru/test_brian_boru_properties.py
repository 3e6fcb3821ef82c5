"""Properties over random legal games for 3, 4 and 5 players (seeded, reproducible).

* every game ends with an outcome, within the expected number of rounds;
* the fold of all events from the initial state equals the live state folded step by step,
  also after a codec round trip of every event;
* no secret of a seat appears in its view or in any event redacted for it;
* every command ``legal_commands`` yields is accepted, and off-list commands are refused.
"""

from __future__ import annotations

import random
from dataclasses import fields, is_dataclass
from typing import Any

import pytest

from skald.domain.brian_boru import RULES
from skald.domain.brian_boru import commands as cmd
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.state import Phase
from skald.domain.kernel import GameOver, SkaldError, from_data, to_data
from skald.domain.kernel.chance import ServerChance
from skald.domain.kernel.play import Step, fold, random_game


def strings(obj: Any, out: set[str]) -> set[str]:
    if isinstance(obj, str):
        out.add(obj)
    elif isinstance(obj, tuple):
        for x in obj:
            strings(x, out)
    elif is_dataclass(obj) and not isinstance(obj, type):
        for f in fields(obj):
            strings(getattr(obj, f.name), out)
    return out


def play(players: int, seed: int) -> tuple[list[Any], Any]:
    chance = ServerChance(b"seed", f"test-{players}-{seed}")
    events: list[Any] = []
    for step in random_game(RULES, players, chance, random.Random(seed)):
        events.extend(step.events if isinstance(step, Step) else step)
    return events, fold(RULES, players, events)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_end_and_fold_matches_live_state(players: int) -> None:
    for seed in range(6):
        chance = ServerChance(b"seed", f"test-{players}-{seed}")
        picker = random.Random(seed)
        events: list[Any] = []
        live = None
        for step in random_game(RULES, players, chance, picker):
            new = step.events if isinstance(step, Step) else step
            events.extend(new)
            live = fold(RULES, players, new, live)
        assert live is not None and live.phase is Phase.OVER
        outcome = RULES.outcome(live)
        assert outcome is not None and len(outcome.scores) == players and outcome.winners
        assert live.round == (3 if players == 3 else 4)
        assert fold(RULES, players, events) == live
        decoded = [from_data(type(e), to_data(e)) for e in events]
        assert decoded == events
        assert fold(RULES, players, decoded) == live
        ended = events[-1]
        assert isinstance(ended, ev.GameEnded)
        assert tuple(f.total for f in ended.scores) == outcome.scores
        assert (
            sum(isinstance(e, ev.TrickWon) for e in events)
            == live.round * {3: 7, 4: 5, 5: 4}[players]
        )


@pytest.mark.parametrize("players", [3, 4, 5])
def test_no_secret_reaches_another_seat(players: int) -> None:
    chance = ServerChance(b"seed", f"secrets-{players}")
    picker = random.Random(players)
    seen: list[set[str]] = [set() for _ in range(players)]
    spectator: set[str] = set()
    state = None
    checked = 0
    for step in random_game(RULES, players, chance, picker):
        new = step.events if isinstance(step, Step) else step
        state = fold(RULES, players, new, state)
        for e in new:
            assert type(RULES.redact(e, 0)).__name__ in RULES.events
            strings(RULES.redact(e, None), spectator)
            for seat in range(players):
                strings(RULES.redact(e, seat), seen[seat])
        everyone: set[str] = set()
        for seat in range(players):
            secret = RULES.secrets(state, seat)
            everyone |= secret
            visible = strings(RULES.view(state, seat), set(seen[seat]))
            assert not secret & visible, (seat, sorted(secret & visible))
            checked += len(secret)
        watcher = RULES.secrets(state, None)
        assert everyone <= watcher  # a spectator knows no more than any seat
        assert not watcher & strings(RULES.view(state, None), set(spectator))
    assert checked > 0


def test_legal_commands_are_accepted_and_others_refused() -> None:
    chance = ServerChance(b"seed", "legal")
    picker = random.Random(7)
    state = None
    probes = 0
    for step in random_game(RULES, 4, chance, picker):
        new = step.events if isinstance(step, Step) else step
        state = fold(RULES, 4, new, state)
        if RULES.outcome(state) is not None or picker.random() > 0.2:
            continue
        for seat in range(4):
            legal = list(RULES.legal_commands(state, seat))
            if seat not in RULES.to_act(state):
                assert legal == []
            for command in legal:
                RULES.decide(state, seat, command, ServerChance(b"x", "probe"))
                probes += 1
            for junk in (
                cmd.PlayCard("r9-card-99"),
                cmd.ChooseTown(0),
                cmd.BuyExtras(-1),
                cmd.Expand(54),
                cmd.KeepCards(()),
                cmd.ChooseActiveTown(54),
                cmd.PlaceStartingTown(0),
            ):
                if junk not in legal:
                    with pytest.raises(SkaldError):
                        RULES.decide(state, seat, junk, ServerChance(b"x", "probe"))
    assert probes > 50


def test_after_the_end_every_command_is_game_over_and_views_encode() -> None:
    events, state = play(3, 1)
    assert RULES.outcome(state) is not None
    with pytest.raises(GameOver):
        RULES.decide(state, 0, cmd.ChooseTown(1), ServerChance(b"x", "end"))
    for seat in (0, 1, 2, None):
        view = RULES.view(state, seat)
        assert from_data(type(view), to_data(view)) == view
    assert RULES.view(state, None).winners == state.winners
    for command in (cmd.KeepCards(("a", "b")), cmd.Expand(None), cmd.ChooseTown(3)):
        assert from_data(type(command), to_data(command)) == command
    assert all(type(e).__name__ in RULES.events for e in events)

"""Dice spaces in random 4-player games: the random player takes them, every roll is its own
event, and at every ``feast/after-roll`` decision the listed declarations are exactly the
accepted ones (on a grid around them). Counts are printed (``pytest -s``). Played without
occupation effects, so the seeds reach every dice space (the dice cards: ``test_cards_dice``)."""

from __future__ import annotations

import random
from collections import Counter

from skald.domain.feast.game import RULES
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions import SPACES
from skald.domain.feast.game.actions.dice import KINDS
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.play import fold
from tests.feast.test_feast_game_dice import _accepted, _declarations, _grid

DICE_SPACES = {s for s, space in SPACES.items() if space.kind in KINDS}
GAMES = 3


def _game(seed: int) -> tuple[Counter[str], int, int]:
    """(dice spaces used, rolls, after-roll decisions audited) of one random game."""
    chance = ServerChance(b"feast-dice", f"dice-{seed}")
    picker = random.Random(seed)
    events = RULES.setup(4, resolve_options(RULES.options, {"occupations": False}), chance)
    state = fold(RULES, 4, events)
    used: Counter[str] = Counter()
    rolls = audited = 0
    for _ in range(20_000):
        if RULES.outcome(state) is not None:
            break
        seat = picker.choice(sorted(RULES.to_act(state)))
        commands = list(RULES.legal_commands(state, seat))
        if state.dice is not None and state.dice.seat == seat:
            listed = _declarations(state, seat)
            assert listed <= _grid(state) and listed == _accepted(state, seat)
            audited += 1
        moves = [c for c in commands if type(c).__name__ not in RULES.anytime]
        dice_moves = [c for c in moves if getattr(c, "space", None) in DICE_SPACES]
        if dice_moves and picker.random() < 0.5:
            command = picker.choice(dice_moves)  # a nudge, so every game meets the dice
        elif moves and picker.random() < 0.5:
            command = picker.choice(moves)
        else:
            command = picker.choice(commands)
        new = RULES.decide(state, seat, command, chance)
        for e in new:
            if isinstance(e, ev.VikingsPlaced):
                target = e.copy or e.space
                if target in DICE_SPACES:
                    used[target] += 1
            rolls += isinstance(e, ev.DieRolled)
        state = fold(RULES, 4, new, state)
    assert RULES.outcome(state) is not None, "the game did not end"
    assert state.dice is None
    return used, rolls, audited


def test_random_four_player_games_use_the_dice_spaces() -> None:
    total: Counter[str] = Counter()
    rolls = audited = 0
    for seed in range(GAMES):
        used, r, a = _game(seed)
        assert used, f"game {seed} used no dice space"
        total += used
        rolls += r
        audited += a
    print(
        f"\ndice spaces over {GAMES} games: {dict(sorted(total.items()))}; "
        f"{rolls} rolls, {audited} after-roll decisions audited"
    )
    assert set(total) == DICE_SPACES
    assert rolls >= sum(total.values())

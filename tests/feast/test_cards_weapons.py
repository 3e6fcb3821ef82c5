"""Melee Fighter (#137): spears spent as long swords in raids and pillages, in any mix."""

from __future__ import annotations

from typing import Any

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.state import State
from skald.domain.kernel import TableChance
from tests.feast.kit import (
    LONGSHIP,
    bare,
    have,
    place,
    played,
    refused,
    run,
    used,
    with_ships,
)


def _roll(state: State, value: int) -> State:
    return place(state, 0, "raiding-1-1", 0, TableChance([value]))[0]


def _raids(state: State) -> set[Any]:
    return {c for c in RULES.legal_commands(state, 0) if isinstance(c, cmd.DeclareRaid)}


def test_melee_fighter_spends_spears_and_long_swords_in_any_mix() -> None:
    state = with_ships(played(bare(spear=2, long_sword=1), 0, 137), 0, LONGSHIP)
    rolled = _roll(state, 7)
    assert cmd.DeclareRaid(True, 0, 1, "chest", 2) in _raids(rolled)  # 7 + 1 + 2 = 10
    after, events = run(rolled, 0, cmd.DeclareRaid(True, 0, 1, "chest", 2), TableChance([]))
    assert [e.result for e in events if isinstance(e, ev.DiceSucceeded)] == [10]
    assert have(after, 0, "spear") == 0 and have(after, 0, "long-sword") == 0
    assert used(events, 137) == 1


def test_without_the_card_spears_do_not_count() -> None:
    rolled = _roll(with_ships(bare(spear=2), 0, LONGSHIP), 7)
    assert all(c.spears == 0 for c in _raids(rolled))
    assert refused(rolled, 0, cmd.DeclareRaid(True, 0, 0, "chest", 1)) == "feast/no-spears"
    fighter = _roll(with_ships(played(bare(spear=1, long_sword=1), 0, 137), 0, LONGSHIP), 7)
    assert refused(fighter, 0, cmd.DeclareRaid(True, 0, 0, "chest", 2)) == "feast/cannot-pay"
    _after, events = run(fighter, 0, cmd.DeclareRaid(True, 0, 1, "chest"), TableChance([]))
    assert used(events, 137) == 0  # no spear spent: the card did nothing


def test_spears_are_not_the_single_long_sword_that_comes_back() -> None:
    state = with_ships(played(played(bare(spear=1, long_sword=1), 0, 137), 0, 135), 0, LONGSHIP)
    after, events = run(
        _roll(state, 7), 0, cmd.DeclareRaid(True, 0, 1, "chest", 1), TableChance([])
    )
    assert have(after, 0, "long-sword") == 1 and have(after, 0, "spear") == 0
    assert used(events, 135) == 1 and used(events, 137) == 1

"""Anytime actions (rules.ja.txt 随時アクション): placing goods with the placement engine,
buying ships, loading ore; sent by any seat, listed exactly, checked one at a time."""

from __future__ import annotations

import time
from typing import Any

import pytest

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.items import good_count
from skald.domain.feast.game.phases import board_income
from skald.domain.feast.game.state import Ship, State
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import empty_board
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel import SkaldError
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, new_game, run, turn_of


def _rule(state: State, seat: int, command: Any) -> str:
    with pytest.raises(SkaldError) as info:
        RULES.check(state, seat, command)
    assert command not in set(RULES.legal_commands(state, seat))
    return info.value.rule


def test_a_seat_not_to_act_places_a_good() -> None:
    state, chance = new_game(2)
    state = holding(turn_of(state, 0), 1, oil=1)
    assert 1 not in RULES.to_act(state)
    good = cmd.PlaceGood("home", "oil", 11, 0, 0)
    assert good in set(RULES.legal_commands(state, 1))
    after, _ = run(state, 1, good, chance)
    assert good_count(after.players[1], Good.OIL) == 0
    assert len(after.players[1].home.placed) == 1 and after.turn == 0
    # income number 0 covered: the next visible number is 1

    assert board_income(after.players[1]) == 1


def test_placement_refusals_name_the_rule() -> None:
    state, _ = new_game(2)
    state = holding(state, 0, oil=1, silverware=0, sheep=1)
    state = state.with_player(
        0, replace(state.players[0], houses=(empty_board(BoardId.LONG_HOUSE),))
    )
    assert _rule(state, 0, cmd.PlaceGood("home", "nope", 0, 0)) == "feast/unknown-piece"
    assert _rule(state, 0, cmd.PlaceGood("home", "silverware", 11, 0)) == "feast/not-in-supply"
    assert _rule(state, 0, cmd.PlaceGood("iceland", "oil", 0, 0)) == "feast/no-such-board"
    assert _rule(state, 0, cmd.PlaceGood("home", "oil", 11, 0, 2)) == "feast/rotation-not-listed"
    assert _rule(state, 0, cmd.PlaceGood("home", "oil", 0, 11, 0)) == "placement/income-order"
    assert _rule(state, 0, cmd.PlaceGood("home", "peas", 11, 0, 0)) == (
        "placement/piece-not-allowed"
    )
    assert _rule(state, 0, cmd.PlaceGood("long-house-0", "sheep", 0, 0)) == (
        "feast/animals-not-house-goods"
    )
    # orange goes into a house
    peas = cmd.PlaceGood("long-house-0", "peas", 0, 0, 0)
    assert peas in set(RULES.legal_commands(state, 0))


def test_check_answers_one_placement_cheaply() -> None:
    state, _ = new_game(2)
    state = holding(state, 0, silver=30, oil=3, rune_stone=2)
    command = cmd.PlaceGood("home", "rune-stone", 10, 0, 1)
    RULES.check(state, 0, command)
    started = time.perf_counter()
    for _ in range(2000):
        RULES.check(state, 0, command)
    per_check_ms = (time.perf_counter() - started) / 2000 * 1000
    listed = sum(1 for c in RULES.legal_commands(state, 0) if isinstance(c, cmd.PlaceGood))
    print(f"\nfeast: one PlaceGood check {per_check_ms:.4f} ms; {listed} placements listed")
    assert listed > 100


def test_buying_ships() -> None:
    state, chance = new_game(2)
    state = holding(state, 1, silver=8)
    after, _ = run(state, 1, cmd.BuyShip(ShipKind.LONGSHIP), chance)
    assert after.players[1].silver == 0
    assert after.players[1].ships == (Ship(ShipKind.LONGSHIP),)
    assert _rule(after, 1, cmd.BuyShip(ShipKind.WHALING_BOAT)) == "feast/cannot-pay"
    full = holding(state, 1, knarr=4, silver=10)
    assert _rule(full, 1, cmd.BuyShip(ShipKind.LONGSHIP)) == "feast/no-free-berth"
    assert cmd.BuyShip(ShipKind.WHALING_BOAT) in set(RULES.legal_commands(full, 1))


def test_loading_ore_never_during_ones_own_action() -> None:
    state, chance = new_game(2)
    state = turn_of(state, 0)
    p = replace(state.players[0], ore=2, ships=(Ship(ShipKind.KNARR), Ship(ShipKind.WHALING_BOAT)))
    state = state.with_player(0, p)
    assert _rule(state, 0, cmd.LoadOre(0)) == "feast/ship-full"  # a knarr holds no ore
    loaded, _ = run(state, 0, cmd.LoadOre(1), chance)
    assert loaded.players[0].ships[1].ore == 1 and loaded.players[0].ore == 1
    assert _rule(loaded, 0, cmd.LoadOre(1)) == "feast/ship-full"  # 1 slot
    assert _rule(loaded, 0, cmd.LoadOre(5)) == "feast/no-such-ship"
    state = holding(state, 0, peas=1)
    busy, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-1-3"), chance)
    assert busy.running is not None
    assert _rule(busy, 0, cmd.LoadOre(1)) == "feast/not-during-action"
    # another seat may load during seat 0's action
    other = busy.with_player(1, replace(busy.players[1], ore=1, ships=(Ship(ShipKind.LONGSHIP),)))
    after, _ = run(other, 1, cmd.LoadOre(0), chance)
    assert after.players[1].ships[0].ore == 1


def test_anytime_commands_stop_when_the_game_is_over() -> None:
    state, chance = new_game(1, length="short")
    while RULES.outcome(state) is None:
        seat = min(RULES.to_act(state))
        move = next(
            c
            for c in RULES.legal_commands(state, seat)
            if type(c).__name__ in ("Pass", "EndFeast", "FinishPlacing")
        )
        state, _ = run(state, seat, move, chance)
    assert list(RULES.legal_commands(state, 0)) == []
    assert _rule(state, 0, cmd.BuyShip(ShipKind.KNARR)) == "feast/game-over"

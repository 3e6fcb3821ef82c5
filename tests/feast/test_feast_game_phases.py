"""The 12 phases and the end of the game (rules.ja.txt フェイズ1–12, ゲーム終了と得点計算;
refresher.en.txt), with exact outcomes."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import good_count
from skald.domain.feast.game.phases import start_round
from skald.domain.feast.game.scoring import score_line
from skald.domain.feast.game.state import ItemCount, Phase, Ship, State, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.placement import SILVER, Piece, Placement, empty_board, place
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel import ServerChance, SkaldError
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, new_game, run

W, S, X = MountainItem.WOOD, MountainItem.STONE, MountainItem.SILVER_2


def _all_pass(state: State, chance: ServerChance) -> tuple[State, list[Any]]:
    events: list[Any] = []
    while state.phase is Phase.ACTIONS:
        assert state.turn is not None
        state, new = run(state, state.turn, cmd.Pass(), chance)
        events += new
    return state, events


def _all_end_feast(state: State, chance: ServerChance) -> tuple[State, list[Any]]:
    events: list[Any] = []
    for seat in range(state.count):
        if state.phase is Phase.FEAST:
            state, new = run(state, seat, cmd.EndFeast(), chance)
            events += new
    return state, events


def test_phases_6_to_8_after_the_last_pass() -> None:
    state, chance = new_game(2)
    oil = Placement(Piece.good(Good.OIL), 11, 0, 0)  # covers income 0: income becomes 1
    p0 = replace(state.players[0], home=place(state.players[0].home, oil))
    state = state.with_player(0, p0)
    state = holding(state, 0, sheep=2, pregnant_cattle=1, cattle=0)
    first = state.turn
    state, events = _all_pass(state, chance)
    kinds = [type(e).__name__ for e in events]
    assert kinds.index("StartPlayerChosen") < kinds.index("Gained") < kinds.index("AnimalsBred")
    assert kinds[-1] == "FeastBegan" and state.phase is Phase.FEAST
    assert state.start_player == first  # nobody placed: the start player stays
    p = state.players[0]
    assert p.silver == 1
    assert (good_count(p, Good.SHEEP), good_count(p, Good.PREGNANT_SHEEP)) == (1, 1)
    assert (good_count(p, Good.CATTLE), good_count(p, Good.PREGNANT_CATTLE)) == (2, 0)
    assert RULES.to_act(state) == frozenset({0, 1})


def test_the_last_placer_becomes_start_player() -> None:
    state, chance = new_game(2)
    first = state.turn
    assert first is not None
    state, _ = run(state, first, cmd.Pass(), chance)
    other = 1 - first
    state, _ = run(state, other, cmd.PlaceVikings("weekly-market-1-1"), chance)
    state, _ = run(state, other, cmd.Pass(), chance)
    assert state.start_player == other


def test_feast_penalties_and_banquet_rules() -> None:
    state, chance = new_game(2)
    state = holding(state, 0, mead=2, silver=1)
    state, _ = _all_pass(state, chance)
    # round 1 of the long game: 6 open squares
    mead_h = cmd.ServeFood("mead", 0, 0)
    state, _ = run(state, 0, mead_h, chance)
    refused = RULES.legal_commands(state, 0)
    assert cmd.ServeFood("mead", 2, 0) not in set(refused)  # red beside red
    with pytest.raises(SkaldError) as info:
        RULES.check(state, 0, cmd.ServeFood("mead", 3, 0))
    assert info.value.rule == "placement/banquet-one-horizontal"
    state, _ = run(state, 0, cmd.ServeFood("silver", 2, 0), chance)
    state, _ = run(state, 0, cmd.ServeFood("mead", 3, 1), chance)  # vertical: 1 square
    state, events = run(state, 0, cmd.EndFeast(), chance)
    assert events[-1] == ev.FeastEnded(0, 2)
    assert state.players[0].penalties == 2 and state.players[0].banquet is None
    assert good_count(state.players[0], Good.MEAD) == 0 and state.players[0].silver == 0
    assert RULES.to_act(state) == frozenset({1})


def test_bonus_mountains_return_and_the_next_harvest() -> None:
    state, chance = new_game(2)
    state = replace(state, strips=(Strip(1, (W, S)), Strip(2, (X,))), strips_left=(5,))
    state, _ = _all_pass(state, chance)
    before = [good_count(p, Good.GRAIN) for p in state.players]
    state, events = _all_end_feast(state, chance)
    assert ev.MountainsAged((2,)) in events and ev.MountainStripTurnedUp(5) in events
    assert [(x.number, x.items) for x in state.strips] == [(1, (S,)), (5, state.strips[1].items)]
    assert ev.VikingsReturned(1) in events and state.round == 2
    assert ev.Harvested(2, (Good.PEAS, Good.FLAX, Good.BEANS, Good.GRAIN)) in events
    assert [good_count(p, Good.GRAIN) for p in state.players] == [b + 1 for b in before]
    assert all(p.thing == 7 and p.waiting == 5 for p in state.players)
    assert state.occupied == () and state.phase is Phase.ACTIONS


def test_exploration_boards_turn_and_collect_silver() -> None:
    state, chance = new_game(2)
    claimed = replace(state.exploration[1], owner=1)  # the Faroe Islands, claimed
    state = replace(
        state, round=2, exploration=(state.exploration[0], claimed, *state.exploration[2:])
    )
    log = Log(state)
    start_round(log, chance)
    assert ev.ExplorationTurned("shetland", ("iceland", "greenland")) in log.events
    faces = [(x.face, x.silver) for x in log.state.exploration]
    assert faces == [
        (BoardId.BEAR_ISLAND, 0),
        (BoardId.FAROE_ISLANDS, 0),
        (BoardId.ICELAND, 2),
        (BoardId.GREENLAND, 2),
    ]


def test_bonus_phase_pays_a_surrounded_symbol() -> None:
    state, chance = new_game(1)
    home = state.players[0].home
    # the ore bonus at (5,0): cover (4,0),(4,1),(5,1),(6,0),(6,1) and leave (5,0) bare
    for row, col in ((4, 0), (4, 1), (5, 1), (6, 0), (6, 1)):
        home = place(home, Placement(SILVER, row, col, 0))
    state = state.with_player(0, replace(state.players[0], home=home))
    state, _ = _all_pass(state, chance)
    state, events = _all_end_feast(state, chance)
    assert ev.Gained(0, (ItemCount("ore", 1),), "bonus") in events


def test_final_round_ends_with_placement_then_scores() -> None:
    state, chance = new_game(2, length="short")
    state = replace(state, round=5)
    state, _ = _all_end_feast(_all_pass(state, chance)[0], chance)
    assert state.round == 6
    shed = empty_board(BoardId.SHED)
    p0 = replace(state.players[0], houses=(shed,), wood=2, stone=4)
    state = state.with_player(0, p0)
    state, _ = _all_pass(state, chance)
    state, events = _all_end_feast(state, chance)
    assert isinstance(events[-1], ev.FinalPlacementBegan) and state.phase is Phase.FINAL
    assert not any(isinstance(e, ev.MountainsAged) for e in events)  # no phases 10-12
    state, _ = run(state, 0, cmd.FinishPlacing(), chance)
    assert state.phase is Phase.FINAL and RULES.to_act(state) == frozenset({1})
    state, events = run(state, 1, cmd.FinishPlacing(), chance)
    stored = [e for e in events if isinstance(e, ev.GoodPlaced)]
    assert len(stored) == 5 and state.players[0].wood == 0 and state.players[0].stone == 1
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores == state.scores


def test_score_line_counts_every_printed_source() -> None:
    state, _ = new_game(1)
    p = replace(
        state.players[0],
        ships=(Ship(ShipKind.WHALING_BOAT), Ship(ShipKind.LONGSHIP, 2)),
        emigrated=(ShipKind.KNARR,),
        houses=(empty_board(BoardId.STONE_HOUSE),),
        explored=(empty_board(BoardId.SHETLAND),),
        played=("occupation-005",),  # Chief: 7 points
        specials=("english-crown",),
        silver=4,
        penalties=2,
    )
    state = holding(state.with_player(0, p), 0, sheep=1, pregnant_cattle=1)
    line = score_line(state, 0)
    assert (line.ships, line.emigrated, line.exploration, line.buildings) == (11, 18, 6, 10)
    assert (line.animals, line.occupations, line.silver, line.crown) == (6, 7, 4, 2)
    assert line.income == 0 and line.penalties == -6
    # bare −1 squares: home 86, Shetland's N squares, the stone house's W and S and N squares
    negatives = sum(
        BOARD_SPECS[b].negative_squares
        for b in (BoardId.HOME, BoardId.SHETLAND, BoardId.STONE_HOUSE)
    )
    assert line.negative == negatives
    assert line.total == 11 + 18 + 6 + 10 + 6 + 7 + 4 + 2 - negatives - 6


def test_ties_are_shared() -> None:
    state, chance = new_game(2, length="short")
    while state.phase is not Phase.OVER:
        seat = min(RULES.to_act(state))
        moves = [
            c
            for c in RULES.legal_commands(state, seat)
            if type(c).__name__ in ("Pass", "EndFeast", "FinishPlacing")
        ]
        state, _ = run(state, seat, moves[0], chance)
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores[0] == outcome.scores[1]
    assert outcome.winners == (0, 1)


def test_final_income_paid_when_the_option_is_off() -> None:
    state, chance = new_game(1, length="short", final_income=False)
    oil = Placement(Piece.good(Good.OIL), 11, 0, 0)
    state = state.with_player(0, replace(state.players[0], home=place(state.players[0].home, oil)))
    state = replace(state, round=6)
    before = state.players[0].silver
    state, _ = _all_pass(state, chance)
    assert state.players[0].silver == before + 1
    state, _ = _all_end_feast(state, chance)
    state, _ = run(state, 0, cmd.FinishPlacing(), chance)
    assert state.phase is Phase.OVER


def test_final_income_scored_by_default() -> None:
    state, chance = new_game(1, length="short")
    oil = Placement(Piece.good(Good.OIL), 11, 0, 0)
    state = state.with_player(0, replace(state.players[0], home=place(state.players[0].home, oil)))
    state = replace(state, round=6)
    before = state.players[0].silver
    state, _ = _all_pass(state, chance)
    assert state.players[0].silver == before
    state, _ = _all_end_feast(state, chance)
    assert score_line(state, 0).income == 1

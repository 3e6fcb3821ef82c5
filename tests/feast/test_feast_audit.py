"""Rules audit, part 2: setup by player count and the 12 phases over whole games, checked
against rules.ja.txt line by line (ゲームの準備, フェイズ1–12, ゲーム終了と得点計算), the
refresher and components.md §5–§8. The checklist is in domain/feast/NOTES.md ("Audit
checklist (part 2)"); each test names the lines it checks."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.items import good_count
from skald.domain.feast.game.state import ItemCount, Phase, State
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MOUNTAIN_STRIPS
from skald.domain.feast.placement import SILVER, Piece, Placement, empty_board, place
from skald.domain.kernel import ServerChance
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, new_game, run

_ITEMS = {s.number: s.items for s in MOUNTAIN_STRIPS}


def _pass_round(state: State, chance: ServerChance) -> tuple[State, list[Any]]:
    """Every seat passes, then every seat ends its feast serving nothing."""
    events: list[Any] = []
    while state.phase is Phase.ACTIONS:
        assert state.turn is not None
        state, new = run(state, state.turn, cmd.Pass(), chance)
        events += new
    for seat in range(state.count):
        if state.phase is Phase.FEAST:
            state, new = run(state, seat, cmd.EndFeast(), chance)
            events += new
    return state, events


def _passing_game(
    players: int, **options: Any
) -> tuple[list[State], list[list[Any]], State, list[Any]]:
    """A game in which nobody places: the state at each round's action phase, the events of
    each round, the state after the final placement, and the final events."""
    state, chance = new_game(players, seed=f"audit-{players}", **options)
    starts, rounds = [state], []
    while state.phase is Phase.ACTIONS:
        state, events = _pass_round(state, chance)
        rounds.append(events)
        if state.phase is Phase.ACTIONS:
            starts.append(state)
    assert state.phase is Phase.FINAL
    final: list[Any] = []
    for seat in range(players):
        state, new = run(state, seat, cmd.FinishPlacing(), chance)
        final += new
    return starts, rounds, state, final


def test_vikings_weapons_harvest_and_feast_size_round_by_round_long() -> None:
    """ゲームの準備: 5 Vikings on the Thing square, bow + snare + spear + mead; フェイズ1: one
    Viking from the banquet table each round; フェイズ2 (long game): the harvest list;
    フェイズ4: one weapon each round; フェイズ9: 5 + round open squares, one Thing penalty per
    square left bare (−3 each at the end)."""
    starts, _, end, final = _passing_game(2)
    assert [s.round for s in starts] == [1, 2, 3, 4, 5, 6, 7]
    harvest = {
        1: (1, 1, 1, 0, 0, 0),
        2: (2, 2, 2, 1, 0, 0),
        3: (2, 2, 2, 1, 0, 0),
        4: (3, 3, 3, 2, 1, 0),
        5: (3, 3, 3, 2, 1, 0),
        6: (4, 4, 4, 3, 2, 1),
        7: (4, 4, 4, 3, 2, 1),
    }
    crops = (Good.PEAS, Good.BEANS, Good.FLAX, Good.GRAIN, Good.CABBAGE, Good.FRUITS)
    for s in starts:
        for p in s.players:
            assert (p.thing, p.waiting) == (5 + s.round, 7 - s.round)
            assert sum(p.weapons) == 3 + s.round
            assert good_count(p, Good.MEAD) == 1 and p.silver == 0
            assert tuple(good_count(p, g) for g in crops) == harvest[s.round]
    # 6 + 7 + … + 12 bare squares over the seven feasts
    assert [p.penalties for p in end.players] == [63, 63]
    scored = next(e for e in final if isinstance(e, ev.GameScored))
    for line in scored.lines:
        assert (line.negative, line.penalties, line.silver, line.income) == (86, -189, 0, 0)
        assert line.total == -86 - 189
    # 同点の場合、タイブレークはありません: both seats win
    assert scored.scores == (-275, -275) and scored.winners == (0, 1)


def test_short_game_counts() -> None:
    """Short game (refresher.en.txt setup: 6 on the round spaces, the rest of 12 on the Thing
    square): 6 + round Vikings and open squares, 6 rounds, harvest in rounds 1, 3, 5
    (components.md §7, one source)."""
    starts, _, end, final = _passing_game(1, length="short")
    assert [s.round for s in starts] == [1, 2, 3, 4, 5, 6]
    assert [s.players[0].thing for s in starts] == [7, 8, 9, 10, 11, 12]
    peas = [good_count(s.players[0], Good.PEAS) for s in starts]
    assert peas == [1, 1, 2, 2, 3, 3]
    assert end.players[0].penalties == sum(range(7, 13))
    scored = next(e for e in final if isinstance(e, ev.GameScored))
    assert scored.scores == (-86 - 3 * 57,) and scored.winners == (0,)


def test_exploration_boards_turn_on_schedule_with_silver_long() -> None:
    """フェイズ3: A–D turn in rounds 3–6 (long); at each turn every unclaimed board not turned
    gets 2 silver; a board turning over gives its silver back to the stock (Greenland's 6);
    rounds 1, 2 and 7 turn nothing and add nothing (探険ボードの反転の際)."""
    starts, _, _, _ = _passing_game(2)

    def table(s: State) -> list[tuple[str, int]]:
        return [(x.face.value, x.silver) for x in s.exploration]

    assert table(starts[1]) == [
        ("shetland", 0),
        ("faroe-islands", 0),
        ("iceland", 0),
        ("greenland", 0),
    ]
    assert table(starts[2]) == [
        ("bear-island", 0),
        ("faroe-islands", 2),
        ("iceland", 2),
        ("greenland", 2),
    ]
    assert table(starts[3]) == [
        ("bear-island", 2),
        ("baffin-island", 0),
        ("iceland", 4),
        ("greenland", 4),
    ]
    assert table(starts[4]) == [
        ("bear-island", 4),
        ("baffin-island", 2),
        ("labrador", 0),
        ("greenland", 6),
    ]
    assert table(starts[5]) == [
        ("bear-island", 6),
        ("baffin-island", 4),
        ("labrador", 2),
        ("newfoundland", 0),
    ]
    assert table(starts[6]) == table(starts[5])  # round 7: nothing turns, nothing is added


def test_exploration_schedule_short_game() -> None:
    """フェイズ3 (ショートゲーム): A–D turn in rounds 2–5."""
    starts, _, _, _ = _passing_game(1, length="short")
    faces = [[x.face for x in s.exploration] for s in starts]
    assert faces[1][0] is BoardId.BEAR_ISLAND and faces[0][0] is BoardId.SHETLAND
    assert faces[2][1] is BoardId.BAFFIN_ISLAND
    assert faces[3][2] is BoardId.LABRADOR
    assert faces[4][3] is BoardId.NEWFOUNDLAND


@pytest.mark.parametrize("players", [2, 4])
def test_mountain_strips_lose_the_arrow_end_and_one_turns_up_each_round(players: int) -> None:
    """フェイズ11: the leftmost (arrow-end) item leaves every face-up strip, then a new strip
    turns up; 2 face up at setup, 3 with 4 players; 8 strips in all (components.md §5.2)."""
    starts, _, _, _ = _passing_game(players)
    setup = 3 if players == 4 else 2
    counts = [len(s.strips) for s in starts]
    assert counts == [min(8, setup + r) for r in range(7)]
    first = starts[0].strips[0].number
    for r, s in enumerate(starts):
        strip = next(x for x in s.strips if x.number == first)
        assert strip.items == _ITEMS[first][r:]


def test_the_twelve_phases_in_order() -> None:
    """フェイズ1–12 in the printed order, with income (a covered 0: income 1) and breeding
    (2 sheep) happening; the final round ends after its feast: no bonus, no mountain
    aging, no Vikings back, then the final placement and scoring (refresher.en.txt)."""
    state, chance = new_game(2, seed="order")
    oil = Placement(Piece.good(Good.OIL), 11, 0, 0)
    state = state.with_player(0, replace(state.players[0], home=place(state.players[0].home, oil)))
    state = holding(state, 0, sheep=2)
    state, events = _pass_round(state, chance)
    order = [
        "StartPlayerChosen",  # 6
        "Gained",  # 7 income
        "AnimalsBred",  # 8
        "FeastBegan",  # 9
        "FeastEnded",
        "MountainsAged",  # 11
        "MountainStripTurnedUp",
        "VikingsReturned",  # 12
        "RoundStarted",  # 1 of round 2
        "Harvested",  # 2
        "WeaponDrawn",  # 4
        "TurnStarted",  # 5
    ]
    kinds = [type(e).__name__ for e in events]
    last_pass = max(i for i, k in enumerate(kinds) if k == "Passed")
    at = [kinds.index(k, last_pass) for k in order]
    assert at == sorted(at)
    income = next(e for e in events if isinstance(e, ev.Gained) and e.reason == "income")
    assert (income.seat, income.items[0].item, income.items[0].count) == (0, "silver", 1)
    # round 3 turns Shetland between the harvest (none in round 3) and the weapons
    state, events = _pass_round(state, chance)  # round 2, then round 3 begins
    kinds = [type(e).__name__ for e in events]
    start = kinds.index("RoundStarted")
    assert state.round == 3
    assert kinds[start + 1 : start + 4] == ["ExplorationTurned", "WeaponDrawn", "WeaponDrawn"]


def test_the_final_round_ends_after_the_feast() -> None:
    """refresher.en.txt: the game ends right after the final feast; no bonus that round."""
    _, rounds, _, final = _passing_game(1)
    last = [type(e).__name__ for e in rounds[-1]]
    assert last[-1] == "FinalPlacementBegan"
    assert not {"MountainsAged", "VikingsReturned", "RoundStarted"} & set(last)
    # the final round pays no income (scored instead): nothing to pay here anyway
    assert [type(e).__name__ for e in final] == ["PlacingFinished", "GameScored"]


def test_a_house_bonus_pays_in_phase_10() -> None:
    """フェイズ10 and components.md §4 ("Each house has a Bonus phase like the boards"): the
    stone house's hide at (1,2), its 8 neighbours covered (blank squares are off the
    board and count as covered)."""
    state, chance = new_game(1, seed="house-bonus")
    house = empty_board(BoardId.STONE_HOUSE)
    for row, col in ((0, 1), (0, 2), (1, 1), (1, 3), (2, 1), (2, 2), (2, 3)):
        house = place(house, Placement(SILVER, row, col, 0))
    state = state.with_player(0, replace(state.players[0], houses=(house,)))
    state, events = _pass_round(state, chance)
    assert ev.Gained(0, (ItemCount("hide", 1),), "bonus") in events
    assert good_count(state.players[0], Good.HIDE) == 1


def test_newfoundlands_stone_house_bonus_pays_once() -> None:
    """components.md §3: Newfoundland's stone-house bonus is one-time, and the house comes
    from the limited supply (有限のものと無限のもの: 建物には限りがあります)."""
    state, chance = new_game(1, seed="once")
    board = empty_board(BoardId.NEWFOUNDLAND)
    for row, col in ((5, 5), (5, 6), (5, 7), (6, 5), (6, 7), (7, 5), (7, 6), (7, 7)):
        board = place(board, Placement(SILVER, row, col, 0))
    state = state.with_player(0, replace(state.players[0], explored=(board,)))
    state, events = _pass_round(state, chance)
    assert ev.OnceBonusClaimed(0, "newfoundland:6:6") in events
    assert [h.board for h in state.players[0].houses] == [BoardId.STONE_HOUSE]
    assert state.buildings_left == (3, 2, 5)
    state, events = _pass_round(state, chance)
    assert not any(isinstance(e, ev.OnceBonusClaimed) for e in events)
    assert len(state.players[0].houses) == 1

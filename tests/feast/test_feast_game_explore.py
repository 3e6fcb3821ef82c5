"""Exploration, with exact outcomes (rules.ja.txt 探険 and フェイズ3; refresher.en.txt;
components.md §3): the ship each board needs, the silver on unclaimed boards, taking a
board with its silver, placing goods on it, its income, bonuses and points."""

from __future__ import annotations

from skald.domain.feast.boards.exploration import EXPLORATION_FACES
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions import SPACES
from skald.domain.feast.game.actions.exploration import COLUMN_FACES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.phases import board_income, start_round
from skald.domain.feast.game.scoring import score_line
from skald.domain.feast.game.state import Exploration, State
from skald.domain.feast.placement import income, uncovered_negative
from skald.domain.kernel import ServerChance
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, names, new_game, refused, run, turn_of


def _ready(players: int = 2, **things: int) -> tuple[State, ServerChance]:
    state, chance = new_game(players)
    return holding(turn_of(state, 0), 0, **things), chance


def _slot(state: State, face: BoardId) -> Exploration:
    return next(x for x in state.exploration if x.face is face)


def _with_face(state: State, letter: str, face: BoardId, silver: int = 0) -> State:
    slots = tuple(
        Exploration(x.letter, face, silver) if x.letter == letter else x for x in state.exploration
    )
    return replace(state, exploration=slots)


def test_each_column_explores_its_printed_boards() -> None:
    b = BoardId
    assert COLUMN_FACES == {
        1: (b.SHETLAND, b.FAROE_ISLANDS),
        2: (b.BEAR_ISLAND, b.ICELAND, b.GREENLAND),
        3: (b.BAFFIN_ISLAND, b.LABRADOR, b.NEWFOUNDLAND),
    }


def test_claiming_shetland_with_a_whaling_boat() -> None:
    state, chance = _ready(**{"whaling_boat": 1})
    state = _with_face(state, "A", BoardId.SHETLAND, silver=4)
    after, events = run(state, 0, cmd.PlaceVikings("exploration-1-1", 0), chance)
    assert names(events) == ["VikingsPlaced", "BoardExplored", "ActionFinished", "TurnStarted"]
    assert events[1] == ev.BoardExplored(0, "shetland", 4)
    p = after.players[0]
    assert [b.board for b in p.explored] == [BoardId.SHETLAND] and p.silver == 4
    assert _slot(after, BoardId.SHETLAND).owner == 0
    assert _slot(after, BoardId.SHETLAND).silver == 0
    assert len(p.ships) == 1  # the ship is kept
    # each board exists once
    other = holding(turn_of(replace(after, occupied=()), 1), 1, knarr=1)
    assert refused(other, 1, cmd.PlaceVikings("exploration-1-1", 0)) == "feast/board-claimed"
    assert cmd.PlaceVikings("exploration-1-1", 1) in set(RULES.legal_commands(other, 1))


def test_ship_needs_per_column() -> None:
    state, _ = _ready()
    assert refused(state, 0, cmd.PlaceVikings("exploration-1-1", 0)) == "feast/needs-ship"
    boat = holding(state, 0, whaling_boat=1)
    assert refused(boat, 0, cmd.PlaceVikings("exploration-2-1", 1)) == "feast/needs-ship"
    knarr = holding(state, 0, knarr=1)
    assert cmd.PlaceVikings("exploration-2-1", 1) in set(RULES.legal_commands(knarr, 0))
    knarr = _with_face(knarr, "B", BoardId.BAFFIN_ISLAND)
    assert refused(knarr, 0, cmd.PlaceVikings("exploration-3-1", 0)) == "feast/needs-ship"
    longship = holding(knarr, 0, longship=1)
    assert cmd.PlaceVikings("exploration-3-1", 0) in set(RULES.legal_commands(longship, 0))


def test_only_face_up_unclaimed_boards() -> None:
    state, _ = _ready(longship=1)
    # at setup the fronts lie face up: Bear Island, Baffin Island … are not
    assert refused(state, 0, cmd.PlaceVikings("exploration-2-1", 0)) == ("feast/board-not-face-up")
    assert refused(state, 0, cmd.PlaceVikings("exploration-3-1", 2)) == ("feast/board-not-face-up")
    assert refused(state, 0, cmd.PlaceVikings("exploration-1-1", 2)) == "feast/no-such-option"
    listed = {
        (c.space, c.option)
        for c in RULES.legal_commands(state, 0)
        if isinstance(c, cmd.PlaceVikings) and c.space.startswith("exploration")
    }
    assert listed == {
        ("exploration-1-1", 0),
        ("exploration-1-1", 1),
        ("exploration-2-1", 1),
        ("exploration-2-1", 2),
    }


def test_phase_3_turns_unclaimed_boards_and_silvers_the_others() -> None:
    """フェイズ3: in round 3 (long) Shetland turns to Bear Island unless claimed; every other
    unclaimed board gets 2 silver; a claimed board gets none."""
    state, chance = _ready(knarr=1)
    # nobody claimed Shetland: it turns, the three others get 2 silver
    log = Log(replace(state, round=2))
    start_round(log, chance)
    turned = next(e for e in log.events if isinstance(e, ev.ExplorationTurned))
    assert turned == ev.ExplorationTurned("shetland", ("faroe-islands", "iceland", "greenland"))
    assert _slot(log.state, BoardId.BEAR_ISLAND).silver == 0
    assert _slot(log.state, BoardId.ICELAND).silver == 2
    # Iceland claimed in round 2: it gets no silver; Shetland turns all the same
    claimed, _ = run(state, 0, cmd.PlaceVikings("exploration-2-1", 1), chance)
    log = Log(replace(claimed, round=2))
    start_round(log, chance)
    turned = next(e for e in log.events if isinstance(e, ev.ExplorationTurned))
    assert turned == ev.ExplorationTurned("shetland", ("faroe-islands", "greenland"))
    # the next round's board (Faroe, round 4) with its 2 silver, claimed: silver taken along
    log.emit(ev.VikingsReturned(3))
    ready = turn_of(replace(log.state, occupied=(), running=None), 1)
    ready = holding(ready, 1, whaling_boat=1, silver=0)
    after, _ = run(ready, 1, cmd.PlaceVikings("exploration-1-1", 1), chance)
    assert after.players[1].silver == 2 and _slot(after, BoardId.FAROE_ISLANDS).owner == 1


def test_goods_go_onto_a_claimed_board_and_it_pays_income() -> None:
    state, chance = _ready(whaling_boat=1, ore=1, silver=0)
    after, _ = run(state, 0, cmd.PlaceVikings("exploration-1-1", 0), chance)
    p = after.players[0]
    shetland = p.explored[0]
    assert income(shetland) == 0 and board_income(p) == income(p.home)
    listed = [c for c in RULES.legal_commands(after, 0) if isinstance(c, cmd.PlaceGood)]
    assert cmd.PlaceGood("shetland", "ore", 7, 0) in listed
    # ore on Shetland's 0 square (7,0): the board now pays 1 more
    placed, _ = run(after, 0, cmd.PlaceGood("shetland", "ore", 7, 0), chance)
    q = placed.players[0]
    assert income(q.explored[0]) == 1 and board_income(q) == income(q.home) + 1
    # a board another player holds is not ours to place on
    assert RULES.legal_commands(placed, 1) and not [
        c
        for c in RULES.legal_commands(placed, 1)
        if isinstance(c, cmd.PlaceGood) and c.board == "shetland"
    ]
    # scoring: Shetland's 6 points, its 24 bare −1 squares
    line = score_line(placed, 0)
    assert line.exploration == 6
    assert uncovered_negative(q.explored[0]) == 24
    assert line.negative == uncovered_negative(q.home) + 24


def test_newfoundland_needs_a_longship_and_three_vikings() -> None:
    state, chance = _ready(longship=1)
    state = _with_face(state, "D", BoardId.NEWFOUNDLAND, silver=6)
    few = state.with_player(0, replace(state.players[0], thing=2))
    assert refused(few, 0, cmd.PlaceVikings("exploration-3-1", 2)) == "feast/too-few-vikings"
    after, events = run(state, 0, cmd.PlaceVikings("exploration-3-1", 2), chance)
    assert "OccupationDrawn" in names(events)  # column 3
    assert after.players[0].silver == 6 and after.players[0].explored[0].board is (
        BoardId.NEWFOUNDLAND
    )
    assert score_line(after, 0).exploration == 38


def test_each_faces_ship_need_is_its_spaces_need() -> None:
    """refresher.en.txt: Shetland/Faroe any ship, Iceland/Greenland/Bear Island a knarr or
    longship, the American boards a longship: the face data and the printed spaces agree."""
    for face in EXPLORATION_FACES:
        space = SPACES[f"exploration-{face.action_column}-1"]
        assert space.needs == (face.ship.value,) and space.column == face.vikings

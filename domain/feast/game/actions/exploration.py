"""Exploration (rules.ja.txt 探険: "指定された探険ボード1枚とその上にある銀貨を得る";
refresher.en.txt; components.md §3).

Column 1 claims Shetland or the Faroe Islands (any ship), column 2 Iceland, Greenland or Bear
Island (a knarr or longship), column 3 Baffin Island, Labrador or Newfoundland (a longship):
the ship needs are the printed spaces' (``action_board``), checked in ``turn``; the ship is
kept. ``PlaceVikings.option`` is the face's index among its column's faces
(``COLUMN_FACES``, ``EXPLORATION_FACES`` order). A face can be claimed only while it lies face
up and unclaimed (each board exists once: 有限のものと無限のもの). The claimed board goes to the
player with the silver lying on it (``BoardExplored``); goods are placed on it from then on
(``PlaceGood`` with its face id), it pays income in phase 7 and its bonuses in phase 10, and
scores its printed points.
"""

from __future__ import annotations

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.boards.exploration import EXPLORATION_FACES
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions.base import DONE, Offer, Refusal, SpaceRule
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.state import Exploration, State
from skald.domain.kernel.chance import Chance

COLUMN_FACES: dict[int, tuple[BoardId, ...]] = {
    column: tuple(f.spec.board for f in EXPLORATION_FACES if f.action_column == column)
    for column in (1, 2, 3)
}
ANY_FACE = 3
"""Options ``ANY_FACE + k``: exploration ① claiming the k-th face of ``ALL_FACES``, with an
occupation allowing any face-up board there (#107)."""
ALL_FACES: tuple[BoardId, ...] = COLUMN_FACES[1] + COLUMN_FACES[2] + COLUMN_FACES[3]


def _face(space: ActionSpace, option: int) -> BoardId:
    if option >= ANY_FACE:
        return ALL_FACES[option - ANY_FACE]
    return COLUMN_FACES[space.column][option]


def _slot(state: State, face: BoardId) -> Exploration | None:
    return next((x for x in state.exploration if x.face is face), None)


def _refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    faces = COLUMN_FACES[space.column]
    if option >= ANY_FACE:
        if space.column != 1 or not hooks.cards.explore_any(state, seat):
            return CODES.refusal(
                "no-such-option", f"column {space.column} explores {len(faces)} boards"
            )
    elif option >= len(faces):
        return CODES.refusal(
            "no-such-option", f"column {space.column} explores {len(faces)} boards"
        )
    face = _face(space, option)
    slot = _slot(state, face)
    if slot is None:
        return CODES.refusal("board-not-face-up", f"{face.value} is not face up")
    if slot.owner is not None:
        return CODES.refusal("board-claimed", f"{face.value} has been claimed already")
    return None


def _use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    face = _face(space, option)
    slot = _slot(log.state, face)
    assert slot is not None
    log.emit(ev.BoardExplored(seat, face.value, slot.silver))
    return DONE


EXPLORE = SpaceRule(_refuse, _use, tuple(range(ANY_FACE + len(ALL_FACES))))

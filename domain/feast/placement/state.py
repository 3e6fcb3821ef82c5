"""Immutable board state: which pieces lie where. ``place`` returns a new state.

Fields are JSON/protobuf friendly (StrEnum, int, bool, tuples of frozen dataclasses).
Placed pieces never move (rules.ja.txt: 置くと、それを回収することはできません), so the state
only ever grows.
"""

from __future__ import annotations

from dataclasses import dataclass

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.placement.pieces import Piece


@dataclass(frozen=True, slots=True)
class Placement:
    """``piece`` with its rotated bounding box's top-left at (``row``, ``col``).

    ``rotation`` is quarter turns clockwise (0–3). On the banquet table a tile stands on the
    table row (``row`` 0): rotation 0/2 lies horizontally (long side along the table),
    1/3 vertically.
    """

    piece: Piece
    row: int
    col: int
    rotation: int = 0


@dataclass(frozen=True, slots=True)
class BanquetSetup:
    """Which banquet squares are open: game length, round, ships emigrated so far."""

    length: GameLength
    round: int
    emigrated_ships: int = 0
    horizontal_peas: int = 1
    """Peas tiles that may lie horizontally (1, as for every food; 2 with occupation #186)."""


@dataclass(frozen=True, slots=True)
class BoardState:
    board: BoardId
    placed: tuple[Placement, ...] = ()
    banquet: BanquetSetup | None = None


def empty_board(board: BoardId, banquet: BanquetSetup | None = None) -> BoardState:
    """A fresh board; the banquet table needs its ``BanquetSetup``."""
    if (board is BoardId.BANQUET_TABLE) != (banquet is not None):
        raise ValueError("the banquet table, and only it, takes a BanquetSetup")
    return BoardState(board, (), banquet)

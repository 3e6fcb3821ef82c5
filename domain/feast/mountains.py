"""The 8 mountain strips, items listed from the arrow end (taken first); components.md §5.2.

``silver-2`` is one item worth 2 silver (rules.ja.txt 山岳と交易: 2銀は1個のリソース).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class MountainItem(StrEnum):
    WOOD = "wood"
    STONE = "stone"
    ORE = "ore"
    SILVER_2 = "silver-2"


@dataclass(frozen=True, slots=True)
class MountainStrip:
    number: int
    items: tuple[MountainItem, ...]


_W, _S, _O, _X = MountainItem.WOOD, MountainItem.STONE, MountainItem.ORE, MountainItem.SILVER_2

MOUNTAIN_STRIPS: tuple[MountainStrip, ...] = (
    MountainStrip(1, (_W, _W, _S, _S, _S, _O, _X)),
    MountainStrip(2, (_W, _W, _W, _S, _S, _S, _X)),
    MountainStrip(3, (_W, _W, _W, _W, _S, _O, _X)),
    MountainStrip(4, (_W, _W, _S, _S, _O, _O, _X)),
    MountainStrip(5, (_W, _W, _W, _W, _S, _S, _X)),
    MountainStrip(6, (_W, _W, _W, _S, _S, _O, _X)),
    MountainStrip(7, (_W, _W, _S, _O, _O, _X, _X)),
    MountainStrip(8, (_W, _W, _W, _S, _O, _O, _X)),
)

FACE_UP_AT_SETUP: dict[int, int] = {1: 2, 2: 2, 3: 2, 4: 3}
"""Strips turned up at setup by player count (refresher.en.txt setup)."""

"""What can be placed: goods tiles, special tiles, and the 1×1 silver, ore, wood and stone.

Where each colour may go (rules.ja.txt 随時アクション; refresher.en.txt "Now the core of it"):
home and exploration boards take green, blue, special, silver and ore; stone and long houses
take orange, red, green, blue, special and silver (never ore); sheds take only wood and
stone; the banquet table takes orange, red and silver (rules.ja.txt フェイズ9).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache

from skald.domain.feast.boards.grid import BoardKind
from skald.domain.feast.goods import GOOD_SPECS, Colour, Good
from skald.domain.feast.shapes import Cells, rectangle
from skald.domain.feast.special_tiles import SPECIAL_SPECS, SpecialTile


class PieceKind(StrEnum):
    GOOD = "good"
    SPECIAL = "special"
    SILVER = "silver"
    ORE = "ore"
    WOOD = "wood"
    STONE = "stone"


@dataclass(frozen=True, slots=True)
class Piece:
    """A placeable piece; ``name`` is the ``Good`` or ``SpecialTile`` value, else the kind."""

    kind: PieceKind
    name: str

    @staticmethod
    def good(good: Good) -> Piece:
        return Piece(PieceKind.GOOD, good.value)

    @staticmethod
    def special(tile: SpecialTile) -> Piece:
        return Piece(PieceKind.SPECIAL, tile.value)


SILVER = Piece(PieceKind.SILVER, "silver")
ORE = Piece(PieceKind.ORE, "ore")
WOOD = Piece(PieceKind.WOOD, "wood")
STONE = Piece(PieceKind.STONE, "stone")

_TOKEN_COLOUR = {
    PieceKind.SILVER: Colour.SILVER,
    PieceKind.ORE: Colour.ORE,
    PieceKind.WOOD: Colour.WOOD,
    PieceKind.STONE: Colour.STONE,
}

ALLOWED: dict[BoardKind, frozenset[Colour]] = {
    BoardKind.HOME: frozenset(
        {Colour.GREEN, Colour.BLUE, Colour.SPECIAL, Colour.SILVER, Colour.ORE}
    ),
    BoardKind.EXPLORATION: frozenset(
        {Colour.GREEN, Colour.BLUE, Colour.SPECIAL, Colour.SILVER, Colour.ORE}
    ),
    BoardKind.SHED: frozenset({Colour.WOOD, Colour.STONE}),
    BoardKind.STONE_HOUSE: frozenset(
        {
            Colour.ORANGE,
            Colour.RED,
            Colour.GREEN,
            Colour.BLUE,
            Colour.SPECIAL,
            Colour.SILVER,
            Colour.WOOD,
            Colour.STONE,
        }
    ),
    BoardKind.LONG_HOUSE: frozenset(
        {Colour.ORANGE, Colour.RED, Colour.GREEN, Colour.BLUE, Colour.SPECIAL, Colour.SILVER}
    ),
    BoardKind.BANQUET: frozenset({Colour.ORANGE, Colour.RED, Colour.SILVER}),
}

NO_TOUCH: dict[BoardKind, tuple[Colour, ...]] = {
    BoardKind.HOME: (Colour.GREEN,),
    BoardKind.EXPLORATION: (Colour.GREEN,),
    BoardKind.SHED: (),
    BoardKind.STONE_HOUSE: (Colour.ORANGE, Colour.RED),
    BoardKind.LONG_HOUSE: (Colour.ORANGE, Colour.RED),
    BoardKind.BANQUET: (Colour.ORANGE, Colour.RED),
}
"""Colours that may not lie orthogonally beside their own colour, per kind of board."""


@cache
def colour(piece: Piece) -> Colour:
    if piece.kind is PieceKind.GOOD:
        return GOOD_SPECS[Good(piece.name)].colour
    if piece.kind is PieceKind.SPECIAL:
        return Colour.SPECIAL
    return _TOKEN_COLOUR[piece.kind]


@cache
def cells(piece: Piece) -> Cells:
    """The piece's squares unrotated (goods: long side horizontal)."""
    if piece.kind is PieceKind.GOOD:
        shape = GOOD_SPECS[Good(piece.name)].shape
        return rectangle(shape.width, shape.height)
    if piece.kind is PieceKind.SPECIAL:
        return SPECIAL_SPECS[SpecialTile(piece.name)].cells
    return rectangle(1, 1)


@cache
def food_type(piece: Piece) -> str:
    """Banquet 'type' for the one-horizontal rule; an animal's two sides are one type."""
    return piece.name.removeprefix("pregnant-")


def all_pieces() -> tuple[Piece, ...]:
    """Every distinct piece: all goods faces, all special tiles and the 4 tokens."""
    return (
        tuple(Piece.good(g) for g in Good)
        + tuple(Piece.special(t) for t in SpecialTile)
        + (SILVER, ORE, WOOD, STONE)
    )

"""Placing pieces with the part-1 placement engine: anytime goods placement and the feast.

rules.ja.txt 随時アクション (home and exploration boards: green, blue, special tiles, silver and
ore; houses: orange, red, green, blue, special tiles and silver) and フェイズ9 (the banquet
table: orange, red, silver). One rotation per distinct footprint is accepted, the one the
engine lists (``shapes.distinct_rotations``): a 2×2 tile has only rotation 0, so "legal" and
"accepted" stay the same set.
"""

from __future__ import annotations

from collections.abc import Iterator

from skald.domain.feast.game.actions.base import Refusal
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.items import amount, boards, is_animal, piece_of
from skald.domain.feast.game.state import Player
from skald.domain.feast.goods import GOODS, Colour
from skald.domain.feast.placement import (
    ORE,
    SILVER,
    BoardState,
    Piece,
    PieceKind,
    Placement,
    check,
    legal_placements,
)
from skald.domain.feast.placement import pieces as P
from skald.domain.feast.shapes import distinct_rotations
from skald.domain.feast.special_tiles import SpecialTile

FOOD = (Colour.ORANGE, Colour.RED, Colour.SILVER)


def supply_pieces(player: Player) -> Iterator[Piece]:
    """Every distinct placeable piece the player holds in supply."""
    for i, spec in enumerate(GOODS):
        if player.goods[i]:
            yield Piece.good(spec.good)
    for name in sorted(set(player.specials)):
        yield Piece.special(SpecialTile(name))
    if player.silver:
        yield SILVER
    if player.ore:
        yield ORE


def piece_refusal(player: Player, name: str, rotation: int) -> tuple[Piece | None, Refusal | None]:
    piece = piece_of(name)
    if piece is None:
        return None, CODES.refusal("unknown-piece", f"{name!r} is not a piece that can be placed")
    if amount(player, name) < 1:
        return piece, CODES.refusal("not-in-supply", f"you have no {name} in your supply")
    if rotation not in distinct_rotations(P.cells(piece)):
        return piece, CODES.refusal(
            "rotation-not-listed",
            f"{name} takes rotations {distinct_rotations(P.cells(piece))} (others repeat them)",
        )
    return piece, None


def board_named(player: Player, name: str) -> BoardState | None:
    return dict(boards(player)).get(name)


def place_refusal(player: Player, board: str, placement: Placement) -> Refusal | None:
    state = board_named(player, board)
    if state is None:
        return CODES.refusal("no-such-board", f"you have no board or house {board!r}")
    if placement.piece.kind is PieceKind.GOOD and is_animal(placement.piece.name):
        return CODES.refusal(
            "animals-not-house-goods", "live sheep and cattle go on no board (RULINGS.md)"
        )
    error = check(state, placement)
    return None if error is None else (error.rule, error.reason)


def placements(player: Player) -> Iterator[tuple[str, Placement]]:
    """Every legal anytime placement of the player, lazily (board name, placement)."""
    pieces = tuple(
        x for x in supply_pieces(player) if not (x.kind is PieceKind.GOOD and is_animal(x.name))
    )
    for name, state in boards(player):
        for piece in pieces:
            for pl in legal_placements(state, piece):
                yield name, pl


def food_placements(player: Player) -> Iterator[Placement]:
    if player.banquet is None:
        return
    for piece in supply_pieces(player):
        if P.colour(piece) in FOOD:
            yield from legal_placements(player.banquet, piece)

"""Occupations that take a special tile off a board (occupations.md #70 Courier, #71
Innkeeper).

On play, the seat may take the Cloakpin (#70) or the Drinking Horn (#71) lying on any
player's board, its own included, into its supply; two goods from the general supply cover
exactly the squares it left (#70: a silverware and a rune stone, #71: a chest and a rune
stone). Reading (NOTES.md, Part 3): the goods are placed by the board's placement rules, on
those squares only; a tile whose squares they cannot fill so is not offered. The choice's key
is ``(owner * 16 + board) * 64 + tile``: the seat, its board (``items.boards`` order) and the
tile's place among the board's placed pieces.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.effects import offered
from skald.domain.feast.game.cards.model import Card, Choice, Menu
from skald.domain.feast.game.items import boards, items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import BoardState, Piece, Placement, covered, legal_placements
from skald.domain.feast.special_tiles import SpecialTile
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.fast import replace

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log

_TILES = {
    70: (SpecialTile.CLOAKPIN, Good.SILVERWARE, Good.RUNE_STONE),
    71: (SpecialTile.DRINKING_HORN, Good.CHEST, Good.RUNE_STONE),
}


def fills(board: BoardState, at: Placement, first: Good, second: Good) -> tuple[Placement, ...]:
    """Two goods legally placed exactly on the squares the tile at ``at`` covers (``()``: none
    fits)."""
    bare = replace(board, placed=tuple(pl for pl in board.placed if pl != at))
    squares = covered(board) & ~covered(bare)
    base = covered(bare)
    for one in legal_placements(bare, Piece.good(first)):
        with_one = replace(bare, placed=(*bare.placed, one))
        if (covered(with_one) & ~base) & ~squares:
            continue
        for two in legal_placements(with_one, Piece.good(second)):
            done = replace(with_one, placed=(*with_one.placed, two))
            if covered(done) & ~base == squares:
                return one, two
    return ()


def _spots(
    number: int, state: State
) -> Iterator[tuple[int, int, str, Placement, tuple[Placement, ...]]]:
    tile, first, second = _TILES[number]
    for owner, p in enumerate(state.players):
        for b, (name, board) in enumerate(boards(p)):
            for i, pl in enumerate(board.placed):
                if pl.piece.name == tile.value:
                    filled = fills(board, pl, first, second)
                    if filled:
                        yield (owner * 16 + b) * 64 + i, owner, name, pl, filled


def _menu(number: int) -> Menu:
    tile = _TILES[number][0]

    def choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
        for key, owner, name, _, _ in _spots(number, state):
            yield Choice(key, label=f"seat {owner} {name}")  # the tile is not the supply's

    def apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
        spot = next(x for x in _spots(number, log.state) if x[0] == ch.key)
        _, owner, name, at, filled = spot
        cid = card_id(number)
        log.emit(ev.SpecialTileMoved(seat, cid, owner, name, at, filled))
        log.emit(ev.Gained(seat, items((tile.value, 1)), cid))

    return Menu(choices, apply)


CARDS: tuple[Card, ...] = (
    offered(
        70,
        "on play: take the Cloakpin off any board; silverware + rune stone fill its squares",
        _menu(70),
    ),
    offered(
        71,
        "on play: take the Drinking Horn off any board; chest + rune stone fill its squares",
        _menu(71),
    ),
)

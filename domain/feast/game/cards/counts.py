"""What card conditions count: ships, houses, special tiles owned, goods of a colour, and the
goods box's layout (the diagonals two cards move along)."""

from __future__ import annotations

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game.items import boards, good_count
from skald.domain.feast.game.state import Player
from skald.domain.feast.goods import GOOD_SPECS, GOODS, Colour, Good, upgrades
from skald.domain.feast.placement import PieceKind, income
from skald.domain.feast.ships import ShipKind

HOUSES = (BoardId.STONE_HOUSE, BoardId.LONG_HOUSE)
"""Stone and long houses ("houses" on the cards; sheds are not)."""


def ships(player: Player, kind: ShipKind) -> int:
    return sum(1 for sh in player.ships if sh.kind is kind)


def large_ships(player: Player) -> int:
    return sum(1 for sh in player.ships if sh.kind is not ShipKind.WHALING_BOAT)


def houses(player: Player) -> int:
    return sum(1 for h in player.houses if h.board in HOUSES)


def specials_owned(player: Player) -> int:
    """Special tiles in supply and on the player's boards and houses."""
    placed = sum(
        1 for _, b in boards(player) for pl in b.placed if pl.piece.kind is PieceKind.SPECIAL
    )
    return len(player.specials) + placed


def round_income(player: Player) -> int:
    return income(player.home) + sum(income(b) for b in player.explored)


def of_colour(colour: Colour) -> tuple[Good, ...]:
    return tuple(g.good for g in GOODS if g.colour is colour)


def to_blue(good: Good) -> tuple[Good, int] | None:
    """The blue good of the same shape and the steps up to it (``None`` for blue)."""
    steps, at = 0, good
    while GOOD_SPECS[at].colour is not Colour.BLUE:
        nxt = upgrades(at, 1)
        if nxt is None:
            return None
        at, steps = nxt, steps + 1
    return (at, steps) if steps else None


FLIP: dict[Good, Good] = {}
"""Each goods tile's other side: orange ↔ red (peas/mead …), green ↔ blue, an animal ↔ its
pregnant side (components.md §1.1, §1.2)."""
for _orange, _red in zip(of_colour(Colour.ORANGE), of_colour(Colour.RED)[:6], strict=True):
    FLIP[_orange], FLIP[_red] = _red, _orange
for _green, _blue in zip(of_colour(Colour.GREEN), of_colour(Colour.BLUE), strict=True):
    FLIP[_green], FLIP[_blue] = _blue, _green
for _a, _b in ((Good.SHEEP, Good.PREGNANT_SHEEP), (Good.CATTLE, Good.PREGNANT_CATTLE)):
    FLIP[_a], FLIP[_b] = _b, _a

BOX: dict[Good, tuple[int, int]] = {}
"""The goods box as (row, column), row 0 orange up to row 3 blue. Read from the two cards that
describe it: #66 "beans → salt meat → skin and bones, cabbage → sheep → robe" (up and to the
right) and #88 "cattle → robe" (up and to the left); NOTES.md, Occupations."""
_ROWS = (
    (Good.PEAS, Good.FLAX, Good.BEANS, Good.GRAIN, Good.CABBAGE, Good.FRUITS),
    (
        Good.MEAD,
        Good.STOCKFISH,
        Good.MILK,
        Good.SALT_MEAT,
        Good.GAME_MEAT,
        Good.SHEEP,
        Good.WHALE_MEAT,
        Good.CATTLE,
    ),
    (
        Good.OIL,
        Good.HIDE,
        Good.WOOL,
        Good.LINEN,
        Good.SKIN_AND_BONES,
        Good.FUR,
        Good.ROBE,
        Good.CLOTHING,
    ),
    (
        Good.RUNE_STONE,
        Good.SILVERWARE,
        Good.CHEST,
        Good.SILK,
        Good.SPICES,
        Good.JEWELRY,
        Good.TREASURE_CHEST,
        Good.SILVER_HOARD,
    ),
)
for _row, _goods in enumerate(_ROWS):
    for _col, _good in enumerate(_goods):
        BOX[_good] = (_row, _col)
BOX[Good.PREGNANT_SHEEP] = BOX[Good.SHEEP]
BOX[Good.PREGNANT_CATTLE] = BOX[Good.CATTLE]


def box_step(good: Good, dcol: int) -> Good | None:
    """The good one row up and ``dcol`` columns across in the goods box, if any."""
    row, col = BOX[good]
    if row + 1 >= len(_ROWS) or not 0 <= col + dcol < len(_ROWS[row + 1]):
        return None
    return _ROWS[row + 1][col + dcol]


def count(player: Player, good: Good) -> int:
    return good_count(player, good)

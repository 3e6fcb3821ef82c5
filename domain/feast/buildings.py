"""Sheds, stone houses and long houses (components.md §4; S1 grids).

Houses take orange, red, green, blue, special tiles and silver, never ore; pillars can never
be covered (rules.ja.txt, 家タイルへの物品の配置). Sheds take only wood and stone, on their
printed squares; RULINGS.md (Feast) puts wood and stone there only when the game ends.

The stone house prints 2 resource squares outside its 4×5 goods area (1 wood, 1 stone). Their
printed position is not known: we draw them as row 5 (``W   S``) under a blank row 4, so
they can never join a goods tile. The alternate long-house art was not transcribed
(components.md §4, "Not found"); all 5 long houses use the one grid.
"""

from __future__ import annotations

from dataclasses import dataclass

from skald.domain.feast.boards.grid import BoardId, BoardKind, BoardSpec, BonusSquare, Reward


@dataclass(frozen=True, slots=True)
class Building:
    spec: BoardSpec
    wood_cost: int
    stone_cost: int
    action_column: int
    in_box: int


SHED = BoardSpec(BoardId.SHED, BoardKind.SHED, "Shed", ("WWW", "SSS"), points=8)
STONE_HOUSE = BoardSpec(
    BoardId.STONE_HOUSE,
    BoardKind.STONE_HOUSE,
    "Stone house",
    (" N.  ", "N.BN ", " N..N", "  N.N", "     ", "W   S"),
    points=10,
    bonuses=(BonusSquare(1, 2, (Reward("hide"),)),),
)
LONG_HOUSE = BoardSpec(
    BoardId.LONG_HOUSE,
    BoardKind.LONG_HOUSE,
    "Long house",
    (".N.N.N.N.NB", "NBNXN.NXN.N", ".N.N.B.N.N."),
    points=17,
    bonuses=(
        BonusSquare(0, 10, (Reward("peas"),)),
        BonusSquare(1, 1, (Reward("oil"),)),
        BonusSquare(2, 5, (Reward("beans"),)),
    ),
)

BUILDINGS: tuple[Building, ...] = (
    Building(SHED, wood_cost=2, stone_cost=0, action_column=1, in_box=3),
    Building(STONE_HOUSE, wood_cost=0, stone_cost=1, action_column=2, in_box=3),
    Building(LONG_HOUSE, wood_cost=0, stone_cost=2, action_column=3, in_box=5),
)

"""The home board (components.md §2; both the 6- and 7-round faces share one grid).

Income diagonal values and bonus rewards: components.md §2.1–§2.2. The value when every
number is covered (18) is printed "—" in the table and taken from S1.
"""

from __future__ import annotations

from skald.domain.feast.boards.grid import (
    BoardId,
    BoardKind,
    BoardSpec,
    BonusSquare,
    IncomeSquare,
    IncomeTrack,
    Reward,
)

HOME_ROWS: tuple[str, ...] = (
    "NNNNNNNNNNNI.",
    "NNNNNNNNNNIN.",
    "NNNNNNNNNINN.",
    "NNNNNNNNINNN ",
    "NNNNNNNINNNN ",
    "B.....INNNNN ",
    ".....I.NNNNN ",
    "..B.I.BNNNNN ",
    "...I...NNNNN ",
    ".BI....NNNNN ",
    ".I...B.NNNNN ",
    "I......N     ",
)

_INCOME = (
    (11, 0, 0),
    (10, 1, 1),
    (9, 2, 2),
    (8, 3, 2),
    (7, 4, 3),
    (6, 5, 4),
    (5, 6, 5),
    (4, 7, 6),
    (3, 8, 7),
    (2, 9, 9),
    (1, 10, 12),
    (0, 11, 15),
)

HOME = BoardSpec(
    board=BoardId.HOME,
    kind=BoardKind.HOME,
    name="Home board",
    rows=HOME_ROWS,
    income=(IncomeTrack(tuple(IncomeSquare(r, c, v) for r, c, v in _INCOME), all_covered=18),),
    bonuses=(
        BonusSquare(5, 0, (Reward("ore"),)),
        BonusSquare(7, 2, (Reward("wood"),)),
        BonusSquare(7, 6, (Reward("rune-stone"),)),
        BonusSquare(9, 1, (Reward("mead"),)),
        BonusSquare(10, 5, (Reward("stone"),)),
    ),
)

BERTHS_SMALL = 3
"""Small berths (whaling boats only) in the bay; components.md §2.3."""
BERTHS_LARGE = 4
"""Large berths (knarrs and longships); components.md §2.3."""
VIKINGS_PER_PLAYER = 12

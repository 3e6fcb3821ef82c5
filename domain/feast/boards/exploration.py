"""The 8 exploration faces on 4 double-sided boards (components.md §3, S1 transcription).

Per-cell accuracy is medium (one transcription of mod art; components.md §9.6). Bear Island
and Baffin Island print no "all covered" income: RULINGS.md (Feast) keeps the highest
printed value. Greenland has two income tracks, summed (components.md §3; rules.ja.txt
フェイズ7). Newfoundland's special-tile and building bonuses are one-time (S1, unverified).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skald.domain.feast.boards.grid import (
    BoardId,
    BoardKind,
    BoardSpec,
    BonusSquare,
    IncomeSquare,
    IncomeTrack,
    Reward,
)


class ShipNeed(StrEnum):
    ANY = "any-ship"
    KNARR_OR_LONGSHIP = "knarr-or-longship"
    LONGSHIP = "longship"


@dataclass(frozen=True, slots=True)
class FlipRound:
    game_rounds: int
    round: int


@dataclass(frozen=True, slots=True)
class ExplorationFace:
    """A face plus where it sits: board letter, side, the turn-over schedule, the action."""

    spec: BoardSpec
    board_letter: str
    front: bool
    flips: tuple[FlipRound, ...]
    action_column: int
    vikings: int
    ship: ShipNeed


def _track(*squares: tuple[int, int, int], done: int, printed: bool = True) -> IncomeTrack:
    return IncomeTrack(tuple(IncomeSquare(r, c, v) for r, c, v in squares), done, printed)


def _bonus(row: int, col: int, *items: str, once: bool = False) -> BonusSquare:
    return BonusSquare(row, col, tuple(Reward(i) for i in items), once)


def _face(
    board: BoardId,
    name: str,
    rows: tuple[str, ...],
    points: int,
    income: tuple[IncomeTrack, ...],
    bonuses: tuple[BonusSquare, ...],
) -> BoardSpec:
    return BoardSpec(board, BoardKind.EXPLORATION, name, rows, points, income, bonuses)


SHETLAND = _face(
    BoardId.SHETLAND,
    "Shetland",
    (
        "    ...  ",
        "NNNN.B.  ",
        "NBNN..NN.",
        "NNNN...B.",
        "    NN...",
        "..I NN.B.",
        ".I. .NN..",
        "I.B   NNN",
        " ..   NN.",
    ),
    6,
    (_track((7, 0, 0), (6, 1, 1), (5, 2, 2), done=3),),
    (
        _bonus(1, 5, "silverware"),
        _bonus(2, 1, "game-meat"),
        _bonus(3, 7, "oil"),
        _bonus(5, 7, "cabbage"),
        _bonus(7, 2, "beans"),
    ),
)
BEAR_ISLAND = _face(
    BoardId.BEAR_ISLAND,
    "Bear Island",
    (
        "   NNNN ",
        " NNNINNN",
        "NNNI.N.N",
        "..I.B.N.",
        " IX..N.B",
        " .....NN",
        " .....B ",
        "   .N.. ",
        "    NN  ",
    ),
    12,
    (_track((4, 1, 1), (3, 2, 3), (2, 3, 4), (1, 4, 5), done=5, printed=False),),
    (_bonus(3, 4, "game-meat"), _bonus(4, 7, "stockfish"), _bonus(6, 6, "rune-stone", "ore")),
)
FAROE_ISLANDS = _face(
    BoardId.FAROE_ISLANDS,
    "Faroe Islands",
    (
        "     NBIN",
        "  NN  I.N",
        " NB..IX.B",
        " ...INNNN",
        "   I..NX.",
        "..IX BNN ",
        "BI.. ..N ",
        "I... .BN ",
        "     ..N ",
    ),
    4,
    (
        _track(
            (7, 0, 0),
            (6, 1, 1),
            (5, 2, 1),
            (4, 3, 1),
            (3, 4, 2),
            (2, 5, 2),
            (1, 6, 2),
            (0, 7, 3),
            done=4,
        ),
    ),
    (
        _bonus(0, 6, "sheep"),
        _bonus(2, 2, "oil"),
        _bonus(2, 8, "milk"),
        _bonus(5, 5, "flax"),
        _bonus(6, 0, "peas"),
        _bonus(7, 6, "hide"),
    ),
)
BAFFIN_ISLAND = _face(
    BoardId.BAFFIN_ISLAND,
    "Baffin Island",
    (
        "N.NNB    ",
        "NN.NNN...",
        " .N.NN.B.",
        " NXN.I  .",
        " ...INN  ",
        "...INNNBN",
        " .I.NN   ",
        ".I..N..  ",
        "I.. N.B.N",
    ),
    12,
    (
        _track(
            (8, 0, 0), (7, 1, 1), (6, 2, 2), (5, 3, 2), (4, 4, 4), (3, 5, 6), done=6, printed=False
        ),
    ),
    (
        _bonus(0, 4, "ore"),
        _bonus(2, 7, "whale-meat"),
        _bonus(5, 7, "oil"),
        _bonus(8, 6, "skin-and-bones"),
    ),
)
ICELAND = _face(
    BoardId.ICELAND,
    "Iceland",
    (
        ".N N NNI",
        "N. .NNIN",
        " .B.NINN",
        "....INNN",
        "B..INNNN",
        "..IN...N",
        ".INN.B. ",
        "  NN.   ",
    ),
    16,
    (_track((6, 1, 1), (5, 2, 2), (4, 3, 3), (3, 4, 4), (2, 5, 5), (1, 6, 6), (0, 7, 7), done=8),),
    (_bonus(2, 2, "stockfish"), _bonus(4, 0, "oil"), _bonus(6, 5, "ore", "stone")),
)
LABRADOR = _face(
    BoardId.LABRADOR,
    "Labrador",
    (
        "   NN    ",
        "   NNN   ",
        "   N.N   ",
        "   BNN.N ",
        "  NNNNNNN",
        "NNN.NNNNN",
        ".N.NBNXN ",
        "NBN.N.NNN",
        " N N.NBNN",
    ),
    36,
    (),
    (
        _bonus(3, 3, "game-meat"),
        _bonus(6, 4, "chest"),
        _bonus(7, 1, "linen"),
        _bonus(8, 6, "stockfish"),
    ),
)
GREENLAND = _face(
    BoardId.GREENLAND,
    "Greenland",
    (
        "NNN..INN",
        "...XINNN",
        " B.INNNI",
        " ..NNNI ",
        ".N.NNI..",
        " NNNIX.B",
        "  .I... ",
        "    ... ",
    ),
    12,
    (
        _track((2, 3, 0), (1, 4, 1), (0, 5, 2), done=3),
        _track((6, 3, 0), (5, 4, 1), (4, 5, 2), (3, 6, 3), (2, 7, 4), done=5),
    ),
    (_bonus(2, 1, "whale-meat"), _bonus(5, 7, "stockfish")),
)
NEWFOUNDLAND = _face(
    BoardId.NEWFOUNDLAND,
    "Newfoundland",
    (
        "  NNN    ",
        "  NN     ",
        " NBN NN  ",
        " .N.NNN  ",
        ".N.N.NNN ",
        "NBN.N.NNN",
        ".N.NNNBN ",
        "NNN.NNNNN",
        "     N NN",
    ),
    38,
    (),
    (
        _bonus(2, 2, "skin-and-bones"),
        _bonus(5, 1, "special:cloakpin", once=True),
        _bonus(6, 6, "building:stone-house", once=True),
    ),
)


def _flips(long_round: int) -> tuple[FlipRound, ...]:
    """Board A turns in round 3 of 7 (2 of 6), B in 4 (3), C in 5 (4), D in 6 (5)."""
    return (FlipRound(7, long_round), FlipRound(6, long_round - 1))


_ANY, _KL, _L = ShipNeed.ANY, ShipNeed.KNARR_OR_LONGSHIP, ShipNeed.LONGSHIP

EXPLORATION_FACES: tuple[ExplorationFace, ...] = (
    ExplorationFace(SHETLAND, "A", True, _flips(3), 1, 1, _ANY),
    ExplorationFace(BEAR_ISLAND, "A", False, (), 2, 2, _KL),
    ExplorationFace(FAROE_ISLANDS, "B", True, _flips(4), 1, 1, _ANY),
    ExplorationFace(BAFFIN_ISLAND, "B", False, (), 3, 3, _L),
    ExplorationFace(ICELAND, "C", True, _flips(5), 2, 2, _KL),
    ExplorationFace(LABRADOR, "C", False, (), 3, 3, _L),
    ExplorationFace(GREENLAND, "D", True, _flips(6), 2, 2, _KL),
    ExplorationFace(NEWFOUNDLAND, "D", False, (), 3, 3, _L),
)

SILVER_PER_FLIP = 2
"""Silver put on every other unclaimed face when a board turns (rules.ja.txt フェイズ3)."""

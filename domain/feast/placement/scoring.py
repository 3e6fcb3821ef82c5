"""What a board's coverage is worth: income, paying bonuses, uncovered −1 squares.

Income = the lowest visible number of each track, or the track's all-covered value; Greenland
sums its two tracks (components.md §3; rules.ja.txt フェイズ7). A bonus pays when its own
square is bare and all 8 neighbours are covered; squares off the board count as covered
(rules.ja.txt フェイズ10: 外郭はカバーされているとみなす) and so do blocked squares, which can
never be covered (our reading, NOTES.md).
"""

from __future__ import annotations

from skald.domain.feast.boards.grid import BonusSquare
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.placement.engine import covered
from skald.domain.feast.placement.geometry import geometry
from skald.domain.feast.placement.state import BoardState


def income(state: BoardState) -> int:
    spec = BOARD_SPECS[state.board]
    geo = geometry(state.board, state.banquet)
    occ = covered(state)
    total = 0
    for track in spec.income:
        visible = [sq.value for sq in track.squares if not occ & geo.bit(sq.row, sq.col)]
        total += min(visible) if visible else track.all_covered
    return total


def paying_bonuses(state: BoardState) -> tuple[BonusSquare, ...]:
    """Bonus squares that pay in the Bonus phase on this state."""
    spec = BOARD_SPECS[state.board]
    geo = geometry(state.board, state.banquet)
    occ = covered(state)
    paying = []
    for b in spec.bonuses:
        if occ & geo.bit(b.row, b.col):
            continue
        ok = True
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = b.row + dr, b.col + dc
                if (dr, dc) == (0, 0) or not (0 <= r < geo.height and 0 <= c < geo.width):
                    continue
                bit = geo.bit(r, c)
                if bit & geo.squares and not bit & geo.blocked and not bit & occ:
                    ok = False
        if ok:
            paying.append(b)
    return tuple(paying)


def uncovered_negative(state: BoardState) -> int:
    """Bare −1 squares (incl. house wood/stone squares): points lost at game end."""
    geo = geometry(state.board, state.banquet)
    return (geo.negative & ~covered(state)).bit_count()


def uncovered_banquet(state: BoardState) -> int:
    """Open banquet squares left bare: one Thing penalty (−3) each (rules.ja.txt フェイズ9)."""
    geo = geometry(state.board, state.banquet)
    return (geo.squares & ~geo.closed & ~covered(state)).bit_count()

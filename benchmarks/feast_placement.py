"""Benchmark: enumerate all legal placements of every piece on every board.

For each board (home, 8 exploration faces, 3 houses, the banquet table) and each piece that
board accepts, on an empty and on a partly filled state, time the bitmask enumerator
(``legal_placements``) and the naive square-by-square oracle in the same run. Reports the
median and p95 in milliseconds and the naive/fast ratio. Run: ``python -m
skald.benchmarks.feast_placement`` from the repo root.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from functools import partial

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.placement import (
    BanquetSetup,
    BoardState,
    Piece,
    all_pieces,
    covered,
    empty_board,
    engine,
    legal_placements,
    place,
)
from skald.domain.feast.placement import pieces as P
from skald.domain.feast.placement.naive import naive_legal_placements


def _boards() -> list[BoardState]:
    out = [empty_board(b) for b in BoardId if b is not BoardId.BANQUET_TABLE]
    out.append(empty_board(BoardId.BANQUET_TABLE, BanquetSetup(GameLength.LONG, 7, 0)))
    out.append(empty_board(BoardId.BANQUET_TABLE, BanquetSetup(GameLength.SHORT, 3, 1)))
    return out


def _allowed(state: BoardState) -> list[Piece]:
    kind = BOARD_SPECS[state.board].kind
    return [p for p in all_pieces() if P.colour(p) in P.ALLOWED[kind]]


def _partly_filled(state: BoardState, rng: random.Random) -> BoardState:
    """Random legal placements until about 40% of the squares are covered."""
    squares = sum(1 for r in BOARD_SPECS[state.board].rows for ch in r if ch != " ")
    pieces = _allowed(state)
    for _ in range(200):
        if covered(state).bit_count() >= 0.4 * squares:
            break
        legal = list(legal_placements(state, rng.choice(pieces), game_end=True))
        if legal:
            state = place(state, rng.choice(legal), game_end=True)
    return state


def _fast(state: BoardState, piece: Piece) -> list[object]:
    return list(legal_placements(state, piece, game_end=True))


def _time_ms(fn: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        engine._masks.cache_clear()  # count the state's mask build in every call
        t0 = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t0) * 1000.0)
    return statistics.median(times)


def _p95(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, round(0.95 * (len(xs) - 1)))]


def run(quick: bool = False, boards: int | None = None) -> dict[str, float]:
    """Time both enumerators over every board × piece × {empty, partly filled}.

    ``quick`` takes two pieces per board; ``boards`` only the first N boards (a smoke run)."""
    rng = random.Random(20161)
    fast: list[float] = []
    naive: list[float] = []
    per_board: dict[str, tuple[list[float], list[float]]] = {}
    mismatches = 0
    for empty in _boards()[:boards]:
        pieces = _allowed(empty)
        if quick:
            pieces = pieces[:2]
        for state in (empty, _partly_filled(empty, rng)):
            for piece in pieces:
                # warm the per-board candidate cache once (built once per board type)
                got = set(legal_placements(state, piece, game_end=True))
                f = _time_ms(partial(_fast, state, piece), 1 if quick else 5)
                n = _time_ms(partial(naive_legal_placements, state, piece, game_end=True), 1)
                fast.append(f)
                naive.append(n)
                mine = per_board.setdefault(state.board.value, ([], []))
                mine[0].append(f)
                mine[1].append(n)
                if got != naive_legal_placements(state, piece, game_end=True):
                    mismatches += 1
    fast_median, naive_median = statistics.median(fast), statistics.median(naive)
    out = {
        "cases": float(len(fast)),
        "fast_median_ms": fast_median,
        "fast_p95_ms": _p95(fast),
        "fast_max_ms": max(fast),
        "naive_median_ms": naive_median,
        "naive_p95_ms": _p95(naive),
        "ratio_median": naive_median / fast_median,
        "ratio_p95": _p95(naive) / _p95(fast),
        "mismatches": float(mismatches),
    }
    for board, (f_ms, n_ms) in per_board.items():
        out[f"{board}/fast_median_ms"] = statistics.median(f_ms)
        out[f"{board}/naive_median_ms"] = statistics.median(n_ms)
    return out


if __name__ == "__main__":
    res = run()
    print(f"feast placement enumeration over {int(res['cases'])} board x piece x state cases")
    print(f"{'':8} {'median ms':>10} {'p95 ms':>10}")
    print(f"{'fast':8} {res['fast_median_ms']:10.3f} {res['fast_p95_ms']:10.3f}")
    print(f"{'naive':8} {res['naive_median_ms']:10.3f} {res['naive_p95_ms']:10.3f}")
    print(f"{'ratio':8} {res['ratio_median']:10.1f} {res['ratio_p95']:10.1f}")
    print(f"fast max {res['fast_max_ms']:.3f} ms; mismatches {int(res['mismatches'])}")
    print(f"\n{'board':16} {'fast med':>9} {'naive med':>10}")
    for key in res:
        if key.endswith("/fast_median_ms"):
            board = key.split("/")[0]
            naive_ms = res[f"{board}/naive_median_ms"]
            print(f"{board:16} {res[key]:9.3f} {naive_ms:10.3f}")

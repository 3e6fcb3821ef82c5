"""Drawing every view of a page: each distinct view drawn once, on every core when many.

The pictures come from ``skald.cli.draw.svg_draw.draw`` (the drawing every command shares). A long game
has thousands of views (A Feast for Odin, four seats, the long game: 845 events × 5 views)
and a drawing takes milliseconds, so views equal as data are drawn once, and many are drawn
in worker processes (``spawn``: safe beside gRPC's threads in ``--serve``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any
from xml.sax.saxutils import escape

POOL_MIN = 48
"""Fewer distinct views than this are drawn in this process (starting workers costs more)."""


UNDRAWN = "data-undrawn"
"""Marks the stand-in for a view whose drawing failed (the page still shows every other)."""


def draw_one(game: str, seat: int | None, view: dict[str, Any]) -> str:
    """One view's picture as an inline ``<svg>`` element; a drawing that fails gives a
    stand-in naming the error (counted by :func:`undrawn`), not a page that is not written."""
    from skald.cli.draw.svg_draw import draw

    try:
        return draw(game, view, seat)
    except Exception as error:
        text = escape(f"This view could not be drawn: {type(error).__name__}: {error}"[:300])
        return (
            "<svg xmlns='http://www.w3.org/2000/svg' width='900' height='60' "
            f"class='skald' {UNDRAWN}='1'><rect width='100%' height='100%' fill='#fbe4e2'/>"
            f"<text x='12' y='36' font-size='14' fill='#b3261e'>{text}</text></svg>"
        )


def undrawn(pictures: Sequence[str]) -> list[int]:
    """The indexes of the stand-ins among ``pictures``."""
    return [i for i, svg in enumerate(pictures) if UNDRAWN in svg[:200]]


def _draw_text(job: tuple[str, int | None, str]) -> str:
    game, seat, text = job
    return draw_one(game, seat, json.loads(text))


def draw_all(
    game: str, items: Sequence[tuple[int | None, dict[str, Any]]], workers: int | None = None
) -> list[str]:
    """The picture of each ``(seat, view)`` in ``items``, in order."""
    keys = [(seat, json.dumps(view, sort_keys=True, separators=(",", ":"))) for seat, view in items]
    unique = list(dict.fromkeys(keys))
    jobs = [(game, seat, text) for seat, text in unique]
    count = workers if workers is not None else (os.cpu_count() or 1)
    if count > 1 and len(jobs) >= POOL_MIN:
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        with ProcessPoolExecutor(min(count, 8), mp_context=get_context("spawn")) as pool:
            drawn = list(pool.map(_draw_text, jobs, chunksize=8))
    else:
        drawn = [_draw_text(job) for job in jobs]
    by_key = dict(zip(unique, drawn, strict=True))
    return [by_key[key] for key in keys]

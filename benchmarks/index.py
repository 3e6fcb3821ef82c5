"""Games index benchmark: a fresh process's first ListGames and prefix lookup with N stored
games, against an empty store and a store of 10 games, on SQLite and PostgreSQL (target: within
2×).

"A fresh process" is a new ``EventStore`` and ``GameService`` over the store (no cache, the
persisted index as the last writer left it, up to :data:`skald.service.store.index.CATCH_UP_EVERY` batches
behind): its opening, its first ``ListGames`` page of 10 rows (so the 10-game store returns
the same rows; the empty store returns none), a page newest first, a filtered page (running
games of 3 players) and id-prefix lookups (a known 8-character prefix, and one that matches
nothing). Each is the median of several fresh openings. For scale, ``rebuild_s`` is the index
built again from the whole notification log — what every process paid on its first list or
prefix lookup before the index was persisted. ``game_end_seed_check`` times what a game's end
asks the index (the running games that may share its seeds, by chance stream) against the way
it was found before, every running game's secrets read in a fresh process. PostgreSQL runs in schemas of its own
in a database made for the run and dropped after it (:mod:`skald.tools.loadtest.databases`), or in
the database ``SKALD_BENCH_PG`` names (the schemas dropped afterwards)."""

from __future__ import annotations

import contextlib
import functools
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, PageGames
from skald.service.bootstrap import registry
from skald.service.model.errors import NotFound
from skald.service.store.event_store import EventStore
from skald.service.store.index import GamesQuery

SMALL = 10
"""Games in the small store: pages hold the same rows there as in the full one."""
PG: str | None = os.environ.get("SKALD_BENCH_PG") or None
"""A PostgreSQL database to use; None: one made for the run and dropped after it."""


def _timed(action: Callable[[], Any]) -> float:
    started = time.perf_counter()
    action()
    return (time.perf_counter() - started) * 1000


def _unknown(svc: GameService) -> None:
    with contextlib.suppress(NotFound):
        svc.resolve("0000dead")


def _first_calls(svc: GameService, known: str | None) -> dict[str, float]:
    got = {"first_list_ms": _timed(lambda: svc.games_page(PageGames(GamesQuery(page_size=SMALL))))}
    got["newest_list_ms"] = _timed(
        lambda: svc.games_page(PageGames(GamesQuery(page_size=SMALL, order="-updated")))
    )
    got["filtered_list_ms"] = _timed(
        lambda: svc.games_page(PageGames(GamesQuery(status="running", players=3, page_size=SMALL)))
    )
    got["prefix_unknown_ms"] = _timed(lambda: _unknown(svc))
    if known is not None:
        got["prefix_known_ms"] = _timed(lambda: svc.resolve(known[:8]))
    return got


def _fresh(url: str, known: str | None, repeat: int) -> dict[str, float]:
    """Median milliseconds of a fresh process's first calls, and the first list of the first
    opening (it indexes what the writer left behind, at most ``CATCH_UP_EVERY`` batches)."""
    samples: dict[str, list[float]] = {}
    for _ in range(repeat):
        started = time.perf_counter()
        svc = GameService(EventStore(url), registry())
        got = {"open_ms": (time.perf_counter() - started) * 1000, **_first_calls(svc, known)}
        svc.store.close()
        for key, value in got.items():
            samples.setdefault(key, []).append(value)
    out: dict[str, Any] = {k: round(statistics.median(v), 2) for k, v in samples.items()}
    out["right_after_writer_list_ms"] = round(samples["first_list_ms"][0], 2)
    return out


def _every_running_secret(svc: GameService, game_id: str) -> frozenset[str]:
    """The baseline: how a game's end found the seeds it shares before the streams table —
    every running game's secrets, read and compared."""
    seeds: set[str] = set()
    for row in svc.repo.rows("running"):
        other = svc.repo.secret(row.game_id) if row.game_id != game_id else None
        if other is not None:
            seeds.update(s.seed for s in other.seeds if s.seed)
    return frozenset(seeds)


def _end_check(url: str, known: str, repeat: int) -> dict[str, float]:
    """Median milliseconds, in a fresh process, of the check a game's end makes (which running
    games share its seeds): by the index's streams, and by the baseline above."""
    from skald.service.app.commands import _running_seeds

    out: dict[str, float] = {}
    for name, check in (
        ("by_stream_ms", lambda svc: _running_seeds(svc.repo, known)),
        ("every_running_game_ms", lambda svc: _every_running_secret(svc, known)),
    ):
        samples = []
        for _ in range(repeat):
            svc = GameService(EventStore(url), registry())
            svc.repo.rows()  # caught up first: the check alone is timed
            samples.append(_timed(functools.partial(check, svc)))
            svc.store.close()
        out[name] = round(statistics.median(samples), 2)
    return out


def _populate(url: str, games: int) -> tuple[str, float]:
    """``games`` new Red North games of 2–4 players (creating one writes its setup records,
    16 at 3 players); the id of one in the middle, and games created per second."""
    svc = GameService(EventStore(url), registry())
    started = time.perf_counter()
    ids = [svc.create(CreateGame("red_north", 2 + i % 3)).game_id for i in range(games)]
    rate = games / (time.perf_counter() - started)
    svc.store.close()
    return ids[len(ids) // 2], rate


KEYS = ("open_ms", "first_list_ms", "filtered_list_ms", "prefix_unknown_ms")


def _ratios(full: dict[str, float], base: dict[str, float]) -> dict[str, float]:
    return {key: round(full[key] / max(base[key], 0.01), 2) for key in KEYS}


def _backend(urls: tuple[str, str, str], games: int, repeat: int) -> dict[str, Any]:
    empty_url, small_url, full_url = urls
    EventStore(empty_url).close()
    empty = _fresh(empty_url, None, repeat)
    small_known, _ = _populate(small_url, SMALL)
    small = _fresh(small_url, small_known, repeat)
    known, rate = _populate(full_url, games)
    postgres = full_url.startswith("postgresql")
    unanalyzed = _fresh(full_url, known, repeat) if postgres else None
    if postgres:
        _analyze(full_url)
    full = _fresh(full_url, known, repeat)
    end_small, end_full = (
        _end_check(small_url, small_known, repeat),
        _end_check(full_url, known, repeat),
    )
    svc = GameService(EventStore(full_url), registry())
    rebuild = _timed(svc.rebuild_index) / 1000
    svc.store.close()
    return {
        "games": games,
        "empty": empty,
        f"games_{SMALL}": small,
        "full": full,
        "ratio_full_to_empty": _ratios(full, empty),
        f"ratio_full_to_{SMALL}": _ratios(full, small),
        "within_2x_of_empty": all(full[key] <= 2 * empty[key] for key in KEYS[1:]),
        f"within_2x_of_{SMALL}": all(full[key] <= 2 * small[key] for key in KEYS[1:]),
        "game_end_seed_check": {
            f"games_{SMALL}": end_small,
            "full": end_full,
            "by_stream_full_to_small": round(
                end_full["by_stream_ms"] / max(end_small["by_stream_ms"], 0.01), 2
            ),
            "by_stream_to_every_running_game": round(
                end_full["by_stream_ms"] / max(end_full["every_running_game_ms"], 0.01), 3
            ),
        },
        "rebuild_s": round(rebuild, 2),
        **({"full_before_analyze": unanalyzed} if unanalyzed else {}),
        "create_games_per_s": round(rate, 1),
    }


def _analyze(url: str) -> None:
    """PostgreSQL: refresh the planner's statistics of the schema in ``url`` (what autovacuum
    does within a minute of a table growing by 10 %). A store filled in seconds and measured at
    once is planned with the statistics of its first rows (a bitmap scan and a sort of all 5,000
    rows for a 10-row page); the figures before are kept as ``full_before_analyze``."""
    from psycopg import sql

    from skald.service.store.check import connect
    from skald.service.store.event_store import settings_for

    env = settings_for(url)
    schema = env["POSTGRES_SCHEMA"]
    with connect(env) as conn:
        for table in ("skald_events", "skald_games"):
            conn.execute(
                sql.SQL("ANALYZE {}.{}").format(sql.Identifier(schema), sql.Identifier(table))
            )


def _drop(pg: str, schema: str) -> None:
    from psycopg import sql

    from skald.service.store.check import connect
    from skald.service.store.event_store import settings_for

    with connect(settings_for(pg)) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


def run(quick: bool = False) -> dict[str, Any]:
    games, repeat = (300, 3) if quick else (5000, 9)
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        base = Path(folder)
        names = ("empty", "small", "full")
        paths = tuple(str(base / f"{name}.db") for name in names)
        results["sqlite"] = _backend(paths, games, repeat)  # type: ignore[arg-type]
    from skald.tools.loadtest.databases import given_or_own

    schemas = [f"skald_bench_{uuid.uuid4().hex[:10]}" for _ in range(3)]
    try:
        with given_or_own(PG, "bench_index") as pg:
            try:
                empty_url, small_url, full_url = (f"{pg}?schema={s}" for s in schemas)
                results["postgres"] = _backend((empty_url, small_url, full_url), games, repeat)
            finally:
                for schema in schemas:
                    with contextlib.suppress(Exception):
                        _drop(pg, schema)
    except Exception as error:  # no server here: say so, keep the SQLite figures
        results["postgres"] = {"skipped": f"{type(error).__name__}: {error}"[:200]}
    return results


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(run(quick="--quick" in sys.argv), indent=2))

"""What serializes two writers of one store: PostgreSQL's table lock, SQLite's write lock.

The library's ``PostgresApplicationRecorder`` (eventsourcing 9.5, ``postgres.py``,
``_insert_stored_events``) runs, in every transaction that inserts events,
``SET LOCAL lock_timeout = '<POSTGRES_LOCK_TIMEOUT>s'`` (0 by default: wait for ever) and
``LOCK TABLE <schema>.stored_events IN EXCLUSIVE MODE``, then ``NOTIFY`` and the insert. The
lock makes notification ids follow commit order — the games index and the log tail rely on
that: a reader never passes a gap filled later — and it serializes every append of every
replica: EXCLUSIVE conflicts with the ROW EXCLUSIVE lock of another INSERT (not with SELECT).

SQLite has one writer at a time per database file (WAL mode, as the library opens it): each
commit takes the write lock and, with the default ``synchronous=FULL``, waits for an fsync of
the log, so two ``--workers`` appending to one file share one disk's commit rate.

This measures both, same run, same machine: bare library appends/s (one event and a head row
per transaction, as Skald writes a one-event batch) with one writer process, then with two at
once, each on its own aggregates; on PostgreSQL also how often a backend of ours waits on a
relation lock while two write (``pg_stat_activity`` sampled every 2 ms).
``python -m skald.benchmarks.store_writers`` (PostgreSQL: a database made for the run and dropped
after it, :mod:`skald.tools.loadtest.databases`; or ``SKALD_BENCH_PG`` / ``--pg`` names one, in
which a schema of its own is made and dropped).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import threading
import time
import uuid
from typing import Any

PG_URL: str | None = os.environ.get("SKALD_BENCH_PG") or None
"""A PostgreSQL database to use; None: one made for the run and dropped after it."""


def _writer(url: str, seconds: float, start_at: float) -> float:
    from skald.tools.loadtest.servers import bare_append_rate

    time.sleep(max(0.0, start_at - time.time()))
    return bare_append_rate(url, seconds)


def _lock_waits(url: str, stop: threading.Event, out: dict[str, int]) -> None:
    """Sample our database's backends: how many inserting, how many of them waiting on a lock."""
    from skald.service.store.check import connect
    from skald.service.store.event_store import settings_for

    with connect(settings_for(url)) as conn:
        while not stop.is_set():
            rows = conn.execute(
                "SELECT wait_event_type, wait_event FROM pg_stat_activity "
                "WHERE datname = current_database() AND pid <> pg_backend_pid() "
                "AND state = 'active' AND (query ILIKE 'LOCK TABLE%%' OR query ILIKE 'INSERT%%')"
            ).fetchall()
            out["samples"] += 1
            out["writing"] += len(rows)
            out["waiting_on_lock"] += sum(1 for kind, _ in rows if kind == "Lock")
            time.sleep(0.002)


def _one_then_two(target: str, seconds: float, during: Any = None) -> tuple[float, list[float]]:
    """Appends/s of one writer process, then of each of two writing at once."""
    spawn = multiprocessing.get_context("spawn")
    with spawn.Pool(2) as pool:
        start = time.time() + 1.5
        one = pool.apply_async(_writer, (target, seconds, start)).get()
        start = time.time() + 1.5
        jobs = [pool.apply_async(_writer, (target, seconds, start)) for _ in range(2)]
        if during is not None:
            time.sleep(max(0.0, start - time.time()))
            during()
        return one, [job.get() for job in jobs]


def sqlite(seconds: float = 3.0) -> dict[str, Any]:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory(prefix="skald-writers-") as tmp:
        one, two = _one_then_two(str(Path(tmp) / "w.db"), seconds)
    return {
        "one_writer_appends_per_s": round(one, 1),
        "two_writers_appends_per_s": [round(r, 1) for r in two],
        "two_writers_total_per_s": round(sum(two), 1),
        "two_vs_one": round(sum(two) / one, 2),
    }


def measure(url: str | None, seconds: float = 3.0) -> dict[str, Any]:
    return {"sqlite": sqlite(seconds), "postgresql": postgresql(url, seconds)}


def postgresql(url: str | None, seconds: float = 3.0) -> dict[str, Any]:
    """The PostgreSQL figures in ``url`` (a schema of its own), or, None, in a database made
    for this run and dropped after it."""
    from skald.tools.loadtest.databases import given_or_own, reachable
    from skald.tools.loadtest.harness import _pg_ready

    problem = _pg_ready(url) if url else reachable()
    if problem is not None:
        return {"skipped": f"PostgreSQL unreachable: {problem}"}
    with given_or_own(url, "bench_writers") as pg:
        return _postgresql(pg, seconds)


def _postgresql(url: str, seconds: float) -> dict[str, Any]:
    from skald.tools.loadtest.harness import _drop_schema, schema_url

    schema = f"pglock_{uuid.uuid4().hex[:8]}"
    target = schema_url(url, schema)
    out: dict[str, Any] = {"lock_statements": _lock_statements(target)}
    waits = {"samples": 0, "writing": 0, "waiting_on_lock": 0}
    stop = threading.Event()
    sampler = threading.Thread(target=_lock_waits, args=(url, stop, waits))
    try:
        one, two = _one_then_two(target, seconds, sampler.start)
    finally:
        stop.set()
        if sampler.is_alive():
            sampler.join()
        _drop_schema(url, schema)
    out.update(
        one_writer_appends_per_s=round(one, 1),
        two_writers_appends_per_s=[round(r, 1) for r in two],
        two_writers_total_per_s=round(sum(two), 1),
        two_vs_one=round(sum(two) / one, 2),
        share_of_inserting_backends_waiting_on_lock=round(
            waits["waiting_on_lock"] / max(waits["writing"], 1), 3
        ),
        lock_samples=waits,
    )
    return out


def _lock_statements(url: str) -> list[str]:
    """The statements the library's recorder runs before each insert (read from the recorder
    itself, so this reports what the installed version does)."""
    from eventsourcing.application import Application

    from skald.service.store.event_store import _ensure_schema, settings_for

    env = settings_for(url)
    _ensure_schema(env)
    app: Application[Any] = Application(env=env)
    conn = app.recorder.datastore.get_connection()  # type: ignore[attr-defined]
    try:
        with conn as c:
            statements = [
                s.as_string(c) for s in getattr(app.recorder, "lock_table_statements", [])
            ]
    finally:
        app.close()
    return statements


def run(quick: bool = False) -> dict[str, Any]:
    return measure(PG_URL, 1.0 if quick else 3.0)


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m skald.benchmarks.store_writers", description=__doc__
    )
    parser.add_argument(
        "--pg", default=PG_URL, help="a PostgreSQL database to use (default: one of its own)"
    )
    parser.add_argument("--seconds", type=float, default=3.0, help="seconds per phase")
    args = parser.parse_args()
    print(json.dumps(measure(args.pg, args.seconds), indent=1))


if __name__ == "__main__":
    main()

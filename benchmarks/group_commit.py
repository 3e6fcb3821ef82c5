"""Group commit against a fsync per commit on the loop, on the load the harness runs.

``skald serve --sync group`` (the default, :mod:`service.durability`) commits without a sync and
lets a thread fsync the log for every commit made meanwhile, each answer and stream batch
waiting for its sync; ``--sync commit`` has every commit sync itself on the event loop, as the
server did before. This runs the same loads with each, alternately, ``--rounds`` times: one
process and two workers on SQLite, 200 games, two racers, 50 spectators, as fast as the server
answers; and one process paced at ``--rate`` commands/s (latency, not throughput). It prints
commands/s, server CPU per command and the p99s, and the ratios (group ÷ commit, medians).
``python -m benchmarks.group_commit [--rounds 2 --seconds 8 --rate 100]``; the native load
clients are used when they build (:mod:`cli.loadtest_native`).
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any

KEYS = (
    "commands_per_s",
    "server_cpu_ms_per_command",
    "server_cores_busy",
    "submit_p50_ms",
    "submit_p99_ms",
    "other_rpc_p50_ms",
    "other_rpc_p99_ms",
    "watch_delivery_p99_ms",
)


def _one(
    sync: str, workers: int, rate: float, db: Path, seconds: float, native: Path | None
) -> dict[str, Any]:
    from cli.loadtest import _load
    from cli.loadtest_servers import Served

    server = Served(str(db), workers, db.with_suffix(".log"), sync=sync)
    try:
        result = _load([server], 200, 50, seconds, rate=rate, native=native)
    finally:
        server.stop()
    lost = sum(result[k] for k in ("lost_events", "duplicate_events", "internal_errors"))
    if lost:
        raise SystemExit(f"{sync}: integrity counters not 0: {result}")
    return {k: result[k] for k in KEYS}


def main() -> None:
    from cli.loadtest_native import build

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=8.0)
    parser.add_argument("--rate", type=float, default=100.0)
    args = parser.parse_args()
    built = build()
    native = built if isinstance(built, Path) else None
    print("clients:", "native" if native else f"python ({built})", flush=True)
    work = Path(tempfile.mkdtemp(prefix="skald-group-commit-"))
    loads = {"one": (1, 0.0), "workers_2": (2, 0.0), "one_paced": (1, args.rate)}
    runs: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for round_ in range(args.rounds):
        for load, (workers, rate) in loads.items():
            for sync in ("commit", "group"):
                db = work / f"{load}-{sync}-{round_}.db"
                result = _one(sync, workers, rate, db, args.seconds, native)
                runs.setdefault((load, sync), []).append(result)
                print(load, sync, json.dumps(result), flush=True)
    summary: dict[str, Any] = {}
    for load in loads:
        median = {
            sync: {k: round(statistics.median(r[k] for r in runs[(load, sync)]), 2) for k in KEYS}
            for sync in ("commit", "group")
        }
        ratios = {
            k: round(median["group"][k] / median["commit"][k], 2) if median["commit"][k] else None
            for k in KEYS
        }
        summary[load] = {"median": median, "group_over_commit": ratios}
    one = {s: summary["one"]["median"][s]["commands_per_s"] for s in ("commit", "group")}
    two = {s: summary["workers_2"]["median"][s]["commands_per_s"] for s in ("commit", "group")}
    summary["workers_2_speedup"] = {s: round(two[s] / one[s], 2) for s in one}
    print(json.dumps(summary, indent=1))


if __name__ == "__main__":
    main()

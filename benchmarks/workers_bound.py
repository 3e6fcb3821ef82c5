"""What two server processes can do on this machine when they share nothing: the bound
``skald serve --workers 2`` is read against (``python -m skald.benchmarks.workers_bound``).

Three loads of the load harness (:func:`skald.tools.loadtest.harness._load`: the native clients, two racers,
spectators watching), run alternately ``--repeat`` times each:

* **one**: one ``skald serve`` on one SQLite file, 200 games, 96 players, 50 spectators;
* **apart**: two ``skald serve`` processes on two SQLite files, each with half the games,
  players and spectators, run at once — no shared file, no stale caches, no conflicts across
  processes, no notices between them;
* **workers**: ``skald serve --workers 2`` on one SQLite file, the load of *one*.

``apart / one`` is what splitting the same work over two processes gives here at all;
``workers / apart`` is what sharing one store costs on top. Medians of commands/s; server
CPU per command beside them. Integrity counters of every run must be 0. All three come from one
run, so ``--workers 2`` is always read against two unshared processes measured beside it
(``skald loadtest`` reports ``--workers 2`` against one process only: *apart* would add a
third load to what CI runs). ``--quick``: one turn of 3 s loads (under a minute; a smoke run,
not a figure). The work folder (stores, server logs) is removed unless ``--keep``.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import tempfile
import threading
from pathlib import Path
from typing import Any

from skald.tools.loadtest.harness import PLAYERS_NATIVE, _load
from skald.tools.loadtest.native import build
from skald.tools.loadtest.servers import Served

GAMES, SPECTATORS = 200, 50
INTEGRITY = ("lost_events", "duplicate_events", "mismatched_events", "failed_verifications")


def _one(work: Path, tag: str, native: Path, seconds: float, workers: int) -> dict[str, Any]:
    server = Served(str(work / f"{tag}.db"), workers, work / f"{tag}.log")
    try:
        return _load([server], GAMES, SPECTATORS, seconds, native=native)
    finally:
        server.stop()


def _apart(work: Path, tag: str, native: Path, seconds: float) -> dict[str, Any]:
    servers = [Served(str(work / f"{tag}-{i}.db"), 1, work / f"{tag}-{i}.log") for i in (0, 1)]
    results: list[dict[str, Any]] = [{}, {}]

    def run(i: int) -> None:
        results[i] = _load(
            [servers[i]],
            GAMES // 2,
            SPECTATORS // 2,
            seconds,
            threads=PLAYERS_NATIVE // 2,
            native=native,
        )

    try:
        threads = [threading.Thread(target=run, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    finally:
        for server in servers:
            server.stop()
    commands = sum(r["commands"] for r in results)
    cpu = sum(r["server_cpu_ms_per_command"] * r["commands"] for r in results) / max(commands, 1)
    merged: dict[str, Any] = {
        "commands_per_s": round(sum(r["commands_per_s"] for r in results), 1),
        "server_cpu_ms_per_command": round(cpu, 2),
        "server_cores_busy": round(sum(r["server_cores_busy"] for r in results), 2),
        "client_cores_busy": round(sum(r["client_cores_busy"] for r in results), 2),
    }
    merged.update({k: sum(r[k] for r in results) for k in (*INTEGRITY, "internal_errors")})
    return merged


def run(repeat: int = 3, seconds: float = 15.0, keep: bool = False) -> dict[str, Any]:
    built = build()
    if not isinstance(built, Path):
        return {"skipped": f"native clients unavailable: {built}"}
    work = Path(tempfile.mkdtemp(prefix="skald-bound-"))
    runs: dict[str, list[dict[str, Any]]] = {"one": [], "apart": [], "workers": []}
    try:
        for turn in range(repeat):
            runs["one"].append(_one(work, f"one-{turn}", built, seconds, 1))
            runs["apart"].append(_apart(work, f"apart-{turn}", built, seconds))
            runs["workers"].append(_one(work, f"workers-{turn}", built, seconds, 2))
    finally:
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    keys = ("commands_per_s", "server_cpu_ms_per_command", "server_cores_busy", "client_cores_busy")
    out: dict[str, Any] = {
        name: {k: statistics.median(r[k] for r in rs) for k in keys} for name, rs in runs.items()
    }
    rate = {name: out[name]["commands_per_s"] for name in runs}
    out["commands_per_s_runs"] = {n: [r["commands_per_s"] for r in rs] for n, rs in runs.items()}
    out["apart_to_one"] = round(rate["apart"] / rate["one"], 2)
    out["workers_to_one"] = round(rate["workers"] / rate["one"], 2)
    out["workers_to_apart"] = round(rate["workers"] / rate["apart"], 2)
    every = [r for rs in runs.values() for r in rs]
    out["integrity"] = {k: sum(r[k] for r in every) for k in (*INTEGRITY, "internal_errors")}
    out["work"] = str(work) if keep else None
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m skald.benchmarks.workers_bound")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--quick", action="store_true", help="one turn of 3 s loads")
    parser.add_argument("--keep", action="store_true", help="keep the work folder")
    args = parser.parse_args()
    repeat, seconds = (1, 3.0) if args.quick else (args.repeat, args.seconds)
    print(json.dumps(run(repeat, seconds, args.keep), indent=2))

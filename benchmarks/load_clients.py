"""What the load harness's clients cost the machine they measure: native against Python.

``skald loadtest`` runs its clients on the cores its servers are measured on, so every core
they take is one the servers cannot have (``workers_2_ceiling`` in its summary). This runs
the same load — one ``skald serve`` process on SQLite, 200 games, two racers, 50 spectators,
as fast as the server answers — with the native clients (:mod:`skald.tools.loadtest.native`) and with
the Python ones (:mod:`skald.tools.loadtest.clients`), alternately, ``--rounds`` times each, and
prints the clients' CPU per command and cores, the server's commands/s, and the ratios
(native ÷ Python, medians). ``python -m skald.benchmarks.load_clients [--rounds 2 --seconds 8]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
from pathlib import Path
from typing import Any


def _one(native: Path | None, db: Path, seconds: float) -> dict[str, Any]:
    from skald.tools.loadtest.harness import _load
    from skald.tools.loadtest.servers import Served

    server = Served(str(db), 1, db.with_suffix(".log"))
    try:
        result = _load([server], 200, 50, seconds, native=native)
    finally:
        server.stop()
    keys = ("commands_per_s", "client_cpu_ms_per_command", "client_cores_busy")
    return {k: result[k] for k in (*keys, "server_cpu_ms_per_command")}


def main() -> None:
    from skald.tools.loadtest.native import build

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=8.0)
    args = parser.parse_args()
    built = build()
    if not isinstance(built, Path):
        raise SystemExit(f"native clients unavailable: {built}")
    work = Path(tempfile.mkdtemp(prefix="skald-clients-"))
    runs: dict[str, list[dict[str, Any]]] = {"native": [], "python": []}
    for round_ in range(args.rounds):
        for kind, native in (("native", built), ("python", None)):
            runs[kind].append(_one(native, work / f"{kind}-{round_}.db", args.seconds))
            print(kind, json.dumps(runs[kind][-1]), flush=True)
    median = {
        k: {m: round(statistics.median(r[m] for r in rs), 2) for m in rs[0]}
        for k, rs in runs.items()
    }
    ratios = {m: round(median["native"][m] / median["python"][m], 2) for m in median["native"]}
    print(json.dumps({"median": median, "native_over_python": ratios}, indent=1))


if __name__ == "__main__":
    main()

"""CLI start-up benchmark: how long a person waits for ``skald --help``, ``skald rules red-north``
and ``skald show <id>`` of one game on a local SQLite store, against bare ``python -c pass``
measured in the same run (targets on a quiet machine: ``--help`` under 0.15 s, ``show`` under
0.3 s).

Each is a fresh process (what a person at a terminal starts), run N times; the median wall time
is reported with its ratio to bare Python. The commands import what they need when they run
(``python -X importtime -m skald.cli.main show ID`` shows where the rest goes), so ``--help`` loads no
game, no store and no gRPC."""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

_SCRIPT = Path(sys.executable).parent / "skald"
_CLI = [str(_SCRIPT)] if _SCRIPT.is_file() else [sys.executable, "-m", "skald.cli.main"]
"""The installed ``skald`` script (what a person types), else the module."""


def _median_s(argv: list[str], runs: int, env: dict[str, str]) -> float:
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run(argv, env=env, check=True, stdout=subprocess.DEVNULL)
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _new_game(env: dict[str, str]) -> str:
    out = subprocess.run(
        [*_CLI, "new", "red-north", "--players", "2", "--seed", "bench", "--json"],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    return str(json.loads(out)["game_id"])


def run(quick: bool = False) -> dict[str, Any]:
    runs = 3 if quick else 11
    with tempfile.TemporaryDirectory(prefix="skald-bench-cli-") as work:
        env = {**os.environ, "SKALD_DB": str(Path(work) / "bench.db"), "COLUMNS": "120"}
        game_id = _new_game(env)
        bare = _median_s([sys.executable, "-c", "pass"], runs, env)
        measured = {
            "help": _median_s([*_CLI, "--help"], runs, env),
            "rules_red_north": _median_s([*_CLI, "rules", "red-north"], runs, env),
            "show": _median_s([*_CLI, "show", game_id[:8]], runs, env),
        }
    result: dict[str, Any] = {"runs": runs, "bare_python_s": round(bare, 4)}
    for name, seconds in measured.items():
        result[f"{name}_s"] = round(seconds, 4)
        result[f"{name}_vs_bare"] = round(seconds / bare, 1) if bare else None
    result["help_under_0_15_s"] = measured["help"] < 0.15
    result["show_under_0_3_s"] = measured["show"] < 0.3
    return result


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1))

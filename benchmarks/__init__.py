"""Benchmarks: each reports ratios against a baseline measured in the same run.

Run all with ``skald bench`` or ``python -m skald.benchmarks`` (``--quick`` for a smoke run), or one
with ``python -m skald.benchmarks.service`` / ``python -m skald.benchmarks.feast_game`` /
``python -m skald.benchmarks.feast_placement``. They are not part of the test suite: timings on a
loaded machine prove nothing, and they take minutes.
``skald.benchmarks.feast_cards`` plays the same random games with and without the occupation effects.
``skald.benchmarks.cli_start`` times ``skald --help``, ``rules`` and ``show`` against bare Python.
``skald.benchmarks.service`` includes the pure-engine random games/s per game (Brian Boru at 5
players, Red North at 4) that used to run inside the property tests. ``skald.benchmarks.command_cpu``
compares CPU per command with the code of the day issue 10 was filed (``--instructions``:
valgrind counts, unmoved by machine load); ``skald.benchmarks.store_writers`` measures what two
writers of one store cost each other (PostgreSQL's table lock, SQLite's write lock);
``skald.benchmarks.workers_bound`` (minutes; real servers and the native load clients, so not in
``run_all``) runs one process, two processes sharing nothing (two stores, half the load
each) and ``--workers 2`` alternately: what splitting the load over two processes gives on
this machine at all, and what sharing one store costs on top. ``skald.benchmarks.admission`` (a real
server, attacker and victim processes) measures another client's p99 while clients without a
token send 15 MB ImportGame bodies, with the check before the body (``service/grpc/admission.py``)
and without it. ``skald.benchmarks.reads`` holds what tests once timed (issue 25): a move read
against indexing the legal list, a long game's fold against playing it, and a write's delivery
to another server's watcher against the writing server's own. ``skald.benchmarks.lock_held``: health/view p50/p99 while another session holds the store's write lock vs. not (issue 27). ``skald.benchmarks.sqlite_workers`` (real servers; not in ``run_all``): ``--workers 1`` against ``--workers 2`` on one SQLite file, alternated, for commands, CreateGame only and views only (issue 27).

Imports: skald.domain, skald.service, skald.cli, skald.tools.
"""

from __future__ import annotations

from typing import Any


def run_all(quick: bool = False, echo: bool = True) -> dict[str, Any]:
    from skald.benchmarks import (
        admission,
        cli_start,
        command_cpu,
        feast_cards,
        feast_game,
        feast_placement,
        index,
        reads,
        service,
        store_writers,
    )

    results: dict[str, Any] = {}
    modules = (
        ("service", service),
        ("feast_game", feast_game),
        ("feast_cards", feast_cards),
        ("feast_placement", feast_placement),
        ("index", index),
        ("reads", reads),
        ("cli_start", cli_start),
        ("command_cpu", command_cpu),
        ("store_writers", store_writers),
        ("admission", admission),
    )
    for name, module in modules:
        results[name] = module.run(quick=quick)
        if echo:
            _print(name, results[name])
    return results


def _print(name: str, result: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=name, show_header=True)
    table.add_column("measure")
    table.add_column("value", justify="right")

    def add(prefix: str, value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                add(f"{prefix}{key}." if isinstance(inner, dict) else f"{prefix}{key}", inner)
        else:
            table.add_row(prefix, str(value))

    add("", result)
    Console().print(table)

"""``skald bench``: the command lives with the benchmarks (the CLI's table names it by module,
so the CLI never imports the benchmarks; they sit above it)."""

from __future__ import annotations

from typing import Annotated

import typer

from skald.benchmarks import run_all
from skald.cli.common import Json, emit

app = typer.Typer()


@app.command()
def bench(
    quick: Annotated[bool, typer.Option(help="Fewer repetitions (a smoke run).")] = False,
    json: Json = False,
) -> None:
    """Benchmarks with baselines measured in the same run (see benchmarks/)."""
    results = run_all(quick=quick, echo=not json)
    emit(json, results, lambda: None)

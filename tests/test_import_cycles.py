"""No folder's modules form an import cycle, counting the imports inside functions.

Every module of ``domain/``, ``service/``, ``cli/`` and ``benchmarks/`` is parsed
(:mod:`tests.import_graph`: imports inside functions count, ``TYPE_CHECKING`` ones do not).
Feast's turn flow calls the occupation cards only through ``domain.feast.game.hooks`` (the
cards register into it when their package is imported), so no module of the game outside
``cards/`` imports a card module but the package ``__init__``, which imports them to register.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys

import pytest

from tests.import_graph import ROOT, Graph

DOMAIN = Graph("domain")
MODULES, GRAPH = DOMAIN.modules, DOMAIN.edges


def test_the_graph_sees_every_kind_of_import() -> None:
    assert "domain.feast.game.events" in GRAPH["domain.feast.game.flow"]  # from pkg import mod
    assert "domain.kernel.contract" in GRAPH["domain.feast.game"]  # from mod import name
    assert "domain.feast.game.cards.registry" in GRAPH["domain.feast.catalog"]  # in a function
    assert len(MODULES) > 100


@pytest.mark.parametrize("folder", ["domain", "service", "cli", "benchmarks"])
def test_no_folder_has_an_import_cycle(folder: str) -> None:
    graph = DOMAIN if folder == "domain" else Graph(folder, skip=("_generated",))
    cycle = graph.cycle()
    assert cycle is None, "import cycle:\n" + graph.explain(cycle or [])


def test_the_feast_flow_never_imports_the_cards() -> None:
    flow = [
        m
        for m in MODULES
        if m.startswith("domain.feast.game.") and not m.startswith("domain.feast.game.cards")
    ]
    reached = {
        m: sorted(t for t in GRAPH[m] if t.startswith("domain.feast.game.cards")) for m in flow
    }
    assert {m: t for m, t in reached.items() if t} == {}
    assert "domain.feast.game.cards" in GRAPH["domain.feast.game"]  # where the cards register


def test_any_feast_module_imported_first_fills_the_hooks() -> None:
    """A fresh interpreter per first import: the hooks are filled whichever module comes first."""
    check = "from domain.feast.game import hooks; hooks.cards.limited; hooks.grants.over"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    firsts = (
        "domain.feast.game.hooks",
        "domain.feast.game.turn",
        "domain.feast.game.evolve",
        "domain.feast.game.cards.effects",
        "domain.feast.catalog",
    )
    runs = {
        m: subprocess.Popen(
            [sys.executable, "-c", f"import {m}; {check}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for m in firsts
    }
    failed = {m: p.communicate()[1].strip().splitlines()[-1:] for m, p in runs.items()}
    assert {m: e for m, e in failed.items() if runs[m].returncode} == {}


@pytest.mark.parametrize(
    ("folder", "below"),
    [
        ("domain", ("service", "cli", "benchmarks", "tests")),
        ("service", ("cli", "benchmarks", "tests")),
    ],
)
def test_folders_import_one_way(folder: str, below: tuple[str, ...]) -> None:
    """The domain imports no adapter; the service no CLI, benchmark or test (counting imports
    inside functions, as the graph does)."""
    found = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        if "_generated" in path.parts:
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module]
                if isinstance(node, ast.ImportFrom) and node.module and not node.level
                else []
            )
            found += [
                f"{path.relative_to(ROOT)}:{node.lineno} {n}"
                for n in names
                if n.split(".")[0] in below
            ]
    assert found == []

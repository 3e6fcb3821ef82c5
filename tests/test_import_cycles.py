"""The modules of ``domain/`` form no import cycle, counting the imports inside functions.

Every module under ``domain/`` is parsed with ``ast``; every import is an edge — at module level
and inside functions (an import moved into a function to dodge a cycle only hides it) — except
those under ``if TYPE_CHECKING:``, which never run. ``from x import y`` is an edge to ``x.y``
where that is a module, else to ``x``; relative imports are resolved against the package.
Feast's turn flow calls the occupation cards only through ``domain.feast.game.hooks`` (the
cards register into it when their package is imported), so no module of the game outside
``cards/`` imports a card module but the package ``__init__``, which imports them to register.
Importing a submodule also runs its packages' ``__init__``: that implicit edge is not counted
(a package that imports its own submodules is the usual way to present them).
"""

from __future__ import annotations

import ast
import itertools
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOMAIN = ROOT / "domain"


def _modules() -> dict[str, tuple[Path, bool]]:
    found: dict[str, tuple[Path, bool]] = {}
    for path in sorted(DOMAIN.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if package else parts)] = (path, package)
    return found


MODULES = _modules()


def _type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _targets(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    if node.level:
        base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
        module = ".".join([*base, node.module] if node.module else base)
    else:
        module = node.module or ""
    return [f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module for a in node.names]


def _imports(module: str) -> dict[str, int]:
    """The ``domain`` modules ``module`` imports, each with the line of its first import."""
    path, is_package = MODULES[module]
    package = module if is_package else module.rpartition(".")[0]
    found: dict[str, int] = {}

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _type_checking(node):
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import | ast.ImportFrom):
            for target in _targets(node, package):
                if target in MODULES and target != module:
                    found.setdefault(target, node.lineno)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(path.read_text()))
    return found


GRAPH = {m: _imports(m) for m in MODULES}


def _cycle() -> list[str] | None:
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(GRAPH[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for module in MODULES:
        if module not in state and (found := walk(module)):
            return found
    return None


def _edges(cycle: list[str]) -> str:
    return "\n".join(
        f"  {a} → {b} ({MODULES[a][0].relative_to(ROOT)}:{GRAPH[a][b]})"
        for a, b in itertools.pairwise(cycle)
    )


def test_the_graph_sees_every_kind_of_import() -> None:
    assert "domain.feast.game.events" in GRAPH["domain.feast.game.flow"]  # from pkg import mod
    assert "domain.kernel.contract" in GRAPH["domain.feast.game"]  # from mod import name
    assert "domain.feast.game.cards.registry" in GRAPH["domain.feast.catalog"]  # in a function
    assert len(MODULES) > 100


def test_domain_modules_form_no_import_cycle() -> None:
    cycle = _cycle()
    assert cycle is None, "import cycle:\n" + _edges(cycle or [])


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

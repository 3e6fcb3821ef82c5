"""The service's modules form no import cycle, and each imports on its own.

The graph counts every import of a ``service`` module — at module level and inside functions
(a function-level import that closes a cycle only hides it) — except those under
``if TYPE_CHECKING:``, which never run. Layering is checked too: the use-case modules never
reach the facade or the composition root.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from tests.import_graph import find_cycle, type_checking

ROOT = Path(__file__).resolve().parent.parent
SERVICE = ROOT / "service"
MODULES = sorted(f"service.{p.stem}" for p in SERVICE.glob("*.py") if p.stem != "__init__")
USE_CASES = ("repository", "commands", "queries", "lifecycle", "audit", "policy", "folding")


def _imports(module: str) -> set[str]:
    tree = ast.parse((SERVICE / f"{module.split('.')[1]}.py").read_text())
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and type_checking(node):
            for branch in node.orelse:
                visit(branch)
            return
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("service."))
        elif isinstance(node, ast.ImportFrom) and node.module:
            if node.module == "service":
                found.update(f"service.{a.name}" for a in node.names)
            elif node.module.startswith("service."):
                found.add(".".join(node.module.split(".")[:2]))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {m for m in found if m in MODULES and m != module}


GRAPH = {m: _imports(m) for m in MODULES}


def test_the_graph_sees_the_imports() -> None:
    assert "service.repository" in GRAPH["service.commands"]
    assert "service.games" in MODULES and len(MODULES) > 15


def test_service_modules_form_no_import_cycle() -> None:
    assert find_cycle(GRAPH) is None, " → ".join(find_cycle(GRAPH) or [])


def test_use_cases_never_reach_the_facade_or_the_composition_root() -> None:
    for name in USE_CASES:
        reached: set[str] = set()
        todo = [f"service.{name}"]
        while todo:
            for nxt in GRAPH[todo.pop()] - reached:
                reached.add(nxt)
                todo.append(nxt)
        assert not reached & {"service.games", "service.bootstrap", "service.grpc_server"}, name


def test_each_module_imports_on_its_own() -> None:
    """A fresh interpreter per module: an import-order-dependent cycle fails here."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    runs = {
        m: subprocess.Popen(
            [sys.executable, "-c", f"import {m}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for m in MODULES
    }
    failed = {m: p.communicate()[1].strip().splitlines()[-1:] for m, p in runs.items()}
    assert {m: e for m, e in failed.items() if runs[m].returncode} == {}

"""The import graph of a folder of the project, read with ``ast``, for the layering tests.

Every import is an edge — at module level and inside functions (an import moved into a function
to dodge a cycle only hides it) — except those under ``if TYPE_CHECKING:``, which never run.
``from x import y`` is an edge to ``x.y`` where that is a module, else to ``x``; relative
imports are resolved against the package. Importing a submodule also runs its packages'
``__init__``: that implicit edge is not counted.
"""

from __future__ import annotations

import ast
import functools
import itertools
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


class Graph:
    """The modules under ``ROOT/folder`` for each of ``folders`` (named as installed:
    ``skald.folder.a.b``) and, for each, the modules among them it imports, with the line of the
    first import."""

    def __init__(self, *folders: str, skip: tuple[str, ...] = ("_generated",)) -> None:
        self.modules: dict[str, tuple[Path, bool]] = {}
        for folder in folders:
            for path in sorted((ROOT / folder).rglob("*.py")):
                parts = ["skald", *path.relative_to(ROOT).with_suffix("").parts]
                if any(part in skip for part in parts):
                    continue
                package = parts[-1] == "__init__"
                self.modules[".".join(parts[:-1] if package else parts)] = (path, package)
        self.edges: dict[str, dict[str, int]] = {m: self._imports(m) for m in self.modules}

    def _targets(self, node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
        if isinstance(node, ast.Import):
            return [a.name for a in node.names]
        if node.level:
            base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
            module = ".".join([*base, node.module] if node.module else base)
        else:
            module = node.module or ""
        return [
            f"{module}.{a.name}" if f"{module}.{a.name}" in self.modules else module
            for a in node.names
        ]

    def _imports(self, module: str) -> dict[str, int]:
        path, is_package = self.modules[module]
        package = module if is_package else module.rpartition(".")[0]
        found: dict[str, int] = {}

        def visit(node: ast.AST) -> None:
            if isinstance(node, ast.If) and type_checking(node):
                for branch in node.orelse:
                    visit(branch)
                return
            if isinstance(node, ast.Import | ast.ImportFrom):
                for target in self._targets(node, package):
                    if target in self.modules and target != module:
                        found.setdefault(target, node.lineno)
            for child in ast.iter_child_nodes(node):
                visit(child)

        visit(parsed(path))
        return found

    def cycle(self) -> list[str] | None:
        """One import cycle (its modules, the first repeated at the end), or ``None``."""
        return find_cycle(self.edges)

    def explain(self, cycle: list[str]) -> str:
        return "\n".join(
            f"  {a} → {b} ({self.modules[a][0].relative_to(ROOT)}:{self.edges[a][b]})"
            for a, b in itertools.pairwise(cycle)
        )


@functools.cache
def parsed(path: Path) -> ast.Module:
    """``path`` parsed once per process (the layering tests read every module more than once)."""
    return ast.parse(path.read_text())


def type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def find_cycle(graph: Mapping[str, Mapping[str, object] | set[str]]) -> list[str] | None:
    """A cycle of ``graph`` (module → the modules it imports), or ``None``."""
    state: dict[str, int] = {}  # 1: on the stack, 2: done
    stack: list[str] = []

    def walk(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := walk(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for module in graph:
        if module not in state and (found := walk(module)):
            return found
    return None

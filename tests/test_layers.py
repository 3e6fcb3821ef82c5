"""The package's layers, read from its folders: one way only, and no import cycle anywhere.

Every folder's ``__init__`` says in one line what it holds and, on a line ``Imports: …``, what
it may import besides itself. A module may import its own folder (with its subfolders) and what
the nearest folder above it that declares allows; a folder without the line follows the one
above it. The graph (:mod:`tests.import_graph`) counts imports inside functions and leaves out
``TYPE_CHECKING`` ones, which never run.

Feast's turn flow calls the occupation cards only through ``skald.domain.feast.game.hooks`` (the
cards register into it when their package is imported), so no module of the game outside
``cards/`` imports a card module but the package ``__init__``, which imports them to register.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys

from tests.import_graph import ROOT, Graph, parsed

FOLDERS = ("domain", "service", "cli", "tools", "benchmarks")
GRAPH_ALL = Graph(*FOLDERS)
MODULES, GRAPH = GRAPH_ALL.modules, GRAPH_ALL.edges
NOTHING = "nothing outside this folder"


def _declared() -> dict[str, tuple[str, ...]]:
    """Each package that declares what it may import → the allowed prefixes."""
    found: dict[str, tuple[str, ...]] = {}
    for module, (path, package) in MODULES.items():
        doc = ast.get_docstring(parsed(path)) if package else None
        for paragraph in (doc or "").split("\n\n"):
            if paragraph.startswith("Imports:"):
                text = " ".join(paragraph.removeprefix("Imports:").split()).rstrip(".")
                found[module] = () if text == NOTHING else tuple(t.strip() for t in text.split(","))
    return found


DECLARED = _declared()


def _under(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


def _governing(module: str) -> str:
    """The nearest package at or above ``module`` that declares its imports."""
    parts = module.split(".")
    for end in range(len(parts), 0, -1):
        if ".".join(parts[:end]) in DECLARED:
            return ".".join(parts[:end])
    raise LookupError(f"no folder above {module} says what it may import")


def test_every_role_folder_says_what_it_holds_and_may_import() -> None:
    folders = [m for m, (_, package) in MODULES.items() if package and len(m.split(".")) <= 3]
    assert [m for m in folders if m not in DECLARED] == []
    assert len(folders) >= 20
    assert DECLARED["skald.domain"] == () and DECLARED["skald.domain.kernel"] == ()
    assert [m for m in folders if not ast.get_docstring(parsed(MODULES[m][0]))] == []


def test_folders_import_one_way() -> None:
    """Every edge goes down: into the module's own folder or a folder it declares."""
    wrong = [
        f"{MODULES[a][0].relative_to(ROOT)}:{line} {a} → {b}"
        for a, targets in GRAPH.items()
        for b, line in targets.items()
        if not _under(b, (home := _governing(a)))
        and not any(_under(b, allowed) for allowed in DECLARED[home])
    ]
    assert wrong == []


def test_the_declared_layers_form_no_loop() -> None:
    """No folder may import one that may import it back (domain ← service ← cli ← tools ←
    benchmarks, and the folders inside service and cli likewise)."""
    loops = [
        (a, b)
        for a, allowed in DECLARED.items()
        for b in allowed
        if b in DECLARED and any(_under(a, x) for x in DECLARED[b])
    ]
    assert loops == []


def test_nothing_imports_the_bare_folder_names() -> None:
    """Installed, only ``skald`` exists: an import of ``service`` or ``cli`` would find another
    project's package, or none."""
    bare = {"domain", "service", "cli", "tools", "benchmarks"}
    paths = [p for f in (*FOLDERS, "tests") for p in sorted((ROOT / f).rglob("*.py"))]
    found = []
    for path in paths:
        if "_generated" in path.parts:
            continue
        for node in ast.walk(parsed(path)):
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
                if n.split(".")[0] in bare
            ]
    assert found == []


def test_the_graph_sees_every_kind_of_import() -> None:
    assert (
        "skald.domain.feast.game.events" in GRAPH["skald.domain.feast.game.flow"]
    )  # from pkg import mod
    assert (
        "skald.domain.kernel.contract" in GRAPH["skald.domain.feast.game"]
    )  # from mod import name
    assert (
        "skald.domain.feast.game.cards.registry" in GRAPH["skald.domain.feast.catalog"]
    )  # in a function
    assert "skald.service.store.repository" in GRAPH["skald.service.app.commands"]
    assert len(MODULES) > 250


def test_no_import_cycle_in_the_whole_package() -> None:
    cycle = GRAPH_ALL.cycle()
    assert cycle is None, "import cycle:\n" + GRAPH_ALL.explain(cycle or [])


def test_the_feast_flow_never_imports_the_cards() -> None:
    flow = [
        m
        for m in MODULES
        if m.startswith("skald.domain.feast.game.")
        and not m.startswith("skald.domain.feast.game.cards")
    ]
    reached = {
        m: sorted(t for t in GRAPH[m] if t.startswith("skald.domain.feast.game.cards"))
        for m in flow
    }
    assert {m: t for m, t in reached.items() if t} == {}
    assert (
        "skald.domain.feast.game.cards" in GRAPH["skald.domain.feast.game"]
    )  # where the cards register


def test_any_feast_module_imported_first_fills_the_hooks() -> None:
    """A fresh interpreter per first import: the hooks are filled whichever module comes first."""
    check = "from skald.domain.feast.game import hooks; hooks.cards.limited; hooks.grants.over"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    firsts = (
        "skald.domain.feast.game.hooks",
        "skald.domain.feast.game.turn",
        "skald.domain.feast.game.evolve",
        "skald.domain.feast.game.cards.effects",
        "skald.domain.feast.catalog",
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


USE_CASES = (
    "skald.service.store.repository",
    "skald.service.app.commands",
    "skald.service.app.queries",
    "skald.service.app.lifecycle",
    "skald.service.app.audit",
    "skald.service.app.policy",
    "skald.service.model.folding",
)


def test_use_cases_never_reach_the_facade_or_the_composition_root() -> None:
    for name in USE_CASES:
        reached: set[str] = set()
        todo = [name]
        while todo:
            for nxt in set(GRAPH[todo.pop()]) - reached:
                reached.add(nxt)
                todo.append(nxt)
        assert not reached & {
            "skald.service.app.games",
            "skald.service.bootstrap",
            "skald.service.grpc.server",
        }, name


def test_each_service_module_imports_on_its_own() -> None:
    """A fresh interpreter per module: an import-order-dependent cycle fails here."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    service = [m for m in MODULES if m.startswith("skald.service.") and not MODULES[m][1]]
    runs = {
        m: subprocess.Popen(
            [sys.executable, "-c", f"import {m}"],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        for m in service
    }
    failed = {m: p.communicate()[1].strip().splitlines()[-1:] for m, p in runs.items()}
    assert {m: e for m, e in failed.items() if runs[m].returncode} == {}

"""Two games of one origin on one page: where one forks the other, and where they part.

The divergence is the service's (``skald.service.app.audit.diff``, what ``skald diff`` prints): the
first event at which the two records differ. The fork point is the version the later game
was forked at, read from its ``skald.GameCreated`` (``forked_from``), when one game is a fork
of the other; two games of one seed that were never forked have none, only a divergence.
"""

from __future__ import annotations

from typing import Any

from skald.cli.html.source import Source


def fork_point(a: Source, b: Source) -> int | None:
    """The version at which one game was forked from the other, if it was."""
    from skald.domain.kernel.records import GameCreated
    from skald.service.model.records import read_kernel

    ca, cb = (read_kernel(s.records[0], GameCreated) for s in (a, b))
    if cb.forked_from is not None and cb.forked_from.game_id == ca.game_id:
        return int(cb.forked_from.version)
    if ca.forked_from is not None and ca.forked_from.game_id == cb.game_id:
        return int(ca.forked_from.version)
    return None


def diff_marks(a: Source, b: Source) -> dict[str, Any]:
    """What the page marks: ``fork`` and ``diverge`` versions and a one-line summary."""
    from skald.service.app.audit import diff

    report = diff(a.records, b.records, a.label, b.label)
    fork = fork_point(a, b)
    diverge = report["first_different_event"]
    scores = report["scores"]
    parts = [f"A: {a.label} ({len(a.records)} events)", f"B: {b.label} ({len(b.records)} events)"]
    if fork is not None:
        parts.append(f"fork point v{fork}")
    if diverge is not None:
        ra, rb = a.records[diverge - 1], b.records[diverge - 1]
        parts.append(f"first difference at v{diverge}: A {ra.type}, B {rb.type}")
    else:
        parts.append(f"no divergence: {report['common_prefix']} events in common")
    if scores["a"] is not None or scores["b"] is not None:
        parts.append(f"scores A {_scores(scores['a'])} · B {_scores(scores['b'])}")
    return {
        "fork": fork,
        "diverge": diverge,
        "common_prefix": report["common_prefix"],
        "summary": " · ".join(parts),
    }


def _scores(scores: list[int] | None) -> str:
    """Final scores as the page reads them (``7-2-9-7``); a game still running has none."""
    return "-".join(map(str, scores)) if scores is not None else "still running"

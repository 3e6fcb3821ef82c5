"""``skald diff`` for people: two games of the same game and rules compared — where they part
(the two moves, in notation, and their seats), the two boards side by side there, and a short
list of what differs at their ends in the game's words (``cli/diffing_<game>.py``).

The comparison itself is ``skald.service.app.audit.diff`` (its payload is the ``--json`` structure, with
``divergence`` and ``differences`` added here). Games that cannot be compared — different
games, rules versions or player counts — are refused before anything is compared."""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text

from skald.cli.draw.render import draw_view
from skald.cli.records.timeline import Move, Timeline
from skald.cli.words.diffing_words import End
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.records import GameCreated
from skald.service.model.records import CREATED, Record, read_kernel

SHOWN = 40
"""Lines of the closing list printed; ``--json`` has them all."""


def refuse_unlike(label_a: str, a: Sequence[Record], label_b: str, b: Sequence[Record]) -> None:
    """Two games are compared only when the same rules judged both (read from their first
    records, before anything is folded)."""
    from skald.service.bootstrap import registry

    ca, cb = (_created(label, records) for label, records in ((label_a, a), (label_b, b)))
    if ca.game != cb.game:
        title_a, title_b = (registry().entry(c.game).title for c in (ca, cb))
        raise Malformed(
            "diff/different-games",
            f"{label_a} is {title_a} and {label_b} is {title_b}: "
            "only two games of the same game can be compared",
        )
    if ca.rules_version != cb.rules_version:
        raise Malformed(
            "diff/different-rules",
            f"{label_a} was played under rules {ca.rules_version} and {label_b} under "
            f"{cb.rules_version}: the same commands need not mean the same there",
        )
    if ca.players != cb.players:
        raise Malformed(
            "diff/different-players",
            f"{label_a} has {ca.players} players and {label_b} {cb.players}: "
            "their boards differ from the start",
        )


def _created(label: str, records: Sequence[Record]) -> GameCreated:
    if not records or records[0].type != CREATED:
        raise Malformed("record/no-created", f"{label} does not start with {CREATED}")
    return read_kernel(records[0], GameCreated)


def _side(t: Timeline, version: int) -> dict[str, Any]:
    """The move holding ``version`` (the first record the two games disagree on)."""
    move = t.move_at(version)
    return {
        "version": version,
        "event": t.records[version - 1].type,
        "seat": move.seat,
        "command_id": move.command_id,
        "command": move.command,
        "move": t.text(move),
        "move_versions": [move.first, move.last],
    }


def _end(t: Timeline) -> End:
    state = t.states[t.version]
    outcome = t.rules.outcome(state)
    return End(
        to_data(t.rules.view(state, None)),
        [to_data(t.rules.view(state, s)) for s in range(t.players)],
        list(outcome.scores) if outcome else None,
    )


def differences(a: Timeline, b: Timeline, payload: dict[str, Any]) -> list[str]:
    """What differs at the two ends, in the game's words; a game without its own list gets
    the changed paths of the views."""
    try:
        module = importlib.import_module(f"{__package__}.diffing_{a.game}")
    except ModuleNotFoundError as error:
        if error.name != f"{__package__}.diffing_{a.game}":
            raise
        return [f"{c['path']}: {c['a']!r} → {c['b']!r}" for c in payload["state_differences"]]
    lines: list[str] = module.differences(_end(a), _end(b))
    return lines


def enrich(a: Timeline, b: Timeline, payload: dict[str, Any]) -> dict[str, Any]:
    """The service's diff payload plus the game, the divergence's two moves and the list."""
    common = payload["common_prefix"]
    divergence = None
    if payload["first_divergence"] is not None:
        divergence = {
            "version": common,
            "a": _side(a, common + 1),
            "b": _side(b, common + 1),
        }
    return {
        **payload,
        "game": a.game,
        "rules_version": a.created.rules_version,
        "players": a.players,
        "divergence": divergence,
        "differences": differences(a, b, payload),
    }


def draw(a: Timeline, b: Timeline, report: dict[str, Any], seat: int | None) -> RenderableType:
    """The human form: the parting, the boards side by side, the closing list."""
    parts: list[RenderableType] = [
        Text.assemble(
            ("a ", "bold"),
            a.label,
            ("  b ", "bold"),
            b.label,
            (f"  ({a.rules.title}, rules {a.created.rules_version}, {a.players} players)", "dim"),
        )
    ]
    divergence = report["divergence"]
    if divergence is None:
        parts.append(_no_divergence(a, b, report["common_prefix"]))
        at_a, at_b = a.version, b.version
    else:
        common = divergence["version"]
        parts.append(Text(f"the games agree up to v{common} and part at v{common + 1}:", "bold"))
        parts += [_side_line("a", divergence["a"]), _side_line("b", divergence["b"])]
        if divergence["a"]["command_id"] == divergence["b"]["command_id"] and (
            divergence["a"]["command"] == divergence["b"]["command"]
        ):
            parts.append(Text("  the same command made different events (chance differs)"))
        at_a = a.move_at(common + 1).last
        at_b = b.move_at(common + 1).last
    parts.append(
        Columns(
            [_board("a", a, at_a, seat), _board("b", b, at_b, seat)], padding=(0, 2), expand=False
        )
    )
    lines = report["differences"]
    head = f"what differs at the end (a at v{a.version} → b at v{b.version})"
    parts.append(Text(f"{head}:" if lines else f"{head}: nothing", style="bold"))
    parts += [Text(f"  {line}") for line in lines[:SHOWN]]
    if len(lines) > SHOWN:
        parts.append(Text(f"  … {len(lines) - SHOWN} more (--json lists them all)", "dim"))
    return Group(*parts)


def _no_divergence(a: Timeline, b: Timeline, common: int) -> Text:
    if a.version == b.version:
        return Text(f"no divergence: the games are the same ({a.version} events)", "bold")
    longer, shorter = ("b", "a") if b.version > a.version else ("a", "b")
    return Text(
        f"no divergence: {longer} goes on where {shorter} stops (common prefix {common}; "
        f"a has {a.version}, b has {b.version} events)",
        "bold",
    )


def _side_line(name: str, side: dict[str, Any]) -> Text:
    seat = "setup" if side["seat"] is None else f"seat {side['seat']}"
    first, last = side["move_versions"]
    span = f"v{first}" if first == last else f"v{first}–{last}"
    return Text.assemble(
        (f"  {name}  ", "bold"),
        (f"{span:<10}", "bold"),
        (f"{seat:<8}", "cyan"),
        (f"{side['command_id'][:10]:<11}", "dim"),
        (side["move"], "bold magenta"),
        (f"   first different event: v{side['version']} {side['event']}", "dim"),
    )


def _board(name: str, t: Timeline, version: int, seat: int | None) -> RenderableType:
    move: Move = t.move_at(version)
    title = Text.assemble((f"{name}: ", "bold"), f"{t.label} at v{version}, after ")
    if move.seat is not None:
        title.append(f"seat {move.seat}: ", style="cyan")
    title.append(t.text(move), style="bold magenta")
    return Group(title, draw_view(t.result(version, seat)))

"""What the replay browser draws, as rich renderables: the move list's rows, the board at a
version for one viewer, the events of the move under the cursor, the status line.

Kept apart from the Textual app (``cli/tui/browser.py``) so each part is a plain function of the
timeline, a version and a viewer, and reads the same whether a test or a terminal draws it."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from rich.console import Console, Group, RenderableType
from rich.markup import escape
from rich.segment import Segment
from rich.text import Text

from skald.cli.draw.render import draw_view, record_line
from skald.cli.records.timeline import Move, Timeline
from skald.cli.words.disputes import dispute_lines


@dataclass(frozen=True, slots=True)
class Viewer:
    """Whose eyes the board is drawn with: the public (``seat`` None), one seat, or the
    referee (every seat's view, and every move and event unredacted)."""

    seat: int | None = None
    referee: bool = False

    @property
    def label(self) -> str:
        if self.referee:
            return "referee (every seat)"
        return "public" if self.seat is None else f"seat {self.seat}"


def flat(renderable: RenderableType, width: int) -> list[list[Segment]]:
    """``renderable`` laid out once at ``width``, as lines of styled segments: the screen then
    only copies lines instead of measuring the board's nested tables on every repaint."""
    console = Console(width=width, force_terminal=True, color_system="truecolor")
    return console.render_lines(renderable, console.options, pad=False)


def viewers(players: int) -> list[Viewer]:
    """The cycle ``s`` walks: public, each seat, the referee."""
    return [Viewer(), *(Viewer(s) for s in range(players)), Viewer(None, True)]


def move_rows(timeline: Timeline, viewer: Viewer) -> Iterator[tuple[str, str, str, str, str]]:
    """(round, versions, seat, command id, move) per move, the round only where it changes."""
    last_round: int | None = -1
    for move in timeline.moves:
        shown_round = "" if move.round == last_round else _round_label(move.round)
        last_round = move.round
        span = f"{move.first}" if move.first == move.last else f"{move.first}–{move.last}"
        seat = "—" if move.seat is None else str(move.seat)
        text = timeline.text(move, viewer.seat, viewer.referee)
        if disputed(timeline, move):
            text = f"{DISPUTE_MARK} {text}"
        yield shown_round, span, seat, move.command_id[:10], text


DISPUTE_MARK = "⚑"
"""Marks a move whose versions a dispute names (the list, the events pane)."""


def disputed(timeline: Timeline, move: Move) -> list[dict[str, Any]]:
    """The disputes naming a version of ``move``."""
    return [d for d in timeline.disputes if move.first <= d["at_version"] <= move.last]


def dispute_versions(timeline: Timeline) -> list[int]:
    """The versions disputes name, in order (``d`` jumps to the next)."""
    return sorted({int(d["at_version"]) for d in timeline.disputes})


def _round_label(value: int | None) -> str:
    return "setup" if not value else str(value)


def board(timeline: Timeline, version: int, viewer: Viewer) -> RenderableType:
    """The game drawn at ``version``: one view, or for the referee every seat's view."""
    if not viewer.referee:
        return draw_view(timeline.result(version, viewer.seat))
    return Group(
        Text("the referee sees every seat's view:", style="bold"),
        *(draw_view(timeline.result(version, s)) for s in range(timeline.players)),
    )


def events(timeline: Timeline, version: int, viewer: Viewer) -> RenderableType:
    """The move holding ``version``: its text, then its events as ``viewer`` is served them,
    ``▶`` at ``version`` (those after it are not applied to the board yet: dim)."""
    move = timeline.move_at(version)
    head = Text.assemble(
        (f"move {move.index + 1}/{len(timeline.moves)}  ", "bold"),
        (_who(move), "cyan"),
        "  ",
        (timeline.text(move, viewer.seat, viewer.referee), "bold magenta"),
        (f"  [{move.command_id}]", "dim"),
    )
    lines: list[RenderableType] = [head]
    for record in timeline.events(move, viewer.seat, viewer.referee):
        line = Text("▶ " if record.version == version else "  ")
        line.append_text(record_line(record))
        if record.version > version:
            line.stylize("dim")
        line.no_wrap = True
        line.overflow = "ellipsis"
        lines.append(line)
    for d in disputed(timeline, move):  # the text is the user's: Text, never markup
        lines.append(Text(f"{DISPUTE_MARK} dispute (public, beside the game's records):", "bold"))
        lines.extend(dispute_lines(d))
    return Group(*lines)


def _who(move: Move) -> str:
    return "setup" if move.seat is None else f"seat {move.seat}"


def status(
    timeline: Timeline, version: int, viewer: Viewer, verified: str, prompt: str = ""
) -> Text:
    """The status line: where we are, whose view, and what verification said."""
    move = timeline.move_at(version)
    where = f"v{version}/{timeline.version}"
    if move.first <= version < move.last:
        where += f" (inside move {move.index + 1}: v{move.first}–{move.last})"
    round_ = timeline.round_at(version)
    out = Text.assemble(
        (where, "bold"),
        f"  round {_round_label(round_)}  ",
        ("view: ", "dim"),
        (viewer.label, "bold cyan"),
        ("  verify: ", "dim"),
        Text.from_markup(verified),
    )
    if timeline.disputes:
        ruled = sum(1 for d in timeline.disputes if d.get("ruling") is not None)
        out.append(f"  {DISPUTE_MARK} {len(timeline.disputes)} dispute(s), {ruled} ruled", "yellow")
    if prompt:
        out.append(f"  {prompt}", style="yellow")
    return out


def verify_markup(report: dict[str, Any]) -> str:
    """A verify report in one line (markup)."""
    if report.get("ok"):
        checked = escape(", ".join(report.get("checked", [])))
        notes = f"; {len(report['notes'])} note(s)" if report.get("notes") else ""
        return f"[bold green]✓ verified[/] ({checked}{notes})"
    return f"[bold red]✗ FAILED at v{report.get('first_bad')}[/]: {escape(str(report.get('problem', '')))}"


def round_starts(timeline: Timeline) -> dict[int, Move]:
    """Each round's first move (round 0 is the setup)."""
    out: dict[int, Move] = {}
    for move in timeline.moves:
        out.setdefault(move.round or 0, move)
    return out

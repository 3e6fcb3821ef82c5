"""Drawing views and records for people (rich). Games may add their own drawing in
``cli/render_<game>.py`` exposing ``draw(view: dict) -> RenderableType``; the generic drawing
below serves any view: scalars as fields, lists of records as tables."""

from __future__ import annotations

import importlib
import json
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text
from rich.tree import Tree

from skald.domain.kernel.errors import Malformed
from skald.service.bootstrap import registry
from skald.service.client import ViewResult, view_json
from skald.service.model.records import Record


def _scalar(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(_scalar(v) for v in value) if value else "—"
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _is_flat(value: Any) -> bool:
    return not isinstance(value, dict | list) or (
        isinstance(value, list) and all(not isinstance(v, dict | list) for v in value)
    )


def generic(data: Any, label: str = "view") -> RenderableType:
    tree = Tree(Text(label, style="bold"))
    _grow(tree, data)
    return tree


def _grow(node: Tree, data: Any) -> None:
    if isinstance(data, dict):
        for key, value in data.items():
            if _is_flat(value):
                node.add(Text.assemble((f"{key}: ", "cyan"), _scalar(value)))
            elif (
                isinstance(value, list)
                and value
                and all(isinstance(v, dict) for v in value)
                and all(all(_is_flat(x) for x in v.values()) for v in value)
            ):
                table = Table(show_header=True, header_style="bold", box=None, pad_edge=False)
                keys = list(value[0].keys())
                for k in keys:
                    table.add_column(k)
                for row in value:
                    table.add_row(*(_scalar(row.get(k)) for k in keys))
                node.add(Group(Text(key, style="cyan"), table))
            else:
                _grow(node.add(Text(key, style="cyan")), value)
    elif isinstance(data, list):
        for i, value in enumerate(data):
            if _is_flat(value):
                node.add(_scalar(value))
            else:
                _grow(node.add(Text(f"[{i}]", style="dim")), value)
    else:
        node.add(_scalar(data))


def draw_view(result: ViewResult) -> RenderableType:
    data = view_json(result)
    who = "the public (spectator view)" if result.seat is None else f"seat {result.seat}"
    status = (
        "finished" if result.outcome else f"to act: {', '.join(map(str, result.to_act)) or '—'}"
    )
    head = Text.assemble(
        (registry().entry(result.game).title, "bold"),
        f"  v{result.version}  ",
        (status, "yellow"),
        f"  as {who}",
    )
    body: RenderableType
    try:
        module = importlib.import_module(f"{__package__}.render_{result.game}")
        body = module.draw(data["view"])
    except ModuleNotFoundError:
        body = generic(data["view"])
    parts: list[RenderableType] = [head, body]
    if result.outcome:
        winners = ", ".join(f"seat {w}" for w in result.outcome.winners)
        parts.append(
            Text(f"scores {list(result.outcome.scores)} — winner: {winners}", style="bold green")
        )
    return Panel(Group(*parts), expand=False)


def write_svg(result: ViewResult, path: str) -> None:
    """Write the view as a standalone SVG picture (``cli/draw/svg_draw.py``, every game)."""
    from skald.cli.draw.svg_draw import draw, has_drawing

    if not has_drawing(result.game):
        title = registry().entry(result.game).title
        raise Malformed("show/no-svg", f"{title} has no SVG drawing")
    picture = draw(result.game, view_json(result)["view"], result.seat, standalone=True)
    try:
        with open(path, "w", encoding="utf-8") as out:
            out.write(picture)
    except OSError as exc:
        raise Malformed("show/svg-file", f"cannot write {path}: {exc.strerror}") from None


def record_line(record: Record) -> Text:
    seat = "—" if record.seat is None or record.seat < 0 else str(record.seat)
    data = json.dumps(record.data, ensure_ascii=False, separators=(",", ":"))
    if len(data) > 110:
        data = data[:107] + "…"
    cmd = ""
    if record.command is not None:
        cmd = f"  ⟵ {record.command['type']}"
        if "data" in record.command:
            cmd += json.dumps(record.command["data"], separators=(",", ":"))
    line = Text.assemble(
        (f"v{record.version:<5}", "bold"),
        (f"seat {seat:<2} ", "cyan"),
        (f"{record.type:<22}", "green"),
        (f"{record.command_id[:8]:<9}", "dim"),
        data,
        (cmd, "magenta"),
    )
    line.no_wrap = True
    line.overflow = "ellipsis"
    return line

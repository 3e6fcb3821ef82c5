"""The replay page itself: one HTML file holding its style, script, data and pictures.

Nothing is fetched when the page opens: ``viewer_assets/viewer.css``, ``viewer_pane.js`` and
``viewer.js`` are read here and written inline, and the pictures of every event and series
are drawn now (:mod:`skald.cli.html.draw`) and stored once each (:mod:`skald.cli.html.pack`). The page data is JSON in a
``<script type="application/json">`` element with every ``<`` escaped, so no name in a game
can end that element.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from importlib import resources
from typing import Any

from skald.cli.html.draw import draw_all, undrawn
from skald.cli.html.frames import GameFrames
from skald.cli.html.pack import Packer

PLACEHOLDER = re.compile(r"\{\{(\w+)\}\}")


def asset(name: str) -> str:
    """One file of ``cli/html/assets`` (package data)."""
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def stamped(report: dict[str, Any]) -> dict[str, Any]:
    """A verify report with the time it was computed (the page says when)."""
    return {**report, "at": datetime.now(UTC).replace(microsecond=0).isoformat()}


def game_data(
    games: Sequence[GameFrames], workers: int | None = None
) -> tuple[list[dict[str, Any]], Packer, int]:
    """Each game's page data with its pictures drawn (the games' views at once, so a diff
    starts its drawing processes once) and packed into one shared table; and how many views
    could not be drawn."""
    items = [(g.game, item) for g in games for s in g.series for item in g.views[s.key]]
    drawn: list[str] = [""] * len(items)
    for name in dict.fromkeys(game for game, _ in items):
        where = [i for i, (game, _) in enumerate(items) if game == name]
        for i, svg in zip(
            where, draw_all(name, [items[i][1] for i in where], workers), strict=True
        ):
            drawn[i] = svg
    failed = len(undrawn(drawn))
    pictures = iter(drawn)
    packer = Packer()
    out: list[dict[str, Any]] = []
    for game in games:
        roots: dict[str, list[int | str]] = {
            s.key: [packer.add(next(pictures)) for _ in game.views[s.key]] for s in game.series
        }
        out.append(game.to_json(roots))
    return out, packer, failed


def render(data: dict[str, Any], title: str, note: str) -> str:
    """The HTML document for page ``data`` (``mode``, ``games``, ``nodes``, ...)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("<", "\\u003c")
    values = {
        "title": html.escape(title),
        "note": html.escape(note),
        "css": asset("viewer.css"),
        "js": asset("viewer_pane.js") + asset("viewer.js"),
        "data": text,
    }
    return PLACEHOLDER.sub(lambda m: values[m.group(1)], asset("page.html"))


def build(
    games: Sequence[GameFrames],
    title: str,
    note: str,
    extra: dict[str, Any] | None = None,
    workers: int | None = None,
) -> tuple[str, int]:
    """A whole page: ``games`` (one, or two for a diff) drawn, packed and rendered; and how
    many views could not be drawn (each shown as a stand-in naming its error)."""
    mode = "diff" if len(games) > 1 else "single"
    datas, packer, failed = game_data(games, workers)
    data: dict[str, Any] = {"mode": mode, "games": datas, "nodes": packer.payload()}
    data.update(extra or {})
    return render(data, title, note), failed

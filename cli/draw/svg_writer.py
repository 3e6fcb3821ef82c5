"""Building SVG pictures as strings, with the standard library only.

Elements are strings; a ``Block`` is a drawn part in its own coordinates with its size, and
``flow``/``stack`` place blocks beside or under each other. Text is escaped
(``xml.sax.saxutils``), so a name can never break the document. ``document`` wraps a block in
one ``<svg>`` element that embeds inline in HTML: the font family is set once on it, a
``<style>`` scoped to the picture's class holds repeated styles (a Feast board has hundreds of
squares), and nothing refers outside the element (no fonts, images or links).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any
from xml.sax.saxutils import escape, quoteattr

GAP = 18
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SEAT_COLOURS = ("#0f8b8d", "#b5179e", "#e8590c", "#495057", "#8d5524")
"""Seat markers, the same in every game; drawn with the seat number, never by colour alone."""
INK = "#222"
MUTED = "#666"


def num(v: float) -> str:
    """Coordinates without needless decimals: ``12``, ``12.5``."""
    if isinstance(v, int):
        return str(v)
    r = round(v, 1)
    return str(int(r)) if r.is_integer() else f"{r:.1f}"


def attrs(**kw: str | float | None) -> str:
    """`` name='value'`` pairs; ``cls`` is ``class``, ``_`` becomes ``-``, ``None`` is left out."""
    out = []
    for key, value in kw.items():
        if value is None:
            continue
        name = "class" if key == "cls" else key.replace("_", "-")
        shown = num(value) if isinstance(value, int | float) else value
        out.append(f" {name}={quoteattr(shown)}")
    return "".join(out)


def title(s: str) -> str:
    """A ``<title>`` child: what a screen reader (and a hover) says about its parent."""
    return f"<title>{escape(s)}</title>"


def text(x: float, y: float, s: str, size: float = 12, **kw: str | float | None) -> str:
    return (
        f"<text x='{num(x)}' y='{num(y)}' font-size='{num(size)}'{attrs(**kw)}>{escape(s)}</text>"
    )


def rect(x: float, y: float, w: float, h: float, fill: str | None, **kw: str | float | None) -> str:
    return (
        f"<rect x='{num(x)}' y='{num(y)}' width='{num(w)}' height='{num(h)}'"
        f"{attrs(fill=fill, **kw)}/>"
    )


def circle(cx: float, cy: float, r: float, fill: str, **kw: str | float | None) -> str:
    return f"<circle cx='{num(cx)}' cy='{num(cy)}' r='{num(r)}'{attrs(fill=fill, **kw)}/>"


def line(x1: float, y1: float, x2: float, y2: float, **kw: str | float | None) -> str:
    return f"<line x1='{num(x1)}' y1='{num(y1)}' x2='{num(x2)}' y2='{num(y2)}'{attrs(**kw)}/>"


def group(parts: Iterable[str], label: str | None = None, **kw: str | float | None) -> str:
    """``<g>`` around ``parts``, with a ``<title>`` first when ``label`` is given."""
    head = title(label) if label else ""
    return f"<g{attrs(**kw)}>{head}{''.join(parts)}</g>"


def width_of(s: str, size: float) -> float:
    """A generous estimate of a text's width in the sans-serif font."""
    return len(s) * size * 0.6


def clip(s: str, size: float, width: float) -> str:
    """``s`` cut with ``…`` to fit ``width``."""
    most = max(1, int(width / (size * 0.6)))
    return s if len(s) <= most else s[: most - 1] + "…"


def wrap(s: str, size: float, width: float) -> list[str]:
    """Words of ``s`` in lines that fit ``width``."""
    most = max(4, int(width / (size * 0.58)))
    out: list[str] = []
    current = ""
    for word in s.split():
        if current and len(current) + 1 + len(word) > most:
            out.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    return [*out, current] if current else out


def seats_merged(views: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The referee's view for games whose view lists every seat under ``players``: seat ``s``'s
    entry taken from ``views[s]`` (the only view holding that seat's secrets)."""
    out = dict(views[0], viewer=None, referee=True)
    players = list(out.get("players") or ())
    for s, v in enumerate(views):
        if s < len(players) and s < len(v.get("players") or ()):
            players[s] = v["players"][s]
    out["players"] = players
    return out


def viewer_words(view: dict[str, Any], seat: int | None) -> str:
    """Whose view a drawing shows: ``seat 2``, ``the public`` or ``the referee``."""
    if view.get("referee"):
        return "the referee (every hand)"
    return "the public" if seat is None else f"seat {seat}"


def seat_chip(x: float, y: float, seat: int, r: float = 9) -> str:
    """A seat's marker: a disc in the seat colour with its number."""
    fill = SEAT_COLOURS[seat % len(SEAT_COLOURS)]
    return circle(x, y, r, fill, stroke="#fff", stroke_width=1.2) + text(
        x, y + r * 0.42, str(seat), r * 1.15, fill="#fff", font_weight="bold", text_anchor="middle"
    )


class Block:
    """A drawn part: its SVG elements in local coordinates and its size."""

    def __init__(self, parts: list[str], width: float, height: float) -> None:
        self.parts, self.width, self.height = parts, width, height

    def at(self, x: float, y: float) -> str:
        if not x and not y:
            return f"<g>{''.join(self.parts)}</g>"
        return f"<g transform='translate({num(x)},{num(y)})'>{''.join(self.parts)}</g>"

    def titled(self, label: str, **kw: str | float | None) -> Block:
        """The same block as one group with a ``<title>`` (and attributes)."""
        return Block([group(self.parts, label, **kw)], self.width, self.height)


def heading(s: str, size: float = 15, width: float = 0) -> Block:
    return Block(
        [text(0, size, s, size, font_weight="bold")], max(width, width_of(s, size)), size + 8
    )


def lines(rows: list[tuple[str, str]], width: float, label_width: float = 120) -> Block:
    """Label/value lines of text; a long value wraps."""
    parts = []
    y = 0.0
    for label, value in rows:
        parts.append(text(0, y + 16, label, 13, font_weight="bold"))
        for chunk in wrap(value, 13, width - label_width) or [""]:
            y += 18
            parts.append(text(label_width, y - 2, chunk, 13))
    return Block(parts, width, y + 6)


def flow(blocks: list[Block], max_width: float, gap: float = GAP) -> Block:
    """Blocks left to right, wrapping at ``max_width``."""
    parts: list[str] = []
    x = y = row_h = width = 0.0
    for b in blocks:
        if x and x + b.width > max_width:
            x, y, row_h = 0.0, y + row_h + gap, 0.0
        parts.append(b.at(x, y))
        width = max(width, x + b.width)
        x += b.width + gap
        row_h = max(row_h, b.height)
    return Block(parts, width, y + row_h)


def stack(blocks: list[Block], gap: float = 8) -> Block:
    parts, y, width = [], 0.0, 0.0
    for b in blocks:
        parts.append(b.at(0, y))
        y += b.height + gap
        width = max(width, b.width)
    return Block(parts, width, max(0.0, y - gap))


def document(
    body: Block,
    label: str,
    cls: str,
    style: str = "",
    background: str = "#fbf8f0",
    pad: float = 16,
) -> str:
    """One ``<svg>`` element for ``body``: ``label`` is its ``<title>``, ``cls`` its class
    (``skald-<game>``); ``style`` is CSS whose rules the caller scopes to ``.cls`` (inline in a
    page, an SVG's style applies to the whole page). ``role='group'`` with ``aria-label`` lets
    a screen reader walk into the parts, each named by its own ``<title>``."""
    w, h = body.width + 2 * pad, body.height + 2 * pad
    css = f"<style>{escape(style)}</style>" if style else ""
    return (
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{num(w)}' height='{num(h)}'"
        f" viewBox='0 0 {num(w)} {num(h)}' class='skald {cls}' role='group'"
        f" aria-label={quoteattr(label)} font-family={quoteattr(FONT)} fill='{INK}'>"
        f"{title(label)}{css}{rect(0, 0, w, h, background)}{body.at(pad, pad)}</svg>"
    )


def scores_block(view: dict[str, Any], unit: str, width: float, per_row: int = 6) -> Block | None:
    """The final scores, one box a seat, the winners ringed and starred; ``None`` before the
    end. Each box's title says ``seat N: S <unit>``."""
    scores = list(view.get("scores") or ())
    if not scores:
        return None
    winners = set(view.get("winners") or ())
    parts = [text(0, 18, "Final scores", 18, font_weight="bold", fill="#2b7a0b")]
    for s, score in enumerate(scores):
        won = s in winners
        x, y = (s % per_row) * 172, 28 + (s // per_row) * 44
        box = [
            rect(
                x,
                y,
                164,
                38,
                "#eaf6e4" if won else "#fff",
                rx=6,
                stroke="#2b7a0b" if won else "#bbb",
                stroke_width=2 if won else 1,
            ),
            seat_chip(x + 18, y + 19, s, 10),
            text(x + 34, y + 25, f"seat {s}: {score}", 16, font_weight="bold"),
        ]
        if won:
            box.append(text(x + 156, y + 25, "★", 16, fill="#2b7a0b", text_anchor="end"))
        said = f"seat {s}: {score} {unit}" + (", winner" if won else "")
        parts.append(group(box, said, cls="score", data_seat=str(s)))
    rows = (len(scores) + per_row - 1) // per_row
    return Block(parts, width, 28 + 44 * rows)

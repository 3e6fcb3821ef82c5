"""Building SVG documents as strings, with the standard library only.

Elements are strings; a ``Block`` is a drawn part in its own coordinates with its size, and
``flow``/``stack`` place blocks beside or under each other. Text is escaped
(``xml.sax.saxutils``), so a name can never break the document.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

GAP = 18
FONT = "font-family='DejaVu Sans, Verdana, sans-serif'"


def text(x: float, y: float, s: str, size: int = 12, **attrs: str) -> str:
    extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in attrs.items())
    return f"<text x='{x:.1f}' y='{y:.1f}' font-size='{size}' {FONT}{extra}>{escape(s)}</text>"


def rect(x: float, y: float, w: float, h: float, fill: str, **attrs: str) -> str:
    extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in attrs.items())
    return f"<rect x='{x:.1f}' y='{y:.1f}' width='{w:.1f}' height='{h:.1f}' fill='{fill}'{extra}/>"


class Block:
    """A drawn part: its SVG elements in local coordinates and its size."""

    def __init__(self, parts: list[str], width: float, height: float) -> None:
        self.parts, self.width, self.height = parts, width, height

    def at(self, x: float, y: float) -> str:
        return f"<g transform='translate({x:.1f},{y:.1f})'>{''.join(self.parts)}</g>"


def lines(rows: list[tuple[str, str]], width: float) -> Block:
    """Label/value lines of text."""
    parts = []
    y = 0.0
    for label, value in rows:
        y += 18
        parts.append(text(0, y, label, 13, font_weight="bold"))
        parts.append(text(120, y, value, 13))
    return Block(parts, width, y + 6)


def flow(blocks: list[Block], max_width: float) -> Block:
    """Blocks left to right, wrapping at ``max_width``."""
    parts: list[str] = []
    x = y = row_h = width = 0.0
    for b in blocks:
        if x and x + b.width > max_width:
            x, y, row_h = 0.0, y + row_h + GAP, 0.0
        parts.append(b.at(x, y))
        x += b.width + GAP
        row_h = max(row_h, b.height)
        width = max(width, x)
    return Block(parts, width, y + row_h)


def stack(blocks: list[Block], gap: float = 8) -> Block:
    parts, y, width = [], 0.0, 0.0
    for b in blocks:
        parts.append(b.at(0, y))
        y += b.height + gap
        width = max(width, b.width)
    return Block(parts, width, y)

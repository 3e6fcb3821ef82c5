"""A Feast for Odin's boards as SVG: every square as ``skald.cli.draw.feast_boards`` lays it out and every
placed tile over them.

Printed squares in parchment tones (a −1 square darker with a dash, an income number, a bonus
square in lilac with its reward, a pillar, a wood or stone square), each placed tile as one
outlined shape in its goods colour with its name or code. Squares of one kind share one path
and each tile is one path, so a 4-player drawing stays small (hundreds of squares per seat).
A tile path carries ``class="tile"`` and ``data-squares`` (the squares it covers).
"""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from skald.cli.draw import feast_boards as fb
from skald.cli.draw import svg_writer as sw
from skald.cli.draw.svg_writer import Block
from skald.domain.feast.boards.grid import SquareKind
from skald.domain.feast.goods import Colour

CELL = 24
FILLS: dict[Colour, tuple[str, str]] = {
    Colour.ORANGE: ("#f28c28", "#000"),
    Colour.RED: ("#c8102e", "#fff"),
    Colour.GREEN: ("#2e8b3a", "#fff"),
    Colour.BLUE: ("#1f5fbf", "#fff"),
    Colour.SPECIAL: ("#7a7a7a", "#fff"),
    Colour.SILVER: ("#d9d9d9", "#000"),
    Colour.ORE: ("#3b3b3b", "#fff"),
    Colour.WOOD: ("#a0703c", "#fff"),
    Colour.STONE: ("#9fa4a8", "#000"),
}
SQUARE_FILLS: dict[SquareKind, str] = {
    SquareKind.OPEN: "#efe2c0",
    SquareKind.NEGATIVE: "#c4b08a",
    SquareKind.INCOME: "#efe2c0",
    SquareKind.BONUS: "#e8d2f0",
    SquareKind.BLOCKED: "#5a4a3a",
    SquareKind.WOOD: "#d8b98f",
    SquareKind.STONE: "#c9cdd0",
}
CLOSED = "#4a4036"
STYLE = (
    ".skald-feast .sq{stroke:#8c7a5b;stroke-width:.6}"
    ".skald-feast .neg{stroke:#7d6a48;stroke-width:1.4}"
    ".skald-feast .edge{stroke:#111;stroke-width:2;fill:none}"
)


def _cell(x: int, y: int) -> str:
    return f"M{x},{y}h{CELL}v{CELL}h-{CELL}z"


def _squares(lay: fb.Layout, top: int) -> list[str]:
    """Bare squares, one path per fill; then the printed marks on them."""
    paths: dict[str, list[str]] = {}
    marks: list[str] = []
    dashes: list[str] = []
    for sq in lay.squares:
        if sq.piece is not None:
            continue
        x, y = sq.col * CELL, top + sq.row * CELL
        fill = CLOSED if sq.closed else SQUARE_FILLS.get(sq.kind, "#efe2c0")
        paths.setdefault(fill, []).append(_cell(x, y))
        mid, base = x + CELL / 2, y + CELL / 2 + 4
        if sq.closed:
            marks.append(sw.text(mid, base, "×", 12, fill="#bbb", text_anchor="middle"))
        elif sq.kind is SquareKind.NEGATIVE:
            dashes.append(f"M{sw.num(mid - 4)},{sw.num(y + CELL / 2)}h8")
        elif sq.kind is SquareKind.INCOME:
            value = fb.income_value(lay.spec, sq.row, sq.col)
            marks.append(
                sw.text(
                    mid,
                    base,
                    "?" if value is None else str(value),
                    12,
                    fill="#8a5a00",
                    font_weight="bold",
                    text_anchor="middle",
                )
            )
        elif sq.kind is SquareKind.BONUS:
            marks += _bonus(lay, sq, x, y)
        elif sq.kind in (SquareKind.WOOD, SquareKind.STONE):
            marks.append(
                sw.text(mid, base - 1, sq.kind.name.lower(), 6.5, fill="#444", text_anchor="middle")
            )
    out = [f"<path class='sq' fill='{fill}' d='{''.join(d)}'/>" for fill, d in paths.items()]
    if dashes:
        out.append(f"<path class='neg' d='{''.join(dashes)}'/>")
    return out + marks


def _bonus(lay: fb.Layout, sq: fb.Square, x: float, y: float) -> list[str]:
    out = []
    if (sq.row, sq.col) in lay.paying:
        out.append(
            sw.rect(
                x + 1.5, y + 1.5, CELL - 3, CELL - 3, "none", stroke="#2f9e44", stroke_width=2.5
            )
        )
    words = fb.bonus_label(lay.spec, sq.row, sq.col).split(" (")[0].split(" ")
    rows = [words[0], " ".join(words[1:])] if len(words) > 1 else words
    for i, row in enumerate(rows):
        dy = (i - (len(rows) - 1) / 2) * 7
        out.append(
            sw.text(
                x + CELL / 2,
                y + CELL / 2 + 2 + dy,
                row[:8],
                5.5,
                fill="#6a2c8a",
                text_anchor="middle",
            )
        )
    return out


def _piece(index: int, lay: fb.Layout, top: int) -> str:
    piece, colour, squares = lay.pieces[index]
    fill, ink = FILLS.get(colour, ("#888", "#000"))
    own = set(squares)
    cells: list[str] = []
    edges: list[str] = []
    for r, c in squares:
        x, y = c * CELL, top + r * CELL
        cells.append(_cell(x, y))
        if (r - 1, c) not in own:
            edges.append(f"M{sw.num(x)},{sw.num(y)}h{CELL}")
        if (r + 1, c) not in own:
            edges.append(f"M{sw.num(x)},{sw.num(y + CELL)}h{CELL}")
        if (r, c - 1) not in own:
            edges.append(f"M{sw.num(x)},{sw.num(y)}v{CELL}")
        if (r, c + 1) not in own:
            edges.append(f"M{sw.num(x + CELL)},{sw.num(y)}v{CELL}")
    name = fb.piece_name(piece)
    code = fb.codes().get(piece, "?")
    horizontal = index in lay.horizontal
    parts = [
        f"<path class='tile' fill='{fill}' data-piece='{piece.name}'"
        f" data-squares='{len(squares)}'"
        + (" data-horizontal='true'" if horizontal else "")
        + f" d='{''.join(cells)}'/>",
        f"<path class='edge' d='{''.join(edges)}'/>",
    ]
    if horizontal:
        parts.append(_horizontal_mark(squares, top, ink))
    # the label sits in the row of the square nearest the piece's centre
    cr = sum(r for r, _ in squares) / len(squares)
    cc = sum(c for _, c in squares) / len(squares)
    r, c = min(sorted(own), key=lambda rc: (rc[0] - cr) ** 2 + (rc[1] - cc) ** 2)
    row = [cc for rr, cc in squares if rr == r]
    span = 1 + max(row) - min(row)
    fits = sw.width_of(name, 11) <= span * CELL - 4 and piece.kind.value != "silver"
    label = name if fits else code
    mid = (min(row) + span / 2) * CELL if fits else c * CELL + CELL / 2
    parts.append(
        sw.text(
            mid,
            top + r * CELL + CELL / 2 + 4,
            label,
            11 if fits else 12,
            fill=ink,
            font_weight="bold",
            text_anchor="middle",
        )
    )
    return sw.group(parts, f"{name}, lying horizontally" if horizontal else name)


def _horizontal_mark(squares: tuple[tuple[int, int], ...], top: int, ink: str) -> str:
    """A banquet tile lying horizontally (its long side along the table, rules.ja.txt
    フェイズ9: one such tile per food type): a double-headed arrow along the tile's foot, from
    its first square to its last, as the table row alone does not show how a tile lies."""
    row = max(r for r, _ in squares)
    left = min(c for _, c in squares) * CELL + 4
    right = (max(c for _, c in squares) + 1) * CELL - 4
    y = top + row * CELL + CELL - 4
    head = 3
    d = (
        f"M{sw.num(left)},{sw.num(y)}H{sw.num(right)}"
        f"M{sw.num(left + head)},{sw.num(y - head)}L{sw.num(left)},{sw.num(y)}"
        f"L{sw.num(left + head)},{sw.num(y + head)}"
        f"M{sw.num(right - head)},{sw.num(y - head)}L{sw.num(right)},{sw.num(y)}"
        f"L{sw.num(right - head)},{sw.num(y + head)}"
    )
    return (
        f"<path class='horizontal' fill='none' stroke='{ink}' stroke-width='1.2' d='{d}'>"
        "<title>lies horizontally</title></path>"
    )


def board_block(lay: fb.Layout, title: str | None = None) -> Block:
    """One board: its title, squares, then the tiles over them, then income/bonus notes."""
    top = 20
    name = title or lay.spec.name
    notes = []
    if lay.income is not None:
        notes.append(f"income {lay.income}")
    if lay.spec.board.value == "banquet-table":
        notes.append(f"{fb.banquet_open(lay)} squares to cover")
        if lay.horizontal:
            notes.append("horizontal: " + ", ".join(lay.horizontal_names()))
    if lay.paying:
        notes.append(f"{len(lay.paying)} bonus paying")
    parts = [sw.text(0, 14, name, 13, font_weight="bold")]
    parts += _squares(lay, top)
    parts += [_piece(i, lay, top) for i in range(len(lay.pieces))]
    height = top + lay.spec.height * CELL + 4
    if notes:
        parts.append(sw.text(0, height + 12, ", ".join(notes), 11.5, fill="#333"))
        height += 18
    tiles = ", ".join(fb.piece_name(p) for p, _, _ in lay.pieces) or "no tiles"
    said = f"{name}: {tiles}" + (f"; {', '.join(notes)}" if notes else "")
    width = max(lay.spec.width * CELL, sw.width_of(name, 13))
    return Block(
        [sw.group(parts, said, cls="board", data_board=lay.spec.board.value)], width, height
    )


def board_picture(data: Any) -> Block | None:
    """The drawing of one board dict (``None`` for what is not a board). A board changes
    seldom between two events, so each distinct board is drawn once (a replay page draws
    every event of a game)."""
    if not isinstance(data, dict):
        return None
    return _cached_board(json.dumps(data, sort_keys=True, separators=(",", ":")))


@lru_cache(maxsize=4096)
def _cached_board(text: str) -> Block | None:
    lay = fb.layout(json.loads(text))
    return None if lay is None else board_block(lay)


@lru_cache(maxsize=256)
def _cached_table(text: str, length: str, round_: int, emigrated: int) -> Block | None:
    player = {"banquet": json.loads(text), "emigrated": [None] * emigrated}
    lay = fb.banquet_layout(player, length, round_)
    return None if lay is None else board_block(lay, f"Banquet table, round {round_}")


def banquet_picture(player: dict[str, Any], length: str, round_: int) -> Block | None:
    """The seat's banquet table of the round (``fb.banquet_layout``), drawn once per form."""
    banquet = json.dumps(player.get("banquet"), sort_keys=True, separators=(",", ":"))
    return _cached_table(banquet, length, round_, len(player.get("emigrated") or ()))

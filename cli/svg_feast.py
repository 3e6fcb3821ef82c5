"""A Feast for Odin as a picture: ``svg(view, seat)`` writes one self-contained SVG document.

For one seat (or every seat, stacked, when neither a seat nor a viewer is given) it draws the
home board, the claimed exploration boards, the houses and the banquet table of the round,
square by square as ``cli.feast_boards`` lays them out (printed squares in parchment tones,
−1 squares darker, income numbers and bonus rewards printed on them, each placed tile as one
outlined shape in its goods colour with its code), then ships, supply, weapons, occupations
and a legend. Pure string building with the standard library: no fonts, images or links.
Only what the view holds is drawn, so a seat's drawing shows no other seat's hidden cards.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cli import feast_boards as fb
from cli import svg_writer as sw
from cli.svg_writer import Block
from domain.feast.boards.grid import SquareKind
from domain.feast.goods import Colour

CELL = 26
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
    SquareKind.NEGATIVE: "#b9a57e",
    SquareKind.INCOME: "#efe2c0",
    SquareKind.BONUS: "#e8d2f0",
    SquareKind.BLOCKED: "#5a4a3a",
    SquareKind.WOOD: "#d8b98f",
    SquareKind.STONE: "#c9cdd0",
}
SEAT_COLOURS = ("#1b9aaa", "#a2348f", "#2f9e44", "#e8590c")


def _square(lay: fb.Layout, sq: fb.Square, x: float, y: float) -> list[str]:
    fill = "#4a4036" if sq.closed else SQUARE_FILLS.get(sq.kind, "#efe2c0")
    out = [sw.rect(x, y, CELL, CELL, fill, stroke="#8c7a5b", stroke_width="0.6", **{"class": "sq"})]
    mid, base = x + CELL / 2, y + CELL / 2 + 4
    if sq.closed:
        out.append(sw.text(mid, base, "×", 12, fill="#bbb", text_anchor="middle"))
    elif sq.kind is SquareKind.NEGATIVE:
        out.append(sw.text(mid, base - 1, "−1", 9, fill="#6b5a3c", text_anchor="middle"))
    elif sq.kind is SquareKind.INCOME:
        value = fb.income_value(lay.spec, sq.row, sq.col)
        label = "?" if value is None else str(value)
        out.append(
            sw.text(mid, base, label, 13, fill="#8a5a00", font_weight="bold", text_anchor="middle")
        )
    elif sq.kind is SquareKind.BONUS:
        paying = (sq.row, sq.col) in lay.paying
        if paying:
            out.append(
                sw.rect(
                    x + 1, y + 1, CELL - 2, CELL - 2, "none", stroke="#2f9e44", stroke_width="2.5"
                )
            )
        words = fb.bonus_label(lay.spec, sq.row, sq.col).split(" (")[0].split(" ")
        lines = [" ".join(words[:1]), " ".join(words[1:])] if len(words) > 1 else words
        for i, line in enumerate(lines):
            dy = (i - (len(lines) - 1) / 2) * 8
            out.append(
                sw.text(mid, base - 2 + dy, line[:10], 6, fill="#6a2c8a", text_anchor="middle")
            )
    elif sq.kind in (SquareKind.WOOD, SquareKind.STONE):
        out.append(sw.text(mid, base, sq.kind.name.lower(), 7, fill="#444", text_anchor="middle"))
    elif sq.kind is SquareKind.BLOCKED:
        out.append(sw.text(mid, base, "▦", 12, fill="#2a2018", text_anchor="middle"))
    return out


def _piece(index: int, lay: fb.Layout, x0: float, y0: float) -> list[str]:
    piece, colour, squares = lay.pieces[index]
    fill, ink = FILLS.get(colour, ("#888", "#000"))
    own = set(squares)
    out = []
    edges = []
    for r, c in squares:
        x, y = x0 + c * CELL, y0 + r * CELL
        out.append(sw.rect(x, y, CELL, CELL, fill, **{"class": "tile", "data-piece": piece.name}))
        if (r - 1, c) not in own:
            edges.append(f"M{x:.1f},{y:.1f}h{CELL}")
        if (r + 1, c) not in own:
            edges.append(f"M{x:.1f},{y + CELL:.1f}h{CELL}")
        if (r, c - 1) not in own:
            edges.append(f"M{x:.1f},{y:.1f}v{CELL}")
        if (r, c + 1) not in own:
            edges.append(f"M{x + CELL:.1f},{y:.1f}v{CELL}")
    out.append(f"<path d='{''.join(edges)}' stroke='#111' stroke-width='2' fill='none'/>")
    rows = sorted(own)
    # the label sits in the square nearest the piece's centre
    cr = sum(r for r, _ in rows) / len(rows)
    cc = sum(c for _, c in rows) / len(rows)
    r, c = min(rows, key=lambda rc: (rc[0] - cr) ** 2 + (rc[1] - cc) ** 2)
    code = fb.codes().get(piece, "?")
    name = fb.piece_name(piece)
    span = 1 + max(cc for rr, cc in rows if rr == r) - min(cc for rr, cc in rows if rr == r)
    label = name if 7.5 * len(name) <= span * CELL - 4 and piece.kind.value != "silver" else code
    left = min(cc for rr, cc in rows if rr == r)
    mid = x0 + (left + span / 2) * CELL if label == name else x0 + c * CELL + CELL / 2
    out.append(
        sw.text(
            mid,
            y0 + r * CELL + CELL / 2 + 5,
            label,
            13 if label == code else 12,
            fill=ink,
            font_weight="bold",
            text_anchor="middle",
        )
    )
    return out


def board_block(lay: fb.Layout, title: str | None = None) -> Block:
    """One board: title, squares, then the pieces over them."""
    top = 20
    parts = [sw.text(0, 14, title or lay.spec.name, 14, font_weight="bold")]
    for sq in lay.squares:
        parts += _square(lay, sq, sq.col * CELL, top + sq.row * CELL)
    for i in range(len(lay.pieces)):
        parts += _piece(i, lay, 0, top)
    height = top + lay.spec.height * CELL + 4
    notes = []
    if lay.income is not None:
        notes.append(f"income {lay.income}")
    if lay.spec.board.value == "banquet-table":
        notes.append(f"{fb.banquet_open(lay)} squares to cover")
    if lay.paying:
        notes.append(f"{len(lay.paying)} bonus paying")
    if notes:
        parts.append(sw.text(0, height + 12, ", ".join(notes), 12, fill="#333"))
        height += 18
    return Block(parts, max(lay.spec.width * CELL, 9 * len(title or lay.spec.name)), height)


def _chips(title: str, things: Sequence[tuple[str, Colour | None]]) -> Block:
    """Coloured name chips in one row, wrapping."""
    parts = [sw.text(0, 14, title, 13, font_weight="bold")]
    x, y, width = 120.0, 0.0, 120.0
    for name, colour in things:
        w = 12 + 7.2 * len(name)
        if x + w > 900:
            x, y = 120.0, y + 22
        fill, ink = FILLS.get(colour, ("#eee", "#000")) if colour else ("#eee", "#000")
        parts.append(sw.rect(x, y, w, 19, fill, rx="4", stroke="#333", stroke_width="0.6"))
        parts.append(sw.text(x + 6, y + 14, name, 12, fill=ink))
        x += w + 6
        width = max(width, x)
    if not things:
        parts.append(sw.text(120, 14, "—", 13))
    return Block(parts, width, y + 26)


def _ships(player: dict[str, Any]) -> Block:
    parts = [sw.text(0, 16, "Ships", 13, font_weight="bold")]
    x = 120.0
    for ship in player.get("ships") or ():
        kind = str(ship.get("kind", "?"))
        ore = int(ship.get("ore", 0)) + (1 if kind == "whaling-boat" else 0)
        w = {"whaling-boat": 100, "knarr": 110, "longship": 140}.get(kind, 100)
        parts.append(
            f"<path d='M{x:.1f},4 h{w} l-14,22 h-{w - 28} z' fill='#8b5a2b' stroke='#3d2610'"
            f" class='ship'/>"
        )
        parts.append(
            sw.text(x + w / 2, 19, kind.replace("-", " "), 11, fill="#fff", text_anchor="middle")
        )
        for i in range(ore):
            parts.append(f"<circle cx='{x + 14 + i * 12:.1f}' cy='32' r='5' fill='#3b3b3b'/>")
        x += w + 12
    for kind in player.get("emigrated") or ():
        parts.append(sw.text(x, 19, f"emigrated {str(kind).replace('-', ' ')}", 11, fill="#555"))
        x += 130
    if x == 120.0:
        parts.append(sw.text(120, 16, "none", 13))
    return Block(parts, x, 42)


def _legend(layouts: list[fb.Layout]) -> Block:
    seen: dict[str, tuple[str, Colour]] = {}
    for lay in layouts:
        for piece, colour, _ in lay.pieces:
            seen.setdefault(fb.codes().get(piece, "?"), (fb.piece_name(piece), colour))
    things = [(f"{code} {name}", colour) for code, (name, colour) in sorted(seen.items())]
    chips = _chips("Tiles", things)
    parts = list(chips.parts)
    key = [
        (SquareKind.OPEN, "", "open"),
        (SquareKind.NEGATIVE, "−1", "−1 at the end if bare"),
        (SquareKind.INCOME, "7", "income (the lowest visible pays)"),
        (SquareKind.BONUS, "+", "bonus: pays when surrounded (green ring)"),
        (SquareKind.BLOCKED, "▦", "pillar"),
    ]
    y = chips.height + 4
    x = 120.0
    parts.append(sw.text(0, y + 14, "Squares", 13, font_weight="bold"))
    for kind, mark, words in key:
        parts.append(sw.rect(x, y + 2, 16, 16, SQUARE_FILLS[kind], stroke="#8c7a5b"))
        parts.append(sw.text(x + 8, y + 14, mark, 8, text_anchor="middle", fill="#6b5a3c"))
        parts.append(sw.text(x + 20, y + 14, words, 11))
        x += 28 + 6.2 * len(words)
    return Block(parts, max(x, 900), y + 26)


def player_block(view: dict[str, Any], player: dict[str, Any]) -> Block:
    seat = int(player.get("seat", 0))
    own = view.get("viewer") == seat
    boards: list[fb.Layout] = []
    drawn: list[Block] = []
    for data in (
        player.get("home"),
        *(player.get("explored") or ()),
        *(player.get("houses") or ()),
    ):
        lay = fb.layout(data)
        if lay is not None:
            boards.append(lay)
            drawn.append(board_block(lay))
    table = fb.banquet_layout(player, str(view.get("length", "long")), int(view.get("round", 0)))
    if table is not None:
        boards.append(table)
        drawn.append(board_block(table, f"Banquet table, round {view.get('round')}"))
    title = f"Seat {seat}" + (" (you)" if own else "")
    head = Block(
        [
            sw.rect(0, 0, 14, 22, SEAT_COLOURS[seat % len(SEAT_COLOURS)]),
            sw.text(22, 18, title, 20, font_weight="bold"),
        ],
        300,
        30,
    )
    goods = [
        (
            f"{g['count']}× {str(g['item']).replace('-', ' ')}"
            if g["count"] != 1
            else str(g["item"]).replace("-", " "),
            fb.good_colour(str(g["item"])),
        )
        for g in player.get("goods") or ()
    ]
    goods += [(str(s).replace("-", " "), Colour.SPECIAL) for s in player.get("specials") or ()]
    weapons = ", ".join(
        f"{w['count']}× {str(w['item']).replace('-', ' ')}" for w in player.get("weapons") or ()
    )
    hand = (
        ", ".join(fb.occupation_name(c) for c in player.get("hand") or ()) or "—"
        if own
        else f"{player.get('hand_size', 0)} cards"
    )
    facts = sw.lines(
        [
            (
                "Vikings",
                f"{player.get('thing', 0)} on the Thing, {player.get('waiting', 0)} waiting on the banquet table",
            ),
            (
                "Resources",
                f"silver {player.get('silver', 0)}, wood {player.get('wood', 0)}, stone {player.get('stone', 0)}, ore {player.get('ore', 0)}",
            ),
            ("Weapons", weapons or "—"),
            ("Occupations", f"hand: {hand}"),
            ("Played", ", ".join(fb.occupation_name(c) for c in player.get("played") or ()) or "—"),
            ("Thing penalties", str(player.get("penalties", 0))),
        ],
        900,
    )
    return sw.stack(
        [head, sw.flow(drawn, 1100), _ships(player), _chips("Goods", goods), facts, _legend(boards)]
    )


def svg(view: dict[str, Any], seat: int | None = None) -> str:
    """The SVG document for ``seat`` (default: the viewer; every seat for a spectator)."""
    players = list(view.get("players") or ())
    wanted = seat if seat is not None else view.get("viewer")
    if wanted is not None:
        players = [p for p in players if p.get("seat") == wanted]
    head = Block(
        [
            sw.text(
                0,
                22,
                f"A Feast for Odin — round {view.get('round')} of "
                f"{6 if view.get('length') == 'short' else 7}, phase {view.get('phase')}",
                22,
                font_weight="bold",
            )
        ],
        700,
        34,
    )
    body = sw.stack([head, *(player_block(view, p) for p in players)], gap=28)
    w, h = body.width + 40, body.height + 40
    return (
        "<?xml version='1.0' encoding='UTF-8'?>\n"
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{w:.0f}' height='{h:.0f}' "
        f"viewBox='0 0 {w:.0f} {h:.0f}'>"
        f"<rect width='100%' height='100%' fill='#fbf8f0'/>{body.at(20, 20)}</svg>\n"
    )

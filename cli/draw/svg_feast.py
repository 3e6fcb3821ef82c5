"""A Feast for Odin as a picture: ``svg(view, seat)`` draws the JSON form of ``FeastView``.

The table first: round, phase and turn, the action being carried out and a standing die roll;
the action board, all 61 printed spaces by group and column (a space taken is filled in its
seat's colour with the seat's number), the 4-player imitation spaces; the exploration boards
still on the table, the mountain strips and the supply; a key to the squares. Then each seat
(``skald.cli.draw.svg_feast_player``): boards square by square with every tile, ships, goods,
occupations. A seat's drawing holds every seat, but only the view's own hand by name.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from skald.cli.draw import feast_boards as fb
from skald.cli.draw import svg_writer as sw
from skald.cli.draw.svg_feast_boards import SQUARE_FILLS, STYLE
from skald.cli.draw.svg_feast_player import WIDTH, item_name, player_block
from skald.cli.draw.svg_writer import Block
from skald.domain.feast.action_board import ACTION_SPACES, ActionSpace
from skald.domain.feast.action_board import Group as SpaceGroup
from skald.domain.feast.boards.grid import SquareKind

GROUP_W = 130
COL_W = (WIDTH - GROUP_W) / 4
SPACE_H = 27
GROUP_NAMES = {g: g.value.replace("-", " ").capitalize() for g in SpaceGroup}


def _space_words(space: ActionSpace) -> list[str]:
    """The printed effect in at most two lines of a space box."""
    rows = sw.wrap(space.effect.rstrip("."), 9, COL_W - 30)
    if len(rows) > 2:
        rows = [rows[0], sw.clip(" ".join(rows[1:]), 9, COL_W - 30)]
    return rows


@lru_cache(maxsize=2048)
def _space(
    x: float,
    y: float,
    space: ActionSpace,
    occ: tuple[int, int] | None,
    running: bool,
    blocked: bool,
) -> str:
    """One space box; ``occ`` is (seat, Vikings) of whoever took it. Drawn once per form."""
    w, h = COL_W - 8, SPACE_H - 3
    if occ is not None:
        seat = occ[0]
        fill, ink = sw.SEAT_COLOURS[seat % len(sw.SEAT_COLOURS)], "#fff"
    else:
        fill, ink = ("#d6d6d6", "#555") if blocked else ("#fffdf6", "#222")
    parts = [
        sw.rect(
            x,
            y,
            w,
            h,
            fill,
            rx=3,
            stroke="#111" if running else "#b8a988",
            stroke_width=2.5 if running else 0.8,
        )
    ]
    for i, row in enumerate(_space_words(space)):
        parts.append(sw.text(x + 5, y + 10 + 10 * i, row, 9, fill=ink))
    said = f"{GROUP_NAMES[space.group]}, column {space.column}: {space.effect}"
    if occ is not None:
        parts.append(sw.seat_chip(x + w - 11, y + h / 2, seat, 8.5))
        said += f" — taken by seat {seat} ({occ[1]} Vikings)"
    elif blocked:
        said += " — blocked"
    if running:
        said += " — being carried out"
    return sw.group(
        parts,
        said,
        cls="space" + (" taken" if occ else ""),
        data_space=space.id,
        data_seat=None if occ is None else str(occ[0]),
    )


def _occupant(occ: dict[str, Any] | None, space: ActionSpace) -> tuple[int, int] | None:
    if occ is None:
        return None
    return int(occ.get("seat", 0)), int(occ.get("vikings") or space.column)


def action_board(view: dict[str, Any]) -> Block:
    taken = {str(o["space"]): o for o in view.get("occupied") or ()}
    run = (view.get("running") or {}).get("space")
    blocked = set(view.get("blocked") or ())
    parts = [sw.text(0, 16, "Action board", 16, font_weight="bold")]
    for col in range(1, 5):
        x = GROUP_W + (col - 1) * COL_W
        parts.append(
            sw.text(x, 36, f"{col} Viking{'s' if col > 1 else ''}", 12, font_weight="bold")
        )
    y = 44.0
    for i, group in enumerate(SpaceGroup):
        cells = [
            [s for s in ACTION_SPACES if s.group is group and s.column == col]
            for col in range(1, 5)
        ]
        rows = max(len(c) for c in cells)
        if i % 2 == 0:
            parts.append(sw.rect(0, y - 2, WIDTH, rows * SPACE_H + 2, "#f1ead8", rx=3))
        for k, row in enumerate(sw.wrap(GROUP_NAMES[group], 11, GROUP_W - 14)):
            parts.append(sw.text(4, y + 15 + 13 * k, row, 11, font_weight="bold"))
        for col, spaces in enumerate(cells):
            for k, space in enumerate(spaces):
                parts.append(
                    _space(
                        GROUP_W + col * COL_W,
                        y + k * SPACE_H,
                        space,
                        _occupant(taken.get(space.id), space),
                        space.id == run,
                        space.id in blocked,
                    )
                )
        y += rows * SPACE_H + 2
    extra = [(name, o) for name, o in taken.items() if name not in fb.SPACES]
    for name, o in extra:
        copy = f", copying {fb.space_label(str(o['copy']))}" if o.get("copy") else ""
        words = f"{name.replace('-', ' ')}{copy}"
        parts.append(
            sw.group(
                [sw.seat_chip(10, y + 12, int(o["seat"]), 8.5), sw.text(26, y + 16, words, 11)],
                f"{words}: seat {o['seat']}",
                cls="space taken",
                data_space=name,
                data_seat=str(o["seat"]),
            )
        )
        y += 22
    return Block([sw.group(parts, "Action board", cls="action-board")], WIDTH, y)


def _table(view: dict[str, Any]) -> Block:
    parts = [sw.text(0, 14, "Exploration boards", 12.5, font_weight="bold")]
    x = 140.0
    for e in view.get("exploration") or ():
        owner = e.get("owner")
        words = f"{e.get('letter')}: {fb.board_name(e.get('face'))}, {e.get('silver', 0)} silver"
        w = sw.width_of(words, 11.5) + (34 if owner is not None else 14)
        inner = [
            sw.rect(x, 0, w, 20, "#e3eef7", rx=4, stroke="#5a7d9a"),
            sw.text(x + 7, 14, words, 11.5),
        ]
        if owner is not None:
            inner.append(sw.seat_chip(x + w - 13, 10, int(owner), 7.5))
        said = words + ("" if owner is None else f", claimed by seat {owner}")
        parts.append(sw.group(inner, said, cls="exploration"))
        x += w + 6
    strips = "  ".join(
        f"#{s.get('number')}: "
        + (" ".join(str(i).replace("silver-2", "2 silver") for i in s.get("items") or ()) or "—")
        for s in view.get("strips") or ()
    )
    left = view.get("buildings_left") or ()
    names = ("sheds", "stone houses", "long houses")
    supply = ", ".join(f"{n} {name}" for n, name in zip(left, names, strict=False))
    supply += (
        f"; weapon deck {view.get('weapon_deck', 0)}; occupation deck "
        f"{view.get('occupation_deck', 0)}"
    )
    if view.get("imitation"):
        supply += f"; imitation columns {', '.join(map(str, view['imitation']))}"
    specials = ", ".join(item_name(str(s)) for s in view.get("specials_left") or ()) or "—"
    rows = [
        ("Mountain strips", f"{strips or '—'} (face down: {view.get('strips_left', 0)})"),
        ("Supply", supply),
        ("Special tiles", specials),
    ]
    block = sw.lines(rows, WIDTH, 140)
    return Block([*parts, block.at(0, 24)], WIDTH, 24 + block.height)


def _legend() -> Block:
    key = [
        (SquareKind.OPEN, "", "open"),
        (SquareKind.NEGATIVE, "–", "−1 at the end if bare"),
        (SquareKind.INCOME, "7", "income (the lowest bare number pays)"),
        (SquareKind.BONUS, "+", "bonus: pays when surrounded (green ring: now)"),
        (SquareKind.BLOCKED, "", "pillar"),
    ]
    parts = [sw.text(0, 14, "Squares", 12.5, font_weight="bold")]
    x = 140.0
    for kind, mark, words in key:
        parts.append(sw.rect(x, 1, 16, 16, SQUARE_FILLS[kind], stroke="#8c7a5b"))
        parts.append(sw.text(x + 8, 13, mark, 10, text_anchor="middle", fill="#6b5a3c"))
        parts.append(sw.text(x + 21, 13, words, 11))
        x += 34 + sw.width_of(words, 11)
    return Block(parts, x, 22)


def _head(view: dict[str, Any], seat: int | None) -> Block:
    rounds = fb.rounds(view.get("length"))
    first = (
        f"A Feast for Odin — round {view.get('round')} of {rounds} "
        f"({view.get('length')}) · phase {view.get('phase')}"
    )
    acting = ", ".join(f"seat {s}" for s in view.get("to_act") or ()) or "nobody"
    who = sw.viewer_words(view, seat)
    second = f"start player seat {view.get('start_player')} · "
    if view.get("turn") is not None:
        second += f"turn: seat {view.get('turn')} · "
    second += f"to act: {acting} · as seen by {who}"
    parts = [sw.text(0, 24, first, 22, font_weight="bold"), sw.text(0, 46, second, 14, fill="#555")]
    y = 46.0
    running = view.get("running")
    if running:
        words = (
            f"Carrying out: seat {running.get('seat')} on "
            f"{fb.space_label(str(running.get('space', '')))}"
        )
        if running.get("awaiting"):
            words += f" (waiting for {', '.join(map(str, running['awaiting']))})"
        y += 20
        parts.append(sw.text(0, y, words, 13, fill="#b35c00", font_weight="bold"))
    dice = view.get("dice")
    if dice:
        y += 20
        words = (
            f"Die: seat {dice.get('seat')} rolled {dice.get('value')} on a "
            f"d{dice.get('sides')} (roll {dice.get('roll')}"
            + (f", modifier {dice.get('modifier'):+d}" if dice.get("modifier") else "")
            + ")"
        )
        parts.append(sw.group([sw.text(0, y, words, 13, font_weight="bold")], words, cls="dice"))
    return Block(parts, WIDTH, y + 8)


def svg(view: dict[str, Any], seat: int | None = None) -> str:
    """The picture of one Feast view as one ``<svg>`` element (no XML prolog): the table and
    every seat (``seat`` names whose view it is; by default the view's viewer)."""
    seat = view.get("viewer") if seat is None else seat
    blocks = [_head(view, seat)]
    scores = sw.scores_block(view, "points", WIDTH)
    if scores:
        blocks.append(scores)
    blocks += [action_board(view), _table(view), _legend()]
    blocks += [player_block(view, p) for p in view.get("players") or ()]
    body = sw.stack(blocks, gap=16)
    label = f"A Feast for Odin, round {view.get('round')}, as seen by " + sw.viewer_words(
        view, seat
    )
    return sw.document(body, label, "skald-feast", STYLE)


def referee_view(views: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One view holding every seat's hand of occupations, from each seat's own view
    (``views[seat]``), for the referee's drawing."""
    return sw.seats_merged(views)

"""A Feast for Odin for people: ``draw(view)`` turns the JSON form of ``FeastView`` into rich text.

The table first: round, phase and turn, the action being carried out, the action board by
group and column (``●n`` taken by seat n, ``○`` free), exploration boards, mountain strips and
the supply, and a key to the squares; then one panel per seat (``skald.cli.draw.render_feast_seat``).
The printed data comes from ``skald.domain.feast``; the view only carries what changes, and is read
defensively (a field the engine has not filled yet is drawn as empty).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from skald.cli.draw import feast_boards as fb
from skald.cli.draw.render_feast_seat import EMPTY_STYLES, SEAT_STYLES, player_panel, seat_text
from skald.domain.feast.action_board import ACTION_SPACES
from skald.domain.feast.action_board import Group as SpaceGroup
from skald.domain.feast.boards.grid import SquareKind
from skald.domain.feast.game.notation_words import GROUP_CODES, space_code

GROUP_NAMES = {g: g.value.replace("-", " ").capitalize() for g in SpaceGroup}


def action_board(view: dict[str, Any]) -> Table:
    """The action board by group and column: each space by its column and letter (``1b``),
    ``●n`` occupied by seat n, ``○`` free; the row's code before them makes the space's
    name in the move notation (``hunt`` + ``1b``: ``vikings hunt1b``)."""
    taken = {o["space"]: o for o in view.get("occupied") or ()}
    table = Table(
        title="Action board (a space: its row's code, column and letter, e.g. hunt1b)",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        header_style="bold",
    )
    table.add_column("group")
    for col in range(1, 5):
        table.add_column(f"{col} Viking{'s' if col > 1 else ''}")
    for group in SpaceGroup:
        cells: list[Text] = []
        for col in range(1, 5):
            cell = Text()
            for space in (s for s in ACTION_SPACES if s.group is group and s.column == col):
                cell.append(" " if cell else "")
                cell.append(space_code(space.id).removeprefix(GROUP_CODES[group]), style="dim")
                if space.id in taken:
                    cell.append(
                        "●" + str(taken[space.id]["seat"]), style=_seat_style(taken, space.id)
                    )
                else:
                    cell.append("○", style="dim")
            cells.append(cell)
        table.add_row(Text.assemble((GROUP_CODES[group], "bold"), f" {GROUP_NAMES[group]}"), *cells)
    for space, occ in taken.items():
        if space not in fb.SPACES:
            copy = f" copying {space_code(occ['copy'])}" if occ.get("copy") else ""
            label = Text(f"{space_code(space)}{copy}: ")
            table.add_row(label, seat_text(int(occ["seat"])), "", "", "")
    return table


def _seat_style(taken: dict[str, Any], space: str) -> str:
    return SEAT_STYLES[int(taken[space]["seat"]) % len(SEAT_STYLES)]


def _table_part(view: dict[str, Any]) -> RenderableType:
    boards = Text("Exploration boards: ", style="bold")
    for i, e in enumerate(view.get("exploration") or ()):
        boards.append("  " if i else "")
        name = fb.board_name(e.get("face"))
        boards.append(f"{e.get('letter')} {name} ({e.get('silver', 0)} silver", style="")
        if e.get("owner") is not None:
            boards.append(", ")
            boards.append(seat_text(int(e["owner"])))
        boards.append(")")
    strips = Text("Mountain strips: ", style="bold")
    for i, strip in enumerate(view.get("strips") or ()):
        strips.append("  " if i else "")
        items = " ".join(str(x).replace("silver-2", "2$") for x in strip.get("items") or ())
        strips.append(f"#{strip.get('number')}: {items or '—'}")
    strips.append(f"  (face down {view.get('strips_left', 0)})", style="dim")
    left = view.get("buildings_left") or ()
    names = ("sheds", "stone houses", "long houses")
    decks = Text.assemble(
        ("Supply: ", "bold"),
        ", ".join(f"{n} {name}" for n, name in zip(left, names, strict=False)),
        f"; weapon deck {view.get('weapon_deck', 0)}, occupation deck ",
        str(view.get("occupation_deck", 0)),
        f"; special tiles left {len(view.get('specials_left') or ())}",
    )
    if view.get("imitation"):
        decks.append(f"; imitation columns {', '.join(map(str, view['imitation']))}")
    return Group(boards, strips, decks)


def _head(view: dict[str, Any]) -> Text:
    head = Text.assemble(
        (f"Round {view.get('round')}", "bold"),
        f" of {'6' if view.get('length') == 'short' else '7'} ({view.get('length')})  phase ",
        (str(view.get("phase", "?")), "bold"),
        "  start player ",
        seat_text(view.get("start_player")),
        "  turn ",
        seat_text(view.get("turn")),
        "  to act: ",
    )
    head.append(Text(", ").join(seat_text(s) for s in view.get("to_act") or ()) or Text("—"))
    running = view.get("running")
    if running:
        head.append("\nCarrying out: ", style="bold yellow")
        head.append(seat_text(running.get("seat")))
        space = str(running.get("space", ""))
        head.append(f" on {space_code(space)}: {fb.space_label(space)}")
        if running.get("awaiting"):
            head.append(f" (waiting for {', '.join(running['awaiting'])})", style="yellow")
    for offer in view.get("offers") or ():  # occupation offers, answered first
        head.append("\nOccupation offer: ", style="bold magenta")
        head.append(seat_text(offer.get("seat")))
        head.append(f" {fb.occupation_name(offer.get('card'))} ({offer.get('trigger')})")
    if view.get("effects") is False:
        head.append("\nOccupation effects off", style="dim")
    return head


SQUARE_KEY = Text.assemble(
    ("Squares: ", "bold"),
    (" ·", EMPTY_STYLES[SquareKind.NEGATIVE][1]),
    " −1 if bare at the end  ",
    ("  ", EMPTY_STYLES[SquareKind.OPEN][1]),
    " open  ",
    (" 7", "bold yellow on grey15"),
    " income number (the lowest visible pays)  ",
    ("fe", "bold magenta on grey35"),
    " bonus (its reward; ",
    ("fe", "bold black on green3"),
    " pays now)  ",
    ("▓▓", EMPTY_STYLES[SquareKind.BLOCKED][1]),
    " pillar  ",
    (" x", "grey42 on grey11"),
    " banquet square not open",
)


def draw(view: dict[str, Any]) -> RenderableType:
    parts: list[RenderableType] = [
        _head(view),
        action_board(view),
        _table_part(view),
        SQUARE_KEY,
    ]
    parts += [player_panel(view, p) for p in view.get("players") or ()]
    scores = view.get("scores") or ()
    if scores:
        out = Text("Final scores: ", style="bold green")
        out.append(Text(", ").join(seat_text(i) + Text(f" {s}") for i, s in enumerate(scores)))
        out.append("  winner: ")
        out.append(Text(", ").join(seat_text(w) for w in view.get("winners") or ()))
        parts.append(out)
    return Group(*parts)

"""A Feast for Odin for people, one seat: its boards square by square and its supply.

Two characters a square: the piece's code on its goods colour, or the printed square (``·`` a
−1 square, a number on the income track, a bonus's reward code in lower case, ``▓▓`` a
pillar, `` x`` a banquet square not open this round; a banquet tile lying horizontally
underlined and named under the table row), ruled with the square names the move
notation takes (column letters, row numbers: ``put fur home c4``; a banquet table's
columns numbered). Boards are titled by the name ``put`` takes (``home``, ``labrador``,
``long-house-0``), ships numbered (``load 1``), occupations by code and name (``occ17 Orient
Shipper``) and goods by id (``salt-meat``), as ``skald.domain.feast.game.notation`` writes them.
Next to the home board: the claimed exploration boards, the houses and the banquet table of
the round; above them Vikings, Thing penalties, resources, goods, weapons, ships and
occupations — the viewer's own hand, other hands counted only (the view holds no more).
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from skald.cli.draw import feast_boards as fb
from skald.domain.feast.boards.grid import SquareKind
from skald.domain.feast.game.notation_words import LETTERS, occupation_code
from skald.domain.feast.goods import Colour

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold dark_orange")
COLOUR_STYLES: dict[Colour, str] = {
    Colour.ORANGE: "bold black on dark_orange",
    Colour.RED: "bold white on red3",
    Colour.GREEN: "bold white on green4",
    Colour.BLUE: "bold white on dodger_blue3",
    Colour.SPECIAL: "bold white on grey46",
    Colour.SILVER: "bold black on grey85",
    Colour.ORE: "bold white on grey23",
    Colour.WOOD: "bold black on tan",
    Colour.STONE: "bold black on grey62",
}
EMPTY_STYLES: dict[SquareKind, tuple[str, str]] = {
    SquareKind.OPEN: ("  ", "on grey35"),
    SquareKind.NEGATIVE: (" ·", "grey50 on grey15"),
    SquareKind.BLOCKED: ("▓▓", "grey42 on grey11"),
    SquareKind.WOOD: ("w·", "tan on grey15"),
    SquareKind.STONE: ("s·", "grey62 on grey15"),
}


def seat_text(seat: int | None, prefix: str = "seat ") -> Text:
    if seat is None or seat < 0:
        return Text("—", style="dim")
    return Text(f"{prefix}{seat}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def item_text(item: str, count: int = 1) -> Text:
    """``2× salt-meat`` on its goods colour: goods and special tiles by the id the move
    notation takes (``put salt-meat home c4``)."""
    c = fb.good_colour(item)
    label = f"{count}× {item}" if count != 1 else item
    return Text(f" {label} ", style=COLOUR_STYLES.get(c, "") if c else "")


def _square(lay: fb.Layout, sq: fb.Square | None) -> Text:
    if sq is None:
        return Text("  ")
    if sq.piece is not None:
        piece, colour, _ = lay.pieces[sq.piece]
        style = COLOUR_STYLES[colour] + (" underline" if sq.piece in lay.horizontal else "")
        return Text(f"{fb.codes().get(piece, '??'):<2}", style=style)
    if sq.closed:
        return Text(" x", style="grey42 on grey11")
    if sq.kind is SquareKind.INCOME:
        value = fb.income_value(lay.spec, sq.row, sq.col)
        return Text(f"{value if value is not None else '?':>2}", style="bold yellow on grey15")
    if sq.kind is SquareKind.BONUS:
        paying = (sq.row, sq.col) in lay.paying
        style = "bold black on green3" if paying else "bold magenta on grey35"
        return Text(f"{fb.bonus_code(lay.spec, sq.row, sq.col).lower():<2}", style=style)
    chars, style = EMPTY_STYLES.get(sq.kind, ("??", ""))
    return Text(chars, style=style)


def board_text(lay: fb.Layout) -> Text:
    """The board's grid, two characters a square."""
    rows = [Text("").join(_square(lay, sq) for sq in row) for row in lay.grid()]
    return Text("\n").join(rows)


def ruled_text(lay: fb.Layout) -> Text:
    """:func:`board_text` with the squares' names around it, as the notation writes them:
    column letters over a board and row numbers beside it (``c4``); a banquet table's
    columns numbered (``serve beans 3``)."""
    width = lay.spec.width
    banquet = lay.spec.board.value == "banquet-table"
    if banquet:
        head = "".join(f"{c + 1:>2}" for c in range(width))
        return Text(head, style="dim") + Text("\n") + board_text(lay)
    pad = len(str(lay.spec.height))
    out = Text(" " * pad + "".join(f"{LETTERS[c]:>2}" for c in range(width)), style="dim")
    for r, row in enumerate(board_text(lay).split("\n"), start=1):
        out.append("\n")
        out.append(f"{r:>{pad}}", style="dim")
        out.append(row)
    return out


def board_panel(lay: fb.Layout, title: str | None = None) -> Panel:
    head = title or lay.spec.name
    notes = []
    if lay.income is not None:
        notes.append(f"income {lay.income}")
    body = ruled_text(lay)
    if lay.spec.board.value == "banquet-table":
        notes.append(f"{fb.banquet_open(lay)} open")
        if lay.horizontal:  # underlined on the table (フェイズ9: one per food type)
            body.append("\nhorizontal: " + ", ".join(lay.horizontal_names()), style="italic")
    elif lay.paying:
        notes.append(f"{len(lay.paying)} bonus paying")
    subtitle = ", ".join(notes) or None
    return Panel(body, title=head, subtitle=subtitle, box=box.ROUNDED, expand=False)


def _legend(layouts: list[fb.Layout]) -> Text:
    seen: dict[str, Any] = {}
    for lay in layouts:
        for piece, colour, _ in lay.pieces:
            seen.setdefault(fb.codes().get(piece, "??"), (piece, colour))
    out = Text()
    for code, (piece, colour) in sorted(seen.items()):
        out.append(f"{code:<2}", style=COLOUR_STYLES[colour])
        out.append(f" {fb.piece_name(piece)}  ")
    return out


def _ships(player: dict[str, Any]) -> Text:
    out = Text()
    for i, ship in enumerate(player.get("ships") or ()):
        kind = str(ship.get("kind", "?"))
        out.append(", " if i else "")
        out.append(f"{i + 1} ", style="dim")
        out.append(kind, style="bold")
        ore = int(ship.get("ore", 0)) + fb.printed_ore(kind)
        if ore:
            out.append(f" (ore {ore})", style="dim")
    if not out:
        out.append("no ships", style="dim")
    emigrated = player.get("emigrated") or ()
    if emigrated:
        out.append("  emigrated: ", style="bold")
        out.append(", ".join(str(k).replace("-", " ") for k in emigrated))
    return out


def _counts(label: str, things: list[dict[str, Any]], styled: bool = False) -> Text:
    out = Text(f"{label}: ", style="bold")
    if not things:
        return out.append("—", style="dim")
    for i, thing in enumerate(things):
        out.append(" " if i else "")
        if styled:
            out.append(item_text(str(thing["item"]), int(thing["count"])))
        else:
            out.append(f"{thing['count']}× {str(thing['item']).replace('-', ' ')}")
    return out


def _occupations(player: dict[str, Any], own: bool) -> Text:
    """The hand (the viewer's own by code and name, others counted) and the played cards,
    broken into lines between cards only, so no name is ever cut in two."""
    out = Text("Occupations: ", style="bold")
    if own:
        hand = [_occupation(c) for c in player.get("hand") or ()]
        out.append(_packed("hand ", hand))
    else:
        out.append(f"{player.get('hand_size', 0)} in hand")
    played = [_occupation(c) for c in player.get("played") or ()]
    out.append("; played: ", style="bold")
    out.append(_packed("", played))
    return out


def _packed(head: str, entries: list[str], width: int = 72) -> str:
    """``entries`` joined by commas, a new line before one that would pass ``width``."""
    if not entries:
        return head + "—"
    lines = [head + entries[0]]
    for entry in entries[1:]:
        if len(lines[-1]) + 2 + len(entry) > width:
            lines[-1] += ","
            lines.append("  " + entry)
        else:
            lines[-1] += ", " + entry
    return "\n".join(lines)


def _occupation(card: str) -> str:
    """``occ17 Orient Shipper``: the notation's code, then the printed name."""
    return f"{occupation_code(card)} {fb.occupation_name(card)}"


def _title(name: str, lay: fb.Layout) -> str:
    """A board's panel title: the name ``put`` takes, and the printed one if it differs."""
    printed = lay.spec.name
    return name if printed == name else f"{name} ({printed})"


def player_panel(view: dict[str, Any], player: dict[str, Any]) -> Panel:
    seat = int(player["seat"])
    own = view.get("viewer") == seat
    title = seat_text(seat)
    if own:
        title.append(" (you)", style="italic")
    if seat in (view.get("to_act") or ()):
        title = Text("▶ ") + title
    if seat == view.get("start_player"):
        title.append(" ◆ start", style="bold")
    status = Text.assemble(
        ("Vikings: ", "bold"),
        f"{player.get('thing', 0)} on the Thing, {player.get('waiting', 0)} waiting  ",
        ("Thing penalties: ", "bold"),
        (str(player.get("penalties", 0)), "bold red" if player.get("penalties") else ""),
        ("  passed" if player.get("passed") else "", "yellow"),
        ("  feasted" if fb.feasted(view, player) else "", "green"),
    )
    resources = Text.assemble(
        ("Silver ", "bold"),
        (f" {player.get('silver', 0)} ", COLOUR_STYLES[Colour.SILVER]),
        ("  Wood ", "bold"),
        (f" {player.get('wood', 0)} ", COLOUR_STYLES[Colour.WOOD]),
        ("  Stone ", "bold"),
        (f" {player.get('stone', 0)} ", COLOUR_STYLES[Colour.STONE]),
        ("  Ore ", "bold"),
        (f" {player.get('ore', 0)} ", COLOUR_STYLES[Colour.ORE]),
    )
    specials = [{"item": s, "count": 1} for s in player.get("specials") or ()]
    layouts: list[fb.Layout] = []
    panels: list[RenderableType] = []
    home = fb.layout(player.get("home"))
    if home is not None:
        layouts.append(home)
        panels.append(board_panel(home, _title("home", home)))
    for data in player.get("explored") or ():
        lay = fb.layout(data)
        if lay is not None:
            layouts.append(lay)
            panels.append(board_panel(lay, _title(lay.spec.board.value, lay)))
    built: dict[str, int] = {}
    for data in player.get("houses") or ():
        lay = fb.layout(data)
        if lay is not None:
            kind = lay.spec.board.value
            built[kind] = built.get(kind, 0) + 1
            layouts.append(lay)
            panels.append(board_panel(lay, _title(f"{kind}-{built[kind] - 1}", lay)))
    table = fb.banquet_layout(player, str(view.get("length", "long")), int(view.get("round", 0)))
    if table is not None:
        layouts.append(table)
        panels.append(board_panel(table, f"Banquet table, round {view.get('round')}"))
    parts: list[RenderableType] = [
        status,
        resources,
        _counts("Goods", list(player.get("goods") or ()), styled=True),
        _counts("Special tiles", specials, styled=True),
        _counts("Weapons", list(player.get("weapons") or ())),
        Text.assemble(("Ships: ", "bold"), _ships(player)),
        _occupations(player, own),
        Columns(panels),
    ]
    legend = _legend(layouts)
    if legend:
        parts.append(legend)
    return Panel(Group(*parts), title=title, title_align="left", box=box.HEAVY, expand=False)

"""Red North for people: ``draw(view)`` turns the JSON form of ``RedNorthView`` into rich text.

Card ids carry their kind and colour (``raider-red-03``, ``hero-blue``, ``jarl-04``,
``god-thor``), so a card is drawn from its id alone, by the name the move notation takes
(``red3``, ``hero-blue``, ``jarl4``, ``thor``: ``skald.domain.red_north.notation``), and Raiding
Party slots are numbered ``@1``, ``@2``, ... from the left as the notation counts them;
``hidden`` is a face-down card.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from skald.domain.red_north.components import HIDDEN, OUTPOST_NAMES, ROUND_NAMES, Colour, God, Kind
from skald.domain.red_north.notation import card_name

SEAT_STYLES = ("bold cyan", "bold magenta", "bold bright_white", "bold dark_orange")
COLOUR_STYLES = {
    "green": "green",
    "purple": "medium_purple1",
    "red": "red",
    "yellow": "yellow",
    "blue": "dodger_blue1",
}
FACE_DOWN = "▒▒"


def seat_text(seat: int | None, prefix: str = "seat ") -> Text:
    if seat is None or seat < 0:
        return Text("—", style="dim")
    return Text(f"{prefix}{seat}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def seats_text(seats: list[int]) -> Text:
    return Text(", ").join(seat_text(s) for s in seats) or Text("—", style="dim")


def card_text(card: str) -> Text:
    """A card by its notation name (``skald.domain.red_north.notation``): ``red3``, ``hero-blue``,
    ``jarl4``, ``thor``, in its colour; hidden: ``▒▒``."""
    if card == HIDDEN:
        return Text(FACE_DOWN, style="dim")
    name = card_name(card)
    parts = card.split("-")
    try:
        kind = Kind(parts[0])
        if kind is Kind.RAIDER:
            return Text(name, style=COLOUR_STYLES[Colour(parts[1])])
        if kind is Kind.HERO:
            return Text(name, style=f"bold {COLOUR_STYLES[Colour(parts[1])]}")
        if kind is Kind.JARL:
            return Text(name, style="bold white")
        God(parts[1])
        return Text(name, style="bold italic")
    except (ValueError, IndexError, KeyError):
        return Text(card)


def cards_text(cards: list[str]) -> Text:
    return Text(" · ").join(card_text(c) for c in cards) or Text("—", style="dim")


def _party(party: list[dict[str, Any]]) -> Text:
    """The Raiding Party left to right, slots numbered as the notation writes them (``@1`` at
    the left); own face-down cards are marked ``↓``."""
    slots = []
    for i, pc in enumerate(party, start=1):
        slot = Text(f"@{i}", style="dim")
        slot.append("[")
        slot.append(card_text(pc["card"]))
        if not pc["face_up"] and pc["card"] != HIDDEN:
            slot.append("↓", style="dim")
        if pc["glory"]:
            slot.append(f" ✦{pc['glory']}", style="bold yellow")
        if pc["champion"]:
            slot.append(" ♛", style="bold yellow")
        slot.append("]")
        slots.append(slot)
    return Text(" ").join(slots) or Text("—", style="dim")


def _outposts(view: dict[str, Any]) -> Table:
    table = Table(
        title="Outposts",
        title_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )
    for col in ("colour", "name", "raid pts", "owner"):
        table.add_column(col)
    pending = set(view["pending_powers"])
    for o in view["outposts"]:
        colour = o["colour"]
        name = Text(OUTPOST_NAMES.get(Colour(colour), colour))
        if colour in pending:
            name.append(" (power pending)", style="italic yellow")
        table.add_row(
            Text(colour, style=f"bold {COLOUR_STYLES.get(colour, '')}"),
            name,
            str(o["raid_points"]),
            seat_text(o["owner"]),
        )
    return table


def _players(view: dict[str, Any]) -> Table:
    table = Table(
        title="Players",
        title_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
        pad_edge=False,
    )
    table.add_column("seat", no_wrap=True)
    table.add_column("Raiding Party (left → right)", min_width=24, ratio=1)
    for col in ("hand", "glory", "VP"):
        table.add_column(col, justify="right", no_wrap=True)
    table.add_column("gods, status", min_width=10)
    acting = set(view["to_act"])
    for p in view["players"]:
        seat = p["seat"]
        name = Text("▶ " if seat in acting else "  ") + seat_text(seat)
        if seat == view["viewer"]:
            name.append(" (you)", style="italic")
        tokens = [("F", view["first_player"]), ("T", view["tie_breaker"]), ("C", view["champion"])]
        held = " ".join(t for t, holder in tokens if holder == seat)
        if held:
            name.append(f"\n  {held}", style="bold")
        gods = cards_text(p["gods"]) if p["gods"] else Text("")
        if p["invoked"]:
            gods.append(" (invoked)" if p["gods"] else "invoked", style="italic")
        status = [s for s in ("deployed", "passed") if p[s]]
        if status:
            gods.append(("\n" if gods else "") + "\n".join(status), style="dim")
        table.add_row(
            name,
            _party(p["party"]),
            str(len(p["hand"])),
            str(p["glory"]),
            str(p["vp"]),
            gods,
        )
    return table


def _muster(view: dict[str, Any]) -> RenderableType:
    if not view["muster"]:
        return Text("Muster Groups: —", style="bold")
    lines = [Text("Muster Groups:", style="bold")]
    for group in view["muster"]:
        line = Text("  ") + card_text(group["leader"]) + Text(" leads ")
        lines.append(line + cards_text(group["cards"]))
    return Group(*lines)


def draw(view: dict[str, Any]) -> RenderableType:
    rnd = view["round"]
    name = f" ({ROUND_NAMES[rnd - 1]})" if 1 <= rnd <= len(ROUND_NAMES) else ""
    head = Text.assemble(
        (f"Round {rnd}{name}", "bold"),
        f"  phase {view['phase'].replace('_', ' ')}  turn: ",
        seat_text(view["current"]),
        "  to act: ",
        seats_text(view["to_act"]),
    )
    tokens = Text.assemble(
        ("Tokens: ", "bold"),
        "first player (F) ",
        seat_text(view["first_player"]),
        "  tie breaker (T) ",
        seat_text(view["tie_breaker"]),
        "  champion (C) ",
        seat_text(view["champion"]),
        (f"\n✦ glory  ♛ champion  {FACE_DOWN} face down  ↓ face down (known to you)", "dim"),
    )
    piles = Text.assemble(
        ("Deck: ", "bold"),
        f"{view['deck_size']} cards  ",
        ("Set-aside heroes: ", "bold"),
        cards_text(view["set_aside"]),
        ("\nDiscard: ", "bold"),
        f"({len(view['discard'])}) ",
        cards_text(view["discard"]),
    )
    parts: list[RenderableType] = [head, tokens, _outposts(view), _players(view)]
    for p in view["players"]:
        if any(c != HIDDEN for c in p["hand"]):
            who = "Your hand" if p["seat"] == view["viewer"] else f"Hand of seat {p['seat']}"
            parts.append(Text(f"{who}: ", style="bold") + cards_text(p["hand"]))
        if p.get("drawn") and p["drawn"] != HIDDEN:
            parts.append(
                Text(f"Freya's card, to place face-down (seat {p['seat']}): ", style="bold")
                + cards_text([p["drawn"]])
            )
        elif p.get("drawn"):
            parts.append(Text(f"Seat {p['seat']} holds Freya's card, face-down", style="dim"))
    parts += [_muster(view), piles]
    if view["scores"]:
        scores = Text("Final scores: ", style="bold green")
        scores.append(
            Text(", ").join(seat_text(i) + Text(f" {s}") for i, s in enumerate(view["scores"]))
        )
        scores.append("  winners: ")
        scores.append(seats_text(view["winners"]))
        parts.append(scores)
    return Group(*parts)

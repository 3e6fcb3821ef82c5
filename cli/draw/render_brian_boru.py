"""Brian Boru for people: ``draw(view)`` turns the JSON form of ``BrianBoruView`` into rich text.

The printed data (regions, town colours, action cards, marriage cards) comes from the domain
modules; the view only carries what changes. Town names are not part of the printed data we
hold, so towns are drawn by id and colour.
"""

from __future__ import annotations

from typing import Any

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from skald.domain.brian_boru.cards import CARD5_COINS_DEFAULT, printed_card
from skald.domain.brian_boru.cards import Group as SymbolGroup
from skald.domain.brian_boru.map import REGIONS, TOWNS, Region
from skald.domain.brian_boru.marriages import MARRIAGE_BY_ID
from skald.domain.brian_boru.queries import EXTRA_COST

SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold dark_orange", "bold orchid")
COLOUR_STYLES = {"red": "red", "blue": "dodger_blue1", "yellow": "yellow", "white": "bright_white"}
SYMBOLS = {"coin_gain": "+coin", "coin_pay": "-coin", "free_viking": "free viking"}


def seat_text(seat: int | None, prefix: str = "seat ") -> Text:
    if seat is None or seat < 0:
        return Text("—", style="dim")
    return Text(f"{prefix}{seat}", style=SEAT_STYLES[seat % len(SEAT_STYLES)])


def _groups(groups: tuple[SymbolGroup, ...]) -> str:
    names = [(g.count, SYMBOLS.get(g.symbol.value, g.symbol.value)) for g in groups]
    return ", ".join(f"{n}×{name}" if n > 1 else name for n, name in names)


def card5_of(view: dict[str, Any]) -> int:
    """The game's coins on action card 5 (option ``card5_coins``; absent in a view: printed)."""
    return int(view.get("card5_coins") or CARD5_COINS_DEFAULT)


def scored(region: Region, claim: dict[str, Any] | None) -> tuple[int, int]:
    """A region's threshold and value as the game scores them (the view's claim carries them:
    Dubhlinn's follow the ``dubhlinn`` option), else as printed."""
    if claim and claim.get("threshold"):
        return int(claim["threshold"]), int(claim.get("value") or 0)
    return region.threshold, region.value


def card_text(card: str, actions: bool = False, card5_coins: int = CARD5_COINS_DEFAULT) -> Text:
    """``7 yellow`` (coloured); with ``actions`` the printed primary / A / B actions."""
    printed = printed_card(card, card5_coins)
    if printed is None:
        return Text(card, style="dim")
    colour = printed.colour.value
    out = Text(f"{printed.value:>2} {colour}", style=f"bold {COLOUR_STYLES[colour]}")
    if actions:
        out.append(f"  P: {_groups(printed.primary)}  A: {_groups(printed.secondary_a)}")
        if printed.secondary_b:
            out.append(f"  B: {_groups(printed.secondary_b)}")
    return out


def marriage_text(card: str | None) -> Text:
    if not card:
        return Text("—", style="dim")
    m = MARRIAGE_BY_ID.get(card)
    if m is None:
        return Text(card)
    if m.princess:
        return Text(m.name, style="bold")
    region = {r.key: r.name for r in REGIONS}.get(m.town_region, "")
    gains = [f"{m.points} pts"] + [f"{m.renown} renown"] * bool(m.renown)
    gains += [f"a town in {region}"] * bool(region)
    return Text.assemble((m.name, "bold"), f" ({', '.join(gains)})")


def _town(town: int, state: dict[str, Any] | None, active: bool) -> Text:
    colour = TOWNS[town - 1].colour.value
    chip = Text("▶" if active else "", style="bold reverse")
    chip.append(f"{town}", style=f"{COLOUR_STYLES[colour]}{' reverse' if active else ''}")
    chip.append(f"{colour[0]}:", style="dim")
    if state is None or state["owner"] < 0:
        chip.append("·", style="dim")
    else:
        chip.append(seat_text(state["owner"], "s"))
    if state and state["monastery"]:
        chip.append("⛪M", style="bold white")
    if state and state["viking"]:
        chip.append("☠V", style="bold red")
    return chip


def _table(title: str, caption: str | None = None) -> Table:
    return Table(
        title=title,
        title_justify="left",
        caption=caption,
        caption_justify="left",
        header_style="bold",
        box=box.SIMPLE_HEAD,
        show_edge=False,
    )


def _map(view: dict[str, Any]) -> Table:
    towns = {t["town"]: t for t in view["towns"]}
    claims = {c["region"]: c for c in view["claims"]}
    table = _table("Ireland", "⛪M monastery  ☠V Viking  ▶ active town  · empty")
    table.add_column("region thr/val", no_wrap=True)
    table.add_column("claim / held")
    table.add_column("towns: id colour:owner")
    for region in REGIONS:
        claim = claims.get(region.key, {"face_up": False, "holder": None})
        status = Text("face up, " if claim["face_up"] else "face down, ", style="dim")
        held = claim["holder"] is not None
        status.append(seat_text(claim["holder"]) if held else Text("unheld"))
        counts: dict[int, int] = {}
        for t in region.towns:
            if t in towns and towns[t]["owner"] >= 0:
                counts[towns[t]["owner"]] = counts.get(towns[t]["owner"], 0) + 1
        owned = Text(" ").join(seat_text(s, "s") + Text(f"×{n}") for s, n in sorted(counts.items()))
        chips = Text(" ").join(
            _town(t, towns.get(t), t == view["active_town"]) for t in region.towns
        )
        threshold, value = scored(region, claim)
        name = Text(region.name, style="bold") + Text(f"  {threshold}/{value}")
        table.add_row(name, Text("\n").join([status, owned]) if counts else status, chips)
    return table


def _players(view: dict[str, Any]) -> RenderableType:
    """The players' table, narrow enough for an 80-column terminal (a wider one made rich
    cut the headers and drop the last column), and each seat's marriages on a line below."""
    table = _table("Players")
    table.padding = (0, 0)
    table.add_column("seat", no_wrap=True)
    for col in ("coins", "renown", "pts", "raiders", "church", "track", "hand", "pile", "kept"):
        table.add_column(col, justify="right", no_wrap=True)
    acting = set(view["to_act"])
    married = Text("Marriages: ", style="bold")
    for p in view["players"]:
        seat = p["seat"]
        name = Text("▶ " if seat in acting else "  ") + seat_text(seat)
        if seat == view["marker_holder"]:
            name.append(" ◆", style="bold")
        if seat == view["seat"]:
            name.append(" (you)", style="italic")
        names = [MARRIAGE_BY_ID[m].name if m in MARRIAGE_BY_ID else m for m in p["marriages"]]
        if names or p["princess_option"]:
            married.append("; " if len(married) > len("Marriages: ") else "")
            married.append(seat_text(seat) + Text("".join(f" {n}," for n in names).rstrip(",")))
            if p["princess_option"]:
                married.append(f" [{p['princess_option'].replace('_', ' ')}]", style="italic")
        table.add_row(
            name,
            *(str(p[k]) for k in ("coins", "renown", "points", "raiders", "church_discs")),
            str(p["track_space"]),
            str(p["hand_count"]),
            str(p["pile_count"]),
            "yes" if p["has_kept"] else "no",
        )
    if len(married) == len("Marriages: "):
        married.append("—")
    return Group(table, married)


def _pending(decision: dict[str, Any] | None) -> Text | None:
    if not decision:
        return None
    out = Text("Pending: ", style="bold yellow")
    out.append(seat_text(decision["seat"]))
    out.append(f" must decide {decision['kind'].replace('_', ' ')}")
    if decision.get("card"):
        out.append(" for card ")
        out.append(card_text(decision["card"]))
    if decision.get("about"):
        out.append(f" (about {decision['about']})")
    if decision.get("options"):
        out.append(f"; towns {', '.join(map(str, decision['options']))}")
    if decision.get("max_extra"):
        out.append(f"; up to {decision['max_extra']} extra ({EXTRA_COST} coins each)")
    return out


def _cards(label: str, cards: list[str], card5_coins: int) -> RenderableType:
    if not cards:
        return Text(f"{label}: —", style="bold")
    lines = (Text("  ") + card_text(c, True, card5_coins) for c in cards)
    return Group(Text(f"{label}:", style="bold"), *lines)


def draw(view: dict[str, Any]) -> RenderableType:
    head = Text.assemble(
        (f"Round {view['round']}", "bold"),
        (" (final)" if view["final_round"] else "", "bold red"),
        f"  phase {view['phase'].replace('_', ' ')}  trick {view['trick_number']}  start ",
        seat_text(view["start_seat"]),
        "  marker ◆ ",
        seat_text(view["marker_holder"]),
        "  to act: ",
        Text(", ").join(seat_text(s) for s in view["to_act"]) or Text("—"),
    )
    trick = Text("Trick: ", style="bold")
    trick.append("active town ")
    trick.append(str(view["active_town"]) if view["active_town"] is not None else "—")
    trick.append(" | ")
    for i, played in enumerate(view["trick"]):
        trick.append(", " if i else "")
        trick.append(seat_text(played["seat"]) + Text(" ") + card_text(played["card"]))
    if not view["trick"]:
        trick.append("no cards played", style="dim")
    table = Text.assemble(
        ("Vikings on battlefield: ", "bold"),
        (str(view["battlefield"]), "bold red"),
        f" (deck {view['viking_deck_count']})  ",
        ("Marriage on offer: ", "bold"),
        marriage_text(view["marriage_card"]),
        f" (deck {view['marriage_deck_count']})  discards {view['discard_count']}",
    )
    parts: list[RenderableType] = [head, trick, table, _map(view), _players(view)]
    pending = _pending(view["pending"])
    if pending is not None:
        parts.append(pending)
    if view["seat"] is not None:
        card5 = card5_of(view)
        parts += [
            _cards("Your hand", view["hand"], card5),
            _cards("Your pile", view["pile"], card5),
        ]
    if view["scores"]:
        scores = Text("Final scores: ", style="bold green")
        scores.append(
            Text(", ").join(seat_text(i) + Text(f" {s}") for i, s in enumerate(view["scores"]))
        )
        scores.append("  winner: ")
        scores.append(Text(", ").join(seat_text(w) for w in view["winners"]))
        parts.append(scores)
    return Group(*parts)

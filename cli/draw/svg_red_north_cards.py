"""Red North's cards as SVG: a card face from its id alone, a card back, a small card.

A card id carries its kind and colour (``raider-red-03``, ``hero-blue``, ``jarl-04``,
``god-thor``); the face shows the kind on a band of its suit colour and the printed Raid
Points (Raider 2, Hero 4, Jarl +1 to its neighbours), and its ``<title>`` the full name and,
for a God, its printed text (``skald.domain.red_north.components``). A card only one seat may see
carries ``class="hand"``/``"hidden-card"`` and ``data-seat``.
"""

from __future__ import annotations

from functools import lru_cache

from skald.cli.draw import svg_writer as sw
from skald.domain.red_north.components import (
    GOD_TEXT,
    HERO_POINTS,
    JARL_BONUS,
    RAIDER_POINTS,
    Colour,
    God,
    Kind,
    base_points,
    is_warrior,
    kind_of,
)

SUITS: dict[str, tuple[str, str, str]] = {
    # colour: (card colour, ink on it, pale tint)
    "green": ("#2f8f3a", "#fff", "#e3f2e4"),
    "purple": ("#7b3fa0", "#fff", "#efe4f5"),
    "red": ("#c0392b", "#fff", "#f8e1de"),
    "yellow": ("#e3b505", "#222", "#fbf3d0"),
    "blue": ("#1f6fbf", "#fff", "#dde9f7"),
}
JARL = ("#6d5a3a", "#fff", "#efe9dc")
GOD = ("#2b2d42", "#f4d35e", "#e6e6ee")
CARD_W, CARD_H = 56, 80
MINI_W, MINI_H = 30, 42
STYLE = (
    ".skald-red-north .back{fill:#5b3a29;stroke:#2e1d14;stroke-width:1.2}"
    ".skald-red-north .edge{fill:#fff;stroke-width:2.5}"
)


def describe(card: str) -> tuple[str, str, tuple[str, str, str]]:
    """(short name, full name, colours) of a card id: ``Raider 3``, ``Raider, red (2 Raid
    Points)``; an id we do not know is shown as it is."""
    parts = card.split("-")
    try:
        kind = Kind(parts[0])
        if kind is Kind.RAIDER:
            colour = Colour(parts[1])
            full = f"Raider {int(parts[2])}, {colour.value} ({RAIDER_POINTS} Raid Points)"
            return "Raider", full, SUITS[colour.value]
        if kind is Kind.HERO:
            colour = Colour(parts[1])
            return "Hero", f"Hero, {colour.value} ({HERO_POINTS} Raid Points)", SUITS[colour.value]
        if kind is Kind.JARL:
            bonus = f"+{JARL_BONUS} to adjacent Raiders and Heroes"
            return "Jarl", f"Jarl {int(parts[1])} ({bonus})", JARL
        god = God(parts[1])
        return god.value.title(), f"God {god.value.title()}: {GOD_TEXT[god]}", GOD
    except (ValueError, IndexError, KeyError):
        return card, card, JARL


def _centre_value(card: str) -> str:
    """The printed Raid Points (``base_points``), a Jarl's bonus, else a God's star."""
    try:
        if is_warrior(card):
            return str(base_points(card))
    except ValueError:
        return "✶"
    parts = card.split("-")
    if kind_of(card) is Kind.JARL and len(parts) > 1 and parts[1].isdigit():
        return f"+{JARL_BONUS}"
    return "✶"


@lru_cache(maxsize=4096)
def card(
    x: float,
    y: float,
    card_id: str,
    *,
    secret_of: int | None = None,
    note: str = "",
    glory: int = 0,
    champion: bool = False,
    face_down: bool = False,
) -> str:
    """One card, face up. ``secret_of`` marks a card only that seat may see."""
    short, full, (fill, ink, tint) = describe(card_id)
    if face_down:
        full += " — face down, known to its owner"
    if note:
        full += f" — {note}"
    parts = [
        sw.rect(
            x,
            y,
            CARD_W,
            CARD_H,
            tint,
            rx=5,
            stroke=fill,
            stroke_width=2.5,
            stroke_dasharray="5 3" if face_down else None,
        ),
        sw.rect(x + 2, y + 2, CARD_W - 4, 18, fill, rx=3),
        sw.text(
            x + CARD_W / 2, y + 15, short, 11, fill=ink, font_weight="bold", text_anchor="middle"
        ),
        sw.text(
            x + CARD_W / 2,
            y + 50,
            _centre_value(card_id),
            22,
            fill=fill,
            font_weight="bold",
            text_anchor="middle",
        ),
    ]
    number = card_id.rsplit("-", 1)[-1]
    if number.isdigit():
        parts.append(
            sw.text(
                x + CARD_W - 5,
                y + CARD_H - 6,
                str(int(number)),
                9,
                fill=sw.MUTED,
                text_anchor="end",
            )
        )
    if face_down:
        parts.append(sw.text(x + 5, y + CARD_H - 6, "↓", 11, fill=sw.MUTED))
    if glory:
        parts.append(sw.circle(x + 12, y + 64, 9, "#f4c430", stroke="#8a6d00"))
        parts.append(
            sw.text(x + 12, y + 68, f"{glory}", 11, font_weight="bold", text_anchor="middle")
        )
    if champion:
        parts.append(
            sw.text(x + CARD_W - 12, y + 68, "♛", 16, fill="#1f6fbf", text_anchor="middle")
        )
    if glory:
        full += f", {glory} Glory"
    if champion:
        full += ", Champion token"
    cls = None if secret_of is None else ("hidden-card" if face_down or note else "hand")
    seat = None if secret_of is None else str(secret_of)
    return sw.group(parts, full, cls=cls, data_seat=seat, data_card=card_id)


@lru_cache(maxsize=1024)
def back(x: float, y: float, owner: int | None, label: str = "face-down card") -> str:
    """A card back: what another seat's secret card looks like."""
    parts = [
        sw.rect(x, y, CARD_W, CARD_H, None, rx=5, cls="back"),
        sw.rect(
            x + 6, y + 6, CARD_W - 12, CARD_H - 12, "none", rx=3, stroke="#c9a227", stroke_width=1
        ),
        f"<path d='M{sw.num(x + CARD_W / 2)},{sw.num(y + 22)}l12,18l-12,18l-12,-18z'"
        " fill='none' stroke='#c9a227' stroke-width='1.5'/>",
    ]
    return sw.group(parts, label, cls="card-back", data_seat=None if owner is None else str(owner))


@lru_cache(maxsize=1024)
def mini(x: float, y: float, card_id: str) -> str:
    """A small public card (discard pile, set-aside Heroes)."""
    short, full, (fill, ink, _) = describe(card_id)
    number = card_id.rsplit("-", 1)[-1]
    label = short[0] + (str(int(number)) if number.isdigit() and short != "Raider" else "")
    parts = [
        sw.rect(x, y, MINI_W, MINI_H, fill, rx=3, stroke="#333", stroke_width=0.6),
        sw.text(
            x + MINI_W / 2, y + 26, label, 12, fill=ink, font_weight="bold", text_anchor="middle"
        ),
    ]
    return sw.group(parts, full)

"""Brian Boru as a picture: ``svg(view, seat)`` draws the JSON form of ``BrianBoruView``.

Left, Ireland (``skald.cli.draw.svg_brian_boru_map``): towns, owners, monasteries, Vikings, claims.
Right, the table: the players (points, coins, renown, raiders, church
discs, marriages, cards), the trick, the battlefield, the marriage on offer and the marriage
track, a pending decision, the seat's own hand and kept pile, and the final scores. Cards and the track are the printed data of ``skald.domain.brian_boru``; an action card shows its
value on its colour and its primary and secondary actions.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from skald.cli.draw import svg_writer as sw
from skald.cli.draw.render_brian_boru import card5_of
from skald.cli.draw.svg_brian_boru_map import MAP_W, STYLE, TOWN_FILLS, TOWN_INK, map_block
from skald.cli.draw.svg_writer import Block
from skald.domain.brian_boru.cards import Group as SymbolGroup
from skald.domain.brian_boru.cards import card_value, printed_card
from skald.domain.brian_boru.map import REGION_BY_KEY
from skald.domain.brian_boru.marriages import MARRIAGE_BY_ID, SPURN_POINTS, TRACK, TrackReward
from skald.domain.brian_boru.queries import EXTRA_COST

PANEL_X = MAP_W + 24
PANEL_W = 520.0
SYMBOL_WORDS = {
    "town": "town",
    "coin_gain": "+coin",
    "coin_pay": "−coin",
    "renown": "renown",
    "church": "church",
    "raider": "raider",
    "marriage": "marriage",
    "expand": "expand",
    "free_viking": "free Viking",
}


def _groups(groups: tuple[SymbolGroup, ...]) -> str:
    words = [(g.count, SYMBOL_WORDS.get(g.symbol.value, g.symbol.value)) for g in groups]
    return ", ".join(f"{n}× {w}" if n > 1 else w for n, w in words)


def card_words(card: str, card5_coins: int) -> str:
    """``7 yellow — primary: town, marriage, +coin; A: …; B: …`` from the printed data."""
    printed = printed_card(card, card5_coins)
    if printed is None:
        return card
    out = f"{printed.value} {printed.colour.value} — primary: {_groups(printed.primary)}; "
    out += f"A: {_groups(printed.secondary_a)}"
    if printed.secondary_b:
        out += f"; B: {_groups(printed.secondary_b)}"
    return out


@lru_cache(maxsize=4096)
def action_card(
    x: float,
    y: float,
    card: str,
    *,
    card5_coins: int,
    secret_of: int | None = None,
    kept: bool = False,
    small: bool = False,
) -> str:
    """One action card: its value large on its colour, its printed actions below."""
    printed = printed_card(card, card5_coins)
    w, h = (44, 56) if small else (92, 112)
    colour = printed.colour.value if printed else "white"
    fill, ink = TOWN_FILLS[colour], TOWN_INK[colour]
    parts = [
        sw.rect(
            x, y, w, h, "#fff", rx=5, stroke="#999" if colour == "white" else fill, stroke_width=2.5
        ),
        sw.rect(x + 2, y + 2, w - 4, 26 if small else 30, fill, rx=3),
        sw.text(
            x + w / 2,
            y + (22 if small else 25),
            str(printed.value) if printed else "?",
            18 if small else 22,
            fill=ink,
            font_weight="bold",
            text_anchor="middle",
        ),
    ]
    if small:
        parts.append(sw.text(x + w / 2, y + 46, colour, 9, fill=sw.MUTED, text_anchor="middle"))
    elif printed:
        rows = [("P", printed.primary), ("A", printed.secondary_a), ("B", printed.secondary_b)]
        ty = y + 44
        for key, groups in rows:
            if not groups:
                continue
            for i, chunk in enumerate(sw.wrap(_groups(groups), 8.5, w - 18)):
                if i == 0:
                    parts.append(sw.text(x + 4, ty, key, 8.5, font_weight="bold"))
                parts.append(sw.text(x + 14, ty, chunk, 8.5))
                ty += 10.5
            ty += 2
    said = card_words(card, card5_coins) + (" (kept)" if kept else "")
    cls = None if secret_of is None else ("hidden-card" if kept else "hand")
    return sw.group(
        parts,
        said,
        cls=cls,
        data_seat=None if secret_of is None else str(secret_of),
        data_card=card,
    )


def _head(view: dict[str, Any], seat: int | None) -> Block:
    rnd = view.get("round", 0)
    final = " (final round)" if view.get("final_round") else ""
    phase = str(view.get("phase", "")).replace("_", " ")
    first = f"Brian Boru — round {rnd}{final} · {phase}"
    if view.get("phase") in ("lead", "play", "resolve"):
        first += f" · trick {view.get('trick_number')}"
    acting = ", ".join(f"seat {s}" for s in view.get("to_act") or ()) or "nobody"
    who = sw.viewer_words(view, seat)
    second = f"start seat {view.get('start_seat')} · to act: {acting} · as seen by {who}"
    return Block(
        [sw.text(0, 24, first, 22, font_weight="bold"), sw.text(0, 46, second, 14, fill=sw.MUTED)],
        MAP_W + PANEL_W,
        56,
    )


PLAYER_COLUMNS = (
    ("points", "points"),
    ("coins", "coins"),
    ("renown", "renown"),
    ("raiders", "raiders"),
    ("church_discs", "church"),
    ("track_space", "track"),
)


def _players(view: dict[str, Any]) -> Block:
    parts = [sw.text(0, 16, "Players", 16, font_weight="bold")]
    xs = [110 + 52 * i for i in range(len(PLAYER_COLUMNS))]
    for x, (_, label) in zip(xs, PLAYER_COLUMNS, strict=True):
        parts.append(sw.text(x + 40, 36, label, 11, fill=sw.MUTED, text_anchor="end"))
    parts.append(sw.text(430, 36, "cards", 11, fill=sw.MUTED))
    y = 44.0
    acting = set(view.get("to_act") or ())
    for p in view.get("players") or ():
        s = int(p.get("seat", 0))
        row = [
            sw.rect(
                0,
                y,
                PANEL_W,
                40,
                "#fff" if s != view.get("seat") else "#fff8e6",
                rx=5,
                stroke="#ccc",
            ),
            sw.seat_chip(16, y + 20, s, 10),
            sw.text(
                32,
                y + 18,
                f"Seat {s}" + (" (you)" if s == view.get("seat") else ""),
                13,
                font_weight="bold",
            ),
        ]
        notes = []
        if s in acting:
            notes.append("to act")
        if s == view.get("marker_holder"):
            notes.append("◆ marker")
        row.append(sw.text(32, y + 33, " · ".join(notes), 10, fill="#b35c00"))
        for x, (key, _) in zip(xs, PLAYER_COLUMNS, strict=True):
            row.append(
                sw.text(
                    x + 40,
                    y + 26,
                    str(p.get(key, 0)),
                    16 if key == "points" else 14,
                    font_weight="bold" if key == "points" else None,
                    text_anchor="end",
                )
            )
        row.append(
            sw.text(
                430, y + 18, f"hand {p.get('hand_count', 0)} · pile {p.get('pile_count', 0)}", 11
            )
        )
        names = [
            MARRIAGE_BY_ID[m].name.split(",")[0] if m in MARRIAGE_BY_ID else m
            for m in p.get("marriages") or ()
        ]
        married = ", ".join(names)
        if p.get("princess_option"):
            married += f" ({str(p['princess_option']).replace('_', ' ')})"
        row.append(
            sw.text(430, y + 33, sw.clip(married or "no marriage", 10, 88), 10, fill=sw.MUTED)
        )
        said = (
            f"Seat {s}: {p.get('points')} points, {p.get('coins')} coins, "
            f"{p.get('renown')} renown, {p.get('raiders')} raiders, "
            f"{p.get('church_discs')} church discs, marriage track space "
            f"{p.get('track_space')}, marriages: {married or 'none'}, "
            f"{p.get('hand_count')} cards in hand, {p.get('pile_count')} kept"
        )
        parts.append(sw.group(row, said, cls="player", data_seat=str(s)))
        y += 44
    return Block(parts, PANEL_W, y)


def _trick(view: dict[str, Any]) -> Block:
    active = view.get("active_town")
    town = "—" if active is None else f"town {active}"
    parts = [
        sw.text(0, 16, f"Trick {view.get('trick_number', 0)}", 16, font_weight="bold"),
        sw.text(110, 16, f"active town: {town}", 13),
    ]
    x = 0.0
    for played in view.get("trick") or ():
        s = int(played.get("seat", 0))
        card = str(played.get("card"))
        parts.append(action_card(x, 26, card, card5_coins=card5_of(view), small=True))
        parts.append(sw.seat_chip(x + 22, 94, s, 9))
        x += 52
    if not view.get("trick"):
        parts.append(sw.text(0, 44, "no card played", 12, fill=sw.MUTED))
        return Block(parts, PANEL_W, 52)
    return Block(parts, PANEL_W, 106)


def _table(view: dict[str, Any]) -> Block:
    """Battlefield, marriage on offer and the marriage track."""
    vikings = int(view.get("battlefield", 0))
    parts = [
        sw.text(0, 16, "Battlefield", 14, font_weight="bold"),
        sw.text(
            100,
            16,
            f"{vikings} Viking raiders · Viking deck {view.get('viking_deck_count', 0)}",
            12,
        ),
    ]
    for i in range(vikings):
        r, k = divmod(i, 20)
        parts.append(
            f"<path d='M{sw.num(k * 14)},{sw.num(26 + r * 16)}h11l-2,10h-7z' fill='#333'/>"
        )
    y = 26 + 16 * max(1, math.ceil(vikings / 20)) + 8
    card = view.get("marriage_card")
    m = MARRIAGE_BY_ID.get(card) if card else None
    offer = "—" if not card else (m.name if m else str(card))
    if m and not m.princess:
        known = REGION_BY_KEY.get(m.town_region)
        region = known.name if known else ""
        gains = [f"{m.points} points"] + [f"{m.renown} renown"] * bool(m.renown)
        offer += " (" + ", ".join(gains + [f"a town in {region}"] * bool(region)) + ")"
    elif m:
        offer += f" (military support, establish trade or spurn: {SPURN_POINTS} points)"
    rows = sw.wrap(offer, 12, PANEL_W - 100)
    parts.append(
        sw.group(
            [
                sw.text(0, y + 14, "Marriage", 14, font_weight="bold"),
                *(sw.text(100, y + 14 + 15 * i, r, 12) for i, r in enumerate(rows)),
            ],
            f"Marriage on offer: {offer}; deck {view.get('marriage_deck_count')}",
            cls="marriage",
        )
    )
    y += 9 + 15 * max(1, len(rows))
    cell = PANEL_W / len(TRACK)
    on: dict[int, list[int]] = {}
    for p in view.get("players") or ():
        on.setdefault(int(p.get("track_space", 0)), []).append(int(p.get("seat", 0)))
    for space in TRACK:
        x = space.index * cell
        reward = (
            ""
            if space.reward is TrackReward.NONE
            else (
                "town"
                if space.reward is TrackReward.TOWN
                else f"+{space.amount} {space.reward.value}"
            )
        )
        parts.append(sw.rect(x, y, cell - 3, 46, "#f3ead6", rx=4, stroke="#b49b6c"))
        parts.append(sw.text(x + 4, y + 12, str(space.index), 9, fill=sw.MUTED))
        parts.append(sw.text(x + (cell - 3) / 2, y + 24, reward, 9, text_anchor="middle"))
        for j, s in enumerate(on.get(space.index, ())):
            parts.append(sw.seat_chip(x + 9 + (j % 3) * 14, y + 37 - (j // 3) * 0, s, 6.5))
    parts.append(sw.text(0, y + 60, "marriage track, bottom → top", 10, fill=sw.MUTED))
    return Block(parts, PANEL_W, y + 64)


def _pending(view: dict[str, Any]) -> Block | None:
    d = view.get("pending")
    if not d:
        return None
    words = f"seat {d.get('seat')} must decide: {str(d.get('kind', '')).replace('_', ' ')}"
    card = str(d.get("card") or "")
    if card in MARRIAGE_BY_ID:  # a marriage card is named, not valued
        words += f" for the marriage of {MARRIAGE_BY_ID[card].name}"
    elif card:
        words += f" for card {card_value(card)}"
    if d.get("about"):
        words += f" (about {d['about']})"
    if d.get("options"):
        words += f"; towns {', '.join(map(str, d['options']))}"
    if d.get("max_extra"):
        words += f"; up to {d['max_extra']} extra ({EXTRA_COST} coins each)"
    lines = sw.wrap(words, 12, PANEL_W)
    parts = [
        sw.text(0, 14 + 15 * i, chunk, 12, fill="#b35c00", font_weight="bold")
        for i, chunk in enumerate(lines)
    ]
    return Block(
        [sw.group(parts, "Pending: " + words, cls="pending")], PANEL_W, 15 * len(lines) + 4
    )


def _hands(view: dict[str, Any]) -> list[Block]:
    """Each hand the view holds (its own seat; every seat in a referee's drawing)."""
    held = view.get("hands")
    if held is None:
        seat = view.get("seat")
        held = (
            []
            if seat is None
            else [{"seat": seat, "hand": view.get("hand") or (), "pile": view.get("pile") or ()}]
        )
    out = []
    card5 = card5_of(view)
    for h in held:
        s = int(h["seat"])
        for key, label, kept in (("hand", "hand", False), ("pile", "kept pile", True)):
            cards = [str(c) for c in h.get(key) or ()]
            parts = [sw.text(0, 15, f"Seat {s}'s {label} ({len(cards)})", 14, font_weight="bold")]
            per_row = int(PANEL_W // 98)
            for i, c in enumerate(cards):
                r, k = divmod(i, per_row)
                parts.append(
                    action_card(k * 98, 22 + r * 118, c, card5_coins=card5, secret_of=s, kept=kept)
                )
            rows = math.ceil(len(cards) / per_row)
            out.append(Block(parts, PANEL_W, 22 + rows * 118 if cards else 20))
    return out


def svg(view: dict[str, Any], seat: int | None = None) -> str:
    """The picture of one Brian Boru view as one ``<svg>`` element (no XML prolog)."""
    seat = view.get("seat") if seat is None else seat
    panel: list[Block] = []
    scores = sw.scores_block(view, "points", PANEL_W, per_row=3)
    if scores:
        panel.append(scores)
    panel += [_players(view), _trick(view), _table(view)]
    pending = _pending(view)
    if pending:
        panel.append(pending)
    panel += _hands(view)
    right = sw.stack(panel, gap=16)
    board = map_block(view)
    body = Block(
        [right.at(PANEL_X, 0), *board.parts], PANEL_X + PANEL_W, max(board.height, right.height)
    )
    page = sw.stack([_head(view, seat), body], gap=10)
    label = f"Brian Boru, round {view.get('round')}, as seen by " + sw.viewer_words(view, seat)
    return sw.document(page, label, "skald-brian-boru", STYLE)


def referee_view(views: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One view holding every seat's hand and kept pile, from each seat's own view
    (``views[seat]``), for the referee's drawing."""
    out = dict(views[0], seat=None, hand=[], pile=[], referee=True)
    out["hands"] = [
        {"seat": s, "hand": list(v.get("hand") or ()), "pile": list(v.get("pile") or ())}
        for s, v in enumerate(views)
    ]
    return out

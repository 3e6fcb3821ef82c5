"""Red North as a picture: ``svg(view, seat)`` draws the JSON form of ``RedNorthView``.

The table as players see it: the round and whose turn it is, the three special tokens, the
Outposts in their colours with printed names and owners, the Muster Groups, each player's
Glory, VP, Gods and Raiding Party left to right, the deck, the set-aside Heroes and the
discard pile, and the final scores. Cards are drawn from their ids (``raider-red-03``,
``hero-blue``, ``jarl-04``, ``god-thor``) with the names and strengths of the printed data
(``skald.domain.red_north.components``). A card the view holds as ``hidden`` is drawn as a card
back; a card only its owner may see (hand, own face-down Party card, Freya's draw) carries
``class="hand"``/``"hidden-card"`` and ``data-seat``, so a page can be checked for it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skald.cli.draw import svg_writer as sw
from skald.cli.draw.svg_red_north_cards import (
    CARD_H,
    CARD_W,
    JARL,
    MINI_H,
    MINI_W,
    STYLE,
    SUITS,
    back,
    card,
    describe,
    mini,
)
from skald.cli.draw.svg_writer import Block
from skald.domain.red_north.components import (
    HIDDEN,
    OUTPOST_NAMES,
    OUTPOST_TEXT,
    ROUND_NAMES,
    Colour,
)

WIDTH = 1180
TOKENS = (
    ("first_player", "First player"),
    ("tie_breaker", "Tie breaker"),
    ("champion", "Champion"),
)


def _seat_name(view: dict[str, Any], seat: int) -> str:
    return f"Seat {seat}" + (" (you)" if view.get("viewer") == seat else "")


def _head(view: dict[str, Any], seat: int | None) -> Block:
    rnd = int(view.get("round") or 0)
    name = ROUND_NAMES[rnd - 1] if 1 <= rnd <= len(ROUND_NAMES) else "setup"
    phase = str(view.get("phase", "")).replace("_", " ")
    first = f"Red North — round {rnd} of {len(ROUND_NAMES)}: {name} · {phase}"
    acting = ", ".join(f"seat {s}" for s in view.get("to_act") or ()) or "nobody"
    current = view.get("current")
    who = sw.viewer_words(view, seat)
    second = (f"turn: seat {current} · " if current is not None else "") + f"to act: {acting}"
    second += f" · as seen by {who}"
    parts = [
        sw.text(0, 24, first, 22, font_weight="bold"),
        sw.text(0, 46, second, 14, fill=sw.MUTED),
    ]
    x = 0.0
    y = 60.0
    for key, label in TOKENS:
        holder = view.get(key)
        words = f"{label}: " + ("—" if holder is None else f"seat {holder}")
        parts.append(
            sw.group(
                [
                    sw.rect(x, y, 28 + sw.width_of(words, 13), 26, "#fff", rx=13, stroke="#999"),
                    sw.text(x + 12, y + 18, words, 13),
                ]
                + (
                    [sw.seat_chip(x + 20 + sw.width_of(words, 13), y + 13, int(holder), 8)]
                    if holder is not None
                    else []
                ),
                f"{label} token: " + ("nobody" if holder is None else f"seat {holder}"),
                cls="token",
            )
        )
        x += 48 + sw.width_of(words, 13)
    key = "gold disc: Glory on the card · ♛ Champion · dashed: face down, seen by its owner only"
    parts.append(sw.text(x + 8, y + 18, key, 11.5, fill=sw.MUTED))
    return Block(parts, WIDTH, y + 30)


def _outposts(view: dict[str, Any]) -> Block:
    pending = set(view.get("pending_powers") or ())
    parts = [sw.text(0, 16, "Outposts", 16, font_weight="bold")]
    x = 0.0
    for o in view.get("outposts") or ():
        colour = str(o.get("colour"))
        fill, ink, tint = SUITS.get(colour, JARL)
        try:
            name = OUTPOST_NAMES[Colour(colour)]
            power = OUTPOST_TEXT[Colour(colour)]
        except ValueError:
            name, power = colour, ""
        owner = o.get("owner")
        tile = [
            sw.rect(x, 26, 220, 92, tint, rx=8, stroke=fill, stroke_width=3),
            sw.rect(x, 26, 220, 30, fill, rx=8),
            sw.text(x + 12, 48, name, 17, fill=ink, font_weight="bold"),
            sw.text(x + 208, 48, colour, 12, fill=ink, text_anchor="end"),
            sw.text(x + 12, 78, f"Raid Points {o.get('raid_points', '?')}", 13),
        ]
        if owner is None:
            tile.append(sw.text(x + 12, 104, "no owner", 13, fill=sw.MUTED))
        else:
            tile.append(sw.seat_chip(x + 21, 100, int(owner), 9))
            tile.append(sw.text(x + 36, 105, f"owner: seat {owner}", 13, font_weight="bold"))
        if colour in pending:
            tile.append(
                sw.text(
                    x + 208,
                    78,
                    "power pending",
                    12,
                    fill="#b35c00",
                    font_weight="bold",
                    text_anchor="end",
                )
            )
        said = (
            f"Outpost {name} ({colour}), Raid Points {o.get('raid_points')}, "
            + ("no owner" if owner is None else f"owned by seat {owner}")
            + (", power pending" if colour in pending else "")
            + f". {power}"
        )
        parts.append(sw.group(tile, said, cls="outpost", data_colour=colour))
        x += 232
    return Block(parts, max(x, 200), 122)


def _muster(view: dict[str, Any]) -> Block | None:
    groups = view.get("muster") or ()
    if not groups:
        return None
    parts = [sw.text(0, 16, "Muster Groups", 16, font_weight="bold")]
    x = 0.0
    for i, g in enumerate(groups):
        cards = [g.get("leader"), *(g.get("cards") or ())]
        w = len(cards) * (CARD_W + 4) + 12
        inner = [sw.rect(x, 24, w, CARD_H + 16, "#fff", rx=6, stroke="#bbb")]
        for j, c in enumerate(cards):
            inner.append(card(x + 6 + j * (CARD_W + 4), 32, str(c)))
        parts.append(
            sw.group(
                inner,
                f"Muster Group {i + 1}: "
                + ", ".join(describe(str(c))[1].split(" (")[0] for c in cards),
                cls="muster",
            )
        )
        x += w + 12
    return Block(parts, x, CARD_H + 44)


def _hand(player: dict[str, Any], seat: int, x: float, y: float) -> tuple[list[str], float]:
    """Own hand as cards; another seat's as backs with the count."""
    hand = [str(c) for c in player.get("hand") or ()]
    out = [sw.text(x, y + 14, f"Hand ({len(hand)})", 13, font_weight="bold")]
    known = [c for c in hand if c != HIDDEN]
    cx = x
    if known:
        for c in known:
            out.append(card(cx, y + 22, c, secret_of=seat))
            cx += CARD_W + 4
    backs = len(hand) - len(known)
    for i in range(backs):
        out.append(back(cx + i * 12, y + 22, seat, f"seat {seat}'s hand: {backs} cards"))
    if backs:
        cx += (backs - 1) * 12 + CARD_W + 4
    if not hand:
        out.append(sw.text(x, y + 40, "empty", 13, fill=sw.MUTED))
    return out, cx - x


def _player(view: dict[str, Any], p: dict[str, Any]) -> Block:
    seat = int(p.get("seat", 0))
    acting = seat in set(view.get("to_act") or ())
    parts = [
        sw.rect(0, 0, WIDTH, 10, sw.SEAT_COLOURS[seat % len(sw.SEAT_COLOURS)], rx=4),
        sw.seat_chip(16, 34, seat, 12),
        sw.text(36, 40, _seat_name(view, seat), 18, font_weight="bold"),
    ]
    status = [
        w
        for w, on in (
            ("to act", acting),
            ("deployed", p.get("deployed")),
            ("passed", p.get("passed")),
        )
        if on
    ]
    held = [label for key, label in TOKENS if view.get(key) == seat]
    parts.append(
        sw.text(
            4,
            62,
            " · ".join(status) or "waiting",
            12,
            fill="#b35c00" if acting else sw.MUTED,
            font_weight="bold" if acting else None,
        )
    )
    for i, label in enumerate(held):
        parts.append(sw.text(4, 76 + 12 * i, f"◆ {label} token", 10.5))
    parts.append(
        sw.group(
            [
                sw.text(4, 118, f"✦ {p.get('glory', 0)}", 18, fill="#a67c00", font_weight="bold"),
                sw.text(4, 130, "Glory", 10, fill=sw.MUTED),
            ],
            f"seat {seat}: {p.get('glory', 0)} Glory",
            cls="glory",
        )
    )
    parts.append(
        sw.group(
            [
                sw.text(76, 118, f"{p.get('vp', 0)}", 18, font_weight="bold"),
                sw.text(76, 130, "VP", 10, fill=sw.MUTED),
            ],
            f"seat {seat}: {p.get('vp', 0)} VP",
            cls="vp",
        )
    )
    # Raiding Party, left to right
    x = 170.0
    party = p.get("party") or ()
    parts.append(sw.text(x, 30, "Raiding Party (left → right)", 13, font_weight="bold"))
    for i, pc in enumerate(party):
        c = str(pc.get("card"))
        cx = x + i * (CARD_W + 6)
        if c == HIDDEN:
            parts.append(back(cx, 40, seat, f"seat {seat}'s Party, position {i + 1}: face down"))
        else:
            down = not pc.get("face_up", True)
            parts.append(
                card(
                    cx,
                    40,
                    c,
                    secret_of=seat if down else None,
                    face_down=down,
                    glory=int(pc.get("glory") or 0),
                    champion=bool(pc.get("champion")),
                )
            )
    if not party:
        parts.append(sw.text(x, 70, "no cards", 13, fill=sw.MUTED))
    right = x + max(len(party) * (CARD_W + 6), sw.width_of("Raiding Party (left → right)", 13)) + 20
    # Freya's card awaiting placement
    drawn = p.get("drawn")
    if drawn:
        parts.append(sw.text(right, 30, "Freya's draw", 13, font_weight="bold"))
        if drawn == HIDDEN:
            parts.append(back(right, 40, seat, f"seat {seat} holds Freya's card face down"))
        else:
            parts.append(card(right, 40, str(drawn), secret_of=seat, note="Freya's card to place"))
        right += max(CARD_W, sw.width_of("Freya's draw", 13)) + 20
    # Gods
    gods = p.get("gods") or ()
    parts.append(
        sw.text(
            right, 30, "Gods" + (" (invoked)" if p.get("invoked") else ""), 13, font_weight="bold"
        )
    )
    for i, g in enumerate(gods):
        parts.append(card(right + i * (CARD_W + 6), 40, str(g)))
    if not gods:
        parts.append(sw.text(right, 70, "—", 13, fill=sw.MUTED))
    right += max(len(gods) * (CARD_W + 6), sw.width_of("Gods (invoked)", 13)) + 20
    hand_parts, hand_w = _hand(p, seat, right, 16)
    if right + hand_w > WIDTH:
        hand_parts, hand_w = _hand(p, seat, 170, 128)
        height = 128 + 22 + CARD_H + 8
    else:
        height = 40 + CARD_H + 14
    parts += hand_parts
    body = [sw.rect(0, 0, WIDTH, height, "#fff", rx=6, stroke="#ccc"), *parts]
    said = f"{_seat_name(view, seat)}: {p.get('glory', 0)} Glory, {p.get('vp', 0)} VP"
    return Block([sw.group(body, said, cls="player", data_seat=str(seat))], WIDTH, height)


def _piles(view: dict[str, Any]) -> Block:
    parts = [
        sw.text(0, 16, "Deck", 14, font_weight="bold"),
        back(0, 24, None, f"the deck: {view.get('deck_size', 0)} cards"),
        sw.text(
            CARD_W / 2,
            24 + CARD_H + 18,
            f"{view.get('deck_size', 0)} cards",
            12,
            text_anchor="middle",
        ),
    ]
    x = CARD_W + 30
    aside = view.get("set_aside") or ()
    parts.append(sw.text(x, 16, "Set-aside Heroes", 14, font_weight="bold"))
    for i, c in enumerate(aside):
        parts.append(mini(x + i * (MINI_W + 4), 24, str(c)))
    if not aside:
        parts.append(sw.text(x, 44, "—", 13, fill=sw.MUTED))
    x += max(150, len(aside) * (MINI_W + 4) + 20)
    discard = view.get("discard") or ()
    parts.append(
        sw.text(x, 16, f"Discard pile ({len(discard)}, oldest first)", 14, font_weight="bold")
    )
    per_row = max(1, int((WIDTH - x) // (MINI_W + 4)))
    for i, c in enumerate(discard):
        r, k = divmod(i, per_row)
        parts.append(mini(x + k * (MINI_W + 4), 24 + r * (MINI_H + 4), str(c)))
    rows = (len(discard) + per_row - 1) // per_row
    height = max(24 + CARD_H + 24, 24 + rows * (MINI_H + 4))
    return Block(parts, WIDTH, height)


def svg(view: dict[str, Any], seat: int | None = None) -> str:
    """The picture of one Red North view as one ``<svg>`` element (no XML prolog)."""
    seat = view.get("viewer") if seat is None else seat
    blocks = [_head(view, seat), _outposts(view)]
    muster = _muster(view)
    if muster:
        blocks.append(muster)
    blocks += [_player(view, p) for p in view.get("players") or ()]
    blocks.append(_piles(view))
    scores = sw.scores_block(view, "VP", WIDTH)
    if scores:
        blocks.insert(1, scores)
    body = sw.stack(blocks, gap=14)
    label = f"Red North, round {view.get('round')}, as seen by " + sw.viewer_words(view, seat)
    return sw.document(body, label, "skald-red-north", STYLE)


def referee_view(views: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """One view holding every seat's secrets, from each seat's own view (``views[seat]``):
    hands, face-down Party cards and Freya's draw, for the referee's drawing."""
    return sw.seats_merged(views)

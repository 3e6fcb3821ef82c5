"""One seat of A Feast for Odin as SVG: its boards, ships, supply and occupations.

The home board, the claimed exploration boards, the houses and the banquet table of the round
(``skald.cli.draw.svg_feast_boards``), then the ships with their ore, goods and special tiles as chips in
their colours, Vikings, resources, weapons, the occupations played and the hand: by name for
the seat whose view it is (``class="hand"``, ``data-seat``), otherwise only as a count of card
backs — the view holds no more.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from skald.cli.draw import feast_boards as fb
from skald.cli.draw import svg_writer as sw
from skald.cli.draw.svg_feast_boards import FILLS, banquet_picture, board_picture
from skald.cli.draw.svg_writer import Block
from skald.domain.feast.goods import Colour
from skald.domain.feast.special_tiles import SPECIAL_SPECS, SpecialTile

WIDTH = 1160
LABEL_W = 132


def item_name(item: str) -> str:
    """The printed name of a good or special tile id (``salt-meat`` → ``Salt meat``)."""
    try:
        return SPECIAL_SPECS[SpecialTile(item)].name
    except ValueError:
        return item.replace("-", " ").capitalize()


def chips(
    label: str,
    things: Sequence[tuple[str, Colour | None]],
    width: float = WIDTH,
    start: float = LABEL_W,
    titles: Sequence[str] = (),
) -> Block:
    """Coloured name chips after ``label``, from ``start``, wrapping at ``width``; each name is
    one text, never broken; ``titles`` (one per chip) are their tooltips."""
    parts = [sw.text(0, 14, label, 12.5, font_weight="bold")]
    x, y = start, 0.0
    for i, (name, colour) in enumerate(things):
        w = 12 + sw.width_of(name, 11.5)
        if x + w > width:
            x, y = start, y + 22
        fill, ink = FILLS.get(colour, ("#eee", "#000")) if colour else ("#eee", "#000")
        chip = [
            sw.rect(x, y, w, 19, fill, rx=4, stroke="#333", stroke_width=0.6),
            sw.text(x + 6, y + 14, name, 11.5, fill=ink),
        ]
        parts.append(sw.group(chip, titles[i]) if i < len(titles) else "".join(chip))
        x += w + 5
    if not things:
        parts.append(sw.text(start, 14, "—", 12.5))
    return Block(parts, width, y + 24)


def _ships(player: dict[str, Any]) -> Block:
    parts = [sw.text(0, 16, "Ships", 12.5, font_weight="bold")]
    x = float(LABEL_W)
    for ship in player.get("ships") or ():
        kind = str(ship.get("kind", "?"))
        ore = int(ship.get("ore", 0)) + fb.printed_ore(kind)
        w = {"whaling-boat": 96, "knarr": 110, "longship": 136}.get(kind, 100)
        hull = f"<path d='M{sw.num(x)},4h{w}l-14,22h-{w - 28}z' fill='#8b5a2b' stroke='#3d2610'/>"
        inner = [
            hull,
            sw.text(x + w / 2, 19, kind.replace("-", " "), 10.5, fill="#fff", text_anchor="middle"),
        ]
        inner += [sw.circle(x + 16 + i * 12, 33, 5, "#3b3b3b") for i in range(ore)]
        parts.append(sw.group(inner, f"{kind.replace('-', ' ')} with {ore} ore", cls="ship"))
        x += w + 12
    for kind in player.get("emigrated") or ():
        words = f"emigrated {str(kind).replace('-', ' ')}"
        parts.append(sw.text(x, 19, words, 11, fill="#555"))
        x += sw.width_of(words, 11) + 12
    if x == LABEL_W:
        parts.append(sw.text(LABEL_W, 16, "none", 12.5))
    return Block(parts, max(x, 300), 42)


def _occupations(player: dict[str, Any], seat: int) -> Block:
    """The hand by name where the view holds it, else card backs; then the played cards."""
    hand = [str(c) for c in player.get("hand") or ()]
    parts = [sw.text(0, 15, "Occupations", 12.5, font_weight="bold")]
    x = float(LABEL_W)
    y = 0.0
    for card in hand:
        name = fb.occupation_name(card)
        w = 14 + sw.width_of(name, 11.5)
        if x + w > WIDTH:
            x, y = float(LABEL_W), y + 24
        parts.append(
            sw.group(
                [
                    sw.rect(x, y, w, 21, "#fff7e0", rx=4, stroke="#a67c00", stroke_width=1.2),
                    sw.text(x + 7, y + 15, name, 11.5),
                ],
                f"occupation in seat {seat}'s hand: {fb.occupation_title(card)}",
                cls="hand",
                data_seat=str(seat),
                data_card=card,
            )
        )
        x += w + 5
    size = int(player.get("hand_size", len(hand)) or 0)
    backs = size - len(hand)
    if backs > 0:
        inner = [
            sw.rect(x + 5 * i, y, 16, 21, "#5b3a29", rx=2, stroke="#2e1d14")
            for i in range(min(backs, 12))
        ]
        inner.append(sw.text(x + 5 * min(backs, 12) + 20, y + 15, f"{backs} cards in hand", 11.5))
        parts.append(
            sw.group(
                inner,
                f"seat {seat} holds {backs} occupations",
                cls="card-back",
                data_seat=str(seat),
            )
        )
    elif not hand:
        parts.append(sw.text(x, 15, "no cards in hand", 12, fill=sw.MUTED))
    cards = [str(c) for c in player.get("played") or ()]
    played = [(fb.occupation_name(c), None) for c in cards]
    titles = [f"played by seat {seat}: {fb.occupation_title(c)}" for c in cards]
    shown = chips("played", played, WIDTH - LABEL_W, start=60, titles=titles)
    return Block([*parts, shown.at(LABEL_W, y + 26)], WIDTH, y + 26 + shown.height)


def player_block(view: dict[str, Any], player: dict[str, Any]) -> Block:
    seat = int(player.get("seat", 0))
    own = view.get("viewer") == seat
    drawn: list[Block] = []
    for data in (
        player.get("home"),
        *(player.get("explored") or ()),
        *(player.get("houses") or ()),
    ):
        board = board_picture(data)
        if board is not None:
            drawn.append(board)
    table = banquet_picture(player, str(view.get("length", "long")), int(view.get("round", 0)))
    if table is not None:
        drawn.append(table)
    status = [
        w
        for w, on in (
            ("to act", seat in set(view.get("to_act") or ())),
            ("start player", view.get("start_player") == seat),
            ("passed", player.get("passed")),
            ("feasted", fb.feasted(view, player)),
        )
        if on
    ]
    title = f"Seat {seat}" + (" (you)" if own else "")
    head = Block(
        [
            sw.rect(0, 0, WIDTH, 8, sw.SEAT_COLOURS[seat % len(sw.SEAT_COLOURS)], rx=3),
            sw.seat_chip(14, 30, seat, 11),
            sw.text(32, 37, title, 19, font_weight="bold"),
            sw.text(40 + sw.width_of(title, 19), 37, " · ".join(status), 13, fill="#b35c00"),
        ],
        WIDTH,
        46,
    )
    goods = [
        (
            f"{g['count']}× {item_name(str(g['item']))}"
            if g["count"] != 1
            else item_name(str(g["item"])),
            fb.good_colour(str(g["item"])),
        )
        for g in player.get("goods") or ()
    ]
    goods += [(item_name(str(s)), Colour.SPECIAL) for s in player.get("specials") or ()]
    weapons = ", ".join(
        f"{w['count']}× {str(w['item']).replace('-', ' ')}" for w in player.get("weapons") or ()
    )
    facts = sw.lines(
        [
            (
                "Vikings",
                f"{player.get('thing', 0)} on the Thing square, "
                f"{player.get('waiting', 0)} waiting on the banquet table",
            ),
            (
                "Resources",
                f"silver {player.get('silver', 0)}, wood {player.get('wood', 0)}, "
                f"stone {player.get('stone', 0)}, ore {player.get('ore', 0)}",
            ),
            ("Weapons", weapons or "—"),
            ("Thing penalties", str(player.get("penalties", 0))),
        ],
        WIDTH,
        LABEL_W,
    )
    body = sw.stack(
        [
            head,
            sw.flow(drawn, WIDTH),
            _ships(player),
            chips("Goods", goods),
            facts,
            _occupations(player, seat),
        ]
    )
    said = f"{title}: " + ", ".join(status or ["waiting"])
    return Block(
        [sw.group(body.parts, said, cls="player", data_seat=str(seat))], WIDTH, body.height
    )

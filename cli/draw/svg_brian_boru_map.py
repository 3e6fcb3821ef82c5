"""Brian Boru's map as SVG: Ireland with its 53 towns, roads, regions and claim tokens.

Each region is a tinted area around its towns with its printed name, threshold/value and its
claim token (grey face down; gold face up, with its holder's disc); each town a disc in its
printed colour with its id, its owner's disc, a monastery, a Viking control token or the ring
of the active town marker. The data is ``skald.domain.brian_boru.map`` (regions, towns, colours,
roads); the town positions are the rough centres estimated from the board photo in
``shared/games/brian-boru/rules-and-data.md`` §9.2 (``TOWN_AT``), which the rules never need.
Town names are not in the printed data we hold, so towns are drawn by id.
"""

from __future__ import annotations

from functools import cache, lru_cache
from typing import Any

from skald.cli.draw import svg_writer as sw
from skald.cli.draw.render_brian_boru import scored
from skald.cli.draw.svg_writer import Block
from skald.domain.brian_boru.map import REGIONS, ROADS, TOWNS

TOWN_AT: dict[int, tuple[int, int]] = {
    1: (525, 120), 2: (595, 107), 3: (655, 94), 4: (547, 152), 5: (697, 137), 6: (625, 190),
    7: (707, 212), 8: (707, 65), 9: (737, 99), 10: (756, 165), 11: (807, 156), 12: (797, 208),
    13: (520, 190), 14: (500, 230), 15: (590, 260), 16: (545, 297), 17: (642, 275),
    18: (712, 275), 19: (725, 355), 20: (670, 376), 21: (595, 365), 22: (602, 307),
    23: (777, 323), 24: (793, 380), 25: (817, 430), 26: (340, 240), 27: (420, 272),
    28: (495, 280), 29: (532, 355), 30: (295, 377), 31: (417, 365), 32: (452, 407),
    33: (515, 407), 53: (365, 310), 34: (607, 430), 35: (699, 420), 36: (625, 495),
    37: (677, 525), 38: (747, 512), 39: (814, 514), 40: (690, 580), 41: (787, 590),
    42: (720, 632), 43: (395, 487), 44: (480, 485), 45: (480, 552), 46: (607, 570),
    47: (362, 602), 48: (627, 662), 49: (335, 667), 50: (512, 727), 51: (257, 730),
    52: (382, 807),
}  # fmt: skip
"""Approximate town centres in the 1100×900 board photo (rules-and-data.md §9.2, ±5 px)."""

LABEL_AT: dict[str, tuple[int, int, tuple[str, ...]]] = {
    "northern_ui_neill": (610, 52, ("Northern Uí Néill",)),
    "ulaid": (872, 112, ("Ulaid",)),
    "breifne": (546, 240, ("Bréifne",)),
    "southern_ui_neill": (662, 324, ("Southern", "Uí Néill")),
    "dubhlinn": (885, 372, ("Dubhlinn",)),
    "connaught": (330, 186, ("Connaught",)),
    "leinster": (880, 650, ("Leinster",)),
    "munster": (262, 585, ("Munster",)),
}
"""Where each region's name and claim token sit on the drawn map (chosen to clear towns)."""

X0, Y0, SCALE = 215.0, 30.0, 1.0
MAP_W, MAP_H = 720.0, 810.0
TOWN_FILLS = {"red": "#c8102e", "blue": "#1f5fbf", "yellow": "#e8b90c", "white": "#f4f4f4"}
TOWN_INK = {"red": "#fff", "blue": "#fff", "yellow": "#222", "white": "#222"}
REGION_TINTS = (
    "#dcebd2",
    "#e6dcef",
    "#f3e3cf",
    "#d5e6ee",
    "#efe0e0",
    "#e4ecd0",
    "#d8e0f0",
    "#efe8cf",
)
STYLE = (
    ".skald-brian-boru .road{stroke:#8a7a5a;stroke-width:3;stroke-linecap:round}"
    ".skald-brian-boru .area{stroke-linejoin:round;stroke-width:58}"
)


def _xy(town: int) -> tuple[float, float]:
    x, y = TOWN_AT[town]
    return (x - X0) * SCALE, (y - Y0) * SCALE


def _hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The convex hull (monotone chain), so a region's area wraps its towns."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def map_block(view: dict[str, Any]) -> Block:
    towns = {int(t["town"]): t for t in view.get("towns") or ()}
    claims = {c["region"]: c for c in view.get("claims") or ()}
    active = view.get("active_town")
    labels: list[str] = []
    for region in REGIONS:
        labels.append(
            _region_label(
                region.key,
                region.name,
                *scored(region, claims.get(region.key)),
                claims.get(region.key),
                towns,
            )
        )
    parts = [_land(), *labels]
    for town in TOWNS:
        state = towns.get(town.id)
        owner = -1 if state is None else int(state.get("owner", -1))
        viking = bool(state and state.get("viking"))
        monastery = bool(state and state.get("monastery"))
        parts.append(_town(town.id, town.colour.value, owner, viking, monastery, town.id == active))
    parts.append(
        sw.text(
            12,
            MAP_H + 16,
            "towns by id in their printed colour · disc: owner · "
            "✝ monastery · V Viking control · black ring: active town",
            11,
            fill="#335",
        )
    )
    parts.append(
        sw.text(
            12,
            MAP_H + 31,
            "claim token: grey face down, gold face up "
            "(with its holder's disc); threshold/value beside it",
            11,
            fill="#335",
        )
    )
    return Block(
        [sw.group(parts, "Map of Ireland: towns, owners and claims", cls="map")], MAP_W, MAP_H + 36
    )


@cache
def _land() -> str:
    """The sea, the regions' areas and the roads: the same in every drawing."""
    parts = [sw.rect(0, 0, MAP_W, MAP_H, "#cfe3ee", rx=10)]
    for i, region in enumerate(REGIONS):
        hull = _hull([_xy(t) for t in region.towns])
        d = "M" + "L".join(f"{sw.num(x)},{sw.num(y)}" for x, y in hull) + "Z"
        tint = REGION_TINTS[i % len(REGION_TINTS)]
        parts.append(f"<path d='{d}' fill='{tint}' stroke='{tint}' class='area'/>")
    parts += [sw.line(*_xy(a), *_xy(b), cls="road") for a, b in ROADS]
    return "".join(parts)


def _region_label(
    key: str,
    name: str,
    threshold: int,
    value: int,
    claim: dict[str, Any] | None,
    towns: dict[int, dict[str, Any]],
) -> str:
    """The region's printed name, its threshold/value and its claim token, in one tag."""
    px, py, rows = LABEL_AT[key]
    x, y = (px - X0) * SCALE, (py - Y0) * SCALE
    w = max(64.0, *(sw.width_of(r, 11.5) for r in rows)) + 12
    h = 14.0 * len(rows) + 26
    top = y - h / 2
    parts = [sw.rect(x - w / 2, top, w, h, "#ffffffd9", rx=8, stroke="#998")]
    for i, row in enumerate(rows):
        parts.append(
            sw.text(x, top + 14 + 14 * i, row, 11.5, font_weight="bold", text_anchor="middle")
        )
    base = top + 14 * len(rows) + 18
    parts.append(sw.text(x - 6, base, f"{threshold}/{value}", 12, text_anchor="end"))
    cx, cy = x + 12, base - 4
    holder = None if claim is None else claim.get("holder")
    up = bool(claim and claim.get("face_up"))
    if up:
        parts.append(sw.circle(cx, cy, 9.5, "#f2c94c", stroke="#8a6d00", stroke_width=1.5))
        if holder is not None:
            parts.append(sw.seat_chip(cx, cy, int(holder), 6.5))
        else:
            parts.append(
                sw.text(cx, cy + 4, str(value), 10, font_weight="bold", text_anchor="middle")
            )
    else:
        parts.append(sw.circle(cx, cy, 9.5, "#777", stroke="#333", stroke_width=1.5))
    if up:
        state = "face up, " + ("on the board" if holder is None else f"held by seat {holder}")
    else:
        state = "face down"
    said = f"{name}: threshold {threshold}, value {value}; claim token {state}"
    said += _majority(claim)
    return sw.group(parts, said, cls="region", data_region=key)


def _majority(claim: dict[str, Any] | None) -> str:
    """The region's weighted towns per side, as the claim rule counts them (the view's claim
    carries ``scoring.region_counts``: the Vikings last)."""
    counts = [int(n) for n in (claim or {}).get("towns") or ()]
    named = [
        (("Vikings" if i == len(counts) - 1 else f"seat {i}"), n) for i, n in enumerate(counts) if n
    ]
    if not named:
        return "; no towns taken"
    return "; towns: " + ", ".join(f"{w} {n}" for w, n in named)


@lru_cache(maxsize=2048)
def _town(town: int, colour: str, owner: int, viking: bool, monastery: bool, active: bool) -> str:
    """One town: ``owner`` −1 for none."""
    x, y = _xy(town)
    fill = TOWN_FILLS[colour]
    parts = []
    if active:
        parts.append(sw.circle(x, y, 19, "none", stroke="#111", stroke_width=4))
    parts.append(sw.circle(x, y, 14, fill, stroke="#333", stroke_width=1))
    said = f"town {town}, {colour}"
    if owner >= 0:
        parts.append(
            sw.circle(
                x,
                y,
                9,
                sw.SEAT_COLOURS[owner % len(sw.SEAT_COLOURS)],
                stroke="#fff",
                stroke_width=1.5,
            )
        )
        parts.append(
            sw.text(x, y + 4, str(owner), 10, fill="#fff", font_weight="bold", text_anchor="middle")
        )
        said += f", seat {owner}'s"
    else:
        parts.append(
            sw.text(
                x,
                y + 4,
                str(town),
                11,
                fill=TOWN_INK[colour],
                font_weight="bold",
                text_anchor="middle",
            )
        )
        said += ", empty"
    if owner >= 0:
        parts.append(sw.text(x + 15, y - 9, str(town), 9, fill="#333"))
    if monastery:
        parts.append(sw.rect(x - 19, y - 19, 11, 11, "#fff", stroke="#333", stroke_width=0.8))
        parts.append(sw.text(x - 13.5, y - 10.5, "✝", 9, text_anchor="middle"))
        said += ", monastery"
    if viking:
        parts.append(
            f"<path d='M{sw.num(x - 8)},{sw.num(y - 4)}h16l-3,11h-10z' fill='#222'"
            " stroke='#fff' stroke-width='1'/>"
        )
        parts.append(
            sw.text(x, y + 5, "V", 9, fill="#fff", font_weight="bold", text_anchor="middle")
        )
        said += ", under Viking control"
    if active:
        said += ", the active town"
    return sw.group(parts, said, cls="town", data_town=str(town))

"""What differs at the end of two Brian Boru games, in the game's words: scores, points,
coins and renown, who owns each town and holds each region's claim, marriages and hands."""

from __future__ import annotations

from skald.cli.draw.render_brian_boru import card_text
from skald.cli.words import diffing_words as w
from skald.domain.brian_boru.map import REGIONS
from skald.domain.brian_boru.marriages import MARRIAGE_BY_ID

REGION_NAMES = {r.key: r.name for r in REGIONS}
FIELDS = (
    ("points", "points"),
    ("coins", "coins"),
    ("renown", "renown"),
    ("raiders", "raiders"),
    ("church_discs", "church discs"),
    ("track_space", "marriage track"),
)


def _marriage(card: str) -> str:
    m = MARRIAGE_BY_ID.get(card)
    return m.name if m is not None else card


def _card(card: str) -> str:
    return card_text(card).plain.strip()


def differences(a: w.End, b: w.End) -> list[str]:
    va, vb = a.view, b.view
    pa, pb = va.get("players", []), vb.get("players", [])
    out = w.scores(a, b)
    out += w.per_seat(pa, pb, FIELDS)
    out += w.held_by_seat(
        "towns", va.get("towns", []), vb.get("towns", []), "town", "owner", len(pa)
    )
    out += w.owners(
        "claim on",
        va.get("claims", []),
        vb.get("claims", []),
        "region",
        "holder",
        lambda r: REGION_NAMES.get(r, r),
    )
    for seat, (xa, xb) in enumerate(zip(pa, pb, strict=False)):
        out += w.holdings(
            f"seat {seat} marriages", xa.get("marriages", []), xb.get("marriages", []), _marriage
        )
    for seat, (sa, sb) in enumerate(zip(a.seats, b.seats, strict=False)):
        out += w.holdings(f"seat {seat} hand", sa.get("hand", []), sb.get("hand", []), _card)
        out += w.holdings(f"seat {seat} pile", sa.get("pile", []), sb.get("pile", []), _card)
    return out

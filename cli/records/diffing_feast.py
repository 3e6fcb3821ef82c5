"""What differs at the end of two A Feast for Odin games, in the game's words: scores,
silver and building resources, goods, weapons, ships, explored and emigrated boards,
occupations played and in hand, and penalties."""

from __future__ import annotations

from skald.cli.draw.feast_boards import occupation_name
from skald.cli.words import diffing_words as w

FIELDS = (
    ("silver", "silver"),
    ("wood", "wood"),
    ("stone", "stone"),
    ("ore", "ore"),
    ("penalties", "penalties (−1 each)"),
)


def differences(a: w.End, b: w.End) -> list[str]:
    va, vb = a.view, b.view
    pa, pb = va.get("players", []), vb.get("players", [])
    out = w.scores(a, b)
    out += w.per_seat(pa, pb, FIELDS)
    out += w.owners(
        "exploration board", va.get("exploration", []), vb.get("exploration", []), "letter", "owner"
    )
    for seat, (xa, xb) in enumerate(zip(pa, pb, strict=False)):
        for key in ("goods", "weapons", "specials"):
            ga = w.counts(xa.get(key, [])) if key != "specials" else xa.get(key, [])
            gb = w.counts(xb.get(key, [])) if key != "specials" else xb.get(key, [])
            out += w.holdings(f"seat {seat} {key}", ga, gb, w.words)
        ships_a = [s["kind"] for s in xa.get("ships", [])]
        ships_b = [s["kind"] for s in xb.get("ships", [])]
        out += w.holdings(f"seat {seat} ships", ships_a, ships_b, w.words)
        for key, word in (
            ("emigrated", "emigrated"),
            ("explored", "explored"),
            ("houses", "houses"),
        ):
            out += w.holdings(
                f"seat {seat} {word}", _names(xa.get(key, [])), _names(xb.get(key, [])), w.words
            )
        out += w.holdings(
            f"seat {seat} occupations played",
            xa.get("played", []),
            xb.get("played", []),
            occupation_name,
        )
    for seat, (sa, sb) in enumerate(zip(a.seats, b.seats, strict=False)):
        ha = w.own(sa, seat).get("hand", [])
        hb = w.own(sb, seat).get("hand", [])
        out += w.holdings(f"seat {seat} occupations in hand", ha, hb, occupation_name)
    return out


def _names(values: list[object]) -> list[str]:
    """Boards and ships may be ids or small records; each as one name."""
    out: list[str] = []
    for v in values:
        if isinstance(v, dict):
            out.append(str(v.get("board") or v.get("kind") or v.get("name") or sorted(v.items())))
        else:
            out.append(str(v))
    return out

"""What differs at the end of two Red North games, in the game's words: scores, victory
points and glory, who holds each outpost and the champion, gods, parties and hands."""

from __future__ import annotations

from skald.cli.draw.render_red_north import card_text
from skald.cli.words import diffing_words as w


def _card(card: str) -> str:
    return card_text(card).plain


def differences(a: w.End, b: w.End) -> list[str]:
    va, vb = a.view, b.view
    pa, pb = va.get("players", []), vb.get("players", [])
    out = w.scores(a, b)
    out += w.per_seat(pa, pb, (("vp", "victory points"), ("glory", "glory")))
    out += w.owners("outpost", va.get("outposts", []), vb.get("outposts", []), "colour", "owner")
    out += w.changed("champion", va.get("champion"), vb.get("champion"), w.seat_name)
    for seat, (xa, xb) in enumerate(zip(pa, pb, strict=False)):
        out += w.holdings(f"seat {seat} gods", xa.get("gods", []), xb.get("gods", []), _card)
        party_a = [c["card"] for c in xa.get("party", [])]
        party_b = [c["card"] for c in xb.get("party", [])]
        out += w.holdings(f"seat {seat} party", party_a, party_b, _card)
    for seat, (sa, sb) in enumerate(zip(a.seats, b.seats, strict=False)):
        hand_a = w.own(sa, seat).get("hand", [])
        hand_b = w.own(sb, seat).get("hand", [])
        out += w.holdings(f"seat {seat} hand", hand_a, hand_b, _card)
    return out

"""Raid Points (Resolution A) and the final ranking (Game End).

Raid Points of a colour, per the rulebook ("A - Calculate Raid Points") and RULINGS.md:
Raider 2, Hero 4; each adjacent Jarl +1 to a Raider or Hero (+2 if that Jarl holds the
Champion token, "Promote"); Jarls never boost Jarls; each Glory on a card +1 to that card's
colour; a controlled Outpost adds its printed Raid Points (RULINGS default 1) to its owner.
"""

from __future__ import annotations

from skald.domain.red_north.components import (
    CHAMPION_JARL_BONUS,
    JARL_BONUS,
    Colour,
    Kind,
    base_points,
    colour_of,
    kind_of,
)
from skald.domain.red_north.state import PartyCard, State


def party_points(party: tuple[PartyCard, ...], colour: Colour) -> int:
    """Raid Points the cards of a Party give to ``colour`` (every card counted as revealed)."""
    total = 0
    for i, pc in enumerate(party):
        if colour_of(pc.card) is not colour:
            continue
        points = base_points(pc.card) + pc.glory
        for j in (i - 1, i + 1):
            if 0 <= j < len(party) and kind_of(party[j].card) is Kind.JARL:
                points += CHAMPION_JARL_BONUS if party[j].champion else JARL_BONUS
        total += points
    return total


def raid_points(state: State, colour: Colour) -> tuple[int, ...]:
    """Each seat's Raid Points in ``colour``, Outpost printed value included."""
    outpost = state.outpost(colour)
    out = []
    for seat, p in enumerate(state.players):
        bonus = outpost.raid_points if outpost is not None and outpost.owner == seat else 0
        out.append(party_points(p.party, colour) + bonus)
    return tuple(out)


def winners(state: State) -> tuple[tuple[int, ...], str]:
    """The winning seat(s) and why ("Game End"): most VP; among tied players the Tie Breaker
    holder wins, then most unused Glory, then most cards in hand, then the tied player closest
    in turn order to the current First Player (that player counts as distance 0)."""
    vps = [p.vp for p in state.players]
    tied = [s for s, v in enumerate(vps) if v == max(vps)]
    if len(tied) == 1:
        return (tied[0],), "most VP"
    if state.tie_breaker in tied:
        return (state.tie_breaker,), "tie: Tie Breaker token"
    steps: tuple[tuple[str, list[int]], ...] = (
        ("tie: most unused Glory", [state.players[s].glory for s in range(state.count)]),
        ("tie: most cards in hand", [len(state.players[s].hand) for s in range(state.count)]),
    )
    for reason, values in steps:
        best = max(values[s] for s in tied)
        tied = [s for s in tied if values[s] == best]
        if len(tied) == 1:
            return (tied[0],), reason
    first = state.first_player or 0
    closest = min(tied, key=lambda s: (s - first) % state.count)
    return (closest,), "tie: closest in turn order to the First Player"

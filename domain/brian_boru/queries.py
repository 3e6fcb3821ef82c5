"""Questions about a position that several rules ask: towns, leading, the trick's winner.

Sources: ../shared/games/brian-boru/rules-and-data.md §2.7 (starting towns), §3.3 (tricks),
§3.4 (EXPAND5, extras), §4.3 (monasteries); ../shared/games/RULINGS.md (Brian Boru).
"""

from __future__ import annotations

from functools import lru_cache

from skald.domain.brian_boru.cards import Group, Symbol, action_cards, card_value
from skald.domain.brian_boru.map import NEIGHBOURS, REGION_BY_KEY, TOWN_COUNT, TOWNS, Colour
from skald.domain.brian_boru.printed import ROAD_31_43
from skald.domain.brian_boru.state import PlayedCard, State

HAND_SIZE = {3: 8, 4: 6, 5: 5}
"""§3.2: cards dealt each."""

EXTRA_COST = 2
EXPAND_COST = 5
MONASTERY_THRESHOLD = 4


def controls(state: State, seat: int, town: int) -> bool:
    t = state.towns[town - 1]
    return t.owner == seat and not t.viking


def empty_towns(state: State, region: str = "") -> tuple[int, ...]:
    towns = REGION_BY_KEY[region].towns if region else range(1, TOWN_COUNT + 1)
    return tuple(t for t in towns if state.towns[t - 1].owner is None)


def start_towns(state: State, seat: int) -> tuple[int, ...]:
    """§2.7: an empty town in a region holding no other player's disc."""
    blocked = {
        TOWNS[i].region
        for i, t in enumerate(state.towns)
        if t.owner is not None and t.owner != seat
    }
    return tuple(t for t in empty_towns(state) if TOWNS[t - 1].region not in blocked)


def expand_targets(state: State, seat: int) -> tuple[int, ...]:
    """§3.4 EXPAND5: empty towns one road away from a town the seat controls, never the
    active town of the current trick (RULINGS.md). Road 31–43 only with ``road_31_43``."""
    out: set[int] = set()
    for i, t in enumerate(state.towns):
        if t.owner == seat and not t.viking:
            for n in NEIGHBOURS[i + 1]:
                road = state.road_31_43 or tuple(sorted((i + 1, n))) != ROAD_31_43
                if road and state.towns[n - 1].owner is None and n != state.active_town:
                    out.add(n)
    return tuple(sorted(out))


def viking_towns(state: State) -> tuple[int, ...]:
    return tuple(i + 1 for i, t in enumerate(state.towns) if t.viking)


def controlled_towns(state: State, seat: int) -> tuple[int, ...]:
    """Towns with the seat's disc not covered by a Viking token (a town the Vikings already
    hold cannot be lost again, §4.2.1)."""
    return tuple(i + 1 for i, t in enumerate(state.towns) if t.owner == seat and not t.viking)


def monastery_towns(state: State, seat: int) -> tuple[int, ...]:
    """§4.3: a town the seat controls (never a Viking-controlled one) without a monastery."""
    return tuple(
        i + 1
        for i, t in enumerate(state.towns)
        if t.owner == seat and not t.viking and not t.monastery
    )


def colour_of(state: State, card: str) -> Colour:
    return _colour(state.card5_coins, card)


@lru_cache(maxsize=512)
def _colour(card5_coins: int, card: str) -> Colour:
    """A card's colour under the card-5 ruling in force (cached, as :func:`card_value`)."""
    return action_cards(card5_coins)[card_value(card) - 1].colour


def can_lead(state: State, card: str, colour: Colour) -> bool:
    c = colour_of(state, card)
    return c is colour or c is Colour.WHITE


def lead_towns(state: State) -> tuple[int, ...]:
    """§3.3.1–2: empty towns the leader can lead to (fallback: every empty town)."""
    hand = state.players[state.marker].hand
    empties = empty_towns(state)
    ok = tuple(t for t in empties if any(can_lead(state, c, TOWNS[t - 1].colour) for c in hand))
    return ok or empties


def playable_cards(state: State, seat: int) -> tuple[str, ...]:
    hand = state.players[seat].hand
    if state.trick or state.active_town is None:
        return hand
    colour = TOWNS[state.active_town - 1].colour
    ok = tuple(c for c in hand if can_lead(state, c, colour))
    return ok or hand


def trick_winner(state: State) -> PlayedCard:
    """§3.3.4: highest card of the active colour, white counting as the active colour.

    The active colour is the town's. When no played card matches it (possible only in the
    leading fallback, where the leader held no card for any empty town and led off-colour)
    or there is no active town, the lead card's colour is the active colour, white counting
    as it: the lead card then always qualifies, so every trick has a winner (§3.3.4 "the
    leader always qualifies"; house ruling, NOTES.md).
    """
    if state.active_town is not None:
        colour = TOWNS[state.active_town - 1].colour
        qualifying = [p for p in state.trick if can_lead(state, p.card, colour)]
        if qualifying:
            return max(qualifying, key=lambda p: card_value(p.card))
    lead = colour_of(state, state.trick[0].card)
    qualifying = [p for p in state.trick if can_lead(state, p.card, lead)]
    return max(qualifying, key=lambda p: card_value(p.card))


def next_player(state: State) -> int:
    """§3.3.3: the seat to play to the trick, clockwise from the leader."""
    return (state.marker + len(state.trick)) % state.players_count


def max_extra(state: State, seat: int, group: Group) -> int:
    """§3.4: how many extras (2 coins each) the seat may still buy after the base symbols."""
    p = state.players[seat]
    afford = p.coins // EXTRA_COST
    if group.symbol is Symbol.CHURCH:
        return afford
    if group.symbol is Symbol.RAIDER:
        base = min(group.count, state.battlefield)
        return min(afford, state.battlefield - base)
    room = len(state.track) - 1 - p.track
    return min(afford, room - min(group.count, room))

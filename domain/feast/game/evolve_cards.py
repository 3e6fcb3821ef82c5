"""Applying the occupation events, and the ``Acting`` record card triggers read (part of
``evolve.apply``; never validates, never draws)."""

from __future__ import annotations

from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.evolve_goods import taken_off
from skald.domain.feast.game.items import WEAPON_INDEX, boards, gain, mountain_items, with_board
from skald.domain.feast.game.state import Acting, CardOffer, ItemCount, State
from skald.domain.kernel.fast import replace

_ACTION_REASONS = frozenset({"action", "dice"})


def _mark(s: State, seat: int, card: str) -> State:
    """Record a use the card's limit counts (``hooks.cards.limited``)."""
    if not hooks.cards.limited(card):
        return s
    p = s.players[seat]
    return s.with_player(seat, replace(p, used=(*p.used, f"{card}@{s.round}")))


def used(s: State, e: ev.OccupationUsed) -> State:
    return _mark(s, e.seat, e.card)


def offered(s: State, e: ev.OccupationOffered) -> State:
    return replace(s, offers=(*s.offers, CardOffer(e.seat, e.card, e.trigger)))


def answered(s: State, e: ev.OccupationAnswered) -> State:
    s = replace(s, offers=s.offers[1:])
    return s if e.option is None else _mark(s, e.seat, e.card)


def awaited(s: State, e: ev.OccupationsAwaited) -> State:
    return replace(s, resume=e.resume)


def settled(s: State, e: ev.OffersSettled) -> State:
    return replace(s, resume=None)


def played_by(s: State, e: ev.OccupationPlayedBy) -> State:
    p = s.players[e.seat]
    hand = tuple(c for c in p.hand if c != e.card)
    return s.with_player(e.seat, replace(p, hand=hand, played=(*p.played, e.card)))


def took(s: State, e: ev.OccupationTookFromMountain) -> State:
    s = replace(s, strips=taken_off(s, e.strip, len(e.items)))
    return s.with_player(e.seat, gain(s.players[e.seat], mountain_items(e.items)))


def recalled(s: State, e: ev.VikingsRecalled) -> State:
    occupied = []
    for o in s.occupied:
        if o.space == e.space and o.seat == e.seat:
            if o.vikings > e.vikings:
                occupied.append(replace(o, vikings=o.vikings - e.vikings))
        else:
            occupied.append(o)
    p = s.players[e.seat]
    s = s.with_player(e.seat, replace(p, thing=p.thing + e.vikings))
    return replace(s, occupied=tuple(occupied))


def ore_removed(s: State, e: ev.OreRemoved) -> State:
    p = s.players[e.seat]
    ships = list(p.ships)
    ships[e.ship] = replace(ships[e.ship], ore=ships[e.ship].ore - e.ore)
    return s.with_player(
        e.seat, replace(p, ships=tuple(ships), ore=p.ore + (e.ore if e.kept else 0))
    )


def dice_bonus(s: State, e: ev.DiceBonus) -> State:
    a = s.acting
    return s if a is None else replace(s, acting=replace(a, bonus=a.bonus + e.bonus))


def replaced(s: State, e: ev.ActionReplaced) -> State:
    a = s.acting
    return s if a is None else replace(s, acting=replace(a, replaced=e.card))


def searched(s: State, e: ev.WeaponSearched) -> State:
    i = WEAPON_INDEX[e.weapon.value]
    deck, discard = list(s.weapon_deck), list(s.weapon_discard)
    if discard[i]:
        discard[i] -= 1
    elif deck[i]:
        deck[i] -= 1
    s = replace(s, weapon_deck=tuple(deck), weapon_discard=tuple(discard))
    return s.with_player(e.seat, gain(s.players[e.seat], (ItemCount(e.weapon.value, 1),)))


def tile_moved(s: State, e: ev.SpecialTileMoved) -> State:
    p = s.players[e.owner]
    board = dict(boards(p))[e.board]
    left = tuple(pl for pl in board.placed if pl != e.placement)
    return s.with_player(e.owner, with_board(p, e.board, replace(board, placed=left + e.fills)))


# --- the Acting record ----------------------------------------------------------------------


def placed(s: State, e: ev.VikingsPlaced) -> State:
    target = e.copy if e.copy is not None else e.space
    return replace(s, acting=Acting(e.seat, e.space, target, e.vikings))


def note_paid(s: State, e: ev.Paid) -> State:
    a = s.acting
    if a is None or a.seat != e.seat or e.reason not in _ACTION_REASONS:
        return s
    return replace(s, acting=replace(a, paid=a.paid + e.items))


def note_gained(s: State, e: ev.Gained) -> State:
    a = s.acting
    if a is None or a.seat != e.seat or e.reason not in _ACTION_REASONS:
        return s
    return replace(s, acting=replace(a, gained=a.gained + e.items))


def note_taken(s: State, e: ev.MountainTaken) -> State:
    a = s.acting
    if a is None or a.seat != e.seat:
        return s
    return replace(s, acting=replace(a, taken=a.taken + e.items))


def note_upgraded(s: State, e: ev.GoodUpgraded) -> State:
    a = s.acting
    if a is None or a.seat != e.seat:
        return s
    return replace(s, acting=replace(a, upgraded=(*a.upgraded, e.into)))


def note_played(s: State, e: ev.OccupationPlayed) -> State:
    a = s.acting
    if a is None or a.seat != e.seat:
        return s
    return replace(s, acting=replace(a, played=a.played + 1))


def ended(s: State) -> State:
    return s if s.acting is None else replace(s, acting=None)

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


def _mark(state: State, seat: int, card: str) -> State:
    """Record a use the card's limit counts (``hooks.cards.limited``)."""
    if not hooks.cards.limited(card):
        return state
    p = state.players[seat]
    return state.with_player(seat, replace(p, used=(*p.used, f"{card}@{state.round}")))


def used(state: State, event: ev.OccupationUsed) -> State:
    return _mark(state, event.seat, event.card)


def offered(state: State, event: ev.OccupationOffered) -> State:
    return replace(state, offers=(*state.offers, CardOffer(event.seat, event.card, event.trigger)))


def answered(state: State, event: ev.OccupationAnswered) -> State:
    state = replace(state, offers=state.offers[1:])
    return state if event.option is None else _mark(state, event.seat, event.card)


def awaited(state: State, event: ev.OccupationsAwaited) -> State:
    return replace(state, resume=event.resume)


def settled(state: State, event: ev.OffersSettled) -> State:
    return replace(state, resume=None)


def played_by(state: State, event: ev.OccupationPlayedBy) -> State:
    p = state.players[event.seat]
    hand = tuple(c for c in p.hand if c != event.card)
    return state.with_player(event.seat, replace(p, hand=hand, played=(*p.played, event.card)))


def took(state: State, event: ev.OccupationTookFromMountain) -> State:
    state = replace(state, strips=taken_off(state, event.strip, len(event.items)))
    return state.with_player(
        event.seat, gain(state.players[event.seat], mountain_items(event.items))
    )


def recalled(state: State, event: ev.VikingsRecalled) -> State:
    occupied = []
    for o in state.occupied:
        if o.space == event.space and o.seat == event.seat:
            if o.vikings > event.vikings:
                occupied.append(replace(o, vikings=o.vikings - event.vikings))
        else:
            occupied.append(o)
    p = state.players[event.seat]
    state = state.with_player(event.seat, replace(p, thing=p.thing + event.vikings))
    return replace(state, occupied=tuple(occupied))


def ore_removed(state: State, event: ev.OreRemoved) -> State:
    p = state.players[event.seat]
    ships = list(p.ships)
    ships[event.ship] = replace(ships[event.ship], ore=ships[event.ship].ore - event.ore)
    return state.with_player(
        event.seat, replace(p, ships=tuple(ships), ore=p.ore + (event.ore if event.kept else 0))
    )


def dice_bonus(state: State, event: ev.DiceBonus) -> State:
    a = state.acting
    return state if a is None else replace(state, acting=replace(a, bonus=a.bonus + event.bonus))


def replaced(state: State, event: ev.ActionReplaced) -> State:
    a = state.acting
    return state if a is None else replace(state, acting=replace(a, replaced=event.card))


def searched(state: State, event: ev.WeaponSearched) -> State:
    i = WEAPON_INDEX[event.weapon.value]
    deck, discard = list(state.weapon_deck), list(state.weapon_discard)
    if discard[i]:
        discard[i] -= 1
    elif deck[i]:
        deck[i] -= 1
    state = replace(state, weapon_deck=tuple(deck), weapon_discard=tuple(discard))
    return state.with_player(
        event.seat, gain(state.players[event.seat], (ItemCount(event.weapon.value, 1),))
    )


def tile_moved(state: State, event: ev.SpecialTileMoved) -> State:
    p = state.players[event.owner]
    board = dict(boards(p))[event.board]
    left = tuple(pl for pl in board.placed if pl != event.placement)
    return state.with_player(
        event.owner, with_board(p, event.board, replace(board, placed=left + event.fills))
    )


# --- the Acting record ----------------------------------------------------------------------


def placed(state: State, event: ev.VikingsPlaced) -> State:
    target = event.copy if event.copy is not None else event.space
    return replace(state, acting=Acting(event.seat, event.space, target, event.vikings))


def note_paid(state: State, event: ev.Paid) -> State:
    a = state.acting
    if a is None or a.seat != event.seat or event.reason not in _ACTION_REASONS:
        return state
    return replace(state, acting=replace(a, paid=a.paid + event.items))


def note_gained(state: State, event: ev.Gained) -> State:
    a = state.acting
    if a is None or a.seat != event.seat or event.reason not in _ACTION_REASONS:
        return state
    return replace(state, acting=replace(a, gained=a.gained + event.items))


def note_taken(state: State, event: ev.MountainTaken) -> State:
    a = state.acting
    if a is None or a.seat != event.seat:
        return state
    return replace(state, acting=replace(a, taken=a.taken + event.items))


def note_upgraded(state: State, event: ev.GoodUpgraded) -> State:
    a = state.acting
    if a is None or a.seat != event.seat:
        return state
    return replace(state, acting=replace(a, upgraded=(*a.upgraded, event.into)))


def note_played(state: State, event: ev.OccupationPlayed) -> State:
    a = state.acting
    if a is None or a.seat != event.seat:
        return state
    return replace(state, acting=replace(a, played=a.played + 1))


def ended(state: State) -> State:
    return state if state.acting is None else replace(state, acting=None)

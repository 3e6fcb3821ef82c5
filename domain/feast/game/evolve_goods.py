"""Applying the events that move goods, resources, weapons and ships between supply, boards
and the table (part of ``evolve.apply``; never validates, never draws)."""

from __future__ import annotations

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.items import (
    BUILDING_INDEX,
    SPECIAL_NAMES,
    WEAPON_INDEX,
    boards,
    gain,
    mountain_items,
    pay,
    with_board,
)
from skald.domain.feast.game.state import ItemCount, State, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import Piece
from skald.domain.kernel.fast import replace


def piece_items(piece: Piece) -> tuple[ItemCount, ...]:
    """The supply item a placed piece came from."""
    return (ItemCount(piece.name, 1),)


def paid(state: State, event: ev.Paid) -> State:
    discard = list(state.weapon_discard)
    for it in event.items:
        if it.item in WEAPON_INDEX:
            discard[WEAPON_INDEX[it.item]] += it.count
    state = replace(state, weapon_discard=tuple(discard))
    return state.with_player(event.seat, pay(state.players[event.seat], event.items))


def gained(state: State, event: ev.Gained) -> State:
    left = list(state.buildings_left)
    specials = list(state.specials_left)
    for it in event.items:
        if it.item in BUILDING_INDEX:
            left[BUILDING_INDEX[it.item]] -= it.count
        elif it.item in SPECIAL_NAMES and it.item in specials:
            specials.remove(it.item)
    state = replace(
        state, buildings_left=(left[0], left[1], left[2]), specials_left=tuple(specials)
    )
    return state.with_player(event.seat, gain(state.players[event.seat], event.items))


def taken_off(state: State, strip: int, count: int) -> tuple[Strip, ...]:
    """The strips once ``n`` items are taken from the arrow end of strip ``strip``."""
    return tuple(Strip(x.number, x.items[count:]) if x.number == strip else x for x in state.strips)


def mountain(state: State, event: ev.MountainTaken) -> State:
    strips = taken_off(state, event.strip, len(event.items))
    run = state.running
    if run is not None:
        n = len(event.items)
        fit = min(a for a in run.takes if a >= n)
        takes = list(run.takes)
        takes.remove(fit)
        run = replace(
            run, takes=tuple(takes), strips_used=(*run.strips_used, event.strip), used=True
        )
    got = mountain_items(event.items)
    state = replace(state, strips=strips, running=run)
    return state.with_player(event.seat, gain(state.players[event.seat], got))


def upgraded(state: State, event: ev.GoodUpgraded) -> State:
    p = pay(state.players[event.seat], (ItemCount(event.good.value, 1),))
    state = state.with_player(event.seat, gain(p, (ItemCount(event.into.value, 1),)))
    run = state.running
    if run is not None:
        made = (*run.upgraded, event.into)
        state = replace(
            state, running=replace(run, upgrades=run.upgrades - 1, used=True, upgraded=made)
        )
    return state


def bred(state: State, event: ev.AnimalsBred) -> State:
    pregnant = {Good.SHEEP: Good.PREGNANT_SHEEP, Good.CATTLE: Good.PREGNANT_CATTLE}[event.animal]
    change = (
        ItemCount(event.animal.value, 2 * event.births - event.pregnancies),
        ItemCount(pregnant.value, event.pregnancies - event.births),
    )
    return state.with_player(event.seat, gain(state.players[event.seat], change))


def served(state: State, event: ev.FoodServed) -> State:
    p = state.players[event.seat]
    assert p.banquet is not None
    table = replace(p.banquet, placed=(*p.banquet.placed, event.placement))
    return state.with_player(
        event.seat, replace(pay(p, piece_items(event.placement.piece)), banquet=table)
    )


def good_placed(state: State, event: ev.GoodPlaced) -> State:
    p = pay(state.players[event.seat], piece_items(event.placement.piece))
    board = dict(boards(p))[event.board]
    placed = replace(board, placed=(*board.placed, event.placement))
    return state.with_player(event.seat, with_board(p, event.board, placed))


def bought(state: State, event: ev.ShipBought) -> State:
    p = pay(state.players[event.seat], (ItemCount("silver", event.silver),))
    return state.with_player(event.seat, gain(p, (ItemCount(event.kind.value, 1),)))


def loaded(state: State, event: ev.OreLoaded) -> State:
    p = state.players[event.seat]
    ships = list(p.ships)
    ships[event.ship] = replace(ships[event.ship], ore=ships[event.ship].ore + 1)
    return state.with_player(event.seat, replace(p, ore=p.ore - 1, ships=tuple(ships)))

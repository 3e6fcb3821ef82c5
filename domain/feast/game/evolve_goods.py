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


def paid(s: State, e: ev.Paid) -> State:
    discard = list(s.weapon_discard)
    for it in e.items:
        if it.item in WEAPON_INDEX:
            discard[WEAPON_INDEX[it.item]] += it.count
    s = replace(s, weapon_discard=tuple(discard))
    return s.with_player(e.seat, pay(s.players[e.seat], e.items))


def gained(s: State, e: ev.Gained) -> State:
    left = list(s.buildings_left)
    specials = list(s.specials_left)
    for it in e.items:
        if it.item in BUILDING_INDEX:
            left[BUILDING_INDEX[it.item]] -= it.count
        elif it.item in SPECIAL_NAMES and it.item in specials:
            specials.remove(it.item)
    s = replace(s, buildings_left=(left[0], left[1], left[2]), specials_left=tuple(specials))
    return s.with_player(e.seat, gain(s.players[e.seat], e.items))


def taken_off(s: State, strip: int, n: int) -> tuple[Strip, ...]:
    """The strips once ``n`` items are taken from the arrow end of strip ``strip``."""
    return tuple(Strip(x.number, x.items[n:]) if x.number == strip else x for x in s.strips)


def mountain(s: State, e: ev.MountainTaken) -> State:
    strips = taken_off(s, e.strip, len(e.items))
    run = s.running
    if run is not None:
        n = len(e.items)
        fit = min(a for a in run.takes if a >= n)
        takes = list(run.takes)
        takes.remove(fit)
        run = replace(run, takes=tuple(takes), strips_used=(*run.strips_used, e.strip), used=True)
    got = mountain_items(e.items)
    s = replace(s, strips=strips, running=run)
    return s.with_player(e.seat, gain(s.players[e.seat], got))


def upgraded(s: State, e: ev.GoodUpgraded) -> State:
    p = pay(s.players[e.seat], (ItemCount(e.good.value, 1),))
    s = s.with_player(e.seat, gain(p, (ItemCount(e.into.value, 1),)))
    run = s.running
    if run is not None:
        made = (*run.upgraded, e.into)
        s = replace(s, running=replace(run, upgrades=run.upgrades - 1, used=True, upgraded=made))
    return s


def bred(s: State, e: ev.AnimalsBred) -> State:
    pregnant = {Good.SHEEP: Good.PREGNANT_SHEEP, Good.CATTLE: Good.PREGNANT_CATTLE}[e.animal]
    change = (
        ItemCount(e.animal.value, 2 * e.births - e.pregnancies),
        ItemCount(pregnant.value, e.pregnancies - e.births),
    )
    return s.with_player(e.seat, gain(s.players[e.seat], change))


def served(s: State, e: ev.FoodServed) -> State:
    p = s.players[e.seat]
    assert p.banquet is not None
    table = replace(p.banquet, placed=(*p.banquet.placed, e.placement))
    return s.with_player(e.seat, replace(pay(p, piece_items(e.placement.piece)), banquet=table))


def good_placed(s: State, e: ev.GoodPlaced) -> State:
    p = pay(s.players[e.seat], piece_items(e.placement.piece))
    board = dict(boards(p))[e.board]
    placed = replace(board, placed=(*board.placed, e.placement))
    return s.with_player(e.seat, with_board(p, e.board, placed))


def bought(s: State, e: ev.ShipBought) -> State:
    p = pay(s.players[e.seat], (ItemCount("silver", e.silver),))
    return s.with_player(e.seat, gain(p, (ItemCount(e.kind.value, 1),)))


def loaded(s: State, e: ev.OreLoaded) -> State:
    p = s.players[e.seat]
    ships = list(p.ships)
    ships[e.ship] = replace(ships[e.ship], ore=ships[e.ship].ore + 1)
    return s.with_player(e.seat, replace(p, ore=p.ore - 1, ships=tuple(ships)))

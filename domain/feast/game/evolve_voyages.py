"""Applying the events of sailing, exploration, emigration and the solo blocking (part of
``evolve.apply``; never validates, never draws)."""

from __future__ import annotations

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.items import gain, pay
from skald.domain.feast.game.state import ItemCount, Ship, State
from skald.domain.feast.goods import upgrades
from skald.domain.feast.placement import empty_board
from skald.domain.kernel.fast import replace


def _answered(s: State) -> State:
    """The running action's pending step is answered: its effect has been used."""
    run = s.running
    if run is None:
        return s
    return replace(s, running=replace(run, awaiting=(), used=True))


def traded(s: State, e: ev.GoodsTraded) -> State:
    p = s.players[e.seat]
    for g in e.goods:
        blue = upgrades(g, 1)
        assert blue is not None
        p = gain(pay(p, (ItemCount(g.value, 1),)), (ItemCount(blue.value, 1),))
    return _answered(s.with_player(e.seat, p))


def bought(s: State, e: ev.SpecialsBought) -> State:
    names = [t.value for t in e.tiles]
    p = pay(s.players[e.seat], (ItemCount("silver", e.silver),))
    p = gain(p, tuple(ItemCount(n, 1) for n in names))
    left = tuple(t for t in s.specials_left if t not in names)
    return _answered(replace(s.with_player(e.seat, p), specials_left=left))


def explored(s: State, e: ev.BoardExplored) -> State:
    face = BoardId(e.face)
    slots = tuple(
        replace(x, owner=e.seat, silver=0) if x.face is face else x for x in s.exploration
    )
    p = s.players[e.seat]
    p = replace(p, explored=(*p.explored, empty_board(face)), silver=p.silver + e.silver)
    return replace(s.with_player(e.seat, p), exploration=slots)


def exchanged(s: State, e: ev.ShipExchanged) -> State:
    p = s.players[e.seat]
    ships = (*p.ships[: e.ship], *p.ships[e.ship + 1 :], Ship(e.into))
    return s.with_player(e.seat, replace(p, ships=ships))


def emigrated(s: State, e: ev.ShipEmigrated) -> State:
    """The ship leaves the fleet with its ore (lost) for the banquet table."""
    p = s.players[e.seat]
    ships = (*p.ships[: e.ship], *p.ships[e.ship + 1 :])
    p = replace(p, ships=ships, emigrated=(*p.emigrated, e.kind), silver=p.silver - e.silver)
    return s.with_player(e.seat, p)


def blocked(s: State, e: ev.SoloSpacesBlocked) -> State:
    return replace(s, blocked=e.spaces)

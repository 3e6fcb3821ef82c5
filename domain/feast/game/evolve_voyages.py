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


def _answered(state: State) -> State:
    """The running action's pending step is answered: its effect has been used."""
    run = state.running
    if run is None:
        return state
    return replace(state, running=replace(run, awaiting=(), used=True))


def traded(state: State, event: ev.GoodsTraded) -> State:
    p = state.players[event.seat]
    for g in event.goods:
        blue = upgrades(g, 1)
        assert blue is not None
        p = gain(pay(p, (ItemCount(g.value, 1),)), (ItemCount(blue.value, 1),))
    return _answered(state.with_player(event.seat, p))


def bought(state: State, event: ev.SpecialsBought) -> State:
    names = [t.value for t in event.tiles]
    p = pay(state.players[event.seat], (ItemCount("silver", event.silver),))
    p = gain(p, tuple(ItemCount(n, 1) for n in names))
    left = tuple(t for t in state.specials_left if t not in names)
    return _answered(replace(state.with_player(event.seat, p), specials_left=left))


def explored(state: State, event: ev.BoardExplored) -> State:
    face = BoardId(event.face)
    slots = tuple(
        replace(x, owner=event.seat, silver=0) if x.face is face else x for x in state.exploration
    )
    p = state.players[event.seat]
    p = replace(p, explored=(*p.explored, empty_board(face)), silver=p.silver + event.silver)
    return replace(state.with_player(event.seat, p), exploration=slots)


def exchanged(state: State, event: ev.ShipExchanged) -> State:
    p = state.players[event.seat]
    ships = (*p.ships[: event.ship], *p.ships[event.ship + 1 :], Ship(event.into))
    return state.with_player(event.seat, replace(p, ships=ships))


def emigrated(state: State, event: ev.ShipEmigrated) -> State:
    """The ship leaves the fleet with its ore (lost) for the banquet table."""
    p = state.players[event.seat]
    ships = (*p.ships[: event.ship], *p.ships[event.ship + 1 :])
    p = replace(
        p, ships=ships, emigrated=(*p.emigrated, event.kind), silver=p.silver - event.silver
    )
    return state.with_player(event.seat, p)


def blocked(state: State, event: ev.SoloSpacesBlocked) -> State:
    return replace(state, blocked=event.spaces)

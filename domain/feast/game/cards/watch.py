"""Watching events: every event ``decide``'s ``Log`` emits of a watched type is handed to the
cards of its seat (``Card.on_event``), and what it brings into a supply to ``Card.arrival``:
each-time effects add their events to the command that set them off."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards import registry
from skald.domain.feast.game.cards.engine import cards_of
from skald.domain.feast.game.items import mountain_items
from skald.domain.feast.game.state import ItemCount, State
from skald.domain.feast.goods import upgrades

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def arrivals(event: Any) -> tuple[tuple[ItemCount, ...], str]:
    """What an event brings into its seat's supply, and why (``Gained``'s reason; ``action``
    for a space's own moves, ``breeding`` for births)."""
    if isinstance(event, ev.Gained):
        return event.items, event.reason
    if isinstance(event, ev.MountainTaken):
        return mountain_items(event.items), "action"
    if isinstance(event, ev.OccupationTookFromMountain):
        return mountain_items(event.items), event.card
    if isinstance(event, ev.GoodUpgraded):
        return (ItemCount(event.into.value, 1),), "action"
    if isinstance(event, ev.GoodsTraded):
        blues = (upgrades(g, 1) for g in event.goods)
        return tuple(ItemCount(b.value, 1) for b in blues if b is not None), "action"
    if isinstance(event, ev.SpecialsBought):
        return tuple(ItemCount(t.value, 1) for t in event.tiles), "action"
    if isinstance(event, ev.ShipBought):
        return (ItemCount(event.kind.value, 1),), "bought"
    if isinstance(event, ev.ShipExchanged):
        return (ItemCount(event.into.value, 1),), "action"
    if isinstance(event, ev.AnimalsBred):
        return (ItemCount(event.animal.value, event.births),) if event.births else (), "breeding"
    if isinstance(event, ev.WeaponDrawn):
        return (ItemCount(event.weapon.value, 1),), "drawn"
    if isinstance(event, ev.WeaponSearched):
        return (ItemCount(event.weapon.value, 1),), event.card
    return (), ""


def watched() -> frozenset[type]:
    return registry.WATCHED


def watch(log: Log, event: Any, before: State) -> None:
    """Called by the ``Log`` for every event of a watched type (``registry.WATCHED``)."""
    s = log.state
    chance = log.chance
    assert chance is not None, "decide gives the Log its chance"
    kind = type(event)
    seat = getattr(event, "seat", None)
    seats = range(s.count) if seat is None else (seat,)
    hooks = registry.ON_EVENT.get(kind)
    if hooks:
        for who in seats:
            for c in cards_of(s, who):
                if c.number in hooks and c.on_event is not None:
                    c.on_event(log, who, event, before, chance)
    if seat is not None and kind in registry.ARRIVAL_TYPES and registry.ARRIVALS:
        cards = [c for c in cards_of(log.state, seat) if c.arrival is not None]
        if cards:
            got, reason = arrivals(event)
            if got:
                for c in cards:
                    assert c.arrival is not None
                    c.arrival(log, seat, got, reason, chance)

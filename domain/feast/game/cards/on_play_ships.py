"""Immediate occupations that buy, sell, swap or sail ships when played, or turn tiles by
knarrs (occupations.md, timing I, ``ships``): each offers its menu with trigger ``play``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.costs import emigration_cost
from skald.domain.feast.game.cards.counts import FLIP, large_ships, ships
from skald.domain.feast.game.cards.effects import exchange, have, offer, offered, tier
from skald.domain.feast.game.cards.model import ApplyFn, Card, Choice, Menu
from skald.domain.feast.game.cards.on_play_buys import tiered
from skald.domain.feast.game.items import items
from skald.domain.feast.game.state import ItemCount, Player, State
from skald.domain.feast.goods import GOODS
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log

WB, KNARR, LONGSHIP = ShipKind.WHALING_BOAT, ShipKind.KNARR, ShipKind.LONGSHIP


LONGSHIP_PRICE = 8
"""The longship's printed price (components.md §5.3; #81 and #82 discount from it)."""


def _p(state: State, seat: int) -> Player:
    return state.players[seat]


def _one(*pairs: tuple[str, int]) -> tuple[ItemCount, ...]:
    return items(*pairs)


def _traveling(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = _p(state, seat)
    for i, spec in enumerate(GOODS):
        if p.goods[i] and spec.good in FLIP:
            yield Choice(i, _one((spec.good.value, 1)), _one((FLIP[spec.good].value, 1)))


def _flips_left(state: State, seat: int, trigger: str) -> int:
    if trigger.startswith("flip:"):
        return int(trigger.removeprefix("flip:"))
    return tier(ships(_p(state, seat), KNARR), ((1, 2), (2, 4), (3, 6), (4, 7)))


def _traveling_legal(state: State, seat: int, ch: Choice) -> bool:
    return ships(_p(state, seat), KNARR) > 0


def _traveling_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    left = _flips_left(log.state, seat, trigger) - 1
    exchange(log, seat, 78, ch.pay, ch.gain)
    if left > 0:
        offer(log, seat, 78, f"flip:{left}")


def _quarter_master(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = _p(state, seat)
    discount = (
        2 * have(state, seat, "long-sword") + have(state, seat, "bow") + have(state, seat, "spear")
    )
    price = max(0, (2 * LONGSHIP_PRICE - discount) // 2)
    yield Choice(0, _one(("silver", price)), _one(("longship", 1)))
    del p


def _longship_builder(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    price = {1: 6, 2: 3}.get(ships(_p(state, seat), KNARR), 1)
    if ships(_p(state, seat), KNARR):
        yield Choice(0, _one(("silver", price)), _one(("longship", 1)))


def _harbor_guard(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = _p(state, seat)
    cost = emigration_cost(state, seat, max(0, state.round - large_ships(p)))
    if len(p.emigrated) >= MAX_EMIGRATED:
        return
    for i, sh in enumerate(p.ships):
        if sh.kind is not WB:
            yield Choice(i, _one(("silver", cost)), label=f"emigrate ship {i}")


def _emigrate_apply(number: int) -> ApplyFn:
    def apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
        ship = log.state.players[seat].ships[ch.key]
        silver = ch.pay[0].count if ch.pay else 0
        log.emit(ev.ShipEmigrated(seat, ch.key, ship.kind, silver))

    return apply


MAX_EMIGRATED = 6
"""The banquet table holds 6 emigrated ships (2 squares each: ``actions/emigration``)."""


def _sponsor(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    yield Choice(0, _one(("wood", 4)), _one(("longship", 1)))
    yield Choice(1, _one(("silver", 3)), _one(("longship", 1)))


def _sponsor_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    exchange(log, seat, 184, ch.pay, ch.gain)
    ship = len(log.state.players[seat].ships) - 1
    for _ in range(3):
        log.emit(ev.OreLoaded(seat, ship))


CARDS: tuple[Card, ...] = (
    offered(
        61,
        "on play: may sell a longship for 8 silver",
        menu=tiered(((("longship", 1),), (("silver", 8),))),
    ),
    offered(
        64,
        "on play: may pay 2 silver to swap a whaling boat for a longship",
        menu=tiered(((("whaling-boat", 1), ("silver", 2)), (("longship", 1),))),
    ),
    offered(
        78,
        "on play: turn 2/4/6/7 tiles (by knarrs) to their other side",
        menu=Menu(_traveling, _traveling_apply, _traveling_legal),
    ),
    offered(
        81,
        "on play: may buy a longship, 1 silver off per long sword, ½ per bow and spear",
        menu=Menu(_quarter_master),
    ),
    offered(
        82,
        "on play: may buy a longship for 6/3/1 silver with 1/2/3 knarrs",
        menu=Menu(_longship_builder),
    ),
    offered(
        84,
        "on play: may emigrate, 1 silver off per large ship",
        menu=Menu(_harbor_guard, _emigrate_apply(84)),
    ),
    offered(
        184,
        "on play: with 3 ore, may buy a longship for 4 wood or 3 silver and load 3 ore on it",
        menu=Menu(_sponsor, _sponsor_apply, lambda s, seat, ch: s.players[seat].ore >= 3),
    ),
)

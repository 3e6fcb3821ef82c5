"""Immediate occupations that offer a purchase or a choice when played (occupations.md,
timing I): each offers its menu with trigger ``play``, answered with ``ResolveOccupation``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import box_step, count, to_blue
from skald.domain.feast.game.cards.effects import (
    choices,
    exchange,
    offer,
    offered,
    strips_with,
    take,
)
from skald.domain.feast.game.cards.engine import has
from skald.domain.feast.game.cards.model import Card, Choice, Menu
from skald.domain.feast.game.items import items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import ItemCount, Player, State
from skald.domain.feast.goods import GOODS, Colour, Good, upgrades
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _p(state: State, seat: int) -> Player:
    return state.players[seat]


def _one(*pairs: tuple[str, int]) -> tuple[ItemCount, ...]:
    return items(*pairs)


def _orient(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = _p(state, seat)
    for i, spec in enumerate(GOODS):
        found = to_blue(spec.good) if p.goods[i] else None
        if found is not None:
            yield Choice(i, _one((spec.good.value, 1)), _one((found[0].value, 1)))


def _storeman(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = _p(state, seat)
    for i, spec in enumerate(GOODS):
        if p.goods[i] == 3 and not spec.animal:
            yield Choice(i, (), _one((spec.good.value, 1)))


def _inspector(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    for i, o in enumerate(state.occupied):
        if o.seat != seat:
            continue
        yield Choice(2 * i, label=f"1 Viking from {o.space}")
        if o.vikings >= 2:
            yield Choice(
                2 * i + 1, _one(("silver", state.round)), label=f"2 Vikings from {o.space}"
            )


def _inspector_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    o = log.state.occupied[ch.key // 2]
    exchange(log, seat, 60, ch.pay, ())
    log.emit(ev.VikingsRecalled(seat, o.space, 1 + ch.key % 2, card_id(60)))


def _hornturner(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = _p(state, seat)
    animal = "sheep" if count(p, Good.SHEEP) else "pregnant-sheep"
    sheep_part = (_one((animal, 1)), _one(("salt-meat", 1), ("hide", 1), ("wool", 1)))
    horn = (_one(("silver", 3)), _one(("drinking-horn", 1)))
    yield Choice(0, *sheep_part)
    yield Choice(1, *horn)
    yield Choice(2, sheep_part[0] + horn[0], sheep_part[1] + horn[1])


def _field_farmer(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = _p(state, seat)
    for i, spec in enumerate(GOODS):
        if spec.colour is not Colour.ORANGE or not p.goods[i]:
            continue
        at: Good | None = spec.good
        for steps in (1, 2):
            at = box_step(at, 1) if at is not None else None
            if at is not None:
                yield Choice(
                    2 * i + steps - 1,
                    _one(("silver", 1), (spec.good.value, 1)),
                    _one((at.value, 1)),
                )


def _wholesaler(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = _p(state, seat)
    for i, spec in enumerate(GOODS):
        into = upgrades(spec.good, 1)
        if into is None:
            continue
        for n in range(1, min(4, p.goods[i]) + 1):
            yield Choice(8 * i + n, _one((spec.good.value, n)), _one((into.value, n)))


def _preacher(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    yield Choice(0, (), _one(("crucifix", 1)), "the crucifix")
    for n in strips_with(state):
        yield Choice(n, label=f"4 items from strip {n}")


def _preacher_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    if ch.key == 0:
        exchange(log, seat, 87, (), ch.gain)
    else:
        take(log, seat, 87, ch.key, 4)


def tiered(*rows: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]) -> Menu:
    fixed = choices(*rows)
    return Menu(lambda s, seat, t: fixed)


def _wholesaler_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    """#83 is an "upgrade 4 goods" action: #152 Merchant may take one of them further."""
    exchange(log, seat, 83, ch.pay, ch.gain)
    if has(log.state, seat, 152):
        offer(log, seat, 152, f"merchant:{ch.gain[0].item}")


def _earl(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    yield Choice(0, _one(("silver", state.round)), _one(("stone-house", 1)))


CARDS: tuple[Card, ...] = (
    offered(
        17,
        "on play: may raise one good to the blue good of its shape",
        menu=Menu(_orient),
    ),
    offered(
        31,
        "on play: a 4th tile of a good you hold exactly 3 of",
        menu=Menu(_storeman),
    ),
    offered(
        60,
        "on play: may take 1 Viking back from a space (2 from one space for round silver)",
        menu=Menu(_inspector, _inspector_apply),
    ),
    offered(
        62,
        "on play: may pay 1 ore + 1 silver for the crucifix or the cloakpin",
        menu=tiered(
            ((("ore", 1), ("silver", 1)), (("crucifix", 1),)),
            ((("ore", 1), ("silver", 1)), (("cloakpin", 1),)),
        ),
    ),
    offered(
        63,
        "on play: sheep → salt meat + hide + wool, and/or the drinking horn for 3 silver",
        menu=Menu(_hornturner),
    ),
    offered(
        65,
        "on play: may pay 2 snares + 2 spears for a treasure chest",
        menu=tiered(((("snare", 2), ("spear", 2)), (("treasure-chest", 1),))),
    ),
    offered(
        66,
        "on play: may pay 1 silver to move an orange good 1 or 2 steps up-right in the goods box",
        menu=Menu(_field_farmer),
    ),
    offered(
        67,
        "on play: may buy 2 silverware + game meat + mead for 4 silver",
        menu=tiered(
            ((("silver", 4),), (("silverware", 2), ("game-meat", 1), ("mead", 1))),
        ),
    ),
    offered(
        72,
        "on play: may buy a stone house for the round in silver",
        menu=Menu(_earl),
    ),
    offered(
        73,
        "on play: 1 silverware, or the crucifix for 2 silver, or the chalice for 5",
        menu=tiered(
            ((), (("silverware", 1),)),
            ((("silver", 2),), (("crucifix", 1),)),
            ((("silver", 5),), (("chalice", 1),)),
        ),
    ),
    offered(
        74,
        "on play: may pay 2 silver + 1 grain for a cattle",
        menu=tiered(((("silver", 2), ("grain", 1)), (("cattle", 1),))),
    ),
    offered(
        75,
        "on play: may buy 1 skin and bones for 1 silver",
        menu=tiered(((("silver", 1),), (("skin-and-bones", 1),))),
    ),
    offered(
        80,
        "on play: may buy a sheep for 2 silver",
        menu=tiered(((("silver", 2),), (("sheep", 1),))),
    ),
    offered(
        83,
        "on play: may upgrade up to 4 goods of one type one step",
        menu=Menu(_wholesaler, _wholesaler_apply),
    ),
    offered(
        86,
        "on play: may pay 2/4/6 silver for 1/2/3 hides",
        menu=tiered(
            ((("silver", 2),), (("hide", 1),)),
            ((("silver", 4),), (("hide", 2),)),
            ((("silver", 6),), (("hide", 3),)),
        ),
    ),
    offered(
        87,
        "on play: the crucifix, or 4 items from one strip",
        menu=Menu(_preacher, _preacher_apply),
    ),
)

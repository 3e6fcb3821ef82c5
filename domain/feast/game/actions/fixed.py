"""Spaces whose effect is printed as pay → gain, with the few printed alternatives.

rules.ja.txt アクションスペース: 建物の建築, 船の建造, 狩り①, 家畜市場, 週市, 生産, 工芸 ①②④
(not the forge), 山岳と交易 ② (wood per player), 恐喝 ④ (plundering). Items are paid and
gained as named in ``action_board`` (``pay``/``gain``).
"""

from __future__ import annotations

from skald.domain.feast.action_board import ActionSpace, Amount
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions.base import DONE, Offer, Refusal, SpaceRule
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import (
    BUILDING_INDEX,
    SHIP_SPECS,
    amount,
    can_pay,
    cattle,
    free_berths,
    items,
    sheep,
)
from skald.domain.feast.game.state import ItemCount, State
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.chance import Chance


def _counts(amounts: tuple[Amount, ...]) -> tuple[ItemCount, ...]:
    return tuple(ItemCount(a.item, a.count) for a in amounts)


def _room(state: State, seat: int, gains: tuple[ItemCount, ...]) -> Refusal | None:
    """Buildings are limited (rules.ja.txt 有限のものと無限のもの); a ship needs a free berth of
    its size (船の建造)."""
    p = state.players[seat]
    for g in gains:
        if g.item in BUILDING_INDEX and state.buildings_left[BUILDING_INDEX[g.item]] < g.count:
            return CODES.refusal("no-building-left", f"no {g.item} is left in the supply")
        if g.item in SHIP_SPECS:
            berth = SHIP_SPECS[ShipKind(g.item)].berth
            if free_berths(p, berth) < g.count:
                return CODES.refusal("no-free-berth", f"a {g.item} needs a free {berth} berth")
    return None


def _pay_gain(
    state: State, seat: int, pay: tuple[ItemCount, ...], gains: tuple[ItemCount, ...]
) -> Refusal | None:
    if not can_pay(state.players[seat], pay):
        need = " + ".join(f"{c.count} {c.item}" for c in pay)
        return CODES.refusal("cannot-pay", f"this space costs {need}")
    return _room(state, seat, gains)


def _emit(log: Log, seat: int, pay: tuple[ItemCount, ...], gains: tuple[ItemCount, ...]) -> None:
    if pay:
        log.emit(ev.Paid(seat, pay, "action"))
    if gains:
        log.emit(ev.Gained(seat, gains, "action"))


# --- printed pay → gain ----------------------------------------------------------------


def _fixed_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    return _pay_gain(
        state,
        seat,
        hooks.cards.price(state, seat, space, option, _counts(space.pay)),
        _counts(space.gain),
    )


def _fixed_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    pay = hooks.cards.charge(log, seat, space, option, _counts(space.pay))
    _emit(log, seat, pay, _counts(space.gain))
    return DONE


FIXED = SpaceRule(_fixed_refuse, _fixed_use)


# --- alternatives -------------------------------------------------------------------------

_HOUSE_AND_SHIP = (
    items(("stone-house", 1), ("longship", 1)),
    items(("long-house", 1), ("knarr", 1)),
)
_SHEEP_OR_CATTLE = ((), items(("silver", 1))), (items(("sheep", 1)), items(("cattle", 1)))


def _choice(space: ActionSpace, option: int) -> tuple[tuple[ItemCount, ...], tuple[ItemCount, ...]]:
    """(pay, gain) of a space with printed alternatives, for ``option``, as printed."""
    if space.kind == "build-house-and-ship":
        return _counts(space.pay), _HOUSE_AND_SHIP[option]
    if space.kind == "sheep-or-cattle":
        return _SHEEP_OR_CATTLE[0][option], _SHEEP_OR_CATTLE[1][option]
    # wood-or-ore-to-chest
    return items(("wood" if option == 0 else "ore", 1)), _counts(space.gain)


def _choice_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    pay, gains = _choice(space, option)
    return _pay_gain(state, seat, hooks.cards.price(state, seat, space, option, pay), gains)


def _choice_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    pay, gains = _choice(space, option)
    _emit(log, seat, hooks.cards.charge(log, seat, space, option, pay), gains)
    return DONE


CHOICE = SpaceRule(_choice_refuse, _choice_use, (0, 1))


# --- scaled by animals or players ---------------------------------------------------------


def _scaled(state: State, seat: int, space: ActionSpace) -> tuple[ItemCount, ...]:
    p = state.players[seat]
    if space.kind == "milk-per-cattle":
        return items(("milk", min(3, cattle(p))))
    if space.kind == "wool-per-sheep":
        return items(("wool", min(3, sheep(p))))
    if space.kind == "wood-per-player":
        return (*items(("wood", state.count)), *_counts(space.gain))
    # weekly-market-4: spices + silver, 2 milk with a cattle, 1 wool with a sheep
    extra = items(("milk", 2 if cattle(p) else 0), ("wool", 1 if sheep(p) else 0))
    return (*_counts(space.gain), *extra)


def _scaled_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    if not _scaled(state, seat, space):
        animal = "cattle" if space.kind == "milk-per-cattle" else "sheep"
        return CODES.refusal("nothing-to-gain", f"this space gives nothing without {animal}")
    return None


def _scaled_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    _emit(log, seat, (), _scaled(log.state, seat, space))
    return DONE


SCALED = SpaceRule(_scaled_refuse, _scaled_use)


# --- crafting ④: 4 silver, then wool → robe and/or silverware → jewelry --------------------

_CRAFT = (("wool", "robe"), ("silverware", "jewelry"))


def _craft4_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    p = state.players[seat]
    for bit, (give, _) in enumerate(_CRAFT):
        if option >> bit & 1 and amount(p, give) < 1:
            return CODES.refusal("cannot-pay", f"that exchange needs 1 {give}")
    return None


def _craft4_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    _emit(log, seat, (), _counts(space.gain))
    for bit, (give, get) in enumerate(_CRAFT):
        if option >> bit & 1:
            _emit(log, seat, items((give, 1)), items((get, 1)))
    return DONE


CRAFTING_4 = SpaceRule(_craft4_refuse, _craft4_use, (0, 1, 2, 3))

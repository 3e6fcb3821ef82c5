"""What spaces cost with occupations: the discounts, judged on the printed price and stacking,
never below 0 (occupations.md, ``cost``; NOTES.md, Occupations), and the helpers that read
prices and columns."""

from __future__ import annotations

from collections.abc import Callable

from skald.domain.feast.action_board import ACTION_SPACES, ActionSpace, Group
from skald.domain.feast.game.cards.engine import price
from skald.domain.feast.game.cards.model import Card, PayFn
from skald.domain.feast.game.items import items
from skald.domain.feast.game.state import ItemCount, State

EMIGRATION_KINDS = frozenset({"emigrate", "exchange-and-emigrate"})


def less(pay: tuple[ItemCount, ...], item: str, n: int) -> tuple[ItemCount, ...]:
    """``pay`` with ``n`` fewer of ``item`` (never below 0; an item gone is dropped)."""
    out = []
    for it in pay:
        if it.item == item:
            it = ItemCount(item, max(0, it.count - n))
        if it.count:
            out.append(it)
    return tuple(out)


_EMIGRATION = next(a for a in ACTION_SPACES if a.kind == "emigrate")


def silver_of(pay: tuple[ItemCount, ...]) -> int:
    return sum(it.count for it in pay if it.item == "silver")


def _discount(
    item: str, count: int, where: Callable[[ActionSpace, tuple[ItemCount, ...]], bool]
) -> PayFn:
    """``n`` fewer ``item`` on the spaces ``where`` accepts (given the printed price, so the
    discounts stack without seeing each other)."""

    def pay(
        state: State,
        seat: int,
        space: ActionSpace,
        printed: tuple[ItemCount, ...],
        now: tuple[ItemCount, ...],
    ) -> tuple[ItemCount, ...]:
        return less(now, item, count) if where(space, printed) else now

    return pay


def emigration_cost(state: State, seat: int, base: int) -> int:
    """An emigration's silver after the seat's discounts (any source: #2, #170)."""
    return silver_of(price(state, seat, _EMIGRATION, 0, items(("silver", base))))


CARDS: tuple[Card, ...] = (
    Card(
        1,
        "livestock market spaces cost 1 silver less",
        pay=_discount("silver", 1, lambda space, _: space.group is Group.LIVESTOCK_MARKET),
    ),
    Card(
        2,
        "a space costing 2+ silver costs 1 less (emigration, special sale included)",
        pay=_discount("silver", 1, lambda _, printed: silver_of(printed) >= 2),
    ),
    Card(
        116,
        "stone and long houses cost 1 stone less",
        pay=_discount(
            "stone", 1, lambda space, _: space.group is Group.BUILD_HOUSES and space.column >= 2
        ),
    ),
    Card(
        170,
        "emigration costs 2 silver less",
        pay=_discount("silver", 2, lambda space, _: space.kind in EMIGRATION_KINDS),
    ),
)

"""What spaces cost with occupations: the discounts, judged on the printed price and stacking,
never below 0 (occupations.md, ``cost``; NOTES.md, Occupations), and the helpers that read
prices and columns."""

from __future__ import annotations

from typing import TYPE_CHECKING

from domain.feast.action_board import ACTION_SPACES, ActionSpace, Group
from domain.feast.game.cards.model import Card
from domain.feast.game.items import items
from domain.feast.game.state import ItemCount, State

if TYPE_CHECKING:
    pass


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


def _peddler(
    s: State,
    seat: int,
    space: ActionSpace,
    printed: tuple[ItemCount, ...],
    now: tuple[ItemCount, ...],
) -> tuple[ItemCount, ...]:
    return less(now, "silver", 1) if space.group is Group.LIVESTOCK_MARKET else now


def _patron(
    s: State,
    seat: int,
    space: ActionSpace,
    printed: tuple[ItemCount, ...],
    now: tuple[ItemCount, ...],
) -> tuple[ItemCount, ...]:
    return less(now, "silver", 1) if silver_of(printed) >= 2 else now


def _bricklayer(
    s: State,
    seat: int,
    space: ActionSpace,
    printed: tuple[ItemCount, ...],
    now: tuple[ItemCount, ...],
) -> tuple[ItemCount, ...]:
    houses = space.group is Group.BUILD_HOUSES and space.column >= 2
    return less(now, "stone", 1) if houses else now


def _refugee(
    s: State,
    seat: int,
    space: ActionSpace,
    printed: tuple[ItemCount, ...],
    now: tuple[ItemCount, ...],
) -> tuple[ItemCount, ...]:
    return less(now, "silver", 2) if space.kind in EMIGRATION_KINDS else now


def emigration_cost(s: State, seat: int, base: int) -> int:
    """An emigration's silver after the seat's discounts (any source: #2, #170)."""
    from domain.feast.game.cards.engine import price

    return silver_of(price(s, seat, _EMIGRATION, 0, items(("silver", base))))


CARDS: tuple[Card, ...] = (
    Card(1, "livestock market spaces cost 1 silver less", pay=_peddler),
    Card(
        2, "a space costing 2+ silver costs 1 less (emigration, special sale included)", pay=_patron
    ),
    Card(116, "stone and long houses cost 1 stone less", pay=_bricklayer),
    Card(170, "emigration costs 2 silver less", pay=_refugee),
)

"""Discounts and the sailing occupations (``cards/costs.py``, ``cards/trading.py``): what a
space then costs (listed and paid alike), stacking from the printed price, and the offers
before and after overseas trading (occupations.md, ``cost``, ``emigration``)."""

from __future__ import annotations

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.goods import Good
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    answer,
    bare,
    have,
    names,
    offered,
    place,
    played,
    refused,
    run,
    used,
    with_ships,
)


def _paid_silver(events: list[object]) -> int:
    return sum(
        it.count
        for e in events
        if isinstance(e, ev.Paid) and e.reason == "action"
        for it in e.items
        if it.item == "silver"
    )


@pytest.mark.parametrize(
    ("cards", "space", "option", "silver", "applied"),
    [
        ((1,), "livestock-market-1-1", 0, 0, 1),  # 1 silver → 0
        ((1,), "livestock-market-2-2", 0, 2, 1),  # 3 → 2
        ((1,), "livestock-market-3-1", 1, 0, 1),  # the cattle for 1 → free
        ((2,), "livestock-market-1-1", 0, 1, 0),  # 1: no
        ((2,), "livestock-market-1-2", 0, 1, 1),  # 2 → 1
        ((2,), "livestock-market-4-1", 0, 2, 1),
        ((1, 2), "livestock-market-2-2", 0, 1, 2),  # stacked: 3 − 1 − 1
        ((1, 2), "livestock-market-1-2", 0, 0, 2),
        ((), "livestock-market-2-2", 0, 3, 0),
    ],
)
def test_livestock_discounts_stack_from_the_printed_price(
    cards: tuple[int, ...], space: str, option: int, silver: int, applied: int
) -> None:
    state = played(bare(silver=silver), 0, *cards)
    assert cmd.PlaceVikings(space, option) in set(RULES.legal_commands(state, 0))
    after, events = place(state, 0, space, option)
    assert _paid_silver(events) == silver and have(after, 0, "silver") == 0
    assert sum(used(events, n) for n in cards) == applied  # each discount says so
    if silver:  # one silver short: not listed, refused
        short = played(bare(silver=silver - 1), 0, *cards)
        assert refused(short, 0, cmd.PlaceVikings(space, option)) == "feast/cannot-pay"


def test_peddler_does_not_reduce_a_free_good() -> None:
    after, events = place(played(bare(), 0, 1), 0, "livestock-market-3-1", 0)
    assert have(after, 0, "sheep") == 1 and used(events, 1) == 0


def test_master_bricklayer_saves_a_stone_on_stone_and_long_houses() -> None:
    state = played(bare(stone=0, wood=2), 0, 116)
    after, events = place(state, 0, "build-houses-2-1")  # 1 stone → free
    assert after.players[0].houses and used(events, 116) == 1
    after, _ = place(played(bare(stone=1), 0, 116), 0, "build-houses-3-1")
    assert have(after, 0, "stone") == 0 and after.players[0].houses
    after, _ = place(played(bare(stone=1, wood=2), 0, 116), 0, "build-houses-4-1", 0)
    assert (have(after, 0, "stone"), have(after, 0, "wood")) == (0, 0)
    _shed, events = place(played(bare(wood=2), 0, 116), 0, "build-houses-1-1")
    assert used(events, 116) == 0  # sheds are paid in wood


@pytest.mark.parametrize(
    ("cards", "round_", "silver"),
    [((170,), 1, 0), ((170,), 3, 1), ((2,), 3, 2), ((2,), 1, 1), ((2, 170), 4, 1), ((), 3, 3)],
)
def test_emigration_discounts(cards: tuple[int, ...], round_: int, silver: int) -> None:
    state = replace(with_ships(played(bare(silver=silver), 0, *cards), 0, KNARR), round=round_)
    after, events = place(state, 0, "emigration-and-occupation-2-1", 0)
    (emigrated,) = [e for e in events if isinstance(e, ev.ShipEmigrated)]
    assert emigrated.silver == silver and have(after, 0, "silver") == 0


def test_patron_reduces_a_special_sale_once_on_its_total() -> None:
    state = with_ships(played(bare(silver=2), 0, 2), 0, KNARR)
    held, _ = place(state, 0, "sailing-3-1")
    listed = {c.tiles for c in RULES.legal_commands(held, 0) if isinstance(c, cmd.BuySpecials)}
    from skald.domain.feast.special_tiles import SpecialTile as T

    assert (T.HELMET, T.BELT) in listed  # 1 + 2 = 3, less 1
    after, events = run(held, 0, cmd.BuySpecials((T.HELMET, T.BELT)))
    (bought,) = [e for e in events if isinstance(e, ev.SpecialsBought)]
    assert bought.silver == 2 and have(after, 0, "silver") == 0


def _trading(*cards: int, **things: int) -> object:
    return with_ships(played(bare(**things), 0, *cards), 0, KNARR)


def test_priest_gives_oil_before_overseas_trading() -> None:
    held, events = place(_trading(149, silver=1, hide=1), 0, "sailing-1-1")  # type: ignore[arg-type]
    assert names(events)[:3] == ["VikingsPlaced", "OccupationUsed", "Gained"]
    assert cmd.TradeOverseas((Good.OIL, Good.HIDE)) in set(RULES.legal_commands(held, 0))


def test_ships_cook_and_foreign_trader_upgrade_before_trading() -> None:
    held, _ = place(_trading(36, 37, silver=1, hide=1, salt_meat=1, peas=1), 0, "sailing-2-1")  # type: ignore[arg-type]
    assert [o.card[-3:] for o in held.offers] == ["036", "037"]
    assert [o for _, o in offered(held)] == [-1, 9]  # only the salt meat
    held, _ = answer(held, 9)  # salt meat → linen
    assert [o for _, o in offered(held)] == [-1, 0, 17, 19]  # peas, hide, linen
    held, events = answer(held, 19)  # linen → silk
    assert "OffersSettled" in names(events) and held.running.awaiting == ("TradeOverseas",)
    after, _ = run(held, 0, cmd.TradeOverseas((Good.HIDE,)))
    assert (have(after, 0, "silk"), have(after, 0, "silverware")) == (1, 1)


def test_clerk_exchanges_up_left_once_per_knarr() -> None:
    silver = 3  # 1 per exchange, and the trading action's own 1
    state = with_ships(played(bare(silver=silver, hide=1, cattle=1), 0, 88), 0, KNARR, KNARR)
    held, _ = place(state, 0, "sailing-1-1")
    assert held.offers[0].trigger == "clerk:2"
    held, _ = answer(held, 14)  # cattle → robe
    assert have(held, 0, "robe") == 1 and held.offers[0].trigger == "clerk:1"
    held, _ = answer(held, None)
    assert not held.offers and held.running.awaiting == ("TradeOverseas",)


def test_master_count_and_birka_settler_after_the_two_viking_trading_space() -> None:
    state = with_ships(played(bare(silver=2, hide=1), 0, 109, 110), 0, KNARR, LONGSHIP)
    held, _ = place(state, 0, "sailing-2-1")
    held, events = run(held, 0, cmd.TradeOverseas((Good.HIDE,)))
    assert used(events, 109) == 1 and have(held, 0, "silver") == 2  # 1 paid, 1 per knarr
    assert [o for _, o in offered(held)] == [-1, 0, 1]  # emigrate either large ship
    _after, events = answer(held, 1)
    (emigrated,) = [e for e in events if isinstance(e, ev.ShipEmigrated)]
    assert (emigrated.kind, emigrated.silver) == (LONGSHIP, 1)
    _, events = run(place(state, 0, "sailing-1-1")[0], 0, cmd.TradeOverseas((Good.HIDE,)))
    assert used(events, 109) == 0 and "OccupationOffered" not in names(events)


def test_dorestad_traveller_upgrades_two_goods_instead_of_raiding() -> None:
    state = with_ships(played(bare(peas=1, flax=1), 0, 185), 0, LONGSHIP)
    held, _ = place(state, 0, "raiding-1-1")
    assert [o for _, o in offered(held)] == [-1, 0]
    after, events = answer(held, 0)
    assert "DieRolled" not in names(events) and after.running.upgrades == 2
    after, _ = run(after, 0, cmd.Upgrade(Good.PEAS))
    after, _ = run(after, 0, cmd.Upgrade(Good.FLAX))
    assert (have(after, 0, "mead"), have(after, 0, "stockfish")) == (1, 1) and after.running is None
    raid, events = answer(held, None)
    assert "DieRolled" in names(events) and raid.dice is not None

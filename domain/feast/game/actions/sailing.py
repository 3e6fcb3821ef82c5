"""Sailing: overseas trading ①② and the special sale ③ (rules.ja.txt 航海; refresher.en.txt;
components.md §1.4, §6). Both need a knarr (printed ``needs``, checked in ``turn``).

Overseas trading: "1銀を支払い、異なる緑の物品を何種類でも1段階格上げした青の物品にする" — pay 1
silver, then turn any number of **different** green goods in supply to their blue side (goods
already on a board stay: refresher.en.txt). The silver is paid on placing; the goods are then
chosen with ``TradeOverseas(goods)``, the action's one pending step. Reading: the space is
taken only with at least one green good in supply (the silver is the price, the turning is
the action), unless the seat has played #36 Ship's Cook, whose text lets the space be used
"even if no green good is then turned"; the step itself may name none ("何種類でも", and goods
may have been placed on a board meanwhile, an anytime action).

Special sale: "銀貨をコストに1つか2つの灰色の特殊タイルを購入する" — buy 1 or 2 special tiles at
their printed silver cost (the English Crown has none: it is never sold); each tile exists
once. Chosen with ``BuySpecials(tiles)`` after the column-3 occupation draw; it names no
tile only when none is within the seat's silver any more (silver spent meanwhile on a ship).

Both steps name their items once each, in canonical order (``GOODS`` / ``SPECIAL_TILES``
order), so every accepted step is listed exactly once.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, pairwise

from skald.domain.feast.action_board import ACTION_SPACES, ActionSpace
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions.base import Offer, Refusal, SpaceRule
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import GOOD_INDEX, items
from skald.domain.feast.game.state import Player, State
from skald.domain.feast.goods import GOODS, Colour, Good
from skald.domain.feast.special_tiles import SPECIAL_SPECS, SPECIAL_TILES, SpecialTile
from skald.domain.kernel.chance import Chance

TRADE = "TradeOverseas"
SALE = "BuySpecials"
_GREEN = tuple(i for i, spec in enumerate(GOODS) if spec.colour is Colour.GREEN)
_ORDER = {t.tile: i for i, t in enumerate(SPECIAL_TILES)}


def greens(player: Player) -> tuple[Good, ...]:
    """The different green goods in the player's supply, in ``GOODS`` order."""
    return tuple(GOODS[i].good for i in _GREEN if player.goods[i])


def _increasing(keys: list[int]) -> bool:
    return all(a < b for a, b in pairwise(keys))


def trade_refusal(state: State, seat: int, goods: tuple[Good, ...]) -> Refusal | None:
    have = greens(state.players[seat])
    for g in goods:
        if g not in have:
            return CODES.refusal(
                "not-green-in-supply", f"you have no green {g.value} in your supply"
            )
    if not _increasing([GOOD_INDEX[g.value] for g in goods]):
        return CODES.refusal("goods-order", "name each good once, in the goods' order")
    return None


def trade_choices(state: State, seat: int) -> Iterator[tuple[Good, ...]]:
    have = greens(state.players[seat])
    for n in range(len(have) + 1):
        yield from combinations(have, n)


def _for_sale(state: State) -> tuple[SpecialTile, ...]:
    left = set(state.specials_left)
    return tuple(t.tile for t in SPECIAL_TILES if t.cost is not None and t.tile.value in left)


def sale_refusal(state: State, seat: int, tiles: tuple[SpecialTile, ...]) -> Refusal | None:
    if not tiles and next(sale_choices(state, seat), None) is not None:
        return CODES.refusal("sale-count", "buy 1 or 2 special tiles")
    if len(tiles) > 2:
        return CODES.refusal("sale-count", "buy 1 or 2 special tiles")
    on_sale = _for_sale(state)
    for t in tiles:
        if t not in on_sale:
            return CODES.refusal("special-not-for-sale", f"the {t.value} is not for sale")
    if not _increasing([_ORDER[t] for t in tiles]):
        return CODES.refusal("tiles-order", "name each tile once, in the tiles' order")
    cost = price(state, seat, tiles)
    if state.players[seat].silver < cost:
        return CODES.refusal("cannot-pay", f"those tiles cost {cost} silver")
    return None


_SALE = next(a for a in ACTION_SPACES if a.kind == "special-sale")


def price(state: State, seat: int, tiles: tuple[SpecialTile, ...]) -> int:
    """The tiles' printed costs together, less the seat's occupations' discounts."""
    printed = sum(SPECIAL_SPECS[t].cost or 0 for t in tiles)
    pay = hooks.cards.price(state, seat, _SALE, 0, items(("silver", printed)))
    return sum(it.count for it in pay if it.item == "silver")


def sale_choices(state: State, seat: int) -> Iterator[tuple[SpecialTile, ...]]:
    silver = state.players[seat].silver
    on_sale = _for_sale(state)
    for n in (1, 2):
        for tiles in combinations(on_sale, n):
            if price(state, seat, tiles) <= silver:
                yield tiles


def sale_steps(state: State, seat: int) -> Iterator[tuple[SpecialTile, ...]]:
    """The answers to the sale's step: its choices, or buying nothing once silver spent
    meanwhile (anytime) leaves none."""
    found = False
    for tiles in sale_choices(state, seat):
        found = True
        yield tiles
    if not found:
        yield ()


def charged(log: Log, seat: int, tiles: tuple[SpecialTile, ...]) -> int:
    """``price`` when the tiles are bought (the discounting cards say so)."""
    printed = sum(SPECIAL_SPECS[t].cost or 0 for t in tiles)
    pay = hooks.cards.charge(log, seat, _SALE, 0, items(("silver", printed)))
    return sum(it.count for it in pay if it.item == "silver")


def _trade_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    if state.players[seat].silver < 1:
        return CODES.refusal("cannot-pay", "overseas trading costs 1 silver")
    if not greens(state.players[seat]) and not hooks.cards.trades_without_greens(state, seat):
        return CODES.refusal("nothing-to-trade", "you have no green good in your supply")
    return None


def _trade_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    log.emit(ev.Paid(seat, items(("silver", 1)), "action"))
    return Offer(awaiting=(TRADE,))


OVERSEAS_TRADING = SpaceRule(_trade_refuse, _trade_use)


def _sale_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    if next(sale_choices(state, seat), None) is None:
        return CODES.refusal("nothing-to-buy", "no special tile for sale is within your silver")
    return None


def _sale_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    return Offer(used=False, awaiting=(SALE,))


SPECIAL_SALE = SpaceRule(_sale_refuse, _sale_use)

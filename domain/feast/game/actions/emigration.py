"""Emigration, emigration-and-occupation ②③④ (rules.ja.txt 移住; components.md §6, S4;
RULINGS.md, Feast).

②/③ (a knarr or longship needed): pay silver equal to the current round, turn one knarr or
longship over onto the banquet table's leftmost free position; any ore on it is lost. It is no
longer a ship: it scores 18 (knarr) or 21 (longship) at the end and covers 2 banquet squares
from the next feast on (RULINGS.md; ``placement`` reads ``len(Player.emigrated)``).
④ may first exchange a whaling boat for a knarr ("捕鯨船1隻を商船1隻に交換できる"), then emigrates
the same way; the emigration itself must happen (a space is used only when it can be
carried out fully: ヴァイキング駒の配置ルール).

``PlaceVikings.option``: ②/③ the index of the emigrating ship in ``Player.ships``; ④ the same
index in the fleet after the exchange, plus ``EXCHANGE`` (8) to exchange first. Readings:
the exchange gives up the whaling boat carrying the least ore (whaling boats differ only by
their ore, so this is always to the player's gain), the knarr joins the end of the fleet, and
it needs no free large berth, since the emigration frees one at once. The table holds 6
emigrated ships (12 squares, 2 each).
"""

from __future__ import annotations

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.banquet import SQUARES_PER_EMIGRATED_SHIP, TABLE_SQUARES
from skald.domain.feast.boards.home import BERTHS_LARGE, BERTHS_SMALL
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions.base import DONE, Offer, Refusal, SpaceRule
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import items
from skald.domain.feast.game.state import Player, Ship, State
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.chance import Chance

EXCHANGE = 8
FLEET = BERTHS_SMALL + BERTHS_LARGE
MAX_EMIGRATED = TABLE_SQUARES // SQUARES_PER_EMIGRATED_SHIP


def exchanged_boat(player: Player) -> int | None:
    """The whaling boat an exchange gives up: the one with the least ore (first of equals)."""
    boats = [(sh.ore, i) for i, sh in enumerate(player.ships) if sh.kind is ShipKind.WHALING_BOAT]
    return min(boats)[1] if boats else None


def _fleet(player: Player, exchange: bool) -> tuple[Ship, ...]:
    boat = exchanged_boat(player)
    if not exchange or boat is None:
        return player.ships
    return (*player.ships[:boat], *player.ships[boat + 1 :], Ship(ShipKind.KNARR))


def cost(state: State, seat: int, space: ActionSpace) -> int:
    """Silver equal to the round, less the seat's occupations' discounts."""
    pay = hooks.cards.price(state, seat, space, 0, items(("silver", state.round)))
    return sum(it.count for it in pay if it.item == "silver")


def _emigration_refusal(
    state: State, seat: int, space: ActionSpace, fleet: tuple[Ship, ...], index: int
) -> Refusal | None:
    p = state.players[seat]
    if index >= len(fleet):
        return CODES.refusal("no-such-ship", f"you have no ship {index}")
    if fleet[index].kind is ShipKind.WHALING_BOAT:
        return CODES.refusal("cannot-emigrate", "only a knarr or a longship emigrates")
    if len(p.emigrated) >= MAX_EMIGRATED:
        return CODES.refusal("banquet-full", "the banquet table has no free position for a ship")
    silver = cost(state, seat, space)
    if p.silver < silver:
        return CODES.refusal(
            "cannot-pay", f"emigrating in round {state.round} costs {silver} silver"
        )
    return None


def _refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    return _emigration_refusal(state, seat, space, state.players[seat].ships, option)


def _emigrate(log: Log, seat: int, space: ActionSpace, index: int) -> None:
    ship = log.state.players[seat].ships[index]
    pay = hooks.cards.charge(log, seat, space, 0, items(("silver", log.state.round)))
    silver = sum(it.count for it in pay if it.item == "silver")
    log.emit(ev.ShipEmigrated(seat, index, ship.kind, silver))


def _use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    _emigrate(log, seat, space, option)
    return DONE


EMIGRATE = SpaceRule(_refuse, _use, tuple(range(FLEET)))


def _refuse_4(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    p = state.players[seat]
    exchange = bool(option & EXCHANGE)
    if exchange and exchanged_boat(p) is None:
        return CODES.refusal("no-whaling-boat", "you have no whaling boat to exchange")
    return _emigration_refusal(state, seat, space, _fleet(p, exchange), option & ~EXCHANGE)


def _use_4(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    if option & EXCHANGE:
        boat = exchanged_boat(log.state.players[seat])
        assert boat is not None
        log.emit(ev.ShipExchanged(seat, boat, ShipKind.KNARR))
    _emigrate(log, seat, space, option & ~EXCHANGE)
    return DONE


EXCHANGE_AND_EMIGRATE = SpaceRule(
    _refuse_4, _use_4, (*range(FLEET), *range(EXCHANGE, EXCHANGE + FLEET))
)

"""The pending steps of the sailing spaces, checked, listed and decided (``actions/sailing.py``
holds the rules): ``TradeOverseas`` after overseas trading's silver, ``BuySpecials`` at the
special sale. Each is its space's only answer (``Running.awaiting``) until given; its event
clears the wait and the action ends by itself (nothing else is left to choose)."""

from __future__ import annotations

from collections.abc import Iterator

from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions.sailing import (
    SALE,
    TRADE,
    charged,
    sale_refusal,
    sale_steps,
    trade_choices,
    trade_refusal,
)
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.state import State
from skald.domain.feast.game.turn import continue_action
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.table import refuse


def check_trade(state: State, seat: int, command: cmd.TradeOverseas) -> None:
    """航海 海外貿易: different green goods from supply, each once."""
    refuse(trade_refusal(state, seat, command.goods))


def check_sale(state: State, seat: int, command: cmd.BuySpecials) -> None:
    """航海 特殊タイルの購入: 1 or 2 tiles for sale, within the seat's silver."""
    refuse(sale_refusal(state, seat, command.tiles))


def voyage_commands(state: State, seat: int, answers: frozenset[str]) -> Iterator[cmd.Command]:
    run = state.running
    if run is None or run.seat != seat:
        return
    if TRADE in answers:
        for goods in trade_choices(state, seat):
            yield cmd.TradeOverseas(goods)
    if SALE in answers:
        for tiles in sale_steps(state, seat):
            yield cmd.BuySpecials(tiles)


def trade(log: Log, seat: int, command: cmd.TradeOverseas, chance: Chance) -> None:
    log.emit(ev.GoodsTraded(seat, command.goods))
    continue_action(log, chance)


def sale(log: Log, seat: int, command: cmd.BuySpecials, chance: Chance) -> None:
    log.emit(ev.SpecialsBought(seat, command.tiles, charged(log, seat, command.tiles)))
    continue_action(log, chance)

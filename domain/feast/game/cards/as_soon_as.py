"""As-soon-as occupations: once per game, the first time the condition holds after the card
is played, checked after every command (``engine.settle``); #179 watches its next knarr and
#182 is used once at any time once its condition holds (occupations.md, timing S)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import houses, large_ships, round_income, ships
from skald.domain.feast.game.cards.effects import card, choices, give, spent
from skald.domain.feast.game.cards.model import Card, Limit, Menu, PlayFn
from skald.domain.feast.game.items import free_berths
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import ItemCount, State
from skald.domain.feast.ships import Berth, ShipKind
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _boat_builder(log: Log, seat: int, chance: Chance) -> None:
    room = min(2, free_berths(log.state.players[seat], Berth.SMALL))
    log.emit(ev.OccupationUsed(seat, card_id(178)))
    if room:
        log.emit(ev.Gained(seat, (ItemCount("whaling-boat", room),), card_id(178)))


def _income_tier(number: int, tiers: tuple[tuple[int, int], ...], good: str) -> PlayFn:
    def fire(log: Log, seat: int, chance: Chance) -> None:
        income = round_income(log.state.players[seat])
        n = next((v for most, v in tiers if income <= most), 0)
        log.emit(ev.OccupationUsed(seat, card_id(number)))
        if n:
            log.emit(ev.Gained(seat, (ItemCount(good, n),), card_id(number)))

    return fire


def _cutter(log: Log, seat: int, got: tuple[ItemCount, ...], reason: str, chance: Chance) -> None:
    if any(it.item == "knarr" for it in got) and not spent(log.state, seat, card(179)):
        n = ships(log.state.players[seat], ShipKind.KNARR)
        give(log, seat, 179, ("stockfish", n), ("silver", n))


def _two_houses(state: State, seat: int) -> bool:
    return houses(state.players[seat]) >= 2


CARDS: tuple[Card, ...] = (
    Card(
        178,
        "once you own 4 large ships: 2 whaling boats free (as berths allow)",
        limit=Limit.ONCE,
        ready=lambda s, seat: large_ships(s.players[seat]) >= 4,
        fire=_boat_builder,
    ),
    Card(
        179,
        "the next knarr you acquire: 1 stockfish + 1 silver per knarr owned",
        limit=Limit.ONCE,
        arrival=_cutter,
    ),
    Card(
        180,
        "once you own 3 longships: income ≤ 5/11/30 → 4/3/2 silverware",
        limit=Limit.ONCE,
        ready=lambda s, seat: ships(s.players[seat], ShipKind.LONGSHIP) >= 3,
        fire=_income_tier(180, ((5, 4), (11, 3), (30, 2)), "silverware"),
    ),
    Card(
        181,
        "once you own 3 large ships: income ≤ 4/9/30 → 3/2/1 wool",
        limit=Limit.ONCE,
        ready=lambda s, seat: large_ships(s.players[seat]) >= 3,
        fire=_income_tier(181, ((4, 3), (9, 2), (30, 1)), "wool"),
    ),
    Card(
        182,
        "once you own 2 stone/long houses, once: 2 wood → spices or 5 wood → 2 spices",
        limit=Limit.ONCE,
        menu=Menu(
            lambda s, seat, t: choices(
                ((("wood", 2),), (("spices", 1),)), ((("wood", 5),), (("spices", 2),))
            )
        ),
        anytime=True,
        ready=_two_houses,
    ),
)

"""Occupations of overseas trading and emigration from a space: before and after the sailing
spaces (occupations.md, ``action-space``, ``emigration``, ``upgrade``), and raiding replaced.

The cards acting immediately before overseas trading count when deciding whether it may be
used (RULINGS.md "A Feast for Odin, more", ``Card.enables``): #149 Priest's oil, a #37
Foreign Trader ↑1 or #88 Clerk exchange that makes a green good, let a seat with no green good
in supply take the space; #36 Ship's Cook's own sentence lets it trade with none at all."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.costs import emigration_cost
from skald.domain.feast.game.cards.counts import box_step, ships
from skald.domain.feast.game.cards.effects import (
    after_choice,
    card,
    enabled_by_gain,
    enabled_by_offer,
    exchange,
    give,
    legal_choices,
    offer,
    upgrade_menu,
)
from skald.domain.feast.game.cards.model import Card, Choice, Menu, SpaceUse, UsableFn
from skald.domain.feast.game.cards.on_play_ships import MAX_EMIGRATED
from skald.domain.feast.game.cards.spaces import after_offer, before_offer, of_kind
from skald.domain.feast.game.items import items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import GOODS, Good
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _priest(log: Log, use: SpaceUse, chance: Chance) -> None:
    if use.space.kind == "overseas-trading":
        give(log, use.seat, 149, ("oil", 1))


def _clerk(log: Log, use: SpaceUse, chance: Chance) -> None:
    knarrs = ships(log.state.players[use.seat], ShipKind.KNARR)
    if use.space.kind == "overseas-trading" and knarrs:
        offer(log, use.seat, 88, f"clerk:{knarrs}")


def _clerk_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    """Each exchange costs 1 silver on top of the 1 silver the trading action itself costs
    (it is the action's price, paid as the space is used, after this offer): the seat's last
    silver is never offered, so taking the card cannot void the action it comes before."""
    p = state.players[seat]
    if p.silver < 2:
        return
    for i, spec in enumerate(GOODS):
        into = box_step(spec.good, -1) if p.goods[i] else None
        if into is not None:
            yield Choice(i, items(("silver", 1), (spec.good.value, 1)), items((into.value, 1)))


def _clerk_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    left = int(trigger.removeprefix("clerk:")) - 1
    exchange(log, seat, 88, ch.pay, ch.gain)
    if left > 0:
        offer(log, seat, 88, f"clerk:{left}")


def _clerk_enables(state: State, use: SpaceUse, usable: UsableFn) -> bool:
    """#88 counts when deciding whether overseas trading may be used (RULINGS.md "A Feast for
    Odin, more"): some run of its exchanges, one per knarr (each 1 silver, the last silver
    kept), leaves a state on which the space is usable (a green good to turn)."""
    if use.space.kind != "overseas-trading":
        return False
    clerk, seat = card(88), use.seat
    frontier, seen = [state], {state.players[seat].goods}
    for _ in range(ships(state.players[seat], ShipKind.KNARR)):
        reached = []
        for t in frontier:
            for ch in legal_choices(t, seat, clerk, "clerk:1"):
                after = after_choice(t, seat, clerk, ch, "clerk:1")  # one exchange, no more
                if usable(after):
                    return True
                if after.players[seat].goods not in seen:
                    seen.add(after.players[seat].goods)
                    reached.append(after)
        frontier = reached
    return False


def _master_count(log: Log, use: SpaceUse, chance: Chance) -> None:
    if use.space.id == "sailing-2-1" and not use.imitation:
        give(log, use.seat, 109, ("silver", ships(log.state.players[use.seat], ShipKind.KNARR)))


def _birka(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = state.players[seat]
    cost = emigration_cost(state, seat, state.round)
    if len(p.emigrated) < MAX_EMIGRATED:
        for i, sh in enumerate(p.ships):
            if sh.kind is not ShipKind.WHALING_BOAT:
                yield Choice(i, items(("silver", cost)), label=f"emigrate ship {i}")


def _birka_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    ship = log.state.players[seat].ships[ch.key]
    log.emit(ev.ShipEmigrated(seat, ch.key, ship.kind, ch.pay[0].count if ch.pay else 0))


def _dorestad(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    yield Choice(0, label="upgrade 2 goods instead of raiding")


def _dorestad_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    log.emit(ev.ActionReplaced(seat, card_id(185)))


_MEATS = (Good.SALT_MEAT, Good.GAME_MEAT, Good.WHALE_MEAT)


CARDS: tuple[Card, ...] = (
    Card(
        36,
        "before overseas trading: may upgrade a salt, game or whale meat one step",
        menu=upgrade_menu(_MEATS),
        before_space=before_offer(36, of_kind("overseas-trading")),
        trades_without_greens=True,  # "may be used … even if no green good is then turned"
    ),
    Card(
        37,
        "before overseas trading: may upgrade a good one step",
        menu=upgrade_menu(),
        before_space=before_offer(37, of_kind("overseas-trading")),
        enables=enabled_by_offer(37, of_kind("overseas-trading")),  # a ↑1 that makes a green
    ),
    Card(
        88,
        "before overseas trading: per knarr, may pay 1 silver to move a good up-left in the box",
        menu=Menu(_clerk_choices, _clerk_apply),
        before_space=_clerk,
        enables=_clerk_enables,
    ),
    Card(109, "after overseas trading ②: 1 silver per knarr", after_space=_master_count),
    Card(
        110,
        "after overseas trading ②: may emigrate at the normal cost",
        menu=Menu(_birka, _birka_apply),
        after_space=after_offer(110, lambda u: u.space.id == "sailing-2-1" and not u.imitation),
    ),
    Card(
        149,
        "before overseas trading: 1 oil",
        before_space=_priest,
        enables=enabled_by_gain(of_kind("overseas-trading"), ("oil", 1)),  # a green to turn
    ),
    Card(
        185,
        "instead of raiding: may upgrade 2 goods one step",
        menu=Menu(_dorestad, _dorestad_apply),
        before_space=before_offer(185, of_kind("raiding")),
        replaces="upgrade-2",
    ),
)

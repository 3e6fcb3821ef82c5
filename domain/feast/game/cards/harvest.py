"""Occupations of the round's first half and of income: the harvest (with and without one), the
weapon draw, just before income (occupations.md, ``harvest``, ``income``, ``phase``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import HOUSES, count, ships, specials_owned
from skald.domain.feast.game.cards.effects import (
    draw,
    exchange,
    give,
    offer,
    phase_offer,
    place_apply,
    placements,
    strips_with,
    take,
    tier,
    vikings_on,
)
from skald.domain.feast.game.cards.model import Card, Choice, Menu, PhaseFn
from skald.domain.feast.game.items import boards, items
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import ORE, STONE, WOOD, legal_placements
from skald.domain.feast.rounds import harvest
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _harvested(state: State) -> tuple[Good, ...]:
    return harvest(state.length, state.round)


def _without_harvest(fn: PhaseFn) -> PhaseFn:
    def hook(log: Log, seat: int, chance: Chance) -> None:
        if not _harvested(log.state):
            fn(log, seat, chance)

    return hook


def _sympathetic(log: Log, seat: int, chance: Chance) -> None:
    n = specials_owned(log.state.players[seat])
    give(log, seat, 92, ("silver", tier(n, ((3, 1), (4, 2), (5, 3)))))


def _helper(log: Log, seat: int, chance: Chance) -> None:
    boats = ships(log.state.players[seat], ShipKind.WHALING_BOAT)
    good = {1: "beans", 2: "grain", 3: "cabbage"}.get(boats)
    if good is not None:
        give(log, seat, 93, (good, 1))


def _pea_counter(log: Log, seat: int, chance: Chance) -> None:
    peas = count(log.state.players[seat], Good.PEAS)
    give(log, seat, 97, ("peas", min(peas, 8 - peas)))


def _wanderer(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    for n in strips_with(state):
        yield Choice(10 * n + 1, label=f"1 item from strip {n}")
        yield Choice(10 * n + 2, label=f"2 items from strip {n}")


def _wanderer_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    take(log, seat, 95, ch.key // 10, ch.key % 10)


def _sower(log: Log, seat: int, chance: Chance) -> None:
    got = _harvested(log.state)
    if not got:
        return
    p = log.state.players[seat]
    flax_before = count(p, Good.FLAX) - (Good.FLAX in got)
    grain_before = count(p, Good.GRAIN) - (Good.GRAIN in got)
    if flax_before < 1:
        return
    if grain_before >= 1:
        offer(log, seat, 169, "harvest")
    else:
        give(log, seat, 169, ("flax", 1))


def _flax_baker(log: Log, seat: int, chance: Chance) -> None:
    if _harvested(log.state):
        offer(log, seat, 171, "after-harvest")


def _peacemaker_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    if ch.key == 0:
        draw(log, seat, 1, chance)
    else:
        exchange(log, seat, 38, (), ch.gain)


def _craft_leader(log: Log, seat: int, chance: Chance) -> None:
    crafting = vikings_on(log.state, seat, lambda sp: sp.startswith("crafting-"))
    if crafting >= 5:
        give(log, seat, 8, ("oil", 1))


def _ore_spots(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    home_or_explored = lambda b: b not in (BoardId.SHED, *HOUSES)  # noqa: E731
    for key, name, pl in placements(state, seat, ORE, home_or_explored):
        yield Choice(key, (), items(("ore", 1)), f"{name} {pl.row},{pl.col}")


def _ore_boatman(log: Log, seat: int, chance: Chance) -> None:
    n = ships(log.state.players[seat], ShipKind.LONGSHIP)
    if n:
        offer(log, seat, 9, f"ore:{n}")


def _steward(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    for key, piece, item in ((0, WOOD, "wood"), (1, STONE, "stone")):
        if any(
            b.board is BoardId.SHED
            and next(legal_placements(b, piece, game_end=True), None) is not None
            for _, b in boards(state.players[seat])
        ):
            yield Choice(key, items((item, 1)), items(("silver", 1)), f"1 {item} into a shed")


def _steward_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    piece = WOOD if ch.key == 0 else STONE
    name, pl = next(
        (name, pl)
        for name, b in boards(log.state.players[seat])
        if b.board is BoardId.SHED
        for pl in legal_placements(b, piece, game_end=True)
    )
    log.emit(ev.GoodPlaced(seat, name, pl))
    exchange(log, seat, 42, (), ch.gain)


CARDS: tuple[Card, ...] = (
    Card(
        8,
        "before income: 5+ Vikings on crafting spaces → 1 oil",
        phases=(("before-income", _craft_leader),),
    ),
    Card(
        9,
        "before income: 1 ore per longship, placed at once on your boards",
        menu=Menu(_ore_spots, place_apply(9, ORE, "ore")),
        phases=(("before-income", _ore_boatman),),
    ),
    Card(
        38,
        "phase 4: 1 wood, stone or ore instead of the weapon",
        menu=Menu(
            lambda s, seat, t: (
                Choice(0, label="draw the weapon"),
                Choice(1, (), items(("wood", 1))),
                Choice(2, (), items(("stone", 1))),
                Choice(3, (), items(("ore", 1))),
            ),
            _peacemaker_apply,
            must=True,
        ),
        phases=(("weapon", phase_offer(38, "weapon")),),
    ),
    Card(
        42,
        "before income: may put 1 wood or stone into a shed for 1 silver",
        menu=Menu(_steward, _steward_apply),
        phases=(("before-income", phase_offer(42, "before-income")),),
    ),
    Card(
        92,
        "no harvest: 3/4/5+ special tiles → 1/2/3 silver",
        phases=(("harvest", _without_harvest(_sympathetic)),),
    ),
    Card(
        93,
        "no harvest: 1/2/3 whaling boats → beans/grain/cabbage",
        phases=(("harvest", _without_harvest(_helper)),),
    ),
    Card(
        94,
        "no harvest: may exchange 2 oil for 1 spices",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("oil", 2)), items(("spices", 1))),)),
        phases=(("harvest", _without_harvest(phase_offer(94, "harvest"))),),
    ),
    Card(
        95,
        "no harvest: may take up to 2 items from one strip",
        menu=Menu(_wanderer, _wanderer_apply),
        phases=(("harvest", _without_harvest(phase_offer(95, "harvest"))),),
    ),
    Card(
        96,
        "no harvest: may exchange game meat → whale meat, or whale meat → 2 game meat",
        menu=Menu(
            lambda s, seat, t: (
                Choice(0, items(("game-meat", 1)), items(("whale-meat", 1))),
                Choice(1, items(("whale-meat", 1)), items(("game-meat", 2))),
            )
        ),
        phases=(("harvest", _without_harvest(phase_offer(96, "harvest"))),),
    ),
    Card(
        97,
        "no harvest: double your peas, up to 8",
        phases=(("harvest", _without_harvest(_pea_counter)),),
    ),
    Card(
        169,
        "a harvest with flax in supply: 1 more flax (or grain, with grain too)",
        menu=Menu(
            lambda s, seat, t: (
                Choice(0, (), items(("flax", 1))),
                Choice(1, (), items(("grain", 1))),
            ),
            must=True,
        ),
        phases=(("harvest", _sower),),
    ),
    Card(
        171,
        "after a harvest: may exchange 1 flax for 1 grain + 1 silver",
        menu=Menu(
            lambda s, seat, t: (Choice(0, items(("flax", 1)), items(("grain", 1), ("silver", 1))),)
        ),
        phases=(("after-harvest", _flax_baker),),
    ),
)

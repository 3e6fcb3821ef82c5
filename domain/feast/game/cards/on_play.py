"""Immediate occupations: what happens when the card is played (occupations.md, timing I).

Automatic effects emit their events at once; a card that offers a choice ("you may buy …")
offers its menu with trigger ``play``, answered with ``ResolveOccupation``. A "may" that
costs nothing and only gives is taken at once (nothing to decide). Cards with a lasting part
live with the rules they change (``dice``, ``gains``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import HOUSES, count, houses, ships, specials_owned
from skald.domain.feast.game.cards.effects import draw, exchange, give, have, search, tier
from skald.domain.feast.game.cards.model import Card, Pairs, PlayFn
from skald.domain.feast.game.cards.spaces import printed_column
from skald.domain.feast.game.items import cattle, items, sheep
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import Player, State
from skald.domain.feast.game.yields import breed, rewards
from skald.domain.feast.goods import GOODS, Colour, Good
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log

WB, KNARR, LONGSHIP = ShipKind.WHALING_BOAT, ShipKind.KNARR, ShipKind.LONGSHIP


def gains(number: int, what: Callable[[State, int], Pairs]) -> PlayFn:
    """On play: gain what ``what(state, seat)`` names (nothing: no event)."""

    def play(log: Log, seat: int, chance: Chance) -> None:
        give(log, seat, number, *what(log.state, seat))

    return play


def _p(state: State, seat: int) -> Player:
    return state.players[seat]


def _milker(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    p = _p(state, seat)
    n = (sheep(p) > 0) + (cattle(p) > 0)
    return (("milk", n), ("silver", n)) if n else ()


def _ship_owner(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    p = _p(state, seat)
    least = min(ships(p, WB), ships(p, KNARR), ships(p, LONGSHIP))
    return (("whale-meat", min(least, 2)),)


def _captain(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    ore = sum(sh.ore for sh in _p(state, seat).ships if sh.kind in (WB, LONGSHIP))
    return (("silver", tier(ore, ((4, 2), (5, 3), (6, 4), (7, 5)))),)


def _fighter(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    n = sum(1 for sh in _p(state, seat).ships if sh.kind is LONGSHIP and sh.ore >= 2)
    return (
        (("silk", 1),)
        if n == 1
        else (("jewelry", 1),)
        if n == 2
        else ((("silver-hoard", 1),) if n >= 3 else ())
    )


def _host(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    n = specials_owned(_p(state, seat))
    return (
        (("silk", 1),)
        if n == 3
        else (("spices", 1),)
        if n == 4
        else ((("jewelry", 1),) if n >= 5 else ())
    )


def _per(kind: ShipKind, *what: tuple[str, int]) -> Callable[[State, int], Pairs]:
    def pairs(state: State, seat: int) -> tuple[tuple[str, int], ...]:
        n = ships(_p(state, seat), kind)
        return tuple((item, k * n) for item, k in what)

    return pairs


def _meat_inspector(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    p = _p(state, seat)
    kinds = {
        Good.PREGNANT_SHEEP: Good.SHEEP,
        Good.PREGNANT_CATTLE: Good.CATTLE,
    }
    reds = {kinds.get(g.good, g.good) for g in GOODS if g.colour is Colour.RED and count(p, g.good)}
    return (("silver", len(reds)),)


def _silk_merchant(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    return (("silver", tier(count(_p(state, seat), Good.SILK), ((1, 1), (2, 3), (3, 6)))),)


def _sheep_shearer(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    return (("wool", tier(sheep(_p(state, seat)), ((3, 1), (4, 2), (6, 3)))),)


def _shepherd(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    n = sheep(_p(state, seat))
    return (("milk", 1), ("wool", 2 if n >= 4 else 1)) if n >= 2 else ()


def _grain_delivery(state: State, seat: int) -> tuple[tuple[str, int], ...]:
    n = ships(_p(state, seat), KNARR)
    return (
        ("peas", int(n >= 1)),
        ("beans", int(n >= 1)),
        ("flax", int(n >= 1)),
        ("grain", int(n >= 2)),
        ("cabbage", int(n >= 3)),
        ("fruits", int(n >= 4)),
    )


def _weapons_supplier(log: Log, seat: int, chance: Chance) -> None:
    n = tier(ships(_p(log.state, seat), LONGSHIP), ((1, 2), (2, 5), (3, 10)))
    if n:
        log.emit(ev.OccupationUsed(seat, card_id(32)))
        draw(log, seat, n, chance)


def _supplier_of_weapons(log: Log, seat: int, chance: Chance) -> None:
    log.emit(ev.OccupationUsed(seat, card_id(68)))
    draw(log, seat, 4, chance)


def _equipment_supplier(log: Log, seat: int, chance: Chance) -> None:
    need = [(w, 2 - have(log.state, seat, w.value)) for w in Weapon]
    if any(n > 0 for _, n in need):
        log.emit(ev.OccupationUsed(seat, card_id(69)))
        for w, n in need:
            search(log, seat, 69, w, max(0, n))


def _bonus_of(number: int, boards_kept: tuple[BoardId, ...]) -> PlayFn:
    """A bonus phase of the seat's own for these boards only (#20, #21)."""

    def play(log: Log, seat: int, chance: Chance) -> None:
        got, once = rewards(log.state, seat, lambda _n, b: b.board in boards_kept)
        if not (got or once):
            return
        log.emit(ev.OccupationUsed(seat, card_id(number)))
        for key in once:
            log.emit(ev.OnceBonusClaimed(seat, key))
        if got:
            log.emit(ev.Gained(seat, tuple(got), card_id(number)))

    return play


def _cattle_breeder(log: Log, seat: int, chance: Chance) -> None:
    p = _p(log.state, seat)
    if (
        count(p, Good.PREGNANT_SHEEP)
        or count(p, Good.PREGNANT_CATTLE)
        or sheep(p) >= 2
        or (cattle(p) >= 2)
    ):
        log.emit(ev.OccupationUsed(seat, card_id(35)))
        breed(log, seat)


def _breeder(log: Log, seat: int, chance: Chance) -> None:
    if count(_p(log.state, seat), Good.CATTLE):
        log.emit(ev.OccupationUsed(seat, card_id(79)))
        exchange(log, seat, 79, items(("cattle", 1)), items(("pregnant-cattle", 1)))


def _homecomer(log: Log, seat: int, chance: Chance) -> None:
    fourth = [
        o.space for o in log.state.occupied if o.seat == seat and printed_column(o.space) == 4
    ]
    if fourth:
        log.emit(ev.OccupationUsed(seat, card_id(76)))
        for space in fourth:
            log.emit(ev.VikingsRecalled(seat, space, 1, card_id(76)))


CARDS: tuple[Card, ...] = (
    Card(10, "on play: sheep or cattle: 1 milk + 1 silver; both: 2 + 2", play=gains(10, _milker)),
    Card(14, "on play: 1/2 of each ship kind: 1/2 whale meat", play=gains(14, _ship_owner)),
    Card(
        16,
        "on play: 4/5/6/7 ore added to boats and longships: 2/3/4/5 silver",
        play=gains(16, _captain),
    ),
    Card(
        18,
        "on play: longships with 2+ ore: 1/2/3+ → silk/jewelry/silver hoard",
        play=gains(18, _fighter),
    ),
    Card(19, "on play: special tiles owned 3/4/5+ → silk/spices/jewelry", play=gains(19, _host)),
    Card(20, "on play: a bonus phase for your stone and long houses", play=_bonus_of(20, HOUSES)),
    Card(21, "on play: a bonus phase for your home board", play=_bonus_of(21, (BoardId.HOME,))),
    Card(
        22,
        "on play: 1 stone + 1 ore + 1 silver per longship",
        play=gains(22, _per(LONGSHIP, ("stone", 1), ("ore", 1), ("silver", 1))),
    ),
    Card(
        23,
        "on play: 2 silver per stone and long house",
        play=gains(23, lambda s, seat: (("silver", 2 * houses(_p(s, seat))),)),
    ),
    Card(
        24,
        "on play: 1 oil per knarr, 1 wood per whaling boat",
        play=gains(
            24,
            lambda s, seat: (
                ("oil", ships(_p(s, seat), KNARR)),
                ("wood", ships(_p(s, seat), WB)),
            ),
        ),
    ),
    Card(25, "on play: 1 salt meat per knarr", play=gains(25, _per(KNARR, ("salt-meat", 1)))),
    Card(26, "on play: 1 silver per red good type in supply", play=gains(26, _meat_inspector)),
    Card(27, "on play: 1 stockfish per whaling boat", play=gains(27, _per(WB, ("stockfish", 1)))),
    Card(
        29,
        "on play: 1 salt meat per game meat + whale meat pair (kept)",
        play=gains(
            29,
            lambda s, seat: (
                (
                    "salt-meat",
                    min(count(_p(s, seat), Good.GAME_MEAT), count(_p(s, seat), Good.WHALE_MEAT)),
                ),
            ),
        ),
    ),
    Card(30, "on play: silk 1/2/3+ → 1/3/6 silver", play=gains(30, _silk_merchant)),
    Card(32, "on play: 0/1/2/3+ longships → 0/2/5/10 weapons drawn", play=_weapons_supplier),
    Card(33, "on play: 3/4/6 sheep → 1/2/3 wool", play=gains(33, _sheep_shearer)),
    Card(34, "on play: 2/4 sheep → 1 milk + 1/2 wool", play=gains(34, _shepherd)),
    Card(35, "on play: a breeding phase for yourself", play=_cattle_breeder),
    Card(43, "on play: 1 fruits", play=gains(43, lambda s, seat: (("fruits", 1),))),
    Card(68, "on play: draw 4 weapons", play=_supplier_of_weapons),
    Card(69, "on play: weapons until you hold 2 of each type", play=_equipment_supplier),
    Card(76, "on play: 1 Viking back from each of your column-4 spaces", play=_homecomer),
    Card(79, "on play: a cattle becomes pregnant", play=_breeder),
    Card(
        183,
        "on play: by knarrs 1/2/3/4: peas + beans + flax, + grain, + cabbage, + fruits",
        play=gains(183, _grain_delivery),
    ),
)

"""What a player holds, as named items: reading, paying and gaining them.

One item namespace for every event that moves things (``Paid``/``Gained``): a ``Good``
value, ``silver``/``wood``/``stone``/``ore``, a weapon, a special tile, a ship kind or a
building. Boards a player places on are named ``home``, an exploration face id, or a house
as ``<kind>-<n>`` (the player's n-th house of that kind, from 0).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.boards.home import BERTHS_LARGE, BERTHS_SMALL
from skald.domain.feast.game.state import ItemCount, Player, Ship
from skald.domain.feast.goods import GOOD_SPECS, GOODS, Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.placement import ORE, SILVER, BoardState, Piece, empty_board
from skald.domain.feast.ships import SHIPS, Berth, ShipKind
from skald.domain.feast.special_tiles import SpecialTile
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.fast import replace

GOOD_INDEX: dict[str, int] = {spec.good.value: i for i, spec in enumerate(GOODS)}
WEAPON_INDEX: dict[str, int] = {w.value: i for i, w in enumerate(Weapon)}
RESOURCES = ("silver", "wood", "stone", "ore")
SPECIAL_NAMES = frozenset(t.value for t in SpecialTile)
SHIP_SPECS = {s.kind: s for s in SHIPS}
HOUSE_BOARDS: dict[str, BoardId] = {
    "shed": BoardId.SHED,
    "stone-house": BoardId.STONE_HOUSE,
    "long-house": BoardId.LONG_HOUSE,
}
BUILDING_INDEX = {"shed": 0, "stone-house": 1, "long-house": 2}
MOUNTAIN_ITEM: dict[MountainItem, tuple[str, int]] = {
    MountainItem.WOOD: ("wood", 1),
    MountainItem.STONE: ("stone", 1),
    MountainItem.ORE: ("ore", 1),
    MountainItem.SILVER_2: ("silver", 2),
}
"""What each mountain item is worth in supply: (item, count)."""


def items(*pairs: tuple[str, int]) -> tuple[ItemCount, ...]:
    return tuple(ItemCount(i, n) for i, n in pairs if n)


def mountain_items(taken: Iterable[MountainItem]) -> tuple[ItemCount, ...]:
    """The supply items mountain items taken off a strip become."""
    return tuple(ItemCount(*MOUNTAIN_ITEM[i]) for i in taken)


def good_count(player: Player, good: Good | str) -> int:
    return player.goods[GOOD_INDEX[str(good)]]


def sheep(player: Player) -> int:
    return good_count(player, Good.SHEEP) + good_count(player, Good.PREGNANT_SHEEP)


def cattle(player: Player) -> int:
    return good_count(player, Good.CATTLE) + good_count(player, Good.PREGNANT_CATTLE)


def amount(player: Player, item: str) -> int:
    """How many of ``item`` the player has in supply (ships: how many owned)."""
    if item in GOOD_INDEX:
        return player.goods[GOOD_INDEX[item]]
    if item in RESOURCES:
        return int(getattr(player, item))
    if item in WEAPON_INDEX:
        return player.weapons[WEAPON_INDEX[item]]
    if item in SPECIAL_NAMES:
        return player.specials.count(item)
    if item in (k.value for k in ShipKind):
        return sum(1 for s in player.ships if s.kind.value == item)
    raise KeyError(item)


def can_pay(player: Player, cost: Iterable[ItemCount]) -> bool:
    return all(amount(player, c.item) >= c.count for c in cost)


def _add(player: Player, item: str, count: int) -> Player:
    if item in GOOD_INDEX:
        goods = list(player.goods)
        goods[GOOD_INDEX[item]] += count
        return replace(player, goods=tuple(goods))
    if item in RESOURCES:
        return replace(player, **{item: getattr(player, item) + count})
    if item in WEAPON_INDEX:
        weapons = list(player.weapons)
        weapons[WEAPON_INDEX[item]] += count
        return replace(player, weapons=tuple(weapons))
    if item in SPECIAL_NAMES:
        specials = list(player.specials)
        for _ in range(abs(count)):
            if count > 0:
                specials.append(item)
            else:
                specials.remove(item)
        return replace(player, specials=tuple(sorted(specials)))
    if item in HOUSE_BOARDS:
        new = tuple(empty_board(HOUSE_BOARDS[item]) for _ in range(count))
        return replace(player, houses=player.houses + new)
    kind = ShipKind(item)
    if count > 0:
        return replace(player, ships=player.ships + tuple(Ship(kind) for _ in range(count)))
    ships = list(player.ships)
    for _ in range(-count):
        ships.remove(min((s for s in ships if s.kind is kind), key=lambda s: s.ore))
    return replace(player, ships=tuple(ships))


def gain(player: Player, things: Iterable[ItemCount]) -> Player:
    for t in things:
        player = _add(player, t.item, t.count)
    return player


def pay(player: Player, things: Iterable[ItemCount]) -> Player:
    for t in things:
        player = _add(player, t.item, -t.count)
    return player


def free_berths(player: Player, berth: Berth) -> int:
    used = sum(1 for s in player.ships if SHIP_SPECS[s.kind].berth is berth)
    return (BERTHS_SMALL if berth is Berth.SMALL else BERTHS_LARGE) - used


def piece_of(name: str) -> Piece | None:
    """The placeable piece a command names (``silver``/``ore``, a good, a special tile)."""
    if name == "silver":
        return SILVER
    if name == "ore":
        return ORE
    if name in GOOD_INDEX:
        return Piece.good(Good(name))
    if name in SPECIAL_NAMES:
        return Piece.special(SpecialTile(name))
    return None


def boards(player: Player) -> Iterator[tuple[str, BoardState]]:
    """Every surface the player places goods on, with its command name."""
    yield "home", player.home
    for b in player.explored:
        yield b.board.value, b
    seen: dict[BoardId, int] = {}
    for h in player.houses:
        n = seen.get(h.board, 0)
        seen[h.board] = n + 1
        yield f"{h.board.value}-{n}", h


def with_board(player: Player, name: str, state: BoardState) -> Player:
    if name == "home":
        return replace(player, home=state)
    explored = list(player.explored)
    for i, b in enumerate(explored):
        if b.board.value == name:
            explored[i] = state
            return replace(player, explored=tuple(explored))
    houses = list(player.houses)
    for i, (n, _) in enumerate(list(boards(player))[1 + len(player.explored) :]):
        if n == name:
            houses[i] = state
            return replace(player, houses=tuple(houses))
    raise KeyError(name)


def is_animal(good: str) -> bool:
    return good in GOOD_INDEX and GOOD_SPECS[Good(good)].animal

"""Occupations that react to Viking actions: before and after a space is used, and the
discounts on what a space costs (occupations.md, touches ``action-space``, ``cost``).

Readings (NOTES.md, Occupations): a card keyed to *using an action* ("each time you use a
Weekly Market space") fires on an imitation space copying it, since the imitation carries out
that action; a card keyed to *placing* Vikings on a named printed space or in a column
(#109, #110, #164, #166, and #130, #163 in ``dice``) does not, as the repository reads #163,
#164 and #166. Discounts are judged on the printed price and stack, never below 0."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.action_board import ACTION_SPACES, Group
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.effects import (
    draw,
    give,
    offer,
    recall_menu,
    search,
    upgrade_menu,
)
from skald.domain.feast.game.cards.model import Card, Choice, Menu, SpaceFn, SpaceTest, SpaceUse
from skald.domain.feast.game.items import items
from skald.domain.feast.game.readings import warden_counts_placements
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import GOODS, Good, upgrades
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


_SPACES = {a.id: a for a in ACTION_SPACES}


GOODS_INDEX = {spec.good: i for i, spec in enumerate(GOODS)}


ONE_SILVER = frozenset(
    a.id
    for a in ACTION_SPACES
    if a.group is Group.WEEKLY_MARKET
    or a.kind in ("wood-or-ore-to-chest", "draw-occupation", "play-occupation-paid")
    or (a.kind == "exchange" and any(g.item == "silver" and g.count == 1 for g in a.gain))
)
"""#3 Furrier's spaces: a printed reward of exactly 1 silver (the 4 weekly markets, crafting
①②'s rune stone and chest, the occupation ① draw and play: 8, as occupations.md counts)."""


TWO_SILVER = frozenset({"products-2-1", "crafting-2-1"})
"""#124 Laborer's spaces: a printed reward of exactly 2 silver."""


def printed_column(space_id: str) -> int | None:
    """The column of a printed space (``None`` for an imitation space)."""
    found = _SPACES.get(space_id)
    return None if found is None else found.column


def trigger_of(when: str, use: SpaceUse) -> str:
    return f"{when}:{use.space.id}"


def paid_for(use: SpaceUse, item: str) -> int:
    a = use.acting
    return 0 if a is None else sum(it.count for it in a.paid if it.item == item)


def after_gain(number: int, test: SpaceTest, *pairs: tuple[str, int]) -> SpaceFn:
    def hook(log: Log, use: SpaceUse, chance: Chance) -> None:
        if test(use):
            give(log, use.seat, number, *pairs)

    return hook


def after_offer(number: int, test: SpaceTest) -> SpaceFn:
    def hook(log: Log, use: SpaceUse, chance: Chance) -> None:
        if test(use):
            offer(log, use.seat, number, trigger_of("after", use))

    return hook


def gathered(use: SpaceUse, item: str) -> int:
    """How many of ``item`` the action itself gave (mountain takes included)."""
    a = use.acting
    if a is None:
        return 0
    got = sum(it.count for it in a.gained if it.item == item)
    mountain = {"wood": MountainItem.WOOD, "stone": MountainItem.STONE, "ore": MountainItem.ORE}
    if item in mountain:
        got += a.taken.count(mountain[item])
    return got


def before_offer(number: int, test: SpaceTest) -> SpaceFn:
    def hook(log: Log, use: SpaceUse, chance: Chance) -> None:
        if test(use):
            offer(log, use.seat, number, trigger_of("before", use))

    return hook


def of_kind(*kinds: str) -> SpaceTest:
    return lambda use: use.space.kind in kinds


def of_group(group: Group) -> SpaceTest:
    return lambda use: use.space.group is group


def _furrier(log: Log, use: SpaceUse, chance: Chance) -> None:
    if use.space.id in ONE_SILVER:
        log.emit(ev.OccupationUsed(use.seat, card_id(3)))
        search(log, use.seat, 3, Weapon.SNARE)


def _paid_ore(use: SpaceUse) -> bool:
    return use.space.kind == "forge" or (
        use.space.kind == "wood-or-ore-to-chest" and paid_for(use, "ore") > 0
    )


def _artist(log: Log, use: SpaceUse, chance: Chance) -> None:
    if use.space.group is Group.CRAFTING:
        kinds = sum(1 for r in ("wood", "stone", "ore") if paid_for(use, r))
        give(log, use.seat, 111, ("silver", kinds))


def _gained_ship(use: SpaceUse, kind: str) -> bool:
    a = use.acting
    return a is not None and any(it.item == kind for it in a.gained)


def _built_large_ship(use: SpaceUse) -> bool:
    a = use.acting
    gained = () if a is None else tuple(it.item for it in a.gained)
    return paid_for(use, "wood") >= 1 and ("knarr" in gained or "longship" in gained)


def _weapons_warden(log: Log, use: SpaceUse, chance: Chance) -> None:
    """#166: "Immediately before each time you place 2 Vikings in the second column, you may
    draw 1 weapon card. The first such placement in each round gives nothing" (appendix). The
    count is of the owner's 2-Viking column-2 placements this round, this one included, also
    those made before the card was played and those whose Vikings #60 Inspector moved back
    (RULINGS.md "A Feast for Odin, more"; ``Player.column_2_placements``). Under the first
    readings (games stored before): the owner's column-2 spaces occupied now."""
    if use.imitation or use.space.column != 2:
        return
    s = log.state
    if warden_counts_placements(s):
        placed = s.players[use.seat].column_2_placements
    else:
        placed = sum(1 for o in s.occupied if o.seat == use.seat and printed_column(o.space) == 2)
    if placed >= 2:  # the first column-2 placement of the round gives nothing (appendix)
        log.emit(ev.OccupationUsed(use.seat, card_id(166)))
        draw(log, use.seat, 1, chance)


def _chronicler_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    if trigger == "anytime":
        yield Choice(0, items(("flax", 3)), items(("treasure-chest", 1)))
    else:
        yield Choice(1, items(("flax", 2)), items(("belt", 1)))


UP_3_OR_4 = frozenset(
    {"mountains-and-trade-2-3", "mountains-and-trade-3-2", "mountains-and-trade-3-3"}
)
"""#152's "upgrade 3 goods" and "upgrade 4 goods" spaces (single steps; the ↑↑ spaces of
column 4 are not: NOTES.md)."""


def _merchant_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    """One more step for a good the action just made (the trigger names it for #83)."""
    if trigger.startswith("merchant:"):
        made: tuple[Good, ...] = (Good(trigger.removeprefix("merchant:")),)
    else:
        made = () if state.acting is None else state.acting.upgraded
    p = state.players[seat]
    for good in dict.fromkeys(made):
        i = GOODS_INDEX[good]
        into = upgrades(good, 1)
        if p.goods[i] and into is not None:
            yield Choice(i, items((good.value, 1)), items((into.value, 1)))


CARDS: tuple[Card, ...] = (
    Card(
        152,
        "after upgrading 3 or 4 goods: may take one of them one step further",
        menu=Menu(_merchant_choices),
        after_space=after_offer(152, lambda u: u.space.id in UP_3_OR_4),
    ),
    Card(3, "after a space giving exactly 1 silver: take a snare", after_space=_furrier),
    Card(
        108,
        "after paying ore at crafting ② or the forge: may pay 1 silver to take a Viking back",
        menu=recall_menu(108, ("silver", 1)),
        after_space=after_offer(108, _paid_ore),
    ),
    Card(111, "after crafting: 1 silver per different building resource paid", after_space=_artist),
    Card(
        112,
        "after crafting: 1 mead",
        after_space=after_gain(112, of_group(Group.CRAFTING), ("mead", 1)),
    ),
    Card(
        114,
        "after crafting: may buy a silk for 3 silver",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("silver", 3)), items(("silk", 1))),)),
        after_space=after_offer(114, of_group(Group.CRAFTING)),
    ),
    Card(
        115,
        "after a build-houses space: 1 silverware",
        after_space=after_gain(115, of_group(Group.BUILD_HOUSES), ("silverware", 1)),
    ),
    Card(
        117,
        "after building a knarr or longship with wood: may upgrade a good one step",
        menu=upgrade_menu(),
        after_space=after_offer(117, _built_large_ship),
    ),
    Card(
        118,
        "after a weekly market: 1 mead + 1 stone",
        after_space=after_gain(118, of_group(Group.WEEKLY_MARKET), ("mead", 1), ("stone", 1)),
    ),
    Card(
        119,
        "after a weekly market: 1 milk",
        after_space=after_gain(119, of_group(Group.WEEKLY_MARKET), ("milk", 1)),
    ),
    Card(
        120,
        "after a weekly market: may pay 1 silver to upgrade a good one step",
        menu=upgrade_menu(cost=items(("silver", 1))),
        after_space=after_offer(120, of_group(Group.WEEKLY_MARKET)),
    ),
    Card(
        124,
        "after a space giving exactly 2 silver: may spend 2 silver for 1 grain + 2 wood",
        menu=Menu(
            lambda s, seat, t: (Choice(0, items(("silver", 2)), items(("grain", 1), ("wood", 2))),)
        ),
        after_space=after_offer(124, lambda u: u.space.id in TWO_SILVER),
    ),
    Card(147, "a knarr serves where a longship is needed", knarr_as_longship=True),
    Card(
        166,
        "placing 2 Vikings in column 2 (not the round's first time): draw a weapon",
        before_space=_weapons_warden,
    ),
    Card(
        176,
        "after an action playing an occupation (a space's or a card's): 1 peas",
        after_space=after_gain(
            176, lambda u: u.acting is not None and u.acting.played > 0, ("peas", 1)
        ),
        watch=(ev.OccupationPlayedBy,),
        on_event=lambda log, seat, e, before, chance: give(log, seat, 176, ("peas", 1)),
    ),
    Card(
        148,
        "after building a knarr with wood: may buy 1 spices for 3 silver",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("silver", 3)), items(("spices", 1))),)),
        after_space=after_offer(
            148, lambda u: paid_for(u, "wood") >= 1 and _gained_ship(u, "knarr")
        ),
    ),
    Card(
        187,
        "after a Viking action: may pay 2 flax for the belt; any time: 3 flax → treasure chest",
        menu=Menu(_chronicler_choices),
        anytime=True,
        after_space=after_offer(187, lambda u: True),
    ),
)

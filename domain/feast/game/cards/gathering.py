"""Occupations reading what a Viking action gathered: mountain items before a space, and
gains or offers for the wood, stone and item types an action gave (occupations.md,
``mountain``, ``action-space``).

A mountain item taken immediately before a space (#103, #113, #121, #164) counts when deciding
whether the space may be used (RULINGS.md "A Feast for Odin, more", ``Card.enables``): the
wood, stone or ore it brings may pay the space's cost."""

from __future__ import annotations

from typing import TYPE_CHECKING

from skald.domain.feast.action_board import Group
from skald.domain.feast.game.cards.effects import enabled_by_offer, give, mountain_menu, offer
from skald.domain.feast.game.cards.model import Card, Choice, Menu, SpaceUse
from skald.domain.feast.game.cards.spaces import (
    after_gain,
    after_offer,
    before_offer,
    gathered,
    of_group,
    of_kind,
    trigger_of,
)
from skald.domain.feast.game.items import MOUNTAIN_ITEM, items
from skald.domain.feast.game.state import Acting
from skald.domain.feast.mountains import MountainItem
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _pays_ore(use: SpaceUse) -> bool:
    """Crafting ② paying ore (not wood), or the forge."""
    return use.space.kind == "forge" or (
        use.space.kind == "wood-or-ore-to-chest" and use.option == 1
    )


def _four_in_column_4(use: SpaceUse, acting: Acting | None) -> bool:
    """#164: "before each time you place 4 Vikings in the fourth column": 4 Vikings placed on
    a printed column-4 space (not the 3 or 2 of #106 Warmonger's plundering, not an imitation
    space, not a granted action)."""
    return (
        use.space.column == 4 and not use.imitation and acting is not None and acting.vikings == 4
    )


def _armed_fighter(log: Log, use: SpaceUse, chance: Chance) -> None:
    if _four_in_column_4(use, log.state.acting):
        offer(log, use.seat, 164, trigger_of("before", use))


def _builds(use: SpaceUse) -> bool:
    return use.space.group in (Group.BUILD_HOUSES, Group.BUILD_SHIPS)


def _mountain_guard(log: Log, use: SpaceUse, chance: Chance) -> None:
    a = use.acting
    if a is None or not a.taken:
        return
    kinds = set(a.taken)
    if len(kinds) == 1:
        (only,) = kinds
        give(log, use.seat, 122, MOUNTAIN_ITEM[only])
    else:
        give(log, use.seat, 122, {2: ("mead", 1), 3: ("hide", 1), 4: ("chest", 1)}[len(kinds)])


CARDS: tuple[Card, ...] = (
    Card(
        103,
        "before paying ore at crafting ② or the forge: may take 1 mountain item",
        menu=mountain_menu(103),
        before_space=before_offer(103, _pays_ore),
        enables=enabled_by_offer(103, _pays_ore),
    ),
    Card(
        113,
        "before crafting: may take 1 mountain item",
        menu=mountain_menu(113),
        before_space=before_offer(113, of_group(Group.CRAFTING)),
        enables=enabled_by_offer(113, of_group(Group.CRAFTING)),
    ),
    Card(
        121,
        "before building ships or houses: may take 1 mountain item",
        menu=mountain_menu(121),
        before_space=before_offer(121, _builds),
        enables=enabled_by_offer(121, _builds),
    ),
    Card(
        122,
        "after taking from mountains: by item types 1/2/3/4: 1 more/mead/hide/chest",
        after_space=_mountain_guard,
    ),
    Card(
        123,
        "after a space with '+ upgrade 1 good': may exchange 1 oil for 1 silverware",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("oil", 1)), items(("silverware", 1))),)),
        after_space=after_offer(123, of_kind("mountain-and-upgrade")),
    ),
    Card(
        154,
        "a Viking action giving 2+ wood: 1 silver",
        after_space=after_gain(154, lambda u: gathered(u, "wood") >= 2, ("silver", 1)),
    ),
    Card(
        155,
        "a Viking action giving 2+ wood: may exchange 1 wood for 1 stockfish",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("wood", 1)), items(("stockfish", 1))),)),
        after_space=after_offer(155, lambda u: gathered(u, "wood") >= 2),
    ),
    Card(
        156,
        "a Viking action giving 1+ stone: 1 silver",
        after_space=after_gain(156, lambda u: gathered(u, "stone") >= 1, ("silver", 1)),
    ),
    Card(
        164,
        "before placing 4 Vikings in column 4: may take a stone or ore from a strip",
        menu=mountain_menu(164, frozenset({MountainItem.STONE, MountainItem.ORE})),
        before_space=_armed_fighter,
        enables=enabled_by_offer(164, lambda use: _four_in_column_4(use, use.acting)),
    ),
)

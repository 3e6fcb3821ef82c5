"""Occupations of the dice actions: roll modifiers, extra rolls, what weapons and stone are
worth, what may be looted, and what a success or failure brings (occupations.md, ``dice``).

Only action spaces carry out dice actions in this build, so "any source" means any space
(an imitation space included, as in ``spaces``); #130 and #163 name the printed space."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.effects import give, mountain_menu, offer, recall_menu, search
from skald.domain.feast.game.cards.model import (
    Card,
    Choice,
    DiceFn,
    DiceOutcome,
    Menu,
    PlayFn,
    RollFn,
    SpaceFn,
    SpaceUse,
)
from skald.domain.feast.game.items import items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _minus(*kinds: str) -> RollFn:
    return lambda s, seat, kind: -1 if kind in kinds else 0


def after_dice_gain(
    kind: str, success: bool | None, number: int, *pairs: tuple[str, int]
) -> DiceFn:
    """After a ``kind`` dice action that succeeded (``True``), failed, or either (``None``)."""

    def hook(log: Log, out: DiceOutcome, chance: Chance) -> None:
        if out.space.kind in kind.split("|") and success in (None, out.success):
            give(log, out.seat, number, *pairs)

    return hook


def after_dice_offer(kind: str, success: bool | None, number: int) -> DiceFn:
    def hook(log: Log, out: DiceOutcome, chance: Chance) -> None:
        if out.space.kind in kind.split("|") and success in (None, out.success):
            offer(log, out.seat, number, f"dice:{out.space.id}")

    return hook


def _search_on(number: int, weapon: Weapon) -> PlayFn:
    def play(log: Log, seat: int, chance: Chance) -> None:
        log.emit(ev.OccupationUsed(seat, card_id(number)))
        search(log, seat, number, weapon)

    return play


def before_dice_offer(kind: str, number: int) -> SpaceFn:
    def hook(log: Log, use: SpaceUse, chance: Chance) -> None:
        if use.space.kind == kind:
            offer(log, use.seat, number, f"before:{use.space.id}")

    return hook


def weapon_back(kind: str, number: int, weapon: Weapon) -> DiceFn:
    """Spent exactly one weapon in a successful ``kind`` action: take it back (the discard)."""

    def hook(log: Log, out: DiceOutcome, chance: Chance) -> None:
        spent = out.swords if weapon is Weapon.LONG_SWORD else out.weapons
        if out.space.kind in kind.split("|") and out.success and spent == 1:
            log.emit(ev.OccupationUsed(out.seat, card_id(number)))
            search(log, out.seat, number, weapon)

    return hook


def _ivory(log: Log, out: DiceOutcome, chance: Chance) -> None:
    if out.space.kind == "whaling" and out.success and out.wood == 0:
        good = {1: "cabbage", 2: "beans", 3: "peas"}.get(out.boats)
        if good is not None:
            give(log, out.seat, 141, (good, 1))


def _farmhand(log: Log, out: DiceOutcome, chance: Chance) -> None:
    if out.space.id == "hunting-2-1" and not out.imitation and out.success:
        give(log, out.seat, 163, ("hide", 1), ("silver", 1))


def _snare_specialist(log: Log, out: DiceOutcome, chance: Chance) -> None:
    if out.space.id == "hunting-2-2" and not out.imitation and out.success:
        offer(log, out.seat, 130, "dice:hunting-2-2")


def _thing_spokesman(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
    n = event.returned if isinstance(event, ev.DiceFailed) else event.vikings
    if n in (1, 2):
        give(log, seat, 151, ("silver", 1))


CARDS: tuple[Card, ...] = (
    Card(4, "every roll −1", roll=lambda s, seat, kind: -1),
    Card(
        11,
        "on play: a spear; whaling: each spear counts 2",
        play=_search_on(11, Weapon.SPEAR),
        weapon_value=(("whaling", 2),),
    ),
    Card(
        13,
        "on play: a bow; hunting game rolls −1",
        play=_search_on(13, Weapon.BOW),
        roll=_minus("hunting-game"),
    ),
    Card(
        126,
        "a successful snare: 1 silver",
        dice=after_dice_gain("laying-a-snare", True, 126, ("silver", 1)),
    ),
    Card(
        127,
        "a successful snare: 1 stockfish",
        dice=after_dice_gain("laying-a-snare", True, 127, ("stockfish", 1)),
    ),
    Card(
        128,
        "a successful snare: may take 1 mountain item",
        menu=mountain_menu(128),
        dice=after_dice_offer("laying-a-snare", True, 128),
    ),
    Card(
        129,
        "after a successful snare: may discard a snare for a salt meat",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("snare", 1)), items(("salt-meat", 1))),)),
        dice=after_dice_offer("laying-a-snare", True, 129),
    ),
    Card(
        130,
        "after succeeding on the snare space: may discard 2 snares to take a Viking back",
        menu=recall_menu(130, ("snare", 2)),
        dice=_snare_specialist,
    ),
    Card(
        131,
        "in each snare action: may exchange 1 stockfish for 1 game meat",
        menu=Menu(
            lambda s, seat, t: (Choice(0, items(("stockfish", 1)), items(("game-meat", 1))),)
        ),
        dice=after_dice_offer("laying-a-snare", None, 131),
    ),
    Card(
        140,
        "a successful whaling: 1 more oil",
        dice=after_dice_gain("whaling", True, 140, ("oil", 1)),
    ),
    Card(141, "a successful whaling without wood: 1/2/3 boats → cabbage/beans/peas", dice=_ivory),
    Card(
        142,
        "a successful whaling spending exactly 1 spear: it comes back",
        dice=weapon_back("whaling", 142, Weapon.SPEAR),
    ),
    Card(
        143,
        "a successful hunting game: 1 silver",
        dice=after_dice_gain("hunting-game", True, 143, ("silver", 1)),
    ),
    Card(
        144,
        "after a successful hunting game: may buy skin and bones for 2 silver",
        menu=Menu(
            lambda s, seat, t: (Choice(0, items(("silver", 2)), items(("skin-and-bones", 1))),)
        ),
        dice=after_dice_offer("hunting-game", True, 144),
    ),
    Card(
        145,
        "before a hunting game: may take 1 mountain item",
        menu=mountain_menu(145),
        before_space=before_dice_offer("hunting-game", 145),
    ),
    Card(146, "hunting game and snare rolls −1", roll=_minus("hunting-game", "laying-a-snare")),
    Card(
        151,
        "1 or 2 Vikings back to the Thing square (failed roll or occupation): 1 silver",
        watch=(ev.DiceFailed, ev.VikingsRecalled),
        on_event=_thing_spokesman,
    ),
    Card(153, "every dice action: up to 4 rolls", rolls=1),
    Card(
        163, "a success with 2 Vikings on the hunting game space: 1 hide + 1 silver", dice=_farmhand
    ),
)

"""Occupations of raiding and pillaging: roll and stone bonuses, ore spent for a bonus, what
may be looted, and what a raid brings (occupations.md, ``dice``, ``weapons``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import FLIP
from skald.domain.feast.game.cards.dice import (
    after_dice_gain,
    after_dice_offer,
    before_dice_offer,
    weapon_back,
)
from skald.domain.feast.game.cards.effects import draw, give, offer
from skald.domain.feast.game.cards.engine import loot
from skald.domain.feast.game.cards.model import (
    ApplyFn,
    Card,
    Choice,
    DiceOutcome,
    Menu,
    RollFn,
    SpaceUse,
)
from skald.domain.feast.game.items import items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import GOOD_SPECS, Colour
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.special_tiles import SPECIAL_SPECS, SpecialTile
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


RAIDS = ("raiding", "pillaging")


def _plus(*kinds: str) -> RollFn:
    return lambda s, seat, kind: 1 if kind in kinds else 0


def _helmsman_play(log: Log, seat: int, chance: Chance) -> None:
    give(log, seat, 12, ("chest", 1))


def _helmsman_space(log: Log, use: SpaceUse, chance: Chance) -> None:
    a = use.acting
    longship = use.space.kind in (*RAIDS, "plundering") or (
        use.space.kind == "explore" and "longship" in use.space.needs
    )
    if longship and not (a is not None and a.replaced):
        log.emit(ev.OccupationUsed(use.seat, card_id(12)))
        draw(log, use.seat, 1, chance)


def _helmsman_emigrated(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
    if isinstance(event, ev.ShipEmigrated) and event.kind is ShipKind.LONGSHIP:
        log.emit(ev.OccupationUsed(seat, card_id(12)))
        draw(log, seat, 1, chance)


def _ore_longships(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    for i, sh in enumerate(state.players[seat].ships):
        if sh.kind is ShipKind.LONGSHIP and sh.ore:
            yield Choice(i, label=f"1 ore off longship {i}")


def _ore_bonus(number: int, bonus: int) -> ApplyFn:
    def apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
        log.emit(ev.OreRemoved(seat, ch.key, 1, card_id(number), False))
        log.emit(ev.DiceBonus(seat, card_id(number), bonus))

    return apply


def _disheartened(log: Log, out: DiceOutcome, chance: Chance) -> None:
    if out.space.kind == "raiding" and not out.success and out.roll <= 2:
        offer(log, out.seat, 104, "dice:raiding")


def _melee_fighter(log: Log, out: DiceOutcome, chance: Chance) -> None:
    """The spears are paid by the raid itself; the card only marks that it took effect."""
    if out.spears:
        log.emit(ev.OccupationUsed(out.seat, card_id(137)))


def _robber(state: State, seat: int, table: dict[str, int]) -> dict[str, int]:
    """Green goods may be taken too, at their blue side's sword value less 1."""
    out = dict(table)
    for good, spec in GOOD_SPECS.items():
        if spec.colour is Colour.GREEN:
            out[good.value] = (GOOD_SPECS[FLIP[good]].sword or 0) - 1
    return out


def _loot_hunter(state: State, seat: int, table: dict[str, int]) -> dict[str, int]:
    """The highest special tiles still in the supply cost 1 sword less (ties: all)."""
    left = [t for t in state.specials_left if t in table]
    if not left:
        return table
    top = max(SPECIAL_SPECS[SpecialTile(t)].sword for t in left)
    out = dict(table)
    for t in left:
        if SPECIAL_SPECS[SpecialTile(t)].sword == top:
            out[t] = table[t] - 1
    return out


def _raider_split(log: Log, out: DiceOutcome, chance: Chance) -> None:
    """#136's second loot good: the battle result may be split between two goods, read as a
    second take within what the first one left."""
    if out.space.kind in RAIDS and out.success and out.take is not None:
        table = loot(log.state, out.seat, loot_base(log.state))
        left = out.result - table.get(out.take, out.result)
        if any(v <= left for v in table.values()):
            offer(log, out.seat, 136, f"split:{left}")


def loot_base(state: State) -> dict[str, int]:
    table = {g.value: spec.sword for g, spec in GOOD_SPECS.items() if spec.sword is not None}
    for t in state.specials_left:
        table[t] = SPECIAL_SPECS[SpecialTile(t)].sword
    return table


def _split_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    left = int(trigger.removeprefix("split:"))
    for i, (name, sword) in enumerate(sorted(loot(state, seat, loot_base(state)).items())):
        if sword <= left:
            yield Choice(i, (), items((name, 1)), name)


CARDS: tuple[Card, ...] = (
    Card(
        12,
        "on play: a chest; after an action with a longship: draw a weapon",
        play=_helmsman_play,
        after_space=_helmsman_space,
        watch=(ev.ShipEmigrated,),
        on_event=_helmsman_emigrated,
    ),
    Card(89, "raids: each stone adds 2", stone_value=2),
    Card(
        90,
        "before raiding: may return 1 ore from a longship for +2 on every roll",
        menu=Menu(_ore_longships, _ore_bonus(90, 2)),
        before_space=before_dice_offer("raiding", 90),
    ),
    Card(
        104,
        "a raid declared failed after roll 1 or 2: also 1 stockfish or 1 oil",
        menu=Menu(
            lambda s, seat, t: (
                Choice(0, (), items(("stockfish", 1))),
                Choice(1, (), items(("oil", 1))),
            )
        ),
        dice=_disheartened,
    ),
    Card(
        132,
        "before pillaging: may return 1 ore from a longship for +3 on every roll",
        menu=Menu(_ore_longships, _ore_bonus(132, 3)),
        before_space=before_dice_offer("pillaging", 132),
    ),
    Card(
        133,
        "a successful raid: 1 silver or 1 peas",
        menu=Menu(
            lambda s, seat, t: (
                Choice(0, (), items(("silver", 1))),
                Choice(1, (), items(("peas", 1))),
            )
        ),
        dice=after_dice_offer("raiding", True, 133),
    ),
    Card(134, "a failed raid: 1 mead", dice=after_dice_gain("raiding", False, 134, ("mead", 1))),
    Card(
        135,
        "a successful raid or pillage spending exactly 1 long sword: it comes back",
        dice=weapon_back("raiding|pillaging", 135, Weapon.LONG_SWORD),
    ),
    Card(
        136,
        "raids +1; the result may be split between two loot goods",
        roll=_plus(*RAIDS),
        menu=Menu(_split_choices),
        dice=_raider_split,
    ),
    Card(
        137,
        "raids and pillages may spend spears as long swords, in any mix",
        spears_as_swords=True,
        dice=_melee_fighter,
    ),
    Card(138, "raids may take a green good at its blue side's sword − 1", loot=_robber),
    Card(139, "raids: the highest special tiles left cost 1 sword less", loot=_loot_hunter),
)

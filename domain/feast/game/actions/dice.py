"""The dice spaces: hunting game, laying a snare, whaling, raiding and pillaging.

rules.ja.txt 狩りスペース (狩猟, 罠の設置, 捕鯨) and 襲撃／略奪; refresher.en.txt ("The red
spaces use dice"); components.md §6 ("Dice, general rule"). Using the space rolls the die
at once (``DieRolled``, a chance roll so a table can enter it); the seat then faces the
kernel decision ``feast/after-roll``: ``Reroll`` (up to three rolls, each replacing the last)
or a declaration (``DeclareHunt``/``DeclareRaid``, ``dice_steps``). The ship used sets a
fixed modifier: whaling −1 per ore on the boats used (the printed ore included), pillaging +1
per ore on the longship with the most ore (kept); raiding ignores ore.

Readings (NOTES.md): whaling ③ uses all the seat's whaling boats (あなたのすべての捕鯨船;
using fewer never helps), whaling ④ one boat the seat names as ``PlaceVikings.option`` (the
n-th whaling boat it owns); a named weapon won or taken as a consolation comes from the
unlimited supply, not the draw deck (有限のものと無限のもの: weapon cards are unlimited).
"""

from __future__ import annotations

from dataclasses import dataclass

from skald.domain.feast.action_board import ACTION_SPACES, ActionSpace
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions.base import Offer, Refusal, SpaceRule
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import SPECIAL_NAMES, items
from skald.domain.feast.game.state import Dice, ItemCount, State
from skald.domain.feast.goods import GOODS
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.special_tiles import SPECIAL_SPECS, SpecialTile
from skald.domain.kernel.chance import Chance

ROLLS = 3
"""Up to three rolls, each replacing the last (ダイスを3回まで振って)."""
RAID_FAILS_AT = 5
"""A battle result of five or less is an automatic failure (refresher.en.txt), judged after
stone and long swords are spent (RULINGS.md "A Feast for Odin, more"; ``dice_steps``)."""
WHALING_BOAT_ORE = 1
"""The ore printed on every whaling boat (rules.ja.txt 武装)."""


@dataclass(frozen=True, slots=True)
class DiceSpace:
    """One kind of dice space, as printed (rules.ja.txt アクションスペース)."""

    sides: int
    hunt: bool
    """Hunts aim low and pay wood/weapons; raids aim high and spend stone/long swords."""
    weapon: str
    """The weapon spent (hunts) or spent and given as consolation (raids)."""
    reward: tuple[ItemCount, ...]
    """A hunt's success (a raid's success is the tile it takes)."""
    consolation: tuple[ItemCount, ...]
    returned: int
    """Vikings back from the space to the Thing square after a failure."""


KINDS: dict[str, DiceSpace] = {
    # 狩猟: 成功 皮革1枚と狩猟肉1枚 / 失敗 木材駒1個と「弓と矢」
    "hunting-game": DiceSpace(
        8, True, "bow", items(("hide", 1), ("game-meat", 1)), items(("wood", 1), ("bow", 1)), 0
    ),
    # 罠の設置: 成功 毛皮1枚と「罠」1枚 / 失敗 木材駒1個と「罠」1枚, ヴァイキング駒1個を戻す
    "laying-a-snare": DiceSpace(
        8, True, "snare", items(("fur", 1), ("snare", 1)), items(("wood", 1), ("snare", 1)), 1
    ),
    # 捕鯨: 成功 油1枚と鯨の皮と骨1枚と鯨肉1枚 / 失敗 木材駒1個と「槍」1枚, 2個を戻す
    "whaling": DiceSpace(
        12,
        True,
        "spear",
        items(("oil", 1), ("skin-and-bones", 1), ("whale-meat", 1)),
        items(("wood", 1), ("spear", 1)),
        2,
    ),
    # 襲撃: 失敗 石材駒1個と「長剣」1枚
    "raiding": DiceSpace(8, False, "long-sword", (), items(("stone", 1), ("long-sword", 1)), 0),
    # 略奪: 失敗 石材駒1個と「長剣」1枚, ヴァイキング駒1個を戻す
    "pillaging": DiceSpace(12, False, "long-sword", (), items(("stone", 1), ("long-sword", 1)), 1),
}

BLUE_SWORDS: dict[str, int] = {
    spec.good.value: spec.sword for spec in GOODS if spec.sword is not None
}
"""Blue goods and their sword values (components.md §1.1); goods are unlimited."""


_KIND_OF = {s.id: s.kind for s in ACTION_SPACES}


def spec_of(space: str) -> DiceSpace:
    return KINDS[_KIND_OF[space]]


def is_dice_kind(kind: str) -> bool:
    return kind in KINDS


def result(dice: Dice) -> int:
    """The standing result: a hunt's is never below 0 (negative counts as 0), a raid's is the
    roll plus the ore."""
    total = dice.value + dice.modifier
    return max(0, total) if spec_of(dice.space).hunt else total


def declare_command(dice: Dice) -> str:
    return "DeclareHunt" if spec_of(dice.space).hunt else "DeclareRaid"


def after_roll(state: State, dice: Dice) -> tuple[str, ...]:
    """The answers to ``feast/after-roll``: only the declaration after the last roll (the
    third, or more with an occupation: ``cards.engine.rolls``)."""
    declare = declare_command(dice)
    return ("Reroll", declare) if dice.roll < hooks.cards.rolls(state, dice.seat) else (declare,)


def sword_of(name: str) -> int | None:
    """The sword value of a blue good or special tile; ``None`` for anything else."""
    if name in BLUE_SWORDS:
        return BLUE_SWORDS[name]
    if name in SPECIAL_NAMES:
        return SPECIAL_SPECS[SpecialTile(name)].sword
    return None


def loot_table(state: State, seat: int) -> dict[str, int]:
    """What a raid may take and its sword value: every blue good (unlimited) and every special
    tile still in the supply, as the seat's occupations change them (``cards.engine.loot``)."""
    table = dict(BLUE_SWORDS)
    for t in state.specials_left:
        table[t] = SPECIAL_SPECS[SpecialTile(t)].sword
    return hooks.cards.loot(state, seat, table)


def takeable(state: State, seat: int, battle: int) -> tuple[str, ...]:
    """Exactly one blue good or special tile (still in the supply) of sword value ≤ the
    result (rules.ja.txt 襲撃: 出目以下の剣値の青タイル1枚か灰色の特殊タイル1枚)."""
    return tuple(name for name, sword in loot_table(state, seat).items() if sword <= battle)


def _whaling_boats(state: State, seat: int) -> list[int]:
    return [sh.ore for sh in state.players[seat].ships if sh.kind is ShipKind.WHALING_BOAT]


def boats_used(state: State, seat: int, space: ActionSpace) -> int:
    return len(_whaling_boats(state, seat)) if space.column == 3 else 1


def _modifier(state: State, seat: int, space: ActionSpace, option: int) -> int:
    """The ships' ore, plus what the seat's occupations add to every roll."""
    extra = hooks.cards.roll_modifier(state, seat, space.kind)
    if space.kind == "whaling":
        boats = _whaling_boats(state, seat)
        used = boats if space.column == 3 else [boats[option]]
        return extra - sum(WHALING_BOAT_ORE + ore for ore in used)
    if space.kind == "pillaging":
        ore = [sh.ore for sh in state.players[seat].ships if sh.kind is ShipKind.LONGSHIP]
        return extra + max(ore, default=0)  # an occupation may let a knarr pillage (no ore)
    return extra


def roll(log: Log, seat: int, space: str, number: int, modifier: int, chance: Chance) -> None:
    """One roll of the space's die, its own event (``chance.roll``: a table may enter it)."""
    sides = spec_of(space).sides
    value = chance.roll(sides, f"feast: {space} roll {number} (d{sides})")
    log.emit(ev.DieRolled(seat, space, f"d{sides}", number, value, modifier))


def _refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    """A dice space can always be carried out fully (a failure is a declaration); its ship
    needs are checked by ``turn``. Whaling ④ names one of the seat's whaling boats."""
    if space.kind != "whaling":
        return None
    if space.column == 3 and option != 0:
        return CODES.refusal("no-such-option", f"{space.id} uses every whaling boat (option 0)")
    if option >= len(_whaling_boats(state, seat)):
        return CODES.refusal("no-such-boat", f"you have no whaling boat {option}")
    return None


def _use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    hooks.cards.announce_rolls(log, seat, space.kind)
    roll(log, seat, space.id, 1, _modifier(log.state, seat, space, option), chance)
    declare = "DeclareHunt" if KINDS[space.kind].hunt else "DeclareRaid"
    return Offer(used=False, awaiting=("Reroll", declare))


DICE = SpaceRule(_refuse, _use)
WHALING = SpaceRule(_refuse, _use, (0, 1, 2))
"""Options: the whaling boat used by whaling ④ (3 small berths, so 0–2)."""

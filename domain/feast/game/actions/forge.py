"""The forge, crafting ③ (rules.ja.txt 工芸 ③: "鉱石駒1個を支払い、宝飾品1枚か「やっとこ」シンボルの
ある灰色の特殊タイル1枚を得る"; components.md §1.4).

``PlaceVikings.option`` picks what is forged: 0 is a jewelry (goods count as unlimited,
有限のものと無限のもの), 1… the special tiles with the forge symbol in ``SPECIAL_TILES`` order
(``FORGE_CHOICES``). Special tiles are unique (components.md §1.4): one already taken cannot be
forged (``feast/special-tile-taken``).
"""

from __future__ import annotations

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions.base import DONE, Offer, Refusal, SpaceRule
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import items
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import Good
from skald.domain.feast.special_tiles import SPECIAL_TILES
from skald.domain.kernel.chance import Chance

FORGE_CHOICES: tuple[str, ...] = (
    Good.JEWELRY.value,
    *(t.tile.value for t in SPECIAL_TILES if t.forge),
)
"""What each option forges: option 0 a jewelry, then the forge-symbol tiles."""


def _refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    if state.players[seat].ore < 1:
        return CODES.refusal("cannot-pay", "the forge costs 1 ore")
    choice = FORGE_CHOICES[option]
    if option and choice not in state.specials_left:
        return CODES.refusal("special-tile-taken", f"the {choice} has been taken already")
    return None


def _use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    log.emit(ev.Paid(seat, items(("ore", 1)), "action"))
    log.emit(ev.Gained(seat, items((FORGE_CHOICES[option], 1)), "action"))
    return DONE


FORGE = SpaceRule(_refuse, _use, tuple(range(len(FORGE_CHOICES))))

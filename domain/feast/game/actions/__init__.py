"""Action-space handlers by group, dispatched by the printed space's ``kind``.

To add a space: write a :class:`~skald.domain.feast.game.actions.base.SpaceRule` (``refuse``,
``use``, ``options``) in the module of its group and register its kind in ``SPACE_RULES``;
multi-step spaces return an ``Offer`` (or, for dice, set their own pending record in state and
answer it from ``checks``/``legal`` as ``turn`` does for ``Running``). Kinds not in
``SPACE_RULES`` are refused with ``feast/space-not-built`` and never listed.
"""

from __future__ import annotations

from skald.domain.feast.action_board import ACTION_SPACES, ActionSpace
from skald.domain.feast.game.actions import (
    dice,
    emigration,
    exploration,
    fixed,
    forge,
    mountains,
    occupations,
    sailing,
)
from skald.domain.feast.game.actions.base import SpaceRule

SPACE_RULES: dict[str, SpaceRule] = {
    "build": fixed.FIXED,
    "gain": fixed.FIXED,
    "buy": fixed.FIXED,
    "exchange": fixed.FIXED,
    "plundering": fixed.FIXED,
    "build-house-and-ship": fixed.CHOICE,
    "sheep-or-cattle": fixed.CHOICE,
    "wood-or-ore-to-chest": fixed.CHOICE,
    "milk-per-cattle": fixed.SCALED,
    "wool-per-sheep": fixed.SCALED,
    "wood-per-player": fixed.SCALED,
    "weekly-market-4": fixed.SCALED,
    "crafting-4": fixed.CRAFTING_4,
    "mountain": mountains.MOUNTAIN,
    "mountain-and-upgrade": mountains.MOUNTAIN,
    "upgrade": mountains.MOUNTAIN,
    "mountains-3-2": mountains.MOUNTAIN,
    "upgrade-and-weapons": mountains.MOUNTAIN,
    "mountain-and-double-upgrade": mountains.MOUNTAIN,
    "mountains-2x4-or-double-upgrade": mountains.MOUNTAIN_OR_UPGRADE,
    "draw-occupation": occupations.DRAW,
    "play-occupation-paid": occupations.PLAY_PAID,
    "play-occupations": occupations.PLAY,
    "hunting-game": dice.DICE,
    "laying-a-snare": dice.DICE,
    "whaling": dice.WHALING,
    "raiding": dice.DICE,
    "pillaging": dice.DICE,
    "forge": forge.FORGE,
    "overseas-trading": sailing.OVERSEAS_TRADING,
    "special-sale": sailing.SPECIAL_SALE,
    "explore": exploration.EXPLORE,
    "emigrate": emigration.EMIGRATE,
    "exchange-and-emigrate": emigration.EXCHANGE_AND_EMIGRATE,
}

SPACES: dict[str, ActionSpace] = {s.id: s for s in ACTION_SPACES}
BUILT: tuple[str, ...] = tuple(s.id for s in ACTION_SPACES if s.kind in SPACE_RULES)
NOT_BUILT: tuple[str, ...] = tuple(s.id for s in ACTION_SPACES if s.kind not in SPACE_RULES)

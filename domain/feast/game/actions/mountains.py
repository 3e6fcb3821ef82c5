"""Mountains and trade: taking from the strips' arrow end, and upgrading goods.

rules.ja.txt 山岳と交易: the "2 silver" counts as one item; take from the left (the arrow
end); several takes use different strips (components.md §5.2); an upgrade keeps the shape,
orange → red → green → blue, a double upgrade may go one or two steps (最大2段階). The
choices are steps of the running action (``TakeFromMountain``, ``Upgrade``), in any order.
"""

from __future__ import annotations

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.game.actions.base import Offer, Refusal, SpaceRule
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log, draw_weapon
from skald.domain.feast.game.state import Player, Running, State
from skald.domain.feast.goods import GOODS, Good, upgrades
from skald.domain.kernel.chance import Chance

_UPGRADABLE = tuple(
    (i, spec.good) for i, spec in enumerate(GOODS) if upgrades(spec.good, 1) is not None
)

# kind, column → (takes, upgrades, steps)
_PLAN: dict[tuple[str, int], tuple[tuple[int, ...], int, int]] = {
    ("mountain", 1): ((2,), 0, 1),
    ("mountain-and-upgrade", 1): ((1,), 1, 1),
    ("mountain-and-upgrade", 2): ((3,), 1, 1),
    ("upgrade", 1): ((), 2, 1),
    ("upgrade", 2): ((), 3, 1),
    ("upgrade", 3): ((), 4, 1),
    ("mountains-3-2", 3): ((3, 2), 0, 1),
    ("upgrade-and-weapons", 3): ((), 3, 1),
    ("mountain-and-double-upgrade", 4): ((4,), 2, 2),
}
_TWO_BY_FOUR = (((2, 2, 2, 2), 0, 1), ((), 3, 2))
WEAPONS_DRAWN = 4


def _unmade(player: Player, run: Running | None, i: int, good: Good) -> int:
    """Goods of index ``i`` in supply that this action's upgrades did not make."""
    return player.goods[i] - (run.upgraded.count(good) if run is not None else 0)


def can_upgrade(player: Player, run: Running | None = None) -> bool:
    return any(_unmade(player, run, i, g) > 0 for i, g in _UPGRADABLE)


def upgradable(player: Player, run: Running | None = None) -> tuple[int, ...]:
    """Indexes (``GOODS`` order) of goods in supply that can go one step up: with the
    running action, not counting the goods its own upgrades made (each good is upgraded
    once: ``Running.upgraded``)."""
    return tuple(i for i, g in _UPGRADABLE if _unmade(player, run, i, g) > 0)


def strips_open(state: State, run: Running) -> tuple[int, ...]:
    return tuple(x.number for x in state.strips if x.items and x.number not in run.strips_used)


def _plan(space: ActionSpace, option: int) -> tuple[tuple[int, ...], int, int]:
    if space.kind == "mountains-2x4-or-double-upgrade":
        return _TWO_BY_FOUR[option]
    return _PLAN[(space.kind, space.column)]


def _refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    takes, ups, _ = _plan(space, option)
    if space.kind == "upgrade-and-weapons":
        return None  # the weapons are always drawn
    if takes and any(x.items for x in state.strips):
        return None
    if ups and can_upgrade(state.players[seat]):
        return None
    if takes and not ups:
        return CODES.refusal("mountains-empty", "no face-up mountain strip has anything left")
    if ups and not takes:
        return CODES.refusal("nothing-to-upgrade", "no good in your supply can be upgraded")
    return CODES.refusal("nothing-to-do", "no strip has items and no good can be upgraded")


def _use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    takes, ups, steps = _plan(space, option)
    used = False
    if space.kind == "upgrade-and-weapons":
        for _ in range(WEAPONS_DRAWN):
            draw_weapon(log, seat, chance)
        used = True
    return Offer(takes, ups, steps, 0, used)


MOUNTAIN = SpaceRule(_refuse, _use)
MOUNTAIN_OR_UPGRADE = SpaceRule(_refuse, _use, (0, 1))

"""The placement rules, each with a stable code, and the error that names the broken one."""

from __future__ import annotations

from enum import StrEnum

from skald.domain.kernel.errors import IllegalMove


class Rule(StrEnum):
    """Stable rule codes (public contract: clients switch on them)."""

    PIECE_NOT_ALLOWED = "placement/piece-not-allowed"
    NOT_GAME_END = "placement/resources-only-at-game-end"
    ROTATION = "placement/rotation"
    OVERHANG = "placement/overhang"
    BANQUET_CLOSED = "placement/banquet-square-closed"
    BLOCKED = "placement/blocked"
    RESOURCE_SQUARE = "placement/resource-square"
    WRONG_RESOURCE = "placement/wrong-resource-square"
    OVERLAP = "placement/overlap"
    GREEN_ADJACENT = "placement/green-beside-green"
    ORANGE_ADJACENT = "placement/orange-beside-orange"
    RED_ADJACENT = "placement/red-beside-red"
    INCOME_ORDER = "placement/income-order"
    BANQUET_HORIZONTAL = "placement/banquet-one-horizontal"


class PlacementError(IllegalMove):
    """A refused placement: ``rule`` is a :class:`Rule` code, ``reason`` plain words."""

    def __init__(self, rule: Rule, reason: str) -> None:
        super().__init__(rule.value, reason)
        self.rule = rule.value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlacementError) and (self.rule, self.reason) == (
            other.rule,
            other.reason,
        )

    def __hash__(self) -> int:
        return hash((self.rule, self.reason))

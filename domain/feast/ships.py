"""Ships (components.md §5.3; rules.ja.txt 船の購入 and 武装).

Longship ore capacity 3 is printed in rules.ja.txt (武装: 3箇所); the whaling boat has 1
printed ore and 1 slot. Emigrated values from refresher.en.txt (scoring).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class ShipKind(StrEnum):
    WHALING_BOAT = "whaling-boat"
    KNARR = "knarr"
    LONGSHIP = "longship"


class Berth(StrEnum):
    SMALL = "small"
    LARGE = "large"


@dataclass(frozen=True, slots=True)
class ShipSpec:
    """``cost`` in silver equals the game-end points; ``emigrated_points`` None = cannot."""

    kind: ShipKind
    cost: int
    berth: Berth
    printed_ore: int
    ore_slots: int
    emigrated_points: int | None
    wood_to_build: int
    in_box: int


SHIPS: tuple[ShipSpec, ...] = (
    ShipSpec(ShipKind.WHALING_BOAT, 3, Berth.SMALL, 1, 1, None, 1, 10),
    ShipSpec(ShipKind.KNARR, 5, Berth.LARGE, 0, 0, 18, 2, 12),
    ShipSpec(ShipKind.LONGSHIP, 8, Berth.LARGE, 0, 3, 21, 2, 10),
)

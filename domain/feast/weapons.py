"""The weapons deck: 47 cards (components.md §5.1, official component list S3)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Weapon(StrEnum):
    BOW = "bow"
    SNARE = "snare"
    SPEAR = "spear"
    LONG_SWORD = "long-sword"


@dataclass(frozen=True, slots=True)
class WeaponCount:
    weapon: Weapon
    cards: int
    used_for: str


WEAPONS: tuple[WeaponCount, ...] = (
    WeaponCount(Weapon.BOW, 12, "hunting-game"),
    WeaponCount(Weapon.SNARE, 12, "laying-a-snare"),
    WeaponCount(Weapon.SPEAR, 12, "whaling"),
    WeaponCount(Weapon.LONG_SWORD, 11, "raiding-and-pillaging"),
)

STARTING_WEAPONS: tuple[Weapon, ...] = (Weapon.BOW, Weapon.SNARE, Weapon.SPEAR)
"""Each player starts with one of each, face up, plus a mead tile (refresher.en.txt setup)."""

"""The 15 grey special tiles (components.md §1.4; S1 masks, S2 agrees on counts and values).

Special tiles follow the blue-goods placement rules (rules.ja.txt, 探険ボードへの物品の配置:
灰色の特殊タイルは青タイルと見なされ). UNVERIFIED (components.md §9.4): Glass Beads costing 0
silver, and the crucifix's forge symbol (a fan guide calls the supply board misprinted).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skald.domain.feast.shapes import Cells, cells_from_rows


class SpecialTile(StrEnum):
    GLASS_BEADS = "glass-beads"
    HELMET = "helmet"
    CLOAKPIN = "cloakpin"
    BELT = "belt"
    CRUCIFIX = "crucifix"
    DRINKING_HORN = "drinking-horn"
    AMBER_FIGURE = "amber-figure"
    HORSESHOE = "horseshoe"
    GOLD_BROOCH = "gold-brooch"
    FORGE_HAMMER = "forge-hammer"
    FIBULA = "fibula"
    THROWING_AXE = "throwing-axe"
    CHALICE = "chalice"
    ROUND_SHIELD = "round-shield"
    ENGLISH_CROWN = "english-crown"


@dataclass(frozen=True, slots=True)
class SpecialTileSpec:
    """``cost`` is the Special Sale price in silver; ``None`` = cannot be bought."""

    tile: SpecialTile
    name: str
    mask: tuple[str, ...]
    sword: int
    cost: int | None
    forge: bool
    points: int = 0

    @property
    def cells(self) -> Cells:
        return cells_from_rows(self.mask)


T = SpecialTile
SPECIAL_TILES: tuple[SpecialTileSpec, ...] = (
    SpecialTileSpec(T.GLASS_BEADS, "Glass Beads", (".#.", "###", ".#."), 7, 0, False),
    SpecialTileSpec(T.HELMET, "Helmet", ("##", "##", ".#"), 8, 1, True),
    SpecialTileSpec(T.CLOAKPIN, "Cloakpin", ("#...", "####"), 8, 1, True),
    SpecialTileSpec(T.BELT, "Belt", ("#####",), 8, 2, False),
    SpecialTileSpec(T.CRUCIFIX, "Crucifix", (".#.", "###", ".#.", ".#."), 8, 2, True),
    SpecialTileSpec(T.DRINKING_HORN, "Drinking Horn", (".##", "###", "#.."), 8, 2, False),
    SpecialTileSpec(T.AMBER_FIGURE, "Amber Figure", (".#.", "###", "###"), 9, 2, False),
    SpecialTileSpec(T.HORSESHOE, "Horseshoe", ("#.#", "#.#", "###"), 9, 2, True),
    SpecialTileSpec(T.GOLD_BROOCH, "Gold Brooch", (".#.", "###", "###", ".#."), 9, 3, False),
    SpecialTileSpec(
        T.FORGE_HAMMER, "Forge Hammer", ("###", "###", ".#.", ".#.", ".#."), 10, 4, True
    ),
    SpecialTileSpec(T.FIBULA, "Fibula", ("##.", "#..", "###", "#..", "##."), 10, 4, True),
    SpecialTileSpec(T.THROWING_AXE, "Throwing Axe", ("#####", ".###.", "..#.."), 11, 4, True),
    SpecialTileSpec(T.CHALICE, "Chalice", ("###", "###", ".#.", "###"), 12, 5, False),
    SpecialTileSpec(T.ROUND_SHIELD, "Round Shield", (".##.", "####", "####", ".##."), 13, 6, False),
    SpecialTileSpec(
        T.ENGLISH_CROWN, "English Crown", ("#.#.#", "#####", "#####"), 16, None, False, points=2
    ),
)

SPECIAL_SPECS: dict[SpecialTile, SpecialTileSpec] = {s.tile: s for s in SPECIAL_TILES}

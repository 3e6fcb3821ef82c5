"""Goods tiles: colours, shapes, the upgrade ladder, sword values, animals, resources.

Facts from components.md §1.1–§1.3 (S1 and S2 agree on every shape and sword value).
An upgrade keeps the shape: orange → red (flip), red → green (exchange), green → blue
(flip); a double upgrade skips one step (rules.ja.txt, 山岳と交易: 格上げ).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skald.domain.feast.shapes import Shape


class Colour(StrEnum):
    """Colour of a placeable piece; decides where it may go and what it may touch."""

    ORANGE = "orange"
    RED = "red"
    GREEN = "green"
    BLUE = "blue"
    SPECIAL = "special"  # grey special tiles: "treated as blue" (rules.ja.txt, 探険ボード… 灰色)
    SILVER = "silver"
    ORE = "ore"
    WOOD = "wood"
    STONE = "stone"


class Good(StrEnum):
    """Every goods tile face. Sheep and cattle are red goods with a pregnant side."""

    PEAS = "peas"
    FLAX = "flax"
    BEANS = "beans"
    GRAIN = "grain"
    CABBAGE = "cabbage"
    FRUITS = "fruits"
    MEAD = "mead"
    STOCKFISH = "stockfish"
    MILK = "milk"
    SALT_MEAT = "salt-meat"
    GAME_MEAT = "game-meat"
    WHALE_MEAT = "whale-meat"
    SHEEP = "sheep"
    PREGNANT_SHEEP = "pregnant-sheep"
    CATTLE = "cattle"
    PREGNANT_CATTLE = "pregnant-cattle"
    OIL = "oil"
    HIDE = "hide"
    WOOL = "wool"
    LINEN = "linen"
    SKIN_AND_BONES = "skin-and-bones"
    ROBE = "robe"
    FUR = "fur"
    CLOTHING = "clothing"
    RUNE_STONE = "rune-stone"
    SILVERWARE = "silverware"
    CHEST = "chest"
    SILK = "silk"
    SPICES = "spices"
    TREASURE_CHEST = "treasure-chest"
    JEWELRY = "jewelry"
    SILVER_HOARD = "silver-hoard"


@dataclass(frozen=True, slots=True)
class GoodSpec:
    """One goods face: its colour, shape and printed numbers.

    ``sword`` is set for blue goods only (the raid/pillage threshold); ``harvest_level`` for
    orange goods only; ``points`` for animals only (game-end value, components.md §1.2).
    """

    good: Good
    colour: Colour
    shape: Shape
    sword: int | None = None
    harvest_level: int | None = None
    animal: bool = False
    pregnant: bool = False
    points: int = 0


@dataclass(frozen=True, slots=True)
class ShapeLadder:
    """The goods of one shape, cheapest first, plus the printed tile counts in the box."""

    shape: Shape
    orange: Good | None
    red: tuple[Good, ...]
    green: Good
    blue: Good
    orange_red_tiles: int
    green_blue_tiles: int


_O, _R, _G, _B = Colour.ORANGE, Colour.RED, Colour.GREEN, Colour.BLUE
S = Shape

GOODS: tuple[GoodSpec, ...] = (
    GoodSpec(Good.PEAS, _O, S.S2X1, harvest_level=1),
    GoodSpec(Good.FLAX, _O, S.S3X1, harvest_level=1),
    GoodSpec(Good.BEANS, _O, S.S2X2, harvest_level=1),
    GoodSpec(Good.GRAIN, _O, S.S4X1, harvest_level=2),
    GoodSpec(Good.CABBAGE, _O, S.S3X2, harvest_level=3),
    GoodSpec(Good.FRUITS, _O, S.S3X3, harvest_level=4),
    GoodSpec(Good.MEAD, _R, S.S2X1),
    GoodSpec(Good.STOCKFISH, _R, S.S3X1),
    GoodSpec(Good.MILK, _R, S.S2X2),
    GoodSpec(Good.SALT_MEAT, _R, S.S4X1),
    GoodSpec(Good.GAME_MEAT, _R, S.S3X2),
    GoodSpec(Good.WHALE_MEAT, _R, S.S3X3),
    GoodSpec(Good.SHEEP, _R, S.S4X2, animal=True, points=2),
    GoodSpec(Good.PREGNANT_SHEEP, _R, S.S4X2, animal=True, pregnant=True, points=3),
    GoodSpec(Good.CATTLE, _R, S.S4X3, animal=True, points=3),
    GoodSpec(Good.PREGNANT_CATTLE, _R, S.S4X3, animal=True, pregnant=True, points=4),
    GoodSpec(Good.OIL, _G, S.S2X1),
    GoodSpec(Good.HIDE, _G, S.S3X1),
    GoodSpec(Good.WOOL, _G, S.S2X2),
    GoodSpec(Good.LINEN, _G, S.S4X1),
    GoodSpec(Good.SKIN_AND_BONES, _G, S.S3X2),
    GoodSpec(Good.ROBE, _G, S.S3X3),
    GoodSpec(Good.FUR, _G, S.S4X2),
    GoodSpec(Good.CLOTHING, _G, S.S4X3),
    GoodSpec(Good.RUNE_STONE, _B, S.S2X1, sword=6),
    GoodSpec(Good.SILVERWARE, _B, S.S3X1, sword=7),
    GoodSpec(Good.CHEST, _B, S.S2X2, sword=8),
    GoodSpec(Good.SILK, _B, S.S4X1, sword=8),
    GoodSpec(Good.SPICES, _B, S.S3X2, sword=9),
    GoodSpec(Good.TREASURE_CHEST, _B, S.S3X3, sword=11),
    GoodSpec(Good.JEWELRY, _B, S.S4X2, sword=10),
    GoodSpec(Good.SILVER_HOARD, _B, S.S4X3, sword=15),
)

GOOD_SPECS: dict[Good, GoodSpec] = {g.good: g for g in GOODS}

LADDERS: tuple[ShapeLadder, ...] = (
    ShapeLadder(S.S2X1, Good.PEAS, (Good.MEAD,), Good.OIL, Good.RUNE_STONE, 25, 43),
    ShapeLadder(S.S3X1, Good.FLAX, (Good.STOCKFISH,), Good.HIDE, Good.SILVERWARE, 20, 30),
    ShapeLadder(S.S2X2, Good.BEANS, (Good.MILK,), Good.WOOL, Good.CHEST, 20, 30),
    ShapeLadder(S.S4X1, Good.GRAIN, (Good.SALT_MEAT,), Good.LINEN, Good.SILK, 20, 20),
    ShapeLadder(S.S3X2, Good.CABBAGE, (Good.GAME_MEAT,), Good.SKIN_AND_BONES, Good.SPICES, 17, 20),
    ShapeLadder(S.S3X3, Good.FRUITS, (Good.WHALE_MEAT,), Good.ROBE, Good.TREASURE_CHEST, 15, 18),
    ShapeLadder(S.S4X2, None, (Good.SHEEP, Good.PREGNANT_SHEEP), Good.FUR, Good.JEWELRY, 18, 20),
    ShapeLadder(
        S.S4X3, None, (Good.CATTLE, Good.PREGNANT_CATTLE), Good.CLOTHING, Good.SILVER_HOARD, 15, 15
    ),
)

_STEP = {_O: _R, _R: _G, _G: _B}


def upgrades(good: Good, steps: int = 1) -> Good | None:
    """The good reached by ``steps`` (1 or 2) single upgrades, same shape; ``None`` if none.

    Animals upgrade like any red good (sheep → fur, cattle → clothing; components.md §1.1).
    """
    if steps not in (1, 2):
        raise ValueError("an upgrade is one or two steps")
    spec = GOOD_SPECS[good]
    colour: Colour | None = spec.colour
    for _ in range(steps):
        colour = _STEP.get(colour) if colour is not None else None
    if colour is None:
        return None
    ladder = next(lad for lad in LADDERS if lad.shape is spec.shape)
    if colour is _O:
        return ladder.orange
    if colour is _R:
        return ladder.red[0]
    return ladder.green if colour is _G else ladder.blue


RESOURCE_COUNTS: dict[str, int] = {"wood": 32, "stone": 24, "ore": 40, "silver-coins": 125}
"""Wooden pieces and coins in the box (components.md §1.3, S6). The rules treat them as
unlimited (rules.ja.txt, 有限のものと無限のもの); coin denominations are UNVERIFIED."""

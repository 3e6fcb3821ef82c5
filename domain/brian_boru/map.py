"""The board of Brian Boru: 53 towns in 8 regions, town colours and roads.

Source: ../shared/games/brian-boru/rules-and-data.md §9 (regions §9.1, towns §9.2, roads §9.3,
the data block §9.4) and the region-count table of §6. RULINGS.md (Brian Boru): "Dubhlinn
threshold 2 and value 2; road 31–43 exists" — both are kept here as printed data."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Colour(StrEnum):
    """Town and card colours; white exists on action cards only (royal, wild)."""

    RED = "red"
    BLUE = "blue"
    YELLOW = "yellow"
    WHITE = "white"


@dataclass(frozen=True, slots=True)
class Region:
    """A region: its claim token shows the same threshold (towns to flip) and value (points)."""

    key: str
    name: str
    threshold: int
    value: int
    towns: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Town:
    """A town: id 1..53 (ids as in the sources), region key and colour."""

    id: int
    region: str
    colour: Colour


REGIONS: tuple[Region, ...] = (
    Region("northern_ui_neill", "Northern Uí Néill", 4, 6, (1, 2, 3, 4, 5, 6, 7)),
    Region("ulaid", "Ulaid", 3, 4, (8, 9, 10, 11, 12)),
    Region("breifne", "Bréifne", 2, 3, (13, 14, 15, 16)),
    Region("southern_ui_neill", "Southern Uí Néill", 3, 5, (17, 18, 19, 20, 21, 22)),
    Region("dubhlinn", "Dubhlinn", 2, 2, (23, 24, 25)),
    Region("connaught", "Connaught", 5, 7, (26, 27, 28, 29, 30, 31, 32, 33, 53)),
    Region("leinster", "Leinster", 4, 6, (34, 35, 36, 37, 38, 39, 40, 41, 42)),
    Region("munster", "Munster", 5, 7, (43, 44, 45, 46, 47, 48, 49, 50, 51, 52)),
)
REGION_BY_KEY: dict[str, Region] = {r.key: r for r in REGIONS}
REGION_KEYS: tuple[str, ...] = tuple(r.key for r in REGIONS)

_RED = (1, 2, 7, 10, 12, 14, 17, 20, 24, 26, 27, 30, 31, 37, 45, 49, 50, 51)
_BLUE = (3, 4, 9, 11, 15, 16, 18, 21, 25, 29, 33, 35, 36, 39, 42, 43, 48, 52)
_YELLOW = (5, 6, 8, 13, 19, 22, 23, 28, 32, 34, 38, 40, 41, 44, 46, 47, 53)


def _colour(town: int) -> Colour:
    if town in _RED:
        return Colour.RED
    if town in _BLUE:
        return Colour.BLUE
    return Colour.YELLOW


def _region(town: int) -> str:
    for region in REGIONS:
        if town in region.towns:
            return region.key
    raise ValueError(town)  # pragma: no cover - data is complete


TOWN_COUNT = 53
TOWNS: tuple[Town, ...] = tuple(Town(t, _region(t), _colour(t)) for t in range(1, TOWN_COUNT + 1))
"""Towns by id - 1."""

ROADS: tuple[tuple[int, int], ...] = (
    (1, 4), (4, 13), (13, 14), (14, 27), (27, 53),
    (2, 3), (3, 5), (5, 7), (7, 10),
    (6, 15),
    (8, 9), (11, 12),
    (17, 18), (18, 19), (19, 20), (20, 21), (21, 22), (22, 17),
    (28, 29), (29, 33), (33, 32),
    (31, 43),
    (24, 35), (34, 35),
    (25, 39), (38, 39), (38, 41), (39, 41), (41, 42), (42, 40), (40, 37), (37, 36),
    (44, 45), (46, 48), (48, 50), (49, 51),
)  # fmt: skip


def _neighbours() -> tuple[tuple[int, ...], ...]:
    out: list[list[int]] = [[] for _ in range(TOWN_COUNT + 1)]
    for a, b in ROADS:
        out[a].append(b)
        out[b].append(a)
    return tuple(tuple(sorted(n)) for n in out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbours()
"""Road neighbours by town id (index 0 unused)."""

REGION_COUNT_POINTS: tuple[int, ...] = (0, 0, 0, 1, 1, 3, 5, 7, 10)
"""Final scoring §6: points by the number of regions with at least one of your towns (0..8)."""


def components() -> dict[str, object]:
    """The map as JSON-friendly data."""
    return {
        "regions": [
            {
                "key": r.key,
                "name": r.name,
                "threshold": r.threshold,
                "value": r.value,
                "towns": list(r.towns),
            }
            for r in REGIONS
        ],
        "towns": [{"id": t.id, "region": t.region, "colour": t.colour.value} for t in TOWNS],
        "roads": [list(r) for r in ROADS],
        "region_count_points": list(REGION_COUNT_POINTS),
    }

"""``components()``: every printed component as JSON-friendly data, for frontends and rules.

Only dicts with str keys, lists, str, int, bool and None. Board grids keep the legend of
components.md §0. Confidence notes repeat components.md §0/§9 and RULINGS.md (Feast).
"""

from __future__ import annotations

import copy
import dataclasses
from enum import Enum
from functools import cache
from typing import Any

from skald.domain.feast import (
    action_board,
    banquet,
    buildings,
    goods,
    mountains,
    occupations,
    rounds,
    ships,
    special_tiles,
    weapons,
)
from skald.domain.feast.boards import exploration, home
from skald.domain.feast.boards.grid import BoardSpec, SquareKind
from skald.domain.feast.shapes import Shape

SOURCES: dict[str, str] = {
    "rules": "refresher.en.txt and rules.ja.txt (both authoritative; RULINGS.md, Feast)",
    "data": "components.md (transcribed facts; S1 nurtrino/Board-Game-Engine from TTS mod "
    "790490875, cross-checked with S2 saladuit/A-Feast-For-Odin and the official list S3)",
    "occupations": "occupations.md card table (official appendix numbering)",
}

CONFIDENCE: tuple[str, ...] = (
    "Board grids and bonus squares: one transcription of mod art (S1); high for structure, "
    "medium per cell; -1 totals cross-checked (home -86 by a JP source).",
    "Banquet table: geometry and squares per round are medium confidence (S1 model); an "
    "emigrated ship covers 2 squares by RULINGS.md (sources disagree: 1 or 2).",
    "Harvest schedule of the short game: S1 only (medium); long game also in rules.ja.txt.",
    "Bear Island and Baffin Island print no all-covered income: RULINGS.md keeps the highest.",
    "Glass Beads cost 0 and the crucifix forge symbol: unverified (components.md §9.4).",
    "Stone house: the 2 outer wood/stone squares' printed position is unknown (drawn as row 5).",
    "Extension (imitation) tiles: faces not transcribed; RULINGS.md: one imitation space in "
    "column 1 or 2 and one in column 3 or 4, chosen by chance.",
    "Coin denominations (1/2/4/10) unverified; players start with no silver (RULINGS.md).",
    "Home board: the grid has 143 squares (86 N + 12 I + 5 B + 40 open); components.md's "
    "'138 placeable squares' does not match its own grid.",
)


def effects_built() -> dict[int, str]:
    """The occupation cards whose own effect the game carries out, with the effect as built
    (``skald.domain.feast.game.cards.registry``; imported here lazily, since the game package
    imports this module). ``components()`` marks every other card ``effect_built: false`` and
    lists it under ``occupation_effects_missing``: it is still drawn, held hidden, played at
    its printed cost and scores its points, and clients are never told it works."""
    from skald.domain.feast.game.cards.registry import CARDS

    return {n: c.summary for n, c in CARDS.items()}


LEGEND: dict[str, str] = {
    " ": "not part of the board",
    SquareKind.OPEN.value: "open square",
    SquareKind.NEGATIVE.value: "-1 point if uncovered at game end",
    SquareKind.INCOME.value: "income number",
    SquareKind.BONUS.value: "bonus (goods symbol) square",
    SquareKind.BLOCKED.value: "blocked square / pillar, never covered",
    SquareKind.WOOD.value: "wood-only square (-1 if empty)",
    SquareKind.STONE.value: "stone-only square (-1 if empty)",
}


def _data(obj: Any) -> Any:
    """Frozen dataclasses, enums, tuples and dicts → plain JSON data."""
    if isinstance(obj, Enum):
        return obj.value
    if isinstance(obj, bool | int | str) or obj is None:
        return obj
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {f.name: _data(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
    if isinstance(obj, dict):
        return {str(_data(k)): _data(v) for k, v in obj.items()}
    if isinstance(obj, tuple | list | range):
        return [_data(x) for x in obj]
    raise TypeError(f"not JSON-friendly: {type(obj).__name__}")


def _board(spec: BoardSpec) -> dict[str, Any]:
    out: dict[str, Any] = _data(spec)
    out.update(
        height=spec.height,
        width=spec.width,
        negative_squares=spec.negative_squares,
        squares={k.value: spec.count(k) for k in SquareKind},
    )
    return out


@cache
def _components() -> dict[str, Any]:
    built = effects_built()
    return {
        "game": "feast-for-odin",
        "sources": SOURCES,
        "confidence": list(CONFIDENCE),
        "legend": LEGEND,
        "shapes": [
            {"shape": s.value, "width": s.width, "height": s.height, "squares": s.squares}
            for s in Shape
        ],
        "goods": _data(goods.GOODS),
        "ladders": _data(goods.LADDERS),
        "resources": _data(goods.RESOURCE_COUNTS),
        "special_tiles": [
            {**_data(t), "squares": len(t.cells.cells)} for t in special_tiles.SPECIAL_TILES
        ],
        "home_board": {
            **_board(home.HOME),
            "faces": ["6-round", "7-round"],
            "berths": {"small": home.BERTHS_SMALL, "large": home.BERTHS_LARGE},
            "vikings_per_player": home.VIKINGS_PER_PLAYER,
        },
        "exploration_boards": [
            {**_data(f), "spec": _board(f.spec)} for f in exploration.EXPLORATION_FACES
        ],
        "silver_per_flip": exploration.SILVER_PER_FLIP,
        "buildings": [{**_data(b), "spec": _board(b.spec)} for b in buildings.BUILDINGS],
        "banquet_table": {
            "spec": _board(banquet.BANQUET_TABLE),
            "squares_per_emigrated_ship": banquet.SQUARES_PER_EMIGRATED_SHIP,
            "thing_penalty_points": banquet.THING_PENALTY_POINTS,
            "thing_penalty_tiles": banquet.THING_PENALTY_TILES,
            "vikings_on_thing_at_setup": _data(banquet.VIKINGS_ON_THING_AT_SETUP),
            "vikings_on_round_spaces": _data(banquet.VIKINGS_ON_ROUND_SPACES),
            "open_squares": {
                length.value: [
                    {"round": r, "open": _data(banquet.open_squares(length, r))}
                    for r in range(1, length.rounds + 1)
                ]
                for length in banquet.GameLength
            },
        },
        "harvest": {
            length.value: [
                {"round": r, "goods": _data(rounds.harvest(length, r))}
                for r in range(1, length.rounds + 1)
            ]
            for length in banquet.GameLength
        },
        "phases": list(rounds.PHASES),
        "ships": _data(ships.SHIPS),
        "weapons": _data(weapons.WEAPONS),
        "starting_weapons": _data(weapons.STARTING_WEAPONS),
        "mountain_strips": _data(mountains.MOUNTAIN_STRIPS),
        "mountain_strips_face_up": _data(mountains.FACE_UP_AT_SETUP),
        "action_spaces": [{**_data(a), "vikings": a.vikings} for a in action_board.ACTION_SPACES],
        "imitation_columns": _data(action_board.IMITATION_COLUMNS),
        "occupations": [_occupation(o, built) for o in occupations.OCCUPATIONS],
        "occupation_effects": _effects_line(len(built), len(occupations.OCCUPATIONS)),
        "occupation_effects_missing": [
            f"{_card_id(o.number)} {o.name}"
            for o in occupations.OCCUPATIONS
            if o.number not in built
        ],
    }


def _effects_line(built: int, cards: int) -> str:
    """What ``occupation_effects`` says: how many cards act, and what the others still do."""
    if built == cards:
        return f"built for {built} of {cards} cards (option occupations turns them off)"
    return (
        f"built for {built} of {cards} cards; the others are drawn, held hidden, played at "
        "their printed cost and score their points, but do nothing else (listed in "
        "occupation_effects_missing)"
    )


def _card_id(number: int) -> str:
    """The id the game deals the card under (``skald.domain.feast.game.setup_data.card_id``)."""
    return f"occupation-{number:03d}"


def _occupation(card: occupations.Occupation, built: dict[int, str]) -> dict[str, Any]:
    return {
        "id": _card_id(card.number),
        **_data(card),
        "effect_built": card.number in built,
        "effect": built.get(card.number, ""),
    }


def components() -> dict[str, object]:
    """All printed components of A Feast for Odin as JSON-friendly data (a fresh copy)."""
    return copy.deepcopy(_components())

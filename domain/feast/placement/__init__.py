"""Placing goods, special tiles, silver, ore, wood and stone on boards, houses and the
banquet table: rule checks with stable codes, immutable states, fast enumeration."""

from skald.domain.feast.placement.engine import check, covered, legal_placements, place
from skald.domain.feast.placement.errors import PlacementError, Rule
from skald.domain.feast.placement.pieces import (
    ORE,
    SILVER,
    STONE,
    WOOD,
    Piece,
    PieceKind,
    all_pieces,
)
from skald.domain.feast.placement.scoring import (
    income,
    paying_bonuses,
    uncovered_banquet,
    uncovered_negative,
)
from skald.domain.feast.placement.state import BanquetSetup, BoardState, Placement, empty_board

__all__ = [
    "ORE",
    "SILVER",
    "STONE",
    "WOOD",
    "BanquetSetup",
    "BoardState",
    "Piece",
    "PieceKind",
    "Placement",
    "PlacementError",
    "Rule",
    "all_pieces",
    "check",
    "covered",
    "empty_board",
    "income",
    "legal_placements",
    "paying_bonuses",
    "place",
    "uncovered_banquet",
    "uncovered_negative",
]

"""The game-agnostic kernel: contract, chance, errors, codec and registry (DESIGN.md)."""

from domain.kernel.chance import Chance, ChanceEntry, ServerChance, TableChance, commitment
from domain.kernel.codec import from_data, to_data
from domain.kernel.contract import Options, Outcome, Rules, Seat
from domain.kernel.errors import (
    ChanceNeeded,
    GameOver,
    IllegalMove,
    Malformed,
    NotYourTurn,
    SkaldError,
)
from domain.kernel.registry import UnknownGame

__all__ = [
    "Chance",
    "ChanceEntry",
    "ChanceNeeded",
    "GameOver",
    "IllegalMove",
    "Malformed",
    "NotYourTurn",
    "Options",
    "Outcome",
    "Rules",
    "Seat",
    "ServerChance",
    "SkaldError",
    "TableChance",
    "UnknownGame",
    "commitment",
    "from_data",
    "to_data",
]

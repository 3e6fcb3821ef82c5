"""The game-agnostic kernel: contract, options, chance, errors, codec, kernel records (DESIGN.md).

It knows no game and does no I/O; games are put together in ``service/bootstrap.py``."""

from domain.kernel.chance import Chance, ChanceEntry, ServerChance, TableChance, commitment
from domain.kernel.codec import from_data, to_data
from domain.kernel.contract import AnyRules, Outcome, Pending, Rules, Seat
from domain.kernel.options import Options, OptionKind, OptionSpec, OptionValue, resolve_options
from domain.kernel.errors import (
    ChanceNeeded,
    GameOver,
    IllegalMove,
    Malformed,
    NotYourTurn,
    SkaldError,
    UnknownGame,
)

__all__ = [
    "AnyRules",
    "OptionKind",
    "OptionSpec",
    "OptionValue",
    "Pending",
    "resolve_options",
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

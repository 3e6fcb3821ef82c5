"""The game-agnostic kernel: contract, options, chance, errors, codec, kernel records (DESIGN.md).

It knows no game and does no I/O; games are put together in ``service/bootstrap.py``.

Imports: nothing outside this folder.
"""

from skald.domain.kernel.chance import Chance, ChanceEntry, ServerChance, TableChance, commitment
from skald.domain.kernel.codec import from_data, to_data
from skald.domain.kernel.contract import AnyRules, Outcome, Pending, Rules, Seat
from skald.domain.kernel.errors import (
    ChanceNeeded,
    GameOver,
    IllegalMove,
    Malformed,
    NotYourTurn,
    SkaldError,
    UnknownGame,
)
from skald.domain.kernel.options import (
    OptionKind,
    Options,
    OptionSpec,
    OptionValue,
    resolve_options,
)

__all__ = [
    "AnyRules",
    "Chance",
    "ChanceEntry",
    "ChanceNeeded",
    "GameOver",
    "IllegalMove",
    "Malformed",
    "NotYourTurn",
    "OptionKind",
    "OptionSpec",
    "OptionValue",
    "Options",
    "Outcome",
    "Pending",
    "Rules",
    "Seat",
    "ServerChance",
    "SkaldError",
    "TableChance",
    "UnknownGame",
    "commitment",
    "from_data",
    "resolve_options",
    "to_data",
]

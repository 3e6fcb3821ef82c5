"""The kernel's own records around a game's events, typed like a game's events.

Every stored game starts with :class:`GameCreated` (version 1) and, once its outcome is known,
ends with :class:`GameEnded`. :class:`Reseeded` announced a new chance segment in the middle of
a game (old imports of running games, format 1); no code writes it any more, and ``verify``
refuses it in a game of format 2: a reseeded fork commits to its new segment in its own
:class:`GameCreated`. It stays a type so the wire keeps its number. They are stored under the
type names in :data:`KERNEL_RECORDS` (``skald.GameCreated`` …) through the same codec as game
events, so the store, replay files, verify and the wire read one shape instead of dicts spelled
in four places.

A *segment* is a stretch of a game's chance draws from one seed: draws ``start`` onward come
from the seed committed to by ``commitment`` (hex SHA-256 of the segment's nonce and seed,
:func:`skald.domain.kernel.chance.commitment`) and are derived on ``stream``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skald.domain.kernel.options import OptionValue


class ChanceMode(StrEnum):
    """Where a game's chance comes from."""

    SERVER = "server"
    """Derived from a secret seed, committed at creation and revealed at the end."""
    TABLE = "table"
    """Entered by the referee from a physical table."""


@dataclass(frozen=True, slots=True)
class Segment:
    """Draws from ``start`` on come from the seed behind ``commitment``, on ``stream``."""

    start: int
    stream: str
    commitment: str


@dataclass(frozen=True, slots=True)
class SeedReveal:
    """A segment's seed and commitment nonce (hex) at the game's end, or ``withheld`` (neither
    given) while a running game shares the seed. ``nonce`` is ``None`` for segments committed
    before nonces (plain ``sha256(seed)``)."""

    start: int
    stream: str
    seed: str | None = None
    withheld: bool = False
    nonce: str | None = None


@dataclass(frozen=True, slots=True)
class ForkOrigin:
    """The game and version a fork was taken from."""

    game_id: str
    version: int


@dataclass(frozen=True, slots=True)
class OptionSetting:
    """One setup option as played: exactly one of ``text``, ``number``, ``flag`` is set."""

    name: str
    text: str | None = None
    number: int | None = None
    flag: bool | None = None

    @staticmethod
    def of(name: str, value: OptionValue) -> OptionSetting:
        if isinstance(value, bool):
            return OptionSetting(name, flag=value)
        if isinstance(value, int):
            return OptionSetting(name, number=value)
        return OptionSetting(name, text=value)

    @property
    def value(self) -> OptionValue:
        if self.flag is not None:
            return self.flag
        if self.number is not None:
            return self.number
        return self.text or ""


@dataclass(frozen=True, slots=True)
class GameCreated:
    """A game exists: which game, how many seats, the options played, and its chance."""

    game_id: str
    game: str
    players: int
    options: tuple[OptionSetting, ...]
    chance: ChanceMode
    segments: tuple[Segment, ...]
    rules_version: str
    format: int
    forked_from: ForkOrigin | None = None

    def option_values(self) -> dict[str, OptionValue]:
        return {o.name: o.value for o in self.options}


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The outcome (scores by seat, winning seats), the seed reveal of every segment and the
    game's record salt key (hex), from which every record's salt is derived (see
    ``service/model/records.py``): with it, anyone holding the redacted history can re-derive each
    salt. ``salt_key`` is ``None`` while any seed is withheld (revealing the salts would open
    this game's hidden records, which a game sharing the seed would draw again) and for games
    recorded before salts."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    seeds: tuple[SeedReveal, ...]
    salt_key: str | None = None


@dataclass(frozen=True, slots=True)
class Reseeded:
    """Chance continues on a new segment (its seed is committed here, revealed at the end)."""

    segment: Segment


KERNEL = "skald"
"""Type-name prefix of kernel records."""

KERNEL_RECORDS: dict[str, type] = {
    f"{KERNEL}.GameCreated": GameCreated,
    f"{KERNEL}.GameEnded": GameEnded,
    f"{KERNEL}.Reseeded": Reseeded,
}
"""Kernel record classes by stored type name."""

KERNEL_NAMES: dict[type, str] = {cls: name for name, cls in KERNEL_RECORDS.items()}

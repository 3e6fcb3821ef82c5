"""One request object per use case the game service offers: what a caller asks, and who asks.

Each is a frozen dataclass, spelled once and passed unchanged from the command line through the
client (:mod:`skald.service.client`) to the facade (:class:`skald.service.app.games.GameService`),
or built by the gRPC servicer from the protobuf message and the principal its token names.

``who`` (keyword-only) is the acting principal. It is required wherever the service authorizes
by it (every request about one game), so nothing inside the service stands in for a missing one;
the requests the service answers for anyone (create, import, the games list, printed rules, a
diff of records already read) carry it as ``None`` unless the caller knows it, and the service
does not consult it (creating and importing are admitted at the edge, by token:
:meth:`skald.service.app.policy.Policy.may_create`).

A remote client sends no ``who``: the server decides from the client's token alone.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import KW_ONLY, dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # annotations only: a request module costs the command line no imports
    from skald.domain.kernel.chance import ChanceEntry
    from skald.service.model.auth import Principal
    from skald.service.model.receipts import Receipt
    from skald.service.model.records import Record
    from skald.service.store.index import GamesQuery

__all__ = [
    "CheckCommand",
    "CreateGame",
    "DiffRecords",
    "ExportGame",
    "FileDispute",
    "ForkGame",
    "GetHistory",
    "ImportGame",
    "ListDisputes",
    "ListGames",
    "ListLegal",
    "PageGames",
    "RuleDispute",
    "RulesInfo",
    "SubmitMove",
    "VerifyGame",
    "ViewGame",
    "WatchGame",
]

# ---------------------------------------------------------------------- lifecycle


@dataclass(frozen=True, slots=True)
class CreateGame:
    """A new game of ``game`` for ``players`` seats: its seed (``None``: a fresh one), where
    chance comes from (``server`` or ``table``), setup options, a table's opening chance
    entries; ``game_id`` and ``pinned`` (the seed commitment's salt and nonce) only for
    imports and tests, never sent over the wire."""

    game: str
    players: int
    seed: bytes | None = None
    chance: str = "server"
    options: dict[str, Any] | None = None
    table_entries: Sequence[ChanceEntry] = ()
    game_id: str | None = None
    pinned: tuple[bytes, bytes] | None = None
    _: KW_ONLY
    who: Principal | None = None


@dataclass(frozen=True, slots=True)
class ForkGame:
    """A new game from ``game_id``'s first ``at`` versions, with the same seed or (``reseed``)
    a fresh one, or ``seed``."""

    game_id: str
    at: int
    reseed: bool = False
    seed: bytes | None = None
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class ExportGame:
    """The game's records as JSON lines (a replay file)."""

    game_id: str
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class ImportGame:
    """A replay file (JSON lines) stored as a new game, verified first."""

    text: str
    _: KW_ONLY
    who: Principal | None = None


# ---------------------------------------------------------------------- commands


@dataclass(frozen=True, slots=True)
class SubmitMove:
    """One move for ``seat`` of ``game_id``: refused as stale unless the game is at
    ``expected_version`` (when given), applied once per ``command_id`` (when given), with a
    referee's table ``chance`` entries."""

    game_id: str
    seat: int
    command: Any
    expected_version: int | None = None
    command_id: str | None = None
    chance: Sequence[ChanceEntry] = ()
    _: KW_ONLY
    who: Principal


# ---------------------------------------------------------------------- queries


@dataclass(frozen=True, slots=True)
class ViewGame:
    """What to show of ``game_id``: the public view, or ``seat``'s; now, or at version ``at``."""

    game_id: str
    seat: int | None = None
    at: int | None = None
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class ListLegal:
    """``seat``'s legal commands (now, or at version ``at``: locally only): placements grouped
    when ``compact``; ``page_size`` at most per answer (0: all), from ``page_token``."""

    game_id: str
    seat: int
    at: int | None = None
    compact: bool = False
    page_size: int = 0
    page_token: str = ""
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class GetHistory:
    """The records after version ``after`` up to ``upto`` (``None``: the latest), as ``who``
    may see them."""

    game_id: str
    after: int = 0
    upto: int | None = None
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class WatchGame:
    """The records after ``after``, then each new one as it is written, until the game ends
    (or, in process, ``stop`` is set; ``poll``: seconds between reads of the store)."""

    game_id: str
    after: int = 0
    stop: threading.Event | None = None
    poll: float = 0.25
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class ListGames:
    """Every game of the index (its rows)."""

    _: KW_ONLY
    who: Principal | None = None


@dataclass(frozen=True, slots=True)
class PageGames:
    """One page of the games list, filtered and ordered as ``query`` says."""

    query: GamesQuery
    _: KW_ONLY
    who: Principal | None = None


@dataclass(frozen=True, slots=True)
class RulesInfo:
    """A game's printed component data, limits and options."""

    game: str
    _: KW_ONLY
    who: Principal | None = None


# ---------------------------------------------------------------------- audit


@dataclass(frozen=True, slots=True)
class VerifyGame:
    """The stored game verified; with ``receipts`` (a seat's), each checked against it."""

    game_id: str
    receipts: Sequence[Receipt] | None = None
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class CheckCommand:
    """Whether ``command`` by ``seat`` was legal at version ``at`` (with table ``chance``
    entries): the records it would have made, or the refusal."""

    game_id: str
    at: int
    seat: int
    command: Any
    chance: Sequence[ChanceEntry] = ()
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class DiffRecords:
    """Where two games' records (already read) part, ``a`` and ``b`` labelled so."""

    a: Sequence[Record]
    b: Sequence[Record]
    label_a: str = "a"
    label_b: str = "b"
    _: KW_ONLY
    who: Principal | None = None


# ---------------------------------------------------------------------- disputes


@dataclass(frozen=True, slots=True)
class FileDispute:
    """A dispute for ``seat`` about the game at version ``at``, in the disputant's ``text``."""

    game_id: str
    at: int
    seat: int
    text: str
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class RuleDispute:
    """A ruling on dispute ``number`` (``uphold`` or not, with ``text``); upheld with
    ``fork_at``, the game forked there (``reseed``: with a fresh seed)."""

    game_id: str
    number: int
    uphold: bool
    text: str
    fork_at: int | None = None
    reseed: bool = False
    _: KW_ONLY
    who: Principal


@dataclass(frozen=True, slots=True)
class ListDisputes:
    """Every dispute of the game with its ruling, in number order."""

    game_id: str
    _: KW_ONLY
    who: Principal

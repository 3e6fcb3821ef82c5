"""The read use cases: views, legal commands, history, the live stream, the games list, rules.

Nothing here writes. What a principal may see is decided by :mod:`skald.service.app.policy`; this module
applies it: a seat's view, and every record redacted to the form that seat may see (the hash
is kept — it names the stored record — while hidden data, the secret fields of other seats'
commands (``Rules.public_command``), entered table chance and the record's salt are dropped:
without the salt the hash is no oracle for the hidden data, see ``service/model/records.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import islice
from typing import Any, Protocol, runtime_checkable

from skald.domain.kernel.codec import from_stored, to_data
from skald.domain.kernel.contract import AnyRules, Outcome, Pending, Seat
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.ranges import INT64_MAX, require_int32, require_int64
from skald.service.app import policy
from skald.service.model.auth import Principal
from skald.service.model.errors import echo
from skald.service.model.folding import Loaded
from skald.service.model.records import ENDED, KERNEL, Record, RecordedCommand, without_entries
from skald.service.model.registry import Registry, cli_name
from skald.service.model.upcasting import upcast
from skald.service.store.index import GamesPage, GamesQuery, IndexRow
from skald.service.store.repository import Repository

__all__ = [
    "CompactPlacements",
    "Legal",
    "Viewed",
    "games_page",
    "history",
    "legal",
    "list_games",
    "public_command",
    "redact",
    "rules_info",
    "view",
    "watch",
]


@dataclass(frozen=True, slots=True)
class Viewed:
    """One seat's (or the public) view of a game at a version, with what the game awaits."""

    loaded: Loaded
    seat: Seat | None
    """Whose view this is (``None``: the public view)."""
    view: Any
    pending: tuple[Pending, ...]
    """Every decision the game waits for (public: who must choose, and between what kinds)."""
    to_act: tuple[Seat, ...]
    outcome: Outcome | None

    @property
    def version(self) -> int:
        return self.loaded.version

    @property
    def rules(self) -> AnyRules:
        return self.loaded.rules


def view(
    repo: Repository, game_id: str, principal: Principal, seat: Seat | None, at: int | None = None
) -> Viewed:
    loaded = repo.load(game_id, upto=at)
    who = policy.viewer(principal, seat, loaded.players)
    rules, state = loaded.rules, loaded.state
    return Viewed(
        loaded,
        who,
        rules.view(state, who),
        tuple(rules.pending(state)),
        tuple(sorted(rules.to_act(state))),
        rules.outcome(state),
    )


@dataclass(frozen=True, slots=True)
class Legal:
    """The commands a seat may send, at the version they were listed for: all of them, or one
    page (``next_page_token``), with placements grouped when asked (``placements``)."""

    version: int
    rules: AnyRules
    commands: list[Any]
    placements: list[Any] = field(default_factory=list)
    """Groups with ``command``, ``board``, ``piece`` and ``anchors`` (``row``, ``col``,
    ``rotations``); see ``domain/feast/game/compact.py``."""
    next_page_token: str = ""


@runtime_checkable
class CompactPlacements(Protocol):
    """A game whose placements are listed grouped per piece and board (A Feast for Odin)."""

    def compact_legal(self, state: Any, seat: Seat) -> Any:
        """An object with ``commands`` (every other legal command, in ``legal_commands``
        order) and ``placements`` (the groups, expanding to exactly the rest)."""
        ...


def _listing(game_id: str, seat: Seat, compact: bool) -> str:
    """What a page token is bound to: the game (its id's first 8 characters), the seat, and
    whether placements were grouped — the same offset counts other commands in another list."""
    return f"{game_id[:8]}.{seat}.{'c' if compact else 'a'}"


def _page_at(token: str, listing: str) -> tuple[int, int]:
    """A page token is ``<version>.<offset>.<listing>``: what was listed, how far, and for
    which game, seat and grouping (:func:`_listing`). A token of another listing is refused:
    its offset would page through other commands in silence."""
    version, _, rest = token.partition(".")
    offset, _, bound = rest.partition(".")
    at, skip = _token_number(version), _token_number(offset)
    if at is None or skip is None:
        raise Malformed("request/page-token", f"{echo(token)} is not a page token of this call")
    if bound != listing:
        raise Malformed(
            "request/page-token",
            f"{echo(token)} is a page token of another listing (another game, seat or "
            "compact_placements): ask for the first page again",
        )
    return at, skip


_DIGITS = len(str(INT64_MAX))
"""The most digits a number of a page token has."""


def _token_number(text: str) -> int | None:
    """One number of a page token, or ``None``: the token is the client's text, and a number
    in it beyond 64 bits (no token this call gave) would reach the store, which cannot bind it,
    or ``islice``, which cannot take it; a non-ASCII digit ("²") is none for ``int`` either."""
    if not (text.isascii() and text.isdigit()) or len(text) > _DIGITS:
        return None
    number = int(text)
    return number if number <= INT64_MAX else None


def legal(
    repo: Repository,
    game_id: str,
    principal: Principal,
    seat: Seat,
    at: int | None = None,
    *,
    compact: bool = False,
    page_size: int = 0,
    page_token: str = "",
) -> Legal:
    """The commands ``seat`` may send now (or at version ``at``): all of them, or
    ``page_size`` at a time from ``page_token``; placements grouped when ``compact`` and the
    game groups them (they come whole with the first page)."""
    if page_size < 0:
        raise Malformed("request/page-size", "page_size must be 0 (everything) or more")
    require_int32(page_size, "request/page-size", "page_size")  # int32 on the wire
    offset = 0
    listing = _listing(game_id, seat, compact)
    if page_token:
        at, offset = _page_at(page_token, listing)
    loaded = repo.load(game_id)
    if at is not None and at != loaded.version:
        loaded = repo.load(game_id, upto=at)
    policy.may_act(principal, seat, loaded.players)
    rules = loaded.rules
    if loaded.ended is not None:
        return Legal(loaded.version, rules, [])
    placements: list[Any] = []
    listed: Iterator[Any]
    if compact and isinstance(rules, CompactPlacements):
        grouped = rules.compact_legal(loaded.state, seat)
        listed = iter(grouped.commands)
        placements = list(grouped.placements) if not page_token else []
    else:
        listed = rules.legal_commands(loaded.state, seat)
    if not page_size:
        return Legal(loaded.version, rules, list(islice(listed, offset, None)), placements)
    # islice takes no stop beyond sys.maxsize (2**63 - 1): a token's offset may be that big
    page = list(islice(listed, offset, min(offset + page_size + 1, INT64_MAX)))
    more = len(page) > page_size
    token = f"{loaded.version}.{offset + page_size}.{listing}" if more else ""
    return Legal(loaded.version, rules, page[:page_size], placements, token)


def history(
    repo: Repository, game_id: str, principal: Principal, after: int = 0, upto: int | None = None
) -> list[Record]:
    rules = repo.rules_of(game_id)
    return [redact(rules, r, principal) for r in repo.read(game_id, after=after, upto=upto)]


def redact(rules: AnyRules, record: Record, principal: Principal, event: Any = None) -> Record:
    """The record as ``principal`` may see it. ``event`` is the record's domain event when the
    caller has it already (a command just decided), saving a decode."""
    return redact_shown(rules, record, principal, event)[0]


def redact_shown(
    rules: AnyRules, record: Record, principal: Principal, event: Any = None
) -> tuple[Record, Any]:
    """:func:`redact`, and the domain event the redacted record holds (``None`` for a kernel
    record, or when ``principal`` sees everything and ``event`` was not given), so the wire
    encodes it without decoding the record's data again."""
    if policy.sees_everything(principal):
        return record, event
    if record.type.startswith(f"{KERNEL}."):
        return record.unsalted(), None
    seat = principal.seat if principal.kind == "seat" else None
    if event is None:
        name, data = upcast(rules.name, record.type, record.data)
        event = from_stored(rules.events[name], data)
    shown = rules.redact(event, seat)
    command = record.command
    if command is not None and record.seat != seat:
        command = public_command(rules, command)
    chance = record.chance
    if chance is not None and "entries" in chance:
        chance = without_entries(chance)
    if shown is event and command is record.command and chance is record.chance:
        return record.unsalted(), shown
    redacted = Record(
        record.version,
        type(shown).__name__,
        record.seat,
        record.command_id,
        record.data if shown is event else to_data(shown),
        command,
        chance,
        record.prev_hash,
        record.hash,
        record.at,
    )
    return redacted, shown


def public_command(rules: AnyRules, command: RecordedCommand) -> RecordedCommand:
    """A recorded command (``{"type", "data"}``) as a seat other than its sender, or a
    spectator, may read it: ``command`` itself when the game shows it whole, its data with the
    secret values replaced by placeholders, or its type alone (``Rules.public_command``)."""
    data = command.get("data")
    if data is None:
        return command
    full = from_stored(rules.commands[command["type"]], data)
    shown = rules.public_command(full)
    if shown is None:
        return {"type": command["type"]}
    if shown == full:
        return command
    return {"type": command["type"], "data": to_data(shown)}


def watch(
    repo: Repository,
    game_id: str,
    principal: Principal,
    after: int = 0,
    stop: threading.Event | None = None,
    poll: float = 0.25,
) -> Iterator[Record]:
    """Records after ``after`` as they are written (redacted), until the game ends or ``stop``.

    An ``after`` past the game's version is refused (``version/out-of-range``), as WatchGame
    refuses it: every record, the end included, would be at or before it, so the watch would
    wait for good."""
    loaded = repo.load(game_id)
    require_int64(after, "version/out-of-range", "after")
    if after > loaded.version:
        raise Malformed(
            "version/out-of-range", f"after {after} is beyond the game's version {loaded.version}"
        )
    if loaded.ended is not None and after >= loaded.version:
        return  # an ended game writes nothing more
    position = after
    while stop is None or not stop.is_set():
        batch = repo.read(game_id, after=position)
        for record in batch:
            position = record.version
            yield redact(loaded.rules, record, principal)
            if record.type == ENDED:
                return
        if not batch:
            repo.wait(poll)


def list_games(repo: Repository) -> list[IndexRow]:
    """Every game in creation order (the persisted index: :mod:`skald.service.store.index`)."""
    return repo.rows()


def games_page(repo: Repository, query: GamesQuery) -> GamesPage:
    """One page of the games ``query`` filters, in its order (ListGames, ``skald games``). A
    ``game`` filter naming no game is refused (``game/unknown``) as CreateGame refuses it: an
    empty page would read as "no such games yet"."""
    if query.game:
        repo.games.entry(query.game)
    return repo.games_page(query)


def rules_info(games: Registry, game: str) -> dict[str, Any]:
    """A game's printed component data, limits and setup options (``skald rules``, GetRules)."""
    entry = games.entry(game)
    info: dict[str, Any] = {
        "game": cli_name(entry.name),
        "title": entry.title,
        "playable": entry.rules is not None,
    }
    if entry.rules is not None:
        info.update(
            min_players=entry.rules.min_players,
            max_players=entry.rules.max_players,
            rules_version=entry.rules.rules_version,
            options=[spec.describe() for spec in entry.rules.options],
        )
    info["components"] = entry.components()
    return info

"""The read use cases: views, legal commands, history, the live stream, the games list, rules.

Nothing here writes. What a principal may see is decided by :mod:`service.policy`; this module
applies it: a seat's view, and every record redacted to the form that seat may see (the hash
is kept — it names the stored record — while hidden data, other seats' command data, entered
table chance and the record's salt are dropped: without the salt the hash is no oracle for the
hidden data, see ``service/records.py``).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from domain.kernel.codec import from_stored, to_data
from domain.kernel.contract import AnyRules, Outcome, Pending, Seat
from service import policy
from service.auth import Principal
from service.folding import Loaded
from service.index import IndexRow
from service.records import ENDED, KERNEL, Record
from service.registry import Registry, cli_name
from service.repository import Repository
from service.upcasting import upcast

__all__ = [
    "Legal",
    "Viewed",
    "history",
    "legal",
    "list_games",
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
    """Every command a seat may send, at the version they were listed for."""

    version: int
    rules: AnyRules
    commands: list[Any]


def legal(
    repo: Repository, game_id: str, principal: Principal, seat: Seat, at: int | None = None
) -> Legal:
    """Every command ``seat`` may send now (or at version ``at``)."""
    loaded = repo.load(game_id, upto=at)
    policy.may_act(principal, seat, loaded.players)
    if loaded.ended is not None:
        return Legal(loaded.version, loaded.rules, [])
    return Legal(
        loaded.version, loaded.rules, list(loaded.rules.legal_commands(loaded.state, seat))
    )


def history(
    repo: Repository, game_id: str, principal: Principal, after: int = 0, upto: int | None = None
) -> list[Record]:
    rules = repo.rules_of(game_id)
    return [redact(rules, r, principal) for r in repo.read(game_id, after=after, upto=upto)]


def redact(rules: AnyRules, record: Record, principal: Principal, event: Any = None) -> Record:
    """The record as ``principal`` may see it. ``event`` is the record's domain event when the
    caller has it already (a command just decided), saving a decode."""
    if policy.sees_everything(principal):
        return record
    if record.type.startswith(f"{KERNEL}."):
        return record.unsalted()
    seat = principal.seat if principal.kind == "seat" else None
    if event is None:
        name, data = upcast(rules.name, record.type, record.data)
        event = from_stored(rules.events[name], data)
    shown = rules.redact(event, seat)
    command = record.command
    if command is not None and record.seat != seat:
        command = {"type": command["type"]}
    chance = record.chance
    if chance is not None and "entries" in chance:
        chance = {k: v for k, v in chance.items() if k != "entries"}
    if shown is event and command is record.command and chance is record.chance:
        return record.unsalted()
    return Record(
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


def watch(
    repo: Repository,
    game_id: str,
    principal: Principal,
    after: int = 0,
    stop: threading.Event | None = None,
    poll: float = 0.25,
) -> Iterator[Record]:
    """Records after ``after`` as they are written (redacted), until the game ends or ``stop``."""
    loaded = repo.load(game_id)
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
    return repo.rows()


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

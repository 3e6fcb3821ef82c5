"""The command use case: authorize, decide, append — one load, one decision, one write.

A command is decided on the cached game (no read when the cache is current); the append's
version check catches a cache another replica made stale, and then the command is decided
again on the newer state. Each event is encoded once for its record and evolved once, and the
state it reaches is cached for the next command. Every refusal leaves the store unchanged.

When the outcome is known the batch ends with ``skald.GameEnded``, revealing each segment's
seed — or ``withheld`` while a game sharing it (an unreseeded fork's source) still runs, since
revealing it would reveal that game's future draws.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from domain.kernel.chance import Chance, ChanceEntry, TableChance
from domain.kernel.contract import Outcome, Seat
from domain.kernel.errors import GameOver, Malformed, SkaldError
from domain.kernel.records import ChanceMode, GameEnded, SeedReveal
from service import policy
from service.auth import Principal
from service.batches import build_records, chance_for, check_table_leftover, seal
from service.errors import NotFound, Stale
from service.folding import Loaded, advance
from service.records import SETUP, Record, kernel_record
from service.repository import Repository

__all__ = ["Submitted", "chance_source", "submit"]


@dataclass(frozen=True, slots=True)
class Submitted:
    """What one command wrote: its sealed records, up to the game's ``version`` after it."""

    version: int
    records: tuple[Record, ...]
    replayed: bool = False
    """True when the command id had already been applied (an idempotent retry)."""
    events: tuple[Any, ...] = ()
    """The decided domain events behind ``records`` (``None`` for kernel records), so redaction
    needs no second decode; empty for a replayed command."""


def submit(
    repo: Repository,
    game_id: str,
    principal: Principal,
    seat: Seat,
    command: Any,
    *,
    expected_version: int | None = None,
    command_id: str | None = None,
    chance_entries: Sequence[ChanceEntry] = (),
) -> Submitted:
    """Decide and append one command; every error leaves the store unchanged.

    Without ``expected_version`` the command applies to the latest version: if another writer
    got there first, it is decided again on the newer state (up to three times)."""
    for attempt in range(3):
        cached = repo.cached(game_id)
        fresh = (
            attempt > 0
            or cached is None
            or (expected_version is not None and expected_version != cached.version)
        )
        loaded = repo.load(game_id, fresh=fresh)
        try:
            return _submit_once(
                repo, loaded, principal, seat, command, expected_version, command_id, chance_entries
            )
        except Stale:
            if expected_version is not None or attempt == 2:
                raise
        except SkaldError:
            # Decided on the cache alone: a refusal counts only if the cache was current.
            if fresh or not repo.newer_than(loaded):
                raise
            repo.forget(game_id)
    raise AssertionError("unreachable")


def _submit_once(
    repo: Repository,
    loaded: Loaded,
    principal: Principal,
    seat: Seat,
    command: Any,
    expected_version: int | None,
    command_id: str | None,
    chance_entries: Sequence[ChanceEntry],
) -> Submitted:
    game_id = loaded.game_id
    policy.may_act(principal, seat, loaded.players)
    if command_id and command_id in loaded.batches and command_id != SETUP:
        first, last = loaded.batches[command_id]
        done = [
            r
            for r in repo.read(game_id, after=first - 1, upto=last + 1)
            if r.command_id == command_id
        ]
        return Submitted(done[-1].version, tuple(done), True)
    if loaded.ended is not None:
        raise GameOver("game/over", "the game has ended; no further commands are accepted")
    if expected_version is not None and expected_version != loaded.version:
        raise Stale(
            "version/stale",
            f"command expects version {expected_version} but the game is at {loaded.version}",
        )
    if chance_entries:
        policy.may_enter_chance(principal)
        if loaded.mode != ChanceMode.TABLE:
            raise Malformed(
                "chance/not-table", "this game draws its own chance; do not send entries"
            )
    rules = loaded.rules
    source = chance_source(repo, loaded, chance_entries)
    events = rules.decide(loaded.state, seat, command, source)
    check_table_leftover(source)
    cid = command_id or uuid.uuid4().hex
    version = loaded.version + 1
    records = build_records(version, seat, cid, command, source, loaded.mode, loaded.cursor, events)
    state = loaded.state
    for e in events:
        state = rules.evolve(state, e)
    outcome = rules.outcome(state)
    decided: tuple[Any, ...] = tuple(events)
    if outcome is not None:
        ended = ended_record(repo, loaded, outcome)
        records.append(kernel_record(version + len(events), cid, ended))
        decided += (None,)
    sealed = seal(records, loaded.last_hash)
    repo.append(game_id, sealed, after=advance(loaded, sealed, state))
    return Submitted(sealed[-1].version, tuple(sealed), events=decided)


def chance_source(repo: Repository, loaded: Loaded, entries: Sequence[ChanceEntry]) -> Chance:
    """Where the next command's chance comes from: the referee's entries, or the game's seed
    at its cursor (kept in this store's secrets)."""
    if loaded.mode == ChanceMode.TABLE:
        return TableChance(entries)
    secret = repo.secret(loaded.game_id)
    if secret is None:
        raise NotFound("game/no-secret", f"game {loaded.game_id} has no chance seed in this store")
    return chance_for(secret.seeds, loaded.cursor)


def ended_record(repo: Repository, loaded: Loaded, outcome: Outcome) -> GameEnded:
    """The end of a game: its outcome and each segment's seed, withheld while shared."""
    reveal: list[SeedReveal] = []
    if loaded.mode == ChanceMode.SERVER:
        secret = repo.secret(loaded.game_id)
        for segment in secret.seeds if secret else ():
            if segment.stream != loaded.game_id and _running(repo, segment.stream):
                reveal.append(SeedReveal(segment.start, segment.stream, withheld=True))
            else:
                reveal.append(segment)
    return GameEnded(outcome.scores, outcome.winners, outcome.reason, tuple(reveal))


def _running(repo: Repository, game_id: str) -> bool:
    try:
        return repo.load(game_id).ended is None
    except SkaldError:
        return False

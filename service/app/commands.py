"""The command use case: authorize, decide, append — one load, one decision, one write.

A command is decided on the cached game (no read when the cache is current); the append's
version check catches a cache another replica made stale, and then the command is decided
again on the newer state. Each event is encoded once for its record and evolved once (by the
game's ``decide_folded`` when it folds as it decides: :func:`skald.domain.kernel.play.decide_folded`),
and the state it reaches is cached for the next command. Every refusal leaves the store
unchanged.

When the outcome is known the batch ends with ``skald.GameEnded``, revealing each segment's
seed and nonce and the record salt key — a seed ``withheld`` (and the key with it) while any
running game draws from it, since revealing it would reveal that game's future draws.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skald.domain.kernel.chance import Chance, ChanceEntry, TableChance
from skald.domain.kernel.contract import Outcome, Seat
from skald.domain.kernel.errors import GameOver, Malformed, SkaldError
from skald.domain.kernel.play import decide_folded
from skald.domain.kernel.ranges import require_command_fits, require_int64
from skald.domain.kernel.records import ChanceMode, GameEnded, SeedReveal
from skald.service.app import policy
from skald.service.model.auth import Principal
from skald.service.model.batches import (
    build_records,
    chance_for,
    check_table_leftover,
    command_json,
    seal,
)
from skald.service.model.errors import IdReused, NotFound, Stale, echo
from skald.service.model.folding import Loaded, advance
from skald.service.model.records import SETUP, Record, canonical, kernel_record
from skald.service.store.repository import Repository

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
    before: Loaded | None = None
    """The game as the command was decided against (``None`` for a replayed command), for its
    receipt's served hashes without a second load."""


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
    got there first, it is decided again on the newer state (up to three times).

    A ``command_id`` names one command of one seat: sent again with the same seat and command
    (and table entries) it returns the first result, ``replayed``, on any replica — also to the
    loser of a race between two replicas given the same id, which re-reads on the version
    conflict and finds its own command there. The same id with another command or seat is
    refused (``command/id-reused``, FAILED_PRECONDITION): it cannot be both.

    Numbers no request could carry — an ``expected_version`` beyond 64 bits, a game integer
    beyond 32 — are refused first, as the gRPC client refuses them, so a local caller meets
    the same rule as a remote one."""
    _check_command_id(command_id)
    if expected_version is not None:
        require_int64(expected_version, "version/out-of-range", "expected_version")
    require_command_fits(command)
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
            if command_id:  # did the writer that beat us write this very command?
                done = _replayed(
                    repo, repo.load(game_id), seat, command, command_id, chance_entries
                )
                if done is not None:
                    return done
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
    if chance_entries:  # before the retry check: its same-or-not would answer a seat's guess
        policy.may_enter_chance(principal)  # of the entries the referee made
    done = _replayed(repo, loaded, seat, command, command_id, chance_entries)
    if done is not None:
        return done
    if loaded.ended is not None:
        raise GameOver("game/over", "the game has ended; no further commands are accepted")
    if expected_version is not None and expected_version != loaded.version:
        raise Stale(
            "version/stale",
            f"command expects version {expected_version} but the game is at {loaded.version}",
        )
    if chance_entries and loaded.mode != ChanceMode.TABLE:
        raise Malformed("chance/not-table", "this game draws its own chance; do not send entries")
    rules = loaded.rules
    source = chance_source(repo, loaded, chance_entries)
    events, state = decide_folded(rules, loaded.state, seat, command, source)
    check_table_leftover(source)
    cid = command_id or os.urandom(16).hex()  # a UUID's 32 hex digits, without the UUID
    version = loaded.version + 1
    records = build_records(version, seat, cid, command, source, loaded.mode, loaded.cursor, events)
    outcome = rules.outcome(state)
    decided: tuple[Any, ...] = tuple(events)
    if outcome is not None:
        ended = ended_record(repo, loaded, outcome)
        records.append(kernel_record(version + len(events), cid, ended))
        decided += (None,)
    sealed = seal(records, loaded.last_hash, salt_key(repo, loaded), loaded.created.game_id)
    repo.append(game_id, sealed, after=advance(loaded, sealed, state))
    return Submitted(sealed[-1].version, tuple(sealed), events=decided, before=loaded)


COMMAND_ID_LIMIT = 128
"""Characters a command id may have (a UUID is 36; ids are stored on every record)."""


def _check_command_id(command_id: str | None) -> None:
    if command_id is None:
        return
    if command_id == SETUP:
        raise Malformed("command/id-reserved", f"command id {SETUP!r} names the setup batch")
    if len(command_id) > COMMAND_ID_LIMIT or not command_id.isprintable():
        raise Malformed(
            "command/id-malformed",
            f"a command id is 1..{COMMAND_ID_LIMIT} printable characters, not {echo(command_id)}",
        )


def _replayed(
    repo: Repository,
    loaded: Loaded,
    seat: Seat,
    command: Any,
    command_id: str | None,
    chance_entries: Sequence[ChanceEntry],
) -> Submitted | None:
    """The first result of ``command_id`` if ``loaded`` holds it, ``None`` if it is new; the
    same id for another seat, command or table entries is refused (nothing is said of what
    it was used for: the other command may be another seat's)."""
    if not command_id or command_id not in loaded.batches:
        return None
    first, last = loaded.batches[command_id]
    done = [  # last + 1: a batch that ended the game ends with skald.GameEnded, not booked
        r
        for r in repo.read(loaded.game_id, after=first - 1, upto=last + 1)
        if r.command_id == command_id
    ]
    head = done[0]
    entries = [list(e) if not isinstance(e, int) else e for e in chance_entries]
    stored_entries = head.chance.get("entries", []) if chance_entries and head.chance else []
    same = (
        head.seat == seat
        and canonical(head.command) == canonical(command_json(command))
        and canonical(stored_entries) == canonical(entries)
    )
    if not same:
        raise IdReused(
            "command/id-reused",
            f"command id {echo(command_id)} was already used for another command or seat; "
            "a retry repeats the same command for the same seat, a new command needs a new id",
        )
    return Submitted(done[-1].version, tuple(done), True)


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
    """The end of a game: its outcome, each segment's seed and nonce, and its record salt key.

    A seed is withheld while any running game draws from it, whatever the reason they share it
    (an unreseeded fork, or the same chosen seed given twice): revealing it would reveal that
    game's future draws. The secrets are compared, never sent; the games index says which games
    run. While any seed is withheld the salt key is withheld too (see ``service/model/records.py``)."""
    secret = repo.secret(loaded.game_id)
    reveal: list[SeedReveal] = []
    if loaded.mode == ChanceMode.SERVER and secret is not None:
        shared = _running_seeds(repo, loaded.game_id)
        for segment in secret.seeds:
            if segment.seed in shared:
                reveal.append(SeedReveal(segment.start, segment.stream, withheld=True))
            else:
                reveal.append(segment)
    key = secret.salt_key if secret is not None else None
    if any(s.withheld for s in reveal):
        key = None
    return GameEnded(
        outcome.scores,
        outcome.winners,
        outcome.reason,
        tuple(reveal),
        key.hex() if key is not None else None,
    )


def _running_seeds(repo: Repository, game_id: str) -> frozenset[str]:
    """Every seed (hex) a running game other than ``game_id`` draws from, of the games that
    can share one: those drawing from one of its public chance streams (a random seed's
    stream is the game that drew it, so only its unreseeded forks share it; every chosen seed
    is the one stream ``chosen``). The index finds them by stream, so a game's end reads the
    secrets of those few, not of every running game (``python -m skald.benchmarks.index``:
    ``game_end_seed_check``); the seeds themselves are still compared."""
    seeds: set[str] = set()
    for other_id in repo.sharing(game_id):
        other = repo.secret(other_id)
        if other is not None:
            seeds.update(s.seed for s in other.seeds if s.seed)
    return frozenset(seeds)


def salt_key(repo: Repository, loaded: Loaded) -> bytes | None:
    """The key a game's new records are salted with (``None``: a game from before salts)."""
    secret = repo.secret(loaded.game_id)
    return secret.salt_key if secret is not None else None

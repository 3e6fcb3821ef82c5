"""New records for one batch — a command's events, or setup's — built and sealed onto the chain.

Each event is encoded once here (its record's data); sealing encodes each record once more, for
its hash (with its salt, :func:`skald.service.model.records.salt_for`). The command and the chance it drew
ride on the batch's first record. Used by the
command path, by create/fork/import, by ``check`` and by ``verify`` (which rebuilds a batch
from a re-decision and compares it with the stored one).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from skald.domain.kernel.chance import Chance, ServerChance, TableChance
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.contract import Seat
from skald.domain.kernel.errors import ChanceNeeded, Malformed
from skald.domain.kernel.records import ChanceMode, SeedReveal
from skald.service.model.records import Record, RecordedChance, RecordedCommand, salt_for

__all__ = ["build_records", "chance_for", "check_table_leftover", "command_json", "seal"]


def command_json(command: Any) -> RecordedCommand:
    return {"type": type(command).__name__, "data": to_data(command)}


def chance_for(seeds: Sequence[SeedReveal], cursor: int) -> ServerChance:
    """Server chance at ``cursor``, from the seed segment that covers it."""
    covering = [s for s in seeds if s.start <= cursor and s.seed is not None]
    if not covering:
        raise Malformed("chance/no-seed", f"no seed covers chance draw {cursor}")
    segment = covering[-1]
    return ServerChance(bytes.fromhex(segment.seed or ""), segment.stream, cursor)


def build_records(
    version: int,
    seat: Seat | None,
    command_id: str,
    command: Any,
    source: Chance,
    mode: ChanceMode,
    cursor: int,
    events: Sequence[Any],
) -> list[Record]:
    """Unsealed records for one batch: each event encoded once; the command and the chance
    used ride on the batch's first record."""
    chance: RecordedChance = {"from": cursor, "used": source.used, "mode": mode.value}
    if isinstance(source, TableChance):
        chance["entries"] = [list(e) if not isinstance(e, int) else e for e in source.entries]
    head_command = command_json(command) if command is not None else None
    return [
        Record(
            version + i,
            type(event).__name__,
            seat,
            command_id,
            to_data(event),
            head_command if i == 0 else None,
            chance if i == 0 else None,
        )
        for i, event in enumerate(events)
    ]


def seal(
    records: Sequence[Record], prev_hash: str, salt_key: bytes | None, game_id: str
) -> list[Record]:
    """``records`` chained after ``prev_hash``, each salted with :func:`salt_for` its version
    under the game's ``salt_key`` (``game_id``: the id its ``skald.GameCreated`` names), then
    hashed; records without a time get the time of sealing, one for the batch. ``salt_key`` is
    ``None`` only for games recorded before salts."""
    out = []
    stamp = datetime.now(UTC).isoformat()  # one write, one time
    for r in records:
        salt = salt_for(salt_key, game_id, r.version) if salt_key is not None else None
        sealed = r.sealed(prev_hash, r.at or stamp, salt)
        out.append(sealed)
        prev_hash = sealed.hash
    return out


def check_table_leftover(source: Chance) -> None:
    if isinstance(source, TableChance) and source.leftover():
        raise ChanceNeeded(
            "chance/unused",
            f"{source.leftover()} entered outcome(s) were not needed by this command",
        )

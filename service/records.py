"""The stored form of one event: the domain event plus who caused it and its hash link.

A record's hash is SHA-256 over a canonical encoding (sorted keys, compact separators, UTF-8)
of every field, the time it was written (``at``, UTC ISO 8601) included, so no byte of a record
can change unnoticed. Re-deciding a command (``verify``) compares what the rules decide (type,
seat, data, command, chance), not the time.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, TypeVar

from domain.kernel.codec import from_data, to_data
from domain.kernel.errors import Malformed
from domain.kernel.records import (
    KERNEL,
    KERNEL_NAMES,
    GameCreated,
    GameEnded,
    Reseeded,
)

T = TypeVar("T")

GENESIS = "0" * 64
CREATED = KERNEL_NAMES[GameCreated]
ENDED = KERNEL_NAMES[GameEnded]
RESEEDED = KERNEL_NAMES[Reseeded]
SETUP = "setup"
"""The command id of the setup batch (no seat caused it)."""
RULES_FORMAT = 1
"""``GameCreated.format``: the version of the stored record shapes (kernel records typed,
``seat`` null for setup and kernel records)."""

__all__ = [
    "CREATED",
    "ENDED",
    "GENESIS",
    "KERNEL",
    "RESEEDED",
    "RULES_FORMAT",
    "SETUP",
    "Record",
    "canonical",
    "kernel_record",
    "read_kernel",
]


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@dataclass(frozen=True, slots=True)
class Record:
    version: int
    type: str
    seat: int | None
    """The seat that caused it; ``None`` for setup and kernel records."""
    command_id: str
    data: dict[str, Any]
    command: dict[str, Any] | None = None
    """The command that produced this batch, on the batch's first record only."""
    chance: dict[str, Any] | None = None
    """On the batch's first record: ``{"from", "used", "mode"}`` and, for table chance, ``entries``."""
    prev_hash: str = GENESIS
    hash: str = ""
    at: str = field(default="", compare=False)
    """When it was written (UTC, ISO 8601); set when the record is sealed into the chain."""

    def body(self) -> dict[str, Any]:
        return {
            "version": self.version,
            "type": self.type,
            "seat": self.seat,
            "command_id": self.command_id,
            "data": self.data,
            "command": self.command,
            "chance": self.chance,
            "prev_hash": self.prev_hash,
            "at": self.at,
        }

    def digest(self) -> str:
        return hashlib.sha256(canonical(self.body())).hexdigest()

    def sealed(self, prev_hash: str, at: str | None = None) -> Record:
        """This record linked after ``prev_hash`` at time ``at`` (default: kept, or now), with
        its own hash computed (the body is encoded once, for the hash)."""
        stamp = at or self.at or datetime.now(UTC).isoformat()
        body = self.body()
        body["prev_hash"] = prev_hash
        body["at"] = stamp
        digest = hashlib.sha256(canonical(body)).hexdigest()
        return Record(
            self.version,
            self.type,
            self.seat,
            self.command_id,
            self.data,
            self.command,
            self.chance,
            prev_hash,
            digest,
            stamp,
        )

    def to_json(self) -> dict[str, Any]:
        out = self.body()
        out["hash"] = self.hash
        return out

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> Record:
        """A record from untrusted JSON (a replay file): every field of the right type, or
        :class:`Malformed` naming the field (nothing is coerced: the hash binds the bytes)."""

        def get(key: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
            if key not in obj:
                raise Malformed("record/malformed", f"record field {key!r} is missing")
            value = obj[key]
            if value is None and optional:
                return None
            if (isinstance(value, bool) and kind is not bool) or not isinstance(value, kind):
                raise Malformed("record/malformed", f"record field {key!r} has the wrong type")
            return value

        return Record(
            version=get("version", int),
            type=get("type", str),
            seat=get("seat", int, optional=True),
            command_id=get("command_id", str),
            data=get("data", dict),
            command=get("command", dict, optional=True),
            chance=get("chance", dict, optional=True),
            prev_hash=get("prev_hash", str),
            hash=get("hash", str),
            at=get("at", str),
        )


def kernel_record(version: int, command_id: str, record: object) -> Record:
    """An unsealed stored record holding a kernel record (no seat caused it)."""
    return Record(version, KERNEL_NAMES[type(record)], None, command_id, to_data(record))


def read_kernel(record: Record, cls: type[T]) -> T:
    """The typed kernel record stored in ``record``; a wrong type or shape → :class:`Malformed`
    naming the version (stored and file records are read the same way: they are few)."""
    if record.type != KERNEL_NAMES.get(cls):
        raise Malformed(
            "record/malformed",
            f"v{record.version}: expected {KERNEL_NAMES.get(cls)}, found {record.type!r}",
        )
    try:
        return from_data(cls, record.data)
    except Malformed as error:
        raise Malformed("record/malformed", f"v{record.version}: {error.reason}") from None

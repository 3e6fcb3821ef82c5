"""The stored form of one event: the domain event plus who caused it and its hash link.

A record's hash is SHA-256 over a canonical encoding (sorted keys, compact separators, UTF-8)
of every field, the time it was written (``at``, UTC ISO 8601) included, so no byte of a record
can change unnoticed. Re-deciding a command (``verify``) compares what the rules decide (type,
seat, data, command, chance), not the time.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

GENESIS = "0" * 64
KERNEL = "skald"
"""Type prefix of the kernel's own records (``skald.GameCreated``, ``skald.GameEnded``)."""


def canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


@dataclass(frozen=True, slots=True)
class Record:
    version: int
    type: str
    seat: int
    """The seat that caused it; -1 for setup and kernel records."""
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
        its own hash computed."""
        stamp = at or self.at or datetime.now(UTC).isoformat()
        linked = Record(
            self.version,
            self.type,
            self.seat,
            self.command_id,
            self.data,
            self.command,
            self.chance,
            prev_hash,
            "",
            stamp,
        )
        return Record(
            linked.version,
            linked.type,
            linked.seat,
            linked.command_id,
            linked.data,
            linked.command,
            linked.chance,
            prev_hash,
            linked.digest(),
            linked.at,
        )

    def to_json(self) -> dict[str, Any]:
        out = self.body()
        out["hash"] = self.hash
        return out

    @staticmethod
    def from_json(obj: dict[str, Any]) -> Record:
        return Record(
            version=int(obj["version"]),
            type=str(obj["type"]),
            seat=int(obj["seat"]),
            command_id=str(obj["command_id"]),
            data=dict(obj["data"]),
            command=obj.get("command"),
            chance=obj.get("chance"),
            prev_hash=str(obj["prev_hash"]),
            hash=str(obj["hash"]),
            at=str(obj.get("at", "")),
        )

"""The stored form of one event: the domain event plus who caused it and its hash link.

A record's hash is SHA-256 over a canonical encoding (sorted keys, compact separators, UTF-8)
of every field, the time it was written (``at``, UTC ISO 8601) and its ``salt`` included, so no
byte of a record can change unnoticed. Re-deciding a command (``verify``) compares what the
rules decide (type, seat, data, command, chance), not the time or the salt.

**Hashes and hidden information.** Seats and spectators receive redacted records that keep
``hash`` and ``prev_hash`` (they name the stored record and let a client check the links).
Hidden fields hold card ids from small public lists, so a hash over the record alone would be
an oracle: try every candidate id, recompute, compare. Each record therefore carries a salt,
``HMAC-SHA256(salt key, f"{game_id}:{version}")`` (hex, :func:`salt_for`), and is hashed with
it; the game's 32-byte salt key is made with the game and kept in its secrets (never in the
stream), and redacted copies never carry the salt, so guessing a hidden field means guessing
256 bits. The full record (referee or operator history, exports) carries the salt, so a file
verifies offline. ``skald.GameEnded`` reveals the key with the seeds, so afterwards anyone with
the redacted history can re-derive every salt and check it — unless a seed is withheld: then
the key is withheld too, since with the salts this game's hidden records could be recovered by
trying candidates, and a running game sharing the seed draws the same outcomes. Chosen over
the alternatives because it costs one HMAC per record, keeps one hash per record and one shape
for every reader, and leaves the chain checkable by everyone at the end; per-field salted
commitments would make every game's redaction hash-aware, and sending no hashes until the end
would leave seats unable to name the records they dispute. Salts are derived, not random, so
one revealed key opens them all; a fork gets a new key and re-seals its copied prefix.
Records written before salts (format 1) have ``salt`` ``None`` and hash without it.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any, NotRequired, TypedDict, TypeVar, cast

from skald.domain.kernel.codec import from_data, to_data
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.records import KERNEL, KERNEL_NAMES, GameCreated, GameEnded, Reseeded

T = TypeVar("T")

GENESIS = "0" * 64
CREATED = KERNEL_NAMES[GameCreated]
ENDED = KERNEL_NAMES[GameEnded]
RESEEDED = KERNEL_NAMES[Reseeded]
SETUP = "setup"
"""The command id of the setup batch (no seat caused it)."""
RULES_FORMAT = 2
"""``GameCreated.format``: the version of the stored record shapes (kernel records typed,
``seat`` null for setup and kernel records; from 2, every record salted)."""

__all__ = [
    "CREATED",
    "ENDED",
    "GENESIS",
    "KERNEL",
    "RECORD_KEYS",
    "RESEEDED",
    "RULES_FORMAT",
    "SETUP",
    "Record",
    "canonical",
    "kernel_record",
    "new_salt_key",
    "read_kernel",
    "salt_for",
    "utc_iso",
]


def new_salt_key() -> bytes:
    """A game's record salt key: 32 random bytes, kept in its secrets."""
    return secrets.token_bytes(32)


def salt_for(key: bytes, game_id: str, version: int) -> str:
    """The salt of record ``version`` of game ``game_id`` (the id its ``skald.GameCreated``
    names), hex: anyone holding the revealed key re-derives it."""
    return hmac.new(key, f"{game_id}:{version}".encode(), hashlib.sha256).hexdigest()


_CANONICAL = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False)
"""One encoder for every hash (``json.dumps`` with arguments builds a new one per call)."""


def canonical(value: Any) -> bytes:
    return _CANONICAL.encode(value).encode()


_SHA256 = hashlib.sha256()
"""Copied for each record hash: a copy skips OpenSSL 3's per-object digest lookup (≈1 µs)."""


def sha256_hex(data: bytes) -> str:
    h = _SHA256.copy()
    h.update(data)
    return h.hexdigest()


class RecordedCommand(TypedDict):
    """A batch's command as stored on its first record: the command type's name and its fields
    in JSON form (no fields, no ``data``)."""

    type: str
    data: NotRequired[dict[str, Any]]


RecordedChance = TypedDict(
    "RecordedChance",
    {"from": int, "used": int, "mode": str, "entries": NotRequired[list[Any]]},
)
"""The chance a batch drew, on its first record: the draw cursor it started ``from``, how many
draws it ``used``, the ``mode`` (``server`` or ``table``) and, for table chance, the ``entries``
the referee made. (A functional TypedDict: ``from`` is a keyword.) Read from a file, a record is
checked against this shape before use (:func:`skald.service.model.folding.chance_span`,
``skald.service.store.replay_file``)."""


def without_entries(chance: RecordedChance) -> RecordedChance:
    """The chance as a seat or the public reads it: the referee's table entries left out."""
    return cast(RecordedChance, {k: v for k, v in chance.items() if k != "entries"})


@dataclass(frozen=True, slots=True)
class Record:
    version: int
    type: str
    seat: int | None
    """The seat that caused it; ``None`` for setup and kernel records."""
    command_id: str
    data: dict[str, Any]
    command: RecordedCommand | None = None
    """The command that produced this batch, on the batch's first record only."""
    chance: RecordedChance | None = None
    """On the batch's first record: ``{"from", "used", "mode"}`` and, for table chance, ``entries``."""
    prev_hash: str = GENESIS
    hash: str = ""
    at: str = field(default="", compare=False)
    """When it was written (UTC, ISO 8601); set when the record is sealed into the chain."""
    salt: str | None = field(default=None, compare=False)
    """:func:`salt_for` this record, hashed with it; ``None`` in redacted copies (and in
    records written before salts)."""

    def body(self) -> dict[str, Any]:
        """What the hash covers: every field but the hash, the salt only when there is one."""
        out = {
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
        if self.salt is not None:
            out["salt"] = self.salt
        return out

    def digest(self) -> str:
        return sha256_hex(canonical(self.body()))

    def sealed(self, prev_hash: str, at: str | None = None, salt: str | None = None) -> Record:
        """This record linked after ``prev_hash`` at time ``at`` (default: kept, or now) with
        ``salt`` (default: kept), its own hash computed (the body is encoded once, for it)."""
        stamp = at or self.at or datetime.now(UTC).isoformat()
        salt = salt if salt is not None else self.salt
        body = self.body()
        body["prev_hash"] = prev_hash
        body["at"] = stamp
        if salt is not None:
            body["salt"] = salt
        digest = sha256_hex(canonical(body))
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
            salt,
        )

    def unsalted(self) -> Record:
        """This record without its salt (what seats and spectators receive)."""
        if self.salt is None:
            return self
        return Record(
            self.version,
            self.type,
            self.seat,
            self.command_id,
            self.data,
            self.command,
            self.chance,
            self.prev_hash,
            self.hash,
            self.at,
        )

    def to_json(self) -> dict[str, Any]:
        """Every field (``salt`` null when absent), as replay files and ``--json`` print it."""
        out = self.body()
        out["salt"] = self.salt
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
            salt=get("salt", str, optional=True),
        )


RECORD_KEYS = frozenset(Record(0, "", None, "", {}).to_json())
"""The fields of a record's JSON (replay-file lines, dispute records): exactly these."""


def utc_iso(at: str) -> bool:
    """Whether ``at`` is a UTC time in the ISO 8601 form the store writes (so that it survives
    the store's datetime round trip byte for byte)."""
    try:
        stamp = datetime.fromisoformat(at)
    except ValueError:
        return False
    return stamp.isoformat() == at and stamp.utcoffset() == timedelta(0)


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

"""Signed receipts: evidence a seat holds of what the server accepted and what it was shown.

Each acknowledged command gets a :class:`Receipt` signed with the server's Ed25519 key
(:class:`Signer`; the key is the store's, so every replica on one store signs alike): the game,
the first and last version of the batch the command wrote, the hash of its last record (which
binds every record before it), the command id and acting seat, and the hashes of what that
seat was served when it acted — its view and its list of legal commands at the version the
command was decided against (:func:`served_hashes`). The signature covers the canonical JSON
(sorted keys, compact, UTF-8) of every other field, so a client in any language checks it with
the public key alone.

A receipt is checked against a game's records by :func:`contradiction`: a file or stored game
that a validly signed receipt contradicts — a record hash that differs, a batch cut short or
re-attributed, another view or legal list at that version — is not the game the server
acknowledged. A receipt whose signature does not verify, or that is signed by a key the game
does not name as its server's, is itself refused: a seat cannot discredit an honest file with a
receipt it made, and a forger cannot re-key a file so that a seat's real receipts stop counting.

Why both the view and legal-list hashes and not only the record hash: the record hash settles
*what was written*; the served hashes settle *what the seat could see and do* when it chose,
which is what a dispute about a move is usually about ("the game did not offer me that").
Both are pure functions of the state, so verify recomputes them from the records.

Seats keep receipts in a folder (:class:`ReceiptBox`): ``$SKALD_RECEIPTS``, else
``$XDG_DATA_HOME/skald/receipts`` (``~/.local/share/skald/receipts``), one file per receipt
at ``<game id>/v<version>.json``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skald.domain.kernel.codec import to_data
from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.errors import Malformed
from skald.service.model.batches import command_json
from skald.service.model.records import Record, canonical, sha256_hex

__all__ = [
    "FORMAT",
    "Receipt",
    "ReceiptBox",
    "Signer",
    "contradiction",
    "default_dir",
    "served_hashes",
]

FORMAT = 1
"""Receipt format (``Receipt.format``)."""

_HEX = frozenset("0123456789abcdef")


def _hex(text: Any, size: int) -> bool:
    return isinstance(text, str) and len(text) == size and set(text) <= _HEX


@dataclass(frozen=True, slots=True)
class Receipt:
    """One signed acknowledgement (field names are the proto's ``skald.v1.Receipt``)."""

    format: int
    game_id: str
    first_version: int
    version: int
    record_hash: str
    command_id: str
    seat: int
    acted_at_version: int
    view_hash: str
    legal_hash: str
    key: str
    signature: str = ""

    def payload(self) -> bytes:
        """The bytes the signature covers: every field but the signature, canonical JSON."""
        body = self.to_json()
        del body["signature"]
        return canonical(body)

    def to_json(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in _FIELDS}

    @staticmethod
    def from_json(obj: Mapping[str, Any]) -> Receipt:
        """A receipt from untrusted JSON: every field present and of its type, or
        :class:`Malformed` naming it (the signature is checked by :meth:`signed`)."""
        if not isinstance(obj, Mapping):
            raise Malformed("receipt/malformed", "a receipt is a JSON object")
        names = set(Receipt.__dataclass_fields__)
        if set(obj) != names:
            wrong = sorted(set(obj) ^ names)
            raise Malformed("receipt/malformed", f"a receipt's fields {wrong} are wrong")
        ints = ("format", "first_version", "version", "seat", "acted_at_version")
        for name in names:
            value = obj[name]
            kind = int if name in ints else str
            if isinstance(value, bool) or not isinstance(value, kind):
                raise Malformed("receipt/malformed", f"a receipt's {name!r} has the wrong type")
        receipt = Receipt(**{name: obj[name] for name in names})
        if receipt.format != FORMAT:
            raise Malformed("receipt/format", f"receipt format {receipt.format} is not {FORMAT}")
        return receipt

    def signed(self) -> bool:
        """Whether the signature is ``key``'s over :meth:`payload`."""
        from cryptography.exceptions import InvalidSignature
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

        if not (_hex(self.key, 64) and _hex(self.signature, 128)):
            return False
        try:
            public = Ed25519PublicKey.from_public_bytes(bytes.fromhex(self.key))
            public.verify(bytes.fromhex(self.signature), self.payload())
        except (InvalidSignature, ValueError):
            return False
        return True


_FIELDS = tuple(Receipt.__dataclass_fields__)


class Signer:
    """The server's Ed25519 key (32 private bytes, kept in the store: :meth:`EventStore.
    server_key`); ``key`` is the public key, hex, as served by GetServerInfo."""

    def __init__(self, private: bytes) -> None:
        from cryptography.hazmat.primitives import serialization
        from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

        self._private = Ed25519PrivateKey.from_private_bytes(private)
        self.key: str = (
            self._private.public_key()
            .public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
            .hex()
        )

    @staticmethod
    def new_private() -> bytes:
        return os.urandom(32)

    def sign(self, receipt: Receipt) -> Receipt:
        body = receipt.to_json()
        body["key"] = self.key
        del body["signature"]
        body["signature"] = self._private.sign(canonical(body)).hex()
        return Receipt(**body)


def served_hashes(rules: AnyRules, state: Any, seat: int) -> tuple[str, str]:
    """SHA-256 (hex) of the canonical JSON of ``seat``'s view of ``state``, and of its legal
    commands there (``{type, data}`` each, in the order ``legal_commands`` gives them)."""
    view = sha256_hex(canonical(to_data(rules.view(state, seat))))
    legal = sha256_hex(canonical([command_json(c) for c in rules.legal_commands(state, seat)]))
    return view, legal


def unsigned(game_id: str, batch: Sequence[Record], rules: AnyRules, state_before: Any) -> Receipt:
    """The receipt of ``batch`` (a command's records, its first carrying the command), with
    ``state_before`` the state it was decided against; key and signature left to a signer."""
    first, last = batch[0], batch[-1]
    seat = -1 if first.seat is None else first.seat
    view, legal = served_hashes(rules, state_before, seat)
    return Receipt(
        format=FORMAT,
        game_id=game_id,
        first_version=first.version,
        version=last.version,
        record_hash=last.hash,
        command_id=first.command_id,
        seat=seat,
        acted_at_version=first.version - 1,
        view_hash=view,
        legal_hash=legal,
        key="",
    )


def contradiction(
    receipt: Receipt,
    records: Sequence[Record],
    trusted: Iterable[str],
    served: Any,
) -> tuple[int, str] | None:
    """The version and reason ``records`` (a whole game, in order) contradict ``receipt``, or
    ``None``. ``trusted``: the public keys the game names as its servers'. ``served(version,
    seat)`` gives the (view, legal) hashes the records imply for ``seat`` at ``version``, or
    ``None`` when they cannot be compared (a game recorded under other rules: its views may
    have other fields now), so only the records' hashes are held to the receipt."""
    v = receipt.version
    if not receipt.signed():
        return v, f"the receipt for v{v} is not validly signed by the key it names"
    keys = set(trusted)
    if receipt.key not in keys:
        named = ", ".join(k[:12] + "…" for k in sorted(keys)) or "none"
        return v, (
            f"the receipt for v{v} is signed by key {receipt.key[:12]}…, which the game does "
            f"not name as its server's ({named})"
        )
    if not 1 <= receipt.first_version <= v or receipt.acted_at_version != receipt.first_version - 1:
        return v, f"the receipt for v{v} names no batch (versions out of order)"
    if v > len(records):
        return len(records) + 1, (
            f"the server acknowledged v{v} (seat {receipt.seat}'s receipt), but the game ends "
            f"at v{len(records)}: cut short"
        )
    if records[v - 1].hash != receipt.record_hash:
        return v, (
            f"v{v} hashes to {records[v - 1].hash[:16]}…, but the server acknowledged "
            f"{receipt.record_hash[:16]}… (seat {receipt.seat}'s receipt): the records up to "
            f"v{v} are not those the server wrote"
        )
    first = records[receipt.first_version - 1]
    if first.command is None or first.command_id != receipt.command_id:
        return receipt.first_version, (
            f"v{receipt.first_version} does not begin command {receipt.command_id!r} "
            "as the receipt says"
        )
    if first.seat != receipt.seat:
        return receipt.first_version, (
            f"v{receipt.first_version} is seat {first.seat}'s command; the receipt is seat "
            f"{receipt.seat}'s"
        )
    after = records[v] if v < len(records) else None
    if after is not None and after.command_id == receipt.command_id and after.command is None:
        return (
            v + 1,
            f"the batch of command {receipt.command_id!r} runs past v{v} (the receipt's end)",
        )
    hashes = served(receipt.acted_at_version, receipt.seat)
    if hashes is None:
        return None
    view, legal = hashes
    if view != receipt.view_hash:
        return receipt.first_version, (
            f"seat {receipt.seat} was served another view at v{receipt.acted_at_version} than these "
            "records give"
        )
    if legal != receipt.legal_hash:
        return receipt.first_version, (
            f"seat {receipt.seat} was served another list of legal moves at "
            f"v{receipt.acted_at_version} than these records give"
        )
    return None


def default_dir() -> Path:
    """Where seats keep receipts: ``$SKALD_RECEIPTS``, else under the XDG data folder."""
    chosen = os.environ.get("SKALD_RECEIPTS")
    if chosen:
        return Path(chosen).expanduser()
    data = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(data) / "skald" / "receipts"


class ReceiptBox:
    """A folder of receipts, one JSON file each at ``<game id>/v<version>.json``."""

    def __init__(self, root: Path | str | None = None) -> None:
        self.root = Path(root) if root is not None else default_dir()

    def keep(self, receipt: Receipt) -> Path:
        folder = self.root / _safe(receipt.game_id)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"v{receipt.version:08d}.json"
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(receipt.to_json(), sort_keys=True, indent=1) + "\n")
        tmp.replace(path)
        return path

    def of(self, game_ids: Iterable[str]) -> list[Receipt]:
        """Every receipt kept for these game ids (a game imported under a new id is kept
        under both), in version order; an unreadable file is :class:`Malformed` naming it."""
        out: dict[tuple[str, int], Receipt] = {}
        for gid in dict.fromkeys(game_ids):
            folder = self.root / _safe(gid)
            if not folder.is_dir():
                continue
            for path in sorted(folder.glob("v*.json")):
                out[(gid, _version(path))] = read_receipt(path)
        return sorted(out.values(), key=lambda r: (r.version, r.game_id))

    def every(self) -> list[Receipt]:
        """Every receipt in the folder, whatever its game (for ``verify --receipts DIR``
        given a folder of one game's receipts directly)."""
        paths = [*self.root.glob("v*.json"), *self.root.glob("*/v*.json")]
        return sorted((read_receipt(p) for p in paths), key=lambda r: (r.version, r.game_id))


def read_receipt(path: Path) -> Receipt:
    try:
        obj = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        raise Malformed("receipt/unreadable", f"{path}: not a receipt ({error})") from None
    try:
        return Receipt.from_json(obj)
    except Malformed as error:
        raise Malformed(error.rule, f"{path}: {error.reason}") from None


def _version(path: Path) -> int:
    digits = path.stem.removeprefix("v")
    return int(digits) if digits.isdecimal() else 0


def _safe(game_id: str) -> str:
    """A game id as one folder name (ids are UUIDs; anything else is made harmless)."""
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in game_id)[:80] or "_"

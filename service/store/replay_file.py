"""Replay files: JSON Lines, one header, one line per record, one trailer.

```
{"format": "skald-replay", "format_version": 1, "game": ..., "players": ..., ...}
{"version": 1, "type": "skald.GameCreated", "seat": null, ..., "hash": ...}
...
{"trailer": true, "records": N, "last_hash": "...", "seeds": [...]}
```

Three header and trailer keys are optional, written only when they hold something (so a file
without them reads as before, and the goldens keep their bytes):

* ``salt_key`` (header, hex) — the record salt key of a game exported before its end: an
  import continues the game under it, so its records keep one key and verify at the end
  (an export already carries every record's salt, so the key reveals nothing more);
* ``server_keys`` (header, hex Ed25519 public keys) — the keys of the servers that sign
  receipts for this game (:mod:`skald.service.model.receipts`): a seat's receipt signed by a key the file
  does not name fails ``verify --receipts``;
* ``disputes`` (trailer) — the game's dispute and ruling records (:mod:`skald.service.app.disputes`),
  a chain of their own beside the game's records.

The trailer repeats the record count and the last hash, so a truncated file is refused before
anything is read into a store, and carries the seed reveal (also inside ``skald.GameEnded``)
for offline ``skald verify``. Lines are canonical JSON (sorted keys), so two exports of the same
game are byte-identical and ordinary ``diff`` works on them.

Every byte is bound: a line that is not in canonical form is refused; record lines are bound by
their hashes; the header must be exactly the one the ``skald.GameCreated`` record implies, and
the trailer must repeat the records' count, last hash and revealed seeds. Every fault — bad
JSON, a missing or ill-typed field anywhere, a kernel record of the wrong shape — is refused
with :class:`~skald.service.model.errors.Tampered` naming the line: never a traceback. Lines nesting deeper
than :data:`MAX_DEPTH` are refused before any recursive reader sees them.

Binding bytes is not enough for an import, since a forger re-hashes: :func:`validate` checks
every field against its type and the file's game before anything is written, and ``verify``
then re-decides the game; a truncated game whose trailer was rewritten fails there (a game
over by its rules must end with ``skald.GameEnded``, and without it no seed is revealed).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from skald.domain.kernel.codec import to_data
from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.errors import Malformed, SkaldError
from skald.domain.kernel.records import (
    KERNEL_RECORDS,
    ChanceMode,
    GameCreated,
    GameEnded,
    SeedReveal,
)
from skald.service.model.errors import Tampered
from skald.service.model.folding import decode_command, decode_event
from skald.service.model.records import CREATED, ENDED, RECORD_KEYS, Record, read_kernel, utc_iso
from skald.service.model.registry import Registry

FORMAT = "skald-replay"
FORMAT_VERSION = 1
MAX_DEPTH = 32
"""No record of any game nests deeper (records, events and commands are shallow dataclasses);
a deeper line is refused before any recursive reader sees it."""


@dataclass(frozen=True, slots=True)
class ReplayFile:
    header: dict[str, Any]
    records: tuple[Record, ...]
    seeds: tuple[SeedReveal, ...]
    """The seeds the file reveals (those of ``skald.GameEnded`` not withheld)."""
    created: GameCreated
    salt_key: bytes | None = None
    """The record salt key of a running game (header ``salt_key``), else ``None``."""
    server_keys: tuple[str, ...] = ()
    """Hex Ed25519 public keys of the servers that sign this game's receipts."""
    disputes: tuple[dict[str, Any], ...] = ()
    """The game's dispute records (trailer ``disputes``), as JSON objects."""


OPTIONAL_HEADER = ("salt_key", "server_keys")
"""Header keys written only when they hold something."""


def _line(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


def header_for(
    created: GameCreated, salt_key: bytes | None = None, server_keys: Sequence[str] = ()
) -> dict[str, Any]:
    """The header a game's ``skald.GameCreated`` record implies, with the optional keys."""
    data = to_data(created)
    extra: dict[str, Any] = {}
    if salt_key is not None:
        extra["salt_key"] = salt_key.hex()
    if server_keys:
        extra["server_keys"] = list(server_keys)
    return {
        **extra,
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_id": created.game_id,
        **{key: data[key] for key in ("game", "rules_version", "players", "options", "chance")},
        "segments": data["segments"],
        "forked_from": data["forked_from"],
    }


def _revealed(ended: GameEnded | None) -> tuple[SeedReveal, ...]:
    return tuple(s for s in ended.seeds if not s.withheld) if ended is not None else ()


def trailer_for(
    records: Sequence[Record],
    ended: GameEnded | None,
    disputes: Sequence[dict[str, Any]] = (),
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "trailer": True,
        "records": len(records),
        "last_hash": records[-1].hash,
        "seeds": [to_data(s) for s in _revealed(ended)],
    }
    if disputes:
        out["disputes"] = list(disputes)
    return out


def dumps(
    game_id: str,
    records: Sequence[Record],
    *,
    salt_key: bytes | None = None,
    server_keys: Sequence[str] = (),
    disputes: Sequence[dict[str, Any]] = (),
) -> str:
    """A stored game as replay-file text. The header names the game's recorded id (that of its
    ``skald.GameCreated``), which an import into a store where it is taken does not change.
    ``salt_key`` is written only for a game that has not ended (an ended game reveals it in
    ``skald.GameEnded``, or withholds it there)."""
    created = read_kernel(records[0], GameCreated)
    ended = read_kernel(records[-1], GameEnded) if records[-1].type == ENDED else None
    key = salt_key if ended is None else None
    lines = [
        header_for(created, key, server_keys),
        *(r.to_json() for r in records),
        trailer_for(records, ended, disputes),
    ]
    return "".join(_line(line) + "\n" for line in lines)


def _optional_header(header: dict[str, Any]) -> tuple[bytes | None, tuple[str, ...]]:
    """The header's ``salt_key`` and ``server_keys``, each of the right shape, or refused."""
    key = header.get("salt_key")
    salt_key = None
    if key is not None:
        try:
            salt_key = bytes.fromhex(key) if isinstance(key, str) and len(key) == 64 else None
        except ValueError:
            salt_key = None
        if salt_key is None:
            raise Tampered("replay/header", "the header's salt_key is not 32 bytes of hex")
    keys = header.get("server_keys", [])
    if not isinstance(keys, list) or (not keys and "server_keys" in header):
        raise Tampered("replay/header", "the header's server_keys is not a list of keys")
    for k in keys:
        if not (isinstance(k, str) and len(k) == 64 and all(c in "0123456789abcdef" for c in k)):
            raise Tampered("replay/header", "a server key is not 32 bytes of lowercase hex")
    return salt_key, tuple(keys)


def decode(raw: bytes) -> str:
    """A replay file's text; invalid UTF-8 is refused like any other damage."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Tampered("replay/not-utf8", f"byte {exc.start} is not valid UTF-8") from None


def load_bytes(raw: bytes) -> ReplayFile:
    return loads(decode(raw).split("\n"))


def _depth(value: Any) -> int:
    """How deeply ``value`` nests (iteratively: a crafted line must not exhaust the stack)."""
    deepest, todo = 0, [(value, 1)]
    while todo:
        item, depth = todo.pop()
        if isinstance(item, dict | list):
            deepest = max(deepest, depth)
            if depth <= MAX_DEPTH:
                todo.extend(
                    (x, depth + 1) for x in (item.values() if isinstance(item, dict) else item)
                )
    return deepest


def _rows(lines: Iterable[str]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    lines = list(lines)
    if lines and lines[-1] == "":
        lines.pop()  # the final newline
    for n, line in enumerate(lines, start=1):
        try:
            row = json.loads(line)
        except (ValueError, RecursionError) as exc:
            # a ValueError that is no JSONDecodeError: a number too long for Python to read
            # (over 4,300 digits), which no record holds
            decoded = isinstance(exc, json.JSONDecodeError | RecursionError)
            reason = str(exc) if decoded else "it holds a number too long to read"
            raise Tampered("replay/bad-json", f"line {n} is not JSON: {reason}") from None
        if not isinstance(row, dict):
            raise Tampered("replay/bad-line", f"line {n} is not a JSON object")
        if _depth(row) > MAX_DEPTH:
            raise Tampered("replay/too-deep", f"line {n} nests deeper than {MAX_DEPTH} levels")
        if _line(row) != line:
            raise Tampered("replay/not-canonical", f"line {n} was edited (not in canonical form)")
        rows.append(row)
    return rows


def _record(n: int, row: dict[str, Any]) -> Record:
    if set(row) != RECORD_KEYS:
        raise Tampered(
            "replay/bad-record", f"line {n} has fields {sorted(set(row) ^ RECORD_KEYS)} wrong"
        )
    try:
        record = Record.from_json(row)
    except Malformed as error:
        raise Tampered("replay/bad-record", f"line {n}: {error.reason}") from None
    if not utc_iso(record.at):
        raise Tampered("replay/bad-record", f"line {n}: 'at' is not a UTC ISO 8601 timestamp")
    return record


def _kernel(n: int, record: Record, cls: type[Any]) -> Any:
    try:
        return read_kernel(record, cls)
    except Malformed as error:
        raise Tampered("replay/bad-record", f"line {n}: {error.reason}") from None


def loads(lines: Iterable[str]) -> ReplayFile:
    """Parse a replay file; any fault raises :class:`Tampered` naming the line."""
    rows = _rows(lines)
    if not rows or rows[0].get("format") != FORMAT:
        raise Tampered("replay/not-a-replay", "the first line is not a skald-replay header")
    if rows[0].get("format_version") != FORMAT_VERSION:
        raise Tampered(
            "replay/version", f"unsupported format_version {rows[0].get('format_version')!r}"
        )
    if len(rows) < 3 or rows[-1].get("trailer") is not True:
        raise Tampered("replay/truncated", "the file ends without its trailer line (truncated?)")
    header, trailer = rows[0], rows[-1]
    records = tuple(_record(n, row) for n, row in enumerate(rows[1:-1], start=2))
    if trailer.get("records") != len(records):
        raise Tampered(
            "replay/truncated",
            f"trailer says {trailer.get('records')!r} records, file has {len(records)}",
        )
    if trailer.get("last_hash") != records[-1].hash:
        raise Tampered("replay/truncated", "trailer's last hash does not match the last record")
    if records[0].type != CREATED:
        raise Tampered("replay/bad-record", f"the first record is not {CREATED}")
    created: GameCreated = _kernel(2, records[0], GameCreated)
    last = len(records) + 1
    ended: GameEnded | None = (
        _kernel(last, records[-1], GameEnded) if records[-1].type == ENDED else None
    )
    salt_key, server_keys = _optional_header(header)
    if salt_key is not None and ended is not None:
        raise Tampered("replay/header", "an ended game's header carries no salt_key")
    if header != header_for(created, salt_key, server_keys):
        raise Tampered("replay/header", "the header does not match the game's first record")
    disputes = trailer.get("disputes", [])
    if not isinstance(disputes, list) or ("disputes" in trailer and not disputes):
        raise Tampered("replay/trailer", "the trailer's disputes is not a list of records")
    if not all(isinstance(d, dict) for d in disputes):
        raise Tampered("replay/trailer", "a dispute record is not a JSON object")
    if trailer != trailer_for(records, ended, disputes):
        raise Tampered("replay/trailer", "the trailer does not match the records (seeds edited?)")
    return ReplayFile(
        header, records, _revealed(ended), created, salt_key, server_keys, tuple(disputes)
    )


def _chance_ok(chance: Mapping[str, Any], mode: ChanceMode) -> bool:
    def count(value: Any) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 0

    keys = {"from", "used", "mode"} | ({"entries"} if mode == ChanceMode.TABLE else set())
    entries = chance.get("entries", [])
    return (
        set(chance) == keys
        and count(chance["from"])
        and count(chance["used"])
        and chance["mode"] == mode.value
        and isinstance(entries, list)
        and all(
            count(e) or (isinstance(e, list) and all(isinstance(x, str) for x in e))
            for e in entries
        )
    )


def _check_record(rules: AnyRules, created: GameCreated, record: Record, last: bool) -> str:
    """What is wrong with one record of ``created``'s game, or ``""``."""
    if record.seat is not None and not 0 <= record.seat < created.players:
        return f"seat {record.seat} is not a seat of this {created.players}-player game"
    if not record.command_id:
        return "the command id is empty"
    if record.type in KERNEL_RECORDS:
        if record.seat is not None or record.command is not None or record.chance is not None:
            return f"{record.type} is caused by no seat and carries no command or chance"
        if (record.type == CREATED) != (record.version == 1) or (record.type == ENDED and not last):
            return f"{record.type} cannot appear here"
        read_kernel(record, KERNEL_RECORDS[record.type])
        return ""
    decode_event(rules, record)
    if record.command is not None:
        command = record.command
        if set(command) != {"type", "data"} or not isinstance(command["type"], str):
            return "the command must be {type, data}"
        if not isinstance(command["data"], dict):
            return "the command's data must be an object"
        decode_command(rules, command["type"], command["data"])
    if record.chance is not None and not _chance_ok(record.chance, created.chance):
        return f"the chance field is ill-formed for {created.chance.value} chance"
    return ""


def validate(parsed: ReplayFile, games: Registry) -> None:
    """Every field of every record checked against its type and the file's game (seat in
    range or null, event type registered for the game and its data decoding strictly, the
    command decoding, chance well-formed for the game's chance mode), so an import writes
    nothing it could not read back; :class:`Tampered` naming the first bad line.

    ``verify`` then re-decides the game, which binds the values; this pass binds the shapes,
    so what is stored can always be read by every query, whatever ``verify`` compares."""
    created = parsed.created
    try:
        rules = games.rules(created.game)
    except SkaldError as error:
        raise Tampered("replay/bad-record", f"line 2: {error.reason}") from None
    if not rules.min_players <= created.players <= rules.max_players:
        raise Tampered("replay/bad-record", f"line 2: {created.players} players cannot play it")
    last = len(parsed.records)
    for n, record in enumerate(parsed.records, start=2):
        try:
            problem = _check_record(rules, created, record, record.version == last)
        except SkaldError as error:
            problem = error.reason
        if problem:
            raise Tampered("replay/bad-record", f"line {n} (v{record.version}): {problem}")

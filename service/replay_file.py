"""Replay files: JSON Lines, one header, one line per record, one trailer.

```
{"format": "skald-replay", "format_version": 1, "game": ..., "players": ..., ...}
{"version": 1, "type": "skald.GameCreated", "seat": -1, ..., "hash": ...}
...
{"trailer": true, "records": N, "last_hash": "...", "seeds": [...]}
```

The trailer repeats the record count and the last hash, so a truncated file is refused before
anything is read into a store, and carries the seed reveal (also inside ``skald.GameEnded``)
for offline ``skald verify``. Lines are canonical JSON (sorted keys), so two exports of the same
game are byte-identical and ordinary ``diff`` works on them.

Every byte is bound: a line that is not in canonical form is refused; record lines are bound by
their hashes; the header must be exactly the one the records imply, and the trailer must
repeat the records' count, last hash and revealed seeds.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from service.errors import Tampered
from service.records import Record

FORMAT = "skald-replay"
FORMAT_VERSION = 1


@dataclass(frozen=True, slots=True)
class ReplayFile:
    header: dict[str, Any]
    records: tuple[Record, ...]
    seeds: tuple[dict[str, Any], ...]


def _line(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


def header_for(game_id: str, records: Sequence[Record]) -> dict[str, Any]:
    created = records[0].data
    return {
        "format": FORMAT,
        "format_version": FORMAT_VERSION,
        "game_id": game_id,
        "game": created["game"],
        "rules_version": created["rules_version"],
        "players": created["players"],
        "options": created.get("options", {}),
        "chance": created["chance"],
        "segments": created.get("segments", []),
        "forked_from": created.get("forked_from"),
    }


def trailer_for(records: Sequence[Record]) -> dict[str, Any]:
    seeds = []
    if records[-1].type == "skald.GameEnded":
        seeds = [s for s in records[-1].data.get("seeds", []) if not s.get("withheld")]
    return {"trailer": True, "records": len(records), "last_hash": records[-1].hash, "seeds": seeds}


def dumps(game_id: str, records: Sequence[Record]) -> str:
    lines = [header_for(game_id, records), *(r.to_json() for r in records), trailer_for(records)]
    return "".join(_line(line) + "\n" for line in lines)


def decode(raw: bytes) -> str:
    """A replay file's text; invalid UTF-8 is refused like any other damage."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Tampered("replay/not-utf8", f"byte {exc.start} is not valid UTF-8") from None


def load_bytes(raw: bytes) -> ReplayFile:
    return loads(decode(raw).split("\n"))


def loads(lines: Iterable[str]) -> ReplayFile:
    """Parse a replay file; any structural fault raises :class:`Tampered` naming the line."""
    rows: list[dict[str, Any]] = []
    lines = list(lines)
    if lines and lines[-1] == "":
        lines.pop()  # the final newline
    for n, line in enumerate(lines, start=1):
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise Tampered("replay/bad-json", f"line {n} is not JSON: {exc.msg}") from None
        if not isinstance(row, dict):
            raise Tampered("replay/bad-line", f"line {n} is not a JSON object")
        if _line(row) != line:
            raise Tampered("replay/not-canonical", f"line {n} was edited (not in canonical form)")
        rows.append(row)
    if not rows or rows[0].get("format") != FORMAT:
        raise Tampered("replay/not-a-replay", "the first line is not a skald-replay header")
    if rows[0].get("format_version") != FORMAT_VERSION:
        raise Tampered(
            "replay/version", f"unsupported format_version {rows[0].get('format_version')!r}"
        )
    if len(rows) < 2 or not rows[-1].get("trailer"):
        raise Tampered("replay/truncated", "the file ends without its trailer line (truncated?)")
    trailer = rows[-1]
    keys = set(Record(0, "", 0, "", {}).to_json())
    for n, row in enumerate(rows[1:-1], start=2):
        if set(row) != keys:
            raise Tampered(
                "replay/bad-record", f"line {n} has fields {sorted(set(row) ^ keys)} wrong"
            )
    try:
        records = tuple(Record.from_json(r) for r in rows[1:-1])
    except (KeyError, TypeError, ValueError) as exc:
        raise Tampered("replay/bad-record", f"a record line is incomplete: {exc}") from None
    if trailer.get("records") != len(records):
        raise Tampered(
            "replay/truncated",
            f"trailer says {trailer.get('records')} records, file has {len(records)}",
        )
    if not records or trailer.get("last_hash") != records[-1].hash:
        raise Tampered("replay/truncated", "trailer's last hash does not match the last record")
    if records[0].type != "skald.GameCreated":
        raise Tampered("replay/bad-record", "the first record is not skald.GameCreated")
    game_id = str(rows[0].get("game_id", ""))
    if (
        rows[0] != header_for(game_id, records)
        or records[0].data.get("game_id", game_id) != game_id
    ):
        raise Tampered("replay/header", "the header does not match the game's first record")
    if trailer != trailer_for(records):
        raise Tampered("replay/trailer", "the trailer does not match the records (seeds edited?)")
    return ReplayFile(rows[0], records, tuple(trailer.get("seeds", [])))

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


def dumps(game_id: str, records: Sequence[Record]) -> str:
    created = records[0].data
    header = {
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
    seeds = []
    if records[-1].type == "skald.GameEnded":
        seeds = [s for s in records[-1].data.get("seeds", []) if not s.get("withheld")]
    trailer = {
        "trailer": True,
        "records": len(records),
        "last_hash": records[-1].hash,
        "seeds": seeds,
    }
    lines = [header, *(r.to_json() for r in records), trailer]
    return "".join(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n" for line in lines)


def loads(lines: Iterable[str]) -> ReplayFile:
    """Parse a replay file; any structural fault raises :class:`Tampered` naming the line."""
    rows: list[dict[str, Any]] = []
    for n, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise Tampered("replay/bad-json", f"line {n} is not JSON: {exc.msg}") from None
        if not isinstance(row, dict):
            raise Tampered("replay/bad-line", f"line {n} is not a JSON object")
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
    return ReplayFile(rows[0], records, tuple(trailer.get("seeds", [])))

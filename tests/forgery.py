"""What a forger with write access does, for the tamper tests: edit records, recompute every
hash the way :mod:`service.records` does (``Record.sealed`` keeps each record's salt and time,
so the forgery follows the salted scheme), and write the result into the database with plain
SQL through the store's own connection, or into a replay file with a matching header and
trailer. Only checks that do not trust the records can catch what this produces."""

from __future__ import annotations

import dataclasses
import uuid
from collections.abc import Sequence
from typing import Any

from domain.kernel.records import GameCreated
from service import replay_file
from service.records import GENESIS, Record, read_kernel
from service.store import EventStore


def reseal(records: Sequence[Record]) -> list[Record]:
    """The chain recomputed over ``records`` (versions, salts and times kept)."""
    out, prev = [], GENESIS
    for r in records:
        sealed = r.sealed(prev)
        out.append(sealed)
        prev = sealed.hash
    return out


def edit(records: Sequence[Record], version: int, **changes: Any) -> list[Record]:
    """``records`` with fields of record ``version`` replaced (not yet resealed)."""
    return [dataclasses.replace(r, **changes) if r.version == version else r for r in records]


def chance_nulled(records: Sequence[Record]) -> list[Record]:
    """Every record's ``chance`` set to null: the edit that once switched re-decision off."""
    return [dataclasses.replace(r, chance=None) for r in records]


def forged_file(records: Sequence[Record]) -> str:
    """A replay file of forged records, resealed, with the header and trailer they imply."""
    sealed = reseal(records)
    created = read_kernel(sealed[0], GameCreated)
    return replay_file.dumps(created.game_id, sealed)


def sql(store: EventStore, statement: str, *params: Sequence[Any]) -> None:
    """Run ``statement`` (``{table}`` is the events table, ``?`` a parameter) once per
    parameter list, in one transaction on the store's own connection."""
    recorder: Any = store.recorder
    postgres = store.target.startswith(("postgresql://", "postgres://"))
    statement = statement.replace("?", "%s") if postgres else statement
    table = recorder.events_table_name
    if postgres:
        table = f'"{recorder.datastore.schema}"."{table}"'
    with recorder.datastore.transaction(commit=True) as cursor:
        for values in params:
            args = [v.hex if isinstance(v, uuid.UUID) and not postgres else v for v in values]
            cursor.execute(statement.format(table=table), args)


def write_rows(
    store: EventStore, game_id: str, records: Sequence[Record], head: bool = True
) -> None:
    """Overwrite the stored rows of ``records`` in place with plain SQL (the bytes a stock
    mapper would write for them), as someone with database access would; ``head``: the head
    row naming the last of them too, so only re-decision can catch the edit."""
    oid = uuid.UUID(game_id)
    rows = [store._event(oid, r) for r in records]
    if head:
        rows.append(store._head_event(game_id, records[-1]))
    stored = [store.mapper.to_stored_event(row) for row in rows]
    sql(
        store,
        "UPDATE {table} SET state = ? WHERE originator_id = ? AND originator_version = ?",
        *([s.state, s.originator_id, s.originator_version] for s in stored),
    )


def cut_off(store: EventStore, game_id: str, keep: int) -> None:
    """Delete every record of the game after version ``keep``, with plain SQL."""
    sql(
        store,
        "DELETE FROM {table} WHERE originator_id = ? AND originator_version > ?",
        [uuid.UUID(game_id), keep],
    )

"""What a forger with write access does, for the tamper tests: edit records, recompute every
hash the way :mod:`skald.service.model.records` does (``Record.sealed`` keeps each record's salt and time,
so the forgery follows the salted scheme), and write the result into the database with plain
SQL through the store's own connection, or into a replay file with a matching header and
trailer. Only checks that do not trust the records can catch what this produces.

A forger who reads a finished game's export also holds its revealed salt key, so
:func:`resealed` re-derives every salt from it (:func:`resalted`) and renumbers the records
before sealing the chain again; :func:`reseeded` is the attack of issue 24 (a ``skald.Reseeded``
record inserted into a game that was never forked, and everything after it re-decided under a
seed the forger chose); :func:`replace_game` writes a forged game of any length into a store."""

from __future__ import annotations

import dataclasses
import random
import uuid
from collections.abc import Sequence
from itertools import pairwise
from typing import Any

from skald.domain.kernel.chance import ServerChance, commitment
from skald.domain.kernel.play import is_legal, random_command
from skald.domain.kernel.records import GameCreated, GameEnded, Reseeded, SeedReveal, Segment
from skald.service.bootstrap import registry
from skald.service.model.batches import build_records
from skald.service.model.folding import decode_command, fold_records
from skald.service.model.records import (
    CREATED,
    ENDED,
    GENESIS,
    Record,
    kernel_record,
    read_kernel,
    salt_for,
)
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore


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


# ------------------------------------------------------------------ a forger who knows the key


def revealed_key(records: Sequence[Record]) -> bytes:
    """The salt key a finished game's ``skald.GameEnded`` reveals."""
    key = read_kernel(records[-1], GameEnded).salt_key
    assert key is not None, "the game does not reveal its salt key"
    return bytes.fromhex(key)


def resalted(records: Sequence[Record], key: bytes, game_id: str | None = None) -> list[Record]:
    """Every record's salt derived from ``key`` for its version, as anyone holding the key
    can (``game_id``: by default the id the records' ``skald.GameCreated`` names)."""
    gid = game_id or next(read_kernel(r, GameCreated).game_id for r in records if r.type == CREATED)
    return [dataclasses.replace(r, salt=salt_for(key, gid, r.version)) for r in records]


def renumbered(records: Sequence[Record]) -> list[Record]:
    """Versions 1, 2, 3… again (after records were inserted, dropped or moved)."""
    return [dataclasses.replace(r, version=i) for i, r in enumerate(records, start=1)]


def resealed(
    records: Sequence[Record], key: bytes | None = None, game_id: str | None = None
) -> list[Record]:
    """The forger's whole re-seal: versions renumbered, every salt re-derived from ``key``
    (default: the one the last record reveals, when it is a ``skald.GameEnded`` that does)
    for ``game_id`` (see :func:`resalted`), the chain sealed again."""
    out = renumbered(records)
    if key is None and out[-1].type == ENDED:
        key = revealed_key(out)
    return reseal(resalted(out, key, game_id) if key is not None else out)


def boundaries(records: Sequence[Record]) -> list[int]:
    """The versions that end a batch (setup's or a command's) while the game runs: where a
    fork may be taken and where a forger may insert a whole record."""
    out = []
    for r, after in pairwise(records):
        if r.version > 1 and after.type != ENDED and (after.command is not None):
            out.append(r.version)
    return out


def redecided(
    records: Sequence[Record],
    at: int,
    seeds: Sequence[SeedReveal],
    picker: random.Random,
    first_version: int | None = None,
) -> tuple[list[Record], Any]:
    """The game's own commands after version ``at`` decided again, with server chance from
    ``seeds`` (each covering the draws from its ``start``, as the service draws them), from
    the state at ``at``: a command no longer legal is replaced by a random legal one, and play
    goes on at random after the last, until the game ends. The new records (numbered from
    ``first_version``, default ``at + 1``, unsealed) and the outcome."""
    rules = registry().rules(read_kernel(records[0], GameCreated).game)
    loaded = fold_records([r for r in records[:at] if r.type != ENDED])
    state, cursor = loaded.state, loaded.cursor
    version = first_version or at + 1
    commands = [
        (r.seat, decode_command(rules, r.command["type"], r.command["data"]), r.command_id)
        for r in records[at:]
        if r.command is not None and r.seat is not None
    ]
    out: list[Record] = []
    while rules.outcome(state) is None:
        pick: tuple[Any, Any, str] | None = None
        while commands and pick is None:
            seat, command, cid = commands.pop(0)
            if seat in rules.to_act(state) and is_legal(rules, state, seat, command):
                pick = (seat, command, cid)
        if pick is None:
            chosen = random_command(rules, state, picker)
            assert chosen is not None
            pick = (chosen[0], chosen[1], uuid.UUID(int=picker.getrandbits(128)).hex)
        seat, command, cid = pick
        covering = [s for s in seeds if s.start <= cursor][-1]
        source = ServerChance(bytes.fromhex(covering.seed or ""), covering.stream, cursor)
        events = rules.decide(state, seat, command, source)
        out += build_records(version, seat, cid, command, source, loaded.mode, cursor, events)
        version += len(events)
        cursor += source.used
        for event in events:
            state = rules.evolve(state, event)
    return out, rules.outcome(state)


def reseeded(records: Sequence[Record], at: int, seed: bytes, picker_seed: int = 0) -> list[Record]:
    """The attack of issue 24 on a finished server-chance game: records 1..``at`` kept byte
    for byte, a ``skald.Reseeded`` at ``at + 1`` committing to ``seed`` (on the ``chosen``
    stream) at the chance cursor there, the game's own commands re-decided under it (one no
    longer legal replaced by a random legal one), a ``skald.GameEnded`` revealing both seeds
    and the real salt key, every salt re-derived from that key, the chain sealed again."""
    ended = read_kernel(records[-1], GameEnded)
    key = revealed_key(records)
    cursor = fold_records(list(records[:at])).cursor
    nonce = b"forged nonce 16b"
    reveal = SeedReveal(cursor, "chosen", seed.hex(), nonce=nonce.hex())
    marker = kernel_record(
        at + 1, "reseed", Reseeded(Segment(cursor, "chosen", commitment(seed, nonce)))
    )
    picker = random.Random(picker_seed)
    after, outcome = redecided(records, at, [*ended.seeds, reveal], picker, at + 2)
    assert outcome is not None
    end = GameEnded(
        outcome.scores, outcome.winners, outcome.reason, (*ended.seeds, reveal), key.hex()
    )
    tail = kernel_record(after[-1].version + 1, after[-1].command_id, end)
    forged = [*records[:at], marker, *after, tail]
    return resealed(forged, key)


def replace_game(store: EventStore, game_id: str, records: Sequence[Record]) -> None:
    """Every stored row of the game replaced by ``records`` (any number of them), and its head
    by one naming the last, with plain SQL in one transaction: a forger with write access to
    the database, who can rewrite the head too."""
    from skald.service.store.event_store import _head_uuid

    oid = uuid.UUID(game_id)
    rows = [store._event(oid, r) for r in records] + [store._head_event(game_id, records[-1])]
    stored = [store.mapper.to_stored_event(row) for row in rows]
    postgres = store.target.startswith(("postgresql://", "postgres://"))

    def arg(v: Any) -> Any:
        return v.hex if isinstance(v, uuid.UUID) and not postgres else v

    recorder: Any = store.recorder
    table = recorder.events_table_name
    if postgres:
        table = f'"{recorder.datastore.schema}"."{table}"'
    mark = "%s" if postgres else "?"
    with recorder.datastore.transaction(commit=True) as cursor:
        for owner in (oid, _head_uuid(game_id)):
            cursor.execute(f"DELETE FROM {table} WHERE originator_id = {mark}", [arg(owner)])
        for s in stored:
            cursor.execute(
                f"INSERT INTO {table} (originator_id, originator_version, topic, state) "
                f"VALUES ({mark}, {mark}, {mark}, {mark})",
                [arg(s.originator_id), s.originator_version, s.topic, s.state],
            )

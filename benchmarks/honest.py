"""The measurements ``service`` and ``feast_game`` share (issue 27: honest baselines).

* :func:`command_path` — command by command, interleaved: our ``GameService.submit`` of one
  command, then the bare ``eventsourcing`` library saving the very records it stored (one
  aggregate per game, the records' JSON as payloads, one ``save`` per command: one transaction
  of as many events), then raw ``sqlite3`` inserting the very bytes stored (one transaction per
  command, WAL and ``synchronous=FULL`` as the library opens SQLite). Wall and CPU time
  (``time.process_time``) of each are summed, so a busy machine slows all three alike; beside
  the ratios, the median ``os.fsync`` of a small file on the same disk in the same run — a
  commit waits for one, so wall time per command is no less than that on any path.
* :func:`rebuild` — each repetition folds every game from an empty cache (a new
  :class:`~skald.service.store.repository.Repository` over the same store: no cached game, no
  checkpoint), then the bare library rebuilds the aggregates of the same records. (The figure
  printed before issue 27 timed ``load(upto=V)`` on one service again and again: after the
  first call the repository's kept checkpoint at a multiple of ``CHECKPOINT_EVERY`` left a
  few records to fold, so it showed 6–75×. It is kept, named ``checkpointed_*``, to show the
  difference; it is not a rebuild.)
* :func:`store_size` — bytes per record of the store file (SQLite, after a checkpoint of its
  log) and of PostgreSQL's tables (in a database made for the run and dropped), against the
  bytes of the stored records' JSON alone and of the events' data alone.
"""

from __future__ import annotations

import json
import os
import sqlite3
import statistics
import time
import uuid
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from skald.service.app.requests import CreateGame, SubmitMove

Plan = Sequence[tuple[CreateGame, Sequence[tuple[int, Any]]]]
"""Games to play: how each is created, and its (seat, command) pairs."""


class Ledger(Aggregate):
    """The baseline aggregate: one event type carrying a payload, a trivial mutator."""

    def __init__(self) -> None:
        self.count = 0

    @event("Recorded")
    def record(self, data: dict[str, Any]) -> None:
        self.count += 1


class Bare(Application):  # type: ignore[type-arg]
    name = "bare"


def sqlite_env(path: Path) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}


def fsync_ms(folder: Path, times: int = 21) -> float:
    """Median ``os.fsync`` of a 4 KiB write to a file in ``folder`` (this disk, this run)."""
    took = []
    with open(folder / "fsync.probe", "wb") as out:
        for _ in range(times):
            out.write(os.urandom(4096))
            out.flush()
            started = time.perf_counter()
            os.fsync(out.fileno())
            took.append(time.perf_counter() - started)
    return round(statistics.median(took) * 1000, 3)


def _raw(path: Path) -> sqlite3.Connection:
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("PRAGMA journal_mode=WAL")
    conn.execute("PRAGMA synchronous=FULL")
    conn.execute(
        "CREATE TABLE stored_events (originator_id TEXT, originator_version INTEGER, "
        "topic TEXT, state BLOB, PRIMARY KEY (originator_id, originator_version))"
    )
    return conn


def _new_rows(reader: sqlite3.Connection, after: int) -> tuple[int, list[tuple[Any, ...]]]:
    """Every row written after rowid ``after`` (a command's records and the game's head row),
    and the last rowid."""
    rows = reader.execute(
        "SELECT rowid, originator_id, originator_version, topic, state FROM stored_events "
        "WHERE rowid > ? ORDER BY rowid",
        (after,),
    ).fetchall()
    return (rows[-1][0] if rows else after), [tuple(r[1:]) for r in rows]


def _last_rowid(reader: sqlite3.Connection) -> int:
    return int(reader.execute("SELECT coalesce(max(rowid), 0) FROM stored_events").fetchone()[0])


def command_path(folder: Path, plan: Plan) -> dict[str, Any]:
    """Interleaved, command by command: ours, the bare library, raw sqlite3 (see the module)."""
    from skald.service.bootstrap import open_service
    from skald.service.model.auth import OPERATOR

    db = folder / "skald.db"
    svc = open_service(str(db))
    bare = Bare(env=sqlite_env(folder / "bare.db"))
    raw = _raw(folder / "raw.db")
    reader = sqlite3.connect(db)
    wall = {"service": 0.0, "bare": 0.0, "raw": 0.0}
    cpu = dict(wall)
    commands = records = 0
    ids: list[str] = []
    ledgers: list[uuid.UUID] = []
    try:
        for create, steps in plan:
            gid = svc.create(create).game_id
            ids.append(gid)
            ledger = Ledger()
            bare.save(ledger)
            ledgers.append(ledger.id)
            last = _last_rowid(reader)
            for seat, command in steps:
                request = SubmitMove(gid, seat, command, who=OPERATOR)
                w, c = time.perf_counter(), time.process_time()
                svc.submit(request)
                wall["service"] += time.perf_counter() - w
                cpu["service"] += time.process_time() - c
                last, rows = _new_rows(reader, last)  # what it stored (not timed)
                datas = [json.loads(row[3]) for row in rows]
                w, c = time.perf_counter(), time.process_time()
                for data in datas:
                    ledger.record(data)
                bare.save(ledger)
                wall["bare"] += time.perf_counter() - w
                cpu["bare"] += time.process_time() - c
                w, c = time.perf_counter(), time.process_time()
                raw.execute("BEGIN")
                raw.executemany("INSERT INTO stored_events VALUES (?, ?, ?, ?)", rows)
                raw.execute("COMMIT")
                wall["raw"] += time.perf_counter() - w
                cpu["raw"] += time.process_time() - c
                commands += 1
                records += len(rows)
    finally:
        reader.close()
        raw.close()
        bare.close()
        svc.store.close()
    per = {k: 1000 * v / max(commands, 1) for k, v in wall.items()}
    per_cpu = {k: 1000 * v / max(commands, 1) for k, v in cpu.items()}
    return {
        "ids": ids,
        "ledgers": ledgers,
        "commands": commands,
        "records": records,
        "figures": {
            "commands": commands,
            "rows_per_command": round(records / max(commands, 1), 2),
            "service_commands_per_s": round(commands / wall["service"], 1),
            "bare_saves_per_s": round(commands / wall["bare"], 1),
            "raw_sqlite_commits_per_s": round(commands / wall["raw"], 1),
            "service_wall_ms_per_command": round(per["service"], 3),
            "bare_wall_ms_per_command": round(per["bare"], 3),
            "raw_sqlite_wall_ms_per_command": round(per["raw"], 3),
            "service_cpu_ms_per_command": round(per_cpu["service"], 3),
            "bare_cpu_ms_per_command": round(per_cpu["bare"], 3),
            "raw_sqlite_cpu_ms_per_command": round(per_cpu["raw"], 3),
            "commands_vs_bare_save": round(wall["bare"] / wall["service"], 3),
            "cpu_service_vs_bare": round(cpu["service"] / cpu["bare"], 2),
            "cpu_service_vs_raw_sqlite": round(cpu["service"] / cpu["raw"], 2),
            "cpu_bare_vs_raw_sqlite": round(cpu["bare"] / cpu["raw"], 2),
            "fsync_median_ms": fsync_ms(folder),
        },
    }


def rebuild(folder: Path, ids: list[str], ledgers: list[uuid.UUID], repeats: int) -> dict[str, Any]:
    """Every game folded from an empty cache, then the bare library's rebuild of the same
    records, alternately ``repeats`` times; medians."""
    from skald.service.bootstrap import open_service
    from skald.service.store.repository import Repository

    svc = open_service(str(folder / "skald.db"))
    bare = Bare(env=sqlite_env(folder / "bare.db"))
    try:
        versions = {gid: svc.load(gid).version for gid in ids}
        stored = sum(versions.values())
        bare_events = sum(bare.repository.get(i).version for i in ledgers)
        ours, theirs, kept = [], [], []
        for _ in range(repeats):
            repo = Repository(svc.store, svc.repo.games)  # nothing cached, no checkpoint
            started = time.perf_counter()
            for gid in ids:
                repo.load(gid)
            ours.append(time.perf_counter() - started)
            started = time.perf_counter()
            for ledger in ledgers:
                bare.repository.get(ledger)
            theirs.append(time.perf_counter() - started)
            started = time.perf_counter()  # the old, misleading figure (see the module)
            for gid in ids:
                svc.load(gid, upto=versions[gid])
            kept.append(time.perf_counter() - started)
    finally:
        bare.close()
        svc.store.close()
    ours_rate = stored / statistics.median(ours)
    bare_rate = bare_events / statistics.median(theirs)
    kept_rate = stored / statistics.median(kept)
    return {
        "rebuild_events_per_s": round(ours_rate, 1),
        "bare_rebuild_events_per_s": round(bare_rate, 1),
        "rebuild_vs_bare": round(ours_rate / bare_rate, 3),
        "checkpointed_load_vs_bare_not_a_rebuild": round(kept_rate / bare_rate, 2),
    }


def store_size(folder: Path, plan: Plan, pg: bool = True) -> dict[str, Any]:
    """Bytes per record of the stores of :func:`command_path` (run before, in ``folder``) and,
    when ``pg``, of the same games recorded on PostgreSQL in a database made for the run."""
    out: dict[str, Any] = {"sqlite": _sqlite_size(folder)}
    if pg:
        out["postgresql"] = _pg_size(plan)
    return out


def _payload_bytes(rows: list[tuple[Any, ...]]) -> tuple[int, int]:
    """Bytes of the stored records' JSON, and of the events' ``data`` alone (compact JSON)."""
    state = sum(len(r[0]) for r in rows)
    data = 0
    for (blob,) in rows:
        record = json.loads(blob)
        data += len(json.dumps(record.get("data", {}), separators=(",", ":")))
    return state, data


def _sqlite_size(folder: Path) -> dict[str, Any]:
    sizes: dict[str, Any] = {}
    for name in ("skald", "raw"):
        path = folder / f"{name}.db"
        conn = sqlite3.connect(path)
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        rows = conn.execute(
            "SELECT state FROM stored_events WHERE topic LIKE '%StoredRecord'"
        ).fetchall()
        conn.close()
        size = path.stat().st_size
        if name == "skald":  # per game record; the file also holds heads, index, secrets
            state, data = _payload_bytes(rows)
            sizes.update(
                records=len(rows),
                event_data_bytes_per_record=round(data / len(rows), 1),
                record_json_bytes_per_record=round(state / len(rows), 1),
                file_bytes_per_record=round(size / len(rows), 1),
                file_vs_event_data=round(size / data, 2),
            )
        else:
            sizes["raw_sqlite_file_bytes_per_record"] = round(size / len(rows), 1)
    return sizes


def _pg_size(plan: Plan) -> dict[str, Any]:
    from skald.service.bootstrap import open_service
    from skald.service.model.auth import OPERATOR
    from skald.service.store.check import connect
    from skald.service.store.event_store import settings_for
    from skald.tools.loadtest.databases import own_database, reachable

    problem = reachable()
    if problem is not None:
        return {"skipped": f"PostgreSQL unreachable: {problem}"}
    with own_database("bench_size") as url:
        svc = open_service(url)
        try:
            for create, steps in plan:
                gid = svc.create(create).game_id
                for seat, command in steps:
                    svc.submit(SubmitMove(gid, seat, command, who=OPERATOR))
        finally:
            svc.store.close()
        with connect(settings_for(url)) as conn:
            conn.execute("VACUUM ANALYZE")
            rows = conn.execute(
                "SELECT state FROM skald_events WHERE topic LIKE '%%StoredRecord'"
            ).fetchall()
            events = conn.execute("SELECT pg_total_relation_size('skald_events')").fetchone()[0]
            tables = conn.execute(
                "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c "
                "JOIN pg_namespace n ON n.oid = c.relnamespace "
                "WHERE c.relkind = 'r' AND n.nspname NOT IN ('pg_catalog', 'information_schema')"
            ).fetchone()[0]
    state, data = _payload_bytes([(bytes(r[0]),) for r in rows])
    return {
        "records": len(rows),
        "event_data_bytes_per_record": round(data / len(rows), 1),
        "record_json_bytes_per_record": round(state / len(rows), 1),
        "events_table_bytes_per_record": round(events / len(rows), 1),
        "all_tables_bytes_per_record": round(int(tables) / len(rows), 1),
        "events_table_vs_event_data": round(events / data, 2),
    }

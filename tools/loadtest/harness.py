"""``skald loadtest``: real servers on loopback, real clients, one JSON summary.

Three loads — (a) one SQLite process, (b) ``--workers 2`` on one SQLite file, (c) two replicas
on one PostgreSQL database (skipped, saying why, when the default one is unreachable; a
database named by ``--pg`` must be reachable, or nothing runs) — each with games of
random legal play whose commands conflict on purpose and spectators watching; with ``--full``
also (a) paced at :data:`PACED` attempts/s (``--rate``), where latencies measure serving
rather than the queue the clients make when they call as fast as they are answered; then a
crash: a server is killed with SIGKILL in the middle of load and restarted on its port while
clients retry. Every run ends with the integrity check (:func:`skald.tools.loadtest.servers.integrity`): the
acknowledged records are all stored, nothing is stored twice, what spectators were sent is
what is stored, and every game verifies. Each load also reports the bare ``eventsourcing``
append rate on the same kind of store, measured in the same run, and its ratio. Last, the
hostile phase (:mod:`skald.tools.loadtest.hostile`) fuzzes every RPC of a server of its own: never
INTERNAL or UNKNOWN, every refusal precise and without a write.

The clients are the native ones (:mod:`skald.tools.loadtest.native`: C++, built on first use) when
they build, else Python's (:mod:`skald.tools.loadtest.clients`), and the summary's ``clients`` says
which and why: on a machine the clients share with the servers, Python's took 0.4–0.6 of the
two cores the servers were measured on.

``--workers 2`` is read against one process here; against two processes that share nothing,
measured in the same run, in ``python -m skald.benchmarks.workers_bound`` (a third load would
lengthen what CI runs). PostgreSQL loads run in a database made for the run and dropped after
it (:mod:`skald.tools.loadtest.databases`) unless ``--pg`` names one; the work folder is removed
at the end unless ``--keep``.

The short form (the default, one to two minutes) runs in CI; ``--full`` is the large one. The
exit status is 1 when any integrity counter is not 0.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
import uuid
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skald.cli.common import fail

if TYPE_CHECKING:  # the harness (grpc, the store) loads only when a load test runs
    from concurrent.futures import Future

    from skald.tools.loadtest.servers import Served

app = typer.Typer()

INTEGRITY = ("lost_events", "duplicate_events", "mismatched_events", "failed_verifications")
INTEGRITY_ALL = (*INTEGRITY, "internal_errors")
PG_URL: str | None = os.environ.get("SKALD_LOADTEST_PG") or None
"""The PostgreSQL database the loads on it use when one is named (``--pg`` or
``SKALD_LOADTEST_PG``); by default (None) each run makes a database of its own on the server at
``SKALD_PG_SERVER`` (:mod:`skald.tools.loadtest.databases`) and drops it at the end."""


PLAYERS_NATIVE = 48
"""Players per racer with the native clients (two racers: 96 for 200 games; more only lengthen
the queue a saturated server keeps)."""
PLAYERS_PYTHON = 12
"""Players (threads) per racer with the Python clients."""


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 2)


def _load(
    servers: list[Served],
    games: int,
    spectators: int,
    seconds: float,
    racers: int = 2,
    threads: int | None = None,
    crash: bool = False,
    rate: float = 0.0,
    native: Path | None = None,
) -> dict[str, Any]:
    """One load on ``servers``; the clients are the native ones (:mod:`skald.tools.loadtest.native`,
    each a process of its own, waited for from threads here) when ``native`` is the built
    executable, else Python's (spawned processes: :mod:`skald.tools.loadtest.clients`). Each of the
    ``racers`` plays the games from ``threads`` players: :data:`PLAYERS_NATIVE` (enough that
    the server, not the clients' round trips, sets the pace) or :data:`PLAYERS_PYTHON`
    (threads, whose hand-offs cost more than they add past that)."""
    import functools
    import multiprocessing
    from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

    from skald.tools.loadtest.clients import race, spectate
    from skald.tools.loadtest.native import race_native, spectate_native
    from skald.tools.loadtest.servers import create_games, integrity

    addresses = [s.address for s in servers]
    made = create_games(addresses[0], games)
    start_at = time.time() + 2.5 + spectators / 500  # spectators connected before the load
    stop_at = start_at + seconds
    pool: Executor
    if threads is None:
        threads = PLAYERS_PYTHON if native is None else PLAYERS_NATIVE
    if native is not None:  # one completion queue serves any number of streams
        watchers = 1
        pool = ThreadPoolExecutor(racers + watchers)
        play: Any = functools.partial(race_native, native)
        watch: Any = functools.partial(spectate_native, native)
    else:
        watchers = max(1, spectators // 250)  # one spectator process per 250 streams
        pool = ProcessPoolExecutor(
            racers + watchers, mp_context=multiprocessing.get_context("spawn")
        )
        play, watch = race, spectate
    ids = [g for g, _ in made]
    with pool:
        watching: list[Future[dict[str, Any]]] = [
            pool.submit(
                watch,
                addresses[::-1],
                ids[i::watchers],
                spectators // watchers,
                start_at,
                stop_at,
            )
            for i in range(watchers)
        ]
        playing = [
            pool.submit(
                play,
                addresses[i % len(addresses) :] + addresses,
                made,
                threads,
                start_at,
                stop_at,
                i,
                rate / racers,
            )
            for i in range(racers)
        ]
        time.sleep(max(0.0, start_at - time.time()))
        cpu_start = sum(s.cpu_now() for s in servers)
        if crash:
            time.sleep(max(0.0, start_at + seconds / 2 - time.time()))
            servers[0].kill9()
            time.sleep(0.3)
            servers[0].start()
        time.sleep(max(0.0, stop_at - time.time()))
        cpu = sum(s.cpu_now() for s in servers) - cpu_start
        results = [f.result() for f in playing]
        watched = _merge([f.result() for f in watching])
    submit_ms = [ms for r in results for ms in r["submit_ms"]]
    other_ms = [ms for r in results for ms in r["other_ms"]]
    commands = sum(r["commands"] for r in results)
    client_cpu = sum(r["cpu_s"] for r in results)  # the racers' processes during the load
    acks = [a for r in results for a in r["acks"]]
    checked = integrity(addresses[-1], made, acks, watched["seen"])
    checked["lost_events"] += watched["gaps"]
    checked["duplicate_events"] += watched["duplicates"]
    internal = sum(r["internal"] for r in results) + watched["internal"]
    return {
        "server_cpu_ms_per_command": None if crash else round(1000 * cpu / max(commands, 1), 2),
        "server_cores_busy": None if crash else round(cpu / seconds, 2),
        "client_cpu_s": round(client_cpu, 2),
        "client_cpu_ms_per_command": round(1000 * client_cpu / max(commands, 1), 2),
        "spectator_cpu_s": round(watched["cpu_s"], 2),
        "client_cores_busy": round((client_cpu + watched["cpu_s"]) / seconds, 2),
        "games": games,
        "players": racers * threads,
        "spectators": spectators,
        "paced_attempts_per_s": rate or None,
        "seconds": seconds,
        "commands": commands,
        "commands_per_s": round(commands / seconds, 1),
        "submit_p50_ms": _pct(submit_ms, 0.5),
        "submit_p99_ms": _pct(submit_ms, 0.99),
        "other_rpc_p50_ms": _pct(other_ms, 0.5),
        "other_rpc_p99_ms": _pct(other_ms, 0.99),
        "conflicts": sum(r["conflicts"] for r in results),
        "refused": sum(r["refused"] for r in results),
        "retried_unknown_outcome": sum(r["retried"] for r in results),
        "watch_events": watched["events"],
        "watch_delivery_p50_ms": _pct(watched["delivery_ms"], 0.5),
        "watch_delivery_p99_ms": _pct(watched["delivery_ms"], 0.99),
        "watch_reconnects": watched["reconnects"],
        **checked,
        "internal_errors": internal + sum(s.unhandled() for s in servers),
    }


def _merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """The spectator processes' results as one (their games are disjoint)."""
    merged: dict[str, Any] = {"delivery_ms": [], "seen": {}}
    for part in parts:
        merged["delivery_ms"] += part["delivery_ms"]
        merged["seen"].update(part["seen"])
        for key in ("events", "gaps", "duplicates", "internal", "reconnects", "cpu_s"):
            merged[key] = merged.get(key, 0) + part[key]
    return merged


def _pg_ready(url: str) -> str | None:
    try:
        from skald.service.store.check import connect
        from skald.service.store.event_store import settings_for

        connect(settings_for(url), timeout=3).close()
    except Exception as error:
        return f"{type(error).__name__}: {str(error).strip()[:120]}"
    return None


def _pg_given(url: str) -> None:
    """Refuse a ``--pg`` the user named that is no PostgreSQL URL or cannot be reached: asked for
    by name, its loads are not to be skipped in silence (only the default's are)."""
    from skald.domain.kernel.errors import SkaldError
    from skald.service.store.check import scheme_of

    try:
        postgres = scheme_of(url) is not None
    except SkaldError:
        postgres = False
    if not postgres:
        raise fail(
            False, "loadtest/pg", "--pg takes a postgresql://user@host:port/dbname URL", code=2
        )
    problem = _pg_ready(url)
    if problem is not None:
        raise fail(False, "loadtest/pg", f"--pg: PostgreSQL unreachable: {problem}", code=2)


def schema_url(url: str, schema: str) -> str:
    """``url`` pointed at a schema of its own (``?schema=``, the store's own parameter)."""
    return f"{url}{'&' if '?' in url else '?'}schema={schema}"


def _drop_schema(url: str, schema: str) -> None:
    from skald.service.store.check import connect
    from skald.service.store.event_store import settings_for

    with connect(settings_for(url)) as conn:
        conn.execute(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE')


LOADS = (
    "sqlite_1",
    "sqlite_1_paced",
    "sqlite_workers_2",
    "postgresql_replicas_2",
    "crash_sqlite",
    "hostile",
)
PACED = 50.0
"""Attempts per second of the paced load: 200 games each moving every 4 s, about — a load the
server is not saturated by, so latencies measure serving, not the harness's own queue."""


def _replicas_load(summary: dict[str, Any], with_servers: Any, pg_url: str, work: Path) -> None:
    """Two replicas on one PostgreSQL schema of their own (dropped after), or why not."""
    from skald.tools.loadtest.servers import Served, bare_append_rate

    problem = _pg_ready(pg_url)
    if problem is not None:
        summary["postgresql_replicas_2"] = {"skipped": f"PostgreSQL unreachable: {problem}"}
        return
    schema = f"loadtest_{uuid.uuid4().hex[:8]}"
    url = schema_url(pg_url, schema)
    replicas = [Served(url, 1, work / "pg1.log")]  # creates the schema and tables
    try:
        bare_pg = bare_append_rate(url)
        summary["bare_append_per_s"]["postgresql"] = round(bare_pg, 1)
        replicas.append(Served(url, 1, work / "pg2.log"))
        with_servers("postgresql_replicas_2", replicas, bare_pg)
    finally:
        for server in replicas:
            server.stop()
        _drop_schema(pg_url, schema)


def run(
    full: bool,
    pg_url: str | None,
    only: tuple[str, ...] = LOADS,
    spectators: int | None = None,
    seconds: float | None = None,
    rate: float = PACED,
    repeat: int = 1,
    hostile_seed: int | None = None,
    client: str = "auto",
    keep: bool = False,
) -> dict[str, Any]:
    """Run the ``only`` loads; with ``repeat`` > 1, one SQLite process and ``--workers 2`` run
    that many times each, alternately, and the speedup is the ratio of their median
    commands/s (one run of each can be 15% off on a shared machine: the clients' random games
    differ in length). ``client`` is ``native``, ``python`` or ``auto`` (native when it
    builds: :mod:`skald.tools.loadtest.native`). ``pg_url`` None: the PostgreSQL loads run in a
    database made for this run and dropped after it. The work folder (stores and server logs,
    tens of MB) is removed at the end, however the run ends, unless ``keep``."""
    import shutil

    from skald.tools.loadtest import databases

    work = Path(tempfile.mkdtemp(prefix="skald-loadtest-"))
    made_db: str | None = None
    try:
        if pg_url is None and {"postgresql_replicas_2", "hostile"} & set(only):
            problem = databases.reachable()
            if problem is None:
                made_db = pg_url = databases.create("loadtest")
            else:  # the loads on it say why they are skipped
                pg_url = databases.SERVER_URL
        summary = _run(full, pg_url or databases.SERVER_URL, only, spectators, seconds, rate,
                       repeat, hostile_seed, client, work)  # fmt: skip
        summary["pg_database"] = f"{made_db} (made for this run, dropped)" if made_db else pg_url
    finally:
        if made_db is not None:
            databases.drop(made_db)
        if not keep:
            shutil.rmtree(work, ignore_errors=True)
    summary["work"] = str(work) if keep else None
    return summary


def _run(
    full: bool,
    pg_url: str,
    only: tuple[str, ...],
    spectators: int | None,
    seconds: float | None,
    rate: float,
    repeat: int,
    hostile_seed: int | None,
    client: str,
    work: Path,
) -> dict[str, Any]:
    from skald.tools.loadtest.hostile import need_hypothesis
    from skald.tools.loadtest.native import Unavailable, build
    from skald.tools.loadtest.servers import Served, bare_append_rate

    if "hostile" in only:
        need_hypothesis()  # before any load runs, not minutes into the run

    native: Path | None = None
    clients: dict[str, Any] = {"kind": "python"}
    if client != "python":
        built = build()
        if isinstance(built, Path):
            native, clients = built, {"kind": "native", "executable": str(built)}
        elif client == "native":
            raise Unavailable(f"native clients unavailable: {built}")
        else:
            clients["why"] = f"native clients unavailable: {built}"

    games, watchers, length = (200, 1000, 30.0) if full else (200, 50, 6.0)
    watchers = watchers if spectators is None else spectators
    length = length if seconds is None else seconds
    bare_sqlite = bare_append_rate(str(work / "bare.db"))
    summary: dict[str, Any] = {"form": "full" if full else "short"}
    summary["clients"] = clients
    summary["bare_append_per_s"] = {"sqlite": round(bare_sqlite, 1)}

    def with_servers(name: str, made: list[Served], bare: float, **kw: Any) -> None:
        try:
            result = _load(made, games, watchers, length, native=native, **kw)
            result["ratio_to_bare_append"] = round(result["commands_per_s"] / bare, 3)
            summary[name] = result
        finally:
            for server in made:
                server.stop()

    repeated: dict[str, list[dict[str, Any]]] = {"sqlite_1": [], "sqlite_workers_2": []}
    for turn in range(repeat):
        for name, workers in (("sqlite_1", 1), ("sqlite_workers_2", 2)):
            if name in only:
                tag = f"{name}-{turn}"
                with_servers(name, [Served(str(work / f"{tag}.db"), workers, work / f"{tag}.log")],
                             bare_sqlite)  # fmt: skip
                repeated[name].append(summary[name])
        if turn == 0 and "sqlite_1_paced" in only:
            paced = [Served(str(work / "paced.db"), 1, work / "paced.log")]
            with_servers("sqlite_1_paced", paced, bare_sqlite, rate=rate)
    if "postgresql_replicas_2" in only:
        _replicas_load(summary, with_servers, pg_url, work)
    if "crash_sqlite" in only:
        crash = [Served(str(work / "crash.db"), 1, work / "crash.log")]
        with_servers("crash_sqlite", crash, bare_sqlite, crash=True)
    if "hostile" in only:
        _hostile(summary, work, 3000 if full else 600, hostile_seed, pg_url)
    runs = [v for v in summary.values() if isinstance(v, dict) and "commands" in v]
    runs += [r for name in repeated for r in repeated[name][:-1]]  # the last is in summary
    summary["integrity"] = {k: sum(r[k] for r in runs) for k in INTEGRITY_ALL}
    if "hostile" in summary:
        runs_of = [v for v in summary["hostile"].values() if isinstance(v, dict) and "calls" in v]
        summary["integrity"].update(
            hostile_internal=sum(f["internal_or_unknown"] + f["unhandled_errors"] for f in runs_of),
            hostile_imprecise=sum(f["imprecise"] for f in runs_of),
            hostile_state_changes=sum(f["state_changed_on_refusal"] for f in runs_of),
        )
    if repeated["sqlite_1"] and repeated["sqlite_workers_2"]:
        rates = {n: [r["commands_per_s"] for r in rs] for n, rs in repeated.items()}
        speedup = _median(rates["sqlite_workers_2"]) / max(_median(rates["sqlite_1"]), 1)
        summary["workers_2_speedup"] = round(speedup, 2)
        summary["workers_2_ceiling"] = _ceiling(repeated["sqlite_1"], repeated["sqlite_workers_2"])
        if repeat > 1:
            summary["repeated_commands_per_s"] = rates
    return summary


def _ceiling(one: list[dict[str, Any]], two: list[dict[str, Any]]) -> float | None:
    """The speedup two workers could show here at one process's CPU per command: the cores
    the machine leaves the servers while the clients of the two-worker runs take theirs, over
    the cores one process used (medians). The clients share the machine they measure, so a
    speedup is read against this, not against the number of workers."""
    cpus = os.cpu_count() or 1
    used = _median([r["server_cores_busy"] for r in one])
    clients = _median([r["client_cores_busy"] for r in two])
    if not used:
        return None
    return round(min(2.0, (cpus - clients) / used), 2)


def _hostile(
    summary: dict[str, Any], work: Path, examples: int, seed: int | None, pg_url: str
) -> None:
    """Fuzz every RPC of a server of its own (:mod:`skald.tools.loadtest.hostile`) on SQLite and, when
    it is reachable, on PostgreSQL (which refuses some text SQLite takes: NUL, for one)."""
    import random

    from skald.tools.loadtest.hostile import hostile
    from skald.tools.loadtest.servers import Served

    seed = random.randrange(2**32) if seed is None else seed
    out: dict[str, Any] = {"seed": seed, "examples": examples}
    stores = {"sqlite": str(work / "hostile.db")}
    problem = _pg_ready(pg_url)
    schema = f"hostile_{uuid.uuid4().hex[:8]}"
    if problem is None:
        stores["postgresql"] = schema_url(pg_url, schema)
    else:
        out["postgresql"] = {"skipped": f"PostgreSQL unreachable: {problem}"}
    for name, db in stores.items():
        served = Served(db, 1, work / f"hostile-{name}.log")
        try:
            started = time.perf_counter()
            found = hostile(served.address, db, examples, seed)
            found["seconds"] = round(time.perf_counter() - started, 1)
        finally:
            served.stop()
            if name == "postgresql":
                _drop_schema(pg_url, schema)
        found["unhandled_errors"] = served.unhandled()
        out[name] = found
    summary["hostile"] = out


def _sigterm_exits() -> None:
    """SIGTERM (``timeout``, CI's cancel) ends the run as Ctrl-C does: through the ``finally``
    blocks that stop the servers, drop the run's database and remove its work folder."""
    import signal
    import threading

    def exit_now(signum: int, frame: Any) -> None:
        raise SystemExit(128 + signum)

    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, exit_now)


def _median(values: list[float]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


@app.command()
def loadtest(
    full: Annotated[
        bool, typer.Option("--full", help="The large run (1,000 spectators, 30 s per load).")
    ] = False,
    pg: Annotated[
        str | None,
        typer.Option(
            "--pg",
            help="PostgreSQL database for the replicas load and the hostile phase. Given here, "
            "it must be reachable (else exit 2); by default each run makes a database of its "
            "own on the server at SKALD_PG_SERVER (default the local one's postgres) and drops "
            "it at the end, and the loads on it are skipped, saying why, when it is down.",
            show_default="a database of the run's own",
        ),
    ] = PG_URL,
    keep: Annotated[
        bool,
        typer.Option(
            "--keep",
            help="Keep the work folder (stores and server logs, tens of MB; its path is "
            "printed); by default it is removed at the end.",
        ),
    ] = False,
    only: Annotated[
        str,
        typer.Option(
            "--only",
            help=f"Comma-separated loads to run (of {', '.join(LOADS)}); by default all of "
            "them, but the short form leaves out sqlite_1_paced.",
        ),
    ] = "",
    spectators: Annotated[
        int | None,
        typer.Option("--spectators", min=0, help="Spectator streams (default 50; 1,000 --full)."),
    ] = None,
    seconds: Annotated[
        float | None,
        typer.Option("--seconds", min=1.0, help="Seconds of load per run (default 6; 30 --full)."),
    ] = None,
    rate: Annotated[
        float,
        typer.Option(
            "--rate", min=1.0, help="Attempts per second of the paced load (sqlite_1_paced)."
        ),
    ] = PACED,
    repeat: Annotated[
        int,
        typer.Option(
            "--repeat",
            min=1,
            help="Run sqlite_1 and sqlite_workers_2 this many times each, alternately; the "
            "speedup is the ratio of their medians.",
        ),
    ] = 1,
    hostile_seed: Annotated[
        int | None,
        typer.Option(
            "--hostile-seed",
            help="Seed of the hostile phase's draws (printed in the summary; random by "
            "default), to run the same calls again.",
        ),
    ] = None,
    client: Annotated[
        str,
        typer.Option(
            "--client",
            help="Load clients: native (C++, built on first use; needs g++ and grpc++), "
            "python, or auto (native when it builds, else python, saying why).",
        ),
    ] = "auto",
) -> None:
    """Load, crash, integrity and hostile-input harness: real servers and clients on loopback,
    then every RPC fuzzed; prints one JSON summary; exits 1 when lost/duplicated/mismatched
    events, failed verifications, internal errors or hostile-input failures are not all 0."""
    chosen = tuple(name.strip() for name in only.split(",") if name.strip())
    if not only:
        chosen = LOADS if full else tuple(n for n in LOADS if n != "sqlite_1_paced")
    unknown = [name for name in chosen if name not in LOADS]
    if unknown or not chosen:
        raise typer.BadParameter(f"--only takes {', '.join(LOADS)}; not {', '.join(unknown)}")
    if client not in ("auto", "native", "python"):
        raise typer.BadParameter(f"--client is auto, native or python; not {client!r}")
    from skald.tools.loadtest.native import Unavailable

    if pg is not None and {"postgresql_replicas_2", "hostile"} & set(chosen):
        _pg_given(pg)
    started = time.perf_counter()
    _sigterm_exits()
    try:
        summary = run(
            full, pg, chosen, spectators, seconds, rate, repeat, hostile_seed, client, keep
        )
    except Unavailable as why:
        raise typer.BadParameter(str(why), param_hint="--client") from None
    summary["wall_s"] = round(time.perf_counter() - started, 1)
    print(json.dumps(summary, indent=1))
    if keep:
        typer.echo(f"work folder kept: {summary['work']}", err=True)
    if any(summary["integrity"].values()):
        raise typer.Exit(1)


__all__ = ["LOADS", "app", "run"]

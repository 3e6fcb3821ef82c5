"""Health checks and views while another session holds the store's write lock (issue 27), against
the same calls when it does not, in the same run.

A real server (this process, PostgreSQL, a database made for the run and dropped after it:
:mod:`skald.tools.loadtest.databases`; never the tests' ``test``) on a loopback port. A prober
thread alternates a health check and a GetView, one at a time every ``PACE`` seconds; a
command thread submits legal commands back to back. Time is cut into windows that take turns
— quiet, then held (another connection holds ``LOCK TABLE <events> IN EXCLUSIVE MODE`` in an
open transaction) — ``--repeat`` times; each call counts in the window it was sent in, and
the first ``SETTLE`` seconds of each quiet window are left out (calls a hold blocked end first). Commands are counted by the window they were
answered in. Reported per window kind: p50/p99 of health and of views (ms), the held/quiet p99 ratio,
and the commands answered and refused. Target: held p99 of health and views ≤ 100 ms.

The lock bound is the store's own (``SKALD_LOCK_TIMEOUT``, default 2 s). ``SKALD_LOOP_LOCK_WAIT``
set to the bound (e.g. ``2``) makes writes on the loop wait it all, as every write did before
issue 27 (then with no bound at all): the figures to compare with.

``python -m skald.benchmarks.lock_held [--window S] [--repeat N]``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import threading
import time
from collections import Counter
from typing import Any

PACE = 0.005
"""Seconds between the prober's calls."""
SETTLE = 0.2
"""Seconds left out at the start of each window."""


def _pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 2)


def measure(window: float = 3.0, repeat: int = 2) -> dict[str, Any]:
    import grpc
    import psycopg
    from grpc_health.v1 import health_pb2, health_pb2_grpc
    from psycopg import sql

    from skald.service.bootstrap import open_service
    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
    from skald.service.grpc.server import create_server
    from skald.tools.loadtest.databases import own_database

    with own_database("lock_held") as url:
        svc = open_service(url)
        server, port = create_server(svc)
        channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        stub = pb_grpc.SkaldStub(channel)
        health = health_pb2_grpc.HealthStub(channel)
        table = f"{svc.store.name}_events"
        phase = ["settle"]
        holding = [False]  # commands are counted by whether the lock was held when sent
        stop = threading.Event()
        latencies: dict[tuple[str, str], list[float]] = {}
        failures: Counter[str] = Counter()
        commands: Counter[tuple[str, str]] = Counter()

        def new_game() -> Any:
            return stub.CreateGame(pb.CreateGameRequest(game="red_north", players=2), timeout=30)

        game = new_game()

        def probe() -> None:
            while not stop.is_set():
                for kind in ("health", "view"):
                    at, started = phase[0], time.perf_counter()
                    try:
                        if kind == "health":
                            health.Check(health_pb2.HealthCheckRequest(service=""), timeout=30)
                        else:
                            stub.GetView(pb.GetViewRequest(game_id=game.game_id), timeout=30)
                    except grpc.RpcError as error:
                        failures[f"{kind}:{error.code().name}"] += 1
                        continue
                    if at != "settle":  # by the window it was sent in
                        latencies.setdefault((at, kind), []).append(time.perf_counter() - started)
                    time.sleep(PACE)

        def command() -> None:
            nonlocal game
            while not stop.is_set():
                try:
                    view = stub.GetView(pb.GetViewRequest(game_id=game.game_id), timeout=30)
                    if view.finished:
                        game = new_game()
                        continue
                    seat = int(view.to_act[0])
                    token = (("authorization", f"Bearer {game.seat_tokens[seat]}"),)
                    legal = stub.ListLegalCommands(
                        pb.ListLegalCommandsRequest(game_id=game.game_id, seat=seat),
                        metadata=token,
                        timeout=30,
                    )
                    stub.SubmitCommand(
                        pb.SubmitCommandRequest(
                            game_id=game.game_id,
                            seat=seat,
                            command=legal.commands[0],
                            expected_version=view.version,
                        ),
                        metadata=token,
                        timeout=30,
                    )
                    answer = "ok"
                except grpc.RpcError as error:
                    answer = error.code().name
                commands[("held" if holding[0] else "quiet", answer)] += 1  # when answered

        threads = [threading.Thread(target=f, daemon=True) for f in (probe, command)]
        for t in threads:
            t.start()
        schema = "public"
        admin = url.split("?")[0]
        try:
            for _ in range(repeat):
                for kind in ("quiet", "held"):
                    holder = None
                    if kind == "held":
                        holder = psycopg.connect(admin)
                        holder.execute(
                            sql.SQL("LOCK TABLE {}.{} IN EXCLUSIVE MODE").format(
                                sql.Identifier(schema), sql.Identifier(table)
                            )
                        )
                        holding[0] = True
                    if kind == "quiet":  # calls blocked by the last hold end first
                        phase[0] = "settle"
                        time.sleep(SETTLE)
                    phase[0] = kind
                    time.sleep(window)
                    phase[0] = "settle"
                    if holder is not None:
                        holding[0] = False
                        holder.rollback()
                        holder.close()
        finally:
            stop.set()
            for t in threads:
                t.join(timeout=35)
            channel.close()
            server.stop(0)
            svc.store.close()

    result: dict[str, Any] = {}
    for kind in ("quiet", "held"):
        row: dict[str, Any] = {}
        for call in ("health", "view"):
            values = latencies.get((kind, call), [])
            row[f"{call}_calls"] = len(values)
            row[f"{call}_p50_ms"] = _pct(values, 0.5)
            row[f"{call}_p99_ms"] = _pct(values, 0.99)
            row[f"{call}_mean_ms"] = round(statistics.fmean(values) * 1000, 2) if values else None
        row["commands"] = {k[1]: n for k, n in sorted(commands.items()) if k[0] == kind}
        result[kind] = row
    for call in ("health", "view"):
        quiet, held = result["quiet"][f"{call}_p99_ms"], result["held"][f"{call}_p99_ms"]
        result[f"{call}_p99_held_over_quiet"] = round(held / quiet, 2) if quiet and held else None
    result["held_p99_target_met"] = all(
        (result["held"][f"{c}_p99_ms"] or 1e9) <= 100 for c in ("health", "view")
    )
    result["probe_failures"] = dict(failures)
    return result


def run(quick: bool = False) -> dict[str, Any]:
    return measure(1.0 if quick else 3.0, 1 if quick else 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--window", type=float, default=3.0, help="seconds per window")
    parser.add_argument("--repeat", type=int, default=2, help="quiet/held cycles")
    parser.add_argument("--quick", action="store_true", help="one short cycle")
    args = parser.parse_args()
    result = run(quick=True) if args.quick else measure(args.window, args.repeat)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()

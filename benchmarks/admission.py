"""Another client's latency while clients without a token send 15 MB ImportGame bodies, with the
check made before the body (:mod:`skald.service.grpc.admission`) and without it, in the same run.

A real server (one process, a SQLite file, the operator token set, not ``--open``, the request
log on, as ``skald serve`` runs) on a loopback port. A *victim* process asks for a game's public
view (GetView, no token) every 5 ms and records each call's latency. *Attacker* processes send
ImportGame calls without a token from several threads, as an even stream of ``--rate`` calls/s
in all (``--rate 0``: each thread back to back). Time is cut into windows of ``--window``
seconds that take turns — quiet, 15 MB bodies, quiet, 100-byte bodies — so quiet and attacked
calls share the same minutes of a shared machine; the first quarter of each window is left out
(calls of the window before may still be under way). The same is run on a server with the gate
and on the same server without it (this module's server process, with the gate left out: a
switch only the benchmark has), alternately ``--repeat`` times. Reported per server and window
kind: the victim's p50/p99 over all rounds, the p99 ratio to the quiet windows' (target: at
most 1.5× with the gate under 15 MB bodies), the attack's calls/s and statuses, and the server's
busy cores.

``python -m skald.benchmarks.admission [--seconds S] [--window W] [--repeat N] [--rate R]
[--attackers P] [--threads T]``.
"""

from __future__ import annotations

import argparse
import json
import logging
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
BODY_BYTES = 15 * 1024 * 1024
SMALL_BYTES = 100
TOKEN = "bench-operator-token"
IMPORT = "/skald.v1.Skald/ImportGame"
PACE = 0.005
"""Seconds between the victim's calls (it waits for each answer; a late one is not made up)."""
KINDS = ("quiet", "attacked", "quiet", "attacked_small")
"""What each window of a cycle is: no attack, 15 MB bodies, no attack, 100-byte bodies."""
SIZES = {"attacked": BODY_BYTES, "attacked_small": SMALL_BYTES}
SETTLE = 0.25
"""The part of a window left out of its latencies (the window before may still be ending)."""


def _kind(t: float, t0: float, window: float) -> tuple[str, float]:
    """The kind of the window at time ``t`` and how far into it ``t`` is (as a fraction)."""
    at = (t - t0) / window
    return KINDS[int(at) % len(KINDS)], at - int(at)


# ---------------------------------------------------------------------------- the server


def _serve(db: str, gate: bool, log: str) -> None:
    """The server process: prints its port, serves until its stdin closes."""
    from skald.service.bootstrap import open_service
    from skald.service.grpc import server as grpc_server

    logging.basicConfig(
        level=logging.INFO,
        filename=log,
        format="%(asctime)s %(levelname)s %(name)s %(message)s",
    )
    if not gate:  # the server as it was before issue 24: no interceptor, grpc's windows
        setattr(grpc_server, "interceptors", lambda policy: ())  # noqa: B010
        setattr(grpc_server, "SERVER_OPTIONS", ())  # noqa: B010
    svc = open_service(db, operator_token=TOKEN, open_creation=False)
    server, port = grpc_server.create_server(svc, "127.0.0.1:0")
    print(port, flush=True)
    sys.stdin.read()
    server.stop(1)


class _Server:
    def __init__(self, work: Path, gate: bool, tag: str) -> None:
        argv = [
            sys.executable,
            "-m",
            "skald.benchmarks.admission",
            "--serve",
            str(work / f"{tag}.db"),
        ]
        argv += ["--log", str(work / f"{tag}.log")] + ([] if gate else ["--no-gate"])
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, cwd=ROOT
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line.strip().isdigit():
            self.stop()
            raise RuntimeError(f"the benchmark's server did not start (said {line!r})")
        self.address = f"127.0.0.1:{int(line)}"

    def cpu(self) -> float:
        """CPU seconds the server process has used."""
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _new_game(address: str) -> str:
    import grpc

    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc

    with grpc.insecure_channel(address) as channel:
        stub = skald_pb2_grpc.SkaldStub(channel)
        made = stub.CreateGame(
            pb.CreateGameRequest(game="red_north", players=3),
            metadata=(("authorization", f"Bearer {TOKEN}"),),
            timeout=30,
        )
        return str(made.game_id)


# ---------------------------------------------------------------------------- the clients


def _victim(address: str, game_id: str, t0: float, end: float) -> list[Any]:
    """(start time, latency ms) of public GetView calls, one every :data:`PACE` seconds, from
    ``t0`` to ``end``."""
    import grpc

    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc

    with grpc.insecure_channel(address) as channel:
        stub = skald_pb2_grpc.SkaldStub(channel)
        request = pb.GetViewRequest(game_id=game_id)
        for _ in range(20):  # warm: connection, first calls
            stub.GetView(request, timeout=30)
        time.sleep(max(0.0, t0 - time.time()))
        out: list[Any] = []
        next_at = time.time()
        while (now := time.time()) < end:
            if now < next_at:
                time.sleep(next_at - now)
            started = time.time()
            begun = time.perf_counter()
            stub.GetView(request, timeout=30)
            out.append((started, (time.perf_counter() - begun) * 1000))
            next_at = started + PACE
        return out


def _attacker(
    address: str,
    threads: int,
    first: int,
    spread: int,
    schedule: tuple[float, float, float],
    interval: float,
) -> dict[str, dict[str, int]]:
    """ImportGame calls without a token from ``threads`` threads (one channel each) in the
    attack windows of ``schedule`` (start, window, end): 15 MB or 100-byte bodies as the window
    says, each thread starting one call every ``interval`` seconds (at once when its last took
    longer; 0: back to back); threads ``first``… of ``spread`` start evenly apart, so the calls
    come as a stream, not in bursts. How many calls of each kind ended with each status."""
    import grpc

    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb

    t0, window, end = schedule
    bodies = {
        kind: pb.ImportGameRequest(jsonl="x" * size).SerializeToString()
        for kind, size in SIZES.items()
    }
    codes: dict[str, Counter[str]] = {kind: Counter() for kind in SIZES}
    lock = threading.Lock()

    def run(index: int) -> None:
        options = [("grpc.max_send_message_length", -1)]
        with grpc.insecure_channel(address, options=options) as channel:
            call = channel.unary_unary(IMPORT)  # bytes in and out: nothing to encode per call
            offset = (interval or window) * index / spread
            next_at = t0 + offset
            while (now := time.time()) < end:
                kind, into = _kind(max(now, next_at), t0, window)
                if kind not in SIZES:  # a quiet window: wait for the next one, in step
                    next_at = max(now, next_at) + (1 - into) * window + offset
                    time.sleep(max(0.0, next_at - time.time()))
                    continue
                if now < next_at:
                    time.sleep(next_at - now)
                next_at = max(now, next_at) + interval
                try:
                    call(bodies[kind], timeout=30)
                    code = "OK"
                except grpc.RpcError as error:
                    code = error.code().name
                with lock:
                    codes[kind][code] += 1

    workers = [threading.Thread(target=run, args=(first + i,)) for i in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return {kind: dict(counted) for kind, counted in codes.items()}


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _round(
    pool: Any, server: _Server, seconds: float, window: float, load: tuple[int, int, float]
) -> dict[str, Any]:
    """One server's round: the victim's latencies by window kind, the attack's statuses, the
    server's CPU seconds by window kind."""
    attackers, threads, rate = load
    interval = attackers * threads / rate if rate else 0.0
    game_id = _new_game(server.address)
    t0 = time.time() + 3.0  # every process started and warm
    end = t0 + seconds
    attacks = [
        pool.apply_async(
            _attacker,
            (
                server.address,
                threads,
                p * threads,
                attackers * threads,
                (t0, window, end),
                interval,
            ),
        )
        for p in range(attackers)
    ]
    victim = pool.apply_async(_victim, (server.address, game_id, t0, end))
    cpu: dict[str, float] = {kind: 0.0 for kind in KINDS}
    at, last = t0, None
    while at < end:  # the server's CPU, read at every window's edge
        time.sleep(max(0.0, at - time.time()))
        now = server.cpu()
        if last is not None:
            cpu[_kind(at - window / 2, t0, window)[0]] += now - last
        last, at = now, at + window
    latencies: dict[str, list[float]] = {kind: [] for kind in KINDS}
    for started, ms in victim.get():
        kind, into = _kind(started, t0, window)
        if into >= SETTLE:
            latencies[kind].append(ms)
    codes: dict[str, Counter[str]] = {kind: Counter() for kind in SIZES}
    for attack in attacks:
        for kind, counted in attack.get().items():
            codes[kind].update(counted)
    return {"latencies": latencies, "codes": codes, "cpu": cpu}


def _summary(rounds: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    """Per window kind, over all rounds: p50/p99, the p99 ratio to quiet (pooled and per round),
    attack calls/s and statuses, the server's busy cores."""
    share = {kind: KINDS.count(kind) / len(KINDS) for kind in KINDS}
    out: dict[str, Any] = {}
    for kind in dict.fromkeys(KINDS):
        pooled = [ms for r in rounds for ms in r["latencies"][kind]]
        entry: dict[str, Any] = {
            "calls": len(pooled),
            "p50_ms": round(statistics.median(pooled), 3),
            "p99_ms": round(_percentile(pooled, 0.99), 3),
            "server_cores_busy": round(
                sum(r["cpu"][kind] for r in rounds) / (seconds * share[kind] * len(rounds)), 2
            ),
        }
        if kind in SIZES:
            codes: Counter[str] = Counter()
            for r in rounds:
                codes.update(r["codes"][kind])
            entry["attack_calls_per_s"] = round(
                sum(codes.values()) / (seconds * share[kind] * len(rounds)), 1
            )
            entry["attack_codes"] = dict(codes)
            quiet = out["quiet"]["p99_ms"]
            entry["p99_vs_quiet"] = round(entry["p99_ms"] / quiet, 2)
            entry["p99_vs_quiet_each_round"] = [
                round(
                    _percentile(r["latencies"][kind], 0.99)
                    / _percentile(r["latencies"]["quiet"], 0.99),
                    2,
                )
                for r in rounds
            ]
        out[kind] = entry
    return out


def measure(
    seconds: float = 16.0,
    window: float = 1.0,
    repeat: int = 3,
    rate: float = 40.0,
    attackers: int = 2,
    threads: int = 2,
) -> dict[str, Any]:
    """Gated and ungated servers, alternately ``repeat`` times (see the module's docstring)."""
    runs: dict[str, list[dict[str, Any]]] = {"gate": [], "no_gate": []}
    load = (attackers, threads, rate)
    context = multiprocessing.get_context("spawn")  # no fork of a process that loaded grpc
    with tempfile.TemporaryDirectory(prefix="skald-admission-") as tmp:
        work = Path(tmp)
        with context.Pool(attackers + 1) as pool:
            for round_ in range(repeat):
                for tag in runs:
                    server = _Server(work, tag == "gate", f"{tag}-{round_}")
                    try:
                        runs[tag].append(_round(pool, server, seconds, window, load))
                    finally:
                        server.stop()
    gate, no_gate = _summary(runs["gate"], seconds), _summary(runs["no_gate"], seconds)
    return {
        "victim": f"public GetView every {PACE * 1000:g} ms",
        "attack": f"ImportGame without a token, {BODY_BYTES // (1024 * 1024)} MB bodies "
        f"(and {SMALL_BYTES}-byte ones), {attackers} processes x {threads} threads, "
        + (f"{rate:g} calls/s offered" if rate else "back to back"),
        "seconds": seconds,
        "window_s": window,
        "repeat": repeat,
        "gate": gate,
        "no_gate": no_gate,
        "p99_vs_quiet": {
            "gate": gate["attacked"]["p99_vs_quiet"],
            "gate_100_byte_bodies": gate["attacked_small"]["p99_vs_quiet"],
            "no_gate": no_gate["attacked"]["p99_vs_quiet"],
            "no_gate_100_byte_bodies": no_gate["attacked_small"]["p99_vs_quiet"],
            "target_gate": 1.5,
        },
    }


def run(quick: bool = False) -> dict[str, Any]:
    return measure(seconds=8.0, repeat=1) if quick else measure()


def main() -> None:
    parser = argparse.ArgumentParser(
        prog="python -m skald.benchmarks.admission", description=__doc__
    )
    parser.add_argument("--seconds", type=float, default=16.0, help="seconds per server and round")
    parser.add_argument("--window", type=float, default=1.0, help="seconds per window")
    parser.add_argument("--repeat", type=int, default=3, help="rounds (gated, then ungated)")
    parser.add_argument(
        "--rate", type=float, default=40.0, help="attack calls/s offered in all (0: back to back)"
    )
    parser.add_argument("--attackers", type=int, default=2, help="attacking processes")
    parser.add_argument("--threads", type=int, default=2, help="threads per attacker")
    parser.add_argument("--serve", help=argparse.SUPPRESS)  # the server process (a db path)
    parser.add_argument("--log", help=argparse.SUPPRESS)
    parser.add_argument("--no-gate", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        _serve(args.serve, not args.no_gate, args.log or os.devnull)
        return
    out = measure(args.seconds, args.window, args.repeat, args.rate, args.attackers, args.threads)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()

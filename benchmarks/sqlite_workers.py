"""``skald serve --workers 1`` against ``--workers 2`` on one SQLite file (issue 27), per load
(``python -m skald.benchmarks.sqlite_workers``; ``--quick``: one pair of 2 s loads).

Loads, each from client processes (spawned: no GIL shared with the harness), each thread on a
connection of its own (so ``--workers`` spreads them) and on games of its own (no conflicts):

* **write**: CreateGame as fast as the server answers: every call is one append transaction,
  no read;
* **play**: GetView, ListLegalCommands, SubmitCommand on the thread's games: a write per two
  reads (what players do);
* **read**: GetView of the thread's games: no write.

Each load runs ``--workers 1`` then ``--workers 2`` on fresh SQLite files in a temp folder,
``--repeat`` pairs, alternated. Prints calls/s per run, the medians and the ratio
``workers_2 / workers_1`` per load.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import shutil
import statistics
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

CLIENTS, THREADS, GAMES = 2, 4, 48
LOADS = ("write", "play", "read")


def _client(address: str, load: str, games: list[tuple[str, str]], start_at: float,
            stop_at: float) -> int:  # fmt: skip
    import grpc

    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc

    counts = [0] * THREADS

    def run(index: int) -> None:
        channel = grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
        stub = pb_grpc.SkaldStub(channel)
        mine = games[index::THREADS] or games
        turn = 0
        while time.time() < start_at:
            time.sleep(0.005)
        while time.time() < stop_at:
            turn += 1
            try:
                if load == "write":
                    stub.CreateGame(pb.CreateGameRequest(game="red_north", players=3), timeout=10)
                    counts[index] += 1
                    continue
                game_id, token = mine[turn % len(mine)]
                md = (("authorization", f"Bearer {token}"),)
                view = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=md, timeout=10)
                if load == "read":
                    counts[index] += 1
                    continue
                if view.finished or not view.to_act:
                    continue
                seat = view.to_act[0]
                legal = stub.ListLegalCommands(
                    pb.ListLegalCommandsRequest(game_id=game_id, seat=seat), metadata=md, timeout=10
                )
                if legal.commands:
                    stub.SubmitCommand(
                        pb.SubmitCommandRequest(
                            game_id=game_id,
                            seat=seat,
                            command=legal.commands[turn % len(legal.commands)],
                            expected_version=legal.version,
                        ),
                        metadata=md,
                        timeout=10,
                    )
                    counts[index] += 1
            except grpc.RpcError:
                time.sleep(0.01)
        channel.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(THREADS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return sum(counts)


def _once(work: Path, tag: str, load: str, workers: int, seconds: float) -> float:
    from skald.tools.loadtest.servers import Served, create_games

    server = Served(str(work / f"{tag}.db"), workers, work / f"{tag}.log")
    try:
        games = create_games(server.address, GAMES) if load != "write" else []
        start_at = time.time() + 1.5  # the spawned clients' imports
        stop_at = start_at + seconds
        context = multiprocessing.get_context("spawn")
        with context.Pool(CLIENTS) as pool:
            parts = [
                pool.apply_async(
                    _client, (server.address, load, games[i::CLIENTS], start_at, stop_at)
                )
                for i in range(CLIENTS)
            ]
            done = sum(p.get(seconds + 60) for p in parts)
        return round(done / seconds, 1)
    finally:
        server.stop()


def run(repeat: int = 3, seconds: float = 4.0, loads: tuple[str, ...] = LOADS) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="skald-sqlite-workers-"))
    runs: dict[str, dict[str, list[float]]] = {load: {"1": [], "2": []} for load in loads}
    try:
        for turn in range(repeat):
            for load in loads:
                order = (1, 2) if turn % 2 == 0 else (2, 1)  # alternated, each first in turn
                for workers in order:
                    rate = _once(work, f"{load}-{turn}-{workers}", load, workers, seconds)
                    runs[load][str(workers)].append(rate)
                    print(f"{load} --workers {workers}: {rate} calls/s", flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    out: dict[str, Any] = {}
    for load, by in runs.items():
        one, two = statistics.median(by["1"]), statistics.median(by["2"])
        out[load] = {
            "workers_1_per_s": by["1"],
            "workers_2_per_s": by["2"],
            "pair_ratios": [round(b / a, 2) for a, b in zip(by["1"], by["2"], strict=True)],
            "median_ratio": round(two / max(one, 1e-9), 2),
        }
    return out


if __name__ == "__main__":
    parser = argparse.ArgumentParser(prog="python -m skald.benchmarks.sqlite_workers")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--load", choices=LOADS, action="append", help="default: every load")
    parser.add_argument("--quick", action="store_true", help="one pair of 2 s loads")
    args = parser.parse_args()
    repeat, seconds = (1, 2.0) if args.quick else (args.repeat, args.seconds)
    print(json.dumps(run(repeat, seconds, tuple(args.load or LOADS)), indent=2))

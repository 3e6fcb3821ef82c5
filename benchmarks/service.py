"""Service benchmarks, each against a baseline measured in the same run on the same machine.

* **command path** — the same recorded commands submitted through ``GameService`` on a fresh
  SQLite file, interleaved command by command with the bare ``eventsourcing`` library saving the
  same rows (one save per command) and raw ``sqlite3`` inserting the same bytes; wall and CPU
  ratios, and the disk's median fsync of the same run (:func:`skald.benchmarks.honest.command_path`).
  Before issue 27 this divided by single-event saves measured after the service's run, not
  interleaved: 1.81× one run, 0.74× the next.
* **rebuild events/s** — every stored game folded from an empty cache (a new repository per
  repetition), alternating with the library rebuilding aggregates of the same rows (target
  ≥ 0.7×). Before issue 27 it timed ``load(upto=V)`` again and again, which starts from a
  kept checkpoint after the first call (shown as ``checkpointed_load_vs_bare_not_a_rebuild``).
* **games/s** — whole random games through the service against the bare saves of their rows.
* **store size** — bytes per record on SQLite and PostgreSQL, against the events' data alone.
* **gRPC round trip** — SubmitCommand p50/p99 over loopback to a real server on SQLite, against
  the gRPC health-check round trip on the same channel (the transport floor).

Commands come from a random legal game played once in memory, so every run times the same work.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from skald.benchmarks import honest
from skald.domain.kernel import ServerChance
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.play import Step, random_game
from skald.service.app.lifecycle import CHOSEN_STREAM
from skald.service.app.requests import CreateGame
from skald.service.bootstrap import registry

SEED = b"bench-seed"


def recorded_game(
    game: str, players: int, seed: int, stream: str
) -> tuple[list[tuple[int, Any]], list[dict[str, Any]]]:
    """(seat, command) pairs of one random legal game, and its event payloads.

    A chosen seed's chance runs on ``CHOSEN_STREAM`` (``service/app/lifecycle.py``), so the game is
    played in memory on that same stream: the service then meets exactly these states."""
    rules = registry().rules(game)
    steps: list[tuple[int, Any]] = []
    payloads: list[dict[str, Any]] = []
    for item in random_game(rules, players, ServerChance(SEED, stream), random.Random(seed)):
        if isinstance(item, Step):
            steps.append((item.seat, item.command))
            payloads += [to_data(e) for e in item.events]
        else:
            payloads += [to_data(e) for e in item]
    return steps, payloads


def _fresh_service(path: Path) -> Any:
    from skald.service.bootstrap import open_service

    return open_service(str(path))


def plan(game: str, players: int, games: int) -> list[tuple[CreateGame, list[tuple[int, Any]]]]:
    """The games to submit: each created on ``SEED``, its commands recorded in memory."""
    return [
        (CreateGame(game, players, seed=SEED), recorded_game(game, players, g, CHOSEN_STREAM)[0])
        for g in range(games)
    ]


def service_numbers(
    game: str, players: int, games: int, repeats: int, size: bool = False
) -> dict[str, Any]:
    """The command path interleaved with the bare library's save and raw sqlite3 of the same
    rows, and the rebuild from an empty cache against the bare library's
    (:mod:`skald.benchmarks.honest`); with ``size``, the store's bytes per record."""
    played = plan(game, players, games)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = honest.command_path(folder, played)
        numbers: dict[str, Any] = dict(path["figures"])
        service_s = path["commands"] / numbers["service_commands_per_s"]
        bare_s = path["commands"] / numbers["bare_saves_per_s"]
        numbers.update(
            service_games_per_s=round(games / service_s, 2),
            bare_store_games_per_s=round(games / bare_s, 2),
            games_vs_bare_store=round(bare_s / service_s, 3),
        )
        numbers.update(honest.rebuild(folder, path["ids"], path["ledgers"], repeats))
        if size:
            numbers["store_size"] = honest.store_size(folder, played)
    return numbers


def grpc_numbers(game: str, players: int, calls_target: int) -> dict[str, float]:
    """SubmitCommand round trips over loopback against health-check round trips."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    from skald.service.contract import wire
    from skald.service.grpc.server import create_server, pb, pb_grpc

    latencies: list[float] = []
    floor: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        svc = _fresh_service(Path(tmp) / "skald.db")
        server, port = create_server(svc)
        channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        stub = pb_grpc.SkaldStub(channel)
        health = health_pb2_grpc.HealthStub(channel)
        rules = registry().rules(game)
        g = 0
        while len(latencies) < calls_target:
            created = stub.CreateGame(pb.CreateGameRequest(game=game, players=players, seed=SEED))
            steps, _ = recorded_game(game, players, 1000 + g, CHOSEN_STREAM)
            for seat, command in steps:
                request = pb.SubmitCommandRequest(
                    game_id=created.game_id,
                    seat=seat,
                    command=wire.command_to_proto(rules.name, command),
                )
                md = (("authorization", f"Bearer {created.seat_tokens[seat]}"),)
                started = time.perf_counter()
                stub.SubmitCommand(request, metadata=md)
                latencies.append(time.perf_counter() - started)
                started = time.perf_counter()
                health.Check(health_pb2.HealthCheckRequest(service="skald.v1.Skald"))
                floor.append(time.perf_counter() - started)
            g += 1
        channel.close()
        server.stop(0)
        svc.store.close()

    def pct(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return {
        "calls": len(latencies),
        "submit_p50_ms": round(pct(latencies, 0.5), 3),
        "submit_p99_ms": round(pct(latencies, 0.99), 3),
        "health_p50_ms": round(pct(floor, 0.5), 3),
        "submit_p50_vs_health_p50": round(pct(latencies, 0.5) / pct(floor, 0.5), 2),
    }


def domain_numbers(game: str, players: int, games: int) -> dict[str, float]:
    """Random full games per second in the pure engine (choosing included)."""
    rules = registry().rules(game)
    events = 0
    started = time.perf_counter()
    for g in range(games):
        for item in random_game(rules, players, ServerChance(SEED, f"d{g}"), random.Random(g)):
            events += len(item.events) if isinstance(item, Step) else len(item)
    elapsed = time.perf_counter() - started
    return {
        "domain_games_per_s": round(games / elapsed, 2),
        "mean_events_per_game": round(events / games, 1),
    }


def run(quick: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {}
    sizes = {"red_north": 4, "brian_boru": 5}
    for game in registry().names(playable_only=True):
        if game not in sizes:
            continue
        players = sizes[game]
        numbers: dict[str, Any] = {"players": players}
        numbers.update(domain_numbers(game, players, 5 if quick else 40))
        numbers.update(
            service_numbers(game, players, 1 if quick else 4, 3 if quick else 7, size=True)
        )
        if game == "red_north":
            numbers.update(grpc_numbers(game, players, 50 if quick else 1000))
        out[game] = numbers
    return out


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(run(quick="--quick" in sys.argv), indent=2))

"""Service benchmarks, each against a baseline measured in the same run on the same machine.

* **commands/s** — the same recorded command sequence submitted through ``GameService`` on a
  fresh SQLite file, against the bare ``eventsourcing`` append rate: an ``Aggregate`` saving one
  event per call with the same payload sizes, on its own fresh SQLite file (target ≥ 0.5×).
* **rebuild events/s** — loading a stored game from scratch (read, decode, fold the rules'
  ``evolve``), against the library rebuilding an aggregate of the same events and payloads
  with a trivial mutator (target ≥ 0.7×).
* **games/s** — whole random games (every command of each) through the service, against the
  games/s the bare store could append at its own rate (bare appends/s ÷ events per game).
* **gRPC round trip** — SubmitCommand p50/p99 over loopback to a real server on SQLite, against
  the gRPC health-check round trip on the same channel (the transport floor).

Commands come from a random legal game played once in memory, so every run times the same work.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

from skald.domain.kernel import ServerChance
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.play import Step, random_game
from skald.service.app.lifecycle import CHOSEN_STREAM
from skald.service.app.requests import CreateGame, SubmitMove
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


class Ledger(Aggregate):
    """The baseline aggregate: one event type carrying a payload, a trivial mutator."""

    def __init__(self) -> None:
        self.count = 0

    @event("Recorded")
    def record(self, data: dict[str, Any]) -> None:
        self.count += 1


class Bare(Application):  # type: ignore[type-arg]
    name = "bare"


def _sqlite(path: Path) -> dict[str, str]:
    return {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(path)}


def bare_append_rate(payloads: list[dict[str, Any]], folder: Path) -> tuple[float, str]:
    app = Bare(env=_sqlite(folder / "bare.db"))
    ledger = Ledger()
    app.save(ledger)
    started = time.perf_counter()
    for data in payloads:
        ledger.record(data)
        app.save(ledger)
    elapsed = time.perf_counter() - started
    app.close()
    return len(payloads) / elapsed, str(ledger.id)


def bare_rebuild_rate(folder: Path, ledger_id: str, events: int, repeats: int) -> float:
    import uuid

    app = Bare(env=_sqlite(folder / "bare.db"))
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        app.repository.get(uuid.UUID(ledger_id))
        times.append(time.perf_counter() - started)
    app.close()
    return events / statistics.median(times)


def _fresh_service(path: Path) -> Any:
    from skald.service.bootstrap import open_service

    return open_service(str(path))


def _replay_into(
    svc: Any, game: str, players: int, seed: int
) -> tuple[str, int, list[dict[str, Any]], float]:
    from skald.service.model.auth import OPERATOR

    created = svc.create(CreateGame(game, players, seed=SEED))
    steps, payloads = recorded_game(game, players, seed, CHOSEN_STREAM)
    started = time.perf_counter()
    for seat, command in steps:
        svc.submit(SubmitMove(created.game_id, seat, command, who=OPERATOR))
    return created.game_id, len(steps), payloads, time.perf_counter() - started


def service_numbers(game: str, players: int, games: int, repeats: int) -> dict[str, float]:
    """Commands/s and rebuild events/s through the service, with their baselines."""
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        total_commands = 0
        total_time = 0.0
        all_payloads: list[dict[str, Any]] = []
        game_ids = []
        svc = _fresh_service(folder / "skald.db")
        for g in range(games):
            gid, commands, payloads, elapsed = _replay_into(svc, game, players, g)
            game_ids.append(gid)
            total_commands += commands
            total_time += elapsed
            all_payloads += payloads
        stored_events = sum(svc.load(gid).version for gid in game_ids)
        svc.store.close()
        commands_per_s = total_commands / total_time
        events_per_s_appended = (stored_events - games * 2) / total_time
        bare_rate, ledger_id = bare_append_rate(all_payloads, folder)

        svc = _fresh_service(folder / "skald.db")
        versions = {gid: svc.store.read(gid)[-1].version for gid in game_ids}
        rebuild_times = []
        for _ in range(repeats):
            started = time.perf_counter()
            for gid in game_ids:
                svc.load(gid, upto=versions[gid])  # read + decode + fold, no cache
            rebuild_times.append(time.perf_counter() - started)
        svc.store.close()
        rebuild_rate = stored_events / statistics.median(rebuild_times)
        bare_rebuild = bare_rebuild_rate(folder, ledger_id, len(all_payloads), repeats)
    service_games_per_s = games / total_time
    bare_games_per_s = bare_rate / (stored_events / games)
    return {
        "service_games_per_s": round(service_games_per_s, 2),
        "bare_store_games_per_s": round(bare_games_per_s, 2),
        "games_vs_bare_store": round(service_games_per_s / bare_games_per_s, 3),
        "commands": total_commands,
        "service_commands_per_s": round(commands_per_s, 1),
        "service_events_per_s": round(events_per_s_appended, 1),
        "bare_appends_per_s": round(bare_rate, 1),
        "commands_vs_bare_append": round(commands_per_s / bare_rate, 3),
        "rebuild_events_per_s": round(rebuild_rate, 1),
        "bare_rebuild_events_per_s": round(bare_rebuild, 1),
        "rebuild_vs_bare": round(rebuild_rate / bare_rebuild, 3),
    }


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
        numbers.update(service_numbers(game, players, 1 if quick else 4, 3 if quick else 7))
        if game == "red_north":
            numbers.update(grpc_numbers(game, players, 50 if quick else 1000))
        out[game] = numbers
    return out


if __name__ == "__main__":
    import json

    print(json.dumps(run(), indent=2))

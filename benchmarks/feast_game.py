"""A Feast for Odin, whole 4-player games, each figure against a baseline of the same run.

* **games/s** — whole random games (the simulate picker of ``cli/autoplay/pickers.py``: it places goods,
  rolls dice, emigrates) submitted command by command through ``GameService`` on a fresh SQLite
  file, against the pure engine: the same games played in memory (``decide`` + ``evolve``,
  choosing included) and the same commands re-decided without choosing.
* **command path** — the same commands interleaved, command by command, with the bare
  ``eventsourcing`` library saving the same rows and raw ``sqlite3`` inserting the same bytes:
  wall and CPU ratios beside the disk's fsync (:func:`skald.benchmarks.honest.command_path`).
* **rebuild events/s** — each finished game folded from an empty cache (a new repository per
  repetition: no cached game, no checkpoint), alternating with the bare library rebuilding
  aggregates of the same rows with a trivial mutator (target ≥ 0.7×). Before issue 27 this
  timed ``load(upto=V)`` repeatedly, which after the first call starts from a kept
  checkpoint (still shown, as ``checkpointed_load_vs_bare_not_a_rebuild``).
* **store size** — bytes per record on SQLite and PostgreSQL against the events' data alone.
* **gRPC round trip late in a game** — ``SubmitCommand`` p50/p99 over loopback to a real
  server for the commands of the last third of each game (big boards, many goods), against the
  health-check round trip on the same channel measured after each call (target p50 ≤ 4×).

Games are recorded in memory on the chance the service will use (a chosen seed per game, on
``CHOSEN_STREAM``), so the service meets exactly the states the recording met, and every run
times the same work.
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path
from typing import Any

from skald.benchmarks import honest
from skald.benchmarks.service import SEED
from skald.cli.autoplay.pickers import feast as pick
from skald.domain.kernel import ServerChance
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.options import resolve_options
from skald.domain.kernel.play import fold
from skald.service.app.lifecycle import CHOSEN_STREAM
from skald.service.app.requests import CreateGame
from skald.service.bootstrap import open_service, registry

GAME, PLAYERS = "feast", 4


def _seed(g: int) -> bytes:
    return SEED + b"-feast-%d" % g


def recorded(seed: bytes, choices: int) -> tuple[list[tuple[int, Any]], list[dict[str, Any]]]:
    """(seat, command) pairs of one whole game by the simulate picker, and its event payloads,
    on the chance the service derives from the chosen ``seed`` (``CHOSEN_STREAM``)."""
    rules = registry().rules(GAME)
    chance = ServerChance(seed, CHOSEN_STREAM)
    picker = random.Random(choices)
    setup = rules.setup(PLAYERS, resolve_options(rules.options, {}), chance)
    state = fold(rules, PLAYERS, setup)
    payloads = [to_data(e) for e in setup]
    steps: list[tuple[int, Any]] = []
    while rules.outcome(state) is None:
        seat = picker.choice(sorted(rules.to_act(state)))
        command = pick(list(rules.legal_commands(state, seat)), picker)
        events = rules.decide(state, seat, command, chance)
        state = fold(rules, PLAYERS, events, state)
        steps.append((seat, command))
        payloads += [to_data(e) for e in events]
    return steps, payloads


def engine_numbers(games: int) -> dict[str, float]:
    """Pure-engine games/s: playing (choosing included), and re-deciding the same commands."""
    rules = registry().rules(GAME)
    started = time.perf_counter()
    plays = [recorded(_seed(g), g) for g in range(games)]
    playing = time.perf_counter() - started
    started = time.perf_counter()
    for g, (steps, _) in enumerate(plays):
        chance = ServerChance(_seed(g), CHOSEN_STREAM)
        state = fold(
            rules, PLAYERS, rules.setup(PLAYERS, resolve_options(rules.options, {}), chance)
        )
        for seat, command in steps:
            state = fold(rules, PLAYERS, rules.decide(state, seat, command, chance), state)
    deciding = time.perf_counter() - started
    return {
        "engine_games_per_s": round(games / playing, 2),
        "engine_replay_games_per_s": round(games / deciding, 2),
        "mean_commands_per_game": round(sum(len(s) for s, _ in plays) / games, 1),
        "mean_events_per_game": round(sum(len(p) for _, p in plays) / games, 1),
    }


def service_numbers(games: int, repeats: int, size: bool = False) -> dict[str, Any]:
    """Games/s through the service, interleaved command by command with the bare library's save
    and raw sqlite3 of the same rows; the rebuild of the finished games from an empty cache
    against the bare library's rebuild of the same rows (:mod:`skald.benchmarks.honest`)."""
    played = [(CreateGame(GAME, PLAYERS, seed=_seed(g)), recorded(_seed(g), g)[0])
              for g in range(games)]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = honest.command_path(folder, played)
        svc = open_service(str(folder / "skald.db"))
        rules = registry().rules(GAME)
        assert all(rules.outcome(svc.load(gid).state) for gid in path["ids"]), "every game ends"
        stored = sum(svc.load(gid).version for gid in path["ids"])
        svc.store.close()
        figures = path["figures"]
        numbers: dict[str, Any] = {
            "service_games_per_s": round(
                games * figures["service_commands_per_s"] / path["commands"], 2
            ),
            "stored_events_per_game": round(stored / games, 1),
            **figures,
        }
        numbers.update(honest.rebuild(folder, path["ids"], path["ledgers"], repeats))
        if size:
            numbers["store_size"] = honest.store_size(folder, played)
    return numbers


def grpc_numbers(games: int) -> dict[str, float]:
    """SubmitCommand late in each game against the health-check floor of the same channel."""
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    from skald.service.contract import wire
    from skald.service.grpc.server import create_server, pb, pb_grpc

    late: list[float] = []
    floor: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        svc = open_service(str(Path(tmp) / "skald.db"))
        server, port = create_server(svc)
        channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        stub = pb_grpc.SkaldStub(channel)
        health = health_pb2_grpc.HealthStub(channel)
        check = health_pb2.HealthCheckRequest(service="skald.v1.Skald")
        for g in range(games):
            created = stub.CreateGame(
                pb.CreateGameRequest(game=GAME, players=PLAYERS, seed=_seed(1000 + g))
            )
            steps, _ = recorded(_seed(1000 + g), 1000 + g)
            for i, (seat, command) in enumerate(steps):
                request = pb.SubmitCommandRequest(
                    game_id=created.game_id,
                    seat=seat,
                    command=wire.command_to_proto(GAME, command),
                )
                md = (("authorization", f"Bearer {created.seat_tokens[seat]}"),)
                started = time.perf_counter()
                stub.SubmitCommand(request, metadata=md)
                took = time.perf_counter() - started
                if i >= 2 * len(steps) // 3:
                    late.append(took)
                    started = time.perf_counter()
                    health.Check(check)
                    floor.append(time.perf_counter() - started)
        channel.close()
        server.stop(0)
        svc.store.close()

    def pct(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000

    return {
        "late_calls": len(late),
        "submit_late_p50_ms": round(pct(late, 0.5), 3),
        "submit_late_p99_ms": round(pct(late, 0.99), 3),
        "health_p50_ms": round(pct(floor, 0.5), 3),
        "submit_p50_vs_health_p50": round(pct(late, 0.5) / pct(floor, 0.5), 2),
    }


def run(quick: bool = False) -> dict[str, Any]:
    out: dict[str, Any] = {"players": PLAYERS, "length": "long"}
    out.update(engine_numbers(3 if quick else 20))
    out.update(service_numbers(1 if quick else 5, 3 if quick else 7, size=True))
    out["service_vs_engine_replay"] = round(
        out["service_games_per_s"] / out["engine_replay_games_per_s"], 3
    )
    out.update(grpc_numbers(1 if quick else 4))
    return out


if __name__ == "__main__":
    import json
    import sys

    print(json.dumps(run(quick="--quick" in sys.argv), indent=2))

"""Benchmark: checking one A Feast for Odin placement, and listing a seat's placements.

Issue 9: ``CheckCommand`` answers one placement in well under a millisecond, and
``ListLegalCommands`` sends placements grouped. On positions of random 4-player games played
through the service (goods in supply, boards partly covered), this times, in one run:

* ``rules.check`` of one ``PlaceGood`` (half of them legal, half one square off);
* the service's check path (``GameService.check``: load, check, decide, records, redaction)
  for the same commands at the latest version, and the gRPC ``CheckCommand`` round trip;
* the gRPC ``GetView`` round trip of the same run as the floor;
* ``ListLegalCommands`` with every placement listed against the grouped form (time, bytes).

Reports p50/p99 in microseconds. Run: ``python -m skald.benchmarks.feast_check`` from the repo root.
"""

from __future__ import annotations

import contextlib
import random
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

from skald.domain.feast.game import commands as cmd
from skald.domain.kernel.errors import SkaldError
from skald.service.app.games import GameService
from skald.service.app.requests import CheckCommand, CreateGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.contract import wire
from skald.service.grpc.server import create_server
from skald.service.model.auth import OPERATOR
from skald.service.store.event_store import EventStore


def _pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def _time(fn: Callable[[], Any], runs: int = 1) -> float:
    start = time.perf_counter()
    for _ in range(runs):
        with contextlib.suppress(SkaldError):
            fn()
    return (time.perf_counter() - start) / runs * 1e6


def _line(name: str, samples: list[float]) -> str:
    return (
        f"{name:<44} p50 {_pct(samples, 0.5):9.1f} µs   p99 {_pct(samples, 0.99):9.1f} µs"
        f"   (n={len(samples)}, mean {statistics.fmean(samples):.1f})"
    )


def _positions(svc: GameService, games: int) -> Iterator[tuple[str, str, int, list[Any]]]:
    """(game, referee token, seat, placements to check), every 40 commands of each game; the
    game waits at that version while the caller measures."""
    picker = random.Random(9)
    for g in range(games):
        created = svc.create(CreateGame("feast", 4, seed=f"bench-check-{g}".encode()))
        gid = created.game_id
        for step in range(400):
            loaded = svc.repo.load(gid)
            rules, state = loaded.rules, loaded.state
            if rules.outcome(state) is not None:
                break
            if step % 40 == 39:
                for s in range(4):
                    drops = [
                        c for c in rules.legal_commands(state, s) if isinstance(c, cmd.PlaceGood)
                    ]
                    if len(drops) > 50:
                        sample = picker.sample(drops, 25)
                        near = [
                            cmd.PlaceGood(c.board, c.piece, c.row + 1, c.col, c.rotation)
                            for c in sample
                        ]
                        yield gid, created.referee_token, s, sample + near
            seat = picker.choice(sorted(rules.to_act(state)))
            by_type: dict[str, list[Any]] = {}
            for c in rules.legal_commands(state, seat):
                by_type.setdefault(type(c).__name__, []).append(c)
            svc.submit(
                SubmitMove(
                    gid, seat, picker.choice(by_type[picker.choice(sorted(by_type))]), who=OPERATOR
                )
            )


def _measure(svc: GameService, rpc: Any, pb: Any, games: int) -> dict[str, list[float]]:
    times: dict[str, list[float]] = {k: [] for k in NAMES}
    sizes: list[tuple[int, int]] = []
    for gid, token, seat, commands in _positions(svc, games):
        loaded = svc.repo.load(gid)
        rules, state, at = loaded.rules, loaded.state, loaded.version

        def call(method: str, request: Any, who: str | None = token) -> Callable[[], Any]:
            return lambda: rpc.call(method, request, who)

        for c in commands:
            times["domain"].append(_time(partial(rules.check, state, seat, c), 20))
            times["service"].append(
                _time(partial(svc.check, CheckCommand(gid, at, seat, c, who=OPERATOR)))
            )
            check = pb.CheckCommandRequest(
                game_id=gid, at_version=at, seat=seat, command=wire.command_to_proto("feast", c)
            )
            times["remote"].append(_time(call("CheckCommand", check)))
            times["floor"].append(_time(call("GetView", pb.GetViewRequest(game_id=gid), None)))
        full = pb.ListLegalCommandsRequest(game_id=gid, seat=seat)
        compact = pb.ListLegalCommandsRequest(game_id=gid, seat=seat, compact_placements=True)
        times["listed"].append(_time(call("ListLegalCommands", full)))
        times["grouped"].append(_time(call("ListLegalCommands", compact)))
        sizes.append((call("ListLegalCommands", full)().ByteSize(), 0))
        sizes[-1] = (sizes[-1][0], call("ListLegalCommands", compact)().ByteSize())
    times["bytes listed"] = [float(a) for a, _ in sizes]
    times["bytes grouped"] = [float(b) for _, b in sizes]
    return times


NAMES = {
    "domain": "rules.check(PlaceGood)",
    "service": "GameService.check (service check path)",
    "remote": "gRPC CheckCommand round trip",
    "floor": "gRPC GetView round trip (floor)",
    "listed": "gRPC ListLegalCommands, every placement",
    "grouped": "gRPC ListLegalCommands, compact_placements",
}


def main() -> None:
    from tests.e2e_helpers import Rpc, pb

    with tempfile.TemporaryDirectory() as tmp:
        store = EventStore(str(Path(tmp) / "bench.db"))
        svc = GameService(store, registry())
        server, port = create_server(svc, "127.0.0.1:0")
        rpc = Rpc(port)
        try:
            times = _measure(svc, rpc, pb, 4)
        finally:
            rpc.close()
            server.stop(0)
            store.close()
    print(f"{len(times['listed'])} positions of 4-player games, {len(times['domain'])} checks")
    for key, name in NAMES.items():
        print(_line(name, times[key]))
    print(
        f"ListLegalCommands bytes: median {statistics.median(times['bytes listed']):.0f} "
        f"listed, {statistics.median(times['bytes grouped']):.0f} grouped"
    )


if __name__ == "__main__":
    main()

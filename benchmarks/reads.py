"""Reads that tests once timed (issue 25: no test asserts on wall-clock time), each against a
baseline measured in the same run:

* ``notation``: reading one move against the largest legal list of a Red North turn (210
  deploys) with :class:`skald.cli.words.notation.Moves`, against indexing that list once (targets on a
  quiet machine: indexing under 0.25 s, a read under 5 ms);
* ``fold``: folding whole 5-player Brian Boru games from their events, against playing them
  (the fold is a fraction of the play: it decides nothing);
* ``delivery``: a write on one server reaching a watcher of another server over the same store
  (SQLite: the log tail; PostgreSQL, if it answers: LISTEN/NOTIFY), against a watcher of the
  server that wrote (targets: under 0.5 s, well under PostgreSQL's 1 s fallback poll), in a
  database made for the run and dropped after it (:mod:`skald.tools.loadtest.databases`), or
  in a schema of its own of the database ``SKALD_BENCH_PG`` names.

Nothing here imports the tests: the games are the registered ones, the clients the project's
own (:class:`skald.service.client.RemoteClient`, the generated stub for the watchers)."""

from __future__ import annotations

import json
import os
import random
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from skald.service.app.requests import ListLegal, SubmitMove, ViewGame
from skald.service.model.auth import OPERATOR

PG: str | None = os.environ.get("SKALD_BENCH_PG") or None
"""A PostgreSQL database to use; None: one made for the run and dropped after it."""


def _notation(runs: int) -> dict[str, Any]:
    from skald.cli.words.notation import Moves
    from skald.domain.kernel import ServerChance, resolve_options
    from skald.domain.kernel.play import fold
    from skald.service.bootstrap import registry

    rules = registry().rules("red_north")
    state = fold(
        rules, 2, rules.setup(2, resolve_options(rules.options, {}), ServerChance(b"errors", "n"))
    )
    legal = list(rules.legal_commands(state, 0))
    builds, reads = [], []
    for _ in range(runs):
        started = time.perf_counter()
        moves = Moves("red-north", legal)
        builds.append(time.perf_counter() - started)
        texts = [row[2] for row in moves.rows]
        started = time.perf_counter()
        for text in texts:
            moves.read(text)
        reads.append((time.perf_counter() - started) / len(texts))
    built, per_read = statistics.median(builds), statistics.median(reads)
    return {
        "legal_moves": len(legal),
        "build_ms": round(built * 1000, 3),
        "read_ms": round(per_read * 1000, 4),
        "read_vs_build": round(per_read / built, 4) if built else None,
        "build_under_0_25_s": built < 0.25,
        "read_under_5_ms": per_read < 0.005,
    }


def _fold(games: int) -> dict[str, Any]:
    """Folding the events of whole Brian Boru games (5 players) against playing them."""
    from skald.domain.kernel import ServerChance
    from skald.domain.kernel.play import fold, random_game
    from skald.service.bootstrap import registry

    rules = registry().rules("brian_boru")
    played = folded = 0.0
    events: list[Any] = []
    for n in range(games):
        started = time.perf_counter()
        steps = list(random_game(rules, 5, ServerChance(b"fold", f"g{n}"), random.Random(n), {}))
        played += time.perf_counter() - started
        game = [e for step in steps for e in (step if isinstance(step, tuple) else step.events)]
        started = time.perf_counter()
        fold(rules, 5, game)
        folded += time.perf_counter() - started
        events += game
    return {
        "games": games,
        "events": len(events),
        "play_s": round(played, 4),
        "fold_s": round(folded, 4),
        "fold_vs_play": round(folded / played, 3) if played else None,
    }


def _delivery(url: str, runs: int) -> dict[str, Any]:
    """Median seconds from a write on server A to its delivery to a watcher of A (the
    baseline) and to a watcher of server B."""
    import grpc

    from skald.service.app.games import GameService
    from skald.service.bootstrap import registry
    from skald.service.client import RemoteClient
    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc
    from skald.service.grpc.server import create_server
    from skald.service.store.event_store import EventStore

    stores = [EventStore(url), EventStore(url)]
    servers = [create_server(GameService(s, registry())) for s in stores]
    chan_a, chan_b = (grpc.insecure_channel(f"127.0.0.1:{port}") for _, port in servers)
    a, b = skald_pb2_grpc.SkaldStub(chan_a), skald_pb2_grpc.SkaldStub(chan_b)
    rng = random.Random(3)
    local: list[float] = []
    other: list[float] = []
    try:
        for _ in range(runs):
            game = a.CreateGame(pb.CreateGameRequest(game="red_north", players=3), timeout=30)
            referee = RemoteClient(f"127.0.0.1:{servers[0][1]}", game.referee_token)
            referee.receipts = None
            watchers = [
                (stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id), timeout=60), took)
                for stub, took in ((a, local), (b, other))
            ]
            for stream, _ in watchers:
                next(stream)
            time.sleep(0.3)  # both watchers wait on their channels now
            started = time.perf_counter()
            seat = rng.choice(
                sorted(referee.view(ViewGame(game.game_id, None, None, who=OPERATOR)).to_act)
            )
            command = rng.choice(referee.legal(ListLegal(game.game_id, seat, who=OPERATOR))[0])
            version, _ = referee.submit(
                SubmitMove(game.game_id, seat, command, None, None, (), who=OPERATOR)
            )
            for stream, took in watchers:
                while next(stream).version < version:
                    pass
                took.append(time.perf_counter() - started)
                stream.cancel()
            referee.close()
    finally:
        chan_a.close()
        chan_b.close()
        for server, _ in servers:
            server.stop(0)
        for store in stores:
            store.close()
    same, across = statistics.median(local), statistics.median(other)
    return {
        "same_server_s": round(same, 4),
        "other_server_s": round(across, 4),
        "other_vs_same": round(across / same, 1) if same else None,
        "under_0_5_s": across < 0.5,
    }


def _postgresql(runs: int) -> dict[str, Any]:
    """:func:`_delivery` in a database (or, in ``PG``, a schema) of its own, dropped afterwards."""
    from skald.tools.loadtest.databases import given_or_own, reachable
    from skald.tools.loadtest.harness import _drop_schema, _pg_ready, schema_url

    problem = _pg_ready(PG) if PG else reachable()
    if problem is not None:
        return {"skipped": f"PostgreSQL unreachable: {problem}"}
    schema = f"skald_bench_{uuid.uuid4().hex[:10]}"
    with given_or_own(PG, "bench_reads") as pg:
        try:
            return _delivery(schema_url(pg, schema), runs)
        finally:
            _drop_schema(pg, schema)


def run(quick: bool = False) -> dict[str, Any]:
    runs = 3 if quick else 11
    result: dict[str, Any] = {
        "notation": _notation(runs),
        "fold": _fold(2 if quick else 10),
    }
    with tempfile.TemporaryDirectory(prefix="skald-bench-reads-") as work:
        result["delivery_sqlite"] = _delivery(str(Path(work) / "shared.db"), runs)
    result["delivery_postgresql"] = _postgresql(runs)
    return result


if __name__ == "__main__":
    print(json.dumps(run(quick="--quick" in sys.argv), indent=1))

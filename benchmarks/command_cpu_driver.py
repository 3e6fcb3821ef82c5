"""One side of :mod:`skald.benchmarks.command_cpu`: CPU per accepted command in one source tree.

Run as a script (``python command_cpu_driver.py TREE DB GAME PLAYERS GAMES [dry]``), never imported
from the tree it measures: it puts ``TREE`` first on ``sys.path`` (and drops the editable
install's finder), so ``service``/``domain`` are that tree's. It uses only what both the
current code and the code of the day issue 10 was filed have: ``open_service``, ``create``,
``authenticate``, ``submit``, the gRPC ``Servicer.SubmitCommand`` handler, ``wire``,
``random_game``. Prints one JSON line.

Every command goes through the gRPC handler; two scopes are timed with ``time.process_time``
(this process's CPU, SQLite's included):

* ``handler`` — what the server does for one SubmitCommand besides the transport: parse the
  request bytes, the handler (resolve, authenticate, decode, submit, redact, encode the events)
  and serialize the response;
* ``submit`` — the ``GameService.submit`` call inside it (decide, seal, append, cache).

Commands come from random legal games played in memory first (untimed) on the chosen-seed
stream, so the service meets exactly those states; one untimed game warms imports and caches.
``dry`` does all of it but the measured commands: run under valgrind, the difference of the two
instruction counts is the commands' alone (:func:`skald.benchmarks.command_cpu.instructions`).
"""

from __future__ import annotations

import importlib
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any


def _use_tree(tree: str) -> None:
    here = str(Path(__file__).resolve().parent)
    sys.path[:] = [p for p in sys.path if p not in ("", here)]
    sys.path.insert(0, tree)
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in repr(f).lower()]


def _module(old: str, new: str | None = None) -> Any:
    """A module of the measured tree in its own layout: under the one package ``skald`` with
    folders by role (issue 25, ``new``; ``old`` where the file did not move), or at the top as
    trees before it had them (``old``)."""
    try:
        return importlib.import_module(f"skald.{new or old}")
    except ModuleNotFoundError as error:
        if error.name not in ("skald", f"skald.{new or old}"):
            raise
        return importlib.import_module(old)


def _create(svc: Any, game: str, players: int, seed: bytes) -> Any:
    """A new game on the measured tree's service: through its request object where the tree
    has them (issue 25: ``skald.service.app.requests.CreateGame``), else with the arguments
    older trees' ``create`` took."""
    try:
        requests = importlib.import_module("skald.service.app.requests")
    except ModuleNotFoundError:  # a tree before the request objects (or before ``skald``)
        return svc.create(game, players, seed=seed)
    return svc.create(requests.CreateGame(game, players, seed=seed))


class _Context:
    """The little of ``grpc.ServicerContext`` the unary handlers touch on success."""

    def __init__(self, token: str) -> None:
        self._metadata = (("authorization", f"Bearer {token}"),)

    def invocation_metadata(self) -> Any:
        return self._metadata

    def abort_with_status(self, status: Any) -> None:
        raise RuntimeError(f"refused: {status}")

    def abort(self, code: Any, details: str) -> None:
        raise RuntimeError(f"refused: {code} {details}")

    def set_trailing_metadata(self, metadata: Any) -> None:
        pass


def _receipt_choice(pb: Any) -> dict[str, Any]:
    """``skip_receipt`` when ``SKALD_BENCH_SKIP_RECEIPT`` is set and the measured tree's
    request has the field (trees before receipts answer without one anyway)."""
    fields = pb.SubmitCommandRequest.DESCRIPTOR.fields_by_name
    if os.environ.get("SKALD_BENCH_SKIP_RECEIPT") and "skip_receipt" in fields:
        return {"skip_receipt": True}
    return {}


def _recorded(rules: Any, players: int, seed: bytes, stream: str, pick: int) -> list[Any]:
    kernel, play = _module("domain.kernel"), _module("domain.kernel.play")
    ServerChance, Step, random_game = kernel.ServerChance, play.Step, play.random_game

    chance = ServerChance(seed, stream)
    return [
        (item.seat, item.command)
        for item in random_game(rules, players, chance, random.Random(pick))
        if isinstance(item, Step)
    ]


def measure(
    tree: str, db: str, game: str, players: int, games: int, dry: bool = False
) -> dict[str, Any]:
    _use_tree(tree)
    service = _module("service")
    CHOSEN_STREAM = _module("service.lifecycle", "service.app.lifecycle").CHOSEN_STREAM
    bootstrap = _module("service.bootstrap")
    open_service, registry = bootstrap.open_service, bootstrap.registry
    wire = _module("service.wire", "service.contract.wire")
    grpc_server = _module("service.grpc_server", "service.grpc.server")
    Servicer, pb = grpc_server.Servicer, grpc_server.pb

    loaded_from = str(Path(service.__file__).resolve().parent.parent)
    assert loaded_from == str(Path(tree).resolve()), (loaded_from, tree)
    seed = b"cpu-bench-seed"
    rules = registry().rules(game)
    plays = [_recorded(rules, players, seed, CHOSEN_STREAM, g) for g in range(games + 1)]
    with tempfile.TemporaryDirectory() as tmp:
        target = ":memory:" if db == "memory" else str(Path(tmp) / "skald.db")
        svc = open_service(target)
        servicer = Servicer(svc)
        spent = {"submit": 0.0, "handler": 0.0, "wall": 0.0}
        submit = svc.submit

        def timed_submit(*args: Any, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return submit(*args, **kwargs)
            finally:
                spent["submit"] += time.process_time() - started

        svc.submit = timed_submit
        commands = 0
        for g, steps in enumerate(plays):
            created = _create(svc, game, players, seed)
            requests = [
                pb.SubmitCommandRequest(
                    game_id=created.game_id,
                    seat=seat,
                    command=wire.command_to_proto(rules.name, command),
                    **_receipt_choice(pb),
                ).SerializeToString()
                for seat, command in steps
            ]
            contexts = [_Context(t) for t in created.seat_tokens]
            if g == 0:  # warm-up: imports, caches, the first SQL statements
                for (seat, _), raw in zip(steps, requests, strict=True):
                    servicer.SubmitCommand(pb.SubmitCommandRequest.FromString(raw), contexts[seat])
                spent = dict.fromkeys(spent, 0.0)
                continue
            for (seat, _), raw in zip(steps, requests, strict=True):
                if dry:  # everything but the measured commands (instruction counts subtract it)
                    commands += 1
                    continue
                wall, started = time.perf_counter(), time.process_time()
                request = pb.SubmitCommandRequest.FromString(raw)
                servicer.SubmitCommand(request, contexts[seat]).SerializeToString()
                spent["handler"] += time.process_time() - started
                spent["wall"] += time.perf_counter() - wall
                commands += 1
        svc.store.close()
    return {
        "tree": tree,
        "db": db,
        "game": game,
        "players": players,
        "commands": commands,
        "submit_cpu_us": round(spent["submit"] / commands * 1e6, 1),
        "handler_cpu_us": round(spent["handler"] / commands * 1e6, 1),
        "handler_wall_us": round(spent["wall"] / commands * 1e6, 1),
    }


if __name__ == "__main__":
    tree_arg, db_arg, game_arg, players_arg, games_arg = sys.argv[1:6]
    dry_arg = sys.argv[6:7] == ["dry"]
    got = measure(tree_arg, db_arg, game_arg, int(players_arg), int(games_arg), dry_arg)
    print(json.dumps(got))

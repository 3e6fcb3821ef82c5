"""The load harness's Python clients (``--client python``, or where the native ones of
:mod:`skald.tools.loadtest.native` do not build — they play and watch the same way), each run in its
own (spawned) process so they do not share a GIL with each other or with the harness.

* :func:`race` plays random legal commands: every game is driven by one thread in *each* racer
  process, both submitting with ``expected_version``, so commands conflict on purpose (``ABORTED``
  is counted, never retried). The two racers' threads go round their games in opposite orders,
  so they meet on a game where their rounds cross: in the same order, whether they moved in
  step (and conflicted on nearly every move) or apart depended on timing, and the conflicts —
  work that counts for no command — swung commands/s by a third from run to run. A call that
  fails ``UNAVAILABLE`` or by deadline has an unknown outcome: it is retried with the same
  ``command_id`` until it is answered, so an acknowledged command is one the server said it
  wrote. Every acknowledged record (game, version, hash) is
  returned for the integrity check.
* :func:`spectate` opens many WatchGame streams on one ``grpc.aio`` loop and records every event
  received (for gaps, duplicates and hashes) and its delivery delay (receipt − the record's
  write time; same machine, same clock) for records written once the stream was live (after
  its first event). A broken stream resumes after its last version.
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
import uuid
from typing import Any

__all__ = ["race", "spectate"]

RETRYABLE = ("UNAVAILABLE", "DEADLINE_EXCEEDED", "CANCELLED")
INTERNAL = ("INTERNAL", "UNKNOWN")


def _stubs() -> tuple[Any, Any]:
    from skald.service.contract._generated.skald.v1 import skald_pb2, skald_pb2_grpc

    return skald_pb2, skald_pb2_grpc


def _channel(address: str) -> Any:
    import grpc

    # a connection of its own, so --workers spreads the threads over its processes
    return grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])


def race(
    addresses: list[str],
    games: list[tuple[str, str]],
    threads: int,
    start_at: float,
    stop_at: float,
    seed: int,
    rate: float = 0.0,
) -> dict[str, Any]:
    """Play ``games`` (id, referee token) from ``threads`` threads until ``stop_at``; with a
    ``rate``, this process makes that many attempts per second (view, legal, submit) in all,
    evenly paced, instead of as many as the server answers."""
    import grpc

    pb, pb_grpc = _stubs()
    lock = threading.Lock()
    out: dict[str, Any] = {
        "commands": 0,
        "conflicts": 0,
        "refused": 0,
        "retried": 0,
        "internal": 0,
        "submit_ms": [],
        "other_ms": [],
        "acks": [],
    }

    def submit(stub: Any, request: Any, md: Any) -> Any:
        """The answer to ``request`` (retried while its outcome is unknown) or the refusal."""
        deadline = stop_at + 20
        while True:
            try:
                return stub.SubmitCommand(request, metadata=md, timeout=5)
            except grpc.RpcError as error:
                name = error.code().name
                if name not in RETRYABLE or time.time() > deadline:
                    return error
                with lock:
                    out["retried"] += 1
                time.sleep(0.1)

    def play(index: int) -> None:
        rng = random.Random(seed * 1000 + index)
        stub = pb_grpc.SkaldStub(_channel(addresses[index % len(addresses)]))
        mine = [g for i, g in enumerate(games) if i % threads == index]
        if seed % 2:  # the other racer goes round the same games the other way
            mine.reverse()
        done: set[str] = set()
        every = threads / rate if rate else 0.0  # seconds between this thread's attempts
        next_at = start_at + every * index / threads
        while time.time() < start_at:
            time.sleep(0.01)
        while time.time() < stop_at and len(done) < len(mine):
            for game_id, token in mine:
                if game_id in done or time.time() >= stop_at:
                    continue
                if every:
                    time.sleep(max(0.0, next_at - time.time()))
                    next_at = max(next_at + every, time.time() - every)
                md = (("authorization", f"Bearer {token}"),)
                try:
                    t0 = time.perf_counter()
                    view = stub.GetView(pb.GetViewRequest(game_id=game_id), metadata=md, timeout=5)
                    t1 = time.perf_counter()
                    if view.finished or not view.to_act:
                        done.add(game_id)
                        continue
                    seat = rng.choice(list(view.to_act))
                    legal = stub.ListLegalCommands(
                        pb.ListLegalCommandsRequest(game_id=game_id, seat=seat),
                        metadata=md,
                        timeout=5,
                    )
                    t2 = time.perf_counter()
                except grpc.RpcError as error:
                    with lock:
                        out["internal" if error.code().name in INTERNAL else "refused"] += 1
                    time.sleep(0.05)
                    continue
                if not legal.commands:
                    continue
                request = pb.SubmitCommandRequest(
                    game_id=game_id,
                    seat=seat,
                    command=rng.choice(list(legal.commands)),
                    expected_version=legal.version,
                    command_id=uuid.uuid4().hex,
                )
                t3 = time.perf_counter()
                answer = submit(stub, request, md)
                t4 = time.perf_counter()
                with lock:
                    out["other_ms"] += [(t1 - t0) * 1000, (t2 - t1) * 1000]  # each call
                    if isinstance(answer, grpc.RpcError):
                        name = answer.code().name
                        key = (
                            "conflicts"
                            if name == "ABORTED"
                            else "internal"
                            if name in INTERNAL
                            else "refused"
                        )
                        out[key] += 1
                    else:
                        out["commands"] += 1
                        out["submit_ms"].append((t4 - t3) * 1000)
                        out["acks"].extend((game_id, e.version, e.hash) for e in answer.events)

    workers = [threading.Thread(target=play, args=(i,), daemon=True) for i in range(threads)]
    for worker in workers:
        worker.start()
    while time.time() < start_at:
        time.sleep(0.01)
    cpu = time.process_time()
    for worker in workers:
        worker.join()
    out["cpu_s"] = time.process_time() - cpu  # this process's CPU during the load
    return out


def spectate(
    addresses: list[str], games: list[str], count: int, start_at: float, stop_at: float
) -> dict[str, Any]:
    """``count`` WatchGame streams over ``games`` (round robin) until ``stop_at``."""
    return asyncio.run(_spectate(addresses, games, count, start_at, stop_at))


async def _spectate(
    addresses: list[str], games: list[str], count: int, start_at: float, stop_at: float
) -> dict[str, Any]:
    import grpc
    from grpc import aio

    pb, pb_grpc = _stubs()
    channels = [aio.insecure_channel(addresses[i % len(addresses)]) for i in range(min(count, 8))]
    out: dict[str, Any] = {
        "delivery_ms": [],
        "events": 0,
        "gaps": 0,
        "duplicates": 0,
        "internal": 0,
        "reconnects": 0,
        "seen": {},
    }
    seen: dict[str, dict[int, str]] = out["seen"]

    async def one(index: int) -> None:
        game_id = games[index % len(games)]
        stub = pb_grpc.SkaldStub(channels[index % len(channels)])
        position = 0
        opened = float("inf")  # delivery is timed once the stream is live (its first event)
        while time.time() < stop_at:
            try:
                stream = stub.WatchGame(
                    pb.WatchGameRequest(game_id=game_id, after_version=position)
                )
                async for event in stream:
                    now = time.time()
                    if event.version <= position:
                        out["duplicates"] += 1
                        continue
                    if event.version != position + 1:
                        out["gaps"] += 1
                    position = event.version
                    opened = min(opened, now)
                    out["events"] += 1
                    known = seen.setdefault(game_id, {})
                    known.setdefault(event.version, event.hash)
                    written = _epoch(event.at)
                    if written > opened:
                        out["delivery_ms"].append((now - written) * 1000)
                return
            except grpc.RpcError as error:
                if error.code().name in INTERNAL:
                    out["internal"] += 1
                out["reconnects"] += 1
                await asyncio.sleep(0.1)

    tasks = [asyncio.create_task(one(i)) for i in range(count)]
    await asyncio.sleep(max(0.0, start_at - time.time()))
    cpu = time.process_time()
    await asyncio.sleep(max(0.0, stop_at - time.time()))
    out["cpu_s"] = time.process_time() - cpu  # this process's CPU during the load
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    for channel in channels:
        await channel.close()
    return out


def _epoch(at: str) -> float:
    from datetime import datetime

    try:
        return datetime.fromisoformat(at).timestamp()
    except ValueError:
        return 0.0

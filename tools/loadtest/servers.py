"""The load harness's servers and its checks: real ``skald serve`` processes on loopback, the
bare ``eventsourcing`` append rate to compare with, and the integrity check after a run."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
import uuid
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from eventsourcing.domain import DomainEvent


@dataclass(frozen=True)
class Appended(DomainEvent):
    """The bare library's event: a payload the size of a small game event."""

    data: dict[str, Any]


__all__ = ["Served", "bare_append_rate", "create_games", "integrity", "start_server"]


class Served:
    """One ``skald serve`` process (with its workers), its port and its log."""

    def __init__(self, db: str, workers: int, log: Path, port: int = 0) -> None:
        self.db, self.workers, self.log = db, workers, log
        self.port = port
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def start(self) -> None:
        command = [
            sys.executable,
            "-m",
            "skald.cli.main",
            "serve",
            "--open",
            "--port",
            str(self.port),
        ]
        command += ["--db", self.db, "--workers", str(self.workers)]
        env = {**os.environ, "COLUMNS": "200"}
        err = self.log.open("ab")
        self.proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=err, env=env)
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline().decode()
        found = re.search(r":(\d+)", line)
        if not found:
            raise RuntimeError(f"skald serve did not start: {line!r} (log {self.log})")
        self.port = int(found.group(1))
        _wait_healthy(self.address, self.workers)

    @property
    def address(self) -> str:
        return f"127.0.0.1:{self.port}"

    def kill9(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def cpu_now(self) -> float:
        """CPU seconds used so far by the server and its worker processes (from ``/proc``)."""
        if self.proc is None:
            return 0.0
        pids = [self.proc.pid]
        try:
            pids += [int(p) for p in Path(f"/proc/{self.proc.pid}/task/{self.proc.pid}/children")
                     .read_text().split()]  # fmt: skip
            total = 0
            for pid in pids:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
                total += int(fields[11]) + int(fields[12])  # utime, stime
        except (OSError, ValueError, IndexError):
            return 0.0
        return total / os.sysconf("SC_CLK_TCK")

    def unhandled(self) -> int:
        """Server bugs logged (each is an INTERNAL a client received)."""
        return self.log.read_text(errors="replace").count("unhandled error")


def _wait_healthy(address: str, workers: int) -> None:
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    deadline = time.time() + 20
    healthy = 0
    while healthy < 2 * workers and time.time() < deadline:
        channel = grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
        try:
            stub = health_pb2_grpc.HealthStub(channel)
            stub.Check(health_pb2.HealthCheckRequest(), timeout=2)
            healthy += 1
        except grpc.RpcError:
            time.sleep(0.1)
        finally:
            channel.close()


def start_server(db: str, workers: int, log: Path) -> Served:
    return Served(db, workers, log)


def create_games(address: str, count: int) -> list[tuple[str, str]]:
    """``count`` Red North games for 3 (id, referee token)."""
    import grpc

    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc

    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.SkaldStub(channel)
        out = []
        for _ in range(count):
            made = stub.CreateGame(pb.CreateGameRequest(game="red_north", players=3), timeout=10)
            out.append((made.game_id, made.referee_token))
        return out


def integrity(
    address: str,
    games: list[tuple[str, str]],
    acks: list[tuple[str, int, str]],
    seen: dict[str, dict[int, str]],
) -> dict[str, int]:
    """Every game's history against what clients were told, and every game verified."""
    import grpc

    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc

    acked: dict[str, dict[int, str]] = defaultdict(dict)
    for game_id, version, digest in acks:
        acked[game_id][version] = digest
    counts = {"lost_events": 0, "duplicate_events": 0, "mismatched_events": 0}
    counts["failed_verifications"] = 0
    with grpc.insecure_channel(address) as channel:
        stub = pb_grpc.SkaldStub(channel)
        for game_id, token in games:
            md = (("authorization", f"Bearer {token}"),)
            events = stub.GetHistory(pb.GetHistoryRequest(game_id=game_id), metadata=md).events
            stored = {e.version: e.hash for e in events}
            versions = [e.version for e in events]
            if versions != list(range(1, len(versions) + 1)):
                counts["duplicate_events"] += len(versions) - len(set(versions))
            batches: dict[str, int] = {}
            previous = ""
            for e in events:  # a command id heads one batch only: no command applied twice
                if e.command_id and e.command_id != previous:
                    batches[e.command_id] = batches.get(e.command_id, 0) + 1
                previous = e.command_id
            counts["duplicate_events"] += sum(n - 1 for n in batches.values())
            for version, digest in acked.get(game_id, {}).items():
                if stored.get(version) != digest:
                    counts["lost_events"] += 1
            for version, digest in seen.get(game_id, {}).items():
                if stored.get(version) != digest:
                    counts["mismatched_events"] += 1
            report = stub.VerifyGame(pb.VerifyGameRequest(game_id=game_id), metadata=md)
            counts["failed_verifications"] += 0 if report.ok else 1
    return counts


def bare_append_rate(db: str, seconds: float = 1.0) -> float:
    """Appends/s of the bare ``eventsourcing`` library on the same kind of store: one event of
    a game-sized payload plus a head row per ``put``, as the service writes a one-event batch."""
    from eventsourcing.application import Application

    from skald.service.store.event_store import settings_for

    app: Application[Any] = Application(env=settings_for(db))
    payload = {"type": "Deploy", "cards": ["jarl-01", "raider-red-03"], "hash": "0" * 64}
    game, head, now = uuid.uuid4(), uuid.uuid4(), Appended.create_timestamp
    count, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        count += 1
        app.events.put(
            [
                Appended(
                    originator_id=game, originator_version=count, timestamp=now(), data=payload
                ),
                Appended(originator_id=head, originator_version=count, timestamp=now(), data={}),
            ]
        )
    rate = count / (time.perf_counter() - start)
    app.close()
    return rate

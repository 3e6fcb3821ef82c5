"""``skald serve --workers 2`` (``service/grpc/workers.py``): two processes on one port over one
SQLite file; connections reach both; commands racing through them leave one consistent,
verifiable game; SIGTERM stops them all."""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import grpc

from skald.service.contract._generated.skald.v1 import skald_pb2_grpc
from tests.e2e_helpers import GAME, pb


def _children(pid: int) -> list[int]:
    text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    return [int(p) for p in text.split()]


def _start_two_workers(tmp_path: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``skald serve --workers 2`` on a free port: the process and the first line it printed."""
    command = [sys.executable, "-m", "skald.cli.main", "serve", "--open", "--workers", "2"]
    command += ["--port", "0", "--db", str(tmp_path / "skald.db")]
    env = {**os.environ, "COLUMNS": "200"}
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    assert proc.stdout is not None
    return proc, proc.stdout.readline().decode()


def _stubs(line: str, count: int) -> tuple[list[grpc.Channel], list[skald_pb2_grpc.SkaldStub]]:
    """``count`` connections of their own to the server that printed ``line``, so the kernel
    spreads them over both workers."""
    found = re.search(r":(\d+)", line)
    assert found is not None, line
    address = f"127.0.0.1:{found.group(1)}"
    channels = [
        grpc.insecure_channel(address, options=[("grpc.use_local_subchannel_pool", 1)])
        for _ in range(count)
    ]
    for channel in channels:
        grpc.channel_ready_future(channel).result(timeout=15)
    return channels, [skald_pb2_grpc.SkaldStub(c) for c in channels]


def test_two_workers_share_one_port_and_one_store(tmp_path: Path) -> None:
    proc, line = _start_two_workers(tmp_path)
    try:
        assert "with 2 workers" in line, line
        assert len(_children(proc.pid)) == 2
        channels, stubs = _stubs(line, 8)
        game = stubs[0].CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
        md = (("authorization", f"Bearer {game.referee_token}"),)
        rng = random.Random(5)
        conflicts = 0
        for step in range(30):
            a, b = stubs[step % 8], stubs[(step + 3) % 8]
            view = a.GetView(pb.GetViewRequest(game_id=game.game_id), metadata=md, timeout=10)
            seat = rng.choice(list(view.to_act))
            listed = b.ListLegalCommands(
                pb.ListLegalCommandsRequest(game_id=game.game_id, seat=seat), metadata=md
            )
            request = pb.SubmitCommandRequest(
                game_id=game.game_id,
                seat=seat,
                command=rng.choice(list(listed.commands)),
                expected_version=listed.version,
            )
            a.SubmitCommand(request, metadata=md, timeout=10)
            try:  # the same version again through the other worker: one of them must lose
                b.SubmitCommand(request, metadata=md, timeout=10)
            except grpc.RpcError as error:
                assert error.code() == grpc.StatusCode.ABORTED
                conflicts += 1
        assert conflicts == 30
        history = stubs[5].GetHistory(pb.GetHistoryRequest(game_id=game.game_id), metadata=md)
        versions = [e.version for e in history.events]
        assert versions == list(range(1, len(versions) + 1))
        report = stubs[6].VerifyGame(pb.VerifyGameRequest(game_id=game.game_id), metadata=md)
        assert report.ok, report.problem
        for channel in channels:
            channel.close()
    finally:
        children = _children(proc.pid) if proc.poll() is None else []
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0
        time.sleep(0.1)
        for child in children:
            assert (
                not Path(f"/proc/{child}").exists()
                or "Z" in Path(f"/proc/{child}/stat").read_text().split()[2]
            )


def test_a_watcher_hears_the_other_workers_writes_at_once(tmp_path: Path) -> None:
    """Eight watchers over both workers, writes through one connection: every watcher gets
    each write in well under the log tail's one-second poll (``service/store/siblings.py``)."""
    import threading

    proc, line = _start_two_workers(tmp_path)
    try:
        channels, stubs = _stubs(line, 9)
        game = stubs[8].CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
        md = (("authorization", f"Bearer {game.referee_token}"),)
        start = stubs[8].GetView(pb.GetViewRequest(game_id=game.game_id), metadata=md).version
        heard: list[dict[int, float]] = [{} for _ in range(8)]
        streams = [
            stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id, after_version=start))
            for stub in stubs[:8]
        ]

        def read(index: int) -> None:
            try:
                for event in streams[index]:
                    heard[index].setdefault(event.version, time.time())
            except grpc.RpcError:
                pass  # cancelled at the end

        readers = [threading.Thread(target=read, args=(i,), daemon=True) for i in range(8)]
        for reader in readers:
            reader.start()
        time.sleep(0.5)  # every stream subscribed
        rng = random.Random(7)
        acked: dict[int, float] = {}
        for _ in range(12):
            view = stubs[8].GetView(pb.GetViewRequest(game_id=game.game_id), metadata=md)
            seat = rng.choice(list(view.to_act))
            listed = stubs[8].ListLegalCommands(
                pb.ListLegalCommandsRequest(game_id=game.game_id, seat=seat), metadata=md
            )
            answer = stubs[8].SubmitCommand(
                pb.SubmitCommandRequest(
                    game_id=game.game_id,
                    seat=seat,
                    command=rng.choice(list(listed.commands)),
                    expected_version=listed.version,
                ),
                metadata=md,
                timeout=10,
            )
            done = time.time()
            for event in answer.events:
                acked[event.version] = done
            time.sleep(0.05)
        deadline = time.time() + 5
        while time.time() < deadline and any(len(h) < len(acked) for h in heard):
            time.sleep(0.05)
        for stream in streams:
            stream.cancel()
        delays = sorted(max(0.0, h[v] - at) for h in heard for v, at in acked.items() if v in h)
        assert len(delays) == 8 * len(acked)  # every watcher got every write
        assert delays[int(0.9 * len(delays))] < 0.5, delays[-10:]  # not the 1 s poll
        for channel in channels:
            channel.close()
    finally:
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(15) == 0

"""``--workers``' parent process: a worker that dies is started again, one that cannot start
stops the server, and Ctrl-C (a SIGINT to the whole process group, then the parent's forwarded
SIGTERM) leaves each worker its whole grace period. Real forks, real signals; the workers run a
small stand-in for ``serve_one`` (the gRPC servers are tested end to end elsewhere)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

SCRIPT = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from skald.service.grpc.workers import run_workers

    work = Path(sys.argv[1])
    mode = sys.argv[2]

    def serve_one(index: int) -> None:
        starts = work / f"starts-{index}"
        with starts.open("a") as counted:
            counted.write("x")
        if mode == "never" or (mode == "once" and index == 1 and len(starts.read_text()) == 1):
            raise RuntimeError("cannot start")
        (work / f"up-{index}-{len(starts.read_text())}").touch()
        try:
            while True:
                time.sleep(0.05)
        except KeyboardInterrupt:
            time.sleep(0.6)  # the grace period: a second signal here would cut it short
            (work / f"stopped-{index}").touch()

    sys.exit(run_workers(2, serve_one, lambda: print("started", flush=True)))
    """
)


def _start(tmp_path: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", SCRIPT, str(tmp_path), mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal gives it
    )


def _until(check: object, timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():  # type: ignore[operator]
        if time.monotonic() > deadline:
            raise AssertionError("timed out")
        time.sleep(0.02)


def test_a_dead_worker_is_started_again_and_ctrl_c_stops_all_gracefully(tmp_path: Path) -> None:
    proc = _start(tmp_path, "once")
    try:
        _until(lambda: (tmp_path / "up-0-1").exists() and (tmp_path / "up-1-2").exists())
        os.killpg(proc.pid, signal.SIGINT)  # what Ctrl-C does: every process of the group
        _, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert "skald worker 1 failed: cannot start" in err
    assert "skald worker 1 exited with status 1; starting it again" in err
    assert (tmp_path / "stopped-0").exists() and (tmp_path / "stopped-1").exists(), err
    assert proc.returncode == 0, err


def test_a_worker_that_cannot_start_stops_the_server(tmp_path: Path) -> None:
    proc = _start(tmp_path, "never")
    try:
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 1
    assert "within 10 s of starting; stopping the server" in err
    starts = [len((tmp_path / f"starts-{i}").read_text()) for i in (0, 1)]
    assert max(starts) == 6, starts  # the first start and five more (the other is stopped)


@pytest.mark.parametrize(
    ("signum", "group"), [(signal.SIGTERM, False), (signal.SIGINT, False), (signal.SIGINT, True)]
)
def test_a_stop_signal_leaves_every_worker_its_grace_period(
    tmp_path: Path, signum: int, group: bool
) -> None:
    proc = _start(tmp_path, "serve")
    try:
        _until(lambda: (tmp_path / "up-0-1").exists() and (tmp_path / "up-1-1").exists())
        if group:  # Ctrl-C: the workers get it too, then the parent's forwarded SIGTERM
            os.killpg(proc.pid, signum)
        else:
            proc.send_signal(signum)
        out, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, err
    assert (tmp_path / "stopped-0").exists() and (tmp_path / "stopped-1").exists()
    assert "started" in out


READY_SCRIPT = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from skald.service.grpc.workers import ready, run_workers

    work = Path(sys.argv[1])
    mode = sys.argv[2]

    def serve_one(index: int) -> None:
        starts = work / f"starts-{index}"
        with starts.open("a") as counted:
            counted.write("x")
        n = len(starts.read_text())
        if mode == "no-restart" and index == 1 and n > 1:
            raise RuntimeError("cannot start again")
        ready()
        (work / f"pid-{index}-{n}").write_text(str(os.getpid()))
        try:
            while True:
                time.sleep(0.05)
        except KeyboardInterrupt:
            (work / f"stopped-{index}").touch()

    sys.exit(run_workers(2, serve_one, lambda: print("started", flush=True), ready_within=30))
    """
)


def _start_ready(tmp_path: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", READY_SCRIPT, str(tmp_path), mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def test_a_worker_killed_while_serving_never_counts_toward_the_crash_loop_guard(
    tmp_path: Path,
) -> None:
    """Issue 27: a serving worker killed from outside (kill -9, the OOM killer) is started
    again at once, however often; the guard is for workers that cannot start."""
    proc = _start_ready(tmp_path, "serve")
    kills = 7  # more than RESTARTS
    try:
        for n in range(1, kills + 1):
            pid_file = tmp_path / f"pid-1-{n}"
            _until(pid_file.exists)
            _until(lambda f=pid_file: f.read_text() != "")  # type: ignore[misc]
            os.kill(int(pid_file.read_text()), signal.SIGKILL)
        _until((tmp_path / f"pid-1-{kills + 1}").exists)
        assert proc.poll() is None  # still serving, the other worker untouched
        assert len((tmp_path / "starts-0").read_text()) == 1
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=15)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 0, err
    assert err.count("skald worker 1 exited with status -9; starting it again") == kills, err
    assert "stopping the server" not in err and "Traceback" not in err, err
    assert (tmp_path / "stopped-0").exists() and (tmp_path / "stopped-1").exists()


def test_a_restarted_worker_that_cannot_start_stops_the_server_in_one_line_each(
    tmp_path: Path,
) -> None:
    proc = _start_ready(tmp_path, "no-restart")
    try:
        _until((tmp_path / "pid-1-1").exists)
        _until(lambda: (tmp_path / "pid-1-1").read_text() != "")
        os.kill(int((tmp_path / "pid-1-1").read_text()), signal.SIGKILL)
        _, err = proc.communicate(timeout=30)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
    assert proc.returncode == 1, err
    assert "skald worker 1 exited with status -9; starting it again" in err
    assert err.count("could not start: cannot start again; starting it again") == 5, err
    assert "6 times in a row before it was serving; stopping the server" in err, err
    assert "Traceback" not in err
    assert len((tmp_path / "starts-1").read_text()) == 7  # the first, and six that failed


def test_a_real_server_keeps_serving_through_workers_killed_from_outside(tmp_path: Path) -> None:
    """``skald serve --workers 2``: one worker SIGKILLed four times; it is started again each
    time, and the server answers throughout and stops cleanly."""
    import re

    import grpc

    from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
    from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
    from tests.e2e_helpers import cli_env, skald_executable

    log = tmp_path / "log.txt"
    command = [skald_executable(), "serve", "--open", "--port", "0", "--workers", "2"]
    proc = subprocess.Popen(
        [*command, "--db", str(tmp_path / "w.db"), "--log-level", "warning"],
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
        env=cli_env(),
    )
    try:
        assert proc.stdout is not None
        found = re.search(r"127\.0\.0\.1:(\d+)", proc.stdout.readline())
        assert found, log.read_text()
        children = Path(f"/proc/{proc.pid}/task/{proc.pid}/children")
        with grpc.insecure_channel(f"127.0.0.1:{found.group(1)}") as channel:
            stub = pb_grpc.SkaldStub(channel)
            for n in range(4):
                pids = children.read_text().split()
                assert len(pids) == 2
                os.kill(int(pids[-1]), signal.SIGKILL)
                _until(lambda p=pids: len(set(children.read_text().split()) - set(p)) == 1)  # type: ignore[misc]
                _until(lambda n=n: log.read_text().count("starting it again") == n + 1)  # type: ignore[misc]
                made = stub.CreateGame(
                    pb.CreateGameRequest(game="red_north", players=3), timeout=30
                )
                assert made.game_id
        assert proc.poll() is None
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(30) == 0, log.read_text()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    err = log.read_text()
    assert err.count("exited with status -9; starting it again") == 4, err
    assert "stopping the server" not in err and "Traceback" not in err, err

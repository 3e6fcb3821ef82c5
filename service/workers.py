"""``skald serve --workers N``: N server processes on one port, the pattern gRPC's Python docs
give for multiprocessing.

Python runs one thread of bytecode at a time, so one process uses one core. The parent binds
the port with ``SO_REUSEPORT`` (reserving it, and failing at once if another program holds
it), then forks N children *before* any gRPC object or store connection exists (neither
survives a fork); each child opens its own store and serves with ``grpc.so_reuseport`` 1, and
the kernel spreads connections over them. The processes share nothing but the store: the
(game, version) uniqueness of every append is the optimistic lock, a command that loses a race
is decided again on the newer state (:mod:`service.commands`), and watchers hear of other
processes' writes at once through :mod:`service.siblings` (and from other programs through
:mod:`service.notify`). The parent forwards one SIGTERM on SIGINT/SIGTERM and exits
when every child has; a child that dies while serving is reported at once and started again.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
import time
from collections.abc import Callable
from types import FrameType

__all__ = ["reserve_port", "run_workers"]


def reserve_port(host: str, port: int) -> tuple[socket.socket, int]:
    """A socket bound to ``host:port`` with SO_REUSEPORT (not listening: it only holds the
    port, and names the free port when ``port`` is 0). ``OSError`` when the port is taken."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # past a former server's TIME_WAIT
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        sock.bind((host.strip("[]"), port))
    except OSError:
        sock.close()
        raise
    return sock, sock.getsockname()[1]


def _die_with_parent() -> None:
    """Ask Linux to SIGTERM this child when the parent dies (even by ``kill -9``), so no
    worker is left serving on its own; elsewhere a no-op."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


RESTARTS = 5
"""Restarts of a worker that died within :data:`QUICK` seconds of its start, in a row, before
the server gives up (a worker that cannot start will not start the sixth time either)."""
QUICK = 10.0


def _interrupt_once(signum: int, frame: FrameType | None) -> None:
    """A child's first SIGINT or SIGTERM stops its server gracefully (``KeyboardInterrupt``);
    later ones are ignored, so the signal a terminal sends the whole group (Ctrl-C) and the
    one the parent forwards do not cut the grace period short."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.default_int_handler(signum, frame)


def _spawn(index: int, serve_one: Callable[[int], None]) -> int:
    """Fork one worker running ``serve_one(index)``; its pid (the child never returns)."""
    stopping = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
    pid = os.fork()
    if pid == 0:  # the child: nothing of the parent's gRPC or store exists yet
        signal.signal(signal.SIGTERM, _interrupt_once)
        signal.signal(signal.SIGINT, _interrupt_once)
        _die_with_parent()
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
        status = 0
        try:
            serve_one(index)
        except KeyboardInterrupt:
            pass
        except BaseException as error:  # report and exit; never return into the parent's code
            print(f"skald worker {index} failed: {error}", file=sys.stderr)
            status = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(status)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
    return pid


def run_workers(
    count: int, serve_one: Callable[[int], None], started: Callable[[], None] = lambda: None
) -> int:
    """Fork ``count`` children running ``serve_one(index)``, call ``started`` once all are
    forked (signals are forwarded from then on), and wait for all; the exit status is 0 when
    every child ended cleanly.

    A worker that dies while the server runs is reported at once and started again with its
    index (its port share and sibling inbox), as a prefork server does: the others serve
    meanwhile. One that dies within :data:`QUICK` seconds of each of :data:`RESTARTS` starts
    in a row cannot start: the others are stopped and the status is 1."""
    children: dict[int, tuple[int, float]] = {}
    """pid → (worker index, when it started)."""
    stopping = False

    def forward(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        if stopping:  # one stop per worker: a second signal would cut its grace period
            return
        stopping = True
        for child in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signal.SIGTERM)

    # Installed before forking, with both signals blocked across each fork: a signal at any
    # moment reaches every child, and in a child both signals raise KeyboardInterrupt, so the
    # server in it stops gracefully on either.
    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    for index in range(count):
        children[_spawn(index, serve_one)] = (index, time.monotonic())
    started()
    failed = 0
    quick_deaths = [0] * count
    while children:
        try:
            pid, status = os.wait()
        except InterruptedError:
            continue
        except ChildProcessError:
            break
        index, born = children.pop(pid)
        code = os.waitstatus_to_exitcode(status)
        if stopping:
            if code not in (0, -signal.SIGTERM, -signal.SIGINT):
                failed += 1
                print(f"skald worker {index} exited with status {code}", file=sys.stderr)
            continue
        quick_deaths[index] = quick_deaths[index] + 1 if time.monotonic() - born < QUICK else 0
        if quick_deaths[index] > RESTARTS:
            print(
                f"skald worker {index} exited with status {code} {quick_deaths[index]} times "
                f"within {QUICK:g} s of starting; stopping the server",
                file=sys.stderr,
            )
            failed += 1
            forward(signal.SIGTERM, None)
            continue
        print(f"skald worker {index} exited with status {code}; starting it again", file=sys.stderr)
        sys.stderr.flush()
        children[_spawn(index, serve_one)] = (index, time.monotonic())
    return 1 if failed else 0

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
:mod:`service.notify`). The parent forwards SIGINT/SIGTERM and exits
when every child has; a child that dies is reported with its exit status.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import sys
from collections.abc import Callable
from types import FrameType

__all__ = ["reserve_port", "run_workers"]


def reserve_port(host: str, port: int) -> tuple[socket.socket, int]:
    """A socket bound to ``host:port`` with SO_REUSEPORT (not listening: it only holds the
    port, and names the free port when ``port`` is 0). ``OSError`` when the port is taken."""
    family = socket.AF_INET6 if ":" in host.strip("[]") else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
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


def run_workers(
    count: int, serve_one: Callable[[int], None], started: Callable[[], None] = lambda: None
) -> int:
    """Fork ``count`` children running ``serve_one(index)``, call ``started`` once all are
    forked (signals are forwarded from then on), and wait for all; the exit status is 0 when
    every child ended cleanly."""
    children: list[int] = []

    def forward(signum: int, _frame: FrameType | None) -> None:
        for child in children:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child, signum)

    # Installed before forking, with both signals blocked across each fork: a signal at any
    # moment reaches every child, and in a child both signals raise KeyboardInterrupt, so the
    # server in it stops gracefully on either.
    signal.signal(signal.SIGTERM, forward)
    signal.signal(signal.SIGINT, forward)
    stopping = {signal.SIGTERM, signal.SIGINT}
    for index in range(count):
        signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
        pid = os.fork()
        if pid == 0:  # the child: nothing of the parent's gRPC or store exists yet
            signal.signal(signal.SIGTERM, signal.default_int_handler)
            signal.signal(signal.SIGINT, signal.default_int_handler)
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
        children.append(pid)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
    started()
    failed = 0
    for child in children:
        while True:
            try:
                _, status = os.waitpid(child, 0)
                break
            except InterruptedError:
                continue
        code = os.waitstatus_to_exitcode(status)
        if code not in (0, -signal.SIGTERM, -signal.SIGINT):
            failed += 1
            print(f"skald worker pid {child} exited with status {code}", file=sys.stderr)
    return 1 if failed else 0

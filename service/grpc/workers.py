"""``skald serve --workers N``: N server processes on one port, the pattern gRPC's Python docs
give for multiprocessing.

Python runs one thread of bytecode at a time, so one process uses one core. The parent binds
the port with ``SO_REUSEPORT`` (reserving it, and failing at once if another program holds
it), then forks N children *before* any gRPC object or store connection exists (neither
survives a fork); each child opens its own store and serves with ``grpc.so_reuseport`` 1, and
the kernel spreads connections over them. The processes share nothing but the store: the
(game, version) uniqueness of every append is the optimistic lock, a command that loses a race
is decided again on the newer state (:mod:`skald.service.app.commands`), and watchers hear of other
processes' writes at once through :mod:`skald.service.store.siblings` (and from other programs through
:mod:`skald.service.store.notify`). The parent forwards one SIGTERM on SIGINT/SIGTERM and exits
when every child has; a child that dies while serving is reported at once and started again.

With ``ready_within`` the parent says it is serving only once every child has bound its port
(each calls :func:`ready`, which writes one line to a pipe of its own), and starts them one at
a time, each once the one before is serving: workers opening one fresh SQLite file together
raced on its index tables, and one failed with "database is locked" (it was started again
after the server had been announced). A worker that fails to start stops the others, and its
error, a :class:`~skald.domain.kernel.errors.SkaldError` sent up that pipe, is raised in the parent:
an operator sees one line and no announcement.

On one SQLite file (issue 27: "``--workers N`` is never slower than one process"), the
workers' writes take turns on ``<file>.write-turn``
(:func:`skald.service.store.event_store.take_write_turns`, called in each worker before it
opens the store): an exclusive ``flock`` held while a write connection is out, tried every
0.2–2 ms up to the write's lock bound. Before, they met on SQLite's own lock, whose busy
handler sleeps 1, 2, 5, 10 … 100 ms however soon it is free (strace, issue 27: 977 such sleeps
and 1,128 failed lock calls in 6 s). Measured with ``python -m skald.benchmarks.sqlite_workers``
(2 cores, 2 client processes × 4 threads on games of their own, 4 s loads, 3 alternated pairs,
``--workers 2`` / ``--workers 1``):

* commands (GetView, ListLegalCommands, SubmitCommand): 0.91, 0.92, 0.96 before; 1.29, 1.33,
  1.14 with the turns;
* CreateGame only (one append each, no read): 1.26, 1.66, 1.00 before; 1.46, 1.16, 1.26 with
  the turns;
* views only: 1.64, 1.40, 2.34 (no write: unchanged);
* ``skald loadtest --only sqlite_1,sqlite_workers_2 --repeat 3 --seconds 5`` (racers that
  conflict across workers, 50 spectators), with the turns: 1.38, 1.18, 1.31 (median 1.33).

So ``--workers N`` stays on SQLite, not refused nor cut to one process: reads spread over the
workers, and the writes, funnelled through the turn, no longer cost more than they give.
Refusing N > 1 would have thrown away the reads' 1.4–2.3×. Writes still serialize on the file
(one at a time, whatever N): to scale writes out, use PostgreSQL (its workers need no turn;
unchanged).
"""

from __future__ import annotations

import contextlib
import json
import os
import select
import signal
import socket
import sys
import time
from collections.abc import Callable
from types import FrameType

from skald.domain.kernel.errors import SkaldError

__all__ = ["ready", "reserve_port", "run_workers"]


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
"""Restarts of a worker that died before it was serving, in a row, before the server gives
up (a worker that cannot start will not start the sixth time either). With ``ready_within``
a worker is serving once it said :func:`ready` (a restarted one too): one killed from outside
while serving (``kill -9``, the OOM killer) is started again at once and never counts (issue
27: three kills of one worker of two stopped the whole server). Without it, a death within
:data:`QUICK` seconds of the start counts."""
QUICK = 10.0
BACKOFF = 0.1
"""Seconds before restarting a worker, times its quick deaths in a row (0.1 s, then 0.2 s, ...;
at once after a long life): a crash loop does not fork as fast as it can, the other workers
get the machine meanwhile, and a passing cause ("database is locked") has time to pass."""


def _interrupt_once(signum: int, frame: FrameType | None) -> None:
    """A child's first SIGINT or SIGTERM stops its server gracefully (``KeyboardInterrupt``);
    later ones are ignored, so the signal a terminal sends the whole group (Ctrl-C) and the
    one the parent forwards do not cut the grace period short."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    signal.default_int_handler(signum, frame)


_ready_pipe: int | None = None
"""In a worker the parent waits for, the write end of its pipe until :func:`ready`."""
READY = b"ready\n"


def ready() -> None:
    """Tell the parent this worker is serving (its server is bound); called by ``serve_one``.
    A no-op when the parent does not wait (no ``ready_within``) or after the first call."""
    global _ready_pipe
    if _ready_pipe is not None:
        with contextlib.suppress(OSError):  # a parent gone or done waiting needs no answer
            os.write(_ready_pipe, READY)
        os.close(_ready_pipe)
        _ready_pipe = None


def _report_failed_start(index: int, error: BaseException) -> None:
    """Send the parent why this worker could not start, as the one line it will print."""
    global _ready_pipe
    assert _ready_pipe is not None
    if isinstance(error, SkaldError):
        sent = {"rule": error.rule, "reason": error.reason, "kind": error.kind}
    else:
        cause = " ".join(str(error).split()) or type(error).__name__
        reason = f"worker {index} could not start: {cause[:1000]}"
        sent = {"rule": "serve/worker", "reason": reason, "kind": "error"}
    with contextlib.suppress(OSError):
        os.write(_ready_pipe, json.dumps(sent).encode() + b"\n")
    os.close(_ready_pipe)
    _ready_pipe = None


def _spawn(
    index: int,
    serve_one: Callable[[int], None],
    children: dict[int, tuple[int, float]],
    pipe: tuple[int, int] | None = None,
) -> int:
    """Fork one worker running ``serve_one(index)``; its pid (the child never returns), put
    in ``children`` before a stop signal can be handled (a stop during the fork reaches it
    too). ``pipe`` is (read end, write end) of the pipe it reports its start on."""
    global _ready_pipe
    stopping = {signal.SIGTERM, signal.SIGINT}
    signal.pthread_sigmask(signal.SIG_BLOCK, stopping)
    pid = os.fork()
    if pid == 0:  # the child: nothing of the parent's gRPC or store exists yet
        signal.signal(signal.SIGTERM, _interrupt_once)
        signal.signal(signal.SIGINT, _interrupt_once)
        _die_with_parent()
        if pipe is not None:
            os.close(pipe[0])
            _ready_pipe = pipe[1]
        status = 0
        try:  # a stop already pending arrives on unblocking: inside, so it ends here too
            signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
            serve_one(index)
        except KeyboardInterrupt:
            pass
        except BaseException as error:  # report and exit; never return into the parent's code
            if _ready_pipe is not None:  # not started yet: the parent prints it, once
                _report_failed_start(index, error)
                status = 2
            else:
                print(f"skald worker {index} failed: {error}", file=sys.stderr)
                status = 1
        finally:
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(status)
    children[pid] = (index, time.monotonic())
    signal.pthread_sigmask(signal.SIG_UNBLOCK, stopping)
    return pid


def run_workers(
    count: int,
    serve_one: Callable[[int], None],
    started: Callable[[], None] = lambda: None,
    *,
    ready_within: float | None = None,
) -> int:
    """Fork ``count`` children running ``serve_one(index)``, call ``started`` once all are
    forked (signals are forwarded from then on), and wait for all; the exit status is 0 when
    every child ended cleanly.

    With ``ready_within`` (seconds), each child is forked once the one before has called
    :func:`ready`, and ``started`` is called once all have; a child that ends first, or takes
    longer, stops the others and raises its :class:`SkaldError` here (``serve/worker`` for an
    error of another kind).

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
    if ready_within is None:
        for index in range(count):
            _spawn(index, serve_one, children)
        started()
    else:
        for index in range(count):
            read_end, write_end = os.pipe()
            pid = _spawn(index, serve_one, children, (read_end, write_end))
            os.close(write_end)  # the child's alone: at its exit the parent reads the end
            failure = _await_ready(read_end, pid, children, ready_within, lambda: stopping)
            if failure is not None:
                forward(signal.SIGTERM, None)
                _reap(children)
                raise failure
            if stopping:  # stopped while starting: nothing is announced; the loop reaps them
                break
        else:
            started()
    failed = 0
    quick_deaths = [0] * count
    serving = set(children)  # with ready_within, every first worker said it is serving
    starting: dict[int, tuple[int, bytearray]] = {}
    """Restarted workers not serving yet: pid → (read end of its pipe, what it sent)."""
    try:
        while children:
            if starting:
                _read_starts(starting, serving)
                try:
                    pid, status = os.waitpid(-1, os.WNOHANG)
                except ChildProcessError:
                    break
                if pid == 0:
                    continue
            else:
                try:
                    pid, status = os.wait()
                except InterruptedError:
                    continue
                except ChildProcessError:
                    break
            index, born = children.pop(pid)
            code = os.waitstatus_to_exitcode(status)
            sent = bytearray()
            if pid in starting:
                _read_starts(starting, serving, only=pid, wait=0.0)
                fd, sent = starting.pop(pid, (-1, bytearray()))
                if fd >= 0:
                    os.close(fd)
            if stopping:
                if code not in (0, -signal.SIGTERM, -signal.SIGINT):
                    failed += 1
                    print(f"skald worker {index} exited with status {code}", file=sys.stderr)
                continue
            if ready_within is None:
                before_serving = time.monotonic() - born < QUICK
            else:
                before_serving = pid not in serving
            serving.discard(pid)
            quick_deaths[index] = quick_deaths[index] + 1 if before_serving else 0
            why = f"exited with status {code}"
            if before_serving and sent:
                why = _failure(bytes(sent), index, code).reason  # its one line
            if quick_deaths[index] > RESTARTS:
                when = (
                    f"within {QUICK:g} s of starting"
                    if ready_within is None
                    else "in a row before it was serving"
                )
                print(
                    f"skald worker {index} {why} {quick_deaths[index]} times {when}; "
                    "stopping the server",
                    file=sys.stderr,
                )
                failed += 1
                forward(signal.SIGTERM, None)
                continue
            print(f"skald worker {index} {why}; starting it again", file=sys.stderr)
            sys.stderr.flush()
            time.sleep(BACKOFF * quick_deaths[index])  # no fork storm; a passing cause may clear
            if stopping:
                continue
            if ready_within is None:
                _spawn(index, serve_one, children)
            else:  # it says when it is serving, as the first did
                read_end, write_end = os.pipe()
                pid = _spawn(index, serve_one, children, (read_end, write_end))
                os.close(write_end)
                starting[pid] = (read_end, bytearray())
    finally:
        for fd, _ in starting.values():
            if fd >= 0:
                os.close(fd)
    return 1 if failed else 0


def _read_starts(
    starting: dict[int, tuple[int, bytearray]],
    serving: set[int],
    *,
    only: int | None = None,
    wait: float = 0.1,
) -> None:
    """Read what restarted workers sent on their pipes (``wait`` seconds at most): one that
    sent :data:`READY` is serving (its pipe closed, out of ``starting``); an error it sent
    is kept for when it exits."""
    fds = {fd: pid for pid, (fd, _) in starting.items() if fd >= 0 and only in (None, pid)}
    if not fds:
        return
    try:
        readable = select.select(list(fds), [], [], wait)[0]
    except InterruptedError:
        return
    for fd in readable:
        pid = fds[fd]
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            chunk = b""
        received = starting[pid][1]
        received += chunk
        if bytes(received) == READY:
            serving.add(pid)
            os.close(fd)
            del starting[pid]
        elif not chunk:  # the pipe's end: its exit says the rest
            os.close(fd)
            starting[pid] = (-1, received)


def _await_ready(
    fd: int,
    pid: int,
    children: dict[int, tuple[int, float]],
    within: float,
    stopping: Callable[[], bool],
) -> SkaldError | None:
    """Read worker ``pid``'s pipe to its end (it writes :data:`READY` or its error, then
    closes it): ``None`` once it is serving (or the server is stopping), else why it is not,
    the worker reaped and out of ``children``. Closes ``fd``."""
    index = children[pid][0]
    deadline = time.monotonic() + within
    received = b""
    try:
        while not stopping():
            left = deadline - time.monotonic()
            if left <= 0:
                return SkaldError(
                    "serve/worker", f"worker {index} was not serving within {within:g} s"
                )
            if not select.select([fd], [], [], left)[0]:
                continue
            chunk = os.read(fd, 4096)
            if chunk:
                received += chunk
                continue
            if received == READY or stopping():  # a worker told to stop is no failure
                return None
            children.pop(pid)
            _, status = os.waitpid(pid, 0)
            return _failure(received, index, os.waitstatus_to_exitcode(status))
        return None
    finally:
        os.close(fd)


def _failure(message: bytes, index: int, code: int) -> SkaldError:
    """The error a worker sent before exiting, or its exit status if it sent none."""
    with contextlib.suppress(ValueError, KeyError, TypeError):
        sent = json.loads(message)
        failure = SkaldError(str(sent["rule"]), str(sent["reason"]))
        failure.kind = str(sent["kind"])  # the worker's class of error, for --json
        return failure
    return SkaldError(
        "serve/worker", f"worker {index} exited with status {code} before it was serving"
    )


def _reap(children: dict[int, tuple[int, float]]) -> None:
    """Wait for every child (already told to stop) to exit."""
    while children:
        try:
            pid, _ = os.wait()
        except InterruptedError:
            continue
        except ChildProcessError:
            break
        children.pop(pid, None)

"""Starting and stopping a server process: one, or ``--workers`` sharing the port.

``skald serve`` parses its options and calls :func:`serve` with :class:`ServeSettings`; all
the rest is here: the port checked free before the store is made, the store checked once
(then opened anew by each worker after the fork), the collector settled, the listener bound
(a TLS failure named), SIGINT and SIGTERM made graceful stops, the ready line announced once
every worker listens, and the exit within seconds of a stop.

A stop drains (issue 27; :mod:`skald.service.grpc.health`): health says ``NOT_SERVING``, new calls are
refused with ``UNAVAILABLE``, the calls in flight are answered, streams end, then the server
stops, all within ``--shutdown-grace`` seconds, and one log line says how many calls drained
and how long it took. Before, SIGTERM stopped gRPC at once: 1 to 3 of 6 busy clients' calls
were ``CANCELLED``, and so was a health check. A store that is busy at start (SQLite's
"database is locked": another process writing, or a worker started beside another) is tried
again for up to :data:`BUSY_WITHIN` seconds, then refused in one line (``store/busy``).

A refused start is a
:class:`~skald.domain.kernel.errors.SkaldError` (``serve/port``, ``tls/rejected``, a store's
rule), raised before anything is announced.
"""

from __future__ import annotations

import logging
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skald.domain.kernel.errors import SkaldError

if TYPE_CHECKING:
    from skald.service.app.games import GameService
    from skald.service.grpc.metrics import Metrics
    from skald.service.grpc.server import Server
    from skald.service.grpc.tls import TlsFiles
    from skald.service.store.siblings import Siblings

READY_WITHIN = 60.0
"""Seconds ``--workers`` gives each worker to open the store and bind before giving up."""
SHUTDOWN_GRACE = 10.0
"""Seconds a stop gives the calls in flight (``--shutdown-grace``)."""
BUSY_WITHIN = 15.0
"""Seconds a start tries a busy store ("database is locked") again before it gives up."""

log = logging.getLogger("skald.server")


@dataclass(frozen=True, slots=True)
class ServeSettings:
    """What a server start needs, as ``skald serve`` parsed it."""

    target: str
    """The store (SQLite path or PostgreSQL URL)."""
    open_service: Callable[[], GameService]
    """Opens the service on :attr:`target` (the composition root's, with the operator token
    and creation policy): in this process, and anew in each worker after the fork."""
    host: str
    """Unbracketed (``::1``, not ``[::1]``)."""
    port: int
    workers: int = 1
    tls: TlsFiles | None = None
    shutdown_grace: float = SHUTDOWN_GRACE
    """Seconds a stop (SIGTERM, Ctrl-C) gives the calls in flight before they are cut."""
    metrics_port: int | None = None
    """Serve Prometheus metrics over HTTP on this port, on :attr:`host` (``--metrics-port``;
    :mod:`skald.service.grpc.metrics`); ``None``: no metrics, nothing more listens."""


@dataclass(frozen=True, slots=True)
class Ready:
    """What the ready line says, once the port is bound (every worker's, with ``--workers``)."""

    address: str
    workers: int
    store: str
    tls: bool
    receipt_key: str | None = None
    """The store's receipt key (a single process only)."""


def serve(settings: ServeSettings, announce: Callable[[Ready], None]) -> int:
    """Run the server until SIGINT or SIGTERM; ``announce`` is called once it listens. Returns
    the exit status (with ``--workers``, the workers'); a refused start raises SkaldError."""
    settle_memory()
    metrics = metrics_for(settings)
    if settings.workers > 1:
        return _serve_workers(settings, announce)
    port_free(settings.host, settings.port)  # before the store is made: a refused start leaves none
    svc = open_store(settings)
    server, bound = listen(
        svc, address_of(settings.host, settings.port), settings.tls, metrics=metrics
    )
    if metrics is not None and settings.metrics_port is not None:
        try:
            metrics.serve(settings.host, settings.metrics_port)
        except OSError as exc:
            server.stop(0)
            raise SkaldError(
                "serve/metrics-port",
                f"cannot serve metrics on {address_of(settings.host, settings.metrics_port)}: "
                f"{exc.strerror or exc}",
            ) from None
    stop_on_signals()  # before the line that says the server is ready
    try:
        announce(
            Ready(
                address_of(settings.host, bound),
                1,
                svc.store.target,
                settings.tls is not None,
                svc.receipt_key(),
            )
        )
        serve_until_stopped(server)
    except KeyboardInterrupt:
        drain_and_stop(server, settings.shutdown_grace)
    return 0


def _serve_workers(settings: ServeSettings, announce: Callable[[Ready], None]) -> int:
    from skald.service.grpc.workers import ready, reserve_port, run_workers
    from skald.service.store.event_store import settings_for, take_write_turns
    from skald.service.store.siblings import Siblings, sibling_names

    host, port, workers, tls = settings.host, settings.port, settings.workers, settings.tls
    port_free(host, port)  # held by any other server, sharing or not: before the store is
    # made (a refused start leaves none); checked once, then opened anew by each worker
    open_store(settings).store.close()
    try:
        holder, bound = reserve_port(host, port)
    except OSError as exc:
        raise SkaldError(
            "serve/port", f"cannot bind {address_of(host, port)}: {exc.strerror or exc}"
        ) from None
    address = address_of(host, bound)
    # each worker's inbox, named before the fork (PostgreSQL has NOTIFY for this)
    names = None if "POSTGRES_DBNAME" in settings_for(settings.target) else sibling_names(workers)

    def serve_one(index: int) -> None:
        if names:  # SQLite: the workers' writes take turns (event_store.take_write_turns)
            take_write_turns()
        svc = open_store(settings)
        siblings = Siblings(names, index) if names else None
        server, _ = listen(svc, address, tls, reuse_port=True, siblings=siblings)
        try:  # a stop from the moment the parent may announce it is a graceful one
            ready()  # the parent announces the server once every worker is here
            serve_until_stopped(server)
        except KeyboardInterrupt:
            drain_and_stop(server, settings.shutdown_grace, worker=index)

    def started() -> None:
        announce(Ready(address, workers, settings.target, tls is not None))

    sys.stdout.flush()
    try:
        return run_workers(workers, serve_one, started, ready_within=READY_WITHIN)
    finally:
        holder.close()


def metrics_for(settings: ServeSettings) -> Metrics | None:
    """The server's metrics when ``--metrics-port`` asks for them (``prometheus_client`` is
    imported only then): a missing package, or ``--workers`` above 1, is refused in one line."""
    if settings.metrics_port is None:
        return None
    if settings.workers > 1:
        raise SkaldError(
            "serve/metrics-workers",
            "--metrics-port serves one process's metrics: use it with --workers 1",
        )
    try:
        from skald.service.grpc.metrics import Metrics
    except ImportError:
        raise SkaldError(
            "serve/metrics-missing",
            "--metrics-port needs prometheus-client: pip install 'skald[metrics]'",
        ) from None
    return Metrics()


def open_store(settings: ServeSettings, within: float | None = None) -> GameService:
    """``settings.open_service()``, tried again while the store is busy (SQLite's "database
    is locked": another process holds its write lock) for up to ``within`` seconds
    (:data:`BUSY_WITHIN`); then ``store/busy`` in one line. Any other failure at once."""
    within = BUSY_WITHIN if within is None else within
    deadline = time.monotonic() + within
    pause = 0.05
    while True:
        try:
            return settings.open_service()
        except Exception as error:
            if not _busy(error):
                raise
            if time.monotonic() + pause > deadline:
                raise SkaldError(
                    "store/busy",
                    f"the store was busy (database is locked) for {within:g} s: another "
                    "process holds its write lock; try again once it is done",
                ) from None
            time.sleep(pause)
            pause = min(pause * 2, 1.0)


def _busy(error: BaseException) -> bool:
    """Whether ``error`` (or what caused it) is SQLite's "database is locked"/"busy"."""
    seen: BaseException | None = error
    for _ in range(5):
        if seen is None:
            return False
        text = str(getattr(seen, "reason", "") or seen).lower()
        if "database is locked" in text or "database is busy" in text:
            return True
        seen = seen.__cause__ or seen.__context__
    return False


def drain_and_stop(server: Server, grace: float, *, worker: int | None = None) -> None:
    """The graceful stop: drain (:meth:`skald.service.grpc.health.Health.drain`) within ``grace``
    seconds, stop gRPC with what is left of it, log one line, and leave soon after. Further
    stop signals are ignored meanwhile (a second one would cut the drain short)."""
    import signal

    from skald.service.grpc.health import health_of

    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_IGN)
    started = time.monotonic()
    health = health_of(server)
    drained = health.drain(grace) if health is not None else None
    left = max(0.0, grace - (time.monotonic() - started))
    server.stop(left).wait(left + 5)
    seconds = time.monotonic() - started
    fields: dict[str, object] = {"seconds": round(seconds, 3), "grace": grace}
    if drained is not None:
        fields |= {
            "drained": drained.calls,
            "streams_ended": drained.streams,
            "refused": drained.refused,
            "cut": drained.left,
        }
    if worker is not None:
        fields["worker"] = worker
    who = f"worker {worker} " if worker is not None else ""
    log.info(
        "%sstopped: %s calls drained, %s streams ended, %s new calls refused, %s cut at the "
        "grace's end, in %.2f s",
        who,
        fields.get("drained", "?"),
        fields.get("streams_ended", "?"),
        fields.get("refused", "?"),
        fields.get("cut", "?"),
        seconds,
        extra={"fields": fields},
    )
    exit_soon()


def listen(
    svc: GameService,
    address: str,
    tls: TlsFiles | None,
    *,
    reuse_port: bool = False,
    siblings: Siblings | None = None,
    metrics: Metrics | None = None,
) -> tuple[Server, int]:
    """``create_server``, its failure named: ``tls/rejected`` when the port takes a plaintext
    listener but not TLS (files the stdlib's OpenSSL reads yet gRPC's TLS library will not
    use, such as an Ed448 key), else ``serve/port``."""
    from concurrent.futures import ThreadPoolExecutor

    import grpc

    from skald.service.grpc.server import create_server

    try:
        return create_server(
            svc, address, tls=tls, reuse_port=reuse_port, siblings=siblings, metrics=metrics
        )
    except (OSError, RuntimeError):
        pass
    if tls is not None:
        probe = grpc.server(ThreadPoolExecutor(1), options=[("grpc.so_reuseport", int(reuse_port))])
        try:
            plain = probe.add_insecure_port(address)
        except RuntimeError:
            plain = 0
        finally:
            probe.stop(None)
        if plain:
            raise SkaldError(
                "tls/rejected",
                f"gRPC cannot serve TLS with --tls-cert {tls.cert} and --tls-key {tls.key} (a "
                "key or certificate type its TLS library does not support?)",
            )
    raise SkaldError("serve/port", f"cannot listen on {address}")


def address_of(host: str, port: int) -> str:
    """``HOST:PORT`` as gRPC parses it and an operator pastes it: an IPv6 address in brackets
    (``[::1]:50051``; unbracketed, gRPC reads ``::1:50051`` as a malformed name)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def port_free(host: str, port: int) -> None:
    """A port another process listens on is refused (``serve/port``), with the system's reason
    (grpc's own SO_REUSEPORT default would let a second server start silently: it is switched
    off). ``host`` is unbracketed; the probe takes the family of its first address, IPv6 too."""
    if port == 0:
        return
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is free
            probe.bind(infos[0][4])
    except OSError as exc:
        raise SkaldError(
            "serve/port", f"cannot listen on {address_of(host, port)}: {exc.strerror or exc}"
        ) from None


def serve_until_stopped(server: Server) -> None:
    """Wait for the server in short steps: the main thread then runs Python often, so a
    SIGTERM or SIGINT raises KeyboardInterrupt at once (CI saw a server wait through one
    for good, now and then, on a single untimed wait)."""
    while not server.wait_for_termination(0.5):
        pass


def exit_soon(within: float = 5.0) -> None:
    """After a stop, leave within ``within`` seconds even if a thread left behind would hold
    the interpreter's exit (the store is written; nothing is lost by leaving)."""
    import os
    import threading

    def leave() -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)

    timer = threading.Timer(within, leave)
    timer.daemon = True
    timer.start()


def stop_on_signals() -> None:
    """SIGINT (Ctrl-C) and SIGTERM (systemd, containers, ``kill``) both stop the server
    gracefully. Set explicitly: a server started in the background of a shell inherits SIGINT
    ignored, and SIGTERM's default would drop calls in flight."""
    import signal

    signal.signal(signal.SIGINT, signal.default_int_handler)  # raises KeyboardInterrupt
    signal.signal(signal.SIGTERM, signal.default_int_handler)


def settle_memory() -> None:
    """Keep the collector from pausing the server: what startup made (modules, games, tables)
    is frozen out of collections, and the young generation is collected every 20,000
    allocations instead of 700, so full passes over a heap of streams, caches and games come
    rarely (each may stop every thread for tens of milliseconds). Cycles are still freed."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


__all__ = [
    "BUSY_WITHIN",
    "READY_WITHIN",
    "SHUTDOWN_GRACE",
    "Ready",
    "ServeSettings",
    "address_of",
    "drain_and_stop",
    "listen",
    "open_store",
    "port_free",
    "serve",
]

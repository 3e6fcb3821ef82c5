"""Starting and stopping a server process: one, or ``--workers`` sharing the port.

``skald serve`` parses its options and calls :func:`serve` with :class:`ServeSettings`; all
the rest is here: the port checked free before the store is made, the store checked once
(then opened anew by each worker after the fork), the collector settled, the listener bound
(a TLS failure named), SIGINT and SIGTERM made graceful stops, the ready line announced once
every worker listens, and the exit within seconds of a stop. A refused start is a
:class:`~skald.domain.kernel.errors.SkaldError` (``serve/port``, ``tls/rejected``, a store's
rule), raised before anything is announced.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from skald.domain.kernel.errors import SkaldError

if TYPE_CHECKING:
    from skald.service.app.games import GameService
    from skald.service.grpc.server import Server
    from skald.service.grpc.tls import TlsFiles
    from skald.service.store.siblings import Siblings

READY_WITHIN = 60.0
"""Seconds ``--workers`` gives each worker to open the store and bind before giving up."""


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
    if settings.workers > 1:
        return _serve_workers(settings, announce)
    port_free(settings.host, settings.port)  # before the store is made: a refused start leaves none
    svc = settings.open_service()
    server, bound = listen(svc, address_of(settings.host, settings.port), settings.tls)
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
        server.stop(2).wait(5)  # calls in flight get 2 s to finish, then the process exits
        exit_soon()
    return 0


def _serve_workers(settings: ServeSettings, announce: Callable[[Ready], None]) -> int:
    from skald.service.grpc.workers import ready, reserve_port, run_workers
    from skald.service.store.event_store import settings_for
    from skald.service.store.siblings import Siblings, sibling_names

    host, port, workers, tls = settings.host, settings.port, settings.workers, settings.tls
    port_free(host, port)  # held by any other server, sharing or not: before the store is
    # made (a refused start leaves none); checked once, then opened anew by each worker
    settings.open_service().store.close()
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
        svc = settings.open_service()
        siblings = Siblings(names, index) if names else None
        server, _ = listen(svc, address, tls, reuse_port=True, siblings=siblings)
        try:  # a stop from the moment the parent may announce it is a graceful one
            ready()  # the parent announces the server once every worker is here
            serve_until_stopped(server)
        except KeyboardInterrupt:
            server.stop(2).wait(5)
            exit_soon()

    def started() -> None:
        announce(Ready(address, workers, settings.target, tls is not None))

    sys.stdout.flush()
    try:
        return run_workers(workers, serve_one, started, ready_within=READY_WITHIN)
    finally:
        holder.close()


def listen(
    svc: GameService,
    address: str,
    tls: TlsFiles | None,
    *,
    reuse_port: bool = False,
    siblings: Siblings | None = None,
) -> tuple[Server, int]:
    """``create_server``, its failure named: ``tls/rejected`` when the port takes a plaintext
    listener but not TLS (files the stdlib's OpenSSL reads yet gRPC's TLS library will not
    use, such as an Ed448 key), else ``serve/port``."""
    from concurrent.futures import ThreadPoolExecutor

    import grpc

    from skald.service.grpc.server import create_server

    try:
        return create_server(svc, address, tls=tls, reuse_port=reuse_port, siblings=siblings)
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


__all__ = ["READY_WITHIN", "Ready", "ServeSettings", "address_of", "listen", "port_free", "serve"]

"""``skald serve``: the gRPC server, with the operator token kept out of ``ps``.

The operator token is read from ``$SKALD_OPERATOR_TOKEN`` or ``--operator-token-file``; the old
``--operator-token`` flag is refused with the reason (any user of the machine reads command
lines). Creating and importing games needs that token unless ``--open`` (local use), and a
server that is not open will not start without one. Server logs go to stderr: unhandled
errors with their traceback and the correlation id the client was given.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from skald.cli.common import Db, Json, check_port, console, emit, fail, literal, store_target

if TYPE_CHECKING:  # grpc and the store load only when a server starts
    from skald.service.app.games import GameService
    from skald.service.grpc.server import Server
    from skald.service.grpc.tls import TlsFiles
    from skald.service.store.siblings import Siblings

app = typer.Typer()

OPERATOR_TOKEN_ENV = "SKALD_OPERATOR_TOKEN"
READY_WITHIN = 60.0
"""Seconds ``--workers`` gives each worker to open the store and bind before giving up."""


def operator_token_from(file: Path | None) -> str | None:
    """The operator token from ``--operator-token-file`` or ``$SKALD_OPERATOR_TOKEN`` — never
    from a command-line value, which every user of the machine can read in ``ps``."""
    from skald.domain.kernel.errors import SkaldError

    if file is not None:
        try:
            text = file.read_text().strip()
        except OSError as exc:
            raise SkaldError("serve/token-file", f"cannot read {file}: {exc.strerror}") from None
        if not text:
            raise SkaldError("serve/token-file", f"{file} holds no token")
        return text
    return os.environ.get(OPERATOR_TOKEN_ENV) or None


@app.command()
def serve(
    port: Annotated[
        int, typer.Option("--port", help="Port to listen on, 0..65535 (0 = any free port).")
    ] = 50051,
    host: Annotated[str, typer.Option(help="Address to bind.")] = "127.0.0.1",
    operator_token_file: Annotated[
        Path | None,
        typer.Option(
            "--operator-token-file",
            help="File holding the operator token (else $SKALD_OPERATOR_TOKEN). The operator "
            "acts for any seat of any game, reads unredacted histories, and creates and "
            "imports games.",
        ),
    ] = None,
    open_: Annotated[
        bool,
        typer.Option(
            "--open",
            help="Let anyone create and import games (local use). Without it only the "
            "operator token may, and an operator token is required.",
        ),
    ] = False,
    operator_token: Annotated[
        str | None, typer.Option("--operator-token", hidden=True, show_default=False)
    ] = None,
    db: Db = None,
    log_level: Annotated[
        str,
        typer.Option(
            "--log-level",
            help="debug, info (one line per call: method, game, seat, status, ms), warning "
            "or error.",
        ),
    ] = "info",
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            min=1,
            help="Server processes sharing the port (SO_REUSEPORT): one per core. They share "
            "the store, SQLite or PostgreSQL, through its optimistic version check.",
        ),
    ] = 1,
    tls_cert: Annotated[
        Path | None, typer.Option("--tls-cert", help="Serve TLS with this certificate (PEM).")
    ] = None,
    tls_key: Annotated[
        Path | None, typer.Option("--tls-key", help="Key of --tls-cert (PEM).")
    ] = None,
    tls_client_ca: Annotated[
        Path | None,
        typer.Option(
            "--tls-client-ca",
            help="Require client certificates signed by this CA (mutual TLS; needs --tls-cert).",
        ),
    ] = None,
    as_json: Json = False,
) -> None:
    """Run the gRPC server (health checking and reflection included) until interrupted.
    CreateGame and ImportGame need the operator token, taken from $SKALD_OPERATOR_TOKEN or
    --operator-token-file (never a flag: flags show in `ps`); --open lets anyone create and
    import games, for local use. Unhandled errors are logged on stderr with a correlation id
    (the client sees only the id)."""
    from skald.domain.kernel.errors import SkaldError
    from skald.service.bootstrap import open_service, registry

    try:
        check_port(port)
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind, code=2) from None
    if operator_token is not None:
        raise fail(
            as_json,
            "serve/token-flag",
            "--operator-token is no longer accepted: a command-line value is visible to every "
            f"user in `ps`; set ${OPERATOR_TOKEN_ENV} or use --operator-token-file",
            code=2,
        )
    try:
        token = operator_token_from(operator_token_file)
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind, code=2) from None
    if token is None and not open_:
        raise fail(
            as_json,
            "serve/no-operator",
            f"creating games needs an operator token: set ${OPERATOR_TOKEN_ENV} or use "
            "--operator-token-file (or --open to let anyone create games, for local use)",
            code=2,
        )
    level = LOG_LEVELS.get(log_level.lower())
    if level is None:
        raise fail(
            as_json, "serve/log-level", f"--log-level is one of {', '.join(LOG_LEVELS)}", code=2
        )
    logging.basicConfig(level=level, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    tls = _tls_files(tls_cert, tls_key, tls_client_ca, as_json)
    host = host.strip().removeprefix("[").removesuffix("]")  # `[::1]` and `::1` alike
    creating = "anyone may create games" if open_ else "creating games needs the operator token"
    target = store_target(db)
    registry().names()  # every game loaded before the first request (and before workers fork)
    _settle_memory()
    if workers > 1:
        from skald.service.grpc.workers import ready, reserve_port, run_workers
        from skald.service.store.event_store import settings_for
        from skald.service.store.siblings import Siblings, sibling_names

        _port_free(host, port, as_json)  # held by any other server, sharing or not: before
        try:  # the store is made (a refused start leaves none); checked once, then opened
            # anew by each worker after the fork
            open_service(target, operator_token=token, open_creation=open_).store.close()
        except SkaldError as error:
            raise fail(as_json, error.rule, error.reason, error.kind, code=2) from None
        try:
            holder, bound = reserve_port(host, port)
        except OSError as exc:
            raise fail(
                as_json,
                "serve/port",
                f"cannot bind {_address_of(host, port)}: {exc.strerror or exc}",
                code=2,
            ) from None
        address = _address_of(host, bound)

        # each worker's inbox, named before the fork (PostgreSQL has NOTIFY for this)
        names = None if "POSTGRES_DBNAME" in settings_for(target) else sibling_names(workers)

        def serve_one(index: int) -> None:
            svc = open_service(target, operator_token=token, open_creation=open_)
            siblings = Siblings(names, index) if names else None
            server, _ = _listen(svc, address, tls, reuse_port=True, siblings=siblings)
            try:  # a stop from the moment the parent may announce it is a graceful one
                ready()  # the parent announces the server once every worker is here
                _serve_until_stopped(server)
            except KeyboardInterrupt:
                server.stop(2).wait(5)
                _exit_soon()

        def started() -> None:
            _announce(as_json, address, workers, target, creating, tls is not None)

        sys.stdout.flush()
        try:
            status = run_workers(workers, serve_one, started, ready_within=READY_WITHIN)
        except SkaldError as error:
            raise fail(as_json, error.rule, error.reason, error.kind, code=2) from None
        finally:
            holder.close()
        raise typer.Exit(status)
    _port_free(host, port, as_json)  # before the store is made: a refused start leaves none
    try:
        svc = open_service(target, operator_token=token, open_creation=open_)
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind, code=2) from None
    try:
        server, bound = _listen(svc, _address_of(host, port), tls)
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind, code=2) from None
    _stop_on_signals()  # before the line that says the server is ready
    try:
        _announce(
            as_json,
            _address_of(host, bound),
            1,
            svc.store.target,
            creating,
            tls is not None,
            svc.receipt_key(),
        )
        _serve_until_stopped(server)
    except KeyboardInterrupt:
        server.stop(2).wait(5)  # calls in flight get 2 s to finish, then the process exits
        _exit_soon()


def _listen(
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

    from skald.domain.kernel.errors import SkaldError
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


def _address_of(host: str, port: int) -> str:
    """``HOST:PORT`` as gRPC parses it and an operator pastes it: an IPv6 address in brackets
    (``[::1]:50051``; unbracketed, gRPC reads ``::1:50051`` as a malformed name)."""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _announce(
    as_json: bool,
    address: str,
    workers: int,
    store: str,
    creating: str,
    tls: bool,
    receipt_key: str | None = None,
) -> None:
    """The ready line, printed once the port is bound: one line whatever the terminal's width
    (launch scripts and log searches read it), or one JSON object with ``--json`` (which also
    names the store's receipt key, as GetServerInfo serves it)."""
    from skald.service.store.check import shown_url

    shown = shown_url(store)
    if as_json:
        ready = {"serving": address, "workers": workers, "store": shown, "tls": tls}
        if receipt_key is not None:
            ready["receipt_key"] = receipt_key
        emit(True, ready)
    else:
        many = f" with {workers} workers" if workers > 1 else ""
        console.print(
            f"skald serving on {literal(address)}{many} (store {literal(shown)}; {creating}"
            f"{'; TLS' if tls else ''})",
            highlight=False,
            soft_wrap=True,
        )
    sys.stdout.flush()


def _serve_until_stopped(server: Server) -> None:
    """Wait for the server in short steps: the main thread then runs Python often, so a
    SIGTERM or SIGINT raises KeyboardInterrupt at once (CI saw a server wait through one
    for good, now and then, on a single untimed wait)."""
    while not server.wait_for_termination(0.5):
        pass


def _exit_soon(within: float = 5.0) -> None:
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


def _stop_on_signals() -> None:
    """SIGINT (Ctrl-C) and SIGTERM (systemd, containers, ``kill``) both stop the server
    gracefully. Set explicitly: a server started in the background of a shell inherits SIGINT
    ignored, and SIGTERM's default would drop calls in flight."""
    import signal

    signal.signal(signal.SIGINT, signal.default_int_handler)  # raises KeyboardInterrupt
    signal.signal(signal.SIGTERM, signal.default_int_handler)


def _settle_memory() -> None:
    """Keep the collector from pausing the server: what startup made (modules, games, tables)
    is frozen out of collections, and the young generation is collected every 20,000
    allocations instead of 700, so full passes over a heap of streams, caches and games come
    rarely (each may stop every thread for tens of milliseconds). Cycles are still freed."""
    import gc

    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


LOG_LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
}


def _port_free(host: str, port: int, as_json: bool) -> None:
    """A port another process listens on is an error, with the system's reason (grpc's own
    SO_REUSEPORT default would let a second server start silently: it is switched off).
    ``host`` is unbracketed; the probe takes the family of its first address, IPv6 too."""
    if port == 0:
        return
    import socket

    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
        with socket.socket(infos[0][0], socket.SOCK_STREAM) as probe:
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # TIME_WAIT is free
            probe.bind(infos[0][4])
    except OSError as exc:
        raise fail(
            as_json,
            "serve/port",
            f"cannot listen on {_address_of(host, port)}: {exc.strerror or exc}",
            code=2,
        ) from None


def _tls_files(
    cert: Path | None, key: Path | None, client_ca: Path | None, as_json: bool
) -> TlsFiles | None:
    """The server's TLS files, checked before anything starts or is announced: a bad file is
    one line naming it (``service/grpc/tls_check.py``), not gRPC's log lines at bind time."""
    from skald.domain.kernel.errors import SkaldError
    from skald.service.grpc.tls import TlsFiles
    from skald.service.grpc.tls_check import check_server_files

    if cert is None and key is None and client_ca is None:
        return None
    if cert is None or key is None:
        raise fail(as_json, "serve/tls", "TLS needs both --tls-cert and --tls-key", code=2)
    files = TlsFiles(cert, key, client_ca)
    try:
        files.server_credentials()
        check_server_files(files)
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind, code=2) from None
    return files


__all__ = ["OPERATOR_TOKEN_ENV", "app", "operator_token_from"]

"""``skald serve``: the gRPC server, with the operator token kept out of ``ps``.

The operator token is read from ``$SKALD_OPERATOR_TOKEN`` or ``--operator-token-file``; the old
``--operator-token`` flag is refused with the reason (any user of the machine reads command
lines). Creating and importing games needs that token unless ``--open`` (local use), and a
server that is not open will not start without one. Server logs go to stderr: unhandled
errors with their traceback and the correlation id the client was given; ``--log-format
json`` makes each line one JSON object. Every option may also come from a ``SKALD_*``
environment variable (:data:`ENVIRONMENT`; the option wins), as containers and unit files
set them.
"""

from __future__ import annotations

import json
import logging
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from skald.cli.common import Db, check_port, console, emit, fail, literal, store_target

if TYPE_CHECKING:  # grpc and the store load only when a server starts
    from skald.service.grpc.startup import Ready
    from skald.service.grpc.tls import TlsFiles

app = typer.Typer()

OPERATOR_TOKEN_ENV = "SKALD_OPERATOR_TOKEN"


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


ENVIRONMENT = {
    "--port": "SKALD_PORT",
    "--host": "SKALD_HOST",
    "--db": "SKALD_DB",
    "--operator-token-file": "SKALD_OPERATOR_TOKEN_FILE",
    "--open": "SKALD_OPEN",
    "--workers": "SKALD_WORKERS",
    "--shutdown-grace": "SKALD_SHUTDOWN_GRACE",
    "--log-level": "SKALD_LOG_LEVEL",
    "--log-format": "SKALD_LOG_FORMAT",
    "--tls-cert": "SKALD_TLS_CERT",
    "--tls-key": "SKALD_TLS_KEY",
    "--tls-client-ca": "SKALD_TLS_CLIENT_CA",
    "--json": "SKALD_JSON",
    "--metrics-port": "SKALD_METRICS_PORT",
}
"""Each ``skald serve`` option and the environment variable it may come from (the operator
token itself is ``$SKALD_OPERATOR_TOKEN``, never an option)."""

_ENV_HELP = ", ".join(f"{option} ${name}" for option, name in ENVIRONMENT.items())


def _env(option: str) -> dict[str, object]:
    return {"envvar": ENVIRONMENT[option], "show_envvar": False}


@app.command(
    epilog=f"Every option may come from the environment (the option wins): {_ENV_HELP}; "
    "booleans take 1/true/yes."
)
def serve(
    port: Annotated[
        int,
        typer.Option(
            "--port", help="Port to listen on, 0..65535 (0 = any free port).", **_env("--port")
        ),
    ] = 50051,
    host: Annotated[str, typer.Option(help="Address to bind.", **_env("--host"))] = "127.0.0.1",
    operator_token_file: Annotated[
        Path | None,
        typer.Option(
            "--operator-token-file",
            **_env("--operator-token-file"),
            help="File holding the operator token (else $SKALD_OPERATOR_TOKEN). The operator "
            "acts for any seat of any game, reads unredacted histories, and creates and "
            "imports games.",
        ),
    ] = None,
    open_: Annotated[
        bool,
        typer.Option(
            "--open",
            **_env("--open"),
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
            **_env("--log-level"),
            help="debug, info (one line per call: method, game, seat, status, ms), warning "
            "or error.",
        ),
    ] = "info",
    log_format: Annotated[
        str,
        typer.Option(
            "--log-format",
            **_env("--log-format"),
            help="text, or json: one JSON object per log line (time, level, logger, message, "
            "fields).",
        ),
    ] = "text",
    workers: Annotated[
        int,
        typer.Option(
            "--workers",
            **_env("--workers"),
            min=1,
            help="Server processes sharing the port (SO_REUSEPORT): one per core. They share "
            "the store, SQLite or PostgreSQL, through its optimistic version check.",
        ),
    ] = 1,
    shutdown_grace: Annotated[
        float,
        typer.Option(
            "--shutdown-grace",
            **_env("--shutdown-grace"),
            min=0,
            help="Seconds a stop (SIGTERM, Ctrl-C) gives the calls in flight: health says "
            "NOT_SERVING, new calls get UNAVAILABLE, those in flight are answered, then the "
            "server exits.",
        ),
    ] = 10.0,
    tls_cert: Annotated[
        Path | None,
        typer.Option(
            "--tls-cert", help="Serve TLS with this certificate (PEM).", **_env("--tls-cert")
        ),
    ] = None,
    tls_key: Annotated[
        Path | None,
        typer.Option("--tls-key", help="Key of --tls-cert (PEM).", **_env("--tls-key")),
    ] = None,
    tls_client_ca: Annotated[
        Path | None,
        typer.Option(
            "--tls-client-ca",
            **_env("--tls-client-ca"),
            help="Require client certificates signed by this CA (mutual TLS; needs --tls-cert).",
        ),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object on stdout.", **_env("--json"))
    ] = False,
    metrics_port: Annotated[
        int | None,
        typer.Option(
            "--metrics-port",
            **_env("--metrics-port"),
            help="Serve Prometheus metrics over HTTP on this port (same host; needs the "
            "metrics extra): calls, commands and refusals by game and rule, latencies, "
            "watchers, store health.",
        ),
    ] = None,
) -> None:
    """Run the gRPC server (health checking and reflection included) until interrupted.
    CreateGame and ImportGame need the operator token, taken from $SKALD_OPERATOR_TOKEN or
    --operator-token-file (never a flag: flags show in `ps`); --open lets anyone create and
    import games, for local use. Unhandled errors are logged on stderr with a correlation id
    (the client sees only the id)."""
    from skald.domain.kernel.errors import SkaldError
    from skald.service.bootstrap import open_service, registry
    from skald.service.grpc.startup import ServeSettings, serve

    try:  # every refused start, whichever step refuses it: one line and exit 2
        check_port(port)
        if metrics_port is not None and not 0 <= metrics_port <= 65535:
            raise SkaldError("serve/metrics-port", "--metrics-port must be 0..65535")
        if operator_token is not None:
            raise SkaldError(
                "serve/token-flag",
                "--operator-token is no longer accepted: a command-line value is visible to "
                f"every user in `ps`; set ${OPERATOR_TOKEN_ENV} or use --operator-token-file",
            )
        token = operator_token_from(operator_token_file)
        if token is None and not open_:
            raise SkaldError(
                "serve/no-operator",
                f"creating games needs an operator token: set ${OPERATOR_TOKEN_ENV} or use "
                "--operator-token-file (or --open to let anyone create games, for local use)",
            )
        level = LOG_LEVELS.get(log_level.lower())
        if level is None:
            raise SkaldError("serve/log-level", f"--log-level is one of {', '.join(LOG_LEVELS)}")
        if log_format.lower() not in ("text", "json"):
            raise SkaldError("serve/log-format", "--log-format is text or json")
        _log_to_stderr(level, log_format.lower() == "json")
        tls = _tls_files(tls_cert, tls_key, tls_client_ca)
        target = store_target(db)
        registry().names()  # every game loaded before the first request (and before workers fork)
        settings = ServeSettings(
            target,
            lambda: open_service(target, operator_token=token, open_creation=open_),
            host.strip().removeprefix("[").removesuffix("]"),  # `[::1]` and `::1` alike
            port,
            workers,
            tls,
            shutdown_grace,
            metrics_port=metrics_port,
        )
        creating = "anyone may create games" if open_ else "creating games needs the operator token"
        status = serve(settings, lambda ready: _announce(as_json, ready, creating))
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind, code=2) from None
    if status:
        raise typer.Exit(status)


def _announce(as_json: bool, ready: Ready, creating: str) -> None:
    """The ready line, printed once the port is bound: one line whatever the terminal's width
    (launch scripts and log searches read it), or one JSON object with ``--json`` (which also
    names the store's receipt key, as GetServerInfo serves it)."""
    from skald.service.store.check import shown_url

    shown = shown_url(ready.store)
    if as_json:
        line: dict[str, object] = {
            "serving": ready.address,
            "workers": ready.workers,
            "store": shown,
            "tls": ready.tls,
        }
        if ready.receipt_key is not None:
            line["receipt_key"] = ready.receipt_key
        emit(True, line)
    else:
        many = f" with {ready.workers} workers" if ready.workers > 1 else ""
        console.print(
            f"skald serving on {literal(ready.address)}{many} (store {literal(shown)}; {creating}"
            f"{'; TLS' if ready.tls else ''})",
            highlight=False,
            soft_wrap=True,
        )
    sys.stdout.flush()


_RECORD_KEYS = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime"}


class JsonLines(logging.Formatter):
    """One JSON object per log line: ``time`` (UTC, ISO 8601), ``level``, ``logger``,
    ``message``, ``fields`` (a record's ``extra``: the request log's ``rpc_*``, the stop's
    counts) and ``traceback`` when there is one (inside the object: still one line)."""

    def format(self, record: logging.LogRecord) -> str:
        from datetime import UTC, datetime

        fields: dict[str, object] = {}
        for key, value in vars(record).items():
            if key in _RECORD_KEYS:
                continue
            if key == "fields" and isinstance(value, dict):
                fields.update(value)
            else:
                fields[key] = value
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
            "fields": fields,
        }
        if record.exc_info:
            line["traceback"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str)


def _log_to_stderr(level: int, as_json: bool) -> None:
    handler = logging.StreamHandler(sys.stderr)
    if as_json:
        handler.setFormatter(JsonLines())
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s %(message)s"))
    logging.basicConfig(level=level, handlers=[handler])


LOG_LEVELS = {
    "debug": logging.DEBUG,
    "info": logging.INFO,
    "warning": logging.WARNING,
    "error": logging.ERROR,
}


def _tls_files(cert: Path | None, key: Path | None, client_ca: Path | None) -> TlsFiles | None:
    """The server's TLS files, checked before anything starts or is announced: a bad file is
    one line naming it (``service/grpc/tls_check.py``), not gRPC's log lines at bind time."""
    from skald.domain.kernel.errors import SkaldError
    from skald.service.grpc.tls import TlsFiles
    from skald.service.grpc.tls_check import check_server_files

    if cert is None and key is None and client_ca is None:
        return None
    if cert is None or key is None:
        raise SkaldError("serve/tls", "TLS needs both --tls-cert and --tls-key")
    files = TlsFiles(cert, key, client_ca)
    files.server_credentials()
    check_server_files(files)
    return files


__all__ = ["ENVIRONMENT", "OPERATOR_TOKEN_ENV", "JsonLines", "app", "operator_token_from"]

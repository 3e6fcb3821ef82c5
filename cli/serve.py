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
from pathlib import Path
from typing import Annotated

import typer

from cli.common import Db, console, fail, store_target
from domain.kernel.errors import SkaldError
from service.bootstrap import open_service

app = typer.Typer()

OPERATOR_TOKEN_ENV = "SKALD_OPERATOR_TOKEN"


def operator_token_from(file: Path | None) -> str | None:
    """The operator token from ``--operator-token-file`` or ``$SKALD_OPERATOR_TOKEN`` — never
    from a command-line value, which every user of the machine can read in ``ps``."""
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
        int, typer.Option("--port", help="Port to listen on (0 = any free port).")
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
) -> None:
    """Run the gRPC server (health checking and reflection included) until interrupted.
    CreateGame and ImportGame need the operator token, taken from $SKALD_OPERATOR_TOKEN or
    --operator-token-file (never a flag: flags show in `ps`); --open lets anyone create and
    import games, for local use. Unhandled errors are logged on stderr with a correlation id
    (the client sees only the id)."""
    from service.grpc_server import create_server

    if operator_token is not None:
        raise fail(
            False,
            "serve/token-flag",
            "--operator-token is no longer accepted: a command-line value is visible to every "
            f"user in `ps`; set ${OPERATOR_TOKEN_ENV} or use --operator-token-file",
            code=2,
        )
    try:
        token = operator_token_from(operator_token_file)
    except SkaldError as error:
        raise fail(False, error.rule, error.reason, code=2) from None
    if token is None and not open_:
        raise fail(
            False,
            "serve/no-operator",
            f"creating games needs an operator token: set ${OPERATOR_TOKEN_ENV} or use "
            "--operator-token-file (or --open to let anyone create games, for local use)",
            code=2,
        )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    svc = open_service(store_target(db), operator_token=token, open_creation=open_)
    server, bound = create_server(svc, f"{host}:{port}")
    creating = "anyone may create games" if open_ else "creating games needs the operator token"
    console.print(
        f"skald serving on {host}:{bound} (store {svc.store.target}; {creating})", highlight=False
    )
    try:
        server.wait_for_termination()
    except KeyboardInterrupt:
        server.stop(2)


__all__ = ["OPERATOR_TOKEN_ENV", "app", "operator_token_from"]

"""``skald``: play, replay, fork, diff and verify games of Red North, Brian Boru and A Feast for Odin."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
import typer.core

from skald.cli.table import LazyGroup


def _flag_type(self: typer.core.TyperOption, ctx: object) -> str | None:
    """A flag takes no value, so help shows no ``<bool>`` type beside it."""
    if self.is_flag:
        return None
    return _typed(self, ctx)  # type: ignore[arg-type]


_typed = typer.core.TyperOption.display_type_rich
typer.core.TyperOption.display_type_rich = _flag_type  # type: ignore[method-assign]

app = typer.Typer(
    name="skald",
    help="Event-sourced Viking board games: play, replay, fork, diff, verify, serve.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
    rich_markup_mode="markdown",  # docstring paragraphs reflow to the terminal width
    cls=LazyGroup,  # each command's module is imported when that command runs
)


@app.callback()
def _tls(
    tls_ca: Annotated[
        Path | None,
        typer.Option(
            "--tls-ca", help="CA certificate to trust for a TLS --server ($SKALD_TLS_CA)."
        ),
    ] = None,
    tls_cert: Annotated[
        Path | None,
        typer.Option(
            "--tls-cert", help="Client certificate, when the server asks ($SKALD_TLS_CERT)."
        ),
    ] = None,
    tls_key: Annotated[
        Path | None, typer.Option("--tls-key", help="Key of --tls-cert ($SKALD_TLS_KEY).")
    ] = None,
) -> None:
    """TLS for every --server command (skald --tls-ca ca.pem show ... --server HOST:PORT)."""
    for name, value in (
        ("SKALD_TLS_CA", tls_ca),
        ("SKALD_TLS_CERT", tls_cert),
        ("SKALD_TLS_KEY", tls_key),
    ):
        if value is not None:
            os.environ[name] = str(value)


def main() -> None:
    app()


if __name__ == "__main__":
    main()

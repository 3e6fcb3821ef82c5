"""``skald``: play, replay, fork, diff and verify games of Red North, Brian Boru and A Feast for Odin."""

from __future__ import annotations

from typing import Annotated, Any

import typer
import typer.core

from skald.cli.common import Cli, Db, Json, Server, TlsCa, TlsCert, TlsKey, Token
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


def _before(option: Any, *names: str) -> Any:
    """A shared option as the root takes it, before the command's name: the same names and
    help, without the environment variable (the command's own option reads that, so an
    option typed before the name still wins over it)."""
    kind, info = option.__origin__, option.__metadata__[0]
    return Annotated[kind, typer.Option(*names, help=info.help)]


@app.callback()
def _root(
    ctx: typer.Context,
    db: _before(Db, "--db") = None,  # type: ignore[valid-type]
    server: _before(Server, "--server") = None,  # type: ignore[valid-type]
    token: _before(Token, "--token") = None,  # type: ignore[valid-type]
    json: Json = False,
    tls_ca: _before(TlsCa, "--tls-ca") = None,  # type: ignore[valid-type]
    tls_cert: _before(TlsCert, "--tls-cert") = None,  # type: ignore[valid-type]
    tls_key: _before(TlsKey, "--tls-key") = None,  # type: ignore[valid-type]
) -> None:
    """The options every command shares, also taken before its name (skald --tls-ca ca.pem
    show ... --server HOST:PORT): kept as the invocation's context object (``ctx.obj``), which
    each command's own options complete (``skald.cli.common.with_cli``)."""
    ctx.obj = Cli(db, server, token, json, tls_ca, tls_cert, tls_key)


def main() -> None:
    app()


if __name__ == "__main__":
    main()

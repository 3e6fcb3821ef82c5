"""``skald``: play, replay, fork, diff and verify games of Red North, Brian Boru and A Feast for Odin."""

from __future__ import annotations

import typer
import typer.core

from skald.cli.common import RootOptions, TlsCa, TlsCert, TlsKey
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
def _root(
    ctx: typer.Context,
    tls_ca: TlsCa = None,
    tls_cert: TlsCert = None,
    tls_key: TlsKey = None,
) -> None:
    """TLS for every --server command (skald --tls-ca ca.pem show ... --server HOST:PORT): kept
    in the invocation's context object, which each command's own options complete."""
    ctx.obj = RootOptions(tls_ca=tls_ca, tls_cert=tls_cert, tls_key=tls_key)


def main() -> None:
    app()


if __name__ == "__main__":
    main()

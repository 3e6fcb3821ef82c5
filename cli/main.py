"""``skald``: play, replay, fork, diff and verify games of Red North, Brian Boru and A Feast for Odin."""

from __future__ import annotations

import typer

from cli import audit, play, serve, sim

app = typer.Typer(
    name="skald",
    help="Event-sourced Viking board games: play, replay, fork, diff, verify, serve.",
    no_args_is_help=True,
    pretty_exceptions_show_locals=False,
    add_completion=False,
)
for group in (play.app, audit.app, sim.app, serve.app):
    for command in group.registered_commands:
        app.registered_commands.append(command)


def main() -> None:
    app()


if __name__ == "__main__":
    main()

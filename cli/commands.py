"""The table of `skald` commands, and a group that imports a command's module only when it runs.

Why: building every command (importing its module, reading every signature) made `skald --help`
take 0.16 s, over its 0.15 s budget (0.12 s without). The listing needs only each command's name
and a one-line summary, so these live here; `skald show` imports and builds `show` alone. The summary is
also each command's `short_help`, so the listing reads the same whether the module is loaded or
not (``tests/test_cli_help.py`` checks the table against the modules).
"""

from __future__ import annotations

import importlib
from typing import Any

import typer.core
import typer.main

# name -> (module holding the command, one-line summary for `skald --help`), in listing order.
COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("cli.play", "Create a game; prints its id and a token per seat."),
    "play": ("cli.play", "Submit a move for a seat, or play at the terminal."),
    "legal": ("cli.play", "Every legal move of a seat now, numbered, in notation."),
    "show": ("cli.play", "The board at any version, public or a seat's."),
    "log": ("cli.play", "Every event, readable, as the referee or one seat saw it."),
    "games": ("cli.play", "The games index: id, game, players, status, scores."),
    "rules": ("cli.play", "A game's setup options and printed component data."),
    "replay": ("cli.audit", "Step through a game (a full-screen browser at a terminal)."),
    "fork": ("cli.audit", "A new game from the first AT events of another."),
    "diff": ("cli.audit", "Where two games part, and how their ends differ."),
    "verify": ("cli.audit", "Hash chain, seed, every chance outcome and command re-checked."),
    "check": ("cli.audit", "Would this move have been legal at version AT?"),
    "export": ("cli.audit_records", "Write a game as a replay file, or as text people read."),
    "import": ("cli.audit_records", "Verify a replay file and store it as a game."),
    "simulate": ("cli.sim", "Random legal games to the end, stored like any other."),
    "demo": ("cli.sim", "The whole system once: serve, play over gRPC, export, verify."),
    "bench": ("cli.sim", "Benchmarks with baselines measured in the same run."),
    "serve": ("cli.serve", "Run the gRPC server until interrupted."),
    "loadtest": ("cli.loadtest", "Load, crash, integrity and hostile-input harness; JSON summary."),
    "view": ("cli.view", "Write a game as one HTML page for a browser (or serve it live)."),
}


def registered(name: str) -> Any:
    """The Typer registration of command `name` (imports its module)."""
    module_name, _ = COMMANDS[name]
    module = importlib.import_module(module_name)
    for info in module.app.registered_commands:
        if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:
            return info
    raise LookupError(f"{module_name} registers no command {name!r}")


class LazyGroup(typer.core.TyperGroup):
    """The `skald` group: lists commands from the table, builds one when it is invoked."""

    _listing = False

    def list_commands(self, ctx: Any) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        if cmd_name in self.commands:
            return self.commands[cmd_name]
        if cmd_name not in COMMANDS:
            return None
        summary = COMMANDS[cmd_name][1]
        if self._listing:  # the help listing: name and summary, nothing imported
            return typer.core.TyperCommand(cmd_name, short_help=summary, help=summary)
        command = typer.main.get_command_from_info(
            registered(cmd_name),
            pretty_exceptions_short=True,
            rich_markup_mode=self.rich_markup_mode,
        )
        command.short_help = summary
        self.commands[cmd_name] = command
        return command

    def format_help(self, ctx: Any, formatter: Any) -> None:
        self._listing = True
        try:
            super().format_help(ctx, formatter)
        finally:
            self._listing = False

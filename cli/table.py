"""The table of `skald` commands, and a group that imports a command's module only when it runs.

Why: building every command (importing its module, reading every signature) made `skald --help`
take 0.16 s, over its 0.15 s budget (0.12 s without). The listing needs only each command's name
and a one-line summary, so these live here; `skald show` imports and builds `show` alone. The summary is
also each command's `short_help`, so the listing reads the same whether the module is loaded or
not (``tests/test_cli_help.py`` checks the table against the modules).
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import typer.core
import typer.main

# name -> (module holding the command, one-line summary for `skald --help`), in listing order.
COMMANDS: dict[str, tuple[str, str]] = {
    "new": ("skald.cli.commands.play", "Create a game; prints its id and a token per seat."),
    "play": ("skald.cli.commands.play", "Submit a move for a seat, or play at the terminal."),
    "legal": ("skald.cli.commands.play", "Every legal move of a seat now, numbered, in notation."),
    "show": ("skald.cli.commands.play", "The board at any version, public or a seat's."),
    "log": ("skald.cli.commands.play", "Every event, readable, as the referee or one seat saw it."),
    "games": ("skald.cli.commands.play", "The games index: id, game, players, status, scores."),
    "rules": ("skald.cli.commands.play", "A game's setup options and printed component data."),
    "replay": (
        "skald.cli.commands.audit",
        "Step through a game (a full-screen browser at a terminal).",
    ),
    "fork": ("skald.cli.commands.audit", "A new game from the first AT events of another."),
    "diff": ("skald.cli.commands.audit", "Where two games part, and how their ends differ."),
    "verify": (
        "skald.cli.commands.audit",
        "Hash chain, seed, every chance outcome and command re-checked.",
    ),
    "check": ("skald.cli.commands.audit", "Would this move have been legal at version AT?"),
    "dispute": (
        "skald.cli.commands.disputes",
        "A seat disputes the game at a version; recorded beside it.",
    ),
    "rule": (
        "skald.cli.commands.disputes",
        "Uphold or dismiss a dispute; an upheld one may name a fork.",
    ),
    "export": (
        "skald.cli.commands.records",
        "Write a game as a replay file, or as text people read.",
    ),
    "import": ("skald.cli.commands.records", "Verify a replay file and store it as a game."),
    "simulate": ("skald.cli.commands.sim", "Random legal games to the end, stored like any other."),
    "demo": (
        "skald.cli.commands.sim",
        "The whole system once: serve, play over gRPC, export, verify.",
    ),
    "bench": ("skald.benchmarks.command", "Benchmarks with baselines measured in the same run."),
    "serve": ("skald.cli.commands.serve", "Run the gRPC server until interrupted."),
    "loadtest": (
        "skald.tools.loadtest.harness",
        "Load, crash, integrity and hostile-input harness; JSON summary.",
    ),
    "view": (
        "skald.cli.commands.view",
        "Write a game as one HTML page for a browser (or serve it live).",
    ),
}


def registered(name: str) -> Any:
    """The Typer registration of command `name` (imports its module)."""
    module_name, _ = COMMANDS[name]
    module = importlib.import_module(module_name)
    for info in module.app.registered_commands:
        if (info.name or typer.main.get_command_name(info.callback.__name__)) == name:
            return info
    raise LookupError(f"{module_name} registers no command {name!r}")


USAGE_RULES = {
    "NoSuchOption": "usage/no-such-option",
    "BadOptionUsage": "usage/bad-option",
    "MissingParameter": "usage/missing",
    "BadParameter": "usage/bad-value",
    "BadArgumentUsage": "usage/bad-argument",
}
"""The rule of a usage error by its click class; any other (no such command, an extra
argument) is ``usage/error``."""

_USAGE_ERROR: Any = next(k for k in typer.BadParameter.__mro__ if k.__name__ == "UsageError")
"""Click's usage error, found from typer's public ``BadParameter`` (its subclass): typer
vendors click, and the module that defines it is private."""


def wants_json(args: Sequence[str]) -> bool:
    """Whether the command line asks for ``--json`` (before any ``--``, after which it would be
    an argument)."""
    words = list(args)
    return "--json" in (words[: words.index("--")] if "--" in words else words)


class LazyGroup(typer.core.TyperGroup):
    """The `skald` group: lists commands from the table, builds one when it is invoked.

    It also gives a usage error (a value typer cannot convert, an unknown option, a missing
    argument) in ``--json`` mode as every command gives its refusals: one JSON object
    ``{"error": {"rule": "usage/...", "reason", "kind": "usage"}}`` on stdout, here in one
    place for every command, before typer prints its usual box on stderr and exits 2."""

    _listing = False
    _json = False

    def main(self, args: Sequence[str] | None = None, *more: Any, **extra: Any) -> Any:
        self._json = wants_json(sys.argv[1:] if args is None else args)
        return super().main(args, *more, **extra)

    def make_context(self, *args: Any, **extra: Any) -> Any:
        with self._usage_as_json():
            return super().make_context(*args, **extra)

    def invoke(self, ctx: Any) -> Any:
        with self._usage_as_json():
            return super().invoke(ctx)

    @contextmanager
    def _usage_as_json(self) -> Iterator[None]:
        """A usage error raised inside, printed as one JSON error object when ``--json`` was
        asked for, then re-raised for typer to show and exit on as always."""
        try:
            yield
        except _USAGE_ERROR as error:
            no_args_help = any(k.__name__ == "NoArgsIsHelpError" for k in type(error).__mro__)
            if self._json and not no_args_help:
                rule = next(
                    (
                        USAGE_RULES[k.__name__]
                        for k in type(error).__mro__
                        if k.__name__ in USAGE_RULES
                    ),
                    "usage/error",
                )
                reason = " ".join(error.format_message().split())
                reason = reason if len(reason) <= 300 else reason[:300] + "…"
                payload = {"error": {"rule": rule, "reason": reason, "kind": "usage"}}
                sys.stdout.write(json.dumps(payload, ensure_ascii=False) + "\n")
            raise

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

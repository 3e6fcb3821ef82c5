"""Every `skald` command explains itself: each command has a help line and each of its
arguments and options has help text of its own (what `--help` shows a person)."""

from __future__ import annotations

from typing import Any

import typer.main

from cli.main import app
from tests.e2e_helpers import invoke_skald


def _commands() -> dict[str, Any]:
    """The click commands Typer builds from the app (what `skald NAME --help` renders)."""
    commands: dict[str, Any] = typer.main.get_command(app).commands  # type: ignore[attr-defined]
    assert len(commands) > 15
    return commands


def test_every_command_and_parameter_has_help() -> None:
    missing = []
    for name, command in sorted(_commands().items()):
        if not (command.help or "").strip():
            missing.append(f"{name}: no help")
        for param in command.params:
            if getattr(param, "hidden", False):  # refused flags kept only to explain why
                continue
            if not (getattr(param, "help", None) or "").strip():
                missing.append(f"{name} {param.name}")
    assert missing == []


def test_every_commands_help_runs_and_lists_its_options() -> None:
    for name, command in sorted(_commands().items()):
        run = invoke_skald([name, "--help"])
        assert run.code == 0, f"{name} --help: {run.stderr}"
        for param in command.params:
            if getattr(param, "hidden", False):
                continue
            for flag in param.opts:
                if flag.startswith("--"):
                    assert flag in run.stdout, f"{name} --help does not show {flag}"
        assert "<bool>" not in run.stdout, f"{name} --help labels a flag with a type"

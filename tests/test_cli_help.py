"""Every `skald` command explains itself: each command has a help line and each of its
arguments and options has help text of its own (what `--help` shows a person)."""

from __future__ import annotations

import importlib
from typing import Any

import typer.main

from skald.cli.main import app
from skald.cli.table import COMMANDS
from skald.cli.table import registered as registered_info
from tests.e2e_helpers import invoke_skald


def _commands() -> dict[str, Any]:
    """The click commands Typer builds from the app (what `skald NAME --help` renders)."""
    group = typer.main.get_command(app)
    ctx = group.make_context("skald", ["--tls-ca", "x"], resilient_parsing=True)
    commands = {name: group.get_command(ctx, name) for name in group.list_commands(ctx)}  # type: ignore[attr-defined]
    assert len(commands) > 15
    return commands


def test_the_command_table_names_every_registered_command_once() -> None:
    """`skald --help` lists from ``skald.cli.table.COMMANDS`` without importing the modules, so the
    table must hold exactly the commands the modules register, each with a one-line summary."""
    modules = {module for module, _ in COMMANDS.values()}
    registered = {}  # callback -> name
    for module in sorted(modules):
        for info in importlib.import_module(module).app.registered_commands:
            name = info.name or typer.main.get_command_name(info.callback.__name__)
            registered[info.callback] = name
    assert sorted(registered.values()) == sorted(COMMANDS)
    for name, (module, summary) in COMMANDS.items():
        assert registered_info(name).callback.__module__ == module
        assert "\n" not in summary and len(summary) <= 66, name
    listing = invoke_skald(["--help"]).stdout
    for name, (_, summary) in COMMANDS.items():
        assert f"{name} " in listing and summary in listing


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

"""What every command shares: options, the client, output (human or ``--json``), errors."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, TypeVar

import typer
from rich.console import Console

from domain.kernel.chance import ChanceEntry
from domain.kernel.errors import SkaldError
from service.client import Client, connect

console = Console()
err_console = Console(stderr=True)

Db = Annotated[
    str | None,
    typer.Option(
        "--db",
        envvar="SKALD_DB",
        help="SQLite file or postgresql:// URL (default ~/.local/share/skald/skald.db).",
    ),
]
Server = Annotated[
    str | None,
    typer.Option(
        "--server", envvar="SKALD_SERVER", help="HOST:PORT of `skald serve`; work through gRPC."
    ),
]
Token = Annotated[
    str | None,
    typer.Option(
        "--token", envvar="SKALD_TOKEN", help="Seat, referee or operator token (with --server)."
    ),
]
Json = Annotated[bool, typer.Option("--json", help="Print one JSON object on stdout.")]

F = TypeVar("F", bound=Callable[..., Any])


def emit(as_json: bool, payload: dict[str, Any], human: Callable[[], None] | None = None) -> None:
    if as_json:
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, default=str) + "\n")
    elif human is not None:
        human()
    else:
        console.print_json(json.dumps(payload, default=str))


def fail(as_json: bool, rule: str, reason: str, kind: str = "error", code: int = 1) -> typer.Exit:
    if as_json:
        sys.stdout.write(
            json.dumps({"error": {"rule": rule, "reason": reason, "kind": kind}}) + "\n"
        )
    err_console.print(f"[bold red]error[/] {rule}: {reason}")
    return typer.Exit(code)


@contextmanager
def session(
    db: str | None, server: str | None, token: str | None, as_json: bool
) -> Iterator[Client]:
    """A connected client; every domain/service error becomes a plain message and exit 1."""
    client: Client | None = None
    try:
        client = connect(db, server, token)
        yield client
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind) from None
    finally:
        if client is not None:
            client.close()


def parse_entries(text: str | None) -> list[ChanceEntry]:
    """Table chance entries from JSON: ``[3, ["c2", "c1", "c3"]]`` or ``@file.json``."""
    if not text:
        return []
    if text.startswith("@"):
        text = Path(text[1:]).read_text()
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SkaldError("chance/bad-json", f"chance entries are not JSON: {exc.msg}") from None
    if not isinstance(raw, list):
        raise SkaldError("chance/bad-json", "chance entries must be a JSON list")
    out: list[ChanceEntry] = []
    for item in raw:
        if isinstance(item, bool) or not isinstance(item, int | list):
            raise SkaldError("chance/bad-json", f"entry {item!r} is neither a number nor a list")
        out.append(item if isinstance(item, int) else tuple(str(x) for x in item))
    return out


def parse_options(pairs: list[str] | None) -> dict[str, str | int | bool]:
    out: dict[str, str | int | bool] = {}
    for pair in pairs or []:
        if "=" not in pair:
            raise SkaldError("option/malformed", f"option {pair!r} is not key=value")
        key, value = pair.split("=", 1)
        if value.lower() in ("true", "false"):
            out[key] = value.lower() == "true"
        else:
            try:
                out[key] = int(value)
            except ValueError:
                out[key] = value
    return out

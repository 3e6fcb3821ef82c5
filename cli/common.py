"""What every command shares: options, the client, output (human or ``--json``), errors."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console

if TYPE_CHECKING:  # the service and the games load only in the commands that use them
    from domain.kernel.chance import ChanceEntry
    from service.client import Client

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
    err_console.print(f"[bold red]error[/] {rule}: {reason}", soft_wrap=True, highlight=False)
    return typer.Exit(code)


def store_target(db: str | None) -> str:
    """The store ``--db`` names: the option, else ``$SKALD_DB``, else the per-user default."""
    from service.store import DEFAULT_DB

    return db or os.environ.get("SKALD_DB") or str(DEFAULT_DB)


@contextmanager
def session(
    db: str | None, server: str | None, token: str | None, as_json: bool
) -> Iterator[Client]:
    """A connected client; every domain/service error becomes a plain message and exit 1.

    Locally the client is built by ``service.bootstrap.open_service`` (store, service and the
    games registry, once for this invocation); with ``--server`` it is a gRPC client. A store
    that cannot be opened (``service.store_check``), a file that cannot be written and a
    database that fails mid-command are one line too (one JSON object with ``--json``)."""
    from eventsourcing.persistence import PersistenceError

    from domain.kernel.errors import SkaldError
    from service.bootstrap import open_service
    from service.client import LocalClient, RemoteClient

    client: Client | None = None
    try:
        client = (
            RemoteClient(server, token) if server else LocalClient(open_service(store_target(db)))
        )
        yield client
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind) from None
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        raise fail(as_json, "io/error", f"{where}{error.strerror or error}", "io") from None
    except PersistenceError as error:
        cause = " ".join(str(error).split())[:300] or type(error).__name__
        raise fail(as_json, "store/error", f"the store failed: {cause}", "unavailable") from None
    finally:
        if client is not None:
            client.close()


def parse_entries(text: str | None) -> list[ChanceEntry]:
    """Table chance entries from JSON: ``[3, ["c2", "c1", "c3"]]`` or ``@file.json``."""
    from domain.kernel.errors import SkaldError

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


def parse_options(pairs: list[str] | None) -> dict[str, str]:
    """``--option key=value`` pairs as text: the kernel converts and validates them against the
    game's option schema (``domain.kernel.options.resolve_options``), so the CLI and gRPC
    clients get the same checks and the same errors."""
    from domain.kernel.errors import Malformed

    out: dict[str, str] = {}
    for pair in pairs or []:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise Malformed("options/malformed", f"option {pair!r} is not key=value")
        if key in out:
            raise Malformed("options/repeated", f"option {key!r} is given twice")
        out[key] = value.strip()
    return out

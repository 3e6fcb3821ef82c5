"""What every command shares: options, the client, output (human or ``--json``), errors."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from rich.console import Console
from rich.markup import escape
from rich.text import Text

if TYPE_CHECKING:  # the service and the games load only in the commands that use them
    from skald.domain.kernel.chance import ChanceEntry
    from skald.service.app.games import GameService
    from skald.service.client import Client, ClientTls

# No emoji codes: a path, id or move such as ``:-1:`` is printed as typed. Markup stays on for
# the commands' own styling; text that comes from the user or a file goes through `literal`.
console = Console(emoji=False)
err_console = Console(stderr=True, emoji=False)

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
TlsCa = Annotated[
    Path | None,
    typer.Option(
        "--tls-ca",
        envvar="SKALD_TLS_CA",
        show_envvar=False,
        help="CA certificate to trust for a TLS --server ($SKALD_TLS_CA).",
    ),
]
TlsCert = Annotated[
    Path | None,
    typer.Option(
        "--tls-cert",
        envvar="SKALD_TLS_CERT",
        show_envvar=False,
        help="Client certificate, when the server asks ($SKALD_TLS_CERT).",
    ),
]
TlsKey = Annotated[
    Path | None,
    typer.Option(
        "--tls-key",
        envvar="SKALD_TLS_KEY",
        show_envvar=False,
        help="Key of --tls-cert ($SKALD_TLS_KEY).",
    ),
]

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True, slots=True)
class Cli:
    """One invocation's context: where the command works (``--db``, or ``--server`` with
    ``--token`` and the TLS files) and whether it prints ``--json``.

    Declared once: the root callback keeps the options given before the command's name
    (``skald --tls-ca ca.pem show …``) as ``ctx.obj``, and every command that works on a store
    or a server takes the same options after its name (:func:`with_cli`), resolved into one
    :class:`Cli` that the command receives as ``cli``. An option typed after the name wins
    over one typed before it, which wins over its environment variable."""

    db: str | None = None
    server: str | None = None
    token: str | None = None
    json: bool = False
    tls_ca: Path | None = None
    tls_cert: Path | None = None
    tls_key: Path | None = None

    def tls(self) -> ClientTls:
        from skald.service.client import ClientTls

        def text(path: Path | None) -> str | None:
            return None if path is None else str(path)

        return ClientTls(text(self.tls_ca), text(self.tls_cert), text(self.tls_key))

    def session(self, creates: bool = False) -> AbstractContextManager[Client]:
        """The connected client (:func:`session`): every refusal inside is one line, exit 1."""
        return session(self.db, self.server, self.token, self.json, creates, self.tls())

    def refusals(self) -> AbstractContextManager[None]:
        """:func:`refusals` for work done without a client."""
        return refusals(self.json)


_SHARED = ("db", "server", "token", "json", "tls_ca", "tls_cert", "tls_key")
_SHARED_TYPES: dict[str, Any] = {
    "db": Db,
    "server": Server,
    "token": Token,
    "json": Json,
    "tls_ca": TlsCa,
    "tls_cert": TlsCert,
    "tls_key": TlsKey,
}


def resolve_cli(ctx: Any, given: dict[str, Any]) -> Cli:
    """The command's own options (``given``) over the root's: one typed after the command's
    name first, then one typed before it, then the environment or the default."""
    root = ctx.find_root().obj if ctx is not None else None
    root = root if isinstance(root, Cli) else Cli()
    values: dict[str, Any] = {}
    for name in _SHARED:
        mine = given[name]
        source = ctx.get_parameter_source(name) if ctx is not None else None
        typed_here = source is not None and source.name == "COMMANDLINE"
        before = getattr(root, name)
        if name == "json":
            values[name] = bool(mine or before)
        elif typed_here or before is None:
            values[name] = mine
        else:
            values[name] = before
    return Cli(**values)


def with_cli(command: F) -> F:
    """A command taking ``cli: Cli`` (first) instead of declaring the shared options itself:
    Typer sees ``--db``, ``--server``, ``--token``, ``--json`` and ``--tls-ca``/``--tls-cert``/
    ``--tls-key`` after the command's own, and the command gets them resolved (:func:`resolve_cli`)."""
    import functools
    import inspect
    import typing

    hints = typing.get_type_hints(command, include_extras=True)
    own = [
        p.replace(annotation=hints.get(p.name, p.annotation))
        for p in inspect.signature(command).parameters.values()
        if p.name != "cli"
    ]
    keyword = inspect.Parameter.KEYWORD_ONLY
    shared = [
        inspect.Parameter(name, keyword, default=False if name == "json" else None, annotation=kind)
        for name, kind in _SHARED_TYPES.items()
    ]
    context = inspect.Parameter("_cli_ctx", keyword, annotation=typer.Context)

    @functools.wraps(command)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        ctx = kwargs.pop("_cli_ctx", None)
        given = {name: kwargs.pop(name, None) for name in _SHARED}
        return command(resolve_cli(ctx, given), *args, **kwargs)

    params = [*own, *shared, context]
    wrapper.__signature__ = inspect.Signature(params, return_annotation=None)  # type: ignore[attr-defined]
    wrapper.__annotations__ = {p.name: p.annotation for p in params}
    return typing.cast(F, wrapper)


def emit(as_json: bool, payload: dict[str, Any], human: Callable[[], None] | None = None) -> None:
    if as_json:
        sys.stdout.write(json.dumps(payload, ensure_ascii=False, default=str) + "\n")
    elif human is not None:
        human()
    else:
        console.print_json(json.dumps(payload, default=str))


def literal(value: object) -> str:
    """``value`` as text for a markup string, printed as it is: a reason, path or move may hold
    ``[/x]`` or ``[bold]``, which rich would otherwise read as tags (or fail on)."""
    return escape(str(value))


def fail(as_json: bool, rule: str, reason: str, kind: str = "error", code: int = 1) -> typer.Exit:
    """Print the broken rule (one line on stderr; with ``--json`` also one JSON object on stdout)
    and return the exit to raise. The rule and reason are printed literally, never as markup."""
    if as_json:
        sys.stdout.write(
            json.dumps({"error": {"rule": rule, "reason": reason, "kind": kind}}) + "\n"
        )
    line = Text.assemble(("error", "bold red"), f" {rule}: {reason}")
    err_console.print(line, soft_wrap=True, highlight=False)
    return typer.Exit(code)


def warn(rule: str, reason: str) -> None:
    """One warning line on stderr (the command goes on), printed literally like `fail`'s."""
    line = Text.assemble(("warning", "bold yellow"), f" {rule}: {reason}")
    err_console.print(line, soft_wrap=True, highlight=False)


def store_target(db: str | None) -> str:
    """The store ``--db`` names: the option, else ``$SKALD_DB``, else the per-user default."""
    from skald.service.store.event_store import DEFAULT_DB

    return db or os.environ.get("SKALD_DB") or str(DEFAULT_DB)


@contextmanager
def refusals(as_json: bool) -> Iterator[None]:
    """Every domain/service error inside becomes its rule in one line and exit 1 (one JSON
    object with ``--json``): for the work a command does without a client (a replay file read
    offline) as for the work `session` does with one. A file that cannot be read or written
    and a database that fails mid-command are one line too."""
    from eventsourcing.persistence import PersistenceError

    from skald.domain.kernel.errors import SkaldError

    try:
        yield
    except SkaldError as error:
        raise fail(as_json, error.rule, error.reason, error.kind) from None
    except OSError as error:
        where = f"{_cut(error.filename)}: " if error.filename else ""
        raise fail(as_json, "io/error", f"{where}{error.strerror or error}", "io") from None
    except PersistenceError as error:
        cause = " ".join(str(error).split())[:300] or type(error).__name__
        raise fail(as_json, "store/error", f"the store failed: {cause}", "unavailable") from None


def _cut(value: object, limit: int = 200) -> str:
    """A file name in a message, cut like the service's echoes (a name can be 4 KB long)."""
    text = os.fsdecode(value) if isinstance(value, bytes) else str(value)
    return text if len(text) <= limit else text[:limit] + "…"


@contextmanager
def session(
    db: str | None,
    server: str | None,
    token: str | None,
    as_json: bool,
    creates: bool = False,
    tls: ClientTls | None = None,
) -> Iterator[Client]:
    """A connected client; every domain/service error becomes a plain message and exit 1.

    Locally the client is built by ``skald.service.bootstrap.open_service`` (store, service and the
    games registry, once for this invocation) on its first call that needs the store, so a
    command at work on a replay file never opens one; with ``--server`` it is a gRPC client,
    after the address and token are checked here (`check_remote`). Only a command that
    ``creates`` games (new, import, simulate) makes a store where none is; the others refuse
    a missing SQLite file (``store/missing``) rather than leave an empty one behind. A store
    that cannot be opened (``skald.service.store.check``) is one line too, as everything `refusals`
    catches."""
    from skald.service.bootstrap import open_service
    from skald.service.client import LocalClient, RemoteClient
    from skald.service.store.check import check_exists

    with refusals(as_json):
        client: Client | None = None
        made: list[Path] = []  # the file and folders a creating command would make anew
        try:
            if server is not None:
                check_remote(server, token)
                client = RemoteClient(server, token, tls)
            else:
                target = store_target(db)
                made = _new_paths(target) if creates else []

                def opened() -> GameService:
                    if not creates:
                        check_exists(target)
                    return open_service(target)

                client = LocalClient(opened)
            yield client
        except BaseException:
            if made and isinstance(client, LocalClient):
                _discard_if_empty(client, made)
                client = None
            raise
        finally:
            if client is not None:
                client.close()


def _new_paths(target: str) -> list[Path]:
    """A SQLite target that does not exist yet, and each of its folders that does not: what a
    creating command makes, to take back if it is refused (nothing for a URL or a store that
    exists)."""
    from skald.service.store.check import sqlite_path

    path = sqlite_path(target)
    if path is None or path.exists():
        return []
    missing = [path]
    for folder in path.parents:
        if folder.exists():
            break
        missing.append(folder)
    return missing


def _discard_if_empty(client: Any, made: list[Path]) -> None:
    """A store this command made and then refused to write to is removed with the folders made
    for it, so a refused ``new`` or ``import`` changes nothing on disk: only when no record
    went in (a store another process wrote to meanwhile is kept)."""
    svc = client.opened
    if svc is None:
        return
    try:
        empty = not svc.store.recorder.max_notification_id()
    except Exception:  # cannot tell: keep it
        empty = False
    svc.store.close()
    if not empty:
        return
    store = made[0]
    for extra in ("", "-wal", "-shm", "-journal"):
        with suppress(OSError):
            Path(f"{store}{extra}").unlink()
    for folder in made[1:]:
        with suppress(OSError):
            folder.rmdir()  # only if empty


def check_port(port: int) -> None:
    """Refuse a port outside 0..65535 (``serve/port``): the socket layer would otherwise take
    it modulo 65536 or fail with a traceback."""
    from skald.domain.kernel.errors import Malformed

    if not 0 <= port <= 65535:
        raise Malformed("serve/port", f"--port must be 0..65535 (0: any free port), not {port}")


def check_remote(server: str, token: str | None) -> None:
    """Refuse, before any connection, a ``--server`` that names no server and a token that
    cannot be sent. An empty address would otherwise fall back to the local store, a port past
    65535 reached another port (taken modulo 65536), and a token outside printable ASCII is
    no token of Skald's (they are URL-safe text) and cannot go in gRPC metadata at all."""
    from skald.domain.kernel.errors import Malformed
    from skald.service.model.errors import Unauthenticated, echo

    address = server.strip()
    if not address:
        raise Malformed("server/address", "--server is empty: give HOST:PORT of `skald serve`")
    if "://" not in address and not address.startswith(("unix:", "dns:", "ipv4:", "ipv6:")):
        host, colon, port = address.rpartition(":")
        if not colon or not host:
            raise Malformed(
                "server/address",
                f"--server {echo(address)} is not HOST:PORT (e.g. 127.0.0.1:50051)",
            )
        if not port.isdecimal() or not 1 <= int(port) <= 65535:
            raise Malformed(
                "server/address", f"--server {echo(address)}: the port must be 1..65535"
            )
    if token is not None and not all(" " <= ch <= "~" for ch in token):
        raise Unauthenticated(
            "auth/bad-token",
            "the token has characters that are not printable ASCII; Skald's tokens are "
            "URL-safe text (as `skald new` printed them)",
        )


def parse_entries(text: str | None) -> list[ChanceEntry]:
    """Table chance entries from JSON: ``[3, ["c2", "c1", "c3"]]`` or ``@file.json``."""
    from skald.domain.kernel.errors import SkaldError

    if not text:
        return []
    if text.startswith("@"):
        text = Path(text[1:]).read_text()
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise SkaldError("chance/bad-json", f"chance entries are not JSON: {exc.msg}") from None
    except ValueError:  # no JSONDecodeError: a number past the 4,300 digits Python reads
        raise SkaldError(
            "chance/bad-json", "chance entries hold a number too long to read"
        ) from None
    except RecursionError:  # ``[[[[...`` thousands deep: the parser's stack, not a traceback
        raise SkaldError("chance/bad-json", "chance entries are nested too deeply") from None
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
    game's option schema (``skald.domain.kernel.options.resolve_options``), so the CLI and gRPC
    clients get the same checks and the same errors."""
    from skald.domain.kernel.errors import Malformed

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

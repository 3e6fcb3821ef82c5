"""Settling disputes: replay, fork, diff, verify, check, export, import."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cli.common import Db, Json, Server, Token, console, emit, fail, parse_entries, session

if TYPE_CHECKING:  # loaded by the commands that use them, so `skald --help` starts fast
    from domain.kernel.records import SeedReveal
    from service.client import Client, ViewResult
    from service.records import Record

app = typer.Typer()


def _is_file(ref: str) -> bool:
    return ref.endswith(".jsonl") or Path(ref).is_file()


def _records(client: Client | None, ref: str) -> tuple[str, list[Record], list[SeedReveal]]:
    """(label, records, revealed seeds) of a game id or a replay file."""
    from domain.kernel.errors import SkaldError
    from service import replay_file

    if _is_file(ref):
        path = Path(ref)
        if not path.is_file():
            raise SkaldError("replay/missing", f"no such file: {ref}")
        parsed = replay_file.load_bytes(path.read_bytes())
        return ref, list(parsed.records), list(parsed.seeds)
    assert client is not None
    gid = client.resolve(ref)
    return gid, client.history(gid), []


@app.command()
def replay(
    ref: Annotated[str, typer.Argument(help="Game id or replay file (.jsonl).")],
    to: Annotated[int | None, typer.Option("--to", help="Stop at this version.")] = None,
    step: Annotated[
        bool, typer.Option("--step", help="Pause after each event (Enter to go on).")
    ] = False,
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """Re-apply a game's events one by one and draw the public view reached."""
    from cli.render import draw_view, record_line
    from domain.kernel.errors import SkaldError
    from service.client import view_json

    with session(db, server, token, json) as client:
        label, records, _ = _records(client, ref)
        if to is not None:
            if not 1 <= to <= len(records):
                raise SkaldError("version/out-of-range", f"--to must be 1..{len(records)}")
            records = records[:to]
        if not json:
            for i, r in enumerate(records, start=1):
                console.print(record_line(r))
                if step and i < len(records):
                    if sys.stdin.isatty():
                        console.input("[dim]⏎ next[/]")
                    console.print(draw_view(_result(label, records[:i])))
        result = _result(label, records)
        emit(
            json,
            {"source": label, "events": len(records), **view_json(result)},
            lambda: console.print(draw_view(result)),
        )


def _result(label: str, records: list[Record]) -> ViewResult:
    """The public view after ``records``."""
    from service.client import ViewResult
    from service.folding import fold_records

    loaded = fold_records(records)
    return ViewResult.of(label, loaded, None, loaded.rules.view(loaded.state, None))


@app.command()
def fork(
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    at: Annotated[int, typer.Option("--at", help="Keep events 1..AT (a command boundary).")],
    reseed: Annotated[
        bool, typer.Option("--reseed", help="Draw future chance from a new seed.")
    ] = False,
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """A new game from the first AT events (same chance stream unless --reseed)."""
    with session(db, server, token, json) as client:
        created = client.fork(client.resolve(game_id), at, reseed)

        def human() -> None:
            console.print(
                f"[bold]fork[/] {created['game_id']} of {game_id} at v{at}{' (reseeded)' if reseed else ''}"
            )
            for seat, tok in enumerate(created["seat_tokens"]):
                console.print(f"  seat {seat} token  {tok}")
            console.print(f"  referee token {created['referee_token']}")

        emit(json, created, human)


@app.command()
def diff(
    a: Annotated[str, typer.Argument(help="Game id or replay file.")],
    b: Annotated[str, typer.Argument(help="Game id or replay file.")],
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """Where two games part, and how their states differ afterwards.

    ``first_divergence`` is the version at which they part: both agree up to and including it,
    and their next events differ (for a fork at V played differently, V). It is null when one
    game is a prefix of the other or both are equal."""
    from cli.render import record_line
    from service.audit import diff as service_diff

    with session(db, server, token, json) as client:
        label_a, ra, _ = _records(client, a)
        label_b, rb, _ = _records(client, b)
        payload = service_diff(ra, rb, label_a, label_b)
        common = payload["common_prefix"]
        diverged = payload["first_divergence"] is not None
        changes = payload["state_differences"]
        scores = payload["scores"]

        def human() -> None:
            if diverged:
                console.print(f"[bold]diverged at v{common}[/]: v{common + 1} differs")
                console.print("  a:", record_line(ra[common]))
                console.print("  b:", record_line(rb[common]))
            else:
                console.print(
                    f"no divergence: common prefix {common} (a has {len(ra)}, b has {len(rb)} events)"
                )
            console.print(f"scores a={scores['a']} b={scores['b']}")
            for c in changes[:60]:
                console.print(f"  {c['path']}: {c['a']!r} → {c['b']!r}", markup=False)
            if len(changes) > 60:
                console.print(f"  … {len(changes) - 60} more")

        emit(json, payload, human)


@app.command()
def verify(
    ref: Annotated[str, typer.Argument(help="Game id or replay file.")],
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """Hash chain, seed commitment, every chance outcome re-derived, every command re-decided.

    Exits non-zero naming the first bad event."""
    from domain.kernel.errors import SkaldError
    from service.verify import verify as verify_records

    if _is_file(ref):
        try:
            _, records, seeds = _records(None, ref)
        except SkaldError as error:
            raise fail(json, error.rule, error.reason, error.kind) from None
        report = verify_records(records, seeds).to_json()
    else:
        with session(db, server, token, json) as client:
            report = client.verify(client.resolve(ref))
    if not report["ok"]:
        emit(json, report, lambda: None)
        raise fail(
            json and False, "verify/failed", f"event v{report['first_bad']}: {report['problem']}"
        )

    def human() -> None:
        console.print(
            f"[bold green]verified[/] {report['events']} events: {', '.join(report['checked'])}"
        )
        for note in report["notes"]:
            console.print(f"  note: {note}")

    emit(json, report, human)


@app.command()
def check(
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    command: Annotated[str, typer.Argument(help="Command as protobuf JSON.")],
    at: Annotated[int, typer.Option("--at", help="The version to test against.")],
    seat: Annotated[int, typer.Option("--seat", "-s", help="The seat (0-based).")],
    chance: Annotated[
        str | None, typer.Option(help="Table chance entries: JSON list or @file.")
    ] = None,
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """Would this command have been legal at version AT? The events it would make, or the rule
    it breaks (exit 1). Nothing is written."""
    from cli.command_json import parse_command
    from cli.render import record_line
    from domain.kernel.errors import SkaldError

    with session(db, server, token, json) as client:
        gid = client.resolve(game_id)
        rules = client.rules_of(gid)
        cmd = parse_command(rules, command)
        try:
            records = client.check(gid, at, seat, cmd, parse_entries(chance))
        except SkaldError as error:
            if error.kind in ("illegal", "not_your_turn", "game_over", "chance_needed"):
                rule, reason = error.rule, error.reason
                emit(
                    json,
                    {"legal": False, "rule": rule, "reason": reason},
                    lambda: console.print(f"[bold red]illegal at v{at}[/] {rule}: {reason}"),
                )
                raise typer.Exit(1) from None
            raise

        def human() -> None:
            console.print(f"[bold green]legal at v{at}[/]; it would make:")
            for r in records:
                console.print(record_line(r))

        emit(json, {"legal": True, "events": [r.to_json() for r in records]}, human)


@app.command("export")
def export_game(
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    output: Annotated[Path, typer.Option("-o", "--output", help="Replay file to write (.jsonl).")],
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """Write a game as a replay file (JSON Lines: header, events, trailer)."""
    with session(db, server, token, json) as client:
        gid = client.resolve(game_id)
        text = client.export(gid)
        output.write_text(text)
        lines = text.count("\n")
        emit(
            json,
            {"game_id": gid, "file": str(output), "lines": lines},
            lambda: console.print(f"wrote {output} ({lines} lines)"),
        )


@app.command("import")
def import_game(
    file: Annotated[Path, typer.Argument(help="Replay file (.jsonl).")],
    copy: Annotated[
        bool,
        typer.Option("--copy", help="Import as a new game even if the store holds this one."),
    ] = False,
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """Verify a replay file and store it as a game; prints the new game id and tokens. A file
    whose game the store already holds (same game id, same hash chain) is not stored twice
    unless --copy. A `skald serve` without --open imports for its operator token only
    (--token)."""
    from domain.kernel.errors import SkaldError
    from service import replay_file
    from service.verify import verify as verify_records

    with session(db, server, token, json) as client:
        if not file.is_file():
            raise SkaldError("replay/missing", f"no such file: {file}")
        raw = file.read_bytes()
        parsed = None if copy else replay_file.load_bytes(raw)
        if parsed is not None and verify_records(parsed.records, parsed.seeds).ok:
            # only a file that verifies is matched: its hashes then bind what it holds (a
            # tampered file goes on to be refused by the import itself)
            held = _held_as(client, parsed.created.game_id, [r.hash for r in parsed.records])
            if held is not None:
                gid, version = held
                payload = {"already_imported": gid, "version": version, "file": str(file)}
                emit(
                    json,
                    payload,
                    lambda: console.print(
                        f"{file} is game [bold]{gid}[/] already (v{version} stored); nothing "
                        "imported. --copy stores it again as a new game.",
                        highlight=False,
                    ),
                )
                return
        created, report = client.import_text(replay_file.decode(raw))

        def human() -> None:
            console.print(
                f"imported {file} as [bold]{created['game_id']}[/] ({created['game']}, "
                f"v{created['version']}; verified: {', '.join(report['checked'])})",
                highlight=False,
            )
            for seat, tok in enumerate(created["seat_tokens"]):
                console.print(f"  seat {seat} token  {tok}")
            console.print(f"  referee token {created['referee_token']}")

        emit(json, {**created, "report": report}, human)


def _held_as(client: Client, game_id: str, hashes: list[str]) -> tuple[str, int] | None:
    """(id, stored version) of the stored game a file holds: the file's game id, whose stored
    hash chain starts with the file's (it may have gone on since the export); else None."""
    from domain.kernel.errors import SkaldError

    try:
        stored = client.history(game_id)
    except SkaldError as error:
        if error.kind in ("not_found", "not_your_turn", "unauthenticated"):  # cannot tell
            return None
        raise
    if [r.hash for r in stored[: len(hashes)]] != hashes:
        return None
    return game_id, len(stored)

"""Game records in and out: ``export`` (the replay file, or a text record for people) and
``import`` (a replay file stored as a game); ``skald.cli.table`` lists them with the others."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from skald.cli.common import Cli, console, emit, fail, literal, with_cli
from skald.cli.records.sources import is_file, records_of, replay_path
from skald.service.app.requests import ExportGame, GetHistory, ImportGame
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:
    from skald.service.client import Client

app = typer.Typer()


@app.command("export")
@with_cli
def export_game(
    cli: Cli,
    game_id: Annotated[
        str,
        typer.Argument(help="Game id (or a unique prefix); with --format text also a replay file."),
    ],
    output: Annotated[
        Path | None,
        typer.Option(
            "-o",
            "--output",
            help="File to write; - for stdout (jsonl: required; text: default stdout).",
        ),
    ] = None,
    format_: Annotated[
        str,
        typer.Option(
            "--format",
            "-f",
            help="jsonl: the replay file `verify` and `import` read; text: a move list for "
            "people to read and print (not for `import`).",
        ),
    ] = "jsonl",
) -> None:
    """Write a game as a replay file (JSON Lines: header, events, trailer), or with --format
    text as a record people read, like a chess PGN: header tags (game, players, seed
    commitment, rules version, result), then the moves under round and seat headings in the
    game's notation. `import` reads only the JSON Lines file. `-o -` writes either to stdout
    (so a jsonl export can be piped), which leaves no room for --json's summary."""
    if format_ not in ("jsonl", "text"):
        raise fail(cli.json, "export/format", f"--format is jsonl or text, not {format_!r}")
    if format_ == "jsonl" and output is None:
        raise fail(cli.json, "export/output", "a jsonl export needs -o FILE (or -o - for stdout)")
    to_stdout = output is None or str(output) == "-"
    if to_stdout and cli.json:
        raise fail(cli.json, "export/output", "--json needs -o FILE (the record is the output)")
    with cli.session() as client:
        if format_ == "text":
            from skald.cli.records.export_text import text_record
            from skald.cli.records.timeline import Timeline

            if is_file(game_id):
                gid, records, _ = records_of(None, game_id)
            else:  # what the jsonl export holds, for whoever may export it
                from skald.service.store import replay_file

                gid = client.resolve(game_id)
                records = list(
                    replay_file.load_bytes(
                        client.export(ExportGame(gid, who=OPERATOR)).encode()
                    ).records
                )
            text = text_record(Timeline(gid, records))
        else:
            gid = client.resolve(game_id)
            text = client.export(ExportGame(gid, who=OPERATOR))
        lines = text.count("\n")
        if to_stdout or output is None:
            sys.stdout.write(text)
            return
        output.write_text(text)
        emit(
            cli.json,
            {"game_id": gid, "file": str(output), "format": format_, "lines": lines},
            lambda: console.print(f"wrote {literal(output)} ({lines} lines)", highlight=False),
        )


@app.command("import")
@with_cli
def import_game(
    cli: Cli,
    file: Annotated[Path, typer.Argument(help="Replay file (.jsonl).")],
    copy: Annotated[
        bool,
        typer.Option("--copy", help="Import as a new game even if the store holds this one."),
    ] = False,
) -> None:
    """Verify a replay file and store it as a game; prints the new game id and tokens. A file
    whose game the store already holds (same game id, same hash chain) is not stored twice
    unless --copy. A `skald serve` without --open imports for its operator token only
    (--token)."""
    from skald.service.model.verify import verify as verify_records
    from skald.service.store import replay_file

    with cli.session(creates=True) as client:
        raw = replay_path(file).read_bytes()
        parsed = None if copy else replay_file.load_bytes(raw)
        if parsed is not None and verify_records(parsed.records, parsed.seeds).ok:
            # only a file that verifies is matched: its hashes then bind what it holds (a
            # tampered file goes on to be refused by the import itself)
            held = _held_as(client, parsed.created.game_id, [r.hash for r in parsed.records])
            if held is not None:
                gid, version = held
                payload = {"already_imported": gid, "version": version, "file": str(file)}
                emit(
                    cli.json,
                    payload,
                    lambda: console.print(
                        f"{literal(file)} is game [bold]{literal(gid)}[/] already (v{version} "
                        "stored); nothing imported. --copy stores it again as a new game.",
                        highlight=False,
                    ),
                )
                return
        created, report = client.import_text(ImportGame(replay_file.decode(raw)))

        def human() -> None:
            console.print(
                f"imported {literal(file)} as [bold]{literal(created['game_id'])}[/] "
                f"({created['game']}, "
                f"v{created['version']}; verified: {', '.join(report['checked'])})",
                highlight=False,
            )
            for seat, tok in enumerate(created["seat_tokens"]):
                console.print(f"  seat {seat} token  {tok}")
            console.print(f"  referee token {created['referee_token']}")

        emit(cli.json, {**created, "report": report}, human)


def _held_as(client: Client, game_id: str, hashes: list[str]) -> tuple[str, int] | None:
    """(id, stored version) of the stored game a file holds: the file's game id, whose stored
    hash chain starts with the file's (it may have gone on since the export); else None."""
    from skald.domain.kernel.errors import SkaldError

    try:
        stored = client.history(GetHistory(game_id, who=OPERATOR))
    except SkaldError as error:
        if error.kind in ("not_found", "not_your_turn", "unauthenticated"):  # cannot tell
            return None
        raise
    if [r.hash for r in stored[: len(hashes)]] != hashes:
        return None
    return game_id, len(stored)

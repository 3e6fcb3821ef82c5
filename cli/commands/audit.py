"""Settling disputes: replay, fork, diff, verify, check (export, import: cli/commands/records.py)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skald.cli.common import (
    Cli,
    console,
    emit,
    fail,
    literal,
    parse_entries,
    warn,
    with_cli,
)
from skald.cli.records.sources import file_report, is_file, records_of
from skald.service.app.requests import (
    CheckCommand,
    ForkGame,
    GetHistory,
    ListDisputes,
    ListLegal,
    VerifyGame,
    ViewGame,
)
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:  # loaded by the commands that use them, so `skald --help` starts fast
    from skald.domain.kernel.records import SeedReveal
    from skald.service.client import Client, ViewResult
    from skald.service.model.folding import Loaded
    from skald.service.model.records import Record

app = typer.Typer()


@app.command()
@with_cli
def replay(
    cli: Cli,
    ref: Annotated[str, typer.Argument(help="Game id or replay file (.jsonl).")],
    to: Annotated[
        int | None,
        typer.Option("--to", help="Stop at this version (the browser opens there)."),
    ] = None,
    step: Annotated[
        bool, typer.Option("--step", help="Print each event and the board after it, in turn.")
    ] = False,
    plain: Annotated[
        bool, typer.Option("--plain", help="Print instead of opening the browser on a terminal.")
    ] = False,
) -> None:
    """Step through a game. On a terminal: a full-screen browser (move list with seats and
    command ids in the game's notation, the board at the selected version, ←/→ one event,
    ↑/↓ one move, [ ] one round, v/r jump to a version/round, s the next view: public, each
    seat, the referee; 0-9 a seat; d the next dispute; the verify status; q quits). Piped,
    with --plain, --step or --json: re-apply the events and print them and the public view
    reached (--step: the board after each event, Enter to go on at a terminal).

    A replay file is verified first, as `skald verify` does. One that does not verify (altered,
    cut short, or a running game's export whose seed is not revealed yet) is still replayed,
    for inspection, under a warning on stderr saying so and why (first with --step, else
    last); --json gives `"verified": false` and `verify_problem`. Whether a file is evidence
    is `skald verify`'s answer (exit 1 when it is not); a stored game: `skald verify ID`
    (`verified` is null here)."""
    from skald.cli.draw.render import draw_view, record_line
    from skald.domain.kernel.errors import SkaldError
    from skald.service.client import view_json
    from skald.service.model.folding import fold_into, fold_records

    with cli.session() as client:
        label, records, seeds = records_of(client, ref)
        if to is not None and not 1 <= to <= len(records):
            raise SkaldError("version/out-of-range", f"--to must be 1..{len(records)}")
        if not (cli.json or step or plain) and _on_terminal():
            _browse(client, ref, label, records, seeds, to)
            return
        checked = file_report(records, seeds, ref) if is_file(ref) else None
        if step:  # warned before stepping through it, not after
            _warn_unverified([(label, checked)])
        if to is not None:
            records = records[:to]
        if not cli.json:
            loaded: Loaded | None = None  # --step folds one event further each time
            for i, r in enumerate(records, start=1):
                console.print(record_line(r))
                if step and i < len(records):
                    if sys.stdin.isatty():
                        console.input("[dim]⏎ next[/]")
                    loaded = fold_into(loaded, "file", [r], trusted=False)
                    console.print(draw_view(_result(label, loaded)))
        result = _result(label, fold_records(records))
        payload: dict[str, Any] = {"source": label, "events": len(records), **view_json(result)}
        payload["verified"] = None if checked is None else checked["ok"]
        if checked is not None and not checked["ok"]:
            payload["verify_problem"] = _problem(checked)
        emit(cli.json, payload, lambda: console.print(draw_view(result)))
        if not step:
            _warn_unverified([(label, checked)])


def _problem(report: dict[str, Any]) -> str:
    """A failed verify report's first bad event and why, as `skald verify` says it."""
    return f"event v{report['first_bad']}: {report['problem']}"


def _warn_unverified(checked: list[tuple[str, dict[str, Any] | None]]) -> None:
    """One warning line naming each replay file shown that does not verify: what is shown of
    it is for inspection, not evidence. Not a refusal: an honest running game's export does
    not verify either (its seed is not revealed yet), and looking at it is what these
    commands are for; `skald verify` is the verdict."""
    bad = [(label, report) for label, report in checked if report is not None and not report["ok"]]
    if bad:
        reason = "; ".join(f"{label} does NOT verify ({_problem(r)})" for label, r in bad)
        warn("verify/failed", f"{reason}: what is shown is not evidence (see `skald verify`)")


def _on_terminal() -> bool:
    """Whether a person is at the keyboard and screen (else ``replay`` prints)."""
    return sys.stdout.isatty() and sys.stdin.isatty()


def _browse(
    client: Client,
    ref: str,
    label: str,
    records: list[Record],
    seeds: list[SeedReveal],
    start: int | None,
) -> None:
    """Open the replay browser (Textual loads only here); verification runs beside it: a
    file offline with the seeds it reveals, a stored game by the store or server."""
    from skald.cli.records.sources import file_disputes
    from skald.cli.records.timeline import Timeline
    from skald.cli.tui.browser import browse
    from skald.service.app import disputes

    raw = file_disputes(ref) if is_file(ref) else ()
    shown = (
        disputes.shown(raw) if is_file(ref) else client.disputes(ListDisputes(label, who=OPERATOR))
    )

    def verifier() -> dict[str, Any]:
        if is_file(ref):
            from skald.service.model.verify import verify as verify_records

            checked = disputes.apply(verify_records(records, seeds), records, raw)
            report: dict[str, Any] = checked.to_json()
            return report
        return client.verify(VerifyGame(label, who=OPERATOR))

    browse(Timeline(label, records, shown), verifier, start)


def _result(label: str, loaded: Loaded) -> ViewResult:
    """The public view of a folded game."""
    from skald.service.client import ViewResult

    return ViewResult.of(label, loaded, None, loaded.rules.view(loaded.state, None))


@app.command()
@with_cli
def fork(
    cli: Cli,
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    at: Annotated[int, typer.Option("--at", help="Keep events 1..AT (a command boundary).")],
    reseed: Annotated[
        bool, typer.Option("--reseed", help="Draw future chance from a new seed.")
    ] = False,
) -> None:
    """A new game from the first AT events (same chance stream unless --reseed). It forks a
    stored game: a replay file is imported first (`skald import FILE`). A fork of a finished
    game without --reseed is open-hand: that game's end revealed its seed, so anyone can
    predict every draw of the fork (said, and ``open_hand`` in --json)."""
    from skald.domain.kernel.errors import Malformed

    with cli.session() as client:
        if is_file(game_id):
            raise Malformed(
                "fork/file",
                f"{game_id} is a file: fork forks a stored game; `skald import {game_id}` "
                "first, then fork the id it prints",
            )
        source = client.resolve(game_id)
        ended = client.view(ViewGame(source, None, None, who=OPERATOR)).outcome is not None
        created = client.fork(ForkGame(source, at, reseed, who=OPERATOR))
        created["open_hand"] = ended and not reseed

        def human() -> None:
            reseeded = " (reseeded)" if reseed else ""
            console.print(
                f"[bold]fork[/] {literal(created['game_id'])} of {literal(game_id)} "
                f"at v{at}{reseeded}"
            )
            if created["open_hand"]:
                console.print(
                    "  [bold yellow]open-hand:[/] the game forked has ended and revealed its "
                    "seed, so anyone can predict every draw of this fork (--reseed deals "
                    "fresh chance)"
                )
            for seat, tok in enumerate(created["seat_tokens"]):
                console.print(f"  seat {seat} token  {tok}")
            console.print(f"  referee token {created['referee_token']}")

        emit(cli.json, created, human)


@app.command()
@with_cli
def diff(
    cli: Cli,
    a: Annotated[str, typer.Argument(help="Game id or replay file.")],
    b: Annotated[str, typer.Argument(help="Game id or replay file.")],
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", "-s", help="Draw the boards as this seat sees them (default: public)."
        ),
    ] = None,
) -> None:
    """Where two games of the same game part, and how they differ at their ends.

    Prints the two moves where they part (notation, seats, command ids), the two boards side
    by side after those moves, then what differs at the ends in the game's words (scores,
    owners, cards). Different games, rules versions or player counts are refused (exit 1).
    --json: the full structure — ``first_divergence`` is the version both agree up to and
    including (for a fork at V played differently, V; null when one game is a prefix of the
    other), ``divergence`` names both moves, ``state_differences`` every changed view path,
    ``differences`` the list in the game's words, ``verified`` whether each replay file
    verifies and ``verify_problems`` why not (null for a stored game: `skald verify ID`). A
    file that does not verify is still compared, for inspection (the difference may be the
    alteration itself, not a move played), under a warning on stderr's last line; whether it
    is evidence is `skald verify`'s answer."""
    from skald.cli.records.diffing import draw, enrich, refuse_unlike
    from skald.cli.records.timeline import Timeline
    from skald.domain.kernel.errors import Malformed
    from skald.service.app.audit import diff as service_diff

    with cli.session() as client:
        label_a, ra, seeds_a = records_of(client, a)
        label_b, rb, seeds_b = records_of(client, b)
        refuse_unlike(label_a, ra, label_b, rb)
        ta, tb = Timeline(label_a, ra), Timeline(label_b, rb)
        if seat is not None and not 0 <= seat < ta.players:
            raise Malformed("seat/out-of-range", f"seats are 0..{ta.players - 1}, not {seat}")
        checked = [
            (label, file_report(records, seeds, ref) if is_file(ref) else None)
            for ref, label, records, seeds in ((a, label_a, ra, seeds_a), (b, label_b, rb, seeds_b))
        ]
        report = enrich(ta, tb, service_diff(ra, rb, label_a, label_b))
        report["verified"] = [None if r is None else r["ok"] for _, r in checked]
        report["verify_problems"] = [
            None if r is None or r["ok"] else _problem(r) for _, r in checked
        ]
        emit(cli.json, report, lambda: console.print(draw(ta, tb, report, seat)))
        _warn_unverified(checked)


@app.command()
@with_cli
def verify(
    cli: Cli,
    ref: Annotated[str, typer.Argument(help="Game id or replay file.")],
    expect: Annotated[
        list[str] | None,
        typer.Option(
            "--expect",
            help="vN:HASH: the hash a seat was given for record N (its log, its stream); the "
            "game must hold it. Repeatable; a unique beginning of 12+ hex digits is enough.",
        ),
    ] = None,
    receipts: Annotated[
        Path | None,
        typer.Option(
            "--receipts",
            help="A folder of a seat's signed receipts (skald play keeps them in "
            "$SKALD_RECEIPTS or ~/.local/share/skald/receipts): each must agree with the game.",
        ),
    ] = None,
    key: Annotated[
        list[str] | None,
        typer.Option(
            "--key",
            help="For a replay file: a server's receipt key (hex; GetServerInfo, `skald "
            "serve --json`): receipts must be signed by it. Default: the keys the file names.",
        ),
    ] = None,
) -> None:
    """Hash chain, seed commitment, every chance outcome re-derived, every command re-decided.

    Exits non-zero naming the first bad event. With --expect, also that record N's hash is the
    one a seat was given: a hash binds every record up to it (each holds the one before), so
    it settles what re-deciding cannot — a command id, a time or an order chosen anew and the
    chain sealed again — for the first N records. With --receipts, every signed receipt a seat
    kept for this game must agree with it: the records the server acknowledged, and the view
    and legal moves the seat was served when it acted; a receipt the game contradicts, one
    whose signature fails, or one signed by a key the game does not name, fails it."""
    from skald.service.app import disputes
    from skald.service.app.evidence import check_receipts
    from skald.service.model.receipts import ReceiptBox
    from skald.service.model.verify import verify as verify_records
    from skald.service.store.replay_file import load_bytes

    with cli.refusals():
        wanted = [_expected(text) for text in expect or ()]
        keys = [_key(text) for text in key or ()]
        box = ReceiptBox(_receipt_dir(receipts)) if receipts is not None else None
    if is_file(ref):
        with cli.refusals():
            from skald.cli.records.sources import replay_path

            parsed = load_bytes(replay_path(ref).read_bytes())
            records = list(parsed.records)
            found = box.of([parsed.created.game_id]) or box.every() if box is not None else None
            result = verify_records(records, parsed.seeds, salt_key=parsed.salt_key)
            if found is not None:
                trusted = keys or list(parsed.server_keys)
                ids = [parsed.created.game_id]
                result = check_receipts(result, records, found, trusted, None, ids)
            result = disputes.apply(result, records, parsed.disputes)
        report = result.to_json()
    else:
        with cli.session() as client:
            gid = client.resolve(ref)
            found = box.of([gid]) or box.every() if box is not None else None
            report = client.verify(VerifyGame(gid, found, who=OPERATOR))
            records = client.history(GetHistory(gid, who=OPERATOR)) if wanted else []
    if not report["ok"]:
        emit(cli.json, report, lambda: None)
        raise fail(
            cli.json and False,
            "verify/failed",
            f"event v{report['first_bad']}: {report['problem']}",
        )
    if wanted:
        report["expected"] = [_held(records, version, digest) for version, digest in wanted]
        wrong = next((e for e in report["expected"] if not e["ok"]), None)
        if wrong is not None:
            emit(cli.json, report, lambda: None)
            raise fail(cli.json and False, "verify/unexpected-hash", wrong["problem"])

    def human() -> None:
        checked = literal(", ".join(report["checked"]))
        console.print(f"[bold green]verified[/] {report['events']} events: {checked}")
        for held in report.get("expected", []):
            console.print(f"  v{held['version']} holds the hash given ({held['hash'][:16]}…)")
        for note in report["notes"]:
            console.print(f"  note: {note}", markup=False)

    emit(cli.json, report, human)


def _key(text: str) -> str:
    """``--key``: an Ed25519 public key, 64 hex digits."""
    from skald.domain.kernel.errors import Malformed

    digits = text.strip().lower()
    if len(digits) != 64 or any(ch not in "0123456789abcdef" for ch in digits):
        raise Malformed("verify/bad-key", f"--key {text[:80]}: give the 64 hex digits of a key")
    return digits


def _receipt_dir(path: Path) -> Path:
    """``--receipts``: a folder (one that does not exist yet holds no receipts, which the
    report's notes say, as for any folder without this game's)."""
    from skald.domain.kernel.errors import SkaldError

    if path.exists() and not path.is_dir():
        raise SkaldError("receipt/not-a-folder", f"--receipts {path}: not a folder")
    return path


EXPECT_MIN = 12
"""Hex digits of a hash ``--expect`` needs at least (48 bits: no forger finds a chain to fit)."""


def _expected(text: str) -> tuple[int, str]:
    """``vN:HASH`` (or ``N:HASH``) as (N, lower-case hex)."""
    from skald.domain.kernel.errors import Malformed

    where, colon, digest = text.strip().partition(":")
    number = where.lower().removeprefix("v")
    digest = digest.strip().lower()
    if not colon or not number.isdecimal() or int(number) < 1:
        raise Malformed("verify/bad-expect", f"--expect {text[:80]}: give vN:HASH (e.g. v37:3fa9…)")
    if len(digest) < EXPECT_MIN or any(ch not in "0123456789abcdef" for ch in digest):
        raise Malformed(
            "verify/bad-expect",
            f"--expect {text[:80]}: the hash must be {EXPECT_MIN} or more hex digits",
        )
    return int(number), digest


def _held(records: list[Any], version: int, digest: str) -> dict[str, Any]:
    """Whether record ``version`` holds the hash ``digest`` begins (JSON for the report)."""
    out: dict[str, Any] = {"version": version, "given": digest}
    if version > len(records):
        out.update(
            ok=False,
            hash=None,
            problem=f"a seat was given record v{version}, but the game ends at "
            f"v{len(records)} (cut short)",
        )
        return out
    actual = str(records[version - 1].hash)
    out.update(hash=actual, ok=actual.startswith(digest))
    if not out["ok"]:
        out["problem"] = (
            f"record v{version} hashes to {actual[:16]}…, not the {digest[:16]}… a seat was "
            "given: this is not the game that seat saw (up to that record)"
        )
    return out


def _read_at(client: Any, gid: str, rules: Any, seat: int, at: int, text: str) -> Any:
    """``text`` read against ``seat``'s legal moves at version ``at`` (what a notation without
    the position cannot read: a Brian Boru card's bare number, whose round is ``at``'s), or
    ``None``. A local store lists them at any version; a server lists only the current ones."""
    from skald.cli.words.notation import Moves, NotationError
    from skald.domain.kernel.errors import SkaldError
    from skald.service.client import LocalClient
    from skald.service.model.auth import OPERATOR

    if not isinstance(client, LocalClient):
        return None
    try:
        legal = client.svc.legal(ListLegal(gid, seat, at, who=OPERATOR)).commands
        return Moves(rules.name, legal).read(text)
    except (NotationError, SkaldError):
        return None


@app.command()
@with_cli
def check(
    cli: Cli,
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    command: Annotated[
        str,
        typer.Argument(
            help="The move in the game's notation (as `skald legal` prints it; on a local "
            "store a Brian Boru card's bare number is read in AT's round, over --server give "
            "its round: 'play r2-7') or as protobuf JSON."
        ),
    ],
    at: Annotated[int, typer.Option("--at", help="The version to test against.")],
    seat: Annotated[int, typer.Option("--seat", "-s", help="The seat (0-based).")],
    chance: Annotated[
        str | None, typer.Option(help="Table chance entries: JSON list or @file.")
    ] = None,
) -> None:
    """Would this command have been legal at version AT? The events it would make, or the rule
    it breaks (exit 1). Nothing is written."""
    from skald.cli.draw.render import record_line
    from skald.cli.words.command_json import parse_command
    from skald.domain.kernel.errors import SkaldError

    with cli.session() as client:
        gid = client.resolve(game_id)
        rules = client.rules_of(gid)
        try:
            cmd = parse_command(rules, command)
        except SkaldError as error:
            cmd = _read_at(client, gid, rules, seat, at, command)
            if cmd is None:
                raise error from None
        try:
            records = client.check(
                CheckCommand(gid, at, seat, cmd, parse_entries(chance), who=OPERATOR)
            )
        except SkaldError as error:
            if error.kind in ("illegal", "not_your_turn", "game_over", "chance_needed"):
                rule, reason = error.rule, error.reason
                emit(
                    cli.json,
                    {"legal": False, "rule": rule, "reason": reason},
                    lambda: console.print(
                        f"[bold red]illegal at v{at}[/] {literal(rule)}: {literal(reason)}"
                    ),
                )
                raise typer.Exit(1) from None
            raise

        def human() -> None:
            console.print(f"[bold green]legal at v{at}[/]; it would make:")
            for r in records:
                console.print(record_line(r))

        emit(cli.json, {"legal": True, "events": [r.to_json() for r in records]}, human)

"""Playing: new, play, legal, show, log, games."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from skald.cli.common import (
    Cli,
    console,
    emit,
    fail,
    literal,
    parse_entries,
    parse_options,
    warn,
    with_cli,
)
from skald.service.app.requests import (
    CreateGame,
    GetHistory,
    ListDisputes,
    ListLegal,
    PageGames,
    RulesInfo,
    SubmitMove,
    ViewGame,
)
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:  # rich tables load with the commands that draw them
    from rich.table import Table

app = typer.Typer()


@app.command()
@with_cli
def new(
    cli: Cli,
    game: Annotated[str, typer.Argument(help="red-north, brian-boru or feast.")],
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")],
    seed: Annotated[
        str | None, typer.Option(help="Server chance seed (text); random when omitted.")
    ] = None,
    chance: Annotated[
        str,
        typer.Option(help="server (derived from a secret seed) or table (entered by a referee)."),
    ] = "server",
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="Game option key=value.")
    ] = None,
    entries: Annotated[
        str | None,
        typer.Option(help="Table chance for setup (with --chance table): JSON list or @file."),
    ] = None,
) -> None:
    """Create a game; prints its id and one token per seat (plus the referee's). A `skald
    serve` without --open creates games for its operator token only (--token)."""
    if entries and chance == "server":
        raise fail(
            cli.json,
            "chance/not-table",
            "--entries are a referee's table chance: they need --chance table (with --chance "
            "server the game draws its own)",
            "malformed",
        )
    with cli.session(creates=True) as client:
        created = client.create(
            CreateGame(
                game,
                players,
                seed.encode() if seed is not None else None,
                chance,
                parse_options(option),
                parse_entries(entries),
            )
        )

        def human() -> None:
            console.print(
                f"[bold]game[/] {literal(created['game_id'])}  ({created['game']}, {players} "
                f"players, v{created['version']})"
            )
            console.print(f"seed commitment {created['commitment']}")
            for seat, tok in enumerate(created["seat_tokens"]):
                console.print(f"  seat {seat} token  {tok}")
            console.print(f"  referee token {created['referee_token']}")

        emit(cli.json, created, human)


@app.command()
@with_cli
def play(
    cli: Cli,
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    command: Annotated[
        str | None,
        typer.Argument(
            help="The move: its notation ('deploy jarl8 red3 green7', 'pass'), its number in "
            "`skald legal`, or protobuf JSON ('{\"pass\": {}}'). Omit it to play at the "
            "terminal: the board, the numbered legal moves, a prompt."
        ),
    ] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="Acting seat (0-based).")] = None,
    hot_seat: Annotated[
        bool,
        typer.Option(
            "--hot-seat",
            help="Play every seat of a local game at this terminal in turn, hiding each "
            "seat's hand between turns.",
        ),
    ] = False,
    expect: Annotated[
        int | None, typer.Option("--expect", help="Expected current version (stale → refused).")
    ] = None,
    command_id: Annotated[
        str | None, typer.Option(help="Idempotency key for this command.")
    ] = None,
    chance: Annotated[
        str | None, typer.Option(help="Table chance entries (referee): JSON list or @file.")
    ] = None,
) -> None:
    """Submit one move for a seat and print the events it made; without a move, play at the
    terminal (a session that redraws as moves arrive; --hot-seat for every seat in turn)."""
    if command is not None and hot_seat:
        raise fail(
            cli.json,
            "play/hot-seat-move",
            "--hot-seat plays at the terminal: give it no move (or drop --hot-seat and name "
            "the seat with --seat N)",
        )
    if command is None:
        from skald.cli.tui.session import run_session

        if hot_seat and cli.server:
            raise fail(cli.json, "play/hot-seat-remote", "--hot-seat plays a local game (--db)")
        if seat is None and not hot_seat:
            raise fail(cli.json, "play/seat", "name the seat to play (--seat N), or --hot-seat")
        if cli.json:
            raise fail(cli.json, "play/json", "--json needs a move: the session is for people")
        with cli.session() as client:
            run_session(client, client.resolve(game_id), seat, hot_seat)
        return
    if seat is None:
        raise fail(cli.json, "play/seat", "name the acting seat: --seat N")
    from skald.cli.draw.render import record_line

    with cli.session() as client:
        gid = client.resolve(game_id)
        cmd = read_move(client, gid, seat, command)
        move = SubmitMove(gid, seat, cmd, expect, command_id, parse_entries(chance), who=OPERATOR)
        version, records = client.submit(move)
        records = seen_by(client, gid, seat, records)

        def human() -> None:
            for r in records:
                console.print(record_line(r))
            console.print(f"[bold]now at v{version}[/]")

        emit(
            cli.json,
            {"game_id": gid, "version": version, "events": [r.to_json() for r in records]},
            human,
        )


def seen_by(client: Any, gid: str, seat: int, records: list[Any]) -> list[Any]:
    """A move's records as ``seat`` is served them. A local store hands back the referee's
    (a deal to every seat, a shuffled deck's order); through ``--server`` the token decides."""
    from skald.service.client import LocalClient
    from skald.service.model.auth import Principal

    if not isinstance(client, LocalClient) or not records:
        return records
    who = Principal("seat", seat)
    return list(
        client.history(GetHistory(gid, records[0].version - 1, records[-1].version, who=who))
    )


def read_move(client: Any, gid: str, seat: int, text: str) -> Any:
    """The command ``text`` names for ``seat`` now: protobuf JSON (text starting with ``{``),
    else a move number or notation read against the seat's legal moves (a move that is not
    legal is refused with the closest legal ones named: ``notation/no-match``)."""
    from skald.cli.words.command_json import parse_command
    from skald.cli.words.notation import Moves, NotationError, is_json
    from skald.domain.kernel.errors import Malformed

    if is_json(text):
        return parse_command(client.rules_of(gid), text)
    legal = client.legal(ListLegal(gid, seat, who=OPERATOR))[
        0
    ]  # through --server, the answer also names the game
    try:
        return Moves(client.rules_of(gid).name, legal).read(text)
    except NotationError as error:
        raise Malformed("notation/no-match", str(error)) from None


@app.command()
@with_cli
def legal(
    cli: Cli,
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    seat: Annotated[int, typer.Option("--seat", "-s", help="The seat (0-based).")],
    every: Annotated[
        bool,
        typer.Option("--all", help="With --json: list each placement as its own command too."),
    ] = False,
) -> None:
    """Every legal move of a seat now, numbered and grouped, in the game's notation: `skald
    play` takes the number or the text. --json: protobuf JSON (A Feast for Odin's placements
    grouped per piece and board as anchor squares and rotations, unless --all)."""
    from skald.service.contract import wire

    with cli.session() as client:
        gid = client.resolve(game_id)
        rules = client.rules_of(gid)
        if not cli.json:
            from skald.cli.words.notation import numbered
            from skald.cli.words.session_lines import move_lines

            rows = numbered(rules.name, client.legal(ListLegal(gid, seat, who=OPERATOR))[0])
            if not rows:
                console.print(f"seat {seat} has nothing to do now", highlight=False)
            for line in move_lines(rows, max(60, console.width)):
                console.print(line, markup=False, highlight=False)
            return
        groups: list[dict[str, Any]] = []
        if every:
            commands = client.legal(ListLegal(gid, seat, who=OPERATOR))[0]
        else:
            commands, groups = client.legal(ListLegal(gid, seat, compact=True, who=OPERATOR))
        texts = [wire.command_to_json(rules.name, c) for c in commands]
        emit(
            cli.json,
            {
                "game_id": gid,
                "seat": seat,
                "commands": [__import__("json").loads(t) for t in texts],
                "placements": groups,
            },
        )


@app.command()
@with_cli
def show(
    cli: Cli,
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    at: Annotated[
        int | None, typer.Option("--at", help="Version to show (default: latest).")
    ] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", "-s", help="Show what this seat sees.")
    ] = None,
    svg: Annotated[
        str | None, typer.Option("--svg", help="Also write the view as an SVG picture here.")
    ] = None,
) -> None:
    """The public view at any version (a seat's with --seat), drawn for a person or as JSON."""
    from skald.cli.draw.render import draw_view, write_svg
    from skald.service.client import view_json

    if svg is not None and not svg.strip():
        raise fail(cli.json, "show/svg-file", "--svg needs a file name to write the picture to")
    with cli.session() as client:
        gid = client.resolve(game_id)
        result = client.view(ViewGame(gid, seat, at, who=OPERATOR))
        if svg:
            write_svg(result, svg)
        emit(cli.json, view_json(result), lambda: console.print(draw_view(result)))


@app.command()
@with_cli
def log(
    cli: Cli,
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    after: Annotated[int, typer.Option(help="Start after this version.")] = 0,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat", "-s", help="Only what this seat saw (others' secrets redacted), locally."
        ),
    ] = None,
) -> None:
    """Every event, readable: version, seat, type, command id, data, and the command behind it;
    then the game's disputes and rulings (`skald dispute`, `skald rule`), public to all.

    On a local store this is the referee's view, unredacted (every hand and draw); --seat N
    shows exactly the history seat N is served. Through --server the token decides the view."""
    from skald.cli.draw.render import record_line
    from skald.domain.kernel.errors import Malformed
    from skald.service.client import LocalClient
    from skald.service.model.auth import Principal

    with cli.session() as client:
        who = OPERATOR  # locally the operator: the referee's view
        if isinstance(client, LocalClient):
            if seat is not None:
                who = Principal("seat", seat)
            view = "referee (unredacted)" if seat is None else f"seat {seat}"
        elif seat is not None:
            raise Malformed(
                "log/seat-remote",
                "with --server the token decides whose view: use that seat's token",
            )
        else:
            view = "the token's"
        gid = client.resolve(game_id)
        if seat is not None:
            players = int(client.history(GetHistory(gid, 0, 1, who=who))[0].data["players"])
            if not 0 <= seat < players:
                raise Malformed("seat/out-of-range", f"seats are 0..{players - 1}, not {seat}")
        records = client.history(GetHistory(gid, after, who=who))
        disputes = client.disputes(ListDisputes(gid, who=who))

        def human() -> None:
            from skald.cli.commands.disputes import print_disputes

            note = {
                "referee (unredacted)": "the referee's view, unredacted: every hand and draw "
                "(--seat N for what one seat saw)",
                "the token's": "the view this token is served",
            }.get(view, f"what seat {seat} saw: other seats' secrets are redacted")
            console.print(f"[dim]{literal(gid)}: {note}[/]", highlight=False)
            for r in records:
                console.print(record_line(r))
            print_disputes(disputes)

        payload = {"game_id": gid, "view": view, "events": [r.to_json() for r in records]}
        emit(cli.json, {**payload, "disputes": disputes}, human)


@app.command()
@with_cli
def games(
    cli: Cli,
    game: Annotated[str, typer.Option("--game", help="Only this game (red-north, ...).")] = "",
    status: Annotated[str, typer.Option("--status", help="running or ended.")] = "",
    players: Annotated[int, typer.Option("--players", "-p", help="Only this many players.")] = 0,
    since: Annotated[str, typer.Option("--since", help="Created at or after (ISO date).")] = "",
    before: Annotated[str, typer.Option("--before", help="Created before (ISO date).")] = "",
    sort: Annotated[
        str, typer.Option("--sort", help="created, updated, -created or -updated (newest first).")
    ] = "created",
    limit: Annotated[int, typer.Option("--limit", help="Games per page (at most 1000).")] = 100,
    page: Annotated[str, typer.Option("--page", help="The next-page token of a listing.")] = "",
) -> None:
    """The games index, one page at a time: id, game, players, status, version, scores."""
    from rich.table import Table

    from skald.service.model.registry import cli_name
    from skald.service.store.index import GamesQuery

    query = GamesQuery(game, status, players, since, before, sort, limit, page)
    with cli.session() as client:
        if game:  # an unknown name is refused as `skald new` refuses it, not listed as no games
            from skald.service.bootstrap import registry

            registry().entry(game)
        from skald.service.store.check import StoreMissing

        try:
            rows, next_page = client.games_page(PageGames(query))
        except StoreMissing as missing:  # no store yet holds no games; none is made to say so
            warn(missing.rule, missing.reason)
            rows, next_page = [], None

        def human() -> None:
            table = Table(
                "game id", "game", "players", "status", "version", "scores", "forked from"
            )
            for row in rows:
                fork = row["forked_from"]
                table.add_row(
                    literal(row["game_id"]),
                    cli_name(row["game"]),
                    str(row["players"]),
                    row["status"],
                    str(row["version"]),
                    " ".join(map(str, row["scores"])),
                    literal(f"{fork['game_id'][:8]}@{fork['version']}") if fork else "",
                )
            console.print(table)
            if next_page:
                console.print(f"more: --page {next_page}", highlight=False)

        emit(cli.json, {"games": rows, "next_page_token": next_page}, human)


@app.command()
@with_cli
def rules(
    cli: Cli,
    game: Annotated[str, typer.Argument(help="red-north, brian-boru or feast.")],
) -> None:
    """The game's setup options (for `skald new --option`) and printed component data."""
    with cli.session() as client:
        info = dict(client.rules_info(RulesInfo(game)))
        info.setdefault("options", setup_options(game) if info["playable"] else [])

        def human() -> None:
            from skald.cli.draw.render import generic

            console.print(options_table(info["title"], info["options"]))
            console.print(generic(info["components"], f"{info['title']} — printed components"))

        emit(cli.json, info, human)


def setup_options(game: str) -> list[dict[str, object]]:
    """The option schema of a playable game, each option as ``OptionSpec.describe()``."""
    from skald.service.bootstrap import registry

    return [spec.describe() for spec in registry().rules(game).options]


def options_table(title: str, options: list[dict[str, Any]]) -> Table:
    from rich.table import Column, Table

    # The name and values are typed after --option: folded when narrow, never cut with "…".
    table = Table(
        Column("option", no_wrap=True),
        "type",
        Column("default", overflow="fold"),
        Column("allowed", overflow="fold"),
        Column("overrides", overflow="fold"),
        Column("what it does", overflow="fold"),
        title=f"{title} — setup options (skald new --option NAME=VALUE)",
    )
    for o in options:
        if "allowed" in o:
            allowed = ", ".join(map(str, o["allowed"]))
        else:
            low, high = o.get("minimum"), o.get("maximum")
            allowed = f"{'' if low is None else low}..{'' if high is None else high}"
            allowed = "" if allowed == ".." else allowed
        table.add_row(
            o["name"], o["kind"], str(o["default"]), allowed, o.get("overrides", ""), o["help"]
        )
    if not options:
        table.add_row("(none)", "", "", "", "", "this game has no setup options")
    return table


__all__ = ["app"]

"""``skald view``: a game as one self-contained HTML page, two side by side, or live.

The page draws every event of the game from the view each reader had, with a timeline, the
move list in the game's notation, the events, the scores and the verify report computed as
it is written. Loading is in :mod:`skald.cli.html.source`, the data in :mod:`skald.cli.html.frames`, the
page in :mod:`skald.cli.html.page`, the comparison in :mod:`skald.cli.html.diff` and the live server in
:mod:`skald.cli.html.live`; everything is imported inside the command so ``skald --help`` stays fast.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skald.cli.common import (
    Cli,
    check_port,
    console,
    emit,
    fail,
    literal,
    with_cli,
)

if TYPE_CHECKING:
    from skald.cli.html.frames import GameFrames
    from skald.cli.html.live import LiveServer
    from skald.service.client import Client

app = typer.Typer()


def _whose(frames: GameFrames) -> str:
    keys = [s.label for s in frames.series]
    if len(keys) > 1:
        return "the referee's page: the public view and every seat's"
    if frames.series[0].seat is None:
        return "the public view only"
    return f"seat {frames.series[0].seat}'s page: that seat's view only"


@app.command()
@with_cli
def view(
    cli: Cli,
    refs: Annotated[
        list[str],
        typer.Argument(
            help="A game id or replay file (.jsonl); two to compare them.", metavar="GAME..."
        ),
    ],
    output: Annotated[
        Path | None, typer.Option("-o", "--output", help="The HTML file to write.")
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", "-s", help="Only this seat's views (nothing of the others)."),
    ] = None,
    public: Annotated[
        bool, typer.Option("--public", help="Only the public view (a spectator's page).")
    ] = False,
    serve: Annotated[
        bool,
        typer.Option("--serve", help="Serve the page on a local port and follow the game."),
    ] = False,
    port: Annotated[
        int, typer.Option("--port", help="Port for --serve, 0..65535 (0: any free).")
    ] = 0,
    host: Annotated[str, typer.Option("--host", help="Address for --serve.")] = "127.0.0.1",
    to: Annotated[
        int | None, typer.Option("--to", help="Show events 1..TO only (each game).")
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", help="Processes drawing the pictures (default: one per core)."),
    ] = None,
) -> None:
    """Write a game as one HTML page to step through in a browser (no server, no network).

    Every event is drawn as its reader saw it: a replay file or stored game gives the
    referee's page (the public view and each seat's, switchable) unless --seat or --public;
    over --server the token decides (a seat token: that seat's views only). Two games (a
    game and its fork) are shown side by side with the fork point and the first difference
    marked. --serve serves the page on a local port and follows the game as it is played."""
    from skald.cli.records.sources import is_file

    if len(refs) not in (1, 2):
        raise fail(cli.json, "view/arguments", "give one game, or two to compare")
    if seat is not None and public:
        raise fail(cli.json, "view/arguments", "--seat and --public exclude each other")
    if serve and (len(refs) != 1 or is_file(refs[0])):
        raise fail(cli.json, "view/serve", "--serve follows one stored or served game, not a file")
    if not serve and output is None:
        raise fail(cli.json, "view/output", "give the page to write with -o FILE (or use --serve)")
    if all(is_file(r) for r in refs):  # read offline: no store, no server, the same refusals
        with cli.refusals():
            _write(None, refs, output, seat, public, to, jobs, cli.json)
        return
    if serve:
        with cli.refusals():
            check_port(port)
    with cli.session() as client:
        if serve:
            _serve(client, refs[0], seat, public, host, port, jobs, cli.json)
        else:
            _write(client, refs, output, seat, public, to, jobs, cli.json)


def _write(
    client: Client | None,
    refs: list[str],
    output: Path | None,
    seat: int | None,
    public: bool,
    to: int | None,
    jobs: int | None,
    as_json: bool,
) -> None:
    from skald.cli.html import page as view_page
    from skald.cli.html.diff import diff_marks
    from skald.cli.html.source import frames_of, load

    assert output is not None
    _writable(output)
    started = time.perf_counter()
    sources = [load(client, ref, to) for ref in refs]
    if len({s.records[0].data.get("game") for s in sources}) > 1:
        raise fail(as_json, "view/different-games", "two games compared must be one game")
    games = [frames_of(client, s, seat, public)[0] for s in sources]
    extra: dict[str, Any] = {}
    if len(games) == 2:
        extra["diff"] = diff_marks(*sources)
        title = f"{games[0].title}: {sources[0].label} and {sources[1].label}"
    else:
        title = f"{games[0].title} — {sources[0].label}"
    page, failed = view_page.build(games, title, _whose(games[0]), extra, jobs)
    output.write_text(page, encoding="utf-8")
    size = len(page.encode())
    counts = [len(g.events) for g in games]
    payload: dict[str, Any] = {
        "file": str(output),
        "bytes": size,
        "events": counts,
        "series": _keys(games[0]),
        "verified": [s.verify.get("ok") for s in sources],
        "undrawn": failed,
        "seconds": round(time.perf_counter() - started, 2),
    }
    if "diff" in extra:
        payload["diff"] = extra["diff"]

    def human() -> None:
        checked = ", ".join(
            "verified" if s.verify.get("ok") else f"NOT verified ({s.verify.get('problem')})"
            for s in sources
        )
        console.print(
            f"wrote {literal(output)} ({size / 1e6:.2f} MB, {' + '.join(map(str, counts))}"
            f" events, {_whose(games[0])}; {literal(checked)})",
            highlight=False,
            soft_wrap=True,
        )
        if failed:
            console.print(f"[bold red]{failed} views could not be drawn[/] (shown as such)")

    emit(as_json, payload, human)


def _writable(output: Path) -> None:
    """Refuse, before any view is drawn, a page path that cannot be a file (a directory, or a
    file in a folder that does not exist), as the write would: drawing a long game's page
    takes seconds, to be lost on the write at the end."""
    import errno
    import os

    if output.is_dir():
        raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), str(output))
    if not output.parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(output))


def start_live(
    client: Client,
    ref: str,
    seat: int | None = None,
    public: bool = False,
    host: str = "127.0.0.1",
    port: int = 0,
    jobs: int | None = None,
) -> LiveServer:
    """The live page of game ``ref`` served and following the game (``--serve``)."""
    from skald.cli.html import page as view_page
    from skald.cli.html.live import Live, LiveServer
    from skald.cli.html.source import frames_of, load

    source = load(client, ref)
    frames, follower = frames_of(client, source, seat, public)
    assert follower is not None
    title = f"{frames.title} — {source.label} (live)"
    page, _ = view_page.build([frames], title, _whose(frames), {"live": {"events": "events"}}, jobs)
    last = frames.events[-1][0] if frames.events else 0
    return LiveServer(Live(page, follower, last), host, port).start()


def _serve(
    client: Client,
    ref: str,
    seat: int | None,
    public: bool,
    host: str,
    port: int,
    jobs: int | None,
    as_json: bool,
) -> None:
    live = start_live(client, ref, seat, public, host, port, jobs)
    follower = live.live.follower
    emit(
        as_json,
        {"url": live.url, "game_id": follower.game_id, "series": _keys(follower.frames)},
        lambda: console.print(
            f"serving {literal(live.url)} (following {literal(follower.game_id)}, "
            f"{_whose(follower.frames)}; "
            "Ctrl-C stops)",
            highlight=False,
        ),
    )
    try:
        while live.thread.is_alive():
            live.thread.join(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        live.stop()


def _keys(frames: GameFrames) -> list[str]:
    return [s.key for s in frames.series]

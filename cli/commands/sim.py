"""Playing many games: simulate (random legal games), demo (the quick-start job), bench."""

from __future__ import annotations

import os
import random
import shlex
import tempfile
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from skald.cli.common import (
    Cli,
    Json,
    check_remote,
    console,
    emit,
    err_console,
    fail,
    literal,
    refusals,
    session,
    with_cli,
)
from skald.service.app.requests import (
    CreateGame,
    ExportGame,
    GetHistory,
    ListLegal,
    SubmitMove,
    ViewGame,
    WatchGame,
)
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:  # the games, the service and rich's widgets load in the commands that use them
    from rich.table import Table

    from skald.service.client import Client

app = typer.Typer()

JOBS_PER_CORE = 4
"""The most ``simulate --jobs`` worker processes per core: each is a fresh interpreter with the
games loaded, and past a few per core they only wait for each other (99,999 would hang the
machine)."""


@dataclass
class GameRun:
    """One simulated game's figures: what a ``--jobs`` worker sends back to be merged."""

    index: int
    game_id: str
    commands: int
    scores: list[int]
    winners: list[int]
    used: Counter[str] = field(default_factory=Counter)
    played: Counter[str] = field(default_factory=Counter)
    effects: Counter[str] = field(default_factory=Counter)
    triggered: Counter[str] = field(default_factory=Counter)


def play_one(
    client: Client, game: str, players: int, base: str, index: int, cards: bool, token: bool
) -> GameRun:
    """Game ``index`` of a run seeded ``base``: created and played through the client (the game
    service), its seed ``{base}:{index}`` deciding chance and choices, so the same game comes
    out whichever process plays it."""
    from skald.cli.autoplay.pickers import picker_for
    from skald.cli.autoplay.random_games import play_random
    from skald.service.client import RemoteClient
    from skald.service.model.registry import canonical

    name = canonical(game)
    created = client.create(CreateGame(game, players, f"{base}:{index}".encode(), "server", {}, ()))
    gid = created["game_id"]
    if isinstance(client, RemoteClient) and not token:
        client = client.with_token(created["referee_token"])  # its referee plays all seats
    used: Counter[str] = Counter()
    steps = play_random(
        client,
        gid,
        random.Random(f"{base}:{index}"),
        choose=picker_for(name),
        tally=used,
        game=name,
    )
    run = GameRun(index, gid, steps, [], [], used)
    if cards:
        from skald.domain.feast.game.cards.usage import card_use

        card_use(
            client.history(GetHistory(gid, who=OPERATOR)),
            run.played,
            run.effects,
            run.triggered,
        )
    outcome = client.view(ViewGame(gid, None, None, who=OPERATOR)).outcome
    assert outcome is not None, "play_random returns only at the game's end"
    run.scores = [int(x) for x in outcome.scores]
    run.winners = [int(w) for w in outcome.winners]
    return run


def worker_count(jobs: int, games: int, cores: int) -> int:
    """The worker processes ``--jobs`` starts for ``games``: one per game at most (a worker
    with no game to play would only start an interpreter), refused (``simulate/jobs``) past
    :data:`JOBS_PER_CORE` per core."""
    from skald.domain.kernel.errors import Malformed

    workers = min(jobs, games)
    if workers > JOBS_PER_CORE * cores:
        raise Malformed(
            "simulate/jobs",
            f"--jobs {jobs} would start {workers} worker processes, more than "
            f"{JOBS_PER_CORE} per core ({cores} here): give at most {JOBS_PER_CORE * cores}",
        )
    return workers


_WORKER: dict[str, Any] = {}
"""A ``--jobs`` worker process's client and run settings (set once by ``_start_worker``)."""


def _start_worker(settings: dict[str, Any]) -> None:
    """A worker's own client: a gRPC client of ``--server``, else a service on an in-memory
    store of its own (the games it plays are not kept)."""
    from skald.service.bootstrap import open_service
    from skald.service.client import LocalClient, RemoteClient

    server = settings.pop("server")
    client = (
        RemoteClient(server, settings["token"], settings.pop("tls"))
        if server
        else LocalClient(open_service(":memory:"))
    )
    client.receipts = None  # random games keep no evidence (nor pay for its receipts)
    _WORKER["client"] = client
    _WORKER.update(settings)


class _WorkerFailed(Exception):
    """A worker's ``SkaldError`` as it crosses back to the parent (which cannot unpickle a
    ``SkaldError``: its arguments are not its ``args``)."""

    def __init__(self, rule: str, reason: str, kind: str) -> None:
        super().__init__(rule, reason, kind)
        self.rule, self.reason, self.kind = rule, reason, kind


def _worker_game(index: int) -> GameRun:
    from skald.domain.kernel.errors import SkaldError

    w = _WORKER
    try:
        return play_one(
            w["client"], w["game"], w["players"], w["base"], index, w["cards"], bool(w["token"])
        )
    except SkaldError as error:
        raise _WorkerFailed(error.rule, error.reason, error.kind) from None


@app.command()
@with_cli
def simulate(
    cli: Cli,
    game: Annotated[str, typer.Argument(help="red-north, brian-boru or feast.")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games (1 or more).")] = 10,
    players: Annotated[int, typer.Option("--players", "-p", help="Players per game.")] = 3,
    seed: Annotated[
        str | None, typer.Option(help="Seed for chance and choices (reproducible runs).")
    ] = None,
    spaces: Annotated[
        bool,
        typer.Option(
            "--spaces",
            help="Report how often each action space was used (other games: command types).",
        ),
    ] = False,
    cards: Annotated[
        bool,
        typer.Option(
            "--cards",
            help="A Feast for Odin: report per occupation how often it was played, how often it "
            "was triggered (took effect) and its effect records, and the cards never played "
            "or never triggered.",
        ),
    ] = False,
    jobs: Annotated[
        int,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            help="Worker processes to spread the games over (one per game at most: more "
            f"are not started; at most {JOBS_PER_CORE} per core). Above 1, each worker plays in an "
            "in-memory store of its own (the games are not kept, --db is not used; with "
            "--server they are played there); the figures are merged and equal those of "
            "--jobs 1 with the same --seed.",
        ),
    ] = 1,
) -> None:
    """Random legal games to the end, stored like any other game (with --jobs above 1 and no
    --server, played in worker processes' in-memory stores instead).

    The random player picks among legal commands only, with the game's documented bias
    (cli/autoplay/pickers.py: A Feast for Odin prefers emigrating, playing and using occupations,
    placing goods and taking actions over passing); Red North and Brian Boru pick uniformly."""
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
    )

    from skald.service.model.registry import canonical, cli_name

    if games < 1:
        raise fail(cli.json, "simulate/games", f"--games must be 1 or more, not {games}")
    with cli.refusals():
        workers = worker_count(jobs, games, os.cpu_count() or 1)
    base = seed if seed is not None else str(random.SystemRandom().getrandbits(64))
    name = canonical(game)
    runs: list[GameRun] = []
    started = time.perf_counter()
    bar = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=err_console,
        disable=cli.json,
        transient=False,
    )
    if jobs == 1:
        with cli.session(creates=True) as client, bar:
            client.receipts = None  # random games keep no evidence
            task = bar.add_task(f"simulating {cli_name(name)}", total=games)
            for i in range(games):
                runs.append(play_one(client, game, players, base, i, cards, bool(cli.token)))
                bar.advance(task)
    else:
        if cli.server is not None:  # the workers connect by themselves: check what they are given
            with cli.refusals():
                check_remote(cli.server, cli.token)
        runs = _in_workers(
            workers,
            games,
            bar,
            cli.json,
            f"simulating {cli_name(name)}",
            {
                "server": cli.server,
                "token": cli.token,
                "tls": cli.tls(),
                "game": game,
                "players": players,
                "base": base,
                "cards": cards,
            },
        )
    elapsed = time.perf_counter() - started
    used: Counter[str] = Counter()
    played: Counter[str] = Counter()
    effects: Counter[str] = Counter()
    triggered: Counter[str] = Counter()
    winners: dict[int, int] = {}
    for run in runs:
        used.update(run.used)
        played.update(run.played)
        effects.update(run.effects)
        triggered.update(run.triggered)
        for w in run.winners:
            winners[w] = winners.get(w, 0) + 1
    scores = [run.scores for run in runs]
    commands = sum(run.commands for run in runs)
    payload = {
        "game": cli_name(name),
        "players": players,
        "seed": base,
        "games": games,
        "jobs": workers,
        "game_ids": [run.game_id for run in runs],
        "commands": commands,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games / elapsed, 3) if elapsed else None,
        "wins_by_seat": {str(k): v for k, v in sorted(winners.items())},
        "scores": scores,
        "mean_score": round(sum(map(sum, scores)) / max(1, sum(map(len, scores))), 2),
    }
    use = space_use(name, used)
    if spaces:
        payload["spaces"] = use
    deck = card_counts(name, played, effects, triggered) if cards else {}
    if cards:
        payload["cards"] = deck

    def human() -> None:
        console.print(
            f"[bold]{games}[/] games, {commands} commands in {elapsed:.1f}s "
            f"({games / elapsed:.2f} games/s); wins by seat {payload['wins_by_seat']}; "
            f"mean score {payload['mean_score']}"
        )
        if len(scores) <= 20:
            console.print("scores: " + " | ".join(" ".join(map(str, row)) for row in scores))
        if spaces:
            console.print(space_table(use, games))
        if cards:
            console.print(card_table(deck))
            for key in ("never_played", "never_triggered"):
                numbers = " ".join(i.removeprefix("occupation-") for i in deck[key])
                console.print(f"{key.replace('_', ' ')}: {numbers or 'none'}", highlight=False)

    emit(cli.json, payload, human)


def _in_workers(
    jobs: int, games: int, bar: Any, as_json: bool, title: str, settings: dict[str, Any]
) -> list[GameRun]:
    """The games spread over ``jobs`` processes (fresh interpreters: no store, lock or thread of
    this one is shared), in game order; a worker's error is reported as ``session`` would."""
    import multiprocessing

    runs: list[GameRun] = []
    context = multiprocessing.get_context("spawn")
    try:
        with context.Pool(jobs, _start_worker, (settings,)) as pool, bar:
            task = bar.add_task(title, total=games)
            for run in pool.imap(_worker_game, range(games)):
                runs.append(run)
                bar.advance(task)
    except _WorkerFailed as error:
        raise fail(as_json, error.rule, error.reason, error.kind) from None
    return runs


def space_use(game: str, used: Counter[str]) -> dict[str, int]:
    """Uses per action space (every printed space listed, unused ones as 0; imitation uses as
    ``space>copied``), or per command type for a game without action spaces."""
    from skald.service.bootstrap import registry

    printed = registry().entry(game).components().get("action_spaces")
    counts = {str(a["id"]): 0 for a in printed} if isinstance(printed, list) else {}
    for label, n in used.items():
        counts[label] = counts.get(label, 0) + n
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def card_counts(
    game: str, played: Counter[str], effects: Counter[str], triggered: Counter[str]
) -> dict[str, Any]:
    """Every occupation of the game (unplayed ones as 0): plays, triggers, effect records, and
    the cards never played, never triggered, never with an effect record (``never_in_effect``),
    those whose effect is not built yet and those whose triggers cannot be seen in the records
    (``UNTRACED``): neither kind can show as triggered."""
    from skald.domain.feast.game.cards.usage import UNTRACED
    from skald.service.bootstrap import registry

    deck = registry().entry(game).components().get("occupations")
    listed = deck if isinstance(deck, list) else []
    ids = [str(c["id"]) for c in listed] or sorted(played)
    rows = {i: {"played": played[i], "triggered": triggered[i], "effects": effects[i]} for i in ids}
    return {
        "per_card": rows,
        "never_played": [i for i in ids if not played[i]],
        "never_triggered": [i for i in ids if not triggered[i]],
        "never_in_effect": [i for i in ids if not effects[i]],
        "effect_not_built": [str(c["id"]) for c in listed if c.get("effect_built") is False],
        "untraced": [i for i in UNTRACED if i in rows],
    }


def card_table(deck: dict[str, Any]) -> Table:
    from rich.table import Table

    table = Table("card", "played", "triggered", "effects", title="occupations")
    for card, row in sorted(deck["per_card"].items(), key=lambda kv: -kv[1]["played"]):
        table.add_row(card, str(row["played"]), str(row["triggered"]), str(row["effects"]))
    table.caption = (
        f"{len(deck['per_card'])} cards; never played: {len(deck['never_played'])}; "
        f"never triggered: {len(deck['never_triggered'])} "
        f"(of them {len(deck['effect_not_built'])} with no effect built, "
        f"{len(deck['untraced'])} leaving no record)"
    )
    return table


def space_table(counts: dict[str, int], games: int) -> Table:
    from rich.table import Table

    table = Table("space", "uses", "per game", title="action spaces used")
    for label, n in counts.items():
        table.add_row(label, str(n), f"{n / games:.2f}" if games else "")
    unused = sum(1 for n in counts.values() if n == 0)
    table.caption = f"{len(counts)} spaces; {unused} never used"
    return table


@app.command()
def demo(
    game: Annotated[str, typer.Option(help="Which game to demonstrate.")] = "red-north",
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 3,
    seed: Annotated[
        str | None, typer.Option(help="Seed for chance and choices (random when omitted).")
    ] = None,
    out: Annotated[Path | None, typer.Option(help="Where to write the replay file.")] = None,
    db: Annotated[
        str | None,
        typer.Option(
            "--db",
            envvar="SKALD_DB",
            help="Store to play in (default: a new SQLite file in a temporary folder, kept, "
            "so the commands printed at the end work).",
        ),
    ] = None,
    json: Json = False,
) -> None:
    """The whole system once: serve gRPC on a free port (embedded SQLite), play a game to the end
    over gRPC with one token per seat while a spectator watches the stream, export it, and
    verify the file offline. Ends with the commands to look further, as they run."""
    from skald.domain.kernel.errors import SkaldError
    from skald.service.app.evidence import check_receipts
    from skald.service.bootstrap import open_service, registry
    from skald.service.client import RemoteClient
    from skald.service.grpc.server import create_server
    from skald.service.model.auth import new_token
    from skald.service.model.receipts import ReceiptBox
    from skald.service.model.verify import verify
    from skald.service.store.replay_file import load_bytes

    if db is None:  # never the user's own store: a fresh one of its own, left for a look after
        db = str(Path(tempfile.mkdtemp(prefix="skald-demo-")) / "demo.db")
    operator = new_token()  # as `skald serve` runs by default: only the operator creates games
    with refusals(json):  # a --db that cannot be opened: one line, as every other command
        svc = open_service(db, operator_token=operator, open_creation=False)
    server, port = create_server(svc)
    address = f"127.0.0.1:{port}"
    try:
        lobby = RemoteClient(address, operator)
        created = lobby.create(
            CreateGame(game, players, seed.encode() if seed else None, "server", {}, ())
        )
        gid = created["game_id"]
        seats = [RemoteClient(address, tok) for tok in created["seat_tokens"]]
        box = ReceiptBox(Path(tempfile.mkdtemp(prefix="skald-demo-receipts-")))
        for client in seats:  # each seat keeps its receipts, as `skald play` does
            client.receipts = box
        watched: list[Any] = []
        watcher = threading.Thread(
            target=lambda: watched.extend(
                RemoteClient(address).watch(WatchGame(gid, 0, who=OPERATOR))
            ),
            daemon=True,
        )
        watcher.start()
        picker = random.Random(seed or None)
        commands = 0
        started = time.perf_counter()
        while True:
            result = lobby.view(ViewGame(gid, None, None, who=OPERATOR))
            if result.outcome is not None:
                break
            acted = False
            for seat in sorted(result.to_act, key=lambda _: picker.random()):
                options = seats[seat].legal(ListLegal(gid, seat, who=OPERATOR))[0]
                if options:
                    seats[seat].submit(
                        SubmitMove(
                            gid,
                            seat,
                            picker.choice(options),
                            result.version,
                            None,
                            (),
                            who=OPERATOR,
                        )
                    )
                    commands += 1
                    acted = True
                    break
            if not acted:
                raise SkaldError("demo/stuck", f"nobody can act at v{result.version}")
        elapsed = time.perf_counter() - started
        watcher.join(timeout=10)
        referee = RemoteClient(address, created["referee_token"])
        text = referee.export(ExportGame(gid, who=OPERATOR))
        path = out or Path(tempfile.gettempdir()) / f"skald-demo-{gid[:8]}.jsonl"
        path.write_text(text)
        parsed = load_bytes(path.read_bytes())
        report = check_receipts(
            verify(parsed.records, parsed.seeds, salt_key=parsed.salt_key),
            parsed.records,
            box.of([gid]),
            parsed.server_keys,
            None,
            [parsed.created.game_id],
        )
        final = lobby.view(ViewGame(gid, None, None, who=OPERATOR))
        middle = max(1, final.version // 2)  # mid-game, where seat and spectator differ most
        side_by_side = (
            seats[0].view(ViewGame(gid, 0, middle, who=OPERATOR)),
            lobby.view(ViewGame(gid, None, middle, who=OPERATOR)),
        )
        payload = {
            "game_id": gid,
            "game": created["game"],
            "players": players,
            "server": address,
            "db": svc.store.target,
            "commands": commands,
            "events": final.version,
            "spectator_saw": len(watched),
            "seconds": round(elapsed, 3),
            "scores": list(final.outcome.scores) if final.outcome else None,
            "winners": list(final.outcome.winners) if final.outcome else None,
            "replay_file": str(path),
            "verified": report.ok,
            "checked": report.checked,
            "receipts": str(box.root),
            "receipts_agree": report.receipts,
        }

        where = f" --db {shlex.quote(svc.store.target)}"
        payload["next"] = [
            f"skald show {gid[:8]}{where}",
            f"skald show {gid[:8]} --seat 0{where}",
            f"skald log {gid[:8]}{where}",
            f"skald verify {shlex.quote(str(path))} --receipts {shlex.quote(str(box.root))}",
        ]

        def human() -> None:
            title = registry().entry(game).title
            console.print(f"[bold]Skald demo[/]: {title}, {players} players, gRPC on {address}")
            console.print(
                f"  game {gid}: {commands} commands over gRPC, {final.version} events, "
                f"{elapsed:.2f}s; a spectator's stream delivered {len(watched)} events"
            )
            if final.outcome is not None:
                scores = ", ".join(f"seat {i} {s}" for i, s in enumerate(final.outcome.scores))
                won = " and ".join(f"seat {w}" for w in final.outcome.winners) or "nobody"
                console.print(f"  final scores: {scores}; won by {won}")
            from rich.table import Table

            from skald.cli.draw.render import draw_view

            console.print(
                f"  mid-game (v{middle}): what seat 0 sees, beside what a spectator sees",
                highlight=False,
            )
            boards = Table.grid(padding=(0, 2))
            boards.add_row(*(draw_view(result) for result in side_by_side))
            console.print(boards)
            verdict = "verifies" if report.ok else "does NOT verify"
            console.print(
                f"  replay file {literal(path)} {verdict} offline ({', '.join(report.checked)})",
                highlight=False,
            )
            console.print(
                f"  {report.receipts} signed receipts the seats kept agree with it "
                f"({literal(box.root)})",
                highlight=False,
            )
            console.print(f"  store {literal(svc.store.target)}; look further:", highlight=False)
            for line in payload["next"]:
                console.print(f"    {line}", markup=False, highlight=False, soft_wrap=True)

        emit(json, payload, human)
        if not report.ok:
            raise typer.Exit(1)
    except SkaldError as error:
        raise fail(json, error.rule, error.reason, error.kind) from None
    finally:
        server.stop(0)
        svc.store.close()


__all__ = ["app", "session"]

"""Playing many games: simulate (random legal games), demo (the quick-start job), bench."""

from __future__ import annotations

import random
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table

from cli.common import (
    Db,
    Json,
    Server,
    Token,
    console,
    emit,
    err_console,
    fail,
    session,
    store_target,
)
from cli.pickers import Picker, picker_for, tally_label, uniform
from domain.kernel.errors import SkaldError
from service.bootstrap import open_service, registry
from service.client import Client, RemoteClient
from service.registry import canonical, cli_name

app = typer.Typer()


def play_random(
    client: Client,
    game_id: str,
    picker: random.Random,
    max_steps: int = 200_000,
    command_ids: str | None = None,
    choose: Picker = uniform,
    tally: Counter[str] | None = None,
    game: str = "",
) -> int:
    """Play one game to its end with random legal commands; returns the number of commands.

    ``choose`` picks one of a seat's legal commands (``cli/pickers.py``: uniform, or a game's
    documented bias). With ``command_ids`` the n-th command gets the id ``{command_ids}-{n}``
    (instead of a random one), so a recording made twice is the same byte for byte. With
    ``tally``, each command's ``tally_label`` for ``game`` is counted there."""
    steps = 0
    while steps < max_steps:
        result = client.view(game_id, None, None)
        if result.outcome is not None:
            return steps
        seats = list(result.to_act)
        picker.shuffle(seats)
        for seat in seats:
            options = client.legal(game_id, seat)
            if options:
                cid = f"{command_ids}-{steps + 1}" if command_ids is not None else None
                command = choose(options, picker)
                client.submit(game_id, seat, command, result.version, cid, ())
                steps += 1
                if tally is not None and (label := tally_label(game, command)) is not None:
                    tally[label] += 1
                break
        else:
            raise SkaldError(
                "simulate/stuck", f"game {game_id}: nobody can act at v{result.version}"
            )
    raise SkaldError("simulate/too-long", f"game {game_id} did not end after {max_steps} commands")


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(help="red-north, brian-boru or feast.")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games.")] = 10,
    players: Annotated[int, typer.Option("--players", "-p")] = 3,
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
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """Random legal games to the end, stored like any other game.

    The random player picks among legal commands only, with the game's documented bias
    (cli/pickers.py: A Feast for Odin prefers emigrating, placing goods and taking actions over
    passing); Red North and Brian Boru pick uniformly."""
    base = seed if seed is not None else str(random.SystemRandom().getrandbits(64))
    name = canonical(game)
    choose = picker_for(name)
    used: Counter[str] = Counter()
    scores: list[list[int]] = []
    ids: list[str] = []
    commands = 0
    winners: dict[int, int] = {}
    started = time.perf_counter()
    with (
        session(db, server, token, json) as client,
        Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            console=err_console,
            disable=json,
            transient=False,
        ) as bar,
    ):
        task = bar.add_task(f"simulating {cli_name(canonical(game))}", total=games)
        for i in range(games):
            created = client.create(game, players, f"{base}:{i}".encode(), "server", {}, ())
            gid = created["game_id"]
            if isinstance(client, RemoteClient) and not token:
                client.token = created["referee_token"]  # each game's referee plays all seats
            commands += play_random(
                client, gid, random.Random(f"{base}:{i}"), choose=choose, tally=used, game=name
            )
            ids.append(gid)
            outcome = client.view(gid, None, None).outcome
            assert outcome is not None, "play_random returns only at the game's end"
            scores.append([int(x) for x in outcome.scores])
            for w in outcome.winners:
                winners[w] = winners.get(w, 0) + 1
            bar.advance(task)
    elapsed = time.perf_counter() - started
    payload = {
        "game": cli_name(canonical(game)),
        "players": players,
        "seed": base,
        "games": games,
        "game_ids": ids,
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

    emit(json, payload, human)


def space_use(game: str, used: Counter[str]) -> dict[str, int]:
    """Uses per action space (every printed space listed, unused ones as 0; imitation uses as
    ``space>copied``), or per command type for a game without action spaces."""
    printed = registry().entry(game).components().get("action_spaces")
    counts = {str(a["id"]): 0 for a in printed} if isinstance(printed, list) else {}
    for label, n in used.items():
        counts[label] = counts.get(label, 0) + n
    return dict(sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])))


def space_table(counts: dict[str, int], games: int) -> Table:
    table = Table("space", "uses", "per game", title="action spaces used")
    for label, n in counts.items():
        table.add_row(label, str(n), f"{n / games:.2f}" if games else "")
    unused = sum(1 for n in counts.values() if n == 0)
    table.caption = f"{len(counts)} spaces; {unused} never used"
    return table


@app.command()
def demo(
    game: Annotated[str, typer.Option(help="Which game to demonstrate.")] = "red-north",
    players: Annotated[int, typer.Option("--players", "-p")] = 3,
    seed: Annotated[str | None, typer.Option()] = None,
    out: Annotated[Path | None, typer.Option(help="Where to write the replay file.")] = None,
    db: Db = None,
    json: Json = False,
) -> None:
    """The whole system once: serve gRPC on a free port (embedded SQLite), play a game to the end
    over gRPC with one token per seat while a spectator watches the stream, export it, and
    verify the file offline."""
    from service.auth import new_token
    from service.grpc_server import create_server
    from service.replay_file import load_bytes
    from service.verify import verify

    operator = new_token()  # as `skald serve` runs by default: only the operator creates games
    svc = open_service(store_target(db), operator_token=operator, open_creation=False)
    server, port = create_server(svc)
    address = f"127.0.0.1:{port}"
    try:
        lobby = RemoteClient(address, operator)
        created = lobby.create(game, players, seed.encode() if seed else None, "server", {}, ())
        gid = created["game_id"]
        seats = [RemoteClient(address, tok) for tok in created["seat_tokens"]]
        watched: list[Any] = []
        watcher = threading.Thread(
            target=lambda: watched.extend(RemoteClient(address).watch(gid, 0)), daemon=True
        )
        watcher.start()
        picker = random.Random(seed or None)
        commands = 0
        started = time.perf_counter()
        while True:
            result = lobby.view(gid, None, None)
            if result.outcome is not None:
                break
            acted = False
            for seat in sorted(result.to_act, key=lambda _: picker.random()):
                options = seats[seat].legal(gid, seat)
                if options:
                    seats[seat].submit(gid, seat, picker.choice(options), result.version, None, ())
                    commands += 1
                    acted = True
                    break
            if not acted:
                raise SkaldError("demo/stuck", f"nobody can act at v{result.version}")
        elapsed = time.perf_counter() - started
        watcher.join(timeout=10)
        referee = RemoteClient(address, created["referee_token"])
        text = referee.export(gid)
        path = out or Path(tempfile.gettempdir()) / f"skald-demo-{gid[:8]}.jsonl"
        path.write_text(text)
        parsed = load_bytes(path.read_bytes())
        report = verify(parsed.records, parsed.seeds)
        final = lobby.view(gid, None, None)
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
        }

        def human() -> None:
            console.print(
                f"[bold]Skald demo[/]: {registry().entry(game).title}, {players} players, gRPC on {address}"
            )
            console.print(
                f"  game {gid}: {commands} commands over gRPC, {final.version} events, {elapsed:.2f}s"
            )
            console.print(f"  spectator stream delivered {len(watched)} events")
            console.print(f"  scores {payload['scores']}, winner(s) {payload['winners']}")
            console.print(
                f"  exported {path}; verified offline: {report.ok} ({', '.join(report.checked)})"
            )
            console.print(
                f"  store: {svc.store.target}   try: skald show {gid[:8]}   skald log {gid[:8]}"
            )

        emit(json, payload, human)
        if not report.ok:
            raise typer.Exit(1)
    except SkaldError as error:
        raise fail(json, error.rule, error.reason, error.kind) from None
    finally:
        server.stop(0)
        svc.store.close()


@app.command()
def bench(
    quick: Annotated[bool, typer.Option(help="Fewer repetitions (a smoke run).")] = False,
    json: Json = False,
) -> None:
    """Benchmarks with baselines measured in the same run (see benchmarks/)."""
    from benchmarks import run_all

    results = run_all(quick=quick, echo=not json)
    emit(json, results, lambda: None)


__all__ = ["app", "play_random", "session"]

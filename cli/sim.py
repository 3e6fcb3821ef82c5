"""Playing many games: simulate (random legal games), demo (the quick-start job), bench."""

from __future__ import annotations

import random
import tempfile
import threading
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

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
) -> int:
    """Play one game to its end with random legal commands; returns the number of commands.

    With ``command_ids`` the n-th command gets the id ``{command_ids}-{n}`` (instead of a random
    one), so a recording made twice is the same byte for byte."""
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
                client.submit(game_id, seat, picker.choice(options), result.version, cid, ())
                steps += 1
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
    db: Db = None,
    server: Server = None,
    token: Token = None,
    json: Json = False,
) -> None:
    """Random legal games to the end, stored like any other game."""
    base = seed if seed is not None else str(random.SystemRandom().getrandbits(64))
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
            commands += play_random(client, gid, random.Random(f"{base}:{i}"))
            ids.append(gid)
            for w in client.view(gid, None, None).outcome.winners:  # type: ignore[union-attr]
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
    }

    def human() -> None:
        console.print(
            f"[bold]{games}[/] games, {commands} commands in {elapsed:.1f}s "
            f"({games / elapsed:.2f} games/s); wins by seat {payload['wins_by_seat']}"
        )

    emit(json, payload, human)


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

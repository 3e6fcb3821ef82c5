"""Disputes and rulings, recorded beside a game's own records (``skald.service.app.disputes``):
``skald dispute`` (a seat files one), ``skald rule`` (the referee upholds or dismisses it, and
may continue the game as a fork); ``skald log`` lists them after the events, and the replay
browser and ``skald view`` show them. A dispute's text is the user's: printed literally."""

from __future__ import annotations

from typing import Annotated, Any

import typer
from rich.text import Text

from skald.cli.common import Cli, console, emit, fail, literal, with_cli
from skald.cli.words.disputes import dispute_lines
from skald.service.app.requests import FileDispute, RuleDispute
from skald.service.model.auth import OPERATOR

app = typer.Typer()


def print_disputes(disputes: list[dict[str, Any]]) -> None:
    """The disputes section ``skald log`` prints after the events (nothing when none)."""
    if not disputes:
        return
    console.print(Text(f"disputes ({len(disputes)}):", style="bold"))
    for d in disputes:
        for line in dispute_lines(d):
            console.print(line, soft_wrap=True, highlight=False)


@app.command()
@with_cli
def dispute(
    cli: Cli,
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    text: Annotated[
        str, typer.Argument(help="What is disputed, in plain words (1–2000 characters).")
    ],
    at: Annotated[int, typer.Option("--at", help="The version disputed (1..the game's version).")],
    seat: Annotated[int, typer.Option("--seat", "-s", help="The disputing seat (0-based).")],
) -> None:
    """File a dispute for a seat about the game at version AT, running or ended.

    It is recorded beside the game's records (a hash chain of its own, bound to the game by
    the hash of record AT) and changes nothing in the game; everybody who may see the game
    sees it (`skald log`), exports carry it and `skald verify` checks it. Over --server the
    seat's own token files for it (or the referee's, naming the seat); a local store files as
    its operator."""
    with cli.session() as client:
        gid = client.resolve(game_id)
        filed = client.dispute(FileDispute(gid, at, seat, text, who=OPERATOR))

        def human() -> None:
            console.print(
                f"[bold]dispute #{filed['number']}[/] filed on {literal(gid)}: seat {seat} "
                f"disputes v{filed['at_version']} (record {filed['at_hash'][:16]}…)",
                highlight=False,
            )
            console.print(Text(f"  {filed['text']}"), highlight=False, soft_wrap=True)

        emit(cli.json, {"game_id": gid, **filed}, human)


@app.command()
@with_cli
def rule(
    cli: Cli,
    game_id: Annotated[str, typer.Argument(help="Game id (or a unique prefix).")],
    number: Annotated[int, typer.Argument(help="The dispute's number (as `skald log` lists).")],
    text: Annotated[str, typer.Argument(help="The ruling, in plain words (1–2000 characters).")],
    uphold: Annotated[bool, typer.Option("--uphold", help="Uphold the dispute.")] = False,
    dismiss: Annotated[bool, typer.Option("--dismiss", help="Dismiss the dispute.")] = False,
    fork_at: Annotated[
        int | None,
        typer.Option(
            "--fork-at",
            help="With --uphold: continue the game as a fork of it from this version (a "
            "command boundary); the ruling names the fork.",
        ),
    ] = None,
    reseed: Annotated[
        bool, typer.Option("--reseed", help="With --fork-at: the fork draws fresh chance.")
    ] = False,
) -> None:
    """Uphold or dismiss a dispute (the referee's or operator's token).

    The ruling is recorded beside the game's records, as the dispute was; the game itself is
    unchanged and still verifies. --fork-at V (with --uphold) forks the game at V (as `skald
    fork --at V` does) and names the fork as the game's continuation: `skald verify` of the
    game then notes that it was superseded. A fork that is refused records no ruling."""
    if uphold == dismiss:
        raise fail(cli.json, "rule/verdict", "give one of --uphold or --dismiss")
    with cli.session() as client:
        gid = client.resolve(game_id)
        ruled = client.rule(RuleDispute(gid, number, uphold, text, fork_at, reseed, who=OPERATOR))

        def human() -> None:
            verdict = "[bold green]upheld[/]" if uphold else "[bold red]dismissed[/]"
            console.print(f"[bold]dispute #{number}[/] of {literal(gid)} {verdict}")
            console.print(Text(f"  {ruled['dispute']['ruling']['text']}"), soft_wrap=True)
            fork = ruled["fork"]
            if fork is None:
                return
            reseeded = " (reseeded)" if reseed else ""
            console.print(
                f"  continued as [bold]fork[/] {literal(fork['game_id'])} at v{fork_at}{reseeded}"
            )
            for seat, tok in enumerate(fork["seat_tokens"]):
                console.print(f"  seat {seat} token  {tok}")
            console.print(f"  referee token {fork['referee_token']}")

        emit(cli.json, {"game_id": gid, **ruled}, human)

"""A random legal game played to its end through any client: what ``simulate`` and the golden
replays use. Kept out of :mod:`skald.cli.commands.sim` so the command module loads no game to start."""

from __future__ import annotations

import random
from collections import Counter

from skald.cli.autoplay.pickers import Picker, tally_label, uniform
from skald.domain.kernel.errors import SkaldError
from skald.service.app.requests import ListLegal, SubmitMove, ViewGame
from skald.service.client import Client
from skald.service.model.auth import OPERATOR


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

    ``choose`` picks one of a seat's legal commands (``cli/autoplay/pickers.py``: uniform, or a game's
    documented bias). With ``command_ids`` the n-th command gets the id ``{command_ids}-{n}``
    (instead of a random one), so a recording made twice is the same byte for byte. With
    ``tally``, each command's ``tally_label`` for ``game`` is counted there."""
    steps = 0
    while steps < max_steps:
        result = client.view(ViewGame(game_id, None, None, who=OPERATOR))
        if result.outcome is not None:
            return steps
        seats = list(result.to_act)
        picker.shuffle(seats)
        for seat in seats:
            options = client.legal(ListLegal(game_id, seat, who=OPERATOR))[0]
            if options:
                cid = f"{command_ids}-{steps + 1}" if command_ids is not None else None
                command = choose(options, picker)
                client.submit(
                    SubmitMove(game_id, seat, command, result.version, cid, (), who=OPERATOR)
                )
                steps += 1
                if tally is not None and (label := tally_label(game, command)) is not None:
                    tally[label] += 1
                break
        else:
            raise SkaldError(
                "simulate/stuck", f"game {game_id}: nobody can act at v{result.version}"
            )
    raise SkaldError("simulate/too-long", f"game {game_id} did not end after {max_steps} commands")

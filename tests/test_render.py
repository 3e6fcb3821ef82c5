"""The game drawings (cli/render_<game>.py) draw every phase for every viewer, and never show
a card id the viewer may not know."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from rich.console import Console

from skald.cli.draw import render_brian_boru, render_red_north
from skald.domain.brian_boru import RULES as BRIAN_BORU
from skald.domain.brian_boru.cards import card_value
from skald.domain.brian_boru.map import REGIONS
from skald.domain.kernel.chance import ServerChance
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.play import Step, fold, random_game
from skald.domain.red_north import RULES as RED_NORTH
from skald.domain.red_north.components import OUTPOST_NAMES


def states(rules: Any, players: int, seed: int) -> list[Any]:
    """Every state of one random game, from setup to the end."""
    chance = ServerChance(f"render-{seed}".encode(), f"render-{seed}")
    game = random_game(rules, players, chance, random.Random(seed))
    setup = next(game)
    state = fold(rules, players, setup)
    out = [state]
    for step in game:
        assert isinstance(step, Step)
        state = fold(rules, players, step.events, state)
        out.append(state)
    return out


def text(draw: Callable[[dict[str, Any]], Any], view: Any) -> str:
    console = Console(record=True, width=120, color_system=None, file=io.StringIO())
    console.print(draw(to_data(view)))
    return console.export_text()


def sample(all_states: list[Any], seed: int) -> list[Any]:
    picker = random.Random(seed)
    picked = picker.sample(all_states[1:-1], min(12, len(all_states) - 2))
    return [all_states[0], *picked, all_states[-1]]


@pytest.mark.parametrize(("players", "seed"), [(3, 1), (4, 2), (5, 3)])
def test_brian_boru_draws_every_viewer(players: int, seed: int) -> None:
    all_states = states(BRIAN_BORU, players, seed)
    phases = set()
    for state in sample(all_states, seed):
        phases.add(state.phase)
        for seat in (None, *range(players)):
            view = BRIAN_BORU.view(state, seat)
            out = text(render_brian_boru.draw, view)
            for region in REGIONS:
                assert region.name in out
            if seat is not None:
                assert "Your hand" in out
                for card in view.hand:
                    card_text = render_brian_boru.card_text(card).plain
                    assert card_text in out
                    assert card_value(card) >= 1
            for secret in BRIAN_BORU.secrets(state, seat):
                assert secret not in out
                if secret.startswith(f"r{state.round}-card-"):
                    # This round's cards are drawn by value and colour: none secret may show.
                    name = render_brian_boru.card_text(secret).plain.strip()
                    assert not re.search(rf"(?<!\d){name}\b", out), (seat, secret)
    assert len(phases) >= 3


@pytest.mark.parametrize(("players", "seed"), [(2, 4), (3, 5), (4, 6)])
def test_red_north_draws_every_viewer(players: int, seed: int) -> None:
    all_states = states(RED_NORTH, players, seed)
    phases = set()
    for state in sample(all_states, seed):
        phases.add(state.phase)
        for seat in (None, *range(players)):
            view = RED_NORTH.view(state, seat)
            out = text(render_red_north.draw, view)
            for outpost in view.outposts:
                assert outpost.colour.value in out
                assert OUTPOST_NAMES[outpost.colour] in out
            if seat is not None and view.players[seat].hand:
                assert "Your hand" in out
                for card in view.players[seat].hand:
                    assert render_red_north.card_text(card).plain in out
            for secret in RED_NORTH.secrets(state, seat):
                # Cards are drawn by name ("R red 3", "Jarl 4", "Hero blue"), one name a card.
                name = render_red_north.card_text(secret).plain
                assert not re.search(rf"{re.escape(name)}(?!\d)", out), (seat, secret)
    assert len(phases) >= 3


def test_brian_boru_drawings_follow_the_games_options() -> None:
    """A game set up with ``dubhlinn`` 4,5 and ``card5_coins`` 2 is drawn as it is scored: the
    view's claims carry each region's threshold, value and weighted towns as the domain counts
    them (``scoring``), and both drawings read them (and card 5's coins) from the view."""
    from skald.cli.draw import svg_brian_boru
    from skald.domain.brian_boru.cards import printed_card
    from skald.domain.brian_boru.scoring import region_counts

    options = {"dubhlinn": "4,5", "card5_coins": "2"}
    chance = ServerChance(b"render-options", "render-options")
    game = random_game(BRIAN_BORU, 3, chance, random.Random(4), options=options)
    state = fold(BRIAN_BORU, 3, next(game))
    for step in game:
        assert isinstance(step, Step)
        state = fold(BRIAN_BORU, 3, step.events, state)
        if any(t.owner is not None for t in state.towns[22:25]) and state.round >= 2:
            break
    view = to_data(BRIAN_BORU.view(state, 0))
    assert view["card5_coins"] == 2
    claims = {c["region"]: c for c in view["claims"]}
    assert (claims["dubhlinn"]["threshold"], claims["dubhlinn"]["value"]) == (4, 5)
    for region in REGIONS:
        assert list(claims[region.key]["towns"]) == region_counts(state, region.towns)
    svg = svg_brian_boru.svg(view, 0)
    assert "Dubhlinn: threshold 4, value 5" in svg
    assert "Dubhlinn: threshold 2" not in svg
    dubhlinn = claims["dubhlinn"]["towns"]
    named = [f"seat {i} {n}" for i, n in enumerate(dubhlinn[:-1]) if n]
    named += [f"Vikings {dubhlinn[-1]}"] if dubhlinn[-1] else []
    assert ("towns: " + ", ".join(named)) in svg if named else "no towns taken" in svg
    assert "Dubhlinn  4/5" in text(render_brian_boru.draw, BRIAN_BORU.view(state, 0))
    card5 = "r1-card-05"
    assert printed_card(card5, 2) != printed_card(card5, 3)
    assert svg_brian_boru.card_words(card5, 2) != svg_brian_boru.card_words(card5, 3)

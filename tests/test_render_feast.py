"""A Feast for Odin drawn for people (cli/draw/render_feast.py, cli/draw/svg_feast.py): every viewer at
many points of random 1–4 player games draws without error, shows the boards square by square,
never names an occupation the viewer may not know, and the SVG is one well-formed element
whose tiles cover exactly the covered board squares of every seat. Issue 9: "`skald show`
draws a player's home board ... `skald show --svg FILE` writes the same as an SVG picture"."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from skald.cli.draw import feast_boards as fb
from skald.cli.draw import render_feast, render_feast_seat, svg_feast
from skald.cli.draw.render import write_svg
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import RULES
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import Piece, empty_board, legal_placements, place
from skald.domain.kernel.chance import ServerChance
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.fast import replace
from skald.domain.kernel.play import Step, fold, random_game
from skald.service.client import ViewResult

SVG = "{http://www.w3.org/2000/svg}"


def states(players: int, seed: int, length: str = "long") -> list[State]:
    """The states of one random game, to its end (an engine that stops early fails here)."""
    chance = ServerChance(f"feast-render-{seed}".encode(), f"feast-render-{seed}")
    game = random_game(RULES, players, chance, random.Random(seed), options={"length": length})
    setup = next(game)
    state: State = fold(RULES, players, setup)
    out = [state]
    for step in game:
        assert isinstance(step, Step)
        state = fold(RULES, players, step.events, state)
        out.append(state)
    assert RULES.outcome(state) is not None
    return out


def sample(all_states: list[State], seed: int, n: int = 8) -> list[State]:
    picked = random.Random(seed).sample(all_states[1:], min(n, len(all_states) - 1))
    return [all_states[0], *picked, all_states[-1]]


def text(view: Any) -> str:
    console = Console(record=True, width=160, color_system=None, file=io.StringIO())
    console.print(render_feast.draw(to_data(view)))
    return console.export_text()


def hidden_names(state: State, seat: int | None, shown: str) -> list[str]:
    """Names of the cards this viewer may not know, minus names of cards it may know (a
    hidden card's name can be part of a known one's: Hunter / Loot Hunter)."""
    secret = RULES.secrets(state, seat)
    # A long list wraps inside the panel's border, cutting a name across two lines ("Cattle /
    # Breeder"): read the text as one line of words, so a known name is matched whole.
    shown = " ".join(shown.replace("┃", " ").split())
    known = {c for p in state.players for c in p.played}
    if seat is not None:
        known |= set(state.players[seat].hand)
    for card in sorted(known, key=lambda c: -len(fb.occupation_name(c))):
        shown = shown.replace(fb.occupation_name(card), "")
    names = {fb.occupation_name(c) for c in secret if c.startswith("occupation-")}
    return [
        n for n in names if n in shown and re.search(rf"(?<![\w-]){re.escape(n)}(?![\w-])", shown)
    ]


def drawn_squares(root: ET.Element) -> int:
    """Squares the SVG's tiles cover (each tile is one path saying how many)."""
    return sum(
        int(e.get("data-squares") or 0) for e in root.iter(f"{SVG}path") if e.get("class") == "tile"
    )


def tile_squares(view: Any, seat: int) -> int:
    """Squares covered on the boards the SVG draws for ``seat``."""
    data = to_data(view)
    player = next(p for p in data["players"] if p["seat"] == seat)
    boards = [player["home"], *player["explored"], *player["houses"]]
    total = 0
    for board in [*boards, player["banquet"]]:
        lay = fb.layout(board) if board else None
        total += sum(len(squares) for _, _, squares in lay.pieces) if lay else 0
    return total


@pytest.mark.parametrize(
    ("players", "seed", "length"), [(1, 1, "long"), (2, 2, "short"), (3, 3, "long"), (4, 4, "long")]
)
def test_feast_draws_every_viewer(players: int, seed: int, length: str) -> None:
    all_states = states(players, seed, length)
    assert len(all_states) > 20
    for state in sample(all_states, seed):
        for seat in (None, *range(players)):
            view = RULES.view(state, seat)
            out = text(view)
            assert "Action board" in out
            assert out.count("Home board") == players
            if seat is not None:
                for card in view.players[seat].hand:
                    assert fb.occupation_name(card) in out
            assert not hidden_names(state, seat, out), (seat, hidden_names(state, seat, out))
            for secret in RULES.secrets(state, seat):
                assert secret not in out
            picture = svg_feast.svg(to_data(view))
            root = ET.fromstring(picture)
            assert root.tag == f"{SVG}svg"
            assert not hidden_names(state, seat, picture)
            assert drawn_squares(root) == sum(tile_squares(view, s) for s in range(players))
            assert all(f"Seat {s}" in picture for s in range(players))
            assert "href" not in picture  # self-contained: no links, images or fonts


def test_home_board_squares_are_drawn_in_place() -> None:
    """An oil laid flat at the bottom-left shows its code on the two squares it covers; the
    income number it covers is gone and the next one is the income (components.md §2.1)."""
    oil = Piece.good(Good.OIL)
    from skald.domain.feast.placement import Placement

    home = place(empty_board(BoardId.HOME), Placement(oil, 11, 0, 0))
    lay = fb.layout(to_data(home))
    assert lay is not None and lay.income == 1
    grid = render_feast_seat.board_text(lay).plain.splitlines()
    assert len(grid) == 12 and grid[11].startswith("OiOi")
    assert grid[10][2:4] == " 1"  # the income number 1 stays visible
    assert len(lay.squares) == 143  # RULINGS.md (Feast): the 143-square home board


def _rich_state() -> State:
    """A mid-game 4-player state with exploration boards, houses and a feast in progress."""
    all_states = states(4, 7)
    state = all_states[len(all_states) * 2 // 3]
    p = state.players[0]
    shetland = empty_board(BoardId.SHETLAND)
    for good in (Good.OIL, Good.SILVERWARE, Good.HIDE):
        shetland = place(shetland, next(iter(legal_placements(shetland, Piece.good(good)))))
    house = empty_board(BoardId.STONE_HOUSE)
    house = place(house, next(iter(legal_placements(house, Piece.good(Good.MILK)))))
    p = replace(p, explored=(shetland,), houses=(house, empty_board(BoardId.SHED)))
    return state.with_player(0, p)


def test_exploration_boards_and_houses_are_drawn() -> None:
    state = _rich_state()
    view = RULES.view(state, 0)
    out = text(view)
    for name in ("Shetland", "Stone house", "Shed", "Banquet table"):
        assert name in out
    picture = svg_feast.svg(to_data(view))
    root = ET.fromstring(picture)
    assert drawn_squares(root) == sum(tile_squares(view, s) for s in range(4))
    assert "Shetland" in picture and "Stone house" in picture


def test_codes_are_unique_and_short() -> None:
    codes = fb.codes()
    assert len(set(codes.values())) == len(codes)
    assert all(1 <= len(c) <= 2 for c in codes.values())


def test_write_svg_for_feast_and_an_unwritable_path(tmp_path: Path) -> None:
    state = _rich_state()
    target = tmp_path / "feast.svg"
    result = ViewResult("g", "feast", 9, (), None, 1, RULES.view(state, 1))
    write_svg(result, str(target))
    root = ET.parse(target).getroot()
    assert root.tag == f"{SVG}svg" and "Seat 1 (you)" in target.read_text()
    with pytest.raises(Malformed) as refused:
        write_svg(result, str(tmp_path / "missing" / "x.svg"))
    assert refused.value.rule == "show/svg-file"


def test_the_feast_table_is_drawn_with_its_food() -> None:
    """While feasting, the seat's banquet table shows the food on it and the squares that are
    not open this round (rules.ja.txt フェイズ9; banquet.open_squares)."""
    feasts = [
        (s, i)
        for s in states(4, 7)
        for i, p in enumerate(s.players)
        if p.banquet is not None and p.banquet.placed
    ]
    assert feasts
    state, seat = feasts[len(feasts) // 2]
    view = RULES.view(state, seat)
    lay = fb.layout(to_data(view.players[seat].banquet))
    assert lay is not None and lay.pieces
    closed = sum(sq.closed for sq in lay.squares)
    row = render_feast_seat.board_text(lay).plain
    assert row.count(" x") == closed and fb.codes()[lay.pieces[0][0]] in row
    picture = svg_feast.svg(to_data(view))
    assert f"{fb.banquet_open(lay)} squares to cover" in picture
    root = ET.fromstring(picture)
    assert drawn_squares(root) == sum(tile_squares(view, s) for s in range(4))


def test_a_whaling_boat_shows_its_printed_ore_in_both_views() -> None:
    """The whaling boat carries 1 printed ore (skald.domain.feast.ships): the terminal and the SVG
    both count it with the ore placed on the ship; a knarr has none printed."""
    from rich.console import Console

    from skald.cli.draw import render_feast_seat, svg_feast_player

    player = {"ships": [{"kind": "whaling-boat", "ore": 0}, {"kind": "knarr", "ore": 2}]}
    svg = "".join(svg_feast_player._ships(player).parts)
    assert "whaling boat with 1 ore" in svg and "knarr with 2 ore" in svg
    console = Console(width=120, record=True)
    console.print(render_feast_seat._ships(player))
    text = console.export_text()
    assert "whaling-boat (ore 1)" in text and "knarr (ore 2)" in text

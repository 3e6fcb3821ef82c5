"""The Feast drawings (cli/draw/svg_feast*.py, cli/draw/render_feast*.py) mark what the table row alone
does not show: which banquet tiles lie horizontally (rules.ja.txt フェイズ9, one horizontal
tile per food type), and a seat's ``feasted`` only while the Feast phase lasts (the view keeps
the flag until the next feast begins, so the panel said ``feasted`` all through the next
round's actions)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from typing import Any

from rich.console import Console

from skald.cli.draw import feast_boards as fb
from skald.cli.draw import render_feast, render_feast_seat, svg_feast
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.state import Phase, State
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.play import fold
from tests.feast.kit import bare, run

SVG = "{http://www.w3.org/2000/svg}"


def _feast() -> State:
    """Round 1's feast, seat 0 holding 2 peas and a mead."""
    state = bare(peas=2, mead=1)
    return fold(RULES, state.count, [ev.FeastBegan(1)], state)


def _served() -> State:
    """Peas lying horizontally (rotation 0, 2 squares), a mead and peas standing vertically."""
    state = _feast()
    for serve in (
        cmd.ServeFood("peas", 0, 0),
        cmd.ServeFood("mead", 2, 1),
        cmd.ServeFood("peas", 3, 1),
    ):
        state, _ = run(state, 0, serve)
    return state


def _text(view: Any) -> str:
    console = Console(record=True, width=200, color_system=None, file=io.StringIO())
    console.print(render_feast.draw(to_data(view)))
    return console.export_text()


def _seat_status(picture: str, seat: int) -> str:
    """The SVG player block's title (the seat's status words) for ``seat``."""
    root = ET.fromstring(picture)
    for g in root.iter(f"{SVG}g"):
        if g.get("class") == "player" and g.get("data-seat") == str(seat):
            title = g.find(f"{SVG}title")
            assert title is not None and title.text is not None
            return title.text
    raise AssertionError(f"no player block for seat {seat}")


def test_the_banquet_table_marks_the_tiles_lying_horizontally() -> None:
    state = _served()
    view = to_data(RULES.view(state, 0))
    lay = fb.layout(view["players"][0]["banquet"])
    assert lay is not None and [p.name for p, _, _ in lay.pieces] == ["peas", "mead", "peas"]
    assert lay.horizontal == frozenset({0}) and lay.horizontal_names() == ["Peas"]
    picture = svg_feast.svg(view)
    root = ET.fromstring(picture)
    tiles = [e for e in root.iter(f"{SVG}path") if e.get("class") == "tile"]
    flagged = [e.get("data-piece") for e in tiles if e.get("data-horizontal") == "true"]
    assert flagged == ["peas"]  # the standing peas and mead are not marked
    arrows = [e for e in root.iter(f"{SVG}path") if e.get("class") == "horizontal"]
    assert len(arrows) == 1
    assert "horizontal: Peas" in picture
    # the terminal underlines the lying tile's squares and names it under the table
    row = render_feast_seat.board_text(lay)
    underlined = [span for span in row.spans if "underline" in str(span.style)]
    assert [(s.start, s.end) for s in underlined] == [(0, 2), (2, 4)]  # the two peas squares
    assert "horizontal: Peas" in _text(RULES.view(state, 0))


def test_an_empty_or_all_standing_table_names_no_horizontal_tile() -> None:
    state, _ = run(_feast(), 0, cmd.ServeFood("mead", 0, 1))
    view = to_data(RULES.view(state, 0))
    lay = fb.layout(view["players"][0]["banquet"])
    assert lay is not None and lay.horizontal == frozenset()
    assert "horizontal:" not in svg_feast.svg(view)


def test_feasted_is_shown_during_the_feast_and_cleared_when_the_round_moves_on() -> None:
    ended, _ = run(_feast(), 0, cmd.EndFeast())
    assert ended.phase is Phase.FEAST and ended.players[0].feasted
    during = RULES.view(ended, None)
    assert "feasted" in _seat_status(svg_feast.svg(to_data(during)), 0)
    assert "feasted" not in _seat_status(svg_feast.svg(to_data(during)), 1)
    assert "feasted" in _text(during)
    # the last seat ends its feast: the bonus phase and the rest run, round 2 begins
    later, _ = run(ended, 1, cmd.EndFeast())
    assert later.round == 2 and later.phase is Phase.ACTIONS
    assert all(p.feasted for p in later.players)  # the view still carries the flag …
    after = RULES.view(later, None)
    for seat in (0, 1):  # … and neither drawing says so any more
        assert "feasted" not in _seat_status(svg_feast.svg(to_data(after)), seat)
    assert "feasted" not in _text(after)

"""The pictures of every game (cli/draw/svg_draw.py): for each game and several player counts, views
of random games at several points and of the golden replays parse as one ``<svg>`` element that
embeds inline (no prolog, nothing outside it), say the names and scores the view holds, show a
seat's hidden cards only in that seat's drawing (``class="hand"``/``"hidden-card"`` with
``data-seat``, checked in the parsed tree) and every hand in the referee's drawing, and a
4-player Feast drawing stays under 150 KB. Issue 12: "Pictures are SVG drawn from the printed
component data ... readable at a glance: colours by suit, names as the board prints them"."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from skald.cli.draw import feast_boards as fb
from skald.cli.draw.render import write_svg
from skald.cli.draw.svg_brian_boru import card_words
from skald.cli.draw.svg_brian_boru_map import TOWN_FILLS
from skald.cli.draw.svg_draw import PROLOG, draw, draw_referee, has_drawing
from skald.cli.draw.svg_feast_boards import FILLS
from skald.cli.draw.svg_red_north_cards import SUITS, describe
from skald.domain.brian_boru import RULES as BRIAN_BORU
from skald.domain.brian_boru.cards import CARD5_COINS_DEFAULT
from skald.domain.brian_boru.map import REGIONS, TOWNS
from skald.domain.feast.game import RULES as FEAST
from skald.domain.feast.placement import all_pieces
from skald.domain.feast.placement.pieces import colour as piece_colour
from skald.domain.kernel.chance import ServerChance
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.play import Step, fold, random_game
from skald.domain.red_north import RULES as RED_NORTH
from skald.domain.red_north.components import HIDDEN, OUTPOST_NAMES, Colour
from skald.service.client import ViewResult
from skald.service.model.folding import fold_into, fold_records
from skald.service.store import replay_file
from tests.e2e_helpers import invoke_skald

SVG = "{http://www.w3.org/2000/svg}"
REPLAYS = Path(__file__).resolve().parent.parent / "replays"
GAMES: dict[str, Any] = {"red-north": RED_NORTH, "brian-boru": BRIAN_BORU, "feast": FEAST}


def sampled_states(rules: Any, players: int, seed: int, points: int, **options: str) -> list[Any]:
    """The first, last and ``points`` random states of one random game."""
    chance = ServerChance(f"svg-{seed}".encode(), f"svg-{seed}")
    game = random_game(rules, players, chance, random.Random(seed), options=options or None)
    state = fold(rules, players, next(game))
    out = [state]
    for step in game:
        assert isinstance(step, Step)
        state = fold(rules, players, step.events, state)
        out.append(state)
    picked = random.Random(seed).sample(out[1:-1], min(points, len(out) - 2))
    return [out[0], *picked, out[-1]]


def parse(picture: str) -> ET.Element:
    assert not picture.startswith("<?xml") and picture.startswith("<svg")
    assert "href" not in picture and "url(" not in picture and "@import" not in picture
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg" and root.find(f"{SVG}title") is not None
    return root


def secret_elements(root: ET.Element) -> list[ET.Element]:
    return [e for e in root.iter() if set((e.get("class") or "").split()) & {"hand", "hidden-card"}]


def shown_cards(root: ET.Element, seat: int) -> list[str]:
    return sorted(
        e.get("data-card") or "" for e in secret_elements(root) if e.get("data-seat") == str(seat)
    )


def own_secrets(game: str, view: dict[str, Any], seat: int) -> list[str]:
    """The hidden cards of ``seat`` that its own view holds."""
    if game == "brian-boru":
        return sorted([*view["hand"], *view["pile"]])
    player = view["players"][seat] if view.get("players") else {}
    if game == "feast":
        return sorted(player.get("hand") or ())
    cards = [c for c in player.get("hand") or () if c != HIDDEN]
    cards += [pc["card"] for pc in player.get("party") or () if not pc["face_up"]]
    cards += [player["drawn"]] if player.get("drawn") else []
    return sorted(cards)


def says_the_view(game: str, view: dict[str, Any], picture: str, root: ET.Element) -> None:
    """The picture names what the view holds: places, players, scores."""
    if game == "red-north":
        for o in view["outposts"]:
            assert OUTPOST_NAMES[Colour(o["colour"])] in picture
        for p in view["players"]:
            assert f"Seat {p['seat']}" in picture
            assert f"{p['glory']} Glory, {p['vp']} VP" in picture
    elif game == "brian-boru":
        for region in REGIONS:
            assert region.name in picture
        for p in view["players"]:
            assert f"Seat {p['seat']}: {p['points']} points, {p['coins']} coins" in picture
    else:
        players = view["players"]
        assert picture.count(">Home board<") == len(players)
        spaces = {
            e.get("data-space"): e.get("data-seat") for e in root.iter() if e.get("data-space")
        }
        assert len(spaces) >= 61
        assert {s: seat for s, seat in spaces.items() if seat is not None} == {
            o["space"]: str(o["seat"]) for o in view["occupied"]
        }
    for s, score in enumerate(view.get("scores") or ()):
        assert f"seat {s}: {score}" in picture


def words(game: str, card: str) -> str:
    """How a drawing names ``card``."""
    if game == "red-north":
        return describe(card)[1]
    if game == "brian-boru":
        return card_words(card, CARD5_COINS_DEFAULT).split(" — ")[0] + " — primary"  # value, colour
    return f">{fb.occupation_name(card)}<"


def named(game: str, cards: list[str], picture: str) -> list[str]:
    """The cards of ``cards`` the picture names (``7 yellow`` is not ``17 yellow``)."""
    if not cards:
        return []
    names = sorted({words(game, c) for c in cards}, key=len, reverse=True)
    found = re.findall(rf"(?<![\w-])(?:{'|'.join(map(re.escape, names))})", picture)
    return [c for c in cards if words(game, c) in found]


def leaks_by_name(game: str, state: Any, secret: str) -> bool:
    """Whether drawing ``secret``'s name would show it: Brian Boru deals the same 25 printed
    cards every round (a past round's card shares its name with this round's), and in the
    Feast only occupations are named cards."""
    if game == "brian-boru":
        return secret.startswith(f"r{state.round}-card-")
    return game != "feast" or secret.startswith("occupation-")


def check_state(game: str, state: Any, players: int) -> int:
    """Every viewer's drawing of ``state`` and the referee's; returns the largest size."""
    rules = GAMES[game]
    views = [to_data(rules.view(state, seat)) for seat in range(players)]
    public = to_data(rules.view(state, None))
    biggest = 0
    for seat, view in [(None, public), *enumerate(views)]:
        picture = draw(game, view, seat)
        biggest = max(biggest, len(picture.encode()))
        root = parse(picture)
        says_the_view(game, view, picture, root)
        secrets = secret_elements(root)
        assert all(e.get("data-seat") == str(seat) for e in secrets), (game, seat)
        if seat is not None:
            assert shown_cards(root, seat) == own_secrets(game, view, seat)
            known = set(own_secrets(game, view, seat))
        else:
            known = set()
        unknown = [c for c in rules.secrets(state, seat) if c not in known]
        assert not [c for c in unknown if c in picture], (game, seat)
        by_name = [c for c in unknown if leaks_by_name(game, state, c)]
        assert not named(game, by_name, picture), (game, seat)
    referee = draw_referee(game, views)
    biggest = max(biggest, len(referee.encode()))
    root = parse(referee)
    for seat, view in enumerate(views):
        assert shown_cards(root, seat) == own_secrets(game, view, seat)
    assert "the referee" in referee
    return biggest


CASES = [
    ("red-north", 2, 1, {}),
    ("red-north", 4, 3, {}),
    ("brian-boru", 3, 4, {}),
    ("brian-boru", 5, 5, {}),
    ("feast", 2, 7, {"length": "short"}),
]
GOLDENS = sorted(p for p in REPLAYS.glob("*/*.jsonl") if ".views." not in p.name)


@pytest.mark.parametrize(("game", "players", "seed", "options"), CASES)
def test_random_games_draw_for_every_viewer(
    game: str, players: int, seed: int, options: dict[str, str]
) -> None:
    for state in sampled_states(GAMES[game], players, seed, 3, **options):
        check_state(game, state, players)


@cache
def golden_states(path: Path) -> tuple[str, int, tuple[Any, ...]]:
    """(game, players, states) of a golden at its first version (only the game created),
    one inside and its last."""
    records = replay_file.load_bytes(path.read_bytes()).records
    loaded = fold_records(records[:1])
    states = [loaded.state]
    for version in (len(records) // 2, len(records)):
        loaded = fold_into(loaded, loaded.game_id, records[loaded.version : version])
        states.append(loaded.state)
    return loaded.rules.name.replace("_", "-"), loaded.players, tuple(states)


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.stem)
def test_golden_replays_draw(path: Path) -> None:
    game, players, states = golden_states(path)
    sizes = [check_state(game, state, players) for state in states]
    if players == 4 and game == "feast":
        assert max(sizes) < 150_000, sizes  # a 4-player Feast drawing per event


def test_write_svg_writes_a_standalone_file_for_every_game(tmp_path: Path) -> None:
    for path in GOLDENS:
        game, _, states = golden_states(path)
        target = tmp_path / f"{path.stem}.svg"
        rules = GAMES[game]
        result = ViewResult("g", rules.name, 9, (), None, 0, rules.view(states[1], 0))
        write_svg(result, str(target))
        text = target.read_text(encoding="utf-8")
        assert text.startswith(PROLOG) and "Seat 0 (you)" in text
        assert ET.parse(target).getroot().tag == f"{SVG}svg"
    assert not has_drawing("no-such-game")
    with pytest.raises(ValueError, match="no SVG drawing"):
        draw("no-such-game", {})


def test_show_svg_draws_red_north_through_the_cli(tmp_path: Path) -> None:
    db = str(tmp_path / "skald.db")
    new = invoke_skald(["new", "red-north", "--players", "2", "--seed", "s", "--db", db, "--json"])
    assert new.code == 0, new.stderr
    target = tmp_path / "rn.svg"
    run = invoke_skald(
        ["show", new.json["game_id"], "--seat", "0", "--svg", str(target), "--db", db]
    )
    assert run.code == 0, run.stderr
    root = ET.parse(target).getroot()
    assert root.tag == f"{SVG}svg" and "Seat 0 (you)" in target.read_text(encoding="utf-8")
    assert all(e.get("data-seat") == "0" for e in secret_elements(root))
    assert shown_cards(root, 0)  # seat 0's dealt hand is drawn for seat 0


def test_colours_follow_the_suits() -> None:
    """Red North cards are drawn in their faction colour, Brian Boru towns in their printed
    colour and Feast tiles in their goods colour."""
    game, _, (_, _, last) = golden_states(REPLAYS / "red-north" / "red-north-3p.jsonl")
    root = parse(draw(game, to_data(RED_NORTH.view(last, None))))
    cards = [g for g in root.iter(f"{SVG}g") if (g.get("data-card") or "").startswith("raider-")]
    assert cards
    for g in cards:
        suit = (g.get("data-card") or "").split("-")[1]
        assert g.find(f"{SVG}rect").get("stroke") == SUITS[suit][0]  # type: ignore[union-attr]
    _, _, (_, _, last) = golden_states(REPLAYS / "brian-boru" / "brian-boru-4p.jsonl")
    root = parse(draw("brian-boru", to_data(BRIAN_BORU.view(last, None))))
    towns = [g for g in root.iter(f"{SVG}g") if g.get("data-town")]
    assert len(towns) == len(TOWNS)
    for g in towns:
        town = TOWNS[int(g.get("data-town") or 0) - 1]
        fills = [c.get("fill") for c in g.iter(f"{SVG}circle")]
        assert TOWN_FILLS[town.colour.value] in fills
    _, _, (_, _, last) = golden_states(REPLAYS / "feast" / "feast-2p-short.jsonl")
    root = parse(draw("feast", to_data(FEAST.view(last, None))))
    tiles = [p for p in root.iter(f"{SVG}path") if p.get("class") == "tile"]
    assert tiles
    by_name = {piece.name: piece_colour(piece) for piece in all_pieces()}
    for p in tiles:
        assert p.get("fill") == FILLS[by_name[p.get("data-piece") or ""]][0]


def test_a_pending_marriage_decision_is_drawn_by_name() -> None:
    """The princess decision names a marriage card, which has no action value (v553 of the
    5-player golden once drew a stand-in)."""
    records = replay_file.load_bytes((REPLAYS / "brian-boru" / "brian-boru-5p.jsonl").read_bytes())
    loaded = fold_records(records.records[:553])
    public = to_data(GAMES["brian-boru"].view(loaded.state, None))
    assert str(public["pending"]["card"]).startswith("marriage-")
    check_state("brian-boru", loaded.state, loaded.players)
    assert "for the marriage of Estrid" in draw("brian-boru", public, None)


def test_feast_cards_show_their_effect_as_a_tooltip() -> None:
    """Issue 13: the viewer shows every card with its effect: a played card's and one's own hand
    card's ``<title>`` holds the card's name and the effect the registry builds."""
    states = sampled_states(FEAST, 2, 5, 0)
    end = states[-1]
    checked = 0
    for seat in range(2):
        view = to_data(FEAST.view(end, seat))
        root = parse(draw("feast", view, seat))
        titles = [t.text or "" for t in root.iter(f"{SVG}title")]
        for player in view["players"]:
            for card in player.get("played") or ():
                title = fb.occupation_title(card)
                assert ": " in title and title != fb.occupation_name(card)
                assert f"played by seat {player['seat']}: {title}" in titles
                checked += 1
            for card in player.get("hand") or ():
                assert f"occupation in seat {seat}'s hand: {fb.occupation_title(card)}" in titles
                checked += 1
    assert checked > 0

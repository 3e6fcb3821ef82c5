"""The check-peek attack: a seat asks ``CheckCommand`` what a command would do, hoping to see
the card it would draw before committing to draw it.

Red North shuffles once at setup and draws from that order later, Brian Boru reveals Viking and
marriage cards from decks shuffled at setup, so a throwaway seed does not hide the next card
(``test_a_throwaway_seed_alone_would_show_the_next_card`` shows it would not). At every
position of random games, the acting seat checks the command it then plays; the ids the real
command brings to light that the seat could not know before (``rules.secrets`` of the state
before it) are compared with the check's answer field by field — the answer's record at the
same place must not hold that id — and no such id may appear in the answer at all. A Feast
for Odin draws each occupation by chance when it is drawn, so there a throwaway seed would show
some deck card, not the next one; its check is cut the same way all the same (the deck and the
other hands are its secrets).
"""

from __future__ import annotations

import random
import uuid
from collections.abc import Iterator
from itertools import chain
from typing import Any

import pytest

from skald.cli.autoplay.pickers import picker_for
from skald.domain.kernel.chance import ServerChance
from skald.domain.kernel.codec import to_data
from skald.service.app.games import GameService
from skald.service.app.requests import CheckCommand, CreateGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.model.auth import Principal
from skald.service.store.event_store import EventStore

GAMES = [
    ("red_north", 2, 6),
    ("red_north", 4, 6),
    ("brian_boru", 3, 1),
    ("brian_boru", 5, 1),
    ("feast", 2, 1),
]
"""(game, players, how many random games)."""


def _leaves(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], Any]]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _leaves(v, (*path, k))
    elif isinstance(value, list | tuple):
        for i, v in enumerate(value):
            yield from _leaves(v, (*path, i))
    else:
        yield path, value


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        found = isinstance(value, dict) and key in value
        found |= isinstance(value, list | tuple) and isinstance(key, int) and key < len(value)
        if not found:
            return None
        value = value[key]
    return value


@pytest.fixture
def svc(tmp_path: Any) -> Iterator[GameService]:
    store = EventStore(str(tmp_path / "check.db"))
    yield GameService(store, registry())
    store.close()


def _play(
    svc: GameService, game: str, players: int, n: int = 0
) -> Iterator[tuple[Any, int, Any, Any]]:
    """(state before, acting seat, command, game id) at every position of random game ``n``;
    the caller has its look, then plays the command."""
    rules = registry().rules(game)
    gid = svc.create(CreateGame(game, players)).game_id
    picker = random.Random(f"peek-{game}-{players}-{n}")
    choose = picker_for(game)  # A Feast for Odin's takes the occupation spaces too
    for _ in range(3000):
        loaded = svc.load(gid)
        if rules.outcome(loaded.state) is not None:
            return
        seat = picker.choice(sorted(rules.to_act(loaded.state)))
        command = choose(list(rules.legal_commands(loaded.state, seat)), picker)
        yield loaded.state, seat, command, gid
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(("game", "players", "games"), GAMES)
def test_a_seats_check_never_shows_what_playing_would_first_reveal(
    svc: GameService, game: str, players: int, games: int
) -> None:
    rules = registry().rules(game)
    revealing = 0
    positions = chain.from_iterable(_play(svc, game, players, n) for n in range(games))
    for state, seat, command, gid in positions:
        me = Principal("seat", seat)
        at = svc.load(gid).version
        hidden = rules.secrets(state, seat)
        answer = svc.check(CheckCommand(gid, at, seat, command, who=me))
        done = svc.submit(SubmitMove(gid, seat, command, expected_version=at, who=me))
        real = [r for r in done.records if not r.type.startswith("skald.")]
        revealed = {v for r in real for _, v in _leaves(r.data) if v in hidden}
        revealing += bool(revealed)
        assert len(answer) <= len(real)
        for shown, happened in zip(answer, real, strict=False):
            assert shown.type == happened.type and shown.version == happened.version
            for path, value in _leaves(happened.data):
                if value in hidden:
                    assert _at(shown.data, path) != value, (
                        f"v{happened.version} {happened.type}.{path}: the check showed {value}"
                    )
            assert not {v for _, v in _leaves(shown.data)} & hidden
            assert not shown.hash and shown.salt is None  # nothing sealed, nothing to attack
    assert revealing >= 5, f"only {revealing} commands revealed a card: the test proves little"


def test_the_referee_check_shows_the_real_outcome(svc: GameService) -> None:
    rules = registry().rules("brian_boru")
    for state, seat, command, gid in _play(svc, "brian_boru", 3):
        at = svc.load(gid).version
        referee = Principal("referee")
        answer = svc.check(CheckCommand(gid, at, seat, command, who=referee))
        done = svc.submit(SubmitMove(gid, seat, command, expected_version=at, who=referee))
        real = [r for r in done.records if not r.type.startswith("skald.")]
        assert [(r.type, r.data) for r in answer] == [(r.type, r.data) for r in real]
        if any(v in rules.secrets(state, seat) for r in real for _, v in _leaves(r.data)):
            return  # a revealing command, shown in full to the referee
    raise AssertionError("no command revealed a card")


@pytest.mark.parametrize("game", ["red_north", "brian_boru"])
def test_a_throwaway_seed_alone_would_show_the_next_card(svc: GameService, game: str) -> None:
    """The former answer — the real state decided with a throwaway seed — names the very card
    the real command then reveals: the test above would catch it."""
    rules = registry().rules(game)
    players = rules.min_players
    for state, seat, command, gid in _play(svc, game, players):
        hidden = rules.secrets(state, seat)
        throwaway = ServerChance(uuid.uuid4().bytes, "check", svc.load(gid).cursor)
        former = rules.decide(state, seat, command, throwaway)
        done = svc.submit(SubmitMove(gid, seat, command, who=Principal("seat", seat)))
        real = {v for r in done.records for _, v in _leaves(r.data) if v in hidden}
        peeked = {v for e in former for _, v in _leaves(to_data(e)) if v in hidden}
        if real & peeked:
            return
    raise AssertionError("a throwaway seed never showed the next card")

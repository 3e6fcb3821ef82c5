"""Setup by player count and length (refresher.en.txt setup; rules.ja.txt ゲームの準備;
RULINGS.md Feast), and the options schema."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import RULES
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.items import good_count
from skald.domain.feast.game.setup_data import dark_cards, starting_cards
from skald.domain.feast.game.state import Phase, State
from skald.domain.feast.goods import Good
from skald.domain.kernel import ServerChance, SkaldError, resolve_options
from skald.domain.kernel.play import fold


def _setup(players: int, **options: object) -> tuple[list[Any], State]:
    chance = ServerChance(b"setup", f"{players}")
    events = list(RULES.setup(players, resolve_options(RULES.options, options), chance))
    return events, fold(RULES, players, events)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_setup_per_player_count(players: int) -> None:
    events, state = _setup(players)
    assert state.phase is Phase.ACTIONS and state.round == 1
    assert len(state.strips) == (3 if players == 4 else 2)
    assert len(set(x.number for x in state.strips)) == len(state.strips)
    assert len(state.imitation) == (2 if players == 4 else 0)
    if players == 4:
        assert state.imitation[0] in (1, 2) and state.imitation[1] in (3, 4)
    assert [x.face for x in state.exploration] == [
        BoardId.SHETLAND,
        BoardId.FAROE_ISLANDS,
        BoardId.ICELAND,
        BoardId.GREENLAND,
    ]
    assert all(x.silver == 0 and x.owner is None for x in state.exploration)
    assert state.turn == state.start_player and 0 <= state.start_player < players
    dealt = [e.card for e in events if isinstance(e, ev.OccupationDealt)]
    assert len(set(dealt)) == players and set(dealt) <= set(starting_cards("ABC"))
    # 47 weapons less the starting three each, less the round-1 draw
    assert sum(state.weapon_deck) == 47 - 3 * players - players
    assert len(state.occupation_deck) == len(dark_cards("ABC")) == 145
    for seat, p in enumerate(state.players):
        # long game: 5 on the Thing square + the round-1 Viking; 6 still on the table
        assert (p.thing, p.waiting) == (6, 6)
        assert p.silver == 0  # RULINGS.md: no starting silver
        assert good_count(p, Good.MEAD) == 1
        assert sum(p.weapons) == 4 and min(p.weapons[:3]) >= 1
        assert len(p.hand) == 1 and p.hand[0] == dealt[seat]
        # round 1 harvest (long game): peas, flax, beans
        assert [good_count(p, g) for g in (Good.PEAS, Good.FLAX, Good.BEANS)] == [1, 1, 1]
        assert good_count(p, Good.GRAIN) == 0


def test_short_game_setup() -> None:
    _, state = _setup(2, length="short")
    assert state.length.rounds == 6
    assert all((p.thing, p.waiting) == (7, 5) for p in state.players)


def test_deck_option_limits_the_occupations() -> None:
    _, state = _setup(3, decks="A")
    hands = {c for p in state.players for c in p.hand}
    assert hands <= set(starting_cards("A")) and len(state.occupation_deck) == 57
    assert len(state.starting_pool) == 15 - 3


def test_options_are_validated() -> None:
    with pytest.raises(SkaldError) as info:
        resolve_options(RULES.options, {"length": "medium"})
    assert info.value.rule == "options/not-allowed"
    assert resolve_options(RULES.options, {})["length"] == "long"


def test_setup_hides_the_dealt_cards_from_other_seats() -> None:
    events, state = _setup(3)
    for e in events:
        if isinstance(e, ev.OccupationDealt):
            assert RULES.redact(e, e.seat) == e
            hidden = RULES.redact(e, (e.seat + 1) % 3)
            assert isinstance(hidden, ev.OccupationDealt) and hidden.card is None
            spectator = RULES.redact(e, None)
            assert isinstance(spectator, ev.OccupationDealt) and spectator.card is None
    assert state.players[0].hand[0] in RULES.secrets(state, 1)
    assert state.players[0].hand[0] not in RULES.secrets(state, 0)

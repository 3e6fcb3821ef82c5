"""Setup (§2) and preparation (§3.1): the opening events, starting towns, the first deal."""

from __future__ import annotations

import pytest

from skald.domain.brian_boru import RULES
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.commands import PlaceStartingTown
from skald.domain.brian_boru.map import TOWNS
from skald.domain.brian_boru.marriages import PRINCESS
from skald.domain.brian_boru.state import Phase
from skald.domain.kernel import Malformed, NotYourTurn
from tests.brian_boru.kit import act, chance, kinds, opened, refused, started


@pytest.mark.parametrize(("players", "deck"), [(3, 3), (4, 4), (5, 4)])
def test_setup_records_players_and_builds_decks(players: int, deck: int) -> None:
    state, events = opened(players)
    first = events[0]
    assert isinstance(first, ev.GameStarted) and first.players == players
    assert kinds(tuple(events)) == ["GameStarted", "MarriageDeckBuilt", "VikingDeckShuffled"]
    assert len(state.marriage_deck) == deck  # 3 rounds with 3 players, 4 with 4–5
    assert state.marriage_deck[-1] == PRINCESS.id
    assert len(state.viking_deck) == 7
    for p in state.players:
        assert (p.coins, p.renown, p.points, p.track) == (3, 1, 10, 0)
    assert all(not c.face_up and c.holder is None for c in state.claims)
    assert state.marker == state.start_seat == first.start_seat
    assert RULES.to_act(state) == {state.start_seat}


def test_setup_rejects_bad_player_counts_and_options() -> None:
    with pytest.raises(Malformed):
        RULES.setup(2, {}, chance())
    with pytest.raises(Malformed):
        RULES.setup(4, {"nope": 1}, chance())
    with pytest.raises(Malformed):
        RULES.setup(4, {"viking_strengths": "1,2"}, chance())
    events = RULES.setup(4, {"viking_strengths": "1,1,1,1,1,1,1", "card5_coins": 2}, chance())
    assert events[0].viking_strengths == (1,) * 7 and events[0].card5_coins == 2


def test_starting_town_in_a_region_without_another_players_disc() -> None:
    state, _ = opened(4)
    first = state.start_seat
    state, _ = act(state, first, PlaceStartingTown(1))
    second = (first + 1) % 4
    with pytest.raises(NotYourTurn):
        RULES.decide(state, first, PlaceStartingTown(8), chance())
    refused(state, second, PlaceStartingTown(1), "start-town-occupied")
    refused(state, second, PlaceStartingTown(2), "start-region-taken")
    refused(state, second, PlaceStartingTown(99), "unknown-town")
    state, events = act(state, second, PlaceStartingTown(8))
    assert events == (ev.StartingTownPlaced(second, 8),)
    legal = {c.town for c in RULES.legal_commands(state, (second + 1) % 4)}
    assert not legal & set(range(1, 13))


@pytest.mark.parametrize(("players", "hand", "aside"), [(3, 8, 1), (4, 6, 1), (5, 5, 0)])
def test_first_round_preparation_and_deal(players: int, hand: int, aside: int) -> None:
    state, events = started(players)
    regions = {TOWNS[i].region for i, t in enumerate(state.towns) if t.owner is not None}
    assert len(regions) == players  # every starting town in a different region
    names = kinds(tuple(events))
    i = names.index("RoundBegan")
    assert names[i : i + 4] == [
        "RoundBegan",
        "VikingsAttacked",
        "MarriageCardRevealed",
        "ActionCardsShuffled",
    ]
    attacked = next(e for e in events if isinstance(e, ev.VikingsAttacked))
    assert state.battlefield == attacked.strength and attacked.strength in range(9, 15)
    revealed = next(e for e in events if isinstance(e, ev.MarriageCardRevealed))
    assert state.marriage_card == revealed.card and not revealed.final_round
    assert state.phase is Phase.DRAFT
    assert all(len(p.hand) == hand for p in state.players)
    assert len(state.set_aside) == aside
    assert RULES.to_act(state) == set(range(players))


def test_error_codes_for_turn_unknown_command_and_before_setup() -> None:
    state, _ = opened(3)
    other = (state.start_seat + 1) % 3
    with pytest.raises(NotYourTurn) as turn:
        RULES.decide(state, other, PlaceStartingTown(1), chance())
    assert turn.value.rule == "brian_boru/not-your-turn"
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 7, PlaceStartingTown(1), chance())
    with pytest.raises(Malformed) as unknown:
        RULES.decide(state, state.start_seat, object(), chance())
    assert unknown.value.rule == "brian_boru/unknown-command"
    initial = RULES.initial(3)
    assert RULES.to_act(initial) == frozenset() and RULES.outcome(initial) is None
    assert list(RULES.legal_commands(initial, 0)) == []

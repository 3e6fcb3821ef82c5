"""The draft (§3.2): keep two, pass the rest left, simultaneous and hidden."""

from __future__ import annotations

import pytest

from skald.domain.brian_boru import RULES
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.commands import KeepCards, PlayCard
from skald.domain.brian_boru.state import Phase
from skald.domain.kernel import NotYourTurn
from tests.brian_boru.kit import act, chance, kinds, refused, started


def test_keep_two_cards_from_your_hand() -> None:
    state, _ = started(4)
    hand = state.players[0].hand
    refused(state, 0, KeepCards((hand[0],)), "keep-two-cards")
    refused(state, 0, KeepCards((hand[0], hand[0])), "keep-two-cards")
    other = state.players[1].hand[0]
    refused(state, 0, KeepCards((hand[0], other)), "keep-card-not-in-hand")
    refused(state, 0, PlayCard(hand[0]), "wrong-command")
    state, events = act(state, 0, KeepCards(hand[:2]))
    assert events == (ev.CardsKept(0, hand[:2], 2),)
    assert state.players[0].pile == hand[:2]
    assert 0 not in RULES.to_act(state)
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 0, KeepCards(state.players[0].hand[:2]), chance())


def test_keeps_are_hidden_from_other_seats() -> None:
    state, _ = started(4)
    hand = state.players[0].hand
    _, events = act(state, 0, KeepCards(hand[:2]))
    assert RULES.redact(events[0], 0) == events[0]
    assert RULES.redact(events[0], 1) == ev.CardsKept(0, (), 2)
    assert RULES.redact(events[0], None).cards == ()


@pytest.mark.parametrize(("players", "passes"), [(3, [6, 4, 2]), (4, [4, 2]), (5, [3, 1])])
def test_pass_left_until_all_cards_are_kept(players: int, passes: list[int]) -> None:
    state, _ = started(players)
    dealt = [p.hand for p in state.players]
    sizes: list[int] = []
    all_events: list[object] = []
    while state.phase is Phase.DRAFT:
        for seat in sorted(RULES.to_act(state)):
            if state.phase is not Phase.DRAFT:
                break
            state, events = act(state, seat, KeepCards(state.players[seat].hand[:2]))
            all_events.extend(events)
            passed = [e for e in events if isinstance(e, ev.CardsPassed)]
            if passed:
                sizes.append(passed[0].count)
                for e in passed:
                    assert e.to_seat == (e.seat + 1) % players  # to the left
    assert sizes == passes
    assert state.phase is Phase.LEAD
    for seat, p in enumerate(state.players):
        assert len(p.hand) == len(dealt[seat])
        assert p.pile == ()
    assert "DraftEnded" in kinds(tuple(all_events))
    first = next(e for e in all_events if isinstance(e, ev.CardsPassed))
    assert first.cards == dealt[first.seat][2:]


@pytest.mark.parametrize(("players", "keeps", "last"), [(3, 3, 2), (4, 2, 2), (5, 2, 1)])
def test_one_or_two_cards_received_are_kept_without_a_choice(
    players: int, keeps: int, last: int
) -> None:
    """§3.2: "When you receive only 1 or 2 cards, they go straight into your kept pile" (RS 8:
    keep passing "until all dealt cards are in players' face-down piles"). With 3 players the
    third keep passes 2 cards each, with 4 players the second passes 2, with 5 the second
    passes 1: the same command keeps them for every seat and ends the draft; nobody is asked
    to keep again."""
    state, _ = started(players)
    for _ in range(keeps):
        assert RULES.to_act(state) == frozenset(range(players))
        for seat in range(players):
            state, events = act(state, seat, KeepCards(state.players[seat].hand[:2]))
    received = [e for e in events if isinstance(e, ev.CardsPassed)]
    assert [e.count for e in received] == [last] * players
    auto = [e for e in events if isinstance(e, ev.CardsKept)][1:]
    assert {e.seat: e.cards for e in auto} == {e.to_seat: e.cards for e in received}
    assert len(auto) == players
    assert kinds(events)[-1] == "DraftEnded" and state.phase is Phase.LEAD
    assert all(len(p.hand) == 2 * keeps + last for p in state.players)


def test_view_shows_only_own_hand_and_pile() -> None:
    state, _ = started(3)
    state, _ = act(state, 1, KeepCards(state.players[1].hand[:2]))
    mine = RULES.view(state, 1)
    assert mine.hand == state.players[1].hand and mine.pile == state.players[1].pile
    other = RULES.view(state, 0)
    assert other.pile == () and other.players[1].pile_count == 2
    spectator = RULES.view(state, None)
    assert spectator.hand == () and spectator.pile == ()
    for seat in range(3):
        secrets = RULES.secrets(state, seat)
        assert not secrets & set(RULES.view(state, seat).hand)
        assert set(state.players[(seat + 1) % 3].hand) <= secrets

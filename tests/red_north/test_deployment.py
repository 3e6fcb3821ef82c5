"""Deployment (simultaneous, hidden) and Activate Outpost Powers (Angleland, Sax)."""

from __future__ import annotations

import pytest

from skald.domain.kernel.errors import IllegalMove, NotYourTurn
from skald.domain.red_north import RULES
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import (
    DeclinePower,
    Deploy,
    GiveFirstPlayer,
    Pass,
    TakeFromDiscard,
    Withdraw,
)
from skald.domain.red_north.components import HIDDEN, Colour, End, Token
from skald.domain.red_north.state import Phase, Player
from tests.red_north.kit import act, new_game, table, types


def test_all_seats_deploy_simultaneously_and_hidden() -> None:
    state, _ = new_game(3)
    assert RULES.to_act(state) == {0, 1, 2}
    hand = state.players[1].hand
    state, events = act(state, 1, Deploy(hand[:3]))
    assert events == (ev.PartyDeployed(1, hand[:3]),)
    assert RULES.to_act(state) == {0, 2}
    # Seat 1 sees its own cards; others and spectators see three hidden cards.
    assert RULES.redact(events[0], 1) == events[0]
    for other in (0, 2, None):
        assert RULES.redact(events[0], other) == ev.PartyDeployed(1, (HIDDEN,) * 3)
        party = RULES.view(state, other).players[1].party
        assert [pc.card for pc in party] == [HIDDEN] * 3
    assert [pc.card for pc in RULES.view(state, 1).players[1].party] == list(hand[:3])
    assert RULES.view(state, 0).players[1].hand == (HIDDEN,) * 4
    assert all(not pc.face_up for pc in state.players[1].party)
    assert len(state.players[1].hand) == 4


def test_a_seat_deploys_once() -> None:
    state, _ = new_game(2)
    state, _ = act(state, 0, Deploy(state.players[0].hand[:3]))
    with pytest.raises(NotYourTurn):
        act(state, 0, Deploy(state.players[0].hand[:3]))


@pytest.mark.parametrize(
    ("pick", "rule"),
    [
        (lambda h: h[:2], "red_north/deploy-three"),
        (lambda h: h[:4], "red_north/deploy-three"),
        (lambda h: (h[0], h[0], h[1]), "red_north/deploy-distinct"),
        (lambda h: (h[0], h[1], "raider-green-99"), "red_north/card-not-in-hand"),
    ],
)
def test_deploy_validation(pick, rule) -> None:  # type: ignore[no-untyped-def]
    state, _ = new_game(2)
    with pytest.raises(IllegalMove) as err:
        act(state, 0, Deploy(pick(state.players[0].hand)))
    assert err.value.rule == rule


def test_no_actions_before_everyone_deployed() -> None:
    state, _ = new_game(2)
    with pytest.raises(IllegalMove):
        act(state, 0, Pass("x"))


def test_last_deployment_starts_actions_with_the_first_player() -> None:
    state, _ = new_game(3, "first")
    for seat in (2, 0, 1):
        state, events = act(state, seat, Deploy(state.players[seat].hand[:3]))
    # Spring: nobody controls Outposts, so the power step is skipped.
    assert types(events) == ["PartyDeployed", "TurnStarted"]
    assert state.phase is Phase.ACTIONS
    assert RULES.to_act(state) == {state.first_player}


def test_short_hand_deploys_all_it_holds() -> None:
    """House ruling: with fewer than 3 cards in hand, the whole hand is deployed."""
    players = [
        Player(hand=("raider-red-01",)),
        Player(hand=("raider-red-02", "raider-red-03", "jarl-01")),
    ]
    state = table(players, round=3, phase=Phase.DEPLOYMENT)
    with pytest.raises(IllegalMove):
        act(state, 0, Deploy(()))
    state, _ = act(state, 0, Deploy(("raider-red-01",)))
    assert len(state.players[0].party) == 1


def _deploying(owners: dict[Colour, int], discard: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    players = [
        Player(hand=(f"raider-green-0{i}", f"raider-green-1{i}", f"jarl-0{i + 1}"), deployed=False)
        for i in range(3)
    ]
    colours = (Colour.GREEN, Colour.RED, Colour.YELLOW, Colour.BLUE)
    state = table(
        players,
        round=2,
        phase=Phase.DEPLOYMENT,
        colours=colours,
        owners=owners,
        discard=discard,
        first_player=owners.get(Colour.RED, 0),
    )
    for seat in range(2):
        state, _ = act(state, seat, Deploy(state.players[seat].hand))
    return state


def test_angleland_gives_the_first_player_token_before_actions() -> None:
    state = _deploying({Colour.RED: 1})
    state, events = act(state, 2, Deploy(state.players[2].hand))
    assert events[-1] == ev.OutpostPowersOffered((Colour.RED,))
    assert state.phase is Phase.OUTPOST_POWERS and RULES.to_act(state) == {1}
    with pytest.raises(NotYourTurn):
        act(state, 0, GiveFirstPlayer(0))
    with pytest.raises(IllegalMove):
        act(state, 1, Withdraw(0))
    assert DeclinePower() in list(RULES.legal_commands(state, 1))
    state, events = act(state, 1, GiveFirstPlayer(2))
    assert events == (
        ev.TokenPassed(Token.FIRST_PLAYER, 2, "red Outpost power"),
        ev.OutpostPowerClosed(Colour.RED, True),
        ev.TurnStarted(2),
    )
    assert state.first_player == 2 and RULES.to_act(state) == {2}


def test_angleland_may_keep_the_token() -> None:
    state = _deploying({Colour.RED: 1})
    state, _ = act(state, 2, Deploy(state.players[2].hand))
    state, events = act(state, 1, DeclinePower())
    assert types(events) == ["OutpostPowerClosed", "TurnStarted"]
    assert state.first_player == 1 and state.current == 1


def test_sax_takes_a_raider_from_the_discard_to_an_end() -> None:
    state = _deploying({Colour.RED: 0, Colour.YELLOW: 2}, discard=("jarl-09", "raider-blue-05"))
    state, events = act(state, 2, Deploy(state.players[2].hand))
    assert events[-1] == ev.OutpostPowersOffered((Colour.RED, Colour.YELLOW))
    state, _ = act(state, 0, DeclinePower())
    assert RULES.to_act(state) == {2}
    with pytest.raises(IllegalMove) as err:
        act(state, 2, TakeFromDiscard("jarl-09", End.LEFT))
    assert err.value.rule == "red_north/sax-raider-from-discard"
    with pytest.raises(IllegalMove):
        act(state, 2, GiveFirstPlayer(1))
    state, events = act(state, 2, TakeFromDiscard("raider-blue-05", End.LEFT))
    assert events[-1] == ev.TurnStarted(0)
    party = state.players[2].party
    assert party[0].card == "raider-blue-05" and party[0].face_up
    assert [pc.face_up for pc in party] == [True, False, False, False]
    assert state.discard == ("jarl-09",)
    # The card taken from the public pile is public: nothing to redact.
    right = _deploying({Colour.YELLOW: 1}, discard=("raider-blue-05",))
    right, _ = act(right, 2, Deploy(right.players[2].hand))
    right, _ = act(right, 1, TakeFromDiscard("raider-blue-05", End.RIGHT))
    assert right.players[1].party[-1].card == "raider-blue-05"


def test_sax_is_not_offered_without_a_raider_in_the_discard() -> None:
    state = _deploying({Colour.YELLOW: 1}, discard=("jarl-09",))
    state, events = act(state, 2, Deploy(state.players[2].hand))
    assert types(events) == ["PartyDeployed", "TurnStarted"]


def test_legal_deploys_are_all_orders_of_three() -> None:
    state, _ = new_game(2)
    legal = list(RULES.legal_commands(state, 0))
    assert len(legal) == 7 * 6 * 5
    assert all(isinstance(c, Deploy) for c in legal)
    assert len(set(legal)) == len(legal)
    assert list(RULES.legal_commands(state, 0)) == legal

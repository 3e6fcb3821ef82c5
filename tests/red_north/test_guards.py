"""Rules the audits found right but no test guarded (issue 7, "Tests and goldens"), the
Angleland drift fix, and the pending decisions of Deployment, the powers and Freya."""

from __future__ import annotations

import pytest

from skald.domain.kernel.errors import IllegalMove
from skald.domain.red_north import RULES
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import (
    DeclinePower,
    Deploy,
    GiveFirstPlayer,
    Invoke,
    Pass,
    PlaceFreyaCard,
    SagaTarget,
    TakeFromDiscard,
)
from skald.domain.red_north.components import Colour, End, God, Token, god_card
from skald.domain.red_north.scoring import party_points
from skald.domain.red_north.state import MusterGroup, PartyCard, Phase, Player, State
from tests.red_north.kit import act, all_passed_but, chance, down, new_game, table, up


def deployed(round: int, owners: dict[Colour, int], first_player: int) -> State:
    """Three seats that have all deployed in ``round``: the state the powers start from."""
    hands = [(f"raider-green-0{i}", f"raider-green-1{i}", f"jarl-0{i + 1}") for i in range(3)]
    state = table(
        [Player(hand=h) for h in hands],
        round=round,
        phase=Phase.DEPLOYMENT,
        colours=(Colour.GREEN, Colour.RED, Colour.YELLOW, Colour.BLUE),
        owners=owners,
        discard=("jarl-09", "raider-blue-05"),
        first_player=first_player,
    )
    for seat in range(3):
        state, _ = act(state, seat, Deploy(state.players[seat].hand))
    return state


def test_angleland_and_sax_are_still_offered_in_ragnarok() -> None:
    """RB "Deployment": the powers are used after every Deployment; Game End changes only
    Resolution D and E, so Ragnarok offers them too."""
    state = deployed(3, {Colour.RED: 1, Colour.YELLOW: 2}, first_player=1)
    assert state.pending_powers == (Colour.RED, Colour.YELLOW)
    assert [p.decision for p in RULES.pending(state)] == ["red_north/angleland"]
    assert RULES.pending(state)[0].seat == 1
    state, events = act(state, 1, GiveFirstPlayer(0))
    assert events == (
        ev.TokenPassed(Token.FIRST_PLAYER, 0, "red Outpost power"),
        ev.OutpostPowerClosed(Colour.RED, True),
    )
    (sax,) = RULES.pending(state)
    assert (sax.seat, sax.decision, sax.answers) == (
        2,
        "red_north/sax",
        ("TakeFromDiscard", "DeclinePower"),
    )
    assert TakeFromDiscard("raider-blue-05", End.LEFT) in list(RULES.legal_commands(state, 2))
    state, events = act(state, 2, TakeFromDiscard("raider-blue-05", End.LEFT))
    assert events[-1] == ev.TurnStarted(0)
    assert state.players[2].party[0] == PartyCard("raider-blue-05", face_up=True)


def test_angleland_keeps_the_token_only_by_declining() -> None:
    """RB "Deployment": "give the First Player token to a player of your choice, or decide to
    keep it for yourself". Keeping is DeclinePower; giving it to its holder is refused by
    check and decide alike, and not listed (the drift issue 7 names)."""
    state = deployed(2, {Colour.RED: 1}, first_player=1)
    legal = list(RULES.legal_commands(state, 1))
    assert GiveFirstPlayer(1) not in legal
    assert {DeclinePower(), GiveFirstPlayer(0), GiveFirstPlayer(2)} == set(legal)
    for refuse in (RULES.check, lambda s, seat, c: RULES.decide(s, seat, c, chance())):
        with pytest.raises(IllegalMove) as err:
            refuse(state, 1, GiveFirstPlayer(1))
        assert err.value.rule == "red_north/first-player-already-held"
    kept, events = act(state, 1, DeclinePower())
    assert events == (ev.OutpostPowerClosed(Colour.RED, False), ev.TurnStarted(1))
    assert kept.first_player == 1


def resolve_summer(players: list[Player], **kw: object) -> tuple[State, tuple[object, ...]]:
    muster = (MusterGroup("god-odin", ()), MusterGroup("god-tyr", ()))
    state = table(players, round=2, muster=muster, **kw)  # type: ignore[arg-type]
    return act(all_passed_but(state, 0), 0, Pass("god-odin"))


def test_most_vp_tie_goes_to_the_green_controller_not_the_tie_breaker_holder() -> None:
    """RB Resolution D: without Angleland, "give the First Player token to the player with the
    most VP. In the event of a tie, if none of the tied players controls the green Outpost,
    the player that currently has the First Player token keeps it" — the green Outpost
    decides, not the Tie Breaker token."""
    colours = (Colour.GREEN, Colour.BLUE, Colour.PURPLE)
    players = [Player(vp=5), Player(vp=1), Player(vp=5, party=up("raider-green-01"))]
    state, events = resolve_summer(
        players, colours=colours, owners={Colour.GREEN: 2}, tie_breaker=0, first_player=1
    )
    assert ev.TokenPassed(Token.FIRST_PLAYER, 2, "most VP (red Outpost not in play)") in events
    assert state.first_player == 2
    # Nobody controls green: the holder keeps it, though a tied seat holds the Tie Breaker.
    state, events = resolve_summer(
        [Player(vp=5), Player(vp=1), Player(vp=5)],
        colours=colours,
        tie_breaker=0,
        first_player=1,
    )
    assert not any(isinstance(e, ev.TokenPassed) and e.token is Token.FIRST_PLAYER for e in events)
    assert state.first_player == 1 and state.tie_breaker == 0


def test_jarls_never_boost_jarls() -> None:
    """RULINGS.md: a Jarl gives +1 to each adjacent Raider or Hero; Jarls never boost Jarls
    (a Jarl has no colour and no Raid Points of its own, Champion or not)."""
    jarls = (
        PartyCard("jarl-01", True),
        PartyCard("jarl-02", True, champion=True),
        PartyCard("jarl-03", True),
    )
    for colour in Colour:
        assert party_points(jarls, colour) == 0
        assert party_points(down("jarl-01", "jarl-02"), colour) == 0
    # A Raider beside a row of Jarls counts only the Jarl next to it.
    assert party_points((*up("raider-red-01"), *jarls), Colour.RED) == 2 + 1
    assert party_points((*jarls, *up("raider-red-01")), Colour.RED) == 2 + 1
    assert party_points((jarls[1], *up("raider-red-01"), jarls[0]), Colour.RED) == 2 + 2 + 1


def test_freya_is_a_pending_decision_between_two_commands() -> None:
    """RB "Gods" / Freya: "Draw 1 card …, look at it secretly, and place it face-down at
    either end": FreyaCardDrawn says what happened and that the placement is awaited."""
    me = Player(party=up("raider-red-01"), gods=(god_card(God.FREYA),))
    state = table([me, Player(party=down("raider-red-02"))], round=3, deck=("jarl-05",))
    assert [p.decision for p in RULES.pending(state)] == ["red_north/action"]
    assert "Invoke" in RULES.pending(state)[0].answers
    state, events = act(state, 0, Invoke(God.FREYA))
    assert events[-1] == ev.FreyaCardDrawn(0, "jarl-05")
    (waiting,) = RULES.pending(state)
    assert (waiting.seat, waiting.decision, waiting.answers) == (
        0,
        "red_north/freya-place",
        ("PlaceFreyaCard",),
    )
    assert list(RULES.legal_commands(state, 0)) == [
        PlaceFreyaCard(End.LEFT),
        PlaceFreyaCard(End.RIGHT),
    ]
    state, events = act(state, 0, PlaceFreyaCard(End.LEFT))
    assert events == (ev.FreyaCardPlaced(0, "jarl-05", 0), ev.TurnStarted(1))
    assert RULES.pending(state)[0].seat == 1


def test_deployment_awaits_every_seat_at_once() -> None:
    state, _ = new_game(3)
    assert [(p.seat, p.decision) for p in RULES.pending(state)] == [
        (s, "red_north/deploy") for s in range(3)
    ]
    state, _ = act(state, 1, Deploy(state.players[1].hand[:3]))
    assert [p.seat for p in RULES.pending(state)] == [0, 2]
    assert RULES.to_act(state) == {0, 2}


def test_one_choice_has_one_command_for_loki_and_saga() -> None:
    """Drift found by the near-miss hunt: decide accepted Loki's two positions and Saga's
    targets in any order, legal_commands listed one order. The order of two placements
    (Loki) or reveals (Saga, RB "Gods") changes nothing, so the listed order is the one
    accepted: positions increasing, targets by seat."""
    me = Player(party=up("raider-green-01", "raider-red-01"), gods=(god_card(God.LOKI),))
    foes = [Player(party=down("raider-blue-01", "jarl-03")) for _ in range(2)]
    loki = table([me, *foes], round=3)
    for refuse in (RULES.check, lambda s, seat, c: RULES.decide(s, seat, c, chance())):
        with pytest.raises(IllegalMove) as err:
            refuse(loki, 0, Invoke(God.LOKI, positions=(1, 0)))
        assert err.value.rule == "red_north/loki-positions-in-order"
    assert Invoke(God.LOKI, positions=(0, 1)) in list(RULES.legal_commands(loki, 0))
    assert Invoke(God.LOKI, positions=(1, 0)) not in list(RULES.legal_commands(loki, 0))

    saga = loki.with_player(0, Player(party=me.party, gods=(god_card(God.SAGA),)))
    backwards = Invoke(God.SAGA, targets=(SagaTarget(2, 0), SagaTarget(1, 1)))
    with pytest.raises(IllegalMove) as err:
        RULES.check(saga, 0, backwards)
    assert err.value.rule == "red_north/saga-targets-in-seat-order"
    assert backwards not in list(RULES.legal_commands(saga, 0))
    _, events = act(saga, 0, Invoke(God.SAGA, targets=(SagaTarget(1, 1), SagaTarget(2, 0))))
    assert events[1:3] == (
        ev.CardRevealed(1, 1, "jarl-03"),
        ev.CardRevealed(2, 0, "raider-blue-01"),
    )

"""Rules audit (domain/red_north/NOTES.md): one accepted and one refused case per rule that
had no test naming its exact rule code, plus the rules the audit found untested."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skald.domain.kernel.errors import GameOver, IllegalMove, Malformed, NotYourTurn
from skald.domain.kernel.options import resolve_options
from skald.domain.red_north import RULES
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import (
    DeclinePower,
    Deploy,
    GiveFirstPlayer,
    Inspire,
    Invoke,
    Pass,
    Promote,
    Reinforce,
    SagaTarget,
    TakeFromDiscard,
    Withdraw,
)
from skald.domain.red_north.components import Colour, End, God, Token, god_card
from skald.domain.red_north.state import MusterGroup, PartyCard, Phase, Player, State
from tests.red_north.kit import act, all_passed_but, chance, down, new_game, refused, table, up

GROUPS = (
    MusterGroup("hero-red", ("raider-red-09", "jarl-09")),
    MusterGroup("hero-green", ("raider-green-09", "raider-green-10")),
    MusterGroup("hero-blue", ("raider-blue-09", "raider-blue-10")),
)


def two(**kw: object) -> State:
    players = [
        Player(hand=("raider-red-01",), party=up("raider-green-01") + down("jarl-02"), glory=1),
        Player(hand=("raider-red-03",), party=down("raider-green-02", "raider-red-02"), glory=1),
    ]
    kw.setdefault("muster", GROUPS)
    return table(players, **kw)  # type: ignore[arg-type]


# --- who acts when ----------------------------------------------------------------------


def test_phase_and_turn_refusals_name_their_rule() -> None:
    state = two()
    with pytest.raises(NotYourTurn) as nyt:
        act(state, 1, Withdraw(0))
    assert nyt.value.rule == "red_north/not-your-turn"
    refused(state, 0, Deploy(("raider-red-01",)), "not-deployment")
    refused(state, 0, DeclinePower(), "no-outpost-power")
    deploying = replace(state, phase=Phase.DEPLOYMENT, current=None)
    refused(deploying, 0, Withdraw(1), "not-actions")
    with pytest.raises(NotYourTurn) as nyt:
        act(deploying, 9, Withdraw(1))
    assert nyt.value.rule == "red_north/no-such-seat"
    with pytest.raises(GameOver) as over:
        act(replace(state, phase=Phase.OVER), 0, Withdraw(1))
    assert over.value.rule == "red_north/game-over"
    with pytest.raises(Malformed) as bad:
        act(state, 0, "withdraw")
    assert bad.value.rule == "red_north/unknown-command"


def test_a_seat_deploys_once_per_round() -> None:
    state, _ = new_game(2)
    state, _ = act(state, 0, Deploy(state.players[0].hand[:3]))
    with pytest.raises(NotYourTurn) as err:
        act(state, 0, Deploy(state.players[0].hand[:3]))
    assert err.value.rule == "red_north/already-deployed"
    assert RULES.to_act(state) == {1}


def test_the_first_action_is_the_first_players_after_the_outpost_powers() -> None:
    """Deployment / Sax: powers are used "before the First Player takes their first action";
    the First Player is whoever Angleland left holding the token."""
    players = [
        Player(hand=(f"raider-green-0{i}", f"raider-green-1{i}", "jarl-0" + str(i + 1)))
        for i in range(3)
    ]
    state = table(
        players,
        round=2,
        phase=Phase.DEPLOYMENT,
        colours=(Colour.GREEN, Colour.RED, Colour.YELLOW, Colour.BLUE),
        owners={Colour.RED: 2, Colour.YELLOW: 0},
        discard=("raider-blue-05",),
        first_player=2,
    )
    for seat in range(3):
        state, events = act(state, seat, Deploy(state.players[seat].hand))
    assert state.phase is Phase.OUTPOST_POWERS and RULES.to_act(state) == {2}
    with pytest.raises(NotYourTurn) as err:
        act(state, 0, DeclinePower())
    assert err.value.rule == "red_north/not-your-power"
    refused(state, 2, TakeFromDiscard("raider-blue-05", End.LEFT), "wrong-outpost-power")
    refused(state, 2, GiveFirstPlayer(7), "no-such-seat")
    state, events = act(state, 2, GiveFirstPlayer(1))
    assert not any(isinstance(e, ev.TurnStarted) for e in events)  # Sax still to come
    assert RULES.to_act(state) == {0}
    state, events = act(state, 0, TakeFromDiscard("raider-blue-05", End.RIGHT))
    assert events[-1] == ev.TurnStarted(1)
    assert RULES.to_act(state) == {1}


# --- actions ----------------------------------------------------------------------------


def test_positions_must_exist() -> None:
    refused(two(), 0, Withdraw(2), "no-such-position")
    refused(two(), 0, Inspire(-1), "no-such-position")


def test_reinforce_turns_a_face_down_card_not_a_face_up_one() -> None:
    refused(two(), 0, Reinforce(0, "raider-red-01", End.RIGHT), "reinforce-turn-face-down")
    state, _ = act(two(), 0, Reinforce(1, "raider-red-01", End.RIGHT))
    assert [pc.face_up for pc in state.players[0].party] == [True, True, True]
    # now no face-down card remains: Reinforce is no longer available at all
    state = replace(state, current=0)
    state = state.with_player(0, replace(state.players[0], hand=("jarl-05",)))
    refused(state, 0, Reinforce(0, "jarl-05", End.LEFT), "reinforce-needs-face-down")


def test_reinforce_adds_the_card_at_either_end_never_the_middle() -> None:
    state = two()
    legal = [c for c in RULES.legal_commands(state, 0) if isinstance(c, Reinforce)]
    assert legal == [
        Reinforce(1, "raider-red-01", End.LEFT),
        Reinforce(1, "raider-red-01", End.RIGHT),
    ]


def test_promote_only_on_a_face_up_jarl() -> None:
    players = [Player(party=up("raider-blue-01", "jarl-01") + down("jarl-02")), Player()]
    state = table(players, owners={Colour.BLUE: 0}, champion=0, round=2, muster=GROUPS)
    refused(state, 0, Promote(0), "promote-face-up-jarl")  # a Raider
    refused(state, 0, Promote(2), "promote-face-up-jarl")  # a face-down Jarl
    _, events = act(state, 0, Promote(1))
    assert events[0] == ev.ChampionPlaced(0, 1)


def test_inspire_after_nornir_replays_the_retrieved_glory_as_regular_actions() -> None:
    """Gods/Nornir: "You may replay them later this round individually, as regular actions."""
    me = Player(
        party=(PartyCard("raider-green-01", True, glory=2), *up("raider-red-01")),
        gods=(god_card(God.NORNIR),),
        glory=0,
    )
    state = table([me, Player(party=up("raider-blue-01"))], round=3)
    state, _ = act(state, 0, Invoke(God.NORNIR))
    assert state.players[0].glory == 2
    state, _ = act(state, 1, Pass())  # seat 1 passes; seat 0's next turn
    state, events = act(state, 0, Inspire(1))
    assert events[0] == ev.GloryPlaced(0, 1, from_supply=False)
    assert state.players[0].glory == 1 and state.players[0].party[1].glory == 1


# --- Gods -------------------------------------------------------------------------------


def god_table(god: God, **kw: object) -> State:
    me = Player(party=up("jarl-01") + down("raider-red-02"), gods=(god_card(god),))
    foe = Player(party=up("raider-blue-01") + down("raider-blue-02"))
    kw.setdefault("round", 3)
    return table([me, foe, Player(party=up("raider-purple-01"))], **kw)  # type: ignore[arg-type]


def test_loki_places_exactly_two_glory() -> None:
    state = god_table(God.LOKI)
    refused(state, 0, Invoke(God.LOKI, positions=(1,)), "loki-two-glory")
    refused(state, 0, Invoke(God.LOKI, positions=(1, 1, 1)), "loki-two-glory")
    refused(state, 0, Invoke(God.LOKI, positions=(0, 1)), "loki-not-on-jarl")
    after, _ = act(state, 0, Invoke(God.LOKI, positions=(1, 1)))
    assert after.players[0].party[1].glory == 2  # on a face-down Raider


def test_loki_with_only_jarls_places_nothing() -> None:
    state = god_table(God.LOKI)
    state = state.with_player(0, replace(state.players[0], party=up("jarl-01") + down("jarl-02")))
    refused(state, 0, Invoke(God.LOKI, positions=(0, 1)), "loki-two-glory")
    _, events = act(state, 0, Invoke(God.LOKI))
    assert not any(isinstance(e, ev.GloryPlaced) for e in events)


def test_saga_refusals() -> None:
    state = god_table(God.SAGA)
    refused(state, 0, Invoke(God.SAGA, targets=()), "saga-targets")
    refused(state, 0, Invoke(God.SAGA, targets=(SagaTarget(2, 0),)), "saga-targets")
    refused(
        state, 0, Invoke(God.SAGA, targets=(SagaTarget(1, 1), SagaTarget(1, 1))), "saga-targets"
    )
    refused(state, 0, Invoke(God.SAGA, targets=(SagaTarget(0, 1),)), "saga-targets")  # self
    refused(state, 0, Invoke(God.SAGA, targets=(SagaTarget(1, 0),)), "saga-face-down")
    _, events = act(state, 0, Invoke(God.SAGA, targets=(SagaTarget(1, 1),)))
    assert events[1] == ev.CardRevealed(1, 1, "raider-blue-02")


def test_saga_with_no_opponent_face_down_reveals_nothing() -> None:
    state = god_table(God.SAGA)
    state = state.with_player(1, replace(state.players[1], party=up("raider-blue-02")))
    _, events = act(state, 0, Invoke(God.SAGA))
    assert not any(isinstance(e, ev.CardRevealed) for e in events)


def test_hel_refusals_and_between_cards() -> None:
    state = god_table(God.HEL, discard=("raider-red-09", "hero-blue"))
    refused(state, 0, Invoke(God.HEL), "hel-needs-card")
    refused(state, 0, Invoke(God.HEL, card="raider-red-09"), "hel-needs-card")
    refused(state, 0, Invoke(God.HEL, card="hero-blue", position=0), "hel-card-not-in-discard")
    refused(state, 0, Invoke(God.HEL, card="raider-red-10", position=0), "hel-card-not-in-discard")
    refused(state, 0, Invoke(God.HEL, card="raider-red-09", position=3), "no-such-position")
    after, _ = act(state, 0, Invoke(God.HEL, card="raider-red-09", position=1))
    assert [pc.card for pc in after.players[0].party] == [
        "jarl-01",
        "raider-red-09",
        "raider-red-02",
    ]
    assert after.players[0].party[1].face_up


def test_thor_with_no_set_aside_hero_does_nothing_but_is_spent() -> None:
    after, events = act(god_table(God.THOR), 0, Invoke(God.THOR))
    assert [type(e).__name__ for e in events] == ["GodInvoked", "TurnStarted"]
    assert after.players[0].invoked and after.players[0].gods == ()


# --- Resolution -------------------------------------------------------------------------


def resolve_ragnarok(players: list[Player], **kw: object) -> tuple[State, tuple[object, ...]]:
    state = table(players, round=3, **kw)  # type: ignore[arg-type]
    return act(all_passed_but(state, 0), 0, Pass())


def test_ragnarok_still_awards_glory_compensation() -> None:
    """Game End: "Proceed with the Resolution phase as usual" — only D and E change."""
    players = [
        Player(party=up("raider-red-01"), glory=0),
        Player(party=up("raider-red-02", "jarl-01")),
    ]
    state, events = resolve_ragnarok(players)
    assert ev.GloryGained(0, (Colour.RED,)) in events
    assert state.players[0].glory == 1


def test_ragnarok_does_not_pass_the_first_player_by_vp() -> None:
    """Game End, D: only the Tie Breaker is collected — also without Angleland in play."""
    players = [Player(vp=0, party=up("raider-blue-01")), Player(vp=9)]
    state, events = resolve_ragnarok(
        players, colours=(Colour.GREEN, Colour.BLUE, Colour.PURPLE), first_player=0
    )
    assert not any(isinstance(e, ev.TokenPassed) and e.token is Token.FIRST_PLAYER for e in events)
    assert state.first_player == 0 and state.phase is Phase.OVER


def test_summer_without_angleland_passes_the_first_player_by_vp() -> None:
    players = [Player(vp=0, party=up("raider-blue-01")), Player(vp=9)]
    muster = (MusterGroup("god-odin", ()), MusterGroup("god-tyr", ()))
    state = table(
        players, round=2, colours=(Colour.GREEN, Colour.BLUE, Colour.PURPLE), muster=muster
    )
    state, events = act(all_passed_but(state, 0), 0, Pass("god-odin"))
    assert ev.TokenPassed(Token.FIRST_PLAYER, 1, "most VP (red Outpost not in play)") in events
    assert state.first_player == 1


def test_setup_option_refusals_name_their_rule() -> None:
    """The option schema (``setup.OPTIONS``) is enforced by the kernel's resolve_options,
    before setup and again inside it, with the kernel's option codes."""
    for options, rule in (
        ({"colour": "red"}, "options/unknown"),
        ({"outpost_raid_points_pink": 1}, "options/unknown"),
        ({"outpost_raid_points_red": -1}, "options/out-of-range"),
        ({"outpost_raid_points_red": True}, "options/type"),
        ({"outpost_raid_points_red": "two"}, "options/type"),
    ):
        with pytest.raises(Malformed) as err:
            resolve_options(RULES.options, options)
        assert err.value.rule == rule
        with pytest.raises(Malformed) as err:
            RULES.setup(3, options, chance())
        assert err.value.rule == rule


def test_player_count_and_unstarted_game_refusals_name_their_rule() -> None:
    with pytest.raises(Malformed) as bad:
        RULES.setup(5, {}, chance())
    assert bad.value.rule == "red_north/players"
    with pytest.raises(IllegalMove) as err:
        act(RULES.initial(2), 0, Withdraw(0))
    assert err.value.rule == "red_north/not-started"

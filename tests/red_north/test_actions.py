"""Player Actions: turn order, Withdraw, Reinforce, Inspire, Promote, Pass."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skald.domain.kernel.errors import GameOver, IllegalMove, Malformed, NotYourTurn
from skald.domain.red_north import RULES
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import Inspire, Invoke, Pass, Promote, Reinforce, Withdraw
from skald.domain.red_north.components import Colour, End, God
from skald.domain.red_north.state import MusterGroup, PartyCard, Phase, Player, State
from tests.red_north.kit import act, down, table, types, up

GROUPS = (
    MusterGroup("hero-red", ("raider-red-09", "jarl-09")),
    MusterGroup("hero-green", ("raider-green-09", "raider-green-10")),
    MusterGroup("hero-blue", ("raider-blue-09", "raider-blue-10")),
    MusterGroup("hero-purple", ("raider-purple-09", "raider-purple-10")),
)


def three(first: int = 0) -> State:
    players = [
        Player(
            hand=("raider-red-01", "jarl-01"),
            party=down("raider-green-01", "jarl-02", "raider-red-02"),
            glory=1,
        )
        for _ in range(3)
    ]
    return table(players, muster=GROUPS, first_player=first, current=first)


def test_turns_go_clockwise_and_skip_passed_players() -> None:
    state = three(first=2)
    state, events = act(state, 2, Withdraw(0))
    assert events[-1] == ev.TurnStarted(0)
    state, events = act(state, 0, Pass("hero-red"))
    assert events[-1] == ev.TurnStarted(1)
    state, events = act(state, 1, Withdraw(0))
    assert events[-1] == ev.TurnStarted(2)  # seat 0 passed: skipped
    state, events = act(state, 2, Pass("hero-green"))
    assert events[-1] == ev.TurnStarted(1)
    state, events = act(state, 1, Withdraw(0))
    assert events[-1] == ev.TurnStarted(1)  # the only one left acts again
    with pytest.raises(NotYourTurn):
        act(state, 0, Withdraw(0))


def test_the_last_pass_resolves_the_round() -> None:
    state = three()
    for seat, group in ((0, "hero-red"), (1, "hero-green")):
        state, _ = act(state, seat, Pass(group))
    state, events = act(state, 2, Pass("hero-blue"))
    assert "OutpostAwarded" in types(events) and events[-1] == ev.RoundStarted(2)


def test_withdraw_returns_a_face_down_card_and_closes_the_gap() -> None:
    state = three()
    state, events = act(state, 0, Withdraw(1))
    assert events[0] == ev.CardWithdrawn(0, 1, "jarl-02")
    assert RULES.redact(events[0], 1) == ev.CardWithdrawn(0, 1, "hidden")
    p = state.players[0]
    assert [pc.card for pc in p.party] == ["raider-green-01", "raider-red-02"]
    assert p.hand[-1] == "jarl-02"


def test_glory_on_a_withdrawn_card_returns_to_the_supply() -> None:
    """House ruling 9 (NOTES.md; RB "Withdraw" is silent, Loki alone can put Glory on a
    face-down card): the card goes back to hand, its Glory to the general supply, not to the
    player (unused Glory breaks final ties, RB "Game End")."""
    state = three()
    loki = (PartyCard("raider-green-01", False, glory=2), *down("jarl-02", "raider-red-02"))
    state = state.with_player(0, replace(state.players[0], party=loki, glory=1))
    state, events = act(state, 0, Withdraw(0))
    assert events[0] == ev.CardWithdrawn(0, 0, "raider-green-01")
    p = state.players[0]
    assert p.glory == 1 and p.hand[-1] == "raider-green-01"
    assert sum(pc.glory for pc in p.party) == 0


def test_face_up_cards_may_not_be_withdrawn() -> None:
    state = three()
    state = state.with_player(0, replace(state.players[0], party=up("raider-green-01")))
    with pytest.raises(IllegalMove) as err:
        act(state, 0, Withdraw(0))
    assert err.value.rule == "red_north/withdraw-face-down-only"
    with pytest.raises(IllegalMove):
        act(state, 0, Withdraw(5))


def test_reinforce_turns_a_card_up_and_adds_one_at_an_end() -> None:
    state = three()
    state, events = act(state, 0, Reinforce(1, "raider-red-01", End.LEFT))
    assert events[:2] == (
        ev.CardRevealed(0, 1, "jarl-02"),
        ev.CardAdded(0, "raider-red-01", 0),
    )
    party = state.players[0].party
    assert [(pc.card, pc.face_up) for pc in party] == [
        ("raider-red-01", True),
        ("raider-green-01", False),
        ("jarl-02", True),
        ("raider-red-02", False),
    ]
    assert state.players[0].hand == ("jarl-01",)
    state, _ = act(state, 1, Reinforce(0, "jarl-01", End.RIGHT))
    assert state.players[1].party[-1].card == "jarl-01"


def test_reinforce_needs_a_face_down_card_and_a_card_in_hand() -> None:
    state = three()
    all_up = state.with_player(0, replace(state.players[0], party=up("raider-green-01")))
    with pytest.raises(IllegalMove) as err:
        act(all_up, 0, Reinforce(0, "jarl-01", End.LEFT))
    assert err.value.rule == "red_north/reinforce-needs-face-down"
    empty = state.with_player(0, replace(state.players[0], hand=()))
    with pytest.raises(IllegalMove) as err:
        act(empty, 0, Reinforce(0, "jarl-01", End.LEFT))
    assert err.value.rule == "red_north/reinforce-needs-card"
    mixed = state.with_player(
        0, replace(state.players[0], party=up("raider-green-01") + down("raider-red-02"))
    )
    with pytest.raises(IllegalMove):
        act(mixed, 0, Reinforce(0, "jarl-01", End.LEFT))
    with pytest.raises(IllegalMove):
        act(state, 0, Reinforce(0, "raider-blue-01", End.LEFT))


def test_inspire_puts_glory_on_a_face_up_raider_or_hero() -> None:
    state = three()
    state = state.with_player(
        0,
        replace(
            state.players[0],
            party=up("raider-green-01", "jarl-02", "hero-red") + down("raider-red-02"),
        ),
    )
    for pos, rule in ((1, "inspire-not-on-jarl"), (3, "inspire-face-up")):
        with pytest.raises(IllegalMove) as err:
            act(state, 0, Inspire(pos))
        assert err.value.rule == f"red_north/{rule}"
    after, events = act(state, 0, Inspire(2))
    assert events[0] == ev.GloryPlaced(0, 2, from_supply=False)
    assert after.players[0].glory == 0 and after.players[0].party[2].glory == 1
    broke = state.with_player(0, replace(state.players[0], glory=0))
    with pytest.raises(IllegalMove) as err:
        act(broke, 0, Inspire(0))
    assert err.value.rule == "red_north/inspire-needs-glory"


def _promotable(owner: int | None, champion: int | None):  # type: ignore[no-untyped-def]
    players = [Player(party=up("raider-blue-01", "jarl-01") + down("jarl-02")) for _ in range(2)]
    owners = {} if owner is None else {Colour.BLUE: owner}
    return table(players, owners=owners, champion=champion, round=2, muster=GROUPS)


def test_promote_needs_the_blue_outpost_and_the_champion_token() -> None:
    with pytest.raises(IllegalMove) as err:
        act(_promotable(owner=1, champion=0), 0, Promote(1))
    assert err.value.rule == "red_north/promote-needs-blue"
    with pytest.raises(IllegalMove) as err:
        act(_promotable(owner=0, champion=1), 0, Promote(1))
    assert err.value.rule == "red_north/promote-needs-champion"
    state = _promotable(owner=0, champion=0)
    for pos in (0, 2):  # a Raider; a face-down Jarl
        with pytest.raises(IllegalMove):
            act(state, 0, Promote(pos))
    assert Promote(1) in list(RULES.legal_commands(state, 0))
    state, events = act(state, 0, Promote(1))
    assert events[0] == ev.ChampionPlaced(0, 1)
    assert state.champion is None and state.players[0].party[1].champion
    assert not any(
        isinstance(c, Promote) for c in RULES.legal_commands(replace(state, current=0), 0)
    )


def test_pass_takes_any_remaining_muster_group() -> None:
    state = three()
    state, events = act(state, 0, Pass("hero-purple"))
    assert events[0] == ev.Passed(
        0, "hero-purple", ("hero-purple", "raider-purple-09", "raider-purple-10")
    )
    assert state.players[0].hand[-3:] == ("hero-purple", "raider-purple-09", "raider-purple-10")
    assert state.players[0].passed
    assert [g.leader for g in state.muster] == ["hero-red", "hero-green", "hero-blue"]
    with pytest.raises(IllegalMove) as err:
        act(state, 1, Pass("hero-purple"))
    assert err.value.rule == "red_north/no-such-muster-group"
    with pytest.raises(IllegalMove):
        act(state, 1, Pass())


def test_summer_pass_places_the_god_in_front_of_the_player() -> None:
    state = replace(
        three(),
        round=2,
        muster=(MusterGroup("god-odin", ("raider-red-09", "jarl-09", "raider-blue-09")),),
    )
    state, _ = act(state, 0, Pass("god-odin"))
    assert state.players[0].gods == ("god-odin",)
    assert "god-odin" not in state.players[0].hand


def test_ragnarok_pass_takes_nothing() -> None:
    state = replace(three(), round=3, muster=())
    with pytest.raises(IllegalMove) as err:
        act(state, 0, Pass("hero-red"))
    assert err.value.rule == "red_north/no-muster-in-ragnarok"
    state, events = act(state, 0, Pass())
    assert events[0] == ev.Passed(0, None, ())


def test_unknown_commands_and_finished_games() -> None:
    state = three()
    with pytest.raises(Malformed):
        act(state, 0, object())
    with pytest.raises(NotYourTurn):
        act(state, 7, Withdraw(0))
    with pytest.raises(GameOver):
        act(replace(state, phase=Phase.OVER), 0, Withdraw(0))
    assert RULES.to_act(replace(state, phase=Phase.OVER)) == frozenset()


def test_invoke_only_in_ragnarok() -> None:
    state = three()
    state = state.with_player(0, replace(state.players[0], gods=("god-odin",)))
    with pytest.raises(IllegalMove) as err:
        act(replace(state, round=2), 0, Invoke(God.ODIN))
    assert err.value.rule == "red_north/invoke-only-in-ragnarok"
    assert not any(isinstance(c, Invoke) for c in RULES.legal_commands(replace(state, round=2), 0))

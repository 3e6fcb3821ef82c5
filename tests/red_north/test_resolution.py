"""Resolution A–E and Ragnarok's exceptions."""

from __future__ import annotations

import pytest

from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import Pass
from skald.domain.red_north.components import Colour, Token
from skald.domain.red_north.scoring import party_points, raid_points
from skald.domain.red_north.state import MusterGroup, PartyCard, Phase, Player
from tests.red_north.kit import act, all_passed_but, down, table, types, up

ALL = (Colour.GREEN, Colour.PURPLE, Colour.RED, Colour.YELLOW, Colour.BLUE)


# --- A: Raid Points --------------------------------------------------------------------


def test_card_values_jarl_adjacency_and_glory() -> None:
    party = (
        PartyCard("raider-red-01", True),
        PartyCard("jarl-01", True),
        PartyCard("hero-red", False, glory=2),
        PartyCard("jarl-02", True),
        PartyCard("jarl-03", True),
    )
    # raider 2 + jarl 1; hero 4 + 2 glory + 2 jarls
    assert party_points(party, Colour.RED) == 3 + 8
    assert party_points(party, Colour.BLUE) == 0


def test_champion_jarl_gives_two() -> None:
    party = (
        *up("raider-blue-01"),
        PartyCard("jarl-01", True, champion=True),
        *up("raider-blue-02"),
    )
    assert party_points(party, Colour.BLUE) == 8


def test_outposts_add_printed_raid_points_to_their_owner() -> None:
    players = [Player(party=up("raider-red-01")), Player(party=up("raider-red-02"))]
    state = table(players, owners={Colour.RED: 1}, raid_points={Colour.RED: 3})
    assert raid_points(state, Colour.RED) == (2, 5)
    assert raid_points(state, Colour.GREEN) == (0, 0)


# --- B/C: award and compensation -------------------------------------------------------


def resolve(players: list[Player], **kw: object):  # type: ignore[no-untyped-def]
    kw.setdefault(
        "muster", tuple(MusterGroup(f"hero-{c}", ()) for c in ("green", "purple", "red", "blue"))
    )
    state = table(players, **kw)  # type: ignore[arg-type]
    state = all_passed_but(state, 0)
    leader = state.muster[0].leader if state.round < 3 else None
    return act(state, 0, Pass(leader))


def awards(events: tuple[object, ...]) -> dict[Colour, tuple[int | None, str, int]]:
    return {e.colour: (e.seat, e.how, e.vp) for e in events if isinstance(e, ev.OutpostAwarded)}


def test_face_down_cards_are_revealed_first() -> None:
    players = [Player(party=down("raider-red-01", "jarl-01")), Player(party=up("raider-red-02"))]
    _, events = resolve(players)
    assert events[1:3] == (ev.CardRevealed(0, 0, "raider-red-01"), ev.CardRevealed(0, 1, "jarl-01"))


def test_most_raid_points_wins_and_scores_round_vp() -> None:
    players = [Player(party=up("raider-red-01", "jarl-01")), Player(party=up("raider-red-02"))]
    for round_, vp in ((1, 1), (2, 2), (3, 3)):
        state, events = resolve(players, round=round_)
        assert awards(events)[Colour.RED] == (0, "most", vp)
        assert state.players[0].vp == vp


def test_tie_goes_to_the_tie_breaker_else_returns_to_the_centre() -> None:
    players = [Player(party=up("raider-red-01")), Player(party=up("raider-red-02")), Player()]
    _, events = resolve(players, tie_breaker=1)
    assert awards(events)[Colour.RED] == (1, "tie_breaker", 1)
    state, events = resolve(
        players, tie_breaker=2, owners={Colour.RED: 2}, raid_points={Colour.RED: 0}
    )
    assert awards(events)[Colour.RED] == (None, "returned", 0)
    assert state.owner(Colour.RED) is None


def test_nobody_with_raid_points_leaves_the_outpost_where_it_is() -> None:
    """RULINGS.md: an Outpost goes only to a player with more than 0 Raid Points."""
    players = [Player(party=up("jarl-01")), Player()]
    state, events = resolve(players, owners={Colour.BLUE: 1}, raid_points={Colour.BLUE: 0})
    assert awards(events)[Colour.BLUE] == (1, "unchanged", 0)
    assert awards(events)[Colour.GREEN] == (None, "unchanged", 0)
    assert state.owner(Colour.BLUE) == 1 and state.players[1].vp == 0


def test_the_tie_breaker_does_not_change_hands_during_awarding() -> None:
    # Seat 1 takes green from the holder (seat 0) but cannot break the red tie this round.
    players = [
        Player(party=up("raider-red-01")),
        Player(party=up("raider-green-01", "raider-green-02", "raider-red-02")),
    ]
    state, events = resolve(players, tie_breaker=0, owners={Colour.GREEN: 0})
    assert awards(events)[Colour.GREEN] == (1, "most", 1)
    assert awards(events)[Colour.RED] == (0, "tie_breaker", 1)
    assert ev.TokenPassed(Token.TIE_BREAKER, 1, "green Outpost") in events
    assert state.tie_breaker == 1


def test_glory_compensation_only_for_battles_fought_and_lost() -> None:
    players = [
        Player(party=up("raider-red-01", "raider-blue-01", "jarl-01"), glory=0),
        Player(party=up("raider-red-02", "jarl-02", "raider-blue-02"), glory=0),
    ]
    # red: 2 vs 3 -> seat 1; blue: 3 vs 3 tie, no tie breaker -> returned.
    # Seat 1 lost blue (tie); seat 0 lost both; seat 0 lost green without a battle.
    state, events = resolve(players, owners={Colour.GREEN: 0}, raid_points={Colour.GREEN: 1})
    assert awards(events)[Colour.BLUE] == (None, "returned", 0)
    gained = {e.seat: e.colours for e in events if isinstance(e, ev.GloryGained)}
    assert gained == {0: (Colour.RED, Colour.BLUE), 1: (Colour.BLUE,)}
    assert [p.glory for p in state.players] == [2, 1]


# --- D: tokens -------------------------------------------------------------------------


def test_outposts_grant_their_tokens_and_frankenland_draws() -> None:
    players = [
        Player(party=up("raider-red-01", "raider-green-01")),
        Player(party=up("raider-blue-01", "raider-purple-01")),
    ]
    state, events = resolve(
        players, colours=ALL, first_player=1, deck=("raider-red-10", "raider-red-11", "jarl-10")
    )
    assert ev.TokenPassed(Token.FIRST_PLAYER, 0, "red Outpost") in events
    assert ev.TokenPassed(Token.TIE_BREAKER, 0, "green Outpost") in events
    assert ev.TokenPassed(Token.CHAMPION, 1, "blue Outpost") in events
    assert ev.CardsDrawn(1, ("raider-red-10", "raider-red-11"), "purple Outpost") in events
    assert (state.first_player, state.tie_breaker, state.champion) == (0, 0, 1)


def test_rus_takes_the_champion_back_from_a_jarl() -> None:
    champ = (PartyCard("jarl-01", True, champion=True),)
    players = [Player(party=up("raider-blue-01") + champ), Player(party=up("raider-blue-02"))]
    state, events = resolve(players, owners={Colour.BLUE: 0}, round=2)
    assert ev.TokenPassed(Token.CHAMPION, 0, "blue Outpost") in events
    assert state.champion == 0


def test_unclaimed_champion_returns_to_its_party_owner_at_cleanup() -> None:
    champ = (PartyCard("jarl-01", True, champion=True),)
    players = [Player(party=champ), Player()]
    state, _ = resolve(players, colours=(Colour.GREEN, Colour.BLUE, Colour.RED), round=2)
    assert state.champion == 0


@pytest.mark.parametrize(
    ("vps", "green", "holder", "expected"),
    [
        ((3, 5, 1), None, 0, 1),  # most VP takes it
        ((5, 5, 1), 1, 0, 1),  # tie: the tied player controlling green
        ((5, 5, 1), 2, 2, 2),  # tie, green not among the tied: the holder keeps it
        ((5, 5, 1), None, 0, 0),
    ],
)
def test_without_angleland_the_first_player_is_the_most_vp(vps, green, holder, expected) -> None:  # type: ignore[no-untyped-def]
    players = [Player(vp=v) for v in vps]
    owners = {} if green is None else {Colour.GREEN: green}
    colours = (Colour.GREEN, Colour.PURPLE, Colour.BLUE, Colour.YELLOW)
    state, _ = resolve(
        players, colours=colours, owners=owners, first_player=holder, raid_points={Colour.GREEN: 1}
    )
    assert state.first_player == expected


def test_angleland_in_play_but_unclaimed_leaves_the_token() -> None:
    players = [Player(vp=0), Player(vp=9)]
    state, _ = resolve(players, first_player=0)
    assert state.first_player == 0


# --- E: next round ---------------------------------------------------------------------


def test_spring_cleanup_and_summer_groups() -> None:
    players = [
        Player(party=(PartyCard("raider-red-01", True, glory=1),), glory=0),
        Player(party=up("raider-green-01"), glory=0),
        Player(party=up("jarl-02")),
    ]
    deck = (*tuple(f"raider-blue-{i:02d}" for i in range(1, 12)), "jarl-05")
    muster = (
        MusterGroup("hero-green", ("raider-purple-01", "raider-purple-02")),
        MusterGroup("hero-red", ("jarl-09", "raider-purple-03")),
    )
    state, events = resolve(players, muster=muster, deck=deck)
    assert ev.PartiesDiscarded(("raider-red-01", "raider-green-01", "jarl-02")) in events
    assert ev.MusterGroupDiscarded("hero-red", ("jarl-09", "raider-purple-03")) in events
    assert state.set_aside == ("hero-red",)
    assert state.discard == (
        "raider-red-01",
        "raider-green-01",
        "jarl-02",
        "jarl-09",
        "raider-purple-03",
    )
    assert all(p.party == () for p in state.players)
    gods = next(e for e in events if isinstance(e, ev.GodsSelected))
    assert len(gods.chosen) == 4 and len(gods.removed) == 4
    assert [g.leader for g in state.muster] == list(gods.chosen)
    assert all(len(g.cards) == 3 for g in state.muster)
    assert set(gods.removed) <= set(state.removed)
    assert state.round == 2 and state.phase is Phase.DEPLOYMENT
    assert events[-1] == ev.RoundStarted(2)


def test_summer_cleanup_creates_no_groups_and_drops_the_unclaimed_god() -> None:
    muster = (
        MusterGroup("god-odin", ("raider-red-01", "jarl-02", "raider-red-02")),
        MusterGroup("god-thor", ("raider-red-05", "jarl-01", "raider-red-06")),
    )
    state, events = resolve([Player(), Player()], round=2, muster=muster)
    assert (
        ev.MusterGroupDiscarded("god-thor", ("raider-red-05", "jarl-01", "raider-red-06")) in events
    )
    assert state.muster == () and "god-thor" in state.removed and "god-thor" not in state.discard
    assert state.round == 3 and not any(isinstance(e, ev.GodsSelected) for e in events)


def test_ragnarok_collects_only_the_tie_breaker_and_ends_the_game() -> None:
    players = [
        Player(party=up("raider-red-01", "raider-green-01")),
        Player(party=up("raider-blue-01", "raider-purple-01")),
    ]
    state, events = resolve(
        players, colours=ALL, round=3, first_player=1, muster=(), deck=("jarl-01", "jarl-02")
    )
    tokens = [e for e in events if isinstance(e, ev.TokenPassed)]
    assert tokens == [ev.TokenPassed(Token.TIE_BREAKER, 0, "green Outpost")]
    assert not any(
        isinstance(e, ev.CardsDrawn | ev.PartiesDiscarded | ev.RoundStarted) for e in events
    )
    assert types(events)[-1] == "GameEnded"
    assert state.phase is Phase.OVER and state.scores == (6, 6)
    # tied on VP: seat 0 now holds the Tie Breaker and wins
    assert state.winners == (0,) and state.end_reason == "tie: Tie Breaker token"
    assert state.players[0].party != ()  # step E skipped


def test_round_state_resets() -> None:
    players = [Player(party=up("raider-red-01"), passed=True, deployed=True), Player(deployed=True)]
    state, _ = resolve(players)
    assert all(not p.passed and not p.deployed for p in state.players)
    assert state.current is None


# --- issue 26: rule breaks the suite let through ----------------------------------------


def test_glory_compensation_is_one_per_colour_lost_not_one_per_card() -> None:
    """RB "C - Award Glory Compensation": "Take 1 Glory token for each colour you did not win,
    in which you had at least one Raider or Hero of a matching colour in your Party". Seat 0
    fights red and blue with two Raiders each (4 and 4) and loses both to seat 1, whose Raiders
    stand next to Jarls (6 and 6): two colours lost, 2 Glory (one per card would be 4)."""
    players = [
        Player(party=up("raider-red-01", "raider-red-02", "raider-blue-01", "raider-blue-02")),
        Player(
            party=up(
                "raider-red-03",
                "jarl-01",
                "raider-red-04",
                "raider-blue-03",
                "jarl-02",
                "raider-blue-04",
            )
        ),
    ]
    state, events = resolve(players)
    assert awards(events)[Colour.RED] == (1, "most", 1)
    assert awards(events)[Colour.BLUE] == (1, "most", 1)
    assert [e.points for e in events if isinstance(e, ev.OutpostAwarded)][2:] == [(4, 6), (4, 6)]
    assert [e for e in events if isinstance(e, ev.GloryGained)] == [
        ev.GloryGained(0, (Colour.RED, Colour.BLUE))
    ]
    assert [p.glory for p in state.players] == [2, 0]


def test_an_outpost_kept_on_its_printed_raid_points_alone_scores_the_round_vp() -> None:
    """RB "A": a controlled Outpost adds its printed Raid Points to its owner's strength; RB
    "B": "The player with the most Raid Points in each colour wins or retains control of that
    colour's Outpost and scores VP". Seat 1 holds red (printed 1, RULINGS.md's default) with no
    red card in play: 1 against 0, it keeps red and scores the round's VP. RULINGS.md ("Red
    North, more") withholds the VP only when the printed value is 0 and nobody is above 0.
    With a printed 3 against seat 0's red Raider (2), seat 1 keeps and scores it too."""
    for round_, vp in ((1, 1), (2, 2), (3, 3)):
        state, events = resolve([Player(), Player()], round=round_, owners={Colour.RED: 1})
        assert awards(events)[Colour.RED] == (1, "most", vp)
        assert state.owner(Colour.RED) == 1 and state.players[1].vp == vp
    players = [Player(party=up("raider-red-01")), Player()]
    state, events = resolve(players, owners={Colour.RED: 1}, raid_points={Colour.RED: 3})
    red = next(e for e in events if isinstance(e, ev.OutpostAwarded) and e.colour is Colour.RED)
    assert red == ev.OutpostAwarded(Colour.RED, 1, (2, 3), 1, "most")
    assert state.players[1].vp == 1 and state.players[0].glory == 1  # red fought and lost
    # printed 0: nobody above 0, the Outpost stays with seat 1 and scores nothing (RULINGS.md)
    state, events = resolve(
        [Player(), Player()], owners={Colour.RED: 1}, raid_points={Colour.RED: 0}
    )
    assert awards(events)[Colour.RED] == (1, "unchanged", 0) and state.players[1].vp == 0


def test_party_glory_returns_to_the_supply_at_cleanup_not_to_the_player() -> None:
    """RB "E - Prepare the Next Round": "Return all Glory tokens from all Raiding Parties to
    the supply." Seat 0 inspired its red Raider twice (2 Glory on it, none left in front of
    it) and wins red: no compensation, and the 2 Glory leave the game for the supply, so seat
    0 starts Summer with no Glory (unused Glory is a final tie-break, RB "Game End")."""
    raider = PartyCard("raider-red-01", True, glory=2)
    players = [Player(party=(raider,), glory=0), Player(party=up("raider-green-01"), glory=1)]
    state, events = resolve(players)
    assert awards(events)[Colour.RED] == (0, "most", 1)
    assert not any(isinstance(e, ev.GloryGained) for e in events)
    assert ev.PartiesDiscarded(("raider-red-01", "raider-green-01")) in events
    assert [p.glory for p in state.players] == [0, 1]
    assert state.round == 2 and all(p.party == () for p in state.players)


def test_a_most_vp_tie_made_by_this_rounds_award_goes_to_the_green_controller() -> None:
    """RB "D": with Angleland not in play the First Player token goes to the most VP, read
    after B has scored the Outposts; "in the event of a tie, if none of the tied players
    controls the green Outpost, the player that currently has the First Player token keeps
    it" — so a tied player who controls green takes it. Summer: seat 2 (3 VP) keeps green
    with a Raider (+2 VP) and ties seat 0 at 5; seat 1 holds the token and loses it to seat 2
    (the Tie Breaker, also moving to seat 2 now, plays no part)."""
    colours = (Colour.GREEN, Colour.BLUE, Colour.PURPLE)
    players = [Player(vp=5), Player(vp=1), Player(vp=3, party=up("raider-green-01"))]
    state, events = resolve(
        players,
        round=2,
        colours=colours,
        owners={Colour.GREEN: 2},
        first_player=1,
        muster=(MusterGroup("god-odin", ()), MusterGroup("god-tyr", ())),
    )
    assert awards(events)[Colour.GREEN] == (2, "most", 2)
    assert [p.vp for p in state.players] == [5, 1, 5]
    assert ev.TokenPassed(Token.FIRST_PLAYER, 2, "most VP (red Outpost not in play)") in events
    assert state.first_player == 2
    # the same tie with green uncontrolled: the holder (seat 1) keeps the token
    state, events = resolve(
        [Player(vp=5), Player(vp=1), Player(vp=5)],
        round=2,
        colours=colours,
        first_player=1,
        muster=(MusterGroup("god-odin", ()), MusterGroup("god-tyr", ())),
    )
    assert not any(isinstance(e, ev.TokenPassed) and e.token is Token.FIRST_PLAYER for e in events)
    assert state.first_player == 1

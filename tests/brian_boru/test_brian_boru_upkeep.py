"""Upkeep (§4): marriage, battle, church, claim regions; game end and final scoring (§6)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skald.domain.brian_boru import RULES
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.commands import ChoosePrincessOption, ChooseTown
from skald.domain.brian_boru.decisions import DecisionKind
from skald.domain.brian_boru.map import REGION_KEYS
from skald.domain.brian_boru.marriages import PRINCESS, PrincessOption
from skald.domain.brian_boru.scoring import claim_regions, final_scores
from skald.domain.brian_boru.state import ClaimState, Phase, State, TownState
from skald.domain.brian_boru.upkeep import casualties
from skald.domain.kernel.play import fold
from tests.brian_boru.kit import (
    act,
    blank,
    kinds,
    pending,
    player,
    refused,
    run_upkeep,
    towns,
)

MARRIAGE, BATTLE, CHURCH, CLAIM = "marriage", "battle", "church", "claim"


def tracks(state: State, *spaces: int) -> State:
    for seat, space in enumerate(spaces):
        state = player(state, seat, track=space)
    return state


# --------------------------------------------------------------------------- marriage


def test_marriage_winner_rewards_and_track_bonuses() -> None:
    state = replace(blank(), marriage_card="marriage-aoife")
    state = tracks(state, 3, 7, 5, 8)
    state, events = run_upkeep(state, MARRIAGE)
    assert pending(state) is None
    won = events[0]
    assert isinstance(won, ev.MarriageWon) and won.seat == 3 and won.card == "marriage-aoife"
    assert state.players[3].track == 0 and state.players[3].marriages == ("marriage-aoife",)
    assert ev.PointsScored(3, 2, "marriage-aoife") in events
    assert ev.RenownGained(3, 1) in events
    assert ev.CoinsGained(0, 1) in events  # space 3: +1 coin
    assert ev.RenownGained(1, 1) in events  # space 7: +1 renown
    assert ev.CoinsGained(2, 2) in events  # space 5: +2 coins
    assert state.players[3].points == 12 and state.players[3].renown == 2
    assert state.players[1].track == 7  # positions carry over


def test_marriage_town_reward_and_track_town() -> None:
    state = replace(blank(), marriage_card="marriage-conall")
    state = tracks(state, 9, 8, 0, 0)
    state, events = run_upkeep(state, MARRIAGE)
    assert pending(state) is not None and pending(state).kind is DecisionKind.PLACE_TOWN
    assert pending(state).seat == 0 and pending(state).options == (17, 18, 19, 20, 21, 22)
    refused(state, 0, ChooseTown(1), "town-not-offered")
    state, events = act(state, 0, ChooseTown(19))
    assert events[0] == ev.TownPlaced(0, 19, "marriage-conall")
    assert pending(state) is not None and pending(state).seat == 1  # track space 8: any town
    assert len(pending(state).options) == 52
    state, events = act(state, 1, ChooseTown(53))
    # §7 "place a disc on any empty town": a plain disc, no monastery, no Viking token
    assert state.towns[52] == TownState(1) and state.towns[18] == TownState(0)


def test_marriage_card_discarded_when_everyone_is_at_the_start() -> None:
    state = replace(blank(), marriage_card="marriage-brigid")
    state, events = run_upkeep(state, MARRIAGE)
    assert events == (ev.MarriageCardDiscarded("marriage-brigid"),)
    assert all(p.marriages == () for p in state.players) and state.marriage_card is None


@pytest.mark.parametrize(
    ("option", "points"),
    [
        (PrincessOption.MILITARY_SUPPORT, 10),
        (PrincessOption.ESTABLISH_TRADE, 10),
        (PrincessOption.SPURN, 14),
    ],
)
def test_princess_three_options(option: PrincessOption, points: int) -> None:
    state = tracks(replace(blank(), marriage_card=PRINCESS.id), 0, 2, 0, 0)
    state, _ = run_upkeep(state, MARRIAGE)
    assert pending(state) is not None and pending(state).kind is DecisionKind.PRINCESS
    assert len(list(RULES.legal_commands(state, 1))) == 3
    state, events = act(state, 1, ChoosePrincessOption(option))
    assert events[0] == ev.PrincessOptionChosen(1, option, points - 10)
    assert state.players[1].points == points and state.players[1].princess is option
    assert (PRINCESS.id in state.players[1].marriages) is (option is not PrincessOption.SPURN)


# --------------------------------------------------------------------------- battle


def test_battle_casualties_chosen_by_the_single_leader_then_spoils() -> None:
    state = replace(blank(), battlefield=4, marker=0)
    state = towns(state, {1: 0, 2: 0, 8: 1, 13: 2, 17: 3})
    for seat, raiders in enumerate((0, 5, 2, 0)):
        state = player(state, seat, raiders=raiders, renown=2)
    before = state
    state, events = run_upkeep(state, BATTLE)
    began = events[0]
    assert isinstance(began, ev.BattleBegan)
    # (loser, chooser) clockwise from the marker: seats 0 and 3 have the fewest raiders
    assert casualties(fold(RULES, 4, events[:1], before)) == ((0, 1), (3, 1))
    # seat 0 has two towns: seat 1 (most raiders) chooses which one falls
    assert pending(state) is not None and pending(state).seat == 1
    assert pending(state).kind is DecisionKind.CASUALTY and pending(state).options == (1, 2)
    state, events = act(state, 1, ChooseTown(2))
    assert events[0] == ev.TownLostToVikings(0, 2, 1)
    assert ev.TownLostToVikings(3, 17, 1) in events  # a single town: automatic
    assert ev.BattlefieldCleared(4) in events
    # spoils: seat 1 alone has most: +1 renown, 1 point per renown (3), returns all 5
    assert ev.SpoilsAwarded(1, 1, 3, 5) in events
    # recount: seat 2 now has most (2): +1 point, returns 1 raider
    assert ev.SpoilsAwarded(2, 0, 1, 1) in events
    assert state.towns[1].viking and state.towns[1].owner == 0
    # cleared to 0; the answer ran the upkeep on, so only the next round's Vikings are there
    attacked = next(e for e in events if isinstance(e, ev.VikingsAttacked))
    assert state.battlefield == attacked.strength
    assert (state.players[1].renown, state.players[1].points, state.players[1].raiders) == (
        3,
        13,
        0,
    )
    assert (state.players[2].points, state.players[2].raiders) == (11, 1)  # 1 carries over


def test_battle_tied_leaders_let_each_loser_choose_and_skip_first_spoils() -> None:
    state = replace(blank(), battlefield=1, marker=2)
    state = towns(state, {1: 0, 2: 0, 8: 1})
    for seat, raiders in enumerate((0, 3, 3, 1)):
        state = player(state, seat, raiders=raiders)
    state, _ = run_upkeep(state, BATTLE)
    assert pending(state) is not None and pending(state).seat == 0  # the loser chooses
    state, events = act(state, 0, ChooseTown(1))
    assert not any(e.renown for e in events if isinstance(e, ev.SpoilsAwarded))
    assert ev.SpoilsAwarded(1, 0, 1, 1) in events and ev.SpoilsAwarded(2, 0, 1, 1) in events


def test_repelled_attack_still_pays_spoils_and_townless_loser_loses_nothing() -> None:
    state = replace(blank(), battlefield=0)
    state = player(state, 0, raiders=1)
    _, events = run_upkeep(state, BATTLE)
    assert kinds(events) == ["BattleBegan", "SpoilsAwarded"]
    assert events[1] == ev.SpoilsAwarded(0, 1, 2, 1)  # the recount finds nobody with raiders
    state = replace(blank(), battlefield=2, marker=1)
    _, events = run_upkeep(state, BATTLE)
    lost = [e for e in events if isinstance(e, ev.TownLostToVikings)]
    assert lost == [ev.TownLostToVikings(s, None, s) for s in (1, 2, 3, 0)]


# --------------------------------------------------------------------------- church


def test_church_majority_monastery_marker_recount_and_threshold() -> None:
    state = replace(blank(), marker=3)
    state = towns(state, {1: 0, 8: 1, 9: 1, 13: 2})
    for seat, discs in enumerate((6, 4, 4, 1)):
        state = player(state, seat, church=discs)
    state, events = run_upkeep(state, CHURCH)
    won = events[0]
    assert isinstance(won, ev.ChurchMajorityWon) and won.seat == 0 and won.returned == 6
    assert ev.MonasteryPlaced(0, 1, 0) in events  # single town: automatic
    assert state.marker == 0
    recount = next(e for e in events if isinstance(e, ev.ChurchRecounted))
    assert recount.seats == (1, 2)  # now tied for most: +1 point, -1 disc each
    assert state.players[1].points == 11 and state.players[1].church == 3
    # nobody has 4 any more after the recount
    assert isinstance(events[-1], ev.ChurchRecounted)
    assert not any(isinstance(e, ev.ChurchThresholdChecked) for e in events)
    assert state.towns[0].monastery


def test_church_threshold_in_clockwise_order_and_only_placers_take_back() -> None:
    state = replace(blank(), marker=2)
    state = towns(state, {1: 0, 8: 1, 9: 1, 13: 3}, monasteries=(13,))
    for seat, discs in enumerate((5, 5, 0, 5)):
        state = player(state, seat, church=discs)
    state, events = run_upkeep(state, CHURCH)
    assert kinds(events)[0] == "ChurchRecounted"  # a tie at 5: no majority
    checked = next(e for e in events if isinstance(e, ev.ChurchThresholdChecked))
    assert checked.seats == (3, 0, 1)  # clockwise from the marker holder (seat 2)
    assert ev.MonasteryPlaced(3, None, 0) in events  # no town without a monastery
    assert ev.MonasteryPlaced(0, 1, 4) in events
    assert pending(state) is not None and pending(state).seat == 1
    state, events = act(state, 1, ChooseTown(9))
    assert events[0] == ev.MonasteryPlaced(1, 9, 4)
    assert [p.church for p in state.players] == [0, 0, 0, 4]


# --------------------------------------------------------------------------- claims


def test_claim_threshold_counts_vikings_and_monasteries() -> None:
    state = towns(blank(), {13: 0}, monasteries=(13,))  # Bréifne threshold 2: monastery = 2
    state, events = run_upkeep(state, CLAIM)
    assert events == (ev.RegionsClaimed(("breifne",), (ev.ClaimMove("breifne", None, 0),)),)
    assert state.claims[REGION_KEYS.index("breifne")] == ClaimState(True, 0)
    state = towns(blank(), {8: 0, 9: 1, 10: 2}, vikings=(10,))  # Ulaid threshold 3
    flipped, moves = claim_regions(state)
    assert flipped == ("ulaid",) and moves == ()  # a three-way tie: the token stays


def test_claim_strict_majority_takes_from_a_player_and_vikings_send_it_back() -> None:
    i = REGION_KEYS.index("ulaid")
    claims = list(blank().claims)
    claims[i] = ClaimState(True, 0)
    state = replace(blank(), claims=tuple(claims))
    state = towns(state, {8: 0, 9: 1, 10: 1})
    assert claim_regions(state) == ((), (ev.ClaimMove("ulaid", 0, 1),))
    state = towns(state, {8: 0, 9: 1, 10: 1, 11: 2, 12: 2}, vikings=(9, 10, 11))
    assert claim_regions(state) == ((), (ev.ClaimMove("ulaid", 0, None),))
    state = player(state, 2, princess=PrincessOption.MILITARY_SUPPORT)
    assert claim_regions(state) == ((), (ev.ClaimMove("ulaid", 0, 2),))


# --------------------------------------------------------------------------- final scoring


def test_final_scoring_items_and_tie_breakers() -> None:
    state = replace(blank(), marker=1, final_round=True)
    claims = list(state.claims)
    claims[REGION_KEYS.index("ulaid")] = ClaimState(True, 0)  # value 4, held by seat 0
    claims[REGION_KEYS.index("munster")] = ClaimState(True, None)  # value 7 on the board
    claims[REGION_KEYS.index("leinster")] = ClaimState(False, None)
    state = replace(state, claims=tuple(claims))
    state = towns(state, {8: 0, 43: 0, 44: 1, 45: 2, 46: 2, 1: 3, 13: 3, 17: 3}, vikings=(45, 46))
    state = player(state, 0, coins=7, renown=2)
    state = player(state, 2, princess=PrincessOption.MILITARY_SUPPORT)
    state = player(state, 3, princess=PrincessOption.ESTABLISH_TRADE)
    scores, _ = final_scores(state)
    s0, s1, s2, s3 = scores
    assert (s0.most_coins, s0.renown, s0.claims_held, s0.claims_board) == (1, 2, 4, 0)
    assert s1.marker == 1 and s1.claims_board == 0
    assert s2.claims_board == 3  # military support: 2 Viking towns in Munster are theirs
    assert s0.regions == 0 and s2.regions == 0  # 2 regions; military does not help the table
    assert s3.regions == 1  # 3 own regions + Munster via Establish trade = 4 → 1 point
    assert s0.total == 10 + 1 + 2 + 4
    # tie-breaker: equal totals → most claim tokens, then most marriages
    tied = replace(blank(), marker=0)
    tied = player(tied, 0, coins=0, points=10, marriages=("marriage-brigid",))
    tied = player(tied, 1, coins=0, points=11)
    tied = player(tied, 2, coins=0, points=11, marriages=("marriage-aoife", "marriage-niall"))
    tied = player(tied, 3, coins=0, points=11)
    scores, winners = final_scores(tied)
    assert [f.total for f in scores] == [12, 12, 12, 12]  # 1 renown each, marker to seat 0
    assert winners == (2,)  # no claim tokens: most marriage cards
    claims = list(tied.claims)
    claims[REGION_KEYS.index("dubhlinn")] = ClaimState(True, 3)
    tied = player(replace(tied, claims=tuple(claims)), 3, points=9)
    scores, winners = final_scores(tied)
    assert scores[3].total == 12 and winners == (3,)  # most claim tokens first
    tied = player(tied, 3, points=9, marriages=())
    tied = player(tied, 2, marriages=())
    tied = player(tied, 0, marriages=())
    tied = replace(tied, claims=blank().claims)
    tied = player(tied, 3, points=11)
    assert final_scores(tied)[1] == (0, 1, 2, 3)  # a shared victory


def test_game_ends_after_the_princess_round() -> None:
    state = replace(blank(), final_round=True, marriage_card=None)
    state, events = run_upkeep(state, "all")
    assert isinstance(events[-1], ev.GameEnded) and state.phase is Phase.OVER
    outcome = RULES.outcome(state)
    assert outcome is not None and outcome.scores == tuple(f.total for f in events[-1].scores)
    assert RULES.to_act(state) == frozenset()


# --------------------------------------------------------------------------- scenario


def test_upkeep_scenario_from_the_text() -> None:
    """A whole upkeep, derived from §4: four players, round 2, marker with seat 0.

    * Marriage (Niall, 2 points + a town in Northern Uí Néill): seat 2 is highest (space 6);
      seat 0 on space 4 gets 1 coin, seat 1 on space 1 nothing, seat 3 on 0 nothing.
    * Battle: 3 raiders remain. Seat 3 alone has fewest (0 raiders) and loses its only town
      (Bréifne 14); seat 1 alone has most (4 raiders): +1 renown → 2, scores 2 points, returns
      all 4. Recount: seat 0 and 2 tie with 1: +1 point each, return 1.
    * Church: seat 0 alone has most (5): monastery on its only town (Ulaid 8), takes the
      marker, takes back all 5. Recount: seat 2 (3 discs): +1 point, keeps 2.
    * Claims: Ulaid has 8 (monastery, 2) + 9 (seat 1) = 3 ≥ threshold 3: flipped, seat 0 has 2
      against 1 and takes the token. Bréifne has only the Viking town 14: 1 < 2, stays down.
    """
    state = replace(blank(), round=2, marker=0, battlefield=3, marriage_card="marriage-niall")
    state = towns(state, {8: 0, 9: 1, 14: 3, 19: 2})
    for seat, (track, raiders, church) in enumerate(((4, 1, 5), (1, 4, 0), (6, 1, 3), (0, 0, 0))):
        state = player(state, seat, track=track, raiders=raiders, church=church)
    state = replace(state, phase=Phase.UPKEEP)
    state, events = run_upkeep(state, "all")
    assert kinds(events)[:2] == ["MarriageWon", "PointsScored"]
    assert pending(state) is not None and pending(state).seat == 2  # Niall's town
    assert pending(state).options == (1, 2, 3, 4, 5, 6, 7)
    state, events = act(state, 2, ChooseTown(3))
    assert events[0] == ev.TownPlaced(2, 3, "marriage-niall")
    assert pending(state) is None and state.round == 3  # the upkeep ran to the round end
    p = state.players
    assert [x.track for x in p] == [4, 1, 0, 0]
    assert [x.coins for x in p] == [4, 3, 3, 3]
    assert state.towns[13].viking and state.towns[13].owner == 3
    assert [x.renown for x in p] == [1, 2, 1, 1]
    assert [x.raiders for x in p] == [0, 0, 0, 0]
    assert [x.points for x in p] == [11, 12, 14, 10]
    assert [x.church for x in p] == [0, 0, 2, 0]
    assert state.towns[7].monastery and state.marker == 0
    assert state.claims[REGION_KEYS.index("ulaid")] == ClaimState(True, 0)
    assert state.claims[REGION_KEYS.index("breifne")] == ClaimState(False, None)
    assert state.towns[2].owner == 2

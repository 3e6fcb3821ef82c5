"""Behaviour the audits found right but unguarded (issue 7, "Tests and goldens").

Sources: ../shared/games/brian-boru/rules-and-data.md §4.2.1 (casualties), §4.3 (church and
monasteries), §4.4.3 and §7 (the Princess's options), §6 (the region-count table).
"""

from __future__ import annotations

from dataclasses import replace

from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.map import REGION_COUNT_POINTS, REGION_KEYS
from skald.domain.brian_boru.marriages import PrincessOption
from skald.domain.brian_boru.scoring import claim_regions, final_scores, regions_with_town
from skald.domain.brian_boru.state import ClaimState, State
from tests.brian_boru.kit import blank, player, run_upkeep, towns

# Seat 0: one town in each of four regions (Northern Uí Néill 1, Ulaid 8, Bréifne 13,
# Southern Uí Néill 17); Dubhlinn holds only a Viking-controlled town of seat 1 (23).
FOUR_OWN_ONE_VIKING = {1: 0, 8: 0, 13: 0, 17: 0, 23: 1}
TWO_OWN_ONE_VIKING = {1: 0, 8: 0, 23: 1}


def _with_princess(state: State, seat: int, option: PrincessOption) -> State:
    return player(state, seat, princess=option)


def test_establish_trade_counts_a_viking_only_region_in_the_region_table() -> None:
    """§6/§7: Establish trade counts every Viking-controlled town as the holder's for the
    region-count table: 4 own regions + 1 Viking-only region score as 5 regions."""
    base = towns(blank(), FOUR_OWN_ONE_VIKING, vikings=(23,))
    assert regions_with_town(base, 0) == 4
    trade = _with_princess(base, 0, PrincessOption.ESTABLISH_TRADE)
    assert regions_with_town(trade, 0) == 5
    scores, _ = final_scores(trade)
    assert scores[0].regions == REGION_COUNT_POINTS[5] == 3
    assert final_scores(base)[0][0].regions == REGION_COUNT_POINTS[4] == 1


def test_military_support_does_not_count_viking_regions_in_the_region_table() -> None:
    """§7: Military support counts Viking towns in majorities only: 2 own regions + 1
    Viking-only region still score as 2 regions, which is 0 points."""
    state = towns(blank(), TWO_OWN_ONE_VIKING, vikings=(23,))
    state = _with_princess(state, 0, PrincessOption.MILITARY_SUPPORT)
    assert regions_with_town(state, 0) == 2
    assert final_scores(state)[0][0].regions == REGION_COUNT_POINTS[2] == 0


def test_a_monastery_never_goes_on_a_viking_town() -> None:
    """§4.3.1: the church leader's monastery goes on a town they control; a town under a
    Viking token is not theirs: with one other town it is automatic, with none nothing."""
    state = towns(player(blank(), 1, church=3), {8: 1, 9: 1}, vikings=(8,))
    state, events = run_upkeep(state, "church")
    assert ev.MonasteryPlaced(1, 9, 0) in events
    assert state.towns[8].monastery and not state.towns[7].monastery
    only_viking = towns(player(blank(), 1, church=3), {8: 1}, vikings=(8,))
    state, events = run_upkeep(only_viking, "church")
    assert ev.MonasteryPlaced(1, None, 0) in events and not state.towns[7].monastery


def test_a_player_never_loses_a_town_the_vikings_already_hold() -> None:
    """§4.2.1 + RULINGS.md: a casualty is a town the loser still controls; a town already
    under a Viking token cannot be lost again (and with none left, nothing is lost)."""
    state = replace(blank(), battlefield=3, marker=0)
    state = towns(state, {1: 0, 2: 0, 8: 1, 13: 2, 17: 3}, vikings=(1,))
    for seat, raiders in enumerate((0, 2, 2, 2)):
        state = player(state, seat, raiders=raiders)
    _, events = run_upkeep(state, "battle")
    lost = [e for e in events if isinstance(e, ev.TownLostToVikings)]
    assert lost == [ev.TownLostToVikings(0, 2, 0)]  # the only uncovered town, automatic
    covered = towns(state, {1: 0, 2: 0, 8: 1, 13: 2, 17: 3}, vikings=(1, 2))
    _, events = run_upkeep(covered, "battle")
    lost = [e for e in events if isinstance(e, ev.TownLostToVikings)]
    assert lost == [ev.TownLostToVikings(0, None, 0)]


def test_military_holder_adds_own_towns_to_the_viking_towns_in_claims() -> None:
    """§4.4.3/§7: the Military support holder counts the Viking towns as their own, *added*
    to the towns they control: in Ulaid 1 own + 1 Viking = 2 beats seat 2's 1 town (without
    the option: 1 : 1 : 1 Vikings, a tie, the token stays on the board)."""
    state = towns(blank(), {8: 0, 9: 1, 10: 2}, vikings=(9,))
    ulaid = REGION_KEYS.index("ulaid")
    flipped, moves = claim_regions(state)
    assert "ulaid" in flipped and moves == ()
    military = _with_princess(state, 0, PrincessOption.MILITARY_SUPPORT)
    flipped, moves = claim_regions(military)
    assert moves == (ev.ClaimMove("ulaid", None, 0),)
    state, _ = run_upkeep(military, "claim")
    assert state.claims[ulaid].holder == 0 and state.claims[ulaid].face_up


def test_four_disc_monasteries_come_after_the_recount() -> None:
    """§4.3.2 then §4.3.3: two seats tied at 5 discs have no majority; the recount gives each
    +1 point and takes 1 disc (5 → 4); the 4-disc step, run after it, still finds both and
    each places a monastery, returning all its discs, clockwise from the marker."""
    state = replace(blank(), marker=1)
    state = towns(state, {1: 0, 8: 1})
    state = player(player(state, 0, church=5), 1, church=5)
    state, events = run_upkeep(state, "church")
    assert events == (
        ev.ChurchRecounted((0, 1)),
        ev.ChurchThresholdChecked((1, 0)),
        ev.MonasteryPlaced(1, 8, 4),
        ev.MonasteryPlaced(0, 1, 4),
    )
    assert [p.points for p in state.players[:2]] == [11, 11]
    assert [p.church for p in state.players[:2]] == [0, 0]
    assert state.towns[0].monastery and state.towns[7].monastery


# --------------------------------------------------------------------------- issue 26


def test_military_support_leaves_every_players_own_towns_counting_in_claims() -> None:
    """§4.4.3: "The Vikings compete as their own side ... Exception: a player who married the
    Princess with Military support counts Viking towns as their own here" — the Viking towns
    change sides, every player's own towns still count. In Ulaid (threshold 3) seat 0 holds
    Military support and one Viking town (seat 1's disc under a Viking token); seat 2 has two
    towns of its own: seat 2 takes the token, 2 against 1. §6 reads the same counts for a
    face-up token left on the board: there seat 2 scores floor(7 / 2) = 3, seat 0 nothing."""
    state = towns(blank(), {9: 1, 10: 2, 11: 2}, vikings=(9,))
    state = _with_princess(state, 0, PrincessOption.MILITARY_SUPPORT)
    assert claim_regions(state) == (("ulaid",), (ev.ClaimMove("ulaid", None, 2),))
    state, _ = run_upkeep(state, "claim")
    assert state.claims[REGION_KEYS.index("ulaid")] == ClaimState(True, 2)
    # final scoring, Munster (value 7) face up on the board: seat 0's Viking town 43 against
    # seat 2's towns 44 and 45
    claims = list(blank().claims)
    claims[REGION_KEYS.index("munster")] = ClaimState(True, None)
    end = towns(replace(blank(), claims=tuple(claims)), {43: 1, 44: 2, 45: 2}, vikings=(43,))
    end = _with_princess(end, 0, PrincessOption.MILITARY_SUPPORT)
    assert [f.claims_board for f in final_scores(end)[0]] == [0, 0, 3, 0]


def test_a_face_up_board_token_where_no_player_has_a_town_pays_nobody() -> None:
    """§6: a face-up token still on the board pays floor(value / 2) to "every player tied for
    the most towns in that region"; with no town of any player there (its towns all under
    Viking tokens, nobody with Military support) nobody has the most: the four players tied at
    0 towns score nothing (NOTES.md ruling: compare players only, the most must be above 0)."""
    claims = list(blank().claims)
    claims[REGION_KEYS.index("munster")] = ClaimState(True, None)  # value 7
    state = towns(replace(blank(), claims=tuple(claims)), {43: 0, 44: 1}, vikings=(43, 44))
    scores, _ = final_scores(state)
    assert [f.claims_board for f in scores] == [0, 0, 0, 0]
    # one town of one player is enough for the most: seat 3 takes floor(7 / 2) = 3 alone
    state = towns(state, {43: 0, 44: 1, 45: 3}, vikings=(43, 44))
    assert [f.claims_board for f in final_scores(state)[0]] == [0, 0, 0, 3]


def test_a_players_own_town_under_a_viking_token_does_not_count_in_the_region_table() -> None:
    """§6: the region-count table counts regions "where you control at least 1 town"; §10: a
    Viking control token makes the town the Vikings' "until a FREE_VIKING action removes the
    token", though the disc stays under it. Seat 0 controls towns in four regions and has its
    only Dubhlinn disc (23) under a Viking token: 4 regions, 1 point (5 would be 3 points;
    only Establish trade counts Viking towns here, §7)."""
    state = towns(blank(), {1: 0, 8: 0, 13: 0, 17: 0, 23: 0}, vikings=(23,))
    assert regions_with_town(state, 0) == 4
    assert final_scores(state)[0][0].regions == REGION_COUNT_POINTS[4] == 1
    freed = towns(state, {1: 0, 8: 0, 13: 0, 17: 0, 23: 0})
    assert final_scores(freed)[0][0].regions == REGION_COUNT_POINTS[5] == 3


def test_a_single_church_disc_alone_is_the_majority() -> None:
    """§4.3.1: "If one player alone has the most discs in the church area" — one disc against
    none is the most: seat 2 places its monastery (on its only town, automatic), takes the
    marker and its disc back; nobody is left with discs, so no recount point (§4.3.2)."""
    state = towns(player(replace(blank(), marker=0), 2, church=1), {13: 2})
    state, events = run_upkeep(state, "church")
    assert events == (ev.ChurchMajorityWon(2, 1), ev.MonasteryPlaced(2, 13, 0))
    assert state.marker == 2 and state.towns[12].monastery
    assert [p.church for p in state.players] == [0, 0, 0, 0]
    assert [p.points for p in state.players] == [10, 10, 10, 10]

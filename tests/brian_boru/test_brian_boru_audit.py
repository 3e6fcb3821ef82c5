"""Rules audit: the printed data re-transcribed from the sources, and the rules the audit found
missing, wrong or untested (NOTES.md, "Rules audit checklist").

Data transcriptions come from rules-and-data.md §5.2 (cards), §7 / §7.1 (marriage cards and
track), §9.1–§9.4 (map) and §6 (region-count table); they are independent of the engine's
own tables, so a slip in either fails here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest

from skald.domain.brian_boru import RULES
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.cards import ACTION_CARDS, Group, Symbol, card_id
from skald.domain.brian_boru.commands import (
    ChooseActiveTown,
    ChoosePrincessOption,
    ChooseSecondary,
    Expand,
    KeepCards,
    PlayCard,
)
from skald.domain.brian_boru.decisions import DecisionKind
from skald.domain.brian_boru.map import REGION_COUNT_POINTS, REGIONS, ROADS, TOWNS, Colour
from skald.domain.brian_boru.marriages import (
    MARRIAGE_CARDS,
    PRINCESS,
    TRACK,
    PrincessOption,
    TrackReward,
)
from skald.domain.brian_boru.scoring import claim_regions, final_scores
from skald.domain.brian_boru.state import ClaimState, Phase, SecondaryChoice, State
from skald.domain.kernel import Malformed
from skald.domain.kernel.play import fold
from tests.brian_boru.kit import (
    act,
    blank,
    chance,
    pending,
    player,
    refused,
    resolve_symbols,
    run_upkeep,
    started,
    sym,
    towns,
)


def c(v: int) -> str:
    return card_id(1, v)


def lead_position(hands: Mapping[int, tuple[int, ...]], players: int = 4) -> State:
    state = replace(blank(players), phase=Phase.LEAD, marker=0)
    for seat, values in hands.items():
        state = player(state, seat, hand=tuple(c(v) for v in values))
    return state


# --------------------------------------------------------------------------- map (§9)

# §9.4 data block, verbatim.
SOURCE_REGIONS = {
    "northern_ui_neill": (4, 6, (1, 2, 3, 4, 5, 6, 7)),
    "ulaid": (3, 4, (8, 9, 10, 11, 12)),
    "breifne": (2, 3, (13, 14, 15, 16)),
    "southern_ui_neill": (3, 5, (17, 18, 19, 20, 21, 22)),
    "dubhlinn": (2, 2, (23, 24, 25)),
    "connaught": (5, 7, (26, 27, 28, 29, 30, 31, 32, 33, 53)),
    "leinster": (4, 6, (34, 35, 36, 37, 38, 39, 40, 41, 42)),
    "munster": (5, 7, (43, 44, 45, 46, 47, 48, 49, 50, 51, 52)),
}
SOURCE_RED = {1, 2, 7, 10, 12, 14, 17, 20, 24, 26, 27, 30, 31, 37, 45, 49, 50, 51}
SOURCE_BLUE = {3, 4, 9, 11, 15, 16, 18, 21, 25, 29, 33, 35, 36, 39, 42, 43, 48, 52}
SOURCE_YELLOW = {5, 6, 8, 13, 19, 22, 23, 28, 32, 34, 38, 40, 41, 44, 46, 47, 53}
SOURCE_ROADS = {
    frozenset(edge)
    for edge in (
        (1, 4), (4, 13), (13, 14), (14, 27), (27, 53), (2, 3), (3, 5), (5, 7), (7, 10),
        (6, 15), (8, 9), (11, 12), (17, 18), (18, 19), (19, 20), (20, 21), (21, 22),
        (22, 17), (28, 29), (29, 33), (33, 32), (31, 43), (24, 35), (34, 35), (25, 39),
        (38, 39), (38, 41), (39, 41), (41, 42), (42, 40), (40, 37), (37, 36), (44, 45),
        (46, 48), (48, 50), (49, 51),
    )
}  # fmt: skip


def test_map_matches_the_source_tables_and_totals() -> None:
    """§9.1 totals (53 towns, 18 red / 18 blue / 17 yellow, claim values 40), §9.2/§9.4 town
    regions and colours, §9.3 roads, §6 region-count table."""
    assert {r.key: (r.threshold, r.value, r.towns) for r in REGIONS} == SOURCE_REGIONS
    assert len(TOWNS) == 53 and [t.id for t in TOWNS] == list(range(1, 54))
    assert sum(r.value for r in REGIONS) == 40
    assert sum(r.threshold for r in REGIONS) == 28
    colours = Counter(t.colour for t in TOWNS)
    assert (colours[Colour.RED], colours[Colour.BLUE], colours[Colour.YELLOW]) == (18, 18, 17)
    assert {t.id for t in TOWNS if t.colour is Colour.RED} == SOURCE_RED
    assert {t.id for t in TOWNS if t.colour is Colour.BLUE} == SOURCE_BLUE
    assert {t.id for t in TOWNS if t.colour is Colour.YELLOW} == SOURCE_YELLOW
    for t in TOWNS:
        assert t.id in SOURCE_REGIONS[t.region][2]
    assert {frozenset(r) for r in ROADS} == SOURCE_ROADS and len(ROADS) == 36
    assert len(SOURCE_ROADS) == 36  # no duplicate edge
    # §6: 1–2 regions → 0, 3–4 → 1, 5 → 3, 6 → 5, 7 → 7, 8 → 10
    assert dict(enumerate(REGION_COUNT_POINTS)) == {
        0: 0, 1: 0, 2: 0, 3: 1, 4: 1, 5: 3, 6: 5, 7: 7, 8: 10
    }  # fmt: skip


# --------------------------------------------------------------------------- cards (§5)

# §5.2, one line per card: colour, primary, secondary A, secondary B.
# T town, M marriage, R raider, H church (cross), C coin+, P coin-, E expand, F free Viking.
SOURCE_CARDS = """
1 Y T,2M,C 3C,E 2M
2 R T,2R,C 3C,E 2R
3 B T,2H,C 3C,E 2H
4 Y T,2M 3C,E 2M
5 R T,2R 3C,E 2R
6 B T,2H 3C,E 2H
7 Y T,M,C 2C,E 2M
8 R T,R,C 2C,E 2R
9 B T,H,C 2C,E 2H
10 Y T,2C 2C,E 2M
11 R T,2C 2C,E 2R
12 B T,2C 2C,E 2H
13 W T,C 2C,E P,F
14 Y T 1C,E 3M
15 R T 1C,E 3R
16 B T 1C,E 3H
17 Y T,P 1C,E 3M
18 R T,P 1C,E 3R
19 B T,P 1C,E 3H
20 W T 2C,E -
21 W T,P 2C,E -
22 W T,2P 2C,E -
23 Y T,2P 1C,E 3M
24 R T,2P 1C,E 3R
25 B T,2P 1C,E 3H
"""
_SYM = {
    "T": Symbol.TOWN,
    "M": Symbol.MARRIAGE,
    "R": Symbol.RAIDER,
    "H": Symbol.CHURCH,
    "C": Symbol.COIN_GAIN,
    "P": Symbol.COIN_PAY,
    "E": Symbol.EXPAND,
    "F": Symbol.FREE_VIKING,
}
_COL = {"Y": Colour.YELLOW, "R": Colour.RED, "B": Colour.BLUE, "W": Colour.WHITE}


def _symbols(text: str) -> list[Symbol]:
    """Expand "T,2M,C" to one symbol per icon (so 2×COIN- and COIN-, COIN- compare equal)."""
    if text == "-":
        return []
    out: list[Symbol] = []
    for part in text.split(","):
        count = int(part[:-1]) if len(part) > 1 else 1
        out.extend([_SYM[part[-1]]] * count)
    return out


def _flat(groups: tuple[Group, ...]) -> list[Symbol]:
    return [g.symbol for g in groups for _ in range(g.count)]


def test_action_cards_match_the_printed_table() -> None:
    """§5.1 colours and §5.2 actions of all 25 cards (card 5 secondary A: 3 coins by RULINGS)."""
    rows = [line.split() for line in SOURCE_CARDS.strip().splitlines()]
    assert len(rows) == 25
    for (value, colour, primary, sec_a, sec_b), card in zip(rows, ACTION_CARDS, strict=True):
        assert card.value == int(value)
        assert card.colour is _COL[colour], value
        assert _flat(card.primary) == _symbols(primary), value
        assert _flat(card.secondary_a) == _symbols(sec_a), value
        assert _flat(card.secondary_b) == _symbols(sec_b), value


# --------------------------------------------------------------------------- marriage (§7)


def test_marriage_cards_and_track_match_the_source() -> None:
    rewards = {(m.name, m.points, m.renown, m.town_region) for m in MARRIAGE_CARDS}
    assert rewards == {
        ("Aodhan", 2, 0, "leinster"),
        ("Aoife", 2, 1, ""),
        ("Brigid", 4, 0, ""),
        ("Conall", 2, 0, "southern_ui_neill"),
        ("Cormac", 2, 0, "connaught"),
        ("Niall", 2, 0, "northern_ui_neill"),
        ("Orlaith", 2, 0, "munster"),
    }
    assert PRINCESS.princess and PRINCESS.points == 0
    # §7.1: start, s0 (none), s1–s3 +1 coin, s4–s5 +2 coins, s6 +1 renown, s7 any town, s8 top
    assert [(s.reward, s.amount) for s in TRACK] == [
        (TrackReward.NONE, 0),
        (TrackReward.NONE, 0),
        (TrackReward.COIN, 1),
        (TrackReward.COIN, 1),
        (TrackReward.COIN, 1),
        (TrackReward.COIN, 2),
        (TrackReward.COIN, 2),
        (TrackReward.RENOWN, 1),
        (TrackReward.TOWN, 1),
        (TrackReward.NONE, 0),
    ]


# --------------------------------------------------------------------------- tricks (§3.3)


def test_leading_fallback_trick_without_a_matching_card_has_a_winner() -> None:
    """Fix: a trick where no played card matches the active town crashed (max of nothing).

    The leader holds only red and yellow cards; with a red town still empty, a blue town is
    refused (active-town-cannot-lead). Once every red and yellow town is taken, the fallback
    lets them mark blue town 3 and lead red 2; nobody plays blue or white, so the lead colour
    decides: red 8 wins over red 2 and the higher off-colour yellow 10.
    """
    hands = {0: (2, 5), 1: (4, 7), 2: (8, 11), 3: (10, 14)}
    state = lead_position(hands)
    refused(state, 0, ChooseActiveTown(3), "active-town-cannot-lead")
    taken = {t.id: 1 for t in TOWNS if t.colour is not Colour.BLUE}
    state = towns(lead_position(hands), taken)
    assert {cmd.town for cmd in RULES.legal_commands(state, 0)} == SOURCE_BLUE
    state, _ = act(state, 0, ChooseActiveTown(3))
    for seat, v in ((0, 2), (1, 4), (2, 8)):
        state, _ = act(state, seat, PlayCard(c(v)))
    state, events = act(state, 3, PlayCard(c(10)))
    won = events[1]
    assert isinstance(won, ev.TrickWon) and (won.seat, won.card, won.town) == (2, c(8), 3)
    # a blue (town-colour) card, even a low one, still beats the lead colour
    state = towns(lead_position({0: (2, 5), 1: (3, 7), 2: (8, 11), 3: (10, 14)}), taken)
    state, _ = act(state, 0, ChooseActiveTown(3))
    for seat, v in ((0, 2), (1, 3), (2, 8)):
        state, _ = act(state, seat, PlayCard(c(v)))
    _, events = act(state, 3, PlayCard(c(10)))
    assert isinstance(events[1], ev.TrickWon) and events[1].seat == 1


def test_expand_may_not_target_the_active_town() -> None:
    """RULINGS.md: EXPAND may not target the active town of the current trick."""
    state = lead_position({0: (16, 5), 1: (3, 7), 2: (6, 11), 3: (9, 14)})
    state = towns(state, {17: 1})  # seat 1 in Southern Uí Néill 17 (roads to 18 and 22)
    state = player(state, 1, coins=2)
    state, _ = act(state, 0, ChooseActiveTown(18))  # blue, one road from seat 1's town
    for seat, v in ((0, 16), (1, 3), (2, 6)):
        state, _ = act(state, seat, PlayCard(c(v)))
    state, _ = act(state, 3, PlayCard(c(9)))
    assert pending(state) is not None and pending(state).seat == 1  # blue 3 resolves first
    state, _ = act(state, 1, ChooseSecondary(SecondaryChoice.A))  # 3 coins → 5, then expand
    assert pending(state) is not None and pending(state).kind is DecisionKind.EXPAND
    assert pending(state).options == (22,)
    refused(state, 1, Expand(18), "expand-target")
    state, events = act(state, 1, Expand(22))
    assert events[0] == ev.TownExpanded(1, 22, 5)


@pytest.mark.parametrize(("players", "tricks", "aside"), [(3, 7, 1), (4, 5, 1), (5, 4, 0)])
def test_tricks_per_round_and_last_card_discarded(players: int, tricks: int, aside: int) -> None:
    """§3.2/§3.3 (RULINGS.md for 5 players): 7 / 5 / 4 tricks; the last cards go unplayed."""
    state, _ = started(players)
    c_ = chance()
    events: list[Any] = []
    while state.round == 1 and state.phase is not Phase.OVER:
        seat = min(RULES.to_act(state))
        command = next(iter(RULES.legal_commands(state, seat)))
        new = RULES.decide(state, seat, command, c_)
        events.extend(new)
        state = fold(RULES, players, new, state)
        if any(isinstance(e, ev.ActionPhaseEnded) for e in new):
            break
    ended = [e for e in events if isinstance(e, ev.TrickEnded)]
    assert len(ended) == tricks
    assert sum(isinstance(e, ev.CardPlayed) for e in events) == tricks * players
    assert all(p.hand == () for p in state.players)
    assert state.discards == 25 - aside  # every trick card plus one unplayed card per seat


def test_passes_are_seen_only_by_giver_and_taker() -> None:
    """§3.2: hidden draft; every pass is an event that only its two seats can read."""
    state, _ = started(4)
    events: list[Any] = []
    for seat in range(4):
        state, new = act(state, seat, KeepCards(state.players[seat].hand[:2]))
        events.extend(new)
    passed = [e for e in events if isinstance(e, ev.CardsPassed)]
    assert len(passed) == 4 and all(e.count == 4 for e in passed)
    first = passed[0]
    assert RULES.redact(first, first.seat) == first
    assert RULES.redact(first, first.to_seat) == first
    assert RULES.redact(first, (first.seat + 2) % 4).cards == ()
    assert RULES.redact(first, None).cards == ()


# --------------------------------------------------------------------------- symbols (§3.4)


def test_coin_pay_is_forced_never_a_choice() -> None:
    """§3.4 / round-steps 20: pay 1 coin; only with no coin lose 2 points. No decision."""
    state = player(blank(), 0, coins=3, points=10)
    state, events = resolve_symbols(state, 0, sym(Symbol.COIN_PAY))
    assert events == (ev.CoinPaid(0, 1, 0),) and pending(state) is None
    assert (state.players[0].coins, state.players[0].points) == (2, 10)


# --------------------------------------------------------------------------- upkeep (§4)


def test_church_leader_without_a_town_still_takes_marker_and_discs() -> None:
    """§4.3.1: monastery "if they can"; the marker and the discs are taken regardless."""
    state = replace(blank(), marker=2)
    state = player(state, 1, church=3)
    state, events = run_upkeep(state, "church")
    assert events[0] == ev.ChurchMajorityWon(1, 3)
    assert ev.MonasteryPlaced(1, None, 0) in events
    assert state.marker == 1 and state.players[1].church == 0


def test_claim_token_stays_face_up_and_a_tie_leaves_it_with_its_holder() -> None:
    """§4.4: face up for good; a tie keeps the token where it is (here: with seat 0)."""
    i = [r.key for r in REGIONS].index("ulaid")
    claims = list(blank().claims)
    claims[i] = ClaimState(True, 0)
    state = towns(replace(blank(), claims=tuple(claims)), {8: 0, 9: 1})  # 2 < threshold 3
    assert claim_regions(state) == ((), ())
    state, _ = run_upkeep(state, "claim")
    assert state.claims[i] == ClaimState(True, 0)


def test_final_board_token_compares_players_even_when_vikings_lead() -> None:
    """§6 ruling (NOTES.md): a face-up token still on the board pays floor(value/2) to every
    player tied for most towns among the players; the Vikings' towns do not block it."""
    i = [r.key for r in REGIONS].index("munster")  # value 7
    claims = list(blank().claims)
    claims[i] = ClaimState(True, None)
    state = replace(blank(), claims=tuple(claims), marker=3)
    state = towns(state, {43: 0, 44: 1, 45: 2, 46: 2, 47: 3}, vikings=(45, 46))
    scores, _ = final_scores(state)
    assert [f.claims_board for f in scores] == [3, 3, 0, 3]


# --------------------------------------------------------------------------- printed options


def _with_options(options: dict[str, str], players: int = 4) -> State:
    state: State = fold(RULES, players, RULES.setup(players, options, chance()))
    return replace(state, phase=Phase.UPKEEP, round=1)


def test_printed_value_rulings_have_setup_options() -> None:
    """RULINGS.md preamble: a ruling on a printed value can be overridden by a setup option.
    Defaults are the rulings (Dubhlinn 2/2, road 31–43, the §7.1 track)."""
    default = _with_options({})
    assert (default.dubhlinn, default.road_31_43, default.track) == ((2, 2), True, TRACK)
    # dubhlinn=3,4: two towns no longer flip the token; three do, and it is worth 4
    state = towns(_with_options({"dubhlinn": "3,4"}), {23: 0, 24: 0})
    assert claim_regions(state) == ((), ())
    assert claim_regions(towns(default, {23: 0, 24: 0}))[0] == ("dubhlinn",)
    state, _ = run_upkeep(towns(state, {23: 0, 24: 0, 25: 1}), "claim")
    assert final_scores(state)[0][0].claims_held == 4
    # road_31_43=no: Connaught 31 no longer reaches Munster 43
    for options, targets in (({}, (43,)), ({"road_31_43": "no"}, ())):
        state = towns(player(_with_options(options), 0, coins=5), {31: 0})
        state, _ = resolve_symbols(state, 0, sym(Symbol.EXPAND))
        offered = pending(state).options if pending(state) is not None else ()
        assert offered == targets
    # marriage_track: space 2 pays 3 coins instead of 1
    track = "none,none,coin3,coin1,coin1,coin2,coin2,renown1,town,none"
    state = replace(_with_options({"marriage_track": track}), marriage_card="marriage-brigid")
    state = player(player(state, 0, track=5), 1, track=2)
    _, events = run_upkeep(state, "marriage")
    assert ev.CoinsGained(1, 3) in events


@pytest.mark.parametrize(
    ("name", "value", "rule"),
    [
        ("dubhlinn", "2", "brian_boru/bad-option"),
        ("dubhlinn", "0,2", "brian_boru/bad-option"),
        ("road_31_43", "maybe", "options/type"),  # the kernel's schema check (a flag)
        ("card5_coins", 4, "options/not-allowed"),
        ("marriage_track", "none,coin1", "brian_boru/bad-option"),
        (
            "marriage_track",
            "none,none,coin1,coin1,coin1,coin2,coin2,renown1,town,gold",
            "brian_boru/bad-option",
        ),
        (
            "marriage_track",
            "coin1,none,coin1,coin1,coin1,coin2,coin2,renown1,town,none",
            "brian_boru/bad-option",
        ),
    ],
)
def test_printed_value_options_refuse_bad_values(name: str, value: object, rule: str) -> None:
    with pytest.raises(Malformed) as bad:
        RULES.setup(4, {name: value}, chance())
    assert bad.value.rule == rule


def test_military_support_applies_in_the_princess_round_claim_step_and_scoring() -> None:
    """§7: the Princess is married in the final upkeep's first step, so Military support
    already counts the Viking towns in that round's claim step; then the game ends (§6)."""
    state = replace(blank(), final_round=True, marriage_card=PRINCESS.id, marker=0)
    state = towns(state, {8: 0, 9: 1, 10: 1, 11: 2}, vikings=(9, 10))  # Ulaid, threshold 3
    state = player(state, 2, track=4)
    state, _ = run_upkeep(state, "all")
    assert pending(state) is not None and pending(state).kind is DecisionKind.PRINCESS
    state, events = act(state, 2, ChoosePrincessOption(PrincessOption.MILITARY_SUPPORT))
    claimed = next(e for e in events if isinstance(e, ev.RegionsClaimed))
    assert ev.ClaimMove("ulaid", None, 2) in claimed.moves  # 1 + 2 Viking towns = 3 > 1
    over = events[-1]
    assert isinstance(over, ev.GameEnded) and state.phase is Phase.OVER
    assert over.scores[2].claims_held == 4

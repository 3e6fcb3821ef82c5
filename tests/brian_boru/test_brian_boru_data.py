"""Printed data: map (§9), action cards (§5), marriage cards and track (§7), Viking cards (§8)."""

from __future__ import annotations

import json
from collections import Counter

from skald.domain.brian_boru import RULES
from skald.domain.brian_boru.cards import (
    ACTION_CARDS,
    VIKING_STRENGTHS_DEFAULT,
    Symbol,
    action_cards,
)
from skald.domain.brian_boru.map import NEIGHBOURS, REGIONS, ROADS, TOWNS, Colour
from skald.domain.brian_boru.marriages import MARRIAGE_CARDS, PRINCESS, TRACK, TrackReward
from skald.service.bootstrap import registry


def test_map_has_53_towns_in_8_regions_with_printed_thresholds_and_values() -> None:
    assert len(TOWNS) == 53
    assert sum(len(r.towns) for r in REGIONS) == 53
    table = {r.key: (len(r.towns), r.threshold, r.value) for r in REGIONS}
    assert table == {
        "northern_ui_neill": (7, 4, 6),
        "ulaid": (5, 3, 4),
        "breifne": (4, 2, 3),
        "southern_ui_neill": (6, 3, 5),
        "dubhlinn": (3, 2, 2),
        "connaught": (9, 5, 7),
        "leinster": (9, 4, 6),
        "munster": (10, 5, 7),
    }


def test_town_colours_per_region_match_the_board() -> None:
    expected = {
        "northern_ui_neill": (3, 2, 2),
        "ulaid": (2, 2, 1),
        "breifne": (1, 2, 1),
        "southern_ui_neill": (2, 2, 2),
        "dubhlinn": (1, 1, 1),
        "connaught": (4, 2, 3),
        "leinster": (1, 4, 4),
        "munster": (4, 3, 3),
    }
    for region in REGIONS:
        colours = Counter(TOWNS[t - 1].colour for t in region.towns)
        got = (colours[Colour.RED], colours[Colour.BLUE], colours[Colour.YELLOW])
        assert got == expected[region.key], region.key


def test_roads_are_the_36_printed_edges_and_six_towns_have_none() -> None:
    assert len(ROADS) == 36
    assert (31, 43) in ROADS  # RULINGS.md: road 31–43 exists
    lonely = [t for t in range(1, 54) if not NEIGHBOURS[t]]
    assert lonely == [16, 23, 26, 30, 47, 52]


def test_action_cards_values_colours_and_white_cards() -> None:
    assert [c.value for c in ACTION_CARDS] == list(range(1, 26))
    by_colour = Counter(c.colour for c in ACTION_CARDS)
    assert by_colour == {Colour.RED: 7, Colour.BLUE: 7, Colour.YELLOW: 7, Colour.WHITE: 4}
    assert [c.value for c in ACTION_CARDS if c.colour is Colour.WHITE] == [13, 20, 21, 22]
    for c in ACTION_CARDS:
        assert c.primary[0].symbol is Symbol.TOWN  # the town first (§5.2 caveat 3)
        assert all(g.symbol is not Symbol.RENOWN for g in c.primary + c.secondary_a)
    assert [c.value for c in ACTION_CARDS if not c.secondary_b] == [20, 21, 22]


def test_card5_ruling_three_coins_and_option_two() -> None:
    assert ACTION_CARDS[4].secondary_a[0].count == 3
    assert action_cards(2)[4].secondary_a[0].count == 2


def test_marriage_cards_princess_and_track() -> None:
    assert len(MARRIAGE_CARDS) == 7
    assert PRINCESS.princess
    assert sum(1 for c in MARRIAGE_CARDS if c.town_region) == 5
    assert [s.reward for s in TRACK].count(TrackReward.COIN) == 5
    assert len(TRACK) == 10


def test_viking_strengths_ruling() -> None:
    assert VIKING_STRENGTHS_DEFAULT == (9, 10, 11, 12, 13, 13, 14)


def test_components_are_json_and_registered() -> None:
    data = RULES.components()
    json.dumps(data)
    assert len(data["towns"]) == 53
    assert len(data["action_cards"]) == 25
    assert registry().rules("brian-boru") is RULES
    assert RULES.views[0].__name__ == "BrianBoruView"
    assert set(RULES.commands) >= {"PlayCard", "KeepCards", "ChooseActiveTown"}

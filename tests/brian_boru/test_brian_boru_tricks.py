"""Tricks (§3.3) and the action symbols (§3.4), with the rulebook's worked trick example."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skald.domain.brian_boru import RULES
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.cards import Symbol, card_id
from skald.domain.brian_boru.commands import (
    BuyExtras,
    ChooseActiveTown,
    ChooseSecondary,
    ChooseTown,
    Expand,
    KeepCards,
    PlayCard,
)
from skald.domain.brian_boru.decisions import DecisionKind
from skald.domain.brian_boru.state import CardSide, Phase, SecondaryChoice, State
from skald.domain.kernel import IllegalMove, NotYourTurn
from skald.domain.kernel.play import fold
from tests.brian_boru.kit import (
    act,
    automatic,
    blank,
    chance,
    kinds,
    pending,
    player,
    refused,
    resolve_card,
    resolve_symbols,
    sym,
    towns,
)


def c(v: int) -> str:
    return card_id(1, v)


def lead_position(hands: dict[int, tuple[int, ...]], marker: int = 0, players: int = 4) -> State:
    state = replace(blank(players), phase=Phase.LEAD, marker=marker)
    for seat, values in hands.items():
        state = player(state, seat, hand=tuple(c(v) for v in values))
    return state


# --------------------------------------------------------------------------- the worked example


def test_rulebook_trick_example_red_2_red_11_white_13_yellow_17() -> None:
    """The rulebook's "Action phase example" (PDF page 7), seats in clockwise order:
    Deirdre 0 (marker), Kate 1, Georgios 2, Peer 3; each holds two cards.

    Deirdre marks an empty red town in Connaught and leads red 11; Kate plays red 2, Georgios
    white 13, Peer yellow 17. Georgios wins (white is wild). In ascending order: Kate takes
    3 coins and expands for 5 into the only open road-neighbour of her Leinster town (the other
    road is blocked by Georgios); Deirdre takes 2 raiders and pays 4 coins for 2 more; Georgios
    takes the town, the marker and 1 coin; Peer moves up 3, onto Kate's space, and pays 2 coins
    to go one further (otherwise he would slide below Georgios). Everyone then has one card
    left: it is discarded and the upkeep starts.
    """
    state = lead_position({0: (11, 5), 1: (2, 3), 2: (13, 6), 3: (17, 9)})
    state = towns(state, {37: 1, 40: 2})  # Kate in Leinster 37; Georgios blocks road 37–40
    state = replace(state, battlefield=12, marriage_card=None)
    for seat, coins, track in ((0, 4, 0), (1, 2, 4), (2, 3, 3), (3, 2, 1)):
        state = player(state, seat, coins=coins, track=track)
    state, events = act(state, 0, ChooseActiveTown(30))  # town 30: red, Connaught
    assert events == (ev.ActiveTownChosen(0, 30),)
    for seat, v in ((0, 11), (1, 2), (2, 13)):
        state, events = act(state, seat, PlayCard(c(v)))
    state, events = act(state, 3, PlayCard(c(17)))
    won = events[1]
    assert isinstance(won, ev.TrickWon) and (won.seat, won.card) == (2, c(13))
    # §3.3.5: ascending value — Kate's 2, Deirdre's 11, Georgios's 13 (primary), Peer's 17
    # Kate: the top secondary action, 3 coins, then she may expand for 5
    assert pending(state) is not None and pending(state).kind is DecisionKind.SECONDARY
    assert RULES.to_act(state) == {1}
    state, events = act(state, 1, ChooseSecondary(SecondaryChoice.A))
    assert events[0].side.value == "secondary_a" and events[1] == ev.CoinsGained(1, 3)
    assert pending(state) is not None and pending(state).kind is DecisionKind.EXPAND
    assert pending(state).options == (36,)  # one town only: 40 is Georgios's
    state, events = act(state, 1, Expand(36))
    assert events[0] == ev.TownExpanded(1, 36, 5)
    assert state.players[1].coins == 0 and state.towns[35].owner == 1
    # Deirdre: the bottom secondary action, 2 raiders, and 4 coins for 2 more
    assert pending(state) is not None and pending(state).seat == 0
    state, events = act(state, 0, ChooseSecondary(SecondaryChoice.B))
    assert pending(state) is not None and pending(state).kind is DecisionKind.EXTRAS
    assert pending(state).max_extra == 2
    state, events = act(state, 0, BuyExtras(2))
    assert events[0] == ev.RaidersTaken(0, 2, 2, 4)
    assert state.players[0].raiders == 4 and state.players[0].coins == 0
    assert state.battlefield == 8
    # Georgios: the primary action, automatic: the town, the marker, one coin
    assert events[1:4] == (
        ev.ActionChosen(2, c(13), CardSide.PRIMARY),
        ev.ActiveTownTaken(2, 30),
        ev.CoinsGained(2, 1),
    )
    assert state.towns[29].owner == 2 and state.marker == 2 and state.players[2].coins == 4
    # Peer: three marriage steps from space 1 land on Kate (4); declining would slide him
    # below Georgios (3) to space 2, paying 2 coins puts him one above Kate.
    assert pending(state) is not None and pending(state).seat == 3
    state, events = act(state, 3, ChooseSecondary(SecondaryChoice.B))
    assert pending(state) is not None and pending(state).max_extra == 1
    declined, events = act(state, 3, BuyExtras(0))
    assert events[0] == ev.MarriageAdvanced(3, 3, 0, 0, 1, 2)
    assert declined.players[3].track == 2 and declined.players[3].coins == 2
    state, events = act(state, 3, BuyExtras(1))
    assert events[0] == ev.MarriageAdvanced(3, 3, 1, 2, 1, 5)
    assert state.players[3].track == state.players[1].track + 1
    # the trick ends; one card each is left: discarded, then the upkeep begins
    assert kinds(events)[1:4] == ["TrickEnded", "ActionPhaseEnded", "UpkeepBegan"]
    assert state.discards == 8 and all(p.hand == () for p in state.players)
    assert state.phase is Phase.UPKEEP


# --------------------------------------------------------------------------- trick rules


def test_active_town_must_be_empty_and_leadable() -> None:
    state = lead_position({0: (2, 3), 1: (4, 5), 2: (6, 7), 3: (8, 9)})
    state = towns(state, {1: 1})
    refused(state, 0, ChooseActiveTown(1), "active-town-occupied")
    with pytest.raises(IllegalMove) as colour:
        RULES.decide(state, 0, ChooseActiveTown(5), chance())  # yellow: no yellow or white card
    assert colour.value.rule == "brian_boru/active-town-cannot-lead"
    with pytest.raises(NotYourTurn):
        RULES.decide(state, 1, ChooseActiveTown(2), chance())
    legal = {cmd.town for cmd in RULES.legal_commands(state, 0)}
    assert 2 in legal and 3 in legal and 5 not in legal and 1 not in legal


def test_white_card_leads_anywhere_and_no_leadable_town_falls_back() -> None:
    state = lead_position({0: (13, 2), 1: (4, 5), 2: (6, 7), 3: (8, 9)})
    assert 5 in {cmd.town for cmd in RULES.legal_commands(state, 0)}
    # Ruling: a leader who cannot match any empty town may use any empty town, any card.
    full = {t: 1 for t in range(1, 54) if t != 5}
    state = towns(lead_position({0: (2, 3), 1: (4, 5), 2: (6, 7), 3: (8, 9)}), full)
    assert [cmd.town for cmd in RULES.legal_commands(state, 0)] == [5]
    state, _ = act(state, 0, ChooseActiveTown(5))
    assert {cmd.card for cmd in RULES.legal_commands(state, 0)} == {c(2), c(3)}


def test_lead_must_match_colour_or_be_white_follow_any() -> None:
    state = lead_position({0: (2, 3, 13), 1: (4, 5), 2: (6, 7), 3: (8, 9)})
    state, _ = act(state, 0, ChooseActiveTown(1))  # red
    refused(state, 0, PlayCard(c(3)), "lead-colour")
    refused(state, 0, PlayCard(c(9)), "card-not-in-hand")
    assert {cmd.card for cmd in RULES.legal_commands(state, 0)} == {c(2), c(13)}
    state, _ = act(state, 0, PlayCard(c(13)))
    assert {cmd.card for cmd in RULES.legal_commands(state, 1)} == {c(4), c(5)}
    refused(state, 1, KeepCards((c(4), c(5))), "wrong-command")


def test_off_colour_cards_never_win() -> None:
    state = lead_position({0: (2, 3), 1: (25, 5), 2: (24, 7), 3: (23, 9)})
    state, _ = act(state, 0, ChooseActiveTown(1))  # red town
    for seat, v in ((0, 2), (1, 25), (2, 24)):
        state, _ = act(state, seat, PlayCard(c(v)))
    state, events = act(state, 3, PlayCard(c(23)))
    won = events[1]
    assert isinstance(won, ev.TrickWon) and won.seat == 2  # red 24 beats blue 25, yellow 23


def test_no_empty_town_plays_without_active_town() -> None:
    full = {t: 1 for t in range(1, 54)}
    state = towns(lead_position({0: (3, 2), 1: (4, 5), 2: (6, 7), 3: (8, 9)}), full)
    state = replace(state, phase=Phase.RESOLVE, trick=(), trick_no=0, acting=None)
    state = player(state, 0, hand=(c(3), c(2), c(1)))
    out = automatic(state)
    assert ev.ActiveTownChosen(0, None) in out


def test_a_trick_without_an_active_town_counts_white_as_the_lead_colour() -> None:
    """§3.3.4 / RS 13: white "always counts as the active colour"; with no empty town left
    the trick has no active town (house ruling, NOTES.md) and RULINGS.md ("Brian Boru, more")
    lets the lead colour decide "as if the lead were the town", white counting as it. Seat 0
    leads blue 3; seat 1 plays white 20, seat 2 yellow 7, seat 3 red 8: white 20 wins. Its
    primary action resolves last (§3.3.5); its TOWN has no town to take and only moves the
    marker (NOTES.md, "Leading"), so seat 1 leads the next trick."""
    full = {t: 1 for t in range(1, 54)}
    hands = {0: (3, 2, 1), 1: (20, 5, 4), 2: (7, 6, 10), 3: (8, 9, 11)}
    state = towns(lead_position(hands), full)
    state = replace(state, phase=Phase.RESOLVE, trick=(), trick_no=0, acting=None)
    state = fold(RULES, 4, automatic(state), state)
    assert state.phase is Phase.PLAY and state.active_town is None
    for seat, v in ((0, 3), (1, 20), (2, 7)):
        state, _ = act(state, seat, PlayCard(c(v)))
    state, events = act(state, 3, PlayCard(c(8)))
    assert events[1] == ev.TrickWon(1, c(20), None)
    while (d := pending(state)) is not None:  # the losers' secondaries (3, 7, 8): coins
        assert d.kind is DecisionKind.SECONDARY and d.seat != 1
        state, events = act(state, d.seat, ChooseSecondary(SecondaryChoice.A))
    assert ev.ActionChosen(1, c(20), CardSide.PRIMARY) in events
    assert ev.ActiveTownTaken(1, None) in events
    assert state.marker == 1 and state.towns == towns(state, full).towns
    assert state.phase is Phase.PLAY and RULES.to_act(state) == {1}  # seat 1 leads next


# --------------------------------------------------------------------------- action symbols


def test_coin_pay_costs_a_coin_or_two_points() -> None:
    state = player(blank(), 0, coins=1, points=10)
    state, events = resolve_symbols(state, 0, sym(Symbol.COIN_PAY), sym(Symbol.COIN_PAY))
    assert events == (ev.CoinPaid(0, 1, 0), ev.CoinPaid(0, 0, 2))
    assert (state.players[0].coins, state.players[0].points) == (0, 8)
    state = player(state, 0, points=1)
    state, events = resolve_symbols(state, 0, sym(Symbol.COIN_PAY))
    assert events == (ev.CoinPaid(0, 0, 1),) and state.players[0].points == 0
    state, events = resolve_symbols(state, 0, sym(Symbol.COIN_PAY))
    assert events == (ev.CoinPaid(0, 0, 0),)


def test_church_discs_with_extra_purchases() -> None:
    state = player(blank(), 1, coins=5)
    state, events = resolve_symbols(state, 1, sym(Symbol.CHURCH, 2))
    assert pending(state) is not None and pending(state).max_extra == 2
    assert [cmd.count for cmd in RULES.legal_commands(state, 1)] == [0, 1, 2]
    refused(state, 1, BuyExtras(3), "extras-range")
    state, events = act(state, 1, BuyExtras(2))
    assert events[0] == ev.ChurchDiscsPlaced(1, 2, 2, 4)
    assert (state.players[1].church, state.players[1].coins) == (4, 1)


def test_raiders_limited_by_the_battlefield() -> None:
    state = replace(player(blank(), 0, coins=10), battlefield=3)
    state, _ = resolve_symbols(state, 0, sym(Symbol.RAIDER, 2))
    assert pending(state) is not None and pending(state).max_extra == 1
    state, events = act(state, 0, BuyExtras(1))
    assert events[0] == ev.RaidersTaken(0, 2, 1, 2)
    assert state.battlefield == 0 and state.players[0].raiders == 3
    state, events = resolve_symbols(state, 0, sym(Symbol.RAIDER, 3))
    assert events == (ev.RaidersTaken(0, 0, 0, 0),)  # empty battlefield: nothing happens


def test_marriage_advance_extras_and_collision() -> None:
    state = player(player(blank(), 0, coins=2), 1, track=3)
    state = player(state, 2, track=2)
    state, _ = resolve_symbols(state, 0, sym(Symbol.MARRIAGE, 2))
    assert pending(state) is not None and pending(state).max_extra == 1
    state, events = act(state, 0, BuyExtras(1))
    # 0 → 3 lands on seat 1, slides to 2 (seat 2), then to 1: an empty space
    assert events[0] == ev.MarriageAdvanced(0, 2, 1, 2, 0, 1)
    state = player(state, 3, track=9)
    state, events = resolve_symbols(state, 3, sym(Symbol.MARRIAGE, 3))
    assert events == (ev.MarriageAdvanced(3, 0, 0, 0, 9, 9),)  # top space: nothing happens
    state = player(state, 0, track=8)
    state, events = resolve_symbols(state, 0, sym(Symbol.MARRIAGE, 3))
    assert events == (ev.MarriageAdvanced(0, 1, 0, 0, 8, 8),)  # top taken: back to 8
    state = player(state, 1, track=8)
    state = player(state, 0, track=7)
    state, events = resolve_symbols(state, 0, sym(Symbol.MARRIAGE, 2))
    assert events == (ev.MarriageAdvanced(0, 2, 0, 0, 7, 7),)  # 9 and 8 taken: back to 7


def test_expand_needs_five_coins_and_a_road() -> None:
    state = towns(player(blank(), 0, coins=4), {17: 0, 20: 1})
    state, events = resolve_symbols(state, 0, sym(Symbol.EXPAND))
    assert events == (ev.TownExpanded(0, None, 0),)
    state = player(state, 0, coins=5)
    state, _ = resolve_symbols(state, 0, sym(Symbol.EXPAND))
    assert pending(state) is not None and pending(state).options == (18, 22)
    refused(state, 0, Expand(19), "expand-target")
    declined, events = act(state, 0, Expand(None))
    assert events[0] == ev.TownExpanded(0, None, 0) and declined.players[0].coins == 5
    state, events = act(state, 0, Expand(22))
    assert state.towns[21].owner == 0 and state.players[0].coins == 0
    # a Viking-controlled town is not yours to expand from
    state = towns(player(blank(), 0, coins=9), {17: 0}, vikings=(17,))
    _, events = resolve_symbols(state, 0, sym(Symbol.EXPAND))
    assert events == (ev.TownExpanded(0, None, 0),)


def test_free_viking_any_token() -> None:
    state = towns(blank(), {1: 2, 8: 3}, vikings=(1, 8))
    state, _ = resolve_symbols(state, 0, sym(Symbol.FREE_VIKING))
    assert pending(state) is not None and pending(state).options == (1, 8)
    refused(state, 0, ChooseTown(2), "town-not-offered")
    state, events = act(state, 0, ChooseTown(8))
    assert events[0] == ev.VikingFreed(0, 8, 3)
    assert not state.towns[7].viking and state.towns[7].owner == 3
    state, events = resolve_symbols(state, 1, sym(Symbol.FREE_VIKING))
    assert events == (ev.VikingFreed(1, 1, 2),)  # one token left: automatic


def test_white_20_has_one_secondary_and_card_13_pays_then_frees() -> None:
    state = player(blank(), 0, coins=0, points=10)
    state, events = resolve_card(state, 0, c(20))
    assert events[:3] == (
        ev.ActionChosen(0, c(20), CardSide.SECONDARY_A),
        ev.CoinsGained(0, 2),
        ev.TownExpanded(0, None, 0),  # 2 coins: EXPAND5 cannot be paid
    )
    state, _ = resolve_card(player(blank(), 0, coins=0), 0, c(13))
    refused(state, 0, BuyExtras(0), "wrong-command")
    state, events = act(state, 0, ChooseSecondary(SecondaryChoice.B))
    assert kinds(events)[:3] == ["ActionChosen", "CoinPaid", "VikingFreed"]
    assert state.players[0].points == 8

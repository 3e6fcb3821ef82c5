"""The occupations built last (``cards/without_vikings.py`` and ``game/granted.py``): an
action carried out without placing Vikings (#77 Follower, #85 Hornblower, #91 Latecomer,
#159 Festive Hunter) and a feast for one seat (#5 Chief) — each card's trigger, its limit,
and an interaction with another rule. Rolls are entered with a ``TableChance``."""

from __future__ import annotations

from typing import Any

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.without_vikings import space_key
from skald.domain.feast.game.phases import board_income
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import Occupancy, Phase, State
from skald.domain.feast.placement import Piece, Placement, covered
from skald.domain.feast.placement import place as place_piece
from skald.domain.feast.special_tiles import SpecialTile
from skald.domain.kernel import TableChance
from skald.domain.kernel.errors import NotYourTurn
from skald.domain.kernel.fast import replace
from skald.domain.kernel.options import resolve_options, stored_values
from skald.domain.kernel.play import fold
from tests.feast.kit import (
    answer,
    bare,
    chance,
    got,
    have,
    in_hand,
    names,
    offered,
    place,
    play,
    played,
    refused,
    run,
    used,
)


def _decision(state: State) -> tuple[int, str]:
    first = RULES.pending(state)[0]
    return first.seat, first.decision


def _finish(state: State, seat: int = 0) -> tuple[State, list[Any]]:
    """The running play-occupations action is finished by its seat."""
    return run(state, seat, cmd.FinishAction())


# --- #85 Hornblower ---------------------------------------------------------------------------


def test_hornblower_hunts_after_the_action_without_vikings() -> None:
    state, events = play(bare(silver=3, wood=2), 0, 85)
    assert offered(state) == [(0, -1), (0, 0), (0, 1), (0, 2)]  # hunt, snare, both, or none
    thing = state.players[0].thing
    state, events = answer(state, 0, TableChance([2]))
    assert got(events, 0, 85) == {"silver": -1}
    order = names(events)
    assert order.index("ActionFinished") < order.index("GrantStarted")  # its action first
    assert order[-2:] == ["DieRolled", "ChoicesOffered"]
    assert _decision(state) == (0, "feast/after-roll") and state.players[0].thing == thing
    assert state.occupant("hunting-1-1") is None  # no Viking placed there
    state, events = run(state, 0, cmd.DeclareHunt(True, 2, 0))
    gained = {i.item for e in events if isinstance(e, ev.Gained) for i in e.items}
    assert {"hide", "game-meat"} <= gained
    assert names(events)[-3:] == ["ActionFinished", "GrantFinished", "TurnStarted"]
    assert state.turn == 1 and state.acting is None and state.granting is None


def test_hornblower_needs_the_silver() -> None:
    state, events = play(bare(silver=0), 0, 85)
    assert not state.offers and used(events, 85) == 0
    state, _ = play(bare(silver=2), 0, 85)
    assert offered(state) == [(0, -1), (0, 0), (0, 1)]  # both would cost 3


def test_hornblower_both_and_a_failed_snare_sends_no_viking_back() -> None:
    state, _ = play(bare(silver=3), 0, 85)
    state, events = answer(state, 2, TableChance([5]))
    assert [g.space for g in state.granted] == ["hunting-2-2"]  # the snare waits for the hunt
    assert state.dice is not None and state.dice.space == "hunting-1-1"
    state, events = run(state, 0, cmd.DeclareHunt(False), TableChance([6]))
    assert names(events)[-2:] == ["DieRolled", "ChoicesOffered"]
    assert state.dice is not None and state.dice.space == "hunting-2-2"
    occupied, thing = state.occupied, state.players[0].thing
    state, events = run(state, 0, cmd.DeclareHunt(False))
    failed = next(e for e in events if isinstance(e, ev.DiceFailed))
    assert failed.returned == 0 and state.occupied == occupied  # no Viking comes back
    assert state.players[0].thing == thing and names(events)[-1] == "TurnStarted"


def test_a_granted_hunt_is_a_hunting_game_action_for_other_cards() -> None:
    state, _ = play(played(bare(silver=1, wood=3), 0, 143), 0, 85)  # Antlers Seller
    state, _ = answer(state, 0, TableChance([3]))
    _, events = run(state, 0, cmd.DeclareHunt(True, 3, 0))
    assert got(events, 0, 143) == {"silver": 1}


# --- #77 Follower ---------------------------------------------------------------------------


def _with(state: State, *occupied: Occupancy) -> State:
    return replace(state, occupied=(*state.occupied, *occupied))


PRODUCTS_2 = "products-2-1"
"""2 mead + 2 silver (column 2)."""


def test_follower_uses_an_occupied_second_column_space_of_anyone() -> None:
    state = _with(bare(), Occupancy(PRODUCTS_2, 1, 2), Occupancy("products-1-1", 1, 1))
    state, _ = play(state, 0, 77)
    keys = [option for _, option in offered(state)]
    assert space_key(PRODUCTS_2, 0) in keys
    assert space_key("weekly-market-2-1", 0) not in keys  # empty
    assert all(k // 16 != space_key("products-1-1", 0) // 16 for k in keys)  # column 1
    state, events = answer(state, space_key(PRODUCTS_2, 0))
    gained = [e for e in events if isinstance(e, ev.Gained) and e.reason == "action"]
    assert [(i.item, i.count) for i in gained[-1].items] == [("mead", 2), ("silver", 2)]
    assert state.occupant(PRODUCTS_2) == Occupancy(PRODUCTS_2, 1, 2)  # still seat 1's
    assert names(events)[-1] == "TurnStarted" and state.turn == 1


def test_follower_offers_nothing_without_an_occupied_usable_space() -> None:
    state, events = play(_with(bare(), Occupancy("products-1-1", 1, 1)), 0, 77)  # column 1
    assert not state.offers and used(events, 77) == 0
    # livestock ② sells a sheep for 1 silver: occupied, but the seat cannot pay
    state, events = play(_with(bare(), Occupancy("livestock-market-2-1", 1, 2)), 0, 77)
    assert not state.offers and names(events)[-1] == "TurnStarted"
    state, _ = play(_with(bare(silver=1), Occupancy("livestock-market-2-1", 1, 2)), 0, 77)
    assert [o for _, o in offered(state)] == [-1, space_key("livestock-market-2-1", 0)]


def test_follower_action_triggers_cards_keyed_to_using_the_space() -> None:
    state = played(_with(bare(), Occupancy(PRODUCTS_2, 1, 2)), 0, 124)  # Laborer: 2 silver
    state, _ = play(state, 0, 77)
    state, events = answer(state, space_key(PRODUCTS_2, 0))
    assert state.offers and state.offers[0].card == card_id(124)
    assert state.granting is not None  # the granted action waits for the answer
    state, events = answer(state, 0)
    assert got(events, 0, 124) == {"silver": -2, "grain": 1, "wood": 2}
    assert names(events)[-1] == "TurnStarted" and state.granting is None


# --- #91 Latecomer ------------------------------------------------------------------------


def _pass_all(state: State, c: Any = None) -> tuple[State, list[Any]]:
    """Every seat passes, until the phase leaves the actions or an offer waits."""
    events: list[Any] = []
    while state.phase is Phase.ACTIONS and not state.offers and state.dice is None:
        state, events = run(state, state.turn if state.turn is not None else 0, cmd.Pass(), c)
    return state, events


def test_latecomer_uses_an_empty_first_column_space_next_to_its_vikings() -> None:
    state = played(_with(bare(silver=2), Occupancy("hunting-1-1", 0, 1)), 0, 91)
    state, events = _pass_all(state)
    assert state.offers and state.offers[0].trigger == "after-actions"
    assert state.phase is Phase.ACTIONS and "StartPlayerChosen" not in names(events)
    keys = [o for _, o in offered(state)]
    assert keys == [-1, space_key("hunting-1-2", 0)]  # build-ships ① needs wood
    state, events = answer(state, space_key("hunting-1-2", 0))
    assert got(events, 0, 91) == {"silver": -1}
    order = names(events)
    assert order.index("GrantFinished") < order.index("StartPlayerChosen")
    fish = [e for e in events if isinstance(e, ev.Gained) and e.reason == "action"]
    assert fish[0].items[0].item == "stockfish" and state.occupant("hunting-1-2") is None


def test_latecomer_needs_its_own_viking_beside_a_free_space_and_a_silver() -> None:
    alone = played(bare(silver=2), 0, 91)
    _, events = _pass_all(alone)
    assert "StartPlayerChosen" in names(events) and used(events, 91) == 0
    broke = played(_with(bare(), Occupancy("hunting-1-1", 0, 1)), 0, 91)
    _, events = _pass_all(broke)
    assert "StartPlayerChosen" in names(events)
    theirs = played(_with(bare(silver=2), Occupancy("hunting-1-1", 1, 1)), 0, 91)
    _, events = _pass_all(theirs)  # another seat's Viking does not count
    assert "OccupationOffered" not in names(events)


def test_latecomer_hunts_after_the_last_pass_and_the_start_player_stays() -> None:
    state = played(_with(bare(silver=1, wood=5), Occupancy("hunting-1-2", 0, 1)), 0, 91)
    state = replace(state, last_placer=1)
    state, _ = _pass_all(state)
    state, events = answer(state, space_key("hunting-1-1", 0), TableChance([4]))
    assert _decision(state) == (0, "feast/after-roll") and state.phase is Phase.ACTIONS
    state, events = run(state, 0, cmd.DeclareHunt(True, 4, 0))
    chosen = next(e for e in events if isinstance(e, ev.StartPlayerChosen))
    assert chosen.seat == 1  # no Viking was placed: the last placer is unchanged


# --- #159 Festive Hunter ------------------------------------------------------------------


def _feast(state: State) -> State:
    while state.phase is Phase.ACTIONS:
        state, _ = run(state, state.turn if state.turn is not None else 0, cmd.Pass())
    assert state.phase is Phase.FEAST
    return state


def test_festive_hunter_hunts_after_the_whole_feast() -> None:
    state = _feast(played(bare(game_meat=1, wood=5), 0, 159))
    state, _ = run(state, 0, cmd.ServeFood("game-meat", 0))
    state, events = run(state, 0, cmd.EndFeast())
    assert state.offers and state.offers[0].card == card_id(159)
    state, events = answer(state, 0)
    assert state.granted and state.dice is None  # seat 1 still feasts
    state, events = run(state, 1, cmd.EndFeast(), TableChance([3]))
    order = names(events)
    assert order.index("FeastEnded") < order.index("GrantStarted") < order.index("DieRolled")
    assert _decision(state) == (0, "feast/after-roll") and state.phase is Phase.FEAST
    state, events = run(state, 0, cmd.DeclareHunt(True, 3, 0))
    assert "GrantFinished" in names(events) and "VikingsReturned" in names(events)


def test_festive_hunter_needs_game_meat_on_the_table() -> None:
    state = _feast(played(bare(game_meat=1, whale_meat=1), 0, 159))
    state, _ = run(state, 0, cmd.ServeFood("whale-meat", 0))
    state, events = run(state, 0, cmd.EndFeast())
    assert not state.offers and used(events, 159) == 0


# --- #5 Chief -----------------------------------------------------------------------------


def test_chief_holds_a_feast_for_its_owner_alone_then_the_turn_goes_on() -> None:
    state, events = play(bare(mead=1), 0, 5)
    assert used(events, 5) == 1 and state.phase is Phase.ACTIONS
    assert RULES.pending(state)[0].decision == "feast/feast" and len(RULES.pending(state)) == 1
    assert state.players[0].banquet is not None and state.players[1].banquet is None
    assert refused(state, 1, cmd.Pass(), error=NotYourTurn) == "feast/not-your-turn"
    state, _ = run(state, 0, cmd.ServeFood("mead", 0))
    before = state.players[0].penalties
    state, events = run(state, 0, cmd.EndFeast())
    assert state.players[0].penalties > before  # a complete feast: the bare squares count
    assert names(events)[-3:] == ["FeastEnded", "GrantFinished", "TurnStarted"]
    assert state.turn == 1 and state.players[0].banquet is None


def test_chief_feast_is_a_feast_for_the_feast_cards() -> None:
    state, _ = play(played(bare(game_meat=1, wood=5), 0, 160, 159), 0, 5)
    assert have(state, 0, "silver") == 1  # Sober Man at the feast's start
    state, _ = run(state, 0, cmd.ServeFood("game-meat", 0))
    state, events = run(state, 0, cmd.EndFeast())
    assert state.offers[0].card == card_id(159)
    state, events = answer(state, 0, TableChance([2]))
    assert _decision(state) == (0, "feast/after-roll")  # the hunt follows the feast
    state, events = run(state, 0, cmd.DeclareHunt(True, 2, 0))
    assert names(events)[-1] == "TurnStarted" and state.granting is None


# --- #99 Preceptor ------------------------------------------------------------------------

DRAW_SPACE = "emigration-and-occupation-1-1"
"""Draw 1 occupation, take 1 silver."""
PLAY_4 = "emigration-and-occupation-3-2"
"""Column 3: draw 1 occupation first, then play up to 4."""


def test_preceptor_plays_a_card_from_the_hand_instead_of_drawing() -> None:
    state = in_hand(played(bare(), 0, 99), 0, 43)  # Fruit Picker: 1 fruits
    deck = state.occupation_deck
    state, events = place(state, 0, DRAW_SPACE)
    assert "OccupationDrawn" not in names(events) and state.offers[0].card == card_id(99)
    assert offered(state) == [(0, 0), (0, 1)]  # take it, or play hand card 1; no leaving
    assert refused(state, 0, cmd.ResolveOccupation(card_id(99), None)) == "feast/occupation-must"
    after, events = answer(state, 1)
    assert ev.OccupationPlayedBy(0, card_id(43), card_id(99)) in events
    assert got(events, 0, 43) == {"fruits": 1} and after.occupation_deck == deck
    assert after.players[0].hand == () and names(events)[-1] == "TurnStarted"
    taken, events = answer(state, 0)
    assert "OccupationDrawn" in names(events) and len(taken.players[0].hand) == 2


def test_preceptor_with_an_empty_hand_draws_as_usual() -> None:
    state, events = place(played(bare(), 0, 99), 0, DRAW_SPACE)
    assert not state.offers and "OccupationDrawn" in names(events)
    assert len(state.players[0].hand) == 1


def test_preceptor_play_is_outside_the_spaces_allowance_and_hides_the_hand() -> None:
    state = in_hand(played(bare(), 0, 99), 0, 43, 10)
    state, _ = place(state, 0, PLAY_4)  # column 3 draws before its action
    assert state.offers[0].card == card_id(99)
    state, events = answer(state, 1)
    answered = next(e for e in events if isinstance(e, ev.OccupationAnswered))
    assert answered.option == 1  # a hand position, not the card
    assert state.running is not None and state.running.plays == 4
    assert state.players[0].hand == (card_id(10),)
    view = RULES.view(state, 1)
    assert card_id(10) not in repr(view)


# --- #70 Courier, #71 Innkeeper -----------------------------------------------------------


def _laid(state: State, seat: int, tile: SpecialTile, row: int = 0, col: int = 0) -> State:
    """The seat's home board with ``tile`` placed at (``row``, ``col``)."""
    p = state.players[seat]
    pl = Placement(Piece.special(tile), row, col, 0)
    return state.with_player(seat, replace(p, home=place_piece(p.home, pl)))


def test_courier_takes_the_cloakpin_off_another_board_and_refills_its_squares() -> None:
    state = _laid(bare(), 1, SpecialTile.CLOAKPIN)
    squares, income = covered(state.players[1].home), board_income(state.players[1])
    state, _ = play(state, 0, 70)
    (key,) = [o for _, o in offered(state) if o >= 0]
    assert key == (1 * 16 + 0) * 64 + 0  # seat 1, home board, its first piece
    state, events = answer(state, key)
    assert got(events, 0, 70) == {"cloakpin": 1} and "cloakpin" in state.players[0].specials
    home = state.players[1].home
    assert sorted(pl.piece.name for pl in home.placed) == ["rune-stone", "silverware"]
    assert covered(home) == squares and board_income(state.players[1]) == income
    assert have(state, 1, "silverware") == 0  # from the general supply, not seat 1's


def test_courier_and_innkeeper_need_their_tile_on_a_board() -> None:
    state, events = play(bare(cloakpin=1), 0, 70)  # in a supply, not on a board
    assert not state.offers and used(events, 70) == 0
    state, events = play(_laid(bare(), 0, SpecialTile.CLOAKPIN), 0, 71)
    assert not state.offers and used(events, 71) == 0


def test_innkeeper_takes_its_own_drinking_horn_which_may_be_placed_again() -> None:
    state = _laid(bare(), 0, SpecialTile.DRINKING_HORN)
    state, _ = play(state, 0, 71)
    (key,) = [o for _, o in offered(state) if o >= 0]
    state, _ = answer(state, key)
    names_on = sorted(pl.piece.name for pl in state.players[0].home.placed)
    assert names_on == ["chest", "rune-stone"] and have(state, 0, "drinking-horn") == 1
    again = [
        c
        for c in RULES.legal_commands(state, 0)
        if isinstance(c, cmd.PlaceGood) and c.piece == "drinking-horn"
    ]
    assert again  # back in the supply: it may be placed anew


def test_follower_in_solo_counts_the_other_colours_blocked_space() -> None:
    state = replace(bare(1), blocked=(PRODUCTS_2,))
    state, _ = play(state, 0, 77)
    assert space_key(PRODUCTS_2, 0) in [o for _, o in offered(state)]


# --- games stored before these cards were built -------------------------------------------


def test_setup_turns_the_late_cards_on_unless_the_option_is_off() -> None:
    on = RULES.setup(2, resolve_options(RULES.options, {}), chance())
    added = [e for e in on if isinstance(e, ev.OccupationEffectsAdded)]
    assert len(added) == 1 and added[0].numbers == (5, 70, 71, 77, 85, 91, 99, 159)
    off = RULES.setup(2, resolve_options(RULES.options, {"late_occupations": False}), chance())
    assert not any(isinstance(e, ev.OccupationEffectsAdded) for e in off)
    assert not fold(RULES, 2, off).late_effects
    old = stored_values(RULES.options, {})  # a game stored before the option existed
    assert old["late_occupations"] is False


def test_without_the_late_option_the_cards_have_no_effect() -> None:
    old = replace(bare(silver=3), late_effects=False)
    state, events = play(old, 0, 85)
    assert not state.offers and used(events, 85) == 0 and names(events)[-1] == "TurnStarted"
    state, events = place(in_hand(played(old, 0, 99), 0, 43), 0, DRAW_SPACE)
    assert "OccupationDrawn" in names(events) and not state.offers

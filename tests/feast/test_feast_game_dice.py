"""The dice spaces, with exact outcomes: hunting game, laying a snare, whaling, raiding and
pillaging (rules.ja.txt 狩りスペース, 襲撃／略奪; refresher.en.txt; components.md §6).

Rolls come from ``chance.roll``; the tests enter them with a ``TableChance`` (the column-3
occupation draw is a pick, entered by name)."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.actions.dice import BLUE_SWORDS
from skald.domain.feast.game.items import amount
from skald.domain.feast.game.readings import CURRENT, FIRST
from skald.domain.feast.game.state import Ship, State
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel import IllegalMove, SkaldError, TableChance
from skald.domain.kernel.codec import from_data, to_data
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, names, new_game, refused, run, turn_of

DICE_COMMANDS = (cmd.Reroll, cmd.DeclareHunt, cmd.DeclareRaid)


def _ready(
    ships: tuple[Ship, ...] = (), players: int = 2, readings: int = CURRENT, **things: int
) -> State:
    state, _ = new_game(players, readings=readings)
    state = turn_of(state, 0)
    state = holding(state, 0, **things)
    return state.with_player(0, replace(state.players[0], ships=ships))


def _have(state: State, seat: int, *items: str) -> list[int]:
    return [amount(state.players[seat], i) for i in items]


def _declarations(state: State, seat: int = 0) -> set[Any]:
    return {c for c in RULES.legal_commands(state, seat) if isinstance(c, DICE_COMMANDS)}


def _grid(state: State) -> set[Any]:
    """Declarations near every legal one: negative, short, over and exact amounts, every take."""
    takes = [None, "wood", *BLUE_SWORDS, *state.specials_left]
    p = state.players[0 if state.dice is None else state.dice.seat]
    most = max(p.wood, p.stone, 6) + 2
    out: set[Any] = {cmd.Reroll()}
    for success in (True, False):
        for a in range(-1, most):
            for b in range(-1, max(p.weapons) + 2):
                out.add(cmd.DeclareHunt(success, a, b))
                out.update(cmd.DeclareRaid(success, a, b, t) for t in takes)
    return out


def _accepted(state: State, seat: int = 0) -> set[Any]:
    ok = set()
    for c in _grid(state):
        try:
            RULES.check(state, seat, c)
        except IllegalMove:
            continue
        ok.add(c)
    return ok


def _agrees(state: State) -> None:
    """check and legal_commands name the same declarations (on a grid around them), and the
    pending decision is the kernel's ``feast/after-roll``."""
    listed = _declarations(state)
    assert listed <= _grid(state) and listed == _accepted(state)
    (pending,) = RULES.pending(state)
    assert pending.decision == "feast/after-roll" and pending.seat == 0
    assert {type(c).__name__ for c in listed} == set(pending.answers)


def _whaling_boats(*ore: int) -> tuple[Ship, ...]:
    return tuple(Ship(ShipKind.WHALING_BOAT, n) for n in ore)


def _longships(*ore: int) -> tuple[Ship, ...]:
    return tuple(Ship(ShipKind.LONGSHIP, n) for n in ore)


# --- hunting game ---------------------------------------------------------------------------


def test_hunting_game_success_pays_wood_and_bows_equal_to_the_roll() -> None:
    state = _ready(wood=2, bow=1, hide=0, game_meat=0)
    thing = state.players[0].thing
    rolled, events = run(state, 0, cmd.PlaceVikings("hunting-1-1"), TableChance([3]))
    assert names(events) == ["VikingsPlaced", "DieRolled", "ChoicesOffered"]
    assert events[1].die == "d8" and (events[1].roll, events[1].value) == (1, 3)
    assert rolled.dice is not None and rolled.dice.value == 3
    _agrees(rolled)
    assert _declarations(rolled) == {
        cmd.Reroll(),
        cmd.DeclareHunt(True, 2, 1),
        cmd.DeclareHunt(False),
    }
    assert refused(rolled, 0, cmd.DeclareHunt(True, 1, 1)) == "feast/pay-the-result"
    assert refused(rolled, 0, cmd.DeclareHunt(True, 3, 0)) == "feast/cannot-pay"
    assert refused(rolled, 0, cmd.DeclareHunt(False, 1, 0)) == "feast/failure-pays-nothing"
    assert refused(rolled, 0, cmd.DeclareRaid(False)) == "feast/not-now"
    assert refused(rolled, 0, cmd.PlaceVikings("hunting-2-1")) == "feast/not-now"
    after, events = run(rolled, 0, cmd.DeclareHunt(True, 2, 1), TableChance([]))
    assert names(events) == ["Paid", "DiceSucceeded", "Gained", "ActionFinished", "TurnStarted"]
    assert _have(after, 0, "wood", "bow", "hide", "game-meat") == [0, 0, 1, 1]
    assert after.weapon_discard[0] == state.weapon_discard[0] + 1  # the spent bow
    assert after.players[0].thing == thing - 1 and after.dice is None and after.running is None


def test_hunting_game_failure_pays_nothing_and_consoles() -> None:
    state = _ready(wood=5, bow=1)
    rolled, _ = run(state, 0, cmd.PlaceVikings("hunting-2-1"), TableChance([4]))
    after, events = run(rolled, 0, cmd.DeclareHunt(False), TableChance([]))
    assert names(events)[:2] == ["DiceFailed", "Gained"] and events[0].returned == 0
    assert _have(after, 0, "wood", "bow", "hide") == [6, 2, 0]
    assert after.players[0].thing == state.players[0].thing - 2  # no Viking comes back


def test_rerolls_replace_and_the_third_roll_must_be_declared() -> None:
    state = _ready(wood=9, bow=0)
    rolled, events = run(state, 0, cmd.PlaceVikings("hunting-1-1"), TableChance([7]))
    for number, value in ((2, 5), (3, 2)):
        rolled, events = run(rolled, 0, cmd.Reroll(), TableChance([value]))
        assert names(events) == ["DieRolled"]
        assert (events[0].roll, events[0].value) == (number, value)
        assert rolled.dice is not None and (rolled.dice.roll, rolled.dice.value) == (number, value)
        _agrees(rolled)
    assert RULES.pending(rolled)[0].answers == ("DeclareHunt",)
    assert refused(rolled, 0, cmd.Reroll()) == "feast/not-now"
    after, _ = run(rolled, 0, cmd.DeclareHunt(True, 2, 0), TableChance([]))
    assert _have(after, 0, "wood", "hide") == [7, 1]  # the last roll (2) was paid, not the 7


def test_the_automatic_failure_when_the_roll_cannot_be_paid() -> None:
    state = _ready(wood=0, bow=1)
    rolled, _ = run(state, 0, cmd.PlaceVikings("hunting-1-1"), TableChance([8]))
    rolled, _ = run(rolled, 0, cmd.Reroll(), TableChance([6]))
    rolled, _ = run(rolled, 0, cmd.Reroll(), TableChance([2]))
    _agrees(rolled)
    assert _declarations(rolled) == {cmd.DeclareHunt(False)}
    assert refused(rolled, 0, cmd.DeclareHunt(True, 0, 2)) == "feast/cannot-pay"
    assert refused(rolled, 0, cmd.DeclareHunt(True, 1, 1)) == "feast/cannot-pay"


def test_a_table_must_enter_the_roll() -> None:
    state = _ready()
    with pytest.raises(SkaldError) as info:
        RULES.decide(state, 0, cmd.PlaceVikings("hunting-1-1"), TableChance([]))
    assert info.value.rule == "chance/needed"
    with pytest.raises(SkaldError):
        RULES.decide(state, 0, cmd.PlaceVikings("hunting-1-1"), TableChance([9]))  # a d8


# --- laying a snare -------------------------------------------------------------------------


def test_snare_success_pays_snares_and_gives_fur_and_a_snare() -> None:
    state = _ready(wood=0, snare=3, fur=0)
    rolled, _ = run(state, 0, cmd.PlaceVikings("hunting-2-2"), TableChance([2]))
    _agrees(rolled)
    assert _declarations(rolled) == {
        cmd.Reroll(),
        cmd.DeclareHunt(True, 0, 2),
        cmd.DeclareHunt(False),
    }
    after, _ = run(rolled, 0, cmd.DeclareHunt(True, 0, 2), TableChance([]))
    assert _have(after, 0, "snare", "fur", "wood") == [2, 1, 0]


def test_failed_snare_returns_one_viking_to_the_thing_square() -> None:
    state = _ready(wood=0, snare=1)
    thing = state.players[0].thing
    rolled, _ = run(state, 0, cmd.PlaceVikings("hunting-2-2"), TableChance([6]))
    assert rolled.players[0].thing == thing - 2
    after, events = run(rolled, 0, cmd.DeclareHunt(False), TableChance([]))
    assert events[0].returned == 1
    assert after.players[0].thing == thing - 1
    assert after.occupant("hunting-2-2") is not None and after.occupant("hunting-2-2").vikings == 1
    assert _have(after, 0, "wood", "snare") == [1, 2]


# --- whaling --------------------------------------------------------------------------------


def test_whaling_needs_a_whaling_boat() -> None:
    state = _ready()
    assert refused(state, 0, cmd.PlaceVikings("hunting-3-1")) == "feast/needs-ship"
    assert refused(state, 0, cmd.PlaceVikings("hunting-4-1")) == "feast/needs-ship"
    one = _ready(ships=_whaling_boats(0))
    assert refused(one, 0, cmd.PlaceVikings("hunting-4-1", option=1)) == "feast/no-such-boat"
    assert refused(one, 0, cmd.PlaceVikings("hunting-3-1", option=1)) == "feast/no-such-option"


def test_whaling_3_ore_on_every_boat_lowers_the_roll_and_a_zero_must_succeed() -> None:
    state = _ready(ships=_whaling_boats(1, 0), wood=0, spear=0, oil=0, whale_meat=0)
    deck = state.occupation_deck[0]
    chance = TableChance([(deck,), 2])  # column 3 draws an occupation first (RULINGS.md)
    rolled, events = run(state, 0, cmd.PlaceVikings("hunting-3-1"), chance)
    assert names(events)[:3] == ["VikingsPlaced", "OccupationDrawn", "DieRolled"]
    # printed ore 1 + 1 loaded, and printed ore 1: −3; 2 − 3 is 0, not −1
    assert (events[2].die, events[2].value, events[2].modifier) == ("d12", 2, -3)
    _agrees(rolled)
    assert _declarations(rolled) == {cmd.Reroll(), cmd.DeclareHunt(True, 0, 0)}
    assert refused(rolled, 0, cmd.DeclareHunt(False)) == "feast/zero-must-succeed"
    after, _ = run(rolled, 0, cmd.DeclareHunt(True), TableChance([]))
    assert _have(after, 0, "oil", "skin-and-bones", "whale-meat") == [1, 1, 1]
    assert [s.ore for s in after.players[0].ships] == [1, 0]  # ore is not used up


def test_failed_whaling_returns_two_vikings() -> None:
    state = _ready(ships=_whaling_boats(0), wood=0, spear=0)
    thing = state.players[0].thing
    rolled, _ = run(
        state, 0, cmd.PlaceVikings("hunting-3-1"), TableChance([(state.occupation_deck[0],), 12])
    )
    assert rolled.dice is not None and rolled.dice.modifier == -1
    after, events = run(rolled, 0, cmd.DeclareHunt(False), TableChance([]))
    assert events[0].result == 11 and events[0].returned == 2
    assert after.players[0].thing == thing - 3 + 2
    assert _have(after, 0, "wood", "spear") == [1, 1]


def test_whaling_4_uses_the_one_boat_named() -> None:
    state = _ready(ships=_whaling_boats(0, 1), wood=3, spear=0)
    options = {
        c.option
        for c in RULES.legal_commands(state, 0)
        if isinstance(c, cmd.PlaceVikings) and c.space == "hunting-4-1"
    }
    assert options == {0, 1}
    rolled, events = run(state, 0, cmd.PlaceVikings("hunting-4-1", option=1), TableChance([5]))
    assert events[1].modifier == -2  # printed 1 + loaded 1 on boat 1 only
    other, events = run(state, 0, cmd.PlaceVikings("hunting-4-1", option=0), TableChance([5]))
    assert events[1].modifier == -1
    _agrees(rolled)
    assert cmd.DeclareHunt(True, 3, 0) in _declarations(rolled)
    assert refused(other, 0, cmd.DeclareHunt(True, 3, 0)) == "feast/pay-the-result"
    hand = state.players[0].hand
    after, events = run(rolled, 0, cmd.DeclareHunt(True, 3, 0), TableChance([]))
    if hand:  # column 4: one occupation may still be played after the effect
        assert after.running is not None and "PlayOccupation" in RULES.pending(after)[0].answers
    assert _have(after, 0, "wood", "oil") == [0, 1]


# --- raiding --------------------------------------------------------------------------------


def test_raiding_ignores_ore_and_spends_stone_and_long_swords_under_the_first_readings() -> None:
    """Games played under the first readings (option ``readings`` 1, every game stored before
    it): a roll of 4 fails automatically however much is spent ("5 or less" on the roll plus
    ore, NOTES.md); on a 6 stone and long swords add 1 each. The current reading (judged after
    spending): ``test_feast_rulings_2026_12``."""
    state = _ready(ships=_longships(3), readings=FIRST, stone=1, long_sword=1, rune_stone=0)
    assert refused(_ready(), 0, cmd.PlaceVikings("raiding-1-1")) == "feast/needs-ship"
    rolled, events = run(state, 0, cmd.PlaceVikings("raiding-1-1"), TableChance([4]))
    assert (events[1].die, events[1].value, events[1].modifier) == ("d8", 4, 0)
    _agrees(rolled)
    assert _declarations(rolled) == {cmd.Reroll(), cmd.DeclareRaid(False)}
    assert (
        refused(rolled, 0, cmd.DeclareRaid(True, 1, 1, "rune-stone")) == "feast/automatic-failure"
    )
    rolled, events = run(state, 0, cmd.PlaceVikings("raiding-1-1"), TableChance([6]))
    _agrees(rolled)
    assert cmd.DeclareRaid(True, 1, 1, "rune-stone") in _declarations(rolled)
    assert cmd.DeclareRaid(True, 0, 0, "rune-stone") in _declarations(rolled)
    assert refused(rolled, 0, cmd.DeclareRaid(True, 1, 1, "wood")) == "feast/take-blue-or-special"
    assert refused(rolled, 0, cmd.DeclareRaid(True, 1, 1)) == "feast/take-blue-or-special"
    assert refused(rolled, 0, cmd.DeclareRaid(True, 2, 1, "rune-stone")) == "feast/cannot-pay"
    assert refused(rolled, 0, cmd.DeclareRaid(False, 1, 0)) == "feast/failure-pays-nothing"
    after, events = run(rolled, 0, cmd.DeclareRaid(True, 1, 1, "rune-stone"), TableChance([]))
    assert names(events)[:3] == ["Paid", "DiceSucceeded", "Gained"] and events[1].result == 8
    assert _have(after, 0, "stone", "long-sword", "rune-stone") == [0, 0, 1]
    assert after.weapon_discard[3] == state.weapon_discard[3] + 1


def test_raiding_takes_a_special_tile_once() -> None:
    state = _ready(ships=_longships(0), stone=0, long_sword=0)
    rolled, _ = run(state, 0, cmd.PlaceVikings("raiding-1-1"), TableChance([7]))
    takes = {c.take for c in _declarations(rolled) if isinstance(c, cmd.DeclareRaid) and c.success}
    assert takes == {"rune-stone", "silverware", "glass-beads"}  # sword 6, 7 and 7
    after, _ = run(rolled, 0, cmd.DeclareRaid(True, take="glass-beads"), TableChance([]))
    assert after.players[0].specials == ("glass-beads",)
    assert "glass-beads" not in after.specials_left
    gone = replace(rolled, specials_left=after.specials_left)
    assert refused(gone, 0, cmd.DeclareRaid(True, take="glass-beads")) == "feast/special-not-left"


def test_raiding_failure_consoles_without_returning_vikings() -> None:
    state = _ready(ships=_longships(0), stone=0, long_sword=0)
    rolled, _ = run(state, 0, cmd.PlaceVikings("raiding-1-1"), TableChance([3]))
    rolled, _ = run(rolled, 0, cmd.Reroll(), TableChance([2]))
    rolled, _ = run(rolled, 0, cmd.Reroll(), TableChance([5]))
    _agrees(rolled)
    assert _declarations(rolled) == {cmd.DeclareRaid(False)}  # 5 or less: automatic failure
    after, events = run(rolled, 0, cmd.DeclareRaid(False), TableChance([]))
    assert events[0].returned == 0
    assert _have(after, 0, "stone", "long-sword") == [1, 1]
    assert after.players[0].thing == state.players[0].thing - 1


# --- pillaging: the refresher's worked turn --------------------------------------------------


def _worked_turn(readings: int = CURRENT) -> State:
    """refresher.en.txt: round 4 of the 7-round game, two longships with 2 and 1 ore, 1 stone
    and 1 long sword in supply."""
    state = _ready(ships=_longships(2, 1), readings=readings, stone=1, long_sword=1)
    return replace(state, round=4)


def test_pillaging_worked_turn_from_the_refresher_under_the_first_readings() -> None:
    """The worked turn as the first readings judge it (the roll plus ore before spending); under
    the current ones 4 + a stone + a long sword is 6 and succeeds
    (``test_feast_rulings_2026_12``)."""
    state = _worked_turn(FIRST)
    chance = TableChance([2, 3, 5])
    rolled, events = run(state, 0, cmd.PlaceVikings("raiding-2-1"), chance)
    # the longship with the most ore sails: 2 + 2 = 4, 5 or less fails
    assert (events[1].die, events[1].value, events[1].modifier) == ("d12", 2, 2)
    _agrees(rolled)
    # 4 fails automatically, whatever the stone and long sword would add (the ≤ 5 ruling)
    assert _declarations(rolled) == {cmd.Reroll(), cmd.DeclareRaid(False)}
    assert (
        refused(rolled, 0, cmd.DeclareRaid(True, 1, 1, "rune-stone")) == "feast/automatic-failure"
    )
    rolled, events = run(rolled, 0, cmd.Reroll(), chance)
    assert (events[0].value, events[0].modifier) == (3, 2)  # "exactly 5. Still a failure."
    assert _declarations(rolled) == {cmd.Reroll(), cmd.DeclareRaid(False)}
    settle = rolled
    rolled, events = run(rolled, 0, cmd.Reroll(), chance)
    assert (events[0].roll, events[0].value) == (3, 5) and chance.leftover() == 0
    _agrees(rolled)
    # 5 + 2 = 7; the stone makes 8 and the long sword is kept
    after, events = run(rolled, 0, cmd.DeclareRaid(True, 1, 0, "chest"), TableChance([]))
    assert events[1].result == 8
    assert _have(after, 0, "stone", "long-sword", "chest") == [0, 1, 1]
    assert [s.ore for s in after.players[0].ships] == [2, 1]  # the ore stays on the longship
    eight = {
        c.take
        for c in _declarations(rolled)
        if isinstance(c, cmd.DeclareRaid) and c.stone == 1 and c.swords == 0
    }
    assert {"chest", "silk", "rune-stone", "silverware"} <= eight and "spices" not in eight
    # had you settled for a 5: a consolation stone and long sword, and 1 Viking back
    thing = settle.players[0].thing
    failed, events = run(settle, 0, cmd.DeclareRaid(False), TableChance([]))
    assert (events[0].result, events[0].returned) == (5, 1)
    assert _have(failed, 0, "stone", "long-sword") == [2, 2]
    assert failed.players[0].thing == thing + 1


def test_pillaging_3_is_the_same_and_its_vikings_may_be_placed_again() -> None:
    state = _ready(ships=_longships(0), stone=0, long_sword=0)
    state = state.with_player(0, replace(state.players[0], thing=3))
    rolled, _ = run(
        state, 0, cmd.PlaceVikings("raiding-3-1"), TableChance([(state.occupation_deck[0],), 1])
    )
    assert rolled.players[0].thing == 0
    after, events = run(rolled, 0, cmd.DeclareRaid(False), TableChance([]))
    assert after.players[0].thing == 1
    assert "ActionFinished" in names(events) and after.turn == 1
    assert _have(after, 0, "stone", "long-sword") == [1, 1]


# --- imitation, views -----------------------------------------------------------------------


def test_an_imitation_space_copies_a_snare_and_its_vikings_come_back() -> None:
    state = _ready(players=4, wood=0, snare=0)
    state = replace(state, imitation=(2,), turn=1)
    other, _ = run(state, 1, cmd.PlaceVikings("hunting-2-2"), TableChance([3]))
    other, _ = run(other, 1, cmd.DeclareHunt(False), TableChance([]))
    assert other.occupant("hunting-2-2") is not None
    other = replace(other, turn=0)
    thing = other.players[0].thing
    copy = cmd.PlaceVikings("imitation-2", copy="hunting-2-2")
    assert copy in set(RULES.legal_commands(other, 0))
    rolled, events = run(other, 0, copy, TableChance([5]))
    assert events[1].space == "hunting-2-2" and rolled.dice is not None
    after, _ = run(rolled, 0, cmd.DeclareHunt(False), TableChance([]))
    assert after.players[0].thing == thing - 1
    assert [(o.space, o.vikings) for o in after.occupied] == [
        ("hunting-2-2", 1),
        ("imitation-2", 1),
    ]


def test_the_roll_is_in_every_view_and_round_trips_the_codec() -> None:
    state = _ready(ships=_longships(1))
    rolled, events = run(state, 0, cmd.PlaceVikings("raiding-2-1"), TableChance([9]))
    for seat in (0, 1, None):
        view = RULES.view(rolled, seat)
        assert view.dice == rolled.dice and view.dice is not None and view.dice.value == 9
        assert from_data(type(view), to_data(view)) == view
    for c in (cmd.Reroll(), cmd.DeclareHunt(True, 1, 2), cmd.DeclareRaid(True, 1, 0, "silk")):
        assert from_data(type(c), to_data(c)) == c
    for e in events:
        assert from_data(type(e), to_data(e)) == e

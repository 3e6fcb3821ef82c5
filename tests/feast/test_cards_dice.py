"""Occupations of the dice actions (``cards/dice.py``, ``cards/raids.py``): roll modifiers
(each roll, stacking, announced once), extra rolls, what a weapon or a stone is worth, what
may be looted, and the gains and offers after a success or a failure. Rolls are entered with
a ``TableChance``."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.kernel import TableChance
from tests.feast.kit import (
    LONGSHIP,
    WB,
    answer,
    bare,
    declaring,
    got,
    have,
    listed_of,
    names,
    offered,
    place,
    played,
    rolling,
    run,
    used,
    with_ships,
)


@pytest.mark.parametrize(
    ("cards", "space", "modifier", "announced"),
    [
        ((4,), "hunting-1-1", -1, 1),
        ((4,), "raiding-1-1", -1, 1),  # every roll, raids too
        ((13,), "hunting-1-1", -1, 1),
        ((13,), "hunting-2-2", 0, 0),  # archer: hunting game only
        ((146,), "hunting-2-2", -1, 1),
        ((4, 146, 13), "hunting-2-1", -3, 3),  # stacked
        ((136,), "raiding-1-1", 1, 1),
        ((136,), "raiding-2-1", 1, 1),
        ((136,), "hunting-1-1", 0, 0),
    ],
)
def test_roll_modifiers_stack_and_are_announced(
    cards: tuple[int, ...], space: str, modifier: int, announced: int
) -> None:
    state = with_ships(played(bare(), 0, *cards), 0, LONGSHIP)
    rolled, events = rolling(state, space, 4)
    assert rolled.dice is not None and rolled.dice.modifier == modifier
    assert sum(used(events, n) for n in cards) == announced
    again, _ = run(rolled, 0, cmd.Reroll(), TableChance([1]))
    assert again.dice is not None and again.dice.modifier == modifier  # on every roll


def test_a_hunt_result_never_goes_below_zero() -> None:
    state = played(bare(), 0, 4, 146)
    rolled, _ = rolling(state, "hunting-1-1", 1)
    assert listed_of(rolled, cmd.DeclareHunt) == {cmd.DeclareHunt(True, 0, 0)}  # 0 must succeed


def test_proficient_hunter_rolls_up_to_four_times() -> None:
    state, _ = rolling(played(bare(), 0, 153), "hunting-1-1", 6)
    for value in (6, 6):
        assert cmd.Reroll() in listed_of(state, cmd.Reroll)
        state, _ = run(state, 0, cmd.Reroll(), TableChance([value]))
    assert state.dice.roll == 3 and cmd.Reroll() in listed_of(state, cmd.Reroll)
    state, _ = run(state, 0, cmd.Reroll(), TableChance([6]))
    assert state.dice.roll == 4 and not listed_of(state, cmd.Reroll)


def test_trident_hunter_spears_count_two_in_whaling() -> None:
    state = with_ships(bare(wood=4, spear=2), 0, WB)
    rolled, _ = rolling(state, "hunting-4-1", 5)  # 5 − the boat's printed ore = 4
    assert listed_of(rolled, cmd.DeclareHunt) == {
        cmd.DeclareHunt(True, 4, 0),
        cmd.DeclareHunt(True, 3, 1),
        cmd.DeclareHunt(True, 2, 2),
        cmd.DeclareHunt(False),
    }
    rolled, _ = rolling(played(state, 0, 11), "hunting-4-1", 5)
    assert listed_of(rolled, cmd.DeclareHunt) == {
        cmd.DeclareHunt(True, 4, 0),
        cmd.DeclareHunt(True, 2, 1),
        cmd.DeclareHunt(True, 0, 2),
        cmd.DeclareHunt(False),
    }
    assert listed_of(rolling(played(state, 0, 11), "hunting-4-1", 4)[0], cmd.DeclareHunt) >= {
        cmd.DeclareHunt(True, 1, 1),
        cmd.DeclareHunt(True, 0, 2),  # 3: a spear over by 1 is allowed
    }
    hunting, _ = rolling(played(bare(wood=3, bow=2), 0, 11), "hunting-1-1", 3)
    assert cmd.DeclareHunt(True, 1, 1) not in listed_of(hunting, cmd.DeclareHunt)  # bows: 1 each


def test_catapulter_stone_adds_two() -> None:
    state = with_ships(played(bare(stone=1, long_sword=0), 0, 89), 0, LONGSHIP)
    rolled, _ = rolling(state, "raiding-1-1", 6)
    takes = {c.take for c in listed_of(rolled, cmd.DeclareRaid) if c.success and c.stone == 1}
    assert "chest" in takes and "spices" not in takes  # 6 + 2 = 8
    _after, events = declaring(rolled, cmd.DeclareRaid(True, 1, 0, "silk"))
    assert [e.result for e in events if isinstance(e, ev.DiceSucceeded)] == [8]


def test_robber_and_loot_hunter_change_what_a_raid_takes() -> None:
    state = with_ships(bare(), 0, LONGSHIP)
    plain = {
        c.take for c in listed_of(rolling(state, "raiding-1-1", 8)[0], cmd.DeclareRaid) if c.success
    }
    robbed = {
        c.take
        for c in listed_of(rolling(played(state, 0, 138), "raiding-1-1", 8)[0], cmd.DeclareRaid)
        if c.success
    }
    assert robbed - plain == {"oil", "hide", "wool", "linen", "skin-and-bones"}  # blue side − 1 ≤ 8
    rolled, _ = rolling(played(state, 0, 139), "raiding-1-1", 8)
    del rolled
    high = with_ships(played(bare(long_sword=7), 0, 139), 0, LONGSHIP)
    rolled, _ = rolling(high, "raiding-1-1", 8)
    assert cmd.DeclareRaid(True, 0, 7, "english-crown") in listed_of(
        rolled, cmd.DeclareRaid
    )  # 16 − 1


@pytest.mark.parametrize(
    ("number", "space", "roll", "declare", "things", "expected"),
    [
        (143, "hunting-1-1", 2, cmd.DeclareHunt(True, 2, 0), {"wood": 2}, {"silver": 1}),
        (143, "hunting-1-1", 2, cmd.DeclareHunt(False), {"wood": 2}, {}),
        (126, "hunting-2-2", 2, cmd.DeclareHunt(True, 2, 0), {"wood": 2}, {"silver": 1}),
        (127, "hunting-2-2", 2, cmd.DeclareHunt(True, 2, 0), {"wood": 2}, {"stockfish": 1}),
        (127, "hunting-1-1", 2, cmd.DeclareHunt(True, 2, 0), {"wood": 2}, {}),
        (140, "hunting-4-1", 3, cmd.DeclareHunt(True, 2, 0), {"wood": 2}, {"oil": 1}),
        (141, "hunting-4-1", 3, cmd.DeclareHunt(True, 0, 2), {"spear": 2}, {"cabbage": 1}),
        (141, "hunting-4-1", 3, cmd.DeclareHunt(True, 2, 0), {"wood": 2}, {}),  # wood spent
        (163, "hunting-2-1", 2, cmd.DeclareHunt(True, 2, 0), {"wood": 2}, {"hide": 1, "silver": 1}),
        (163, "hunting-1-1", 2, cmd.DeclareHunt(True, 2, 0), {"wood": 2}, {}),
        (134, "raiding-1-1", 4, cmd.DeclareRaid(False), {}, {"mead": 1}),
        (134, "raiding-2-1", 4, cmd.DeclareRaid(False), {}, {}),  # not pillaging
    ],
)
def test_a_gain_after_a_declared_dice_action(
    number: int,
    space: str,
    roll: int,
    declare: Any,
    things: dict[str, int],
    expected: dict[str, int],
) -> None:
    state = with_ships(played(bare(**things), 0, number), 0, WB, LONGSHIP)
    rolled, _ = rolling(state, space, roll)
    _after, events = declaring(rolled, declare)
    assert got(events, 0, number) == expected
    assert used(events, number) == (1 if expected else 0)


def test_whale_catcher_and_lone_wolf_get_a_single_spent_weapon_back() -> None:
    state = with_ships(played(bare(spear=2), 0, 142), 0, WB)
    after, events = declaring(rolling(state, "hunting-4-1", 2)[0], cmd.DeclareHunt(True, 0, 1))
    assert have(after, 0, "spear") == 2 and used(events, 142) == 1
    after, events = declaring(rolling(state, "hunting-4-1", 3)[0], cmd.DeclareHunt(True, 0, 2))
    assert have(after, 0, "spear") == 0 and used(events, 142) == 0
    state = with_ships(played(bare(long_sword=1), 0, 135), 0, LONGSHIP)
    after, events = declaring(
        rolling(state, "raiding-1-1", 7)[0], cmd.DeclareRaid(True, 0, 1, "chest")
    )
    assert have(after, 0, "long-sword") == 1 and after.weapon_discard[3] == state.weapon_discard[3]


@pytest.mark.parametrize(
    ("number", "space", "roll", "declare", "things", "listed", "option", "expected"),
    [
        (
            144,
            "hunting-1-1",
            1,
            cmd.DeclareHunt(True, 1, 0),
            {"wood": 1, "silver": 2},
            [-1, 0],
            0,
            {"silver": -2, "skin-and-bones": 1},
        ),
        (
            129,
            "hunting-2-2",
            1,
            cmd.DeclareHunt(True, 1, 0),
            {"wood": 1, "snare": 0},
            [-1, 0],
            0,
            {"snare": -1, "salt-meat": 1},
        ),
        (
            131,
            "hunting-2-2",
            4,
            cmd.DeclareHunt(False),
            {"stockfish": 1},
            [-1, 0],
            0,
            {"stockfish": -1, "game-meat": 1},
        ),
        (
            133,
            "raiding-1-1",
            7,
            cmd.DeclareRaid(True, 0, 0, "rune-stone"),
            {},
            [-1, 0, 1],
            1,
            {"peas": 1},
        ),
        (104, "raiding-1-1", 4, cmd.DeclareRaid(False), {}, [-1, 0, 1], 1, {"oil": 1}),
    ],
)
def test_an_offer_after_a_declared_dice_action(
    number: int,
    space: str,
    roll: int,
    declare: Any,
    things: dict[str, int],
    listed: list[int],
    option: int,
    expected: dict[str, int],
) -> None:
    state = with_ships(played(bare(**things), 0, number), 0, LONGSHIP)
    rolled, _ = rolling(state, space, roll)
    held, events = declaring(rolled, declare)
    assert names(events)[-2:] == ["OccupationOffered", "OccupationsAwaited"]
    assert held.resume.step == "continue-action" and [o for _, o in offered(held)] == listed
    _after, events = answer(held, option)
    assert got(events, 0, number) == expected
    assert names(events)[-2:] == ["ActionFinished", "TurnStarted"]


def test_disheartened_warrior_only_after_the_first_two_rolls() -> None:
    state = with_ships(played(bare(), 0, 104), 0, LONGSHIP)
    rolled, _ = rolling(state, "raiding-1-1", 4)
    for value in (4, 4):
        rolled, _ = run(rolled, 0, cmd.Reroll(), TableChance([value]))
    _, events = declaring(rolled, cmd.DeclareRaid(False))
    assert "OccupationOffered" not in names(events)


def test_forester_before_a_hunting_game_and_digger_after_a_snare() -> None:
    state = played(bare(wood=1), 0, 128, 145)
    held, events = rolling(state, "hunting-1-1", 1)
    assert "OccupationOffered" in names(events) and "DieRolled" not in names(events)
    strip = held.strips[0]
    rolled, events = answer(held, strip.number, TableChance([1]))  # then the roll
    assert names(events)[1] == "OccupationTookFromMountain" and "DieRolled" in names(events)
    after, _ = declaring(rolled, cmd.DeclareHunt(True, 1, 0))
    assert not after.offers  # the digger waits for a snare
    rolled, events = rolling(state, "hunting-2-2", 1)
    assert "OccupationOffered" not in names(events)  # nor does the forester fire here
    held, _ = declaring(rolled, cmd.DeclareHunt(True, 1, 0))
    assert held.offers[0].card.endswith("128")


def test_snare_specialist_and_thing_spokesman_move_vikings_back() -> None:
    state = played(bare(wood=1, snare=2, silver=0), 0, 130, 151)
    held, _ = declaring(rolling(state, "hunting-2-2", 1)[0], cmd.DeclareHunt(True, 1, 0))
    thing = held.players[0].thing
    after, events = answer(held, 0)
    assert after.players[0].thing == thing + 1 and got(events, 0, 151) == {"silver": 1}
    _failed, events = declaring(rolling(state, "hunting-2-2", 5)[0], cmd.DeclareHunt(False))
    assert got(events, 0, 151) == {"silver": 1}  # a failed snare sends 1 back


def test_sword_fighter_and_berserker_spend_ore_for_every_roll() -> None:
    state = with_ships(played(bare(), 0, 90, 132), 0, (LONGSHIP, 2))
    held, _ = rolling(state, "raiding-1-1", 3)
    assert [o.card[-3:] for o in held.offers] == ["090"]  # not the berserker: raiding
    rolled, _events = run(held, 0, cmd.ResolveOccupation(held.offers[0].card, 0), TableChance([3]))
    assert rolled.dice.modifier == 2 and rolled.players[0].ships[0].ore == 1
    held, _ = rolling(state, "raiding-2-1", 3)
    rolled, _ = run(held, 0, cmd.ResolveOccupation(held.offers[0].card, 0), TableChance([3]))
    assert rolled.dice.modifier == 3 + 1  # +3, the longship's ore now 1


def test_raider_may_take_a_second_good_within_the_battle_result() -> None:
    state = with_ships(played(bare(long_sword=5), 0, 136), 0, LONGSHIP)
    rolled, _ = rolling(state, "raiding-1-1", 8)  # + 1 = 9, + 5 swords = 14
    held, _ = declaring(rolled, cmd.DeclareRaid(True, 0, 5, "silverware"))  # 7 of 14
    assert held.offers[0].trigger == "split:7"
    keys = [o for _, o in offered(held)]
    _after, events = answer(held, keys[-1])
    gained = [it.item for e in events if isinstance(e, ev.Gained) for it in e.items]
    assert len(gained) == 1 and gained[0] in ("rune-stone", "silverware")  # sword 6 or 7


def test_helmsman_draws_after_an_action_with_a_longship() -> None:
    state = with_ships(played(bare(), 0, 12), 0, LONGSHIP)
    _after, events = run(rolling(state, "raiding-1-1", 4)[0], 0, cmd.DeclareRaid(False))
    assert used(events, 12) == 1 and any(isinstance(e, ev.WeaponDrawn) for e in events)
    _, events = place(played(bare(), 0, 12), 0, "weekly-market-1-1")
    assert used(events, 12) == 0

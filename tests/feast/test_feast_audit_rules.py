"""Rules audit, part 2: rules the other Feast tests leave out, and the disagreement the audit
fixed (an upgrade space upgrades each good once). Each test cites the lines it checks."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.flow import Log, draw_weapon
from skald.domain.feast.game.items import good_count
from skald.domain.feast.game.state import Dice, Ship, State
from skald.domain.feast.goods import Good
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel import ServerChance, SkaldError
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, new_game, run, turn_of


def _ready(players: int = 2, **things: int) -> tuple[State, ServerChance]:
    state, chance = new_game(players, seed="audit-rules")
    return holding(turn_of(state, 0), 0, **things), chance


def _rule(state: State, seat: int, command: Any) -> str:
    with pytest.raises(SkaldError) as info:
        RULES.check(state, seat, command)
    assert command not in set(RULES.legal_commands(state, seat))
    return info.value.rule


def _goods(state: State, *goods: Good) -> list[int]:
    return [good_count(state.players[0], g) for g in goods]


# --- 山岳と交易: "物品最大n個を1段階格上げする" upgrades up to n goods, each once ----------------


def test_an_upgrade_space_does_not_upgrade_the_good_it_just_made() -> None:
    """Fixed by the audit: peas → mead → oil on a space that upgrades 2 goods 1 step each
    was accepted; the mead just made is not a second good."""
    state, chance = _ready(peas=1, mead=0, oil=0, beans=0, flax=0, grain=0)
    placed, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-1-3"), chance)
    after, _ = run(placed, 0, cmd.Upgrade(Good.PEAS, 1), chance)
    # nothing but the new mead is left to upgrade: the action ends by itself
    assert _goods(after, Good.PEAS, Good.MEAD, Good.OIL) == [0, 1, 0]
    assert after.running is None and after.turn == 1


def test_a_good_already_held_may_still_be_upgraded() -> None:
    state, chance = _ready(peas=1, mead=1, oil=0, beans=0, flax=0, grain=0)
    placed, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-1-3"), chance)
    one, _ = run(placed, 0, cmd.Upgrade(Good.PEAS, 1), chance)
    assert one.running is not None and one.running.upgraded == (Good.MEAD,)
    assert cmd.Upgrade(Good.MEAD, 1) in set(RULES.legal_commands(one, 0))
    two, _ = run(one, 0, cmd.Upgrade(Good.MEAD, 1), chance)  # the mead held before
    assert _goods(two, Good.PEAS, Good.MEAD, Good.OIL) == [0, 1, 1] and two.running is None


def test_a_double_upgrade_goes_two_steps_in_one_upgrade_only() -> None:
    """④ "物品最大2個を最大2段階": one good two steps is one ``Upgrade(good, 2)``."""
    state, chance = _ready(peas=1, beans=1, mead=0, oil=0, flax=0, grain=0)
    state = state.with_player(0, replace(state.players[0], thing=4, hand=()))
    placed, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-4-2", 1), chance)
    one, _ = run(placed, 0, cmd.Upgrade(Good.PEAS, 1), chance)
    assert _rule(one, 0, cmd.Upgrade(Good.MEAD, 1)) == "feast/upgraded-already"
    two, _ = run(one, 0, cmd.Upgrade(Good.BEANS, 2), chance)
    assert _goods(two, Good.MEAD, Good.BEANS, Good.WOOL) == [1, 0, 1]
    # one upgrade is left, but only goods this action made (mead, wool) are held: it ends
    assert two.running is None


# --- 随時アクション: buying ships, loading ore --------------------------------------------------


def test_ships_cost_their_points_and_take_their_own_berth() -> None:
    """船の購入: whaling boat 3, knarr 5, longship 8 silver; a whaling boat never takes a
    large berth (より広いスペースに捕鯨船を配置することはできません): 3 small, 4 large."""
    state, chance = _ready(silver=16)
    for kind, left in ((ShipKind.WHALING_BOAT, 13), (ShipKind.KNARR, 8), (ShipKind.LONGSHIP, 0)):
        state, _ = run(state, 0, cmd.BuyShip(kind), chance)
        assert state.players[0].silver == left
    small = tuple(Ship(ShipKind.WHALING_BOAT) for _ in range(3))
    full = state.with_player(0, replace(state.players[0], silver=3, ships=small))
    assert _rule(full, 0, cmd.BuyShip(ShipKind.WHALING_BOAT)) == "feast/no-free-berth"
    large = tuple(Ship(ShipKind.KNARR) for _ in range(4))
    full = state.with_player(0, replace(state.players[0], silver=5, ships=large))
    assert _rule(full, 0, cmd.BuyShip(ShipKind.KNARR)) == "feast/no-free-berth"


def test_a_longship_holds_three_ore_and_loading_stops_while_the_die_stands() -> None:
    """武装: 3 ore spaces on a longship; ore is loaded before an action, never during it."""
    state, chance = _ready(ore=4)
    state = state.with_player(0, replace(state.players[0], ships=(Ship(ShipKind.LONGSHIP),)))
    for _ in range(3):
        state, _ = run(state, 0, cmd.LoadOre(0), chance)
    assert state.players[0].ships[0].ore == 3 and state.players[0].ore == 1
    assert _rule(state, 0, cmd.LoadOre(0)) == "feast/ship-full"
    state = state.with_player(0, replace(state.players[0], thing=2))
    rolled, _ = run(state, 0, cmd.PlaceVikings("raiding-2-1"), chance)
    assert rolled.dice is not None and rolled.dice.modifier == 3
    two = rolled.with_player(
        0, replace(rolled.players[0], ships=(*rolled.players[0].ships, Ship(ShipKind.LONGSHIP)))
    )
    assert _rule(two, 0, cmd.LoadOre(1)) == "feast/not-during-action"


# --- dice (狩りスペース, 襲撃／略奪) ------------------------------------------------------------


def _standing(state: State, space: str, value: int, modifier: int = 0) -> State:
    """The seat stands on ``value`` after its third roll on ``space``."""
    sides = 12 if space in ("hunting-3-1", "raiding-2-1") else 8
    return replace(state, dice=Dice(0, space, sides, 3, value, modifier))


def test_a_hunt_pays_exactly_the_result() -> None:
    """狩猟: 木材駒と「弓と矢」カードでダイスの出目分支払う — not more, not less."""
    state, chance = _ready(wood=5, bow=2)
    placed, _ = run(state, 0, cmd.PlaceVikings("hunting-1-1"), chance)
    three = _standing(placed, "hunting-1-1", 3)
    assert _rule(three, 0, cmd.DeclareHunt(True, 4, 0)) == "feast/pay-the-result"
    assert _rule(three, 0, cmd.DeclareHunt(True, 1, 1)) == "feast/pay-the-result"
    assert _rule(three, 0, cmd.DeclareHunt(True, 0, 3)) == "feast/cannot-pay"  # 2 bows
    after, _ = run(three, 0, cmd.DeclareHunt(True, 1, 2), chance)
    p = after.players[0]
    assert (p.wood, p.weapons[0]) == (4, 0)
    assert (good_count(p, Good.HIDE), good_count(p, Good.GAME_MEAT)) == (1, 1)


def test_a_raid_takes_a_tile_of_sword_value_at_most_the_result() -> None:
    """襲撃: 出目以下の剣値の青タイル1枚か灰色の特殊タイル1枚; the English Crown (16) too."""
    state, chance = _ready(stone=1)
    state = state.with_player(
        0, replace(state.players[0], thing=2, ships=(Ship(ShipKind.LONGSHIP, 3),))
    )
    placed, _ = run(state, 0, cmd.PlaceVikings("raiding-2-1"), chance)
    twelve = _standing(placed, "raiding-2-1", 12, 3)  # 12 + 3 ore = 15
    crown = cmd.DeclareRaid(True, 0, 0, "english-crown")
    assert _rule(twelve, 0, crown) == "feast/sword-too-high"
    assert _rule(twelve, 0, cmd.DeclareRaid(True, 0, 0, "peas")) == "feast/take-blue-or-special"
    after, _ = run(twelve, 0, cmd.DeclareRaid(True, 1, 0, "english-crown"), chance)
    p = after.players[0]
    assert p.specials == ("english-crown",) and p.stone == 0 and p.ships[0].ore == 3
    assert "english-crown" not in after.specials_left


# --- フェイズ8: breeding -----------------------------------------------------------------------


def test_pregnant_animals_give_birth_and_no_new_pregnancy_that_round() -> None:
    """少なくとも1頭妊娠: every pregnant one turns back and brings one; only otherwise does
    one of 2 or more become pregnant."""
    state, chance = _ready(pregnant_sheep=1, sheep=2, cattle=1, pregnant_cattle=0)
    while state.turn is not None and state.phase.value == "actions":
        state, _ = run(state, state.turn, cmd.Pass(), chance)
    assert _goods(state, Good.SHEEP, Good.PREGNANT_SHEEP) == [4, 0]
    assert _goods(state, Good.CATTLE, Good.PREGNANT_CATTLE) == [1, 0]  # one alone: nothing


# --- 4人プレイでの拡張 -------------------------------------------------------------------------


def test_imitation_copies_only_another_players_occupied_space() -> None:
    """空いているアクションスペースやあなたのヴァイキング駒が占有しているアクションスペースを模倣
    することはできません."""
    state, chance = new_game(4, seed="audit-imitation")
    state = turn_of(state, 0)
    column = state.imitation[0]
    space = {1: "hunting-1-2", 2: "products-2-1"}[column]
    copy = cmd.PlaceVikings(f"imitation-{column}", 0, space)
    assert _rule(state, 0, copy) == "feast/imitation-needs-other"  # empty
    own, _ = run(state, 0, cmd.PlaceVikings(space), chance)
    own = turn_of(own, 0)
    assert _rule(own, 0, copy) == "feast/imitation-needs-other"  # one's own
    theirs = turn_of(own, 1)
    after, _ = run(theirs, 1, copy, chance)
    assert after.occupant(f"imitation-{column}") is not None
    assert after.players[1].thing == theirs.players[1].thing - column


# --- weapons and occupations: decks (components.md §5.1, §5.4; 有限のものと無限のもの) ---------


def test_an_empty_weapon_deck_takes_the_discard_pile_then_substitutes() -> None:
    """Phase 4 draws from the deck; spent weapons form the discard pile, which becomes the
    deck when it runs out; with both empty a substitute is taken (weapons are unlimited)."""
    state, chance = _ready(wood=0, bow=2)
    placed, _ = run(state, 0, cmd.PlaceVikings("hunting-1-1"), chance)
    two = _standing(placed, "hunting-1-1", 2)
    spent, _ = run(two, 0, cmd.DeclareHunt(True, 0, 2), chance)
    assert spent.weapon_discard == (2, 0, 0, 0)
    log = Log(replace(spent, weapon_deck=(0, 0, 0, 0)))
    draw_weapon(log, 1, chance)
    drawn = log.events[-1]
    assert isinstance(drawn, ev.WeaponDrawn) and drawn.reshuffled and drawn.weapon is Weapon.BOW
    assert log.state.weapon_deck == (1, 0, 0, 0) and log.state.weapon_discard == (0, 0, 0, 0)
    log = Log(replace(log.state, weapon_deck=(0, 0, 0, 0)))
    before = sum(log.state.players[1].weapons)
    draw_weapon(log, 1, chance)
    assert not log.events[-1].reshuffled and sum(log.state.players[1].weapons) == before + 1


def test_column_3_with_an_empty_occupation_deck_draws_nothing() -> None:
    """3列目: draw an occupation; none is left, so the action goes on without one."""
    state, chance = _ready(silver=1, sheep=0)
    state = replace(state, occupation_deck=())
    state = state.with_player(0, replace(state.players[0], thing=3))
    hand = state.players[0].hand
    after, events = run(state, 0, cmd.PlaceVikings("livestock-market-3-1", 0), chance)
    assert after.players[0].hand == hand and good_count(after.players[0], Good.SHEEP) == 1
    assert not any(isinstance(e, ev.OccupationDrawn) for e in events)

"""Rules audit, part 2: all 61 printed action spaces, each placed once from one rich state
and checked against its line in rules.ja.txt (アクションスペースの説明) and its effect text
in ``action_board``: what it costs, what it gives, the choices it leaves open, the column
bonus (column 3 draws an occupation first, column 4 may play one)."""

from __future__ import annotations

from typing import Any

import pytest

from skald.domain.feast.action_board import ACTION_SPACES
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.actions.emigration import EXCHANGE
from skald.domain.feast.game.items import amount
from skald.domain.feast.game.state import Ship, State
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel import ServerChance, SkaldError
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, new_game, run, turn_of

_TRACK = [
    "silver",
    "wood",
    "stone",
    "ore",
    "flax",
    "linen",
    "hide",
    "clothing",
    "wool",
    "robe",
    "silverware",
    "jewelry",
    "chest",
    "rune-stone",
    "stockfish",
    "salt-meat",
    "sheep",
    "cattle",
    "milk",
    "mead",
    "beans",
    "fruits",
    "oil",
    "spices",
    "game-meat",
    "fur",
    "whale-meat",
    "skin-and-bones",
    "silver-hoard",
    "bow",
    "snare",
    "spear",
    "long-sword",
    "whaling-boat",
    "knarr",
    "longship",
]

# space → (option, changes). Changes name the items above, and "shed", "stone-house",
# "long-house" (houses owned), "hand" (occupations held), "emigrated" (ships emigrated).
_FIXED: dict[str, tuple[int, dict[str, int]]] = {
    # 建物の建築 ①–④
    "build-houses-1-1": (0, {"wood": -2, "shed": 1}),
    "build-houses-2-1": (0, {"stone": -1, "stone-house": 1}),
    "build-houses-3-1": (0, {"stone": -2, "long-house": 1, "hand": 1}),
    "build-houses-4-1": (0, {"stone": -2, "wood": -2, "stone-house": 1, "longship": 1}),
    # 船の建造 ①–③
    "build-ships-1-1": (0, {"wood": -1, "whaling-boat": 1}),
    "build-ships-2-1": (0, {"wood": -2, "knarr": 1}),
    "build-ships-3-1": (0, {"wood": -2, "longship": 1, "hand": 1}),
    # 狩り ①
    "hunting-1-2": (0, {"stockfish": 1}),
    # 家畜市場 ①①②②③④
    "livestock-market-1-1": (0, {"silver": -1, "stockfish": 2}),
    "livestock-market-1-2": (0, {"silver": -2, "salt-meat": 2}),
    "livestock-market-2-1": (0, {"silver": -1, "sheep": 1}),
    "livestock-market-2-2": (0, {"silver": -3, "cattle": 1, "milk": 1}),
    "livestock-market-3-1": (1, {"silver": -1, "cattle": 1, "hand": 1}),
    "livestock-market-4-1": (0, {"silver": -3, "cattle": 1, "sheep": 1}),
    # 週市 ①–④ (④: 2 cattle → 2 milk, 2 sheep → 1 wool)
    "weekly-market-1-1": (0, {"beans": 1, "silver": 1}),
    "weekly-market-2-1": (0, {"flax": 1, "stockfish": 1, "silver": 1}),
    "weekly-market-3-1": (0, {"fruits": 1, "oil": 1, "salt-meat": 1, "silver": 1, "hand": 1}),
    "weekly-market-4-1": (0, {"spices": 1, "silver": 1, "milk": 2, "wool": 1}),
    # 生産 ①–③ (2 cattle, 2 sheep)
    "products-1-1": (0, {"milk": 2}),
    "products-2-1": (0, {"mead": 2, "silver": 2}),
    "products-3-1": (0, {"wool": 2, "hand": 1}),
    # 工芸 ①①②②③③④
    "crafting-1-1": (0, {"flax": -1, "linen": 1}),
    "crafting-1-2": (0, {"stone": -1, "rune-stone": 1, "silver": 1}),
    "crafting-2-1": (0, {"hide": -1, "linen": -1, "clothing": 1, "silver": 2}),
    "crafting-2-2": (1, {"ore": -1, "chest": 1, "silver": 1}),
    "crafting-3-1": (0, {"ore": -1, "jewelry": 1, "hand": 1}),
    "crafting-3-2": (0, {"stone": -2, "wood": -2, "rune-stone": 2, "chest": 2, "hand": 1}),
    "crafting-4-1": (3, {"silver": 4, "wool": -1, "robe": 1, "silverware": -1, "jewelry": 1}),
    # 山岳と交易 ②: one wood per player (2) and one ore
    "mountains-and-trade-2-1": (0, {"wood": 2, "ore": 1}),
    # 恐喝 ④ (2 longships)
    "raiding-4-1": (0, {"silver-hoard": 1}),
    # 探険 ①② (Shetland; Iceland is the first face-up face of column 2)
    "exploration-1-1": (0, {}),
    "exploration-2-1": (1, {}),
    # 職業 ①①
    "emigration-and-occupation-1-1": (0, {"hand": 1, "silver": 1}),
    # 移住 ②③ (round 1: 1 silver), ④ exchanging the whaling boat, emigrating the new knarr
    "emigration-and-occupation-2-1": (1, {"silver": -1, "knarr": -1, "emigrated": 1}),
    "emigration-and-occupation-3-1": (
        2,
        {"silver": -1, "longship": -1, "emigrated": 1, "hand": 1},
    ),
    "emigration-and-occupation-4-1": (
        EXCHANGE + 4,
        {"silver": -1, "whaling-boat": -1, "emigrated": 1},
    ),
}

# space → (option, takes, upgrades, upgrade steps, plays): what is left to choose
_OFFERS: dict[str, tuple[int, tuple[int, ...], int, int, int]] = {
    "mountains-and-trade-1-1": (0, (2,), 0, 1, 0),
    "mountains-and-trade-1-2": (0, (1,), 1, 1, 0),
    "mountains-and-trade-1-3": (0, (), 2, 1, 0),
    "mountains-and-trade-2-2": (0, (3,), 1, 1, 0),
    "mountains-and-trade-2-3": (0, (), 3, 1, 0),
    "mountains-and-trade-3-1": (0, (3, 2), 0, 1, 0),
    "mountains-and-trade-3-2": (0, (), 3, 1, 0),
    "mountains-and-trade-3-3": (0, (), 4, 1, 0),
    "mountains-and-trade-4-1": (0, (4,), 2, 2, 0),
    "mountains-and-trade-4-2": (0, (2, 2, 2, 2), 0, 1, 0),
    "emigration-and-occupation-1-2": (0, (), 0, 1, 1),
    "emigration-and-occupation-2-2": (0, (), 0, 1, 2),
    "emigration-and-occupation-3-2": (0, (), 0, 1, 4),
}

# space → (option, die, modifier): whaling boats with 1 and 0 loaded ore (+1 printed each),
# longships with 2 and 0 ore
_DICE: dict[str, tuple[int, str, int]] = {
    "hunting-1-1": (0, "d8", 0),
    "hunting-2-1": (0, "d8", 0),
    "hunting-2-2": (0, "d8", 0),
    "hunting-3-1": (0, "d12", -3),
    "hunting-4-1": (1, "d12", -1),
    "raiding-1-1": (0, "d8", 0),
    "raiding-2-1": (0, "d12", 2),
    "raiding-3-1": (0, "d12", 2),
}

# space → (option, awaited step)
_STEPS: dict[str, tuple[int, str]] = {
    "sailing-1-1": (0, "TradeOverseas"),
    "sailing-2-1": (0, "TradeOverseas"),
    "sailing-3-1": (0, "BuySpecials"),
}


def _rich() -> tuple[State, ServerChance]:
    state, chance = new_game(2, seed="audit-spaces")
    state = turn_of(state, 0)
    state = holding(
        state,
        0,
        silver=20,
        wood=10,
        stone=10,
        ore=5,
        flax=1,
        hide=1,
        linen=1,
        wool=1,
        silverware=1,
        oil=1,
        sheep=2,
        cattle=2,
        peas=1,
    )
    ships = (
        Ship(ShipKind.WHALING_BOAT, 1),
        Ship(ShipKind.KNARR),
        Ship(ShipKind.LONGSHIP, 2),
        Ship(ShipKind.LONGSHIP, 0),
        Ship(ShipKind.WHALING_BOAT, 0),
    )
    return state.with_player(0, replace(state.players[0], thing=4, ships=ships)), chance


def _count(s: State, item: str) -> int:
    p = s.players[0]
    if item in ("shed", "stone-house", "long-house"):
        return sum(1 for h in p.houses if h.board.value == item)
    if item == "hand":
        return len(p.hand)
    if item == "emigrated":
        return len(p.emigrated)
    return amount(p, item)


def _changes(before: State, after: State) -> dict[str, int]:
    out = {}
    for item in (*_TRACK, "shed", "stone-house", "long-house", "hand", "emigrated"):
        d = _count(after, item) - _count(before, item)
        if d:
            out[item] = d
    return out


def test_the_table_names_every_printed_space_once() -> None:
    tables: list[dict[str, Any]] = [_FIXED, _OFFERS, _DICE, _STEPS]
    ids = [k for t in tables for k in t] + ["exploration-3-1"]  # its own test below
    assert sorted(ids) == sorted(s.id for s in ACTION_SPACES) and len(ids) == 61


@pytest.mark.parametrize("space", sorted(_FIXED))
def test_pay_and_gain(space: str) -> None:
    state, chance = _rich()
    option, changes = _FIXED[space]
    command = cmd.PlaceVikings(space, option)
    assert command in set(RULES.legal_commands(state, 0))
    after, _ = run(state, 0, command, chance)
    assert _changes(state, after) == changes
    column = int(space.split("-")[-2])
    assert after.players[0].thing == state.players[0].thing - column
    if column == 4:  # 4列目: an occupation may still be played after the action
        assert after.running is not None and after.running.bonus_play
        assert "PlayOccupation" in RULES.pending(after)[0].answers
    else:
        assert after.running is None and after.turn == 1


def test_exploration_claims_the_board_with_its_silver() -> None:
    state, chance = _rich()
    state = replace(
        state, exploration=(replace(state.exploration[0], silver=4), *state.exploration[1:])
    )
    after, _ = run(state, 0, cmd.PlaceVikings("exploration-1-1", 0), chance)
    assert [b.board.value for b in after.players[0].explored] == ["shetland"]
    assert after.players[0].silver == 24 and after.exploration[0].owner == 0
    # column 3 explores only the American faces, none of them face up at the start
    with pytest.raises(SkaldError) as info:
        RULES.check(state, 0, cmd.PlaceVikings("exploration-3-1", 0))
    assert info.value.rule == "feast/board-not-face-up"
    # once Faroe has turned to Baffin Island, column 3 claims it (a longship, 3 Vikings)
    baffin = replace(state.exploration[1], face=BoardId.BAFFIN_ISLAND, silver=2)
    state = replace(state, exploration=(state.exploration[0], baffin, *state.exploration[2:]))
    after, _ = run(state, 0, cmd.PlaceVikings("exploration-3-1", 0), chance)
    assert [b.board.value for b in after.players[0].explored] == ["baffin-island"]
    assert after.players[0].silver == 22 and len(after.players[0].hand) == 2


@pytest.mark.parametrize("space", sorted(_OFFERS))
def test_choices_left_open(space: str) -> None:
    state, chance = _rich()
    state = replace(
        state, players=(replace(state.players[0], hand=("occupation-005",)), state.players[1])
    )
    option, takes, ups, steps, plays = _OFFERS[space]
    after, _ = run(state, 0, cmd.PlaceVikings(space, option), chance)
    run_ = after.running
    assert run_ is not None and run_.space == space
    assert (run_.takes, run_.upgrades, run_.upgrade_steps, run_.plays) == (
        takes,
        ups,
        steps,
        plays,
    )
    if space == "mountains-and-trade-3-2":  # 武器カード4枚を得る
        assert sum(after.players[0].weapons) == sum(state.players[0].weapons) + 4
    if space == "emigration-and-occupation-1-2":  # 石材駒1個…を支払い、1銀を得て
        assert _changes(state, after) == {"stone": -1, "silver": 1}


@pytest.mark.parametrize("space", sorted(_DICE))
def test_dice_spaces_roll_at_once(space: str) -> None:
    state, chance = _rich()
    option, die, modifier = _DICE[space]
    after, events = run(state, 0, cmd.PlaceVikings(space, option), chance)
    d = after.dice
    assert d is not None and (d.space, f"d{d.sides}", d.roll, d.modifier) == (
        space,
        die,
        1,
        modifier,
    )
    assert [p.decision for p in RULES.pending(after)] == ["feast/after-roll"]
    assert type(events[-1]).__name__ == "ChoicesOffered"


@pytest.mark.parametrize("space", sorted(_STEPS))
def test_sailing_spaces_wait_for_their_step(space: str) -> None:
    state, chance = _rich()
    option, step = _STEPS[space]
    after, _ = run(state, 0, cmd.PlaceVikings(space, option), chance)
    assert after.running is not None and after.running.awaiting == (step,)
    paid = 1 if step == "TradeOverseas" else 0  # 1銀を支払い
    assert after.players[0].silver == 20 - paid

"""Each built action-space group, with exact outcomes (rules.ja.txt アクションスペース;
components.md §6), and the placement rules shared by all spaces."""

from __future__ import annotations

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.actions import BUILT, NOT_BUILT
from skald.domain.feast.game.items import amount
from skald.domain.feast.game.state import State, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel import IllegalMove, NotYourTurn, ServerChance
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, names, new_game, refused, run, turn_of

W, S, R, X = MountainItem.WOOD, MountainItem.STONE, MountainItem.ORE, MountainItem.SILVER_2


def _ready(players: int = 2, **things: int) -> tuple[State, ServerChance]:
    state, chance = new_game(players)
    state = turn_of(state, 0)
    return holding(state, 0, **things), chance


def _have(state: State, seat: int, *items: str) -> list[int]:
    return [amount(state.players[seat], i) for i in items]


def test_built_and_missing_spaces_partition_the_board() -> None:
    assert len(BUILT) + len(NOT_BUILT) == 61 and len(BUILT) == 61 and NOT_BUILT == ()


def test_fixed_pay_gain_space() -> None:
    state, chance = _ready(silver=1, stockfish=0)
    after, events = run(state, 0, cmd.PlaceVikings("livestock-market-1-1"), chance)
    assert _have(after, 0, "silver", "stockfish") == [0, 2]
    assert after.players[0].thing == state.players[0].thing - 1
    assert names(events) == [
        "VikingsPlaced",
        "Paid",
        "Gained",
        "ActionFinished",
        "TurnStarted",
    ]
    assert after.turn == 1 and after.running is None
    # used for the round: closed to everyone, the user included
    assert refused(after, 1, cmd.PlaceVikings("livestock-market-1-1")) == "feast/space-occupied"


def test_placement_refusals() -> None:
    state, _ = _ready(silver=0)
    assert refused(state, 0, cmd.PlaceVikings("livestock-market-1-1")) == "feast/cannot-pay"
    assert refused(state, 0, cmd.PlaceVikings("no-such")) == "feast/unknown-space"
    few = state.with_player(0, replace(state.players[0], thing=1))
    assert refused(few, 0, cmd.PlaceVikings("products-2-1")) == "feast/too-few-vikings"
    assert refused(state, 0, cmd.PlaceVikings("products-2-1", option=1)) == "feast/no-such-option"
    with pytest.raises(NotYourTurn):
        RULES.check(state, 1, cmd.PlaceVikings("products-2-1"))
    listed = {c.space for c in RULES.legal_commands(state, 0) if isinstance(c, cmd.PlaceVikings)}
    assert not listed & set(NOT_BUILT)


def test_build_houses_and_their_supply() -> None:
    state, chance = _ready(wood=2, stone=3)
    after, _ = run(state, 0, cmd.PlaceVikings("build-houses-1-1"), chance)
    assert _have(after, 0, "wood") == [0] and after.buildings_left == (2, 3, 5)
    assert [h.board.value for h in after.players[0].houses] == ["shed"]
    gone = replace(state, buildings_left=(0, 3, 5))
    assert refused(gone, 0, cmd.PlaceVikings("build-houses-1-1")) == "feast/no-building-left"
    after, _ = run(state, 0, cmd.PlaceVikings("build-houses-3-1"), chance)
    assert _have(after, 0, "stone") == [1] and after.buildings_left == (3, 3, 4)


def test_build_house_and_ship_alternatives() -> None:
    state, chance = _ready(wood=2, stone=2)
    state = holding(state, 0)
    state = state.with_player(0, replace(state.players[0], thing=4))
    a, _ = run(state, 0, cmd.PlaceVikings("build-houses-4-1", option=0), chance)
    b, _ = run(state, 0, cmd.PlaceVikings("build-houses-4-1", option=1), chance)
    assert [h.board.value for h in a.players[0].houses] == ["stone-house"]
    assert [s.kind for s in a.players[0].ships] == [ShipKind.LONGSHIP]
    assert [h.board.value for h in b.players[0].houses] == ["long-house"]
    assert [s.kind for s in b.players[0].ships] == [ShipKind.KNARR]


def test_build_ships_needs_a_free_berth() -> None:
    state, chance = _ready(wood=1)
    after, _ = run(state, 0, cmd.PlaceVikings("build-ships-1-1"), chance)
    assert [s.kind for s in after.players[0].ships] == [ShipKind.WHALING_BOAT]
    full = holding(state, 0, whaling_boat=3)
    assert refused(full, 0, cmd.PlaceVikings("build-ships-1-1")) == "feast/needs-ship"


def test_livestock_market_sheep_or_cattle() -> None:
    state, chance = _ready(silver=1, sheep=0, cattle=0)
    a, _ = run(state, 0, cmd.PlaceVikings("livestock-market-3-1", option=0), chance)
    b, _ = run(state, 0, cmd.PlaceVikings("livestock-market-3-1", option=1), chance)
    assert _have(a, 0, "sheep", "cattle", "silver") == [1, 0, 1]
    assert _have(b, 0, "sheep", "cattle", "silver") == [0, 1, 0]
    poor = holding(state, 0, silver=0)
    assert refused(poor, 0, cmd.PlaceVikings("livestock-market-3-1", 1)) == "feast/cannot-pay"


def test_weekly_market_4_scales_with_animals() -> None:
    state, chance = _ready(cattle=1, pregnant_sheep=1, silver=0)
    state = state.with_player(0, replace(state.players[0], thing=4))
    after, _ = run(state, 0, cmd.PlaceVikings("weekly-market-4-1"), chance)
    assert _have(after, 0, "spices", "silver", "milk", "wool") == [1, 1, 2, 1]
    bare = holding(state, 0, cattle=0, pregnant_sheep=0)
    after, _ = run(bare, 0, cmd.PlaceVikings("weekly-market-4-1"), chance)
    assert _have(after, 0, "spices", "silver", "milk", "wool") == [1, 1, 0, 0]


def test_products_per_animal_at_most_three() -> None:
    state, chance = _ready(cattle=4, sheep=2)
    after, _ = run(state, 0, cmd.PlaceVikings("products-1-1"), chance)
    assert _have(after, 0, "milk") == [3]
    state = state.with_player(0, replace(state.players[0], thing=3))
    after, _ = run(state, 0, cmd.PlaceVikings("products-3-1"), chance)
    assert _have(after, 0, "wool") == [2]
    none = holding(state, 0, cattle=0)
    assert refused(none, 0, cmd.PlaceVikings("products-1-1")) == "feast/nothing-to-gain"


def test_wood_per_player_and_ore() -> None:
    state, chance = _ready(players=3, wood=0, ore=0)
    after, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-2-1"), chance)
    assert _have(after, 0, "wood", "ore") == [3, 1]


def test_crafting_exchanges() -> None:
    state, chance = _ready(flax=1, linen=0, wood=1, ore=1, chest=0, silver=0)
    after, _ = run(state, 0, cmd.PlaceVikings("crafting-1-1"), chance)
    assert _have(after, 0, "flax", "linen") == [0, 1]
    a, _ = run(state, 0, cmd.PlaceVikings("crafting-2-2", option=0), chance)
    b, _ = run(state, 0, cmd.PlaceVikings("crafting-2-2", option=1), chance)
    assert _have(a, 0, "wood", "ore", "chest", "silver") == [0, 1, 1, 1]
    assert _have(b, 0, "wood", "ore", "chest", "silver") == [1, 0, 1, 1]


def test_crafting_4_silver_then_optional_exchanges() -> None:
    state, chance = _ready(wool=1, silverware=1, silver=0)
    state = state.with_player(0, replace(state.players[0], thing=4, hand=()))
    after, _ = run(state, 0, cmd.PlaceVikings("crafting-4-1", option=3), chance)
    assert _have(after, 0, "silver", "wool", "robe", "silverware", "jewelry") == [4, 0, 1, 0, 1]
    only = holding(state, 0, silverware=0)
    assert refused(only, 0, cmd.PlaceVikings("crafting-4-1", option=2)) == "feast/cannot-pay"
    after, _ = run(only, 0, cmd.PlaceVikings("crafting-4-1", option=1), chance)
    assert _have(after, 0, "silver", "robe") == [4, 1]


def test_plundering_needs_two_longships() -> None:
    state, chance = _ready(longship=1)
    state = state.with_player(0, replace(state.players[0], thing=4))
    assert refused(state, 0, cmd.PlaceVikings("raiding-4-1")) == "feast/needs-ship"
    two = holding(state, 0, longship=2)
    after, _ = run(two, 0, cmd.PlaceVikings("raiding-4-1"), chance)
    assert _have(after, 0, "silver-hoard") == [1]


def _strips(state: State) -> State:
    return replace(
        state,
        strips=(Strip(1, (W, W, S, S, S, R, X)), Strip(7, (W, W, S, R, R, X, X))),
    )


def test_mountain_takes_from_the_arrow_end_of_one_strip() -> None:
    state, chance = _ready(wood=0, stone=0)
    state = _strips(state)
    placed, events = run(state, 0, cmd.PlaceVikings("mountains-and-trade-1-1"), chance)
    assert placed.running is not None and placed.running.takes == (2,)
    assert set(RULES.to_act(placed)) == {0}
    assert RULES.pending(placed)[0].decision == "feast/action-step"
    assert refused(placed, 0, cmd.FinishAction()) == "feast/not-now"  # nothing used yet
    assert refused(placed, 0, cmd.TakeFromMountain(1, 3)) == "feast/take-count"
    after, events = run(placed, 0, cmd.TakeFromMountain(1, 2), chance)
    assert _have(after, 0, "wood", "stone") == [2, 0]
    assert after.strips[0].items == (S, S, S, R, X)
    assert names(events)[-2:] == ["ActionFinished", "TurnStarted"]  # nothing left to choose


def test_mountains_3_and_2_use_different_strips() -> None:
    state, chance = _ready(wood=0, stone=0, ore=0)
    state = _strips(state)
    state = state.with_player(0, replace(state.players[0], thing=3))
    placed, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-3-1"), chance)
    s1, _ = run(placed, 0, cmd.TakeFromMountain(7, 2), chance)
    assert s1.running is not None and s1.running.takes == (3,)
    assert refused(s1, 0, cmd.TakeFromMountain(7, 1)) == "feast/strip-not-open"
    s2, _ = run(s1, 0, cmd.TakeFromMountain(1, 3), chance)
    assert s2.running is None
    assert _have(s2, 0, "wood", "stone", "ore") == [4, 1, 0]


def test_mountain_silver_two_is_one_item() -> None:
    state, chance = _ready(silver=0)
    state = replace(state, strips=(Strip(1, (X, W)),))
    placed, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-1-1"), chance)
    after, _ = run(placed, 0, cmd.TakeFromMountain(1, 1), chance)
    assert _have(after, 0, "silver") == [2]
    # "up to 2 from one strip": taking fewer still uses the strip, and the action is over
    assert after.running is None and after.strips[0].items == (W,)


def test_single_and_double_upgrades_keep_the_shape() -> None:
    state, chance = _ready(peas=1, beans=1, mead=0, oil=0)
    placed, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-1-3"), chance)
    assert refused(placed, 0, cmd.Upgrade(Good.PEAS, 2)) == "feast/upgrade-steps"
    assert refused(placed, 0, cmd.Upgrade(Good.CHEST, 1)) == "feast/nothing-to-upgrade"
    s1, _ = run(placed, 0, cmd.Upgrade(Good.PEAS, 1), chance)
    assert _have(s1, 0, "peas", "mead") == [0, 1]
    # each good once (物品最大2個を1段階): the mead just made is not upgraded again
    assert refused(s1, 0, cmd.Upgrade(Good.MEAD, 1)) == "feast/upgraded-already"
    s2, _ = run(s1, 0, cmd.Upgrade(Good.BEANS, 1), chance)
    assert _have(s2, 0, "beans", "milk", "mead") == [0, 1, 1] and s2.running is None
    double, chance = _ready(peas=1, sheep=1)
    double = double.with_player(0, replace(double.players[0], thing=4, hand=()))
    double = _strips(double)
    placed, _ = run(double, 0, cmd.PlaceVikings("mountains-and-trade-4-2", option=1), chance)
    s1, _ = run(placed, 0, cmd.Upgrade(Good.PEAS, 2), chance)
    assert _have(s1, 0, "peas", "oil") == [0, 1]
    s2, _ = run(s1, 0, cmd.Upgrade(Good.SHEEP, 2), chance)
    assert _have(s2, 0, "sheep", "jewelry") == [0, 1]


def test_upgrade_and_four_weapons() -> None:
    state, chance = _ready(peas=0, beans=0, flax=0, mead=0)
    state = state.with_player(0, replace(state.players[0], thing=3))
    before = sum(state.players[0].weapons)
    after, _ = run(state, 0, cmd.PlaceVikings("mountains-and-trade-3-2"), chance)
    assert sum(after.players[0].weapons) == before + 4
    assert after.running is None  # nothing to upgrade: the action ends by itself


def test_occupation_spaces() -> None:
    state, chance = _ready(silver=0, stone=1)
    card = state.players[0].hand[0]
    drawn, _ = run(state, 0, cmd.PlaceVikings("emigration-and-occupation-1-1"), chance)
    assert len(drawn.players[0].hand) == 2 and _have(drawn, 0, "silver") == [1]
    paid, _ = run(state, 0, cmd.PlaceVikings("emigration-and-occupation-1-2", 0), chance)
    assert _have(paid, 0, "stone", "silver") == [0, 1]
    played, _ = run(paid, 0, cmd.PlayOccupation(card), chance)
    assert played.players[0].played == (card,) and played.players[0].hand == ()
    assert refused(paid, 0, cmd.PlayOccupation("occupation-999")) == (
        "feast/occupation-not-in-hand"
    )
    empty = state.with_player(0, replace(state.players[0], hand=()))
    assert refused(empty, 0, cmd.PlaceVikings("emigration-and-occupation-2-2")) == (
        "feast/no-occupation-in-hand"
    )


def test_column_3_draws_first_and_column_4_may_play() -> None:
    state, chance = _ready()
    empty = state.with_player(0, replace(state.players[0], hand=()))
    placed, events = run(empty, 0, cmd.PlaceVikings("emigration-and-occupation-3-2"), chance)
    assert names(events)[:2] == ["VikingsPlaced", "OccupationDrawn"]
    (card,) = placed.players[0].hand
    after, _ = run(placed, 0, cmd.PlayOccupation(card), chance)
    assert after.players[0].played == (card,)
    four = state.with_player(0, replace(state.players[0], thing=4))
    four = holding(four, 0, silver=3)
    placed, _ = run(four, 0, cmd.PlaceVikings("livestock-market-4-1"), chance)
    assert placed.running is not None and placed.running.bonus_play
    assert set(RULES.pending(placed)[0].answers) == {"PlayOccupation", "FinishAction"}
    done, _ = run(placed, 0, cmd.FinishAction(), chance)
    assert done.running is None and _have(done, 0, "cattle", "sheep") == [1, 1]


def test_imitation_copies_another_players_space() -> None:
    state, chance = new_game(4)
    col = state.imitation[0]
    space = "weekly-market-1-1" if col == 1 else "weekly-market-2-1"
    state = turn_of(state, 1)
    taken, _ = run(state, 1, cmd.PlaceVikings(space), chance)
    taken = turn_of(taken, 0)
    imitation = f"imitation-{col}"
    before = _have(taken, 0, "silver")[0]
    after, _ = run(taken, 0, cmd.PlaceVikings(imitation, copy=space), chance)
    assert _have(after, 0, "silver") == [before + 1]
    later = turn_of(after, 2)
    assert refused(later, 2, cmd.PlaceVikings(imitation, copy=space)) == "feast/space-occupied"
    own = turn_of(taken, 1)
    assert refused(own, 1, cmd.PlaceVikings(imitation, copy=space)) == (
        "feast/imitation-needs-other"
    )
    free = "weekly-market-1-1" if col == 2 else "weekly-market-2-1"
    assert refused(taken, 0, cmd.PlaceVikings(imitation, copy=free)) in (
        "feast/imitation-needs-other",
        "feast/imitation-column",
    )
    assert refused(taken, 0, cmd.PlaceVikings(imitation)) == "feast/imitation-needs-copy"
    assert refused(taken, 0, cmd.PlaceVikings(f"imitation-0{col}", copy=space)) == (
        "feast/unknown-space"
    )
    absent = ({1, 2, 3, 4} - set(state.imitation)).pop()
    assert refused(taken, 0, cmd.PlaceVikings(f"imitation-{absent}")) == "feast/unknown-space"


def test_passing_and_turn_order() -> None:
    state, chance = new_game(3)
    first = state.turn
    assert first is not None
    after, _ = run(state, first, cmd.Pass(), chance)
    assert after.players[first].passed and after.turn == (first + 1) % 3
    with pytest.raises(IllegalMove):
        RULES.check(after, (first + 1) % 3, cmd.EndFeast())

"""Sailing and the forge, with exact outcomes: overseas trading ①② and the special sale ③
(rules.ja.txt 航海), the forge, crafting ③ (工芸 ③); components.md §1.4, §6."""

from __future__ import annotations

from collections import Counter
from typing import Any

from skald.domain.feast.game import RULES, notation
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.actions import SPACES
from skald.domain.feast.game.actions.forge import FORGE_CHOICES
from skald.domain.feast.game.items import amount
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import Good
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.special_tiles import SpecialTile as T
from skald.domain.kernel import ServerChance
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, names, new_game, refused, run, turn_of


def _ready(players: int = 2, **things: int) -> tuple[State, ServerChance]:
    state, chance = new_game(players)
    return holding(turn_of(state, 0), 0, **things), chance


def _have(state: State, *items: str) -> list[int]:
    return [amount(state.players[0], i) for i in items]


def _listed(state: State, kind: type) -> list[Any]:
    return [c for c in RULES.legal_commands(state, 0) if isinstance(c, kind)]


# --- the forge ------------------------------------------------------------------------------


def test_forge_choices_are_jewelry_and_the_forge_symbol_tiles() -> None:
    assert FORGE_CHOICES == (
        "jewelry",
        "helmet",
        "cloakpin",
        "crucifix",
        "horseshoe",
        "forge-hammer",
        "fibula",
        "throwing-axe",
    )


def test_forge_jewelry() -> None:
    state, chance = _ready(ore=1, jewelry=0)
    after, events = run(state, 0, cmd.PlaceVikings("crafting-3-1", 0), chance)
    assert _have(after, "ore", "jewelry") == [0, 1]
    assert names(events) == [
        "VikingsPlaced",
        "OccupationDrawn",  # column 3 draws before the action (RULINGS.md)
        "Paid",
        "Gained",
        "ActionFinished",
        "TurnStarted",
    ]
    assert after.players[0].thing == state.players[0].thing - 3


def test_forge_a_special_tile_takes_it_from_the_supply() -> None:
    state, chance = _ready(ore=2)
    helmet = FORGE_CHOICES.index("helmet")
    after, _ = run(state, 0, cmd.PlaceVikings("crafting-3-1", helmet), chance)
    assert after.players[0].specials == ("helmet",) and _have(after, "ore") == [1]
    assert "helmet" not in after.specials_left and len(after.specials_left) == 14
    later = holding(turn_of(replace(after, occupied=()), 1), 1, ore=1)
    assert refused(later, 1, cmd.PlaceVikings("crafting-3-1", helmet)) == (
        "feast/special-tile-taken"
    )
    assert cmd.PlaceVikings("crafting-3-1", 0) in set(RULES.legal_commands(later, 1))


def test_forge_needs_ore() -> None:
    state, _ = _ready(ore=0)
    assert refused(state, 0, cmd.PlaceVikings("crafting-3-1", 0)) == "feast/cannot-pay"
    assert refused(state, 0, cmd.PlaceVikings("crafting-3-1", 8)) == "feast/no-such-option"


# --- overseas trading -------------------------------------------------------------------------


def test_overseas_trading_needs_a_knarr_and_a_silver() -> None:
    state, _ = _ready(silver=1, hide=1)
    assert refused(state, 0, cmd.PlaceVikings("sailing-1-1")) == "feast/needs-ship"
    state, _ = _ready(silver=1, hide=1, longship=1)
    assert refused(state, 0, cmd.PlaceVikings("sailing-1-1")) == "feast/needs-ship"
    state, _ = _ready(silver=0, hide=1, knarr=1)
    assert refused(state, 0, cmd.PlaceVikings("sailing-1-1")) == "feast/cannot-pay"
    state, _ = _ready(silver=1, knarr=1, flax=1, mead=1)
    assert refused(state, 0, cmd.PlaceVikings("sailing-2-1")) == "feast/nothing-to-trade"


def test_overseas_trading_turns_different_green_goods_to_blue() -> None:
    state, chance = _ready(silver=3, hide=2, wool=1, oil=0, knarr=1)
    placed, events = run(state, 0, cmd.PlaceVikings("sailing-1-1"), chance)
    assert names(events) == ["VikingsPlaced", "Paid", "ChoicesOffered"]
    assert _have(placed, "silver") == [2]
    assert RULES.pending(placed)[0].answers == ("TradeOverseas",)
    hide, wool = Good.HIDE, Good.WOOL
    assert _listed(placed, cmd.TradeOverseas) == [
        cmd.TradeOverseas(()),
        cmd.TradeOverseas((hide,)),
        cmd.TradeOverseas((wool,)),
        cmd.TradeOverseas((hide, wool)),
    ]
    assert _listed(placed, cmd.FinishAction) == []  # the step must be answered
    # each good once, in the goods' order; only green goods in supply
    assert refused(placed, 0, cmd.TradeOverseas((wool, hide))) == "feast/goods-order"
    assert refused(placed, 0, cmd.TradeOverseas((hide, hide))) == "feast/goods-order"
    assert refused(placed, 0, cmd.TradeOverseas((Good.OIL,))) == "feast/not-green-in-supply"
    assert refused(placed, 0, cmd.TradeOverseas((Good.FLAX,))) == "feast/not-green-in-supply"
    after, events = run(placed, 0, cmd.TradeOverseas((hide, wool)), chance)
    assert names(events) == ["GoodsTraded", "ActionFinished", "TurnStarted"]
    assert _have(after, "hide", "silverware", "wool", "chest", "silver") == [1, 1, 0, 1, 2]
    assert after.running is None and after.turn == 1


def test_overseas_trading_column_2_and_goods_placed_meanwhile() -> None:
    state, chance = _ready(silver=1, linen=1, knarr=1)
    placed, _ = run(state, 0, cmd.PlaceVikings("sailing-2-1"), chance)
    assert placed.players[0].thing == state.players[0].thing - 2
    # linen goes onto the home board (an anytime action) before the goods are named
    put = next(c for c in _listed(placed, cmd.PlaceGood) if c.piece == "linen")
    placed, _ = run(placed, 0, put, chance)
    assert _listed(placed, cmd.TradeOverseas) == [cmd.TradeOverseas(())]
    after, _ = run(placed, 0, cmd.TradeOverseas(()), chance)
    assert after.running is None and _have(after, "silver", "silk") == [0, 0]


# --- the special sale ----------------------------------------------------------------------


def test_special_sale_buys_one_or_two_tiles_at_their_cost() -> None:
    state, chance = _ready(silver=3, knarr=1)
    placed, events = run(state, 0, cmd.PlaceVikings("sailing-3-1"), chance)
    assert names(events) == ["VikingsPlaced", "OccupationDrawn", "ChoicesOffered"]
    offered = _listed(placed, cmd.BuySpecials)
    # within 3 silver: 9 single tiles (glass beads 0 … gold brooch 3) and the pairs
    singles = [c for c in offered if len(c.tiles) == 1]
    assert [c.tiles[0].value for c in singles] == [
        "glass-beads",
        "helmet",
        "cloakpin",
        "belt",
        "crucifix",
        "drinking-horn",
        "amber-figure",
        "horseshoe",
        "gold-brooch",
    ]
    assert cmd.BuySpecials((T.GLASS_BEADS, T.GOLD_BROOCH)) in offered
    assert cmd.BuySpecials((T.HELMET, T.BELT)) in offered
    assert cmd.BuySpecials((T.BELT, T.CRUCIFIX)) not in offered  # 4 silver
    assert refused(placed, 0, cmd.BuySpecials((T.BELT, T.CRUCIFIX))) == "feast/cannot-pay"
    assert refused(placed, 0, cmd.BuySpecials((T.ENGLISH_CROWN,))) == ("feast/special-not-for-sale")
    assert refused(placed, 0, cmd.BuySpecials((T.BELT, T.HELMET))) == "feast/tiles-order"
    assert refused(placed, 0, cmd.BuySpecials(())) == "feast/sale-count"
    three = (T.GLASS_BEADS, T.HELMET, T.CLOAKPIN)
    assert refused(placed, 0, cmd.BuySpecials(three)) == "feast/sale-count"
    after, events = run(placed, 0, cmd.BuySpecials((T.GLASS_BEADS, T.GOLD_BROOCH)), chance)
    assert names(events) == ["SpecialsBought", "ActionFinished", "TurnStarted"]
    assert events[0].silver == 3 and _have(after, "silver") == [0]
    assert after.players[0].specials == ("glass-beads", "gold-brooch")
    assert not {"glass-beads", "gold-brooch"} & set(after.specials_left)


def test_special_sale_refusals_and_silver_spent_meanwhile() -> None:
    state, _ = _ready(silver=5)
    assert refused(state, 0, cmd.PlaceVikings("sailing-3-1")) == "feast/needs-ship"
    state, chance = _ready(silver=0, knarr=1)
    # glass beads cost nothing: the sale is open with no silver while they are left
    assert cmd.PlaceVikings("sailing-3-1") in set(RULES.legal_commands(state, 0))
    gone = replace(state, specials_left=tuple(t for t in state.specials_left if t != "glass-beads"))
    assert refused(gone, 0, cmd.PlaceVikings("sailing-3-1")) == "feast/nothing-to-buy"
    state = holding(state, 0, silver=5)
    placed, _ = run(state, 0, cmd.PlaceVikings("sailing-3-1"), chance)
    placed = replace(placed, specials_left=gone.specials_left)
    placed, _ = run(placed, 0, cmd.BuyShip(ShipKind.KNARR), chance)  # 5 silver, anytime
    assert _listed(placed, cmd.BuySpecials) == [cmd.BuySpecials(())]
    after, _ = run(placed, 0, cmd.BuySpecials(()), chance)
    assert after.running is None and after.players[0].specials == ()
    # the move notation writes that step `buy` and reads it back (it refused bare `buy`)
    assert notation.to_text(cmd.BuySpecials(())) == "buy"
    assert notation.parse("buy") == cmd.BuySpecials(())


def test_random_four_player_games_reach_the_new_spaces() -> None:
    """Over 10 random 4-player games the forge, the sailing and the exploration spaces are
    used (printed with the emigration spaces, which a uniform random player rarely meets:
    it needs a knarr or longship and silver ≥ the round at once; their rules are tested
    above and in ``test_feast_game_emigrate``). Played without occupation effects: what
    random play reaches is measured on the spaces alone (cards spend the silver and goods
    these spaces need; games with them are ``test_cards_properties``)."""
    from tests.feast.test_feast_game_play import play

    used: Counter[str] = Counter()
    for seed in range(10):
        used += play(4, "long", 300 + seed, occupations=False)[2]
    emigration = [f"emigration-and-occupation-{c}-1" for c in (2, 3, 4)]
    mine = [s for s in SPACES if s.startswith(("crafting-3-1", "sailing", "exploration"))]
    mine += emigration
    print("\nnew spaces used over 10 random 4-player games:", {s: used[s] for s in mine})
    reached = {"crafting-3-1", "sailing-1-1", "sailing-3-1"} | {
        f"exploration-{c}-1" for c in (1, 2, 3)
    }
    assert reached <= set(used)

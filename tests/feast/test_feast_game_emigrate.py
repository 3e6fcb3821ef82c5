"""Emigration and the column-4 occupation play, with exact outcomes (rules.ja.txt 移住 and
ヴァイキング駒の配置ルール; refresher.en.txt; components.md §6, §7; RULINGS.md, Feast), and the
Japanese text's worked example of one longship serving a raid, an exploration and an
emigration in the same round."""

from __future__ import annotations

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions.emigration import EXCHANGE
from skald.domain.feast.game.evolve import apply
from skald.domain.feast.game.scoring import score_line
from skald.domain.feast.game.state import Exploration, Ship, State
from skald.domain.feast.placement import uncovered_banquet
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel import ServerChance
from skald.domain.kernel.fast import replace
from tests.feast.kit import holding, names, new_game, refused, run, turn_of

K, L, W = ShipKind.KNARR, ShipKind.LONGSHIP, ShipKind.WHALING_BOAT
E2, E3, E4 = (f"emigration-and-occupation-{c}-1" for c in (2, 3, 4))


def _ready(
    ships: tuple[Ship, ...] = (), players: int = 2, **things: int
) -> tuple[State, ServerChance]:
    state, chance = new_game(players)
    state = holding(turn_of(state, 0), 0, **things)
    return state.with_player(0, replace(state.players[0], ships=ships)), chance


def test_emigrating_a_knarr_costs_the_round_in_silver() -> None:
    state, chance = _ready((Ship(K),), silver=1)
    assert state.round == 1
    after, events = run(state, 0, cmd.PlaceVikings(E2, 0), chance)
    assert names(events) == ["VikingsPlaced", "ShipEmigrated", "ActionFinished", "TurnStarted"]
    assert events[1] == ev.ShipEmigrated(0, 0, K, 1)
    p = after.players[0]
    assert p.ships == () and p.emigrated == (K,) and p.silver == 0
    assert p.thing == state.players[0].thing - 2


def test_a_longships_ore_is_lost_and_the_choice_of_ship() -> None:
    fleet = (Ship(W, 1), Ship(L, 2), Ship(K))
    state, chance = _ready(fleet, silver=5, ore=3)
    state = replace(state, round=4)
    assert refused(state, 0, cmd.PlaceVikings(E3, 0)) == "feast/cannot-emigrate"
    assert refused(state, 0, cmd.PlaceVikings(E3, 3)) == "feast/no-such-ship"
    after, events = run(state, 0, cmd.PlaceVikings(E3, 1), chance)
    assert "OccupationDrawn" in names(events)  # column 3
    p = after.players[0]
    assert p.ships == (Ship(W, 1), Ship(K)) and p.emigrated == (L,)
    assert p.silver == 1 and p.ore == 3  # 4 silver in round 4; the 2 ore on it are gone
    poor = replace(state, round=6)
    assert refused(poor, 0, cmd.PlaceVikings(E3, 1)) == "feast/cannot-pay"


def test_emigration_needs_a_knarr_or_longship() -> None:
    state, _ = _ready((Ship(W),), silver=3)
    assert refused(state, 0, cmd.PlaceVikings(E2, 0)) == "feast/needs-ship"
    listed = {c.space for c in RULES.legal_commands(state, 0) if isinstance(c, cmd.PlaceVikings)}
    assert not {E2, E3} & listed and E4 in listed  # ④ may exchange the whaling boat first


def test_emigrated_ships_cover_banquet_squares_and_score() -> None:
    state, chance = _ready((Ship(K), Ship(L)), silver=3)
    after, _ = run(state, 0, cmd.PlaceVikings(E2, 0), chance)
    feast = apply(after, ev.FeastBegan(1))
    # round 1 of the long game: 6 open squares; an emigrated ship covers 2 (RULINGS.md)
    assert uncovered_banquet(feast.players[1].banquet) == 6
    assert uncovered_banquet(feast.players[0].banquet) == 4
    later = holding(turn_of(replace(after, occupied=()), 0), 0, silver=1)
    twice, _ = run(later, 0, cmd.PlaceVikings(E2, 0), chance)
    assert twice.players[0].emigrated == (K, L)
    assert uncovered_banquet(apply(twice, ev.FeastBegan(1)).players[0].banquet) == 2
    line = score_line(twice, 0)
    assert line.emigrated == 18 + 21 and line.ships == 0


def test_column_4_exchanges_a_whaling_boat_for_a_knarr_then_emigrates() -> None:
    state, chance = _ready((Ship(W, 1), Ship(W, 0)), silver=1)
    # after the exchange the fleet is (whaling boat with ore, new knarr): emigrate the knarr
    assert refused(state, 0, cmd.PlaceVikings(E4, 0)) == "feast/cannot-emigrate"
    assert refused(state, 0, cmd.PlaceVikings(E4, EXCHANGE + 0)) == "feast/cannot-emigrate"
    after, events = run(state, 0, cmd.PlaceVikings(E4, EXCHANGE + 1), chance)
    assert events[1] == ev.ShipExchanged(0, 1, K)  # the boat without ore goes
    assert events[2] == ev.ShipEmigrated(0, 1, K, 1)
    p = after.players[0]
    assert p.ships == (Ship(W, 1),) and p.emigrated == (K,) and p.silver == 0


def test_column_4_may_keep_the_new_knarr_and_emigrate_a_longship() -> None:
    full = (Ship(W), Ship(L, 3), Ship(K), Ship(K), Ship(K))  # all 4 large berths taken
    state, chance = _ready(full, silver=1)
    after, _ = run(state, 0, cmd.PlaceVikings(E4, EXCHANGE + 0), chance)
    p = after.players[0]
    assert p.emigrated == (L,) and p.ships == (Ship(K), Ship(K), Ship(K), Ship(K))
    no_boat, _ = _ready((Ship(K),), silver=1)
    assert refused(no_boat, 0, cmd.PlaceVikings(E4, EXCHANGE + 0)) == "feast/no-whaling-boat"
    plain, _ = run(no_boat, 0, cmd.PlaceVikings(E4, 0), chance)
    assert plain.players[0].emigrated == (K,)


def test_column_4_occupation_after_the_action() -> None:
    state, chance = _ready((Ship(K),), silver=1)
    card = state.players[0].hand[0]
    after, events = run(state, 0, cmd.PlaceVikings(E4, 0), chance)
    assert names(events) == ["VikingsPlaced", "ShipEmigrated", "ChoicesOffered"]
    assert after.running is not None and after.running.bonus_play
    assert cmd.PlayOccupation(card) in set(RULES.legal_commands(after, 0))
    done, _ = run(after, 0, cmd.PlayOccupation(card), chance)
    assert done.players[0].played == (card,) and done.running is None


def test_column_4_occupation_before_the_action() -> None:
    """refresher.en.txt: "you may play an occupation card from your hand, before or after
    the action"."""
    state, chance = _ready((Ship(K),), silver=1)
    card = state.players[0].hand[0]
    first = cmd.PlaceVikings(E4, 0, None, card)
    assert first in set(RULES.legal_commands(state, 0))
    after, events = run(state, 0, first, chance)
    assert names(events) == [
        "VikingsPlaced",
        "OccupationPlayed",
        "ShipEmigrated",
        "ActionFinished",  # the column's one play is spent: nothing is left
        "TurnStarted",
    ]
    assert after.players[0].played == (card,) and after.players[0].hand == ()
    assert refused(state, 0, cmd.PlaceVikings(E2, 0, None, card)) == ("feast/play-first-column-4")
    assert refused(state, 0, cmd.PlaceVikings(E4, 0, None, "occupation-999")) == (
        "feast/occupation-not-in-hand"
    )


def test_one_longship_raids_explores_and_emigrates_in_one_round() -> None:
    """rules.ja.txt ヴァイキング駒の配置ルール: "入り江にドラゴン船を1隻持っています… 最初に「襲撃」に
    出かける / 次に「ニューファンドランド島を探険」する / 最後に「移住」する" (solo, so every turn
    is the same seat's)."""
    state, chance = _ready((Ship(L),), players=1, silver=1, stone=0)
    slots = tuple(
        Exploration("D", BoardId.NEWFOUNDLAND) if x.letter == "D" else x for x in state.exploration
    )
    state = replace(state, exploration=slots)
    assert state.players[0].thing == 6  # 1 + 3 + 2 Vikings
    raided, _ = run(state, 0, cmd.PlaceVikings("raiding-1-1"), chance)
    raided, _ = run(raided, 0, cmd.DeclareRaid(False), chance)
    assert raided.players[0].stone == 1 and raided.turn == 0
    explored, _ = run(raided, 0, cmd.PlaceVikings("exploration-3-1", 2), chance)
    assert explored.players[0].explored[0].board is BoardId.NEWFOUNDLAND
    emigrated, _ = run(explored, 0, cmd.PlaceVikings(E2, 0), chance)
    p = emigrated.players[0]
    assert p.emigrated == (L,) and p.ships == () and p.thing == 0

"""Each-time occupations that watch what enters a supply or a board (``cards/gains.py``), the
as-soon-as cards (``cards/as_soon_as.py``, checked after every command) and the final
scoring (``cards/scoring.py``)."""

from __future__ import annotations

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.state import Phase, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.placement import empty_board
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    WB,
    answer,
    bare,
    got,
    have,
    names,
    offered,
    place,
    place_good,
    play,
    played,
    run,
    used,
    with_houses,
    with_ships,
)

S, X, W = MountainItem.STONE, MountainItem.SILVER_2, MountainItem.WOOD


def test_stone_carver_and_mineworker_watch_mountain_takes() -> None:
    state = played(bare(), 0, 6, 188)
    state = replace(state, strips=(Strip(1, (S, S, X)), Strip(2, (W,))))
    held, _ = place(state, 0, "mountains-and-trade-1-1")
    after, events = run(held, 0, cmd.TakeFromMountain(1, 2))
    assert got(events, 0, 6) == {"silver": 2} and got(events, 0, 188) == {}
    assert have(after, 0, "silver") == 2
    last = replace(state, strips=(Strip(1, (X,)), Strip(2, (W,))))
    held, _ = place(last, 0, "mountains-and-trade-1-1")
    _, events = run(held, 0, cmd.TakeFromMountain(1, 1))
    assert got(events, 0, 188) == {"silver": 1}  # the strip's last 2-silver item


def test_cottager_hide_for_a_house_built_by_an_action_only() -> None:
    state = played(bare(stone=1), 0, 15)
    _, events = place(state, 0, "build-houses-2-1")
    assert got(events, 0, 15) == {"hide": 1}
    earl, _ = play(played(bare(silver=1), 0, 15), 0, 72)
    _, events = answer(earl, 0)
    assert got(events, 0, 15) == {}  # the Earl's house is no House Building action


def test_locksmith_offers_once_per_chest_received() -> None:
    state = played(bare(stone=2, wood=2, silver=2), 0, 28)
    held, events = place(state, 0, "crafting-3-2")  # 2 rune stones + 2 chests
    assert [o.trigger for o in held.offers] == ["chest", "chest"]
    held, _ = answer(held, 0)
    after, events = answer(held, 0)
    assert have(after, 0, "oil") == 2 and names(events)[-1] == "TurnStarted"


def test_bosporus_merchant_oil_for_each_spices() -> None:
    state = played(bare(), 0, 190)
    _, events = place(state, 0, "weekly-market-4-1")
    assert got(events, 0, 190) == {"oil": 1}


def test_bosporus_traveller_for_each_new_cattle() -> None:
    state = played(bare(silver=4), 0, 174)
    held, _ = place(state, 0, "livestock-market-3-1", 1)  # a cattle for 1 silver
    assert [o for _, o in offered(held)] == [-1, 1]  # 3 left: the silk only
    _after, events = answer(held, 1)
    assert got(events, 0, 174) == {"silver": -3, "silk": 1}


def test_meat_buyer_and_codliver_oil_presser_on_stockfish_received() -> None:
    state = played(bare(silver=2), 0, 150, 175)
    held, _ = place(state, 0, "livestock-market-1-1")  # 2 stockfish for 1 silver
    assert [o.card[-3:] for o in held.offers] == ["150", "175"]
    held, events = answer(held, 0)
    assert got(events, 0, 150) == {"stockfish": -1, "game-meat": 1}
    _after, events = answer(held, 0)
    assert got(events, 0, 175) == {"silver": -1, "oil": 1}
    _, events = place(played(bare(silver=1), 0, 150), 0, "weekly-market-2-1")
    assert "OccupationOffered" not in names(events)  # 1 stockfish: not 2 at once


def test_placement_watchers() -> None:
    state = with_houses(
        played(bare(grain=1, rune_stone=2, silver=2), 0, 98, 100, 101), 0, "stone-house"
    )
    state = state.with_player(
        0, replace(state.players[0], explored=(empty_board(BoardId.SHETLAND),))
    )
    held, _ = place_good(state, "stone-house-0", Good.GRAIN)
    assert held.offers[0].card.endswith("098")
    after, events = answer(held, 0)
    assert got(events, 0, 98) == {"silver": -2, "silk": 1}
    _, events = place_good(state, "stone-house-0", Good.RUNE_STONE)
    assert got(events, 0, 101) == {"mead": 1, "silver": 1} and got(events, 0, 100) == {}
    _, events = place_good(state, "shetland", Good.RUNE_STONE)
    assert got(events, 0, 100) == {"silver": 1} and got(events, 0, 101) == {}
    assert have(after, 0, "silk") == 1


def test_scribe_for_exploring_and_emigrating() -> None:
    state = with_ships(played(bare(silver=1), 0, 125), 0, KNARR)
    _, events = place(state, 0, "exploration-1-1", 0)
    assert got(events, 0, 125) == {"rune-stone": 1}
    _, events = place(state, 0, "emigration-and-occupation-2-1", 0)
    assert got(events, 0, 125) == {"rune-stone": 1}


# --- as soon as ---------------------------------------------------------------------------


def test_boat_builder_fires_once_when_four_large_ships_are_owned() -> None:
    state = with_ships(bare(silver=10), 0, KNARR, KNARR, LONGSHIP, WB, WB)
    held, events = play(state, 0, 178)
    assert used(events, 178) == 0  # 3 large ships
    after, events = run(held, 0, cmd.BuyShip(ShipKind.KNARR))  # anytime
    assert used(events, 178) == 1 and got(events, 0, 178) == {"whaling-boat": 1}  # 1 berth
    sold = after.with_player(0, replace(after.players[0], ships=after.players[0].ships[:3]))
    _, events = run(sold, 0, cmd.BuyShip(ShipKind.KNARR))  # 4 again: once only
    assert used(events, 178) == 0


def test_cutter_operator_on_the_next_knarr_only() -> None:
    state = with_ships(played(bare(wood=4), 0, 179), 0, KNARR)
    after, events = place(state, 0, "build-ships-2-1")
    assert got(events, 0, 179) == {"stockfish": 2, "silver": 2}  # 2 knarrs now
    _, events = place(replace(after, occupied=()), 0, "build-ships-2-1")
    assert used(events, 179) == 0


def test_beach_raider_and_sail_patcher_by_income_when_the_fleet_is_complete() -> None:
    ships = (LONGSHIP, LONGSHIP, LONGSHIP)
    _, events = play(with_ships(bare(), 0, *ships), 0, 180)
    assert got(events, 0, 180) == {"silverware": 4}  # income 0 ≤ 5
    _, events = play(with_ships(bare(), 0, KNARR, LONGSHIP, LONGSHIP), 0, 181)
    assert got(events, 0, 181) == {"wool": 3}
    _, events = play(with_ships(bare(), 0, KNARR, LONGSHIP), 0, 181)
    assert used(events, 181) == 0


def test_seafarer_silver_at_the_final_scoring() -> None:
    state = played(bare(silver=0), 0, 189)
    boards = (
        empty_board(BoardId.SHETLAND),
        empty_board(BoardId.ICELAND),
        empty_board(BoardId.LABRADOR),
    )
    state = state.with_player(0, replace(state.players[0], explored=boards))
    final = replace(state, phase=Phase.FINAL, round=7)
    final = replace(
        final, players=tuple(replace(p, finished=i != 0) for i, p in enumerate(final.players))
    )
    after, events = run(final, 0, cmd.FinishPlacing())
    assert got(events, 0, 189) == {"silver": 9}
    assert after.phase is Phase.OVER and after.scores
    scored = next(e for e in events if isinstance(e, ev.GameScored))
    assert scored.lines[0].silver == 9

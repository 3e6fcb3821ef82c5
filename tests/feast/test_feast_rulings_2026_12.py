"""RULINGS.md "A Feast for Odin, more (2026-12-06)", each ruling with the case it settles, and
the first readings that games stored before it keep (option ``readings``: 2 by default, 1 for
a game whose ``GameCreated`` lacks it; ``domain/feast/game/readings.py``, NOTES.md).

Every "accepted" case is listed by ``legal_commands`` and decided; every refusal is refused by
``check`` and ``decide`` alike and not listed (``kit.refused``): legal means accepted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.readings import CURRENT, FIRST
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import Occupancy, State, Strip
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.fast import replace
from skald.domain.kernel.options import stored_values
from skald.domain.kernel.play import fold
from skald.service.model.folding import fold_records
from skald.service.model.verify import verify
from skald.service.store import replay_file
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    PLAY_SPACE,
    WB,
    answer,
    bare,
    declaring,
    have,
    in_hand,
    names,
    offered,
    place,
    played,
    refused,
    rolling,
    run,
    used,
    with_ships,
)

TRADING = "sailing-1-1"
WHALING_BOAT_SPACE = "build-ships-1-1"
SALT_MEAT = 9
"""The salt meat's index in ``GOODS`` order: #37's upgrade option for it."""


def _first(state: State) -> State:
    """The same position under the first readings (a game stored before the option)."""
    return replace(state, readings=FIRST)


def _accepted(state: State, seat: int, command: Any) -> None:
    """Listed and decided without a refusal."""
    assert command in set(RULES.legal_commands(state, seat))
    RULES.check(state, seat, command)


def _successes(state: State) -> set[tuple[int, int, str | None]]:
    return {
        (c.stone, c.swords, c.take)
        for c in RULES.legal_commands(state, 0)
        if isinstance(c, cmd.DeclareRaid) and c.success
    }


# --- "five or less fails" is judged after stone and long swords are spent --------------------


def test_a_raid_at_five_plus_a_stone_and_a_long_sword_is_seven_and_succeeds() -> None:
    """RULINGS.md: the battle result is the die plus every stone and long sword spent (raiding
    adds no ore), judged after spending: 5 + 1 + 1 = 7 takes a tile of sword value ≤ 7."""
    state = with_ships(bare(stone=1, long_sword=1), 0, LONGSHIP)
    rolled, _ = rolling(state, "raiding-1-1", 5)
    seven = cmd.DeclareRaid(True, 1, 1, "glass-beads")
    _accepted(rolled, 0, seven)
    after, events = declaring(rolled, seven)
    assert names(events)[:3] == ["Paid", "DiceSucceeded", "Gained"] and events[1].result == 7
    assert have(after, 0, "glass-beads") == 1 and have(after, 0, "stone") == 0
    # 5 alone is still 5 or less: spending nothing fails automatically
    assert (
        refused(rolled, 0, cmd.DeclareRaid(True, 0, 0, "rune-stone")) == "feast/automatic-failure"
    )
    assert (0, 0, "rune-stone") not in _successes(rolled)
    # the first readings (games stored before): 5 on the roll fails however much is spent
    assert refused(_first(rolled), 0, seven) == "feast/automatic-failure"
    assert _successes(_first(rolled)) == set()


def test_a_raid_result_is_judged_with_what_is_spent_not_the_roll() -> None:
    """A 4 with a stone is 5 and fails; with the long sword too it is 6 and takes the rune
    stone (sword 6). #89 Catapulter's stone adds 2 ("each stone you spend adds +2"), so 4 + a
    stone is already 6: the result is judged as the seat's cards make it."""
    state = with_ships(bare(stone=1, long_sword=1), 0, LONGSHIP)
    rolled, _ = rolling(state, "raiding-1-1", 4)
    assert (
        refused(rolled, 0, cmd.DeclareRaid(True, 1, 0, "rune-stone")) == "feast/automatic-failure"
    )
    _accepted(rolled, 0, cmd.DeclareRaid(True, 1, 1, "rune-stone"))
    assert _successes(rolled) == {(1, 1, "rune-stone")}
    catapult, _ = rolling(played(state, 0, 89), "raiding-1-1", 4)
    _accepted(catapult, 0, cmd.DeclareRaid(True, 1, 0, "rune-stone"))


def test_pillaging_at_five_plus_a_stone_and_a_long_sword_succeeds() -> None:
    """The refresher's worked turn (two longships with 2 and 1 ore, a stone and a long sword):
    its second roll, "a 3, plus 2, is exactly 5. Still a failure", is the roll before spending;
    spending both makes 7, which now succeeds (the refresher rerolled instead: RULINGS.md)."""
    state = with_ships(bare(stone=1, long_sword=1), 0, (LONGSHIP, 2), (LONGSHIP, 1))
    rolled, events = rolling(replace(state, round=4), "raiding-2-1", 3)
    (die,) = [e for e in events if isinstance(e, ev.DieRolled)]
    assert (die.value, die.modifier) == (3, 2)
    assert (
        refused(rolled, 0, cmd.DeclareRaid(True, 0, 0, "rune-stone")) == "feast/automatic-failure"
    )
    seven = cmd.DeclareRaid(True, 1, 1, "silverware")
    _accepted(rolled, 0, seven)
    after, events = declaring(rolled, seven)
    assert events[1].result == 7 and have(after, 0, "silverware") == 1
    assert [s.ore for s in after.players[0].ships] == [2, 1]  # the ore stays on the longship
    assert refused(_first(rolled), 0, seven) == "feast/automatic-failure"


# --- cards acting "immediately before" or "instead" count for using a space -----------------


def test_priests_oil_makes_overseas_trading_possible_with_no_green_good() -> None:
    """#149 Priest: "Immediately before each use of either Overseas Trading action space, gain
    1 oil" — the oil comes first, so trading can be carried out in full with no green good in
    supply (it was refused ``feast/nothing-to-trade``)."""
    state = with_ships(played(bare(silver=1), 0, 149), 0, KNARR)
    _accepted(state, 0, cmd.PlaceVikings(TRADING))
    held, events = place(state, 0, TRADING)
    assert names(events) == ["VikingsPlaced", "OccupationUsed", "Gained", "Paid", "ChoicesOffered"]
    _accepted(held, 0, cmd.TradeOverseas((Good.OIL,)))
    after, _ = run(held, 0, cmd.TradeOverseas((Good.OIL,)))
    assert have(after, 0, "oil") == 0 and have(after, 0, "rune-stone") == 1
    # the oil does not pay the space's silver
    poor = with_ships(played(bare(), 0, 149), 0, KNARR)
    assert refused(poor, 0, cmd.PlaceVikings(TRADING)) == "feast/cannot-pay"
    assert refused(_first(state), 0, cmd.PlaceVikings(TRADING)) == "feast/nothing-to-trade"


def test_foreign_traders_upgrade_counts_when_it_can_make_a_tradeable_good() -> None:
    """#37 Foreign Trader: "Immediately before each Overseas Trading action … one ↑1 upgrade of
    any good": a salt meat it may turn into linen makes trading possible; peas (→ mead) do not.
    Declining the upgrade then leaves nothing to turn: the action is void (NOTES.md)."""
    state = with_ships(played(bare(silver=1, salt_meat=1), 0, 37), 0, KNARR)
    _accepted(state, 0, cmd.PlaceVikings(TRADING))
    held, events = place(state, 0, TRADING)
    assert names(events) == ["VikingsPlaced", "OccupationOffered", "OccupationsAwaited"]
    assert offered(held) == [(0, -1), (0, SALT_MEAT)]
    upgraded, _ = answer(held, SALT_MEAT)
    after, _ = run(upgraded, 0, cmd.TradeOverseas((Good.LINEN,)))
    assert have(after, 0, "silk") == 1 and have(after, 0, "silver") == 0
    declined, events = answer(held, None)
    assert names(events)[-2:] == ["ActionFinished", "TurnStarted"]
    assert have(declined, 0, "silver") == 1 and declined.occupant(TRADING) is not None
    peas = with_ships(played(bare(silver=1, peas=1), 0, 37), 0, KNARR)
    assert refused(peas, 0, cmd.PlaceVikings(TRADING)) == "feast/nothing-to-trade"
    assert refused(_first(state), 0, cmd.PlaceVikings(TRADING)) == "feast/nothing-to-trade"


def test_foreign_trader_counts_on_an_imitation_of_overseas_trading() -> None:
    """#37 acts before "each Overseas Trading action (any source)": an imitation copying it."""
    state = with_ships(played(bare(players=4, silver=1, salt_meat=1), 0, 37), 0, KNARR)
    state = replace(state, imitation=(2, 3), occupied=(Occupancy("sailing-2-1", 1, 2),))
    copy = cmd.PlaceVikings("imitation-2", 0, "sailing-2-1")
    _accepted(state, 0, copy)
    assert refused(_first(state), 0, copy) == "feast/nothing-to-trade"


def test_clerks_exchange_counts_when_it_can_make_a_tradeable_good() -> None:
    """#88 Clerk acts immediately before overseas trading too ("cattle → robe"): the same
    ruling; its exchange costs 1 silver on top of the action's, so 1 silver is not enough."""
    state = with_ships(played(bare(silver=2, cattle=1), 0, 88), 0, KNARR)
    _accepted(state, 0, cmd.PlaceVikings(TRADING))
    poor = with_ships(played(bare(silver=1, cattle=1), 0, 88), 0, KNARR)
    assert refused(poor, 0, cmd.PlaceVikings(TRADING)) == "feast/nothing-to-trade"


def test_knarr_builders_knarr_counts_when_no_whaling_boat_fits() -> None:
    """#105 Knarr Builder: "you may build a knarr for 3 wood instead of the whaling boat": with
    the three small berths full the space is taken for the knarr (it was refused
    ``feast/needs-ship``)."""
    state = with_ships(played(bare(wood=3), 0, 105), 0, WB, WB, WB)
    _accepted(state, 0, cmd.PlaceVikings(WHALING_BOAT_SPACE))
    held, _ = place(state, 0, WHALING_BOAT_SPACE)
    after, events = answer(held, 0)
    assert "ActionReplaced" in names(events)
    assert [s.kind for s in after.players[0].ships] == [WB, WB, WB, KNARR]
    assert have(after, 0, "wood") == 0
    # no knarr either: 2 wood, or no free large berth; nor without the card
    two = with_ships(played(bare(wood=2), 0, 105), 0, WB, WB, WB)
    assert refused(two, 0, cmd.PlaceVikings(WHALING_BOAT_SPACE)) == "feast/needs-ship"
    full = with_ships(played(bare(wood=3), 0, 105), 0, WB, WB, WB, KNARR, KNARR, KNARR, KNARR)
    assert refused(full, 0, cmd.PlaceVikings(WHALING_BOAT_SPACE)) == "feast/needs-ship"
    plain = with_ships(bare(wood=3), 0, WB, WB, WB)
    assert refused(plain, 0, cmd.PlaceVikings(WHALING_BOAT_SPACE)) == "feast/needs-ship"
    assert refused(_first(state), 0, cmd.PlaceVikings(WHALING_BOAT_SPACE)) == "feast/needs-ship"


def test_knarr_builder_does_not_count_on_an_imitation_space() -> None:
    """#105 names the printed space ("When you use the column-1 … space"; NOTES.md: keyed to
    placing there), so an imitation of it is still refused with no small berth free."""
    state = with_ships(played(bare(players=4, wood=3), 0, 105), 0, WB, WB, WB)
    state = replace(state, imitation=(1, 3), occupied=(Occupancy(WHALING_BOAT_SPACE, 1, 1),))
    copy = cmd.PlaceVikings("imitation-1", 0, WHALING_BOAT_SPACE)
    assert refused(state, 0, copy) == "feast/needs-ship"


def test_a_mountain_item_taken_just_before_a_space_may_pay_for_it() -> None:
    """The same ruling for #121 Carpenter ("Immediately before each use of a Build Ships or
    Build Houses space, you may take 1 mountain item"): with 1 wood and a strip's wood to take,
    the shed (2 wood) may be built; with stone at the strip's end it may not."""
    wood = replace(
        played(bare(wood=1), 0, 121), strips=(Strip(1, (MountainItem.WOOD, MountainItem.STONE)),)
    )
    _accepted(wood, 0, cmd.PlaceVikings("build-houses-1-1"))
    held, _ = place(wood, 0, "build-houses-1-1")
    after, _ = answer(held, 1)
    assert [h.board.value for h in after.players[0].houses] == ["shed"]
    stone = replace(wood, strips=(Strip(1, (MountainItem.STONE, MountainItem.WOOD)),))
    assert refused(stone, 0, cmd.PlaceVikings("build-houses-1-1")) == "feast/cannot-pay"
    assert refused(_first(wood), 0, cmd.PlaceVikings("build-houses-1-1")) == "feast/cannot-pay"


# --- #166 Weapons Warden counts the round's placements, #60 Inspector undoes none -----------


def test_weapons_warden_counts_a_placement_whose_vikings_the_inspector_moved_back() -> None:
    """#166 with #60: the first 2-Viking column-2 placement of the round (the play space, #60
    played there and its 2 Vikings moved back for the round's silver) gives nothing; the
    second draws a weapon, although the first space is empty again. Under the first readings
    the seat's occupied column-2 spaces were counted, so it drew nothing."""
    state = in_hand(played(bare(silver=1), 0, 166), 0, 60)
    held, events = place(state, 0, PLAY_SPACE)
    assert used(events, 166) == 0 and held.players[0].column_2_placements == 1
    held, _ = run(held, 0, cmd.PlayOccupation(card_id(60)))
    (mine,) = [i for i, o in enumerate(held.occupied) if o.seat == 0]
    emptied, _ = answer(held, 2 * mine + 1)  # 2 Vikings back from the play space
    assert emptied.occupant(PLAY_SPACE) is None
    assert emptied.players[0].column_2_placements == 1  # the placement was made
    after, events = place(emptied, 0, "weekly-market-2-1")
    assert used(events, 166) == 1 and any(isinstance(e, ev.WeaponDrawn) for e in events)
    assert after.players[0].column_2_placements == 2
    _, events = place(_first(emptied), 0, "weekly-market-2-1")
    assert used(events, 166) == 0


def test_weapons_warden_counts_placements_made_before_it_was_played() -> None:
    """ "Every one, also before the card was played": a column-2 placement, then #166 played
    on the play space (column 2: its own hook came before it was in play), then a third
    column-2 placement draws — and the count starts again each round."""
    state = in_hand(bare(), 0, 166)
    state = state.with_player(0, replace(state.players[0], thing=8))
    first, _ = place(state, 0, "weekly-market-2-1")
    second, _ = place(first, 0, PLAY_SPACE)
    second, _ = run(second, 0, cmd.PlayOccupation(card_id(166)))
    second, _ = run(second, 0, cmd.FinishAction()) if second.running else (second, [])
    assert second.players[0].column_2_placements == 2
    _, events = place(second, 0, "products-2-1")
    assert used(events, 166) == 1
    next_round = fold(RULES, state.count, [ev.RoundStarted(2)], second)
    assert next_round.players[0].column_2_placements == 0


def test_an_imitation_space_is_no_column_2_placement() -> None:
    """NOTES.md: #166 is keyed to placing Vikings in the printed column (an imitation space
    copying a column-2 space is not one), so the count does not grow there either."""
    state = replace(bare(players=4), imitation=(2, 3), occupied=(Occupancy("products-2-1", 1, 2),))
    after, _ = run(replace(state, turn=0), 0, cmd.PlaceVikings("imitation-2", 0, "products-2-1"))
    assert after.players[0].column_2_placements == 0


# --- games stored before the option keep the first readings ---------------------------------


def _setup(**options: Any) -> State:
    chance = ServerChance(b"readings", "readings")
    events = RULES.setup(2, options, chance)
    return fold(RULES, 2, events)


def test_a_new_game_plays_the_current_readings_and_an_old_one_the_first() -> None:
    """The option ``readings`` (default 2, ``absent`` 1): a new game records
    ``ReadingsAdopted(2)``; a game stored before the option (its ``GameCreated`` lacks it, so
    verify re-runs setup with the ``absent`` value) records nothing and keeps reading raids on
    the roll plus ore, as it was played."""
    spec = next(o for o in RULES.options if o.name == "readings")
    assert (spec.default, spec.absent) == (CURRENT, FIRST)
    new = resolve_options(RULES.options, {})
    assert new["readings"] == CURRENT and _setup(**new).readings == CURRENT
    old = stored_values(RULES.options, {k: v for k, v in new.items() if k != "readings"})
    assert old["readings"] == FIRST
    chance = ServerChance(b"readings", "readings")
    assert not any(isinstance(e, ev.ReadingsAdopted) for e in RULES.setup(2, old, chance))
    state = _setup(**old)
    assert state.readings == FIRST
    # the same raid as above, in the old game: 5 + a stone + a long sword fails
    raid = with_ships(_holding(state, stone=1, long_sword=1), 0, LONGSHIP)
    rolled, _ = rolling(raid, "raiding-1-1", 5)
    assert refused(rolled, 0, cmd.DeclareRaid(True, 1, 1, "glass-beads")) == (
        "feast/automatic-failure"
    )


def _holding(state: State, **things: int) -> State:
    from tests.feast.kit import holding, turn_of

    return holding(turn_of(state, 0), 0, **things)


GOLDENS = Path(__file__).resolve().parents[2] / "replays" / "feast"


def test_the_golden_games_were_stored_before_the_option_and_keep_the_first_readings() -> None:
    """The golden replays lack the option: they verify unchanged (re-decided under the first
    readings) and fold to them. One here; tests/test_replays.py verifies every golden."""
    for path in sorted(GOLDENS.glob("feast-*.jsonl")):
        if path.name.endswith(".views.jsonl"):
            continue
        header = replay_file.load_bytes(path.read_bytes()).header
        assert "readings" not in {o["name"] for o in header["options"]}, path.name
    parsed = replay_file.load_bytes((GOLDENS / "feast-1p-long.jsonl").read_bytes())
    assert not any(r.type == "ReadingsAdopted" for r in parsed.records)
    assert verify(parsed.records, parsed.seeds).ok
    assert fold_records(parsed.records).state.readings == FIRST

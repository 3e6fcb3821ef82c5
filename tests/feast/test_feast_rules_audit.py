"""Rules audit, part 3: the defects this audit fixed, each with the text it follows, and the
rarely reached rules it checked by scenario. The checklist is in domain/feast/NOTES.md ("Audit
checklist", part 3)."""

from __future__ import annotations

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.readings import FIRST
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.kernel.fast import replace
from tests.feast.kit import (
    KNARR,
    LONGSHIP,
    answer,
    bare,
    have,
    names,
    offered,
    place,
    played,
    refused,
    run,
    with_ships,
    with_strip,
)

TRADING = "sailing-1-1"
SALT_MEAT = 9
"""The salt meat's index in ``GOODS`` order: #36's upgrade option for it."""


# --- occupations.md #36 Ship's Cook: "An Overseas Trading space may be used (paying its 1 silver)
# even if no green good is then turned" ------------------------------------------------------


def test_ships_cook_may_trade_overseas_with_no_green_good_in_supply() -> None:
    """Fixed by the audit: with no green good in supply the space was refused
    (``feast/nothing-to-trade``) even for a #36 owner, so its meat could never be upgraded
    there and traded (salt meat → linen → silk)."""
    state = with_ships(played(bare(silver=1, salt_meat=1), 0, 36), 0, KNARR)
    held, events = place(state, 0, TRADING)
    assert names(events) == ["VikingsPlaced", "OccupationOffered", "OccupationsAwaited"]
    assert offered(held) == [(0, -1), (0, SALT_MEAT)]
    held, _ = answer(held, SALT_MEAT)  # salt meat → linen, then the space's 1 silver
    assert held.running is not None and held.running.awaiting == ("TradeOverseas",)
    assert have(held, 0, "silver") == 0 and have(held, 0, "linen") == 1
    after, _ = run(held, 0, cmd.TradeOverseas((Good.LINEN,)))
    assert (have(after, 0, "linen"), have(after, 0, "silk")) == (0, 1)
    assert after.running is None and after.turn == 1


def test_ships_cook_trading_with_nothing_to_turn_pays_its_silver() -> None:
    """#36's "(paying its 1 silver) even if no green good is then turned": nothing is offered
    or turned, the silver is paid and the step names no good."""
    state = with_ships(played(bare(silver=1), 0, 36), 0, KNARR)
    held, events = place(state, 0, TRADING)
    assert names(events) == ["VikingsPlaced", "Paid", "ChoicesOffered"]
    trades = [c for c in RULES.legal_commands(held, 0) if isinstance(c, cmd.TradeOverseas)]
    assert trades == [cmd.TradeOverseas(())]
    after, _ = run(held, 0, cmd.TradeOverseas(()))
    assert have(after, 0, "silver") == 0 and after.running is None


def test_without_ships_cook_trading_still_needs_a_green_good() -> None:
    """The reading for everyone else is unchanged (NOTES.md: the turning is the action)."""
    state = with_ships(bare(silver=1, salt_meat=1), 0, KNARR)
    assert refused(state, 0, cmd.PlaceVikings(TRADING)) == "feast/nothing-to-trade"
    # under the first readings (games stored before RULINGS.md "A Feast for Odin, more") a
    # card that upgrades before trading without #36's sentence kept the reading too; now its
    # ↑1 counts (test_feast_rulings_2026_12)
    state = with_ships(played(bare(silver=1, salt_meat=1), 0, 37), 0, KNARR)
    first = replace(state, readings=FIRST)
    assert refused(first, 0, cmd.PlaceVikings(TRADING)) == "feast/nothing-to-trade"


# --- occupations.md #147 Steersman: "If you own a knarr, you may take actions that need a
# longship … without owning a longship" -------------------------------------------------------


def test_steersmans_knarr_still_serves_the_spaces_that_need_a_knarr() -> None:
    """Fixed by the audit: the knarr was counted as a longship only, so a #147 owner whose one
    ship is a knarr was refused overseas trading and the special sale (``feast/needs-ship``)."""
    state = with_ships(played(bare(silver=3, hide=1), 0, 147), 0, KNARR)
    for space in (TRADING, "sailing-3-1", "raiding-1-1"):
        assert RULES.check(state, 0, cmd.PlaceVikings(space)) is None
    listed = {c.space for c in RULES.legal_commands(state, 0) if isinstance(c, cmd.PlaceVikings)}
    assert {TRADING, "sailing-2-1", "sailing-3-1", "raiding-1-1"} <= listed
    held, _ = place(state, 0, TRADING)
    after, _ = run(held, 0, cmd.TradeOverseas((Good.HIDE,)))
    assert have(after, 0, "silverware") == 1 and have(after, 0, "silver") == 2


def test_steersman_counts_knarrs_with_longships_for_plundering() -> None:
    """恐喝④ "ドラゴン船2隻が必要": with #147 a knarr stands in for a longship, one each."""
    one = with_ships(played(bare(), 0, 147), 0, KNARR)
    assert refused(one, 0, cmd.PlaceVikings("raiding-4-1")) == "feast/needs-ship"
    two = with_ships(played(bare(), 0, 147), 0, KNARR, LONGSHIP)
    after, _ = place(two, 0, "raiding-4-1")
    assert have(after, 0, "silver-hoard") == 1
    plain = with_ships(bare(), 0, KNARR, LONGSHIP)
    assert refused(plain, 0, cmd.PlaceVikings("raiding-4-1")) == "feast/needs-ship"


# --- occupations.md #164 Armed Fighter: "Immediately before each time you place 4 Vikings in the
# fourth column" --------------------------------------------------------------------------------


def test_armed_fighter_needs_four_vikings_placed_in_column_4() -> None:
    """Fixed by the audit: the offer came on any printed column-4 space, so with #106 Warmonger
    placing 3 Vikings on plundering (3 longships) it still came."""
    strip = (MountainItem.STONE, MountainItem.WOOD)
    three = with_strip(
        with_ships(played(bare(), 0, 106, 164), 0, LONGSHIP, LONGSHIP, LONGSHIP), 1, *strip
    )
    after, events = place(three, 0, "raiding-4-1")
    placed = next(e for e in events if isinstance(e, ev.VikingsPlaced))
    assert placed.vikings == 3 and after.offers == ()
    assert names(events) == ["VikingsPlaced", "Gained", "ActionFinished", "TurnStarted"]
    four = with_strip(with_ships(played(bare(), 0, 164), 0, LONGSHIP, LONGSHIP), 1, *strip)
    held, events = place(four, 0, "raiding-4-1")
    assert [o.card for o in held.offers] == ["occupation-164"]

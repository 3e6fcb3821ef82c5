"""Occupations of the round's second half: the feast (its start, what is served, its end), the
bonus phase, the mountain strips (occupations.md, ``feast``, ``bonus``, ``phase``). The harvest,
the weapon draw and income are ``harvest``; ``engine.POINTS`` names the points,
``phases.STEPS`` runs them."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import HOUSES, count
from skald.domain.feast.game.cards.effects import (
    draw,
    give,
    offer,
    phase_offer,
    place_apply,
    placements,
    tier,
    vikings_on,
)
from skald.domain.feast.game.cards.model import Card, Choice, EventFn, Menu, PhaseFn
from skald.domain.feast.game.cards.spaces import printed_column
from skald.domain.feast.game.items import boards, items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.feast.game.yields import rewards
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.placement import BoardState, Piece
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _village_leader(log: Log, seat: int, chance: Chance) -> None:
    if count(log.state.players[seat], Good.CLOTHING):
        give(log, seat, 165, ("silver", 2))


def _taster(log: Log, seat: int, chance: Chance) -> None:
    give(
        log,
        seat,
        167,
        ("silver", tier(count(log.state.players[seat], Good.SPICES), ((1, 1), (2, 2)))),
    )


def _sober_start(log: Log, seat: int, chance: Chance) -> None:
    give(log, seat, 160, ("silver", 1))


def sober_credit(state: State, seat: int) -> bool:
    """#160's silver still stands: no mead on the seat's banquet table yet (NOTES.md)."""
    table = state.players[seat].banquet
    return table is not None and not any(pl.piece.name == Good.MEAD.value for pl in table.placed)


def _sober_served(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
    if event.placement.piece.name == Good.MEAD.value and sober_credit(before, seat):
        log.emit(ev.OccupationUsed(seat, card_id(160)))
        log.emit(ev.Paid(seat, items(("silver", 1)), card_id(160)))


def _served(number: int, foods: frozenset[str], weapons: int, *pairs: tuple[str, int]) -> EventFn:
    def hook(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
        if event.placement.piece.name in foods:
            give(log, seat, number, *pairs)
            if weapons:
                draw(log, seat, weapons, chance)

    return hook


def _miller(log: Log, seat: int, chance: Chance) -> None:
    grain = count(log.state.players[seat], Good.GRAIN)
    if grain in (1, 2):
        give(log, seat, 7, ("silver", grain))


def _fish_cook(log: Log, seat: int, chance: Chance) -> None:
    table = log.state.players[seat].banquet
    n = 0 if table is None else sum(1 for pl in table.placed if pl.piece.name == "stockfish")
    if n:
        offer(log, seat, 172, f"fish:{n}")


def _fish_spots(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    fish = Piece.good(Good.STOCKFISH)
    for key, name, pl in placements(state, seat, fish, lambda b: b in HOUSES):
        yield Choice(key, (), items(("stockfish", 1)), f"{name} {pl.row},{pl.col}")


def _column_vikings(number: int, column: int, good: str) -> PhaseFn:
    def hook(log: Log, seat: int, chance: Chance) -> None:
        if vikings_on(log.state, seat, lambda sp: printed_column(sp) == column) >= 7:
            give(log, seat, number, (good, 1))

    return hook


def _named(name: str) -> Callable[[str, BoardState], bool]:
    return lambda n, b: n == name


def _maid(log: Log, seat: int, chance: Chance) -> None:
    p = log.state.players[seat]
    for name, board in boards(p):
        if board.board in HOUSES:
            got, _ = rewards(log.state, seat, _named(name))
            if len(got) == 1 and got[0].count == 1:
                offer(log, seat, 177, f"maid:{got[0].item}")


def _maid_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    good = trigger.removeprefix("maid:")
    yield Choice(0, items((good, 1)), items(("silverware", 1)), f"silverware for the {good}")


def _punchcutter(log: Log, seat: int, chance: Chance) -> None:
    silver = 0
    for x in log.state.strips:
        if x.items:
            silver += {MountainItem.ORE: 1, MountainItem.SILVER_2: 2}.get(x.items[0], 0)
    give(log, seat, 173, ("silver", silver))


CARDS: tuple[Card, ...] = (
    Card(186, "the feast: up to 2 peas may lie horizontally", horizontal_peas=2),
    Card(
        7,
        "after the feast: exactly 1/2 grain in supply → 1/2 silver",
        phases=(("after-feast", _miller),),
    ),
    Card(
        41,
        "after the bonus phase: may exchange 1 silver or 1 mead for 1 oil",
        menu=Menu(
            lambda s, seat, t: (
                Choice(0, items(("silver", 1)), items(("oil", 1))),
                Choice(1, items(("mead", 1)), items(("oil", 1))),
            )
        ),
        phases=(("after-bonus", phase_offer(41, "after-bonus")),),
    ),
    Card(
        157,
        "each sheep or cattle served at the feast: 1 skin and bones",
        watch=(ev.FoodServed,),
        on_event=_served(
            157,
            frozenset({"sheep", "pregnant-sheep", "cattle", "pregnant-cattle"}),
            0,
            ("skin-and-bones", 1),
        ),
    ),
    Card(
        158,
        "each game or whale meat served: 3 weapons + 1 silver",
        watch=(ev.FoodServed,),
        on_event=_served(158, frozenset({"game-meat", "whale-meat"}), 3, ("silver", 1)),
    ),
    Card(
        160,
        "a feast without mead: 1 silver, usable in it",
        phases=(("feast-start", _sober_start),),
        watch=(ev.FoodServed,),
        on_event=_sober_served,
    ),
    Card(
        161,
        "bonus phase: 7+ Vikings in column 3 → 1 cabbage",
        phases=(("bonus", _column_vikings(161, 3, "cabbage")),),
    ),
    Card(
        162,
        "bonus phase: 7+ Vikings in column 2 → 1 flax",
        phases=(("bonus", _column_vikings(162, 2, "flax")),),
    ),
    Card(165, "feast: a clothing in supply → 2 silver", phases=(("feast-start", _village_leader),)),
    Card(167, "feast: spices 1/2+ → 1/2 silver", phases=(("feast-start", _taster),)),
    Card(
        172,
        "after the feast: may move the stockfish served into your houses",
        menu=Menu(_fish_spots, place_apply(172, Piece.good(Good.STOCKFISH), "fish")),
        phases=(("feast-end", _fish_cook),),
    ),
    Card(
        173,
        "phase 11: 1 silver per ore, 2 per 2-silver item leaving the strips",
        phases=(("mountains", _punchcutter),),
    ),
    Card(
        177,
        "a house paying exactly 1 bonus good: may take a silverware instead",
        menu=Menu(_maid_choices),
        phases=(("bonus", _maid),),
    ),
)

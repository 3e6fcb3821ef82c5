"""What a seat's boards pay in the bonus phase, and what breeding does: shared by the phases
and by the occupations that hold one of these phases for a single seat (``cards/``)."""

from __future__ import annotations

from collections.abc import Callable

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import BUILDING_INDEX, boards, cattle, good_count, sheep
from skald.domain.feast.game.state import ItemCount, State
from skald.domain.feast.goods import Good
from skald.domain.feast.placement import BoardState, paying_bonuses


def rewards(
    state: State, seat: int, only: Callable[[str, BoardState], bool] | None = None
) -> tuple[list[ItemCount], list[str]]:
    """Phase 10: what every surrounded, uncovered bonus square of the seat's boards pays
    (``only``: those boards alone), and the one-time bonuses it claims."""
    p = state.players[seat]
    got: list[ItemCount] = []
    once: list[str] = []
    specials = set(state.specials_left)
    left = list(state.buildings_left)
    for name, board in boards(p):
        if only is not None and not only(name, board):
            continue
        for b in paying_bonuses(board):
            key = f"{board.board.value}:{b.row}:{b.col}"
            if b.once:
                if key in p.once_claimed:
                    continue
                once.append(key)
            for r in b.rewards:
                kind, _, what = r.item.partition(":")
                if kind == "special":
                    if what in specials:
                        specials.discard(what)
                        got.append(ItemCount(what, 1))
                elif kind == "building":
                    if left[BUILDING_INDEX[what]] > 0:
                        left[BUILDING_INDEX[what]] -= 1
                        got.append(ItemCount(what, 1))
                else:
                    got.append(ItemCount(r.item, r.count))
    return got, once


def pay_rewards(
    log: Log, seat: int, reason: str, only: Callable[[str, BoardState], bool] | None = None
) -> None:
    got, once = rewards(log.state, seat, only)
    for key in once:
        log.emit(ev.OnceBonusClaimed(seat, key))
    if got:
        log.emit(ev.Gained(seat, tuple(got), reason))


def breed(log: Log, seat: int) -> None:
    """Phase 8: with a pregnant animal, every pregnant one gives birth (turns back and brings
    a new animal); else with 2 or more, one becomes pregnant (rules.ja.txt フェイズ8)."""
    p = log.state.players[seat]
    for animal, pregnant, total in (
        (Good.SHEEP, Good.PREGNANT_SHEEP, sheep(p)),
        (Good.CATTLE, Good.PREGNANT_CATTLE, cattle(p)),
    ):
        births = good_count(p, pregnant)
        if births:
            log.emit(ev.AnimalsBred(seat, animal, births, 0))
        elif total >= 2:
            log.emit(ev.AnimalsBred(seat, animal, 0, 1))

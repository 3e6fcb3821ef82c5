"""The 12 phases of a round, run automatically between the choices players make.

rules.ja.txt フェイズ1–12 (and refresher.en.txt): new Viking, harvest, exploration boards
turned with silver on the unclaimed ones, a weapon each, actions (players' choices), start
player, income, breeding, feast (players' choices), bonus, mountain strips, Vikings back.
The game ends right after the final round's feast: no bonus then (refresher.en.txt); the
final placement and scoring follow (``scoring``).
"""

from __future__ import annotations

from domain.feast.boards.exploration import EXPLORATION_FACES, FlipRound
from domain.feast.game import events as ev
from domain.feast.game.flow import Log, draw_weapon
from domain.feast.game.items import BUILDING_INDEX, boards, cattle, good_count, items, sheep
from domain.feast.game.solo import block_spaces
from domain.feast.game.state import ItemCount, Player, State
from domain.feast.goods import Good
from domain.feast.placement import income, paying_bonuses
from domain.feast.rounds import harvest
from domain.kernel.chance import Chance

_FLIPS = {f.spec.board: f.flips for f in EXPLORATION_FACES if f.front}


def board_income(p: Player) -> int:
    """Phase 7: the home board's and every claimed exploration board's income (RULINGS.md:
    Greenland's two tracks are summed, in ``placement.income``)."""
    return income(p.home) + sum(income(b) for b in p.explored)


def start_round(log: Log, chance: Chance) -> None:
    """Phases 1–4, then the actions phase opens with the start player."""
    s = log.state
    r = s.round + 1
    log.emit(ev.RoundStarted(r))
    goods = harvest(s.length, r)
    if goods:
        log.emit(ev.Harvested(r, goods))
    _turn_exploration(log, r)
    for seat in range(s.count):
        draw_weapon(log, seat, chance)
    log.emit(ev.TurnStarted(log.state.start_player))


def _turn_exploration(log: Log, r: int) -> None:
    """Phase 3: the board scheduled this round turns over if unclaimed (its silver back to the
    stock); every other unclaimed face gets 2 silver (rules.ja.txt フェイズ3)."""
    s = log.state
    due = FlipRound(s.length.rounds, r)
    scheduled = [x for x in s.exploration if due in _FLIPS.get(x.face, ())]
    if not scheduled:
        return
    flipped = next((x.face.value for x in scheduled if x.owner is None), None)
    silvered = tuple(
        x.face.value for x in s.exploration if x.owner is None and x.face.value != flipped
    )
    log.emit(ev.ExplorationTurned(flipped, silvered))


def _breeding(log: Log, seat: int) -> None:
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


def end_actions(log: Log) -> None:
    """Phases 6–8, then the feast opens for every seat at once."""
    s = log.state
    log.emit(ev.StartPlayerChosen(s.last_placer if s.last_placer is not None else s.start_player))
    final = s.round == s.length.rounds
    if not (final and s.final_income):
        for seat, p in enumerate(s.players):
            silver = board_income(p)
            if silver:
                log.emit(ev.Gained(seat, items(("silver", silver)), "income"))
    for seat in range(s.count):
        _breeding(log, seat)
    log.emit(ev.FeastBegan(s.round))


def _rewards(s: State, seat: int) -> tuple[list[ItemCount], list[str]]:
    """Phase 10: what every surrounded, uncovered bonus square of the seat's boards pays."""
    p = s.players[seat]
    got: list[ItemCount] = []
    once: list[str] = []
    specials = set(s.specials_left)
    left = list(s.buildings_left)
    for _name, board in boards(p):
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


def end_feast(log: Log, chance: Chance) -> None:
    """After every seat's feast: the end of the game, or phases 10–12 and the next round."""
    s = log.state
    if s.round == s.length.rounds:
        log.emit(ev.FinalPlacementBegan())
        return
    for seat in range(s.count):
        got, once = _rewards(log.state, seat)
        for key in once:
            log.emit(ev.OnceBonusClaimed(seat, key))
        if got:
            log.emit(ev.Gained(seat, tuple(got), "bonus"))
    _age_mountains(log, chance)
    held = tuple(o.space for o in log.state.occupied)
    log.emit(ev.VikingsReturned(s.round))
    block_spaces(log, held)  # solo: they stay a round longer
    start_round(log, chance)


def _age_mountains(log: Log, chance: Chance) -> None:
    """Phase 11: the arrow-end item leaves each face-up strip, used-up strips leave play, and
    one new strip is turned up while any are left (components.md §5.2)."""
    s = log.state
    log.emit(ev.MountainsAged(tuple(x.number for x in s.strips if len(x.items) <= 1)))
    if log.state.strips_left:
        number = chance.pick(log.state.strips_left, "feast: turn up a mountain strip")
        log.emit(ev.MountainStripTurnedUp(number))

"""The 12 phases of a round, run automatically between the choices players make.

rules.ja.txt フェイズ1–12 (and refresher.en.txt): new Viking, harvest, exploration boards
turned with silver on the unclaimed ones, a weapon each, actions (players' choices), start
player, income, breeding, feast (players' choices), bonus, mountain strips, Vikings back.
The game ends right after the final round's feast: no bonus then (refresher.en.txt); the
final placement and scoring follow (``scoring``).

The phases are ``STEPS``, run in order by ``run_phases`` from a named step until one waits
for the players (the actions, the feast, the final placement). Occupations act at the points
between them (``cards.engine.POINTS``); when one waits for its owner's answer, the flow stops
with ``OccupationsAwaited`` naming the next step and ``decide`` resumes it from there. An
action or feast an occupation granted (``granted``) is carried out before the next step.
"""

from __future__ import annotations

from collections.abc import Callable

from skald.domain.feast.boards.exploration import EXPLORATION_FACES, FlipRound
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.flow import Log, draw_weapon
from skald.domain.feast.game.items import items
from skald.domain.feast.game.solo import block_spaces
from skald.domain.feast.game.state import Player, Resume
from skald.domain.feast.game.yields import breed, pay_rewards
from skald.domain.feast.placement import income
from skald.domain.feast.rounds import harvest
from skald.domain.kernel.chance import Chance

_FLIPS = {f.spec.board: f.flips for f in EXPLORATION_FACES if f.front}


def board_income(player: Player) -> int:
    """Phase 7: the home board's and every claimed exploration board's income (RULINGS.md:
    Greenland's two tracks are summed, in ``placement.income``)."""
    return income(player.home) + sum(income(b) for b in player.explored)


def _round(log: Log, chance: Chance) -> bool:
    log.emit(ev.RoundStarted(log.state.round + 1))
    return False


def _harvest(log: Log, chance: Chance) -> bool:
    s = log.state
    goods = harvest(s.length, s.round)
    if goods:
        log.emit(ev.Harvested(s.round, goods))
    hooks.cards.phase(log, "harvest", chance)
    return False


def _exploration(log: Log, chance: Chance) -> bool:
    """Phase 3: the board scheduled this round turns over if unclaimed (its silver back to the
    stock); every other unclaimed face gets 2 silver (rules.ja.txt フェイズ3)."""
    s = log.state
    due = FlipRound(s.length.rounds, s.round)
    scheduled = [x for x in s.exploration if due in _FLIPS.get(x.face, ())]
    if scheduled:
        flipped = next((x.face.value for x in scheduled if x.owner is None), None)
        silvered = tuple(
            x.face.value for x in s.exploration if x.owner is None and x.face.value != flipped
        )
        log.emit(ev.ExplorationTurned(flipped, silvered))
    return False


def _weapons(log: Log, chance: Chance) -> bool:
    """Phase 4: a weapon each (an occupation may offer something else instead)."""
    for seat in range(log.state.count):
        if not hooks.cards.weapon(log, seat, chance):
            draw_weapon(log, seat, chance)
    return False


def _actions(log: Log, chance: Chance) -> bool:
    log.emit(ev.TurnStarted(log.state.start_player))
    return True


def _start_player(log: Log, chance: Chance) -> bool:
    s = log.state
    log.emit(ev.StartPlayerChosen(s.last_placer if s.last_placer is not None else s.start_player))
    return False


def _point(point: str) -> Callable[[Log, Chance], bool]:
    """A step that is only the occupations' ``point`` (``cards.engine.POINTS``)."""

    def step(log: Log, chance: Chance) -> bool:
        hooks.cards.phase(log, point, chance)
        return False

    return step


def _income(log: Log, chance: Chance) -> bool:
    s = log.state
    if not (s.round == s.length.rounds and s.final_income):
        for seat, p in enumerate(s.players):
            silver = board_income(p)
            if silver:
                log.emit(ev.Gained(seat, items(("silver", silver)), "income"))
    return False


def _breeding(log: Log, chance: Chance) -> bool:
    for seat in range(log.state.count):
        breed(log, seat)
    hooks.cards.phase(log, "breeding", chance)
    return False


def _feast(log: Log, chance: Chance) -> bool:
    log.emit(ev.FeastBegan(log.state.round))
    hooks.cards.phase(log, "feast-start", chance)
    return True


def _final(log: Log, chance: Chance) -> bool:
    s = log.state
    if s.round == s.length.rounds:
        log.emit(ev.FinalPlacementBegan())
        return True
    return False


def _bonus(log: Log, chance: Chance) -> bool:
    for seat in range(log.state.count):
        pay_rewards(log, seat, "bonus")
    hooks.cards.phase(log, "bonus", chance)
    return False


def _mountains(log: Log, chance: Chance) -> bool:
    """Phase 11: the arrow-end item leaves each face-up strip, used-up strips leave play, and
    one new strip is turned up while any are left (components.md §5.2)."""
    hooks.cards.phase(log, "mountains", chance)
    s = log.state
    log.emit(ev.MountainsAged(tuple(x.number for x in s.strips if len(x.items) <= 1)))
    if log.state.strips_left:
        number = chance.pick(log.state.strips_left, "feast: turn up a mountain strip")
        log.emit(ev.MountainStripTurnedUp(number))
    return False


def _return(log: Log, chance: Chance) -> bool:
    held = tuple(o.space for o in log.state.occupied)
    log.emit(ev.VikingsReturned(log.state.round))
    block_spaces(log, held)  # solo: they stay a round longer
    return False


STEPS: tuple[tuple[str, Callable[[Log, Chance], bool]], ...] = (
    ("round", _round),
    ("harvest", _harvest),
    ("after-harvest", _point("after-harvest")),
    ("exploration", _exploration),
    ("weapons", _weapons),
    ("actions", _actions),
    ("after-actions", _point("after-actions")),
    ("start-player", _start_player),
    ("before-income", _point("before-income")),
    ("income", _income),
    ("breeding", _breeding),
    ("feast", _feast),
    ("after-feast", _point("after-feast")),
    ("final", _final),
    ("bonus", _bonus),
    ("after-bonus", _point("after-bonus")),
    ("mountains", _mountains),
    ("return", _return),
)
"""The round in order; a step returns True when the game then waits for the players."""
_AT = {name: i for i, (name, _) in enumerate(STEPS)}


def run_phases(log: Log, chance: Chance, step: str) -> None:
    """Run the steps from ``step`` on (the round wraps after ``return``) until one waits for
    the players, or occupation offers wait for answers (then ``OccupationsAwaited``)."""
    i = _AT[step]
    if hooks.grants.start_next(log, Resume(step), chance):  # a card's action or feast first
        return
    while True:
        if STEPS[i][1](log, chance):
            return
        i = (i + 1) % len(STEPS)
        if log.state.offers:
            log.emit(ev.OccupationsAwaited(Resume(STEPS[i][0])))
            return
        if hooks.grants.start_next(log, Resume(STEPS[i][0]), chance):
            return


def start_round(log: Log, chance: Chance) -> None:
    """Phases 1–4, then the actions phase opens with the start player."""
    run_phases(log, chance, "round")

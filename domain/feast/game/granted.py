"""Actions and feasts an occupation grants outside the turn order (#5, #77, #85, #91, #159).

One mechanism for "carry out a space's action without placing Vikings" and "hold a feast for
yourself alone": the card's effect emits ``ActionGranted`` (the grant waits in
``State.granted``), and the grant starts where no other action runs — where the flow would go
on to the next turn (``turn.advance``), or between two phase steps (``phases.run_phases``).
``GrantStarted`` records where the flow goes on afterwards (``Grant.then``); the action then
runs the space's own code (``turn.use_space``: the space's effect, its dice steps, its
choices, answered by the usual commands), as a seat's action that placed no Viking
(``Acting.space`` is the card: the space hooks see it as not placed on the printed space, and
a failed roll sends no Viking back). A feast lays the seat's banquet table and waits for its
``ServeFood``/``EndFeast`` (``legal``). ``GrantFinished`` ends it; the next grant starts, or
the flow goes on at ``then`` (NOTES.md, Part 3).
"""

from __future__ import annotations

from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions import SPACE_RULES, SPACES
from skald.domain.feast.game.actions.base import Refusal
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.hooks import SpaceUse
from skald.domain.feast.game.phases import run_phases
from skald.domain.feast.game.state import FEAST, Resume, State
from skald.domain.feast.game.turn import advance, before_and_use, counted_refusal
from skald.domain.kernel.chance import Chance

__all__ = ["grant_refusal", "over", "start_next"]


def grant_refusal(state: State, seat: int, space_id: str, option: int) -> Refusal | None:
    """Why the seat cannot carry out the space's action now without Vikings: the space's own
    conditions (ships, cost, a full action: ``turn``'s refusals, with the cards acting
    immediately before it counted as for a placement: ``turn.counted_refusal``), never its
    Vikings, whether it is occupied, or the turn order. The action is not on the printed
    space (``before_and_use``): the cards keyed to placing Vikings there do not count."""
    target = SPACES.get(space_id)
    if target is None or SPACE_RULES.get(target.kind) is None:
        return CODES.refusal("unknown-space", f"there is no built action space {space_id!r}")
    if option not in SPACE_RULES[target.kind].options:
        return CODES.refusal(
            "no-such-option", f"{space_id} has options {SPACE_RULES[target.kind].options}"
        )
    return counted_refusal(state, SpaceUse(seat, target, option, True))


def start_next(log: Log, then: Resume, chance: Chance) -> bool:
    """Start the first waiting grant (the flow goes on at ``then`` once it is over); whether
    one started."""
    if not log.state.granted or log.state.granting is not None:
        return False
    g = log.state.granted[0]
    log.emit(ev.GrantStarted(g.seat, g.card, g.space, g.option, then))
    if g.space == FEAST:
        hooks.cards.seat_phase(log, g.seat, "feast-start", chance)
        return True
    r = Resume("use-space", g.seat, g.space, g.option, None, True)
    before_and_use(log, SPACES[g.space], r, True, chance)
    return True


def over(log: Log, chance: Chance) -> bool:
    """The granted action or feast being carried out is over (``GrantFinished``): the next
    grant starts, or the flow goes on where it was; whether one was over."""
    g = log.state.granting
    if g is None:
        return False
    assert g.then is not None
    log.emit(ev.GrantFinished(g.seat, g.card))
    if not start_next(log, g.then, chance):
        go_on(log, g.then, chance)
    return True


def go_on(log: Log, resume: Resume, chance: Chance) -> None:
    """Where a grant's flow goes on: the next turn after ``r.seat``, or a phase step."""
    if resume.step == "advance":
        advance(log, resume.seat, chance)
    else:
        run_phases(log, chance, resume.step)

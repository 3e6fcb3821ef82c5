"""The solo game (components.md §8, end; the S1 spec it cites, from the rulebook p. 23).

One player, two Viking colours that take turns round by round: the Vikings placed in a round
stay on their spaces through the next round, blocking them, and go back at the end of that
round. The published setup splits the colours over the round spaces (long game: one colour
1 Viking on round 1 and 2 on rounds 3/5/7 with 5 on the Thing square, the other 2 on rounds
2/4/6 with 5 waiting; short game: 2 on round 1 and 2 on rounds 3/5 with 5 on the Thing,
2 on rounds 2/4/6 with 6 waiting). Counted out, the colour acting in round r holds 5 + r
Vikings (long) or 6 + r (short), exactly what the ordinary rules give one player, so the
Viking counts stay the ordinary ones and only the blocking is added:
``SoloSpacesBlocked`` (phase 12) keeps the round's spaces closed for the next round, and
``turn.space_refusal`` refuses them with ``feast/space-blocked``. The start player is always
the solo player (nothing to decide with one seat).

Uncertain (not seen in print, NOTES.md): the banquet table's open squares per round are
taken to be the ordinary ones; whether spaces blocked by the other colour may be used by
occupation effects is not known: #77 Follower counts them as occupied (Vikings stand there),
#91 Latecomer neither as empty nor as the seat's (only the active colour counts, as its text
says); 100 points is the published
benchmark, not a rule, so it is not scored.
"""

from __future__ import annotations

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions.base import Refusal
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.state import State

SOLO_PLAYERS = 1
BENCHMARK = 100
"""The published solo benchmark score (components.md §8): shown, never a win condition."""


def is_solo(state: State) -> bool:
    return state.count == SOLO_PLAYERS


def blocked_refusal(state: State, space_id: str) -> Refusal | None:
    if space_id in state.blocked:
        return CODES.refusal("space-blocked", f"{space_id} is held by last round's Vikings (solo)")
    return None


def block_spaces(log: Log, spaces: tuple[str, ...]) -> None:
    """Phase 12, solo: this round's Vikings stay and block their spaces next round."""
    if is_solo(log.state):
        log.emit(ev.SoloSpacesBlocked(log.state.round, spaces))

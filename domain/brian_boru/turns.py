"""Who the game waits for and why (``pending``, ``to_act``), and the automatic steps between.

Every decision awaited now is a kernel :class:`~skald.domain.kernel.contract.Pending` with a stable
code: a starting town (§2.7), each seat's keep in the simultaneous draft (§3.2), the leader's
active town (§3.3.1), a trick card (§3.3.2–3), and the mid-action decisions of decisions.py
(computed by tricks.py and upkeep.py from the step fields of the state).
"""

from __future__ import annotations

from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru import tricks, upkeep
from skald.domain.brian_boru.commands import CODES
from skald.domain.brian_boru.decisions import DECISIONS, Decision
from skald.domain.brian_boru.flow import Log
from skald.domain.brian_boru.queries import empty_towns, next_player
from skald.domain.brian_boru.state import Phase, State
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.contract import Pending


def awaited(state: State) -> Decision | None:
    """The mid-action decision the game waits for, or ``None``."""
    if state.phase is Phase.RESOLVE:
        return tricks.decision(state)
    if state.phase is Phase.UPKEEP:
        return upkeep.decision(state)
    return None


def pending(state: State) -> tuple[Pending, ...]:
    if state.phase is Phase.START_TOWNS:
        seat = (state.start_seat + state.start_placements) % state.players_count
        return (
            Pending(
                seat,
                CODES.code("place-starting-town"),
                "place your starting disc on an empty town in a region without another disc",
                ("PlaceStartingTown",),
            ),
        )
    if state.phase is Phase.DRAFT:
        return tuple(
            Pending(
                i,
                CODES.code("keep-cards"),
                "keep two cards of your hand; the rest pass left",
                ("KeepCards",),
            )
            for i, p in enumerate(state.players)
            if p.hand and not p.kept
        )
    if state.phase is Phase.LEAD:
        return (
            Pending(
                state.marker,
                CODES.code("choose-active-town"),
                "put the active-town marker on an empty town you can lead to",
                ("ChooseActiveTown",),
            ),
        )
    if state.phase is Phase.PLAY:
        prompt = "lead a card of the town's colour or white" if not state.trick else "play any card"
        return (Pending(next_player(state), CODES.code("play-card"), prompt, ("PlayCard",)),)
    d = awaited(state)
    if d is None:
        return ()
    code, prompt, answer = DECISIONS[d.kind]
    return (Pending(d.seat, code, prompt, (answer,)),)


def to_act(state: State) -> frozenset[int]:
    return frozenset(p.seat for p in pending(state))


def advance(log: Log, chance: Chance) -> None:
    """Run every automatic step until a seat must decide (or the game is over)."""
    while True:
        s = log.state
        if s.phase is Phase.RESOLVE:
            if not tricks.resolve(log):
                return
        elif s.phase is Phase.UPKEEP:
            if not upkeep.run(log, chance):
                return
        elif s.phase is Phase.LEAD and not empty_towns(s):
            log.emit(ev.ActiveTownChosen(s.marker, None))
        else:
            return

"""What the game waits for: ``pending``, ``to_act``, ``answers_of`` and ``legal_commands``.

Decisions (``Pending.decision``):

* ``feast/place-vikings`` — the turn holder in the actions phase: ``PlaceVikings`` or ``Pass``;
* ``feast/action-step`` — mid-action, the seat carrying out a space with choices left
  (mountain takes, upgrades, occupations to play): set by ``ChoicesOffered``;
* ``feast/feast`` — every seat at once in phase 9: ``ServeFood`` until ``EndFeast``;
* ``feast/final-placement`` — every seat at once after the last feast: ``FinishPlacing``;
* ``feast/occupation`` — before any of these, the owner of the first occupation offer
  waiting (``State.offers``): ``ResolveOccupation``.

Anytime commands (``PlaceGood``, ``BuyShip``, ``LoadOre``, ``UseOccupation``) are listed for every seat while
the game runs; placements are yielded lazily from the placement engine.
"""

from __future__ import annotations

from collections.abc import Iterator

from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions import SPACES, dice_steps, voyage_steps
from skald.domain.feast.game.actions.dice import after_roll
from skald.domain.feast.game.actions.mountains import strips_open, upgradable
from skald.domain.feast.game.items import free_berths
from skald.domain.feast.game.placing import food_placements, placements
from skald.domain.feast.game.state import FEAST, Phase, State
from skald.domain.feast.game.turn import berth_of, place_commands, step_answers
from skald.domain.feast.goods import GOODS, upgrades
from skald.domain.feast.ships import SHIPS
from skald.domain.kernel.contract import Pending

_PROMPTS = {
    "feast/place-vikings": "Your turn: place Vikings on a free action space, or pass.",
    "feast/action-step": "Carry on with your action: take, upgrade or play what it offers.",
    "feast/after-roll": "The die is cast: roll again (up to 3 rolls) or declare the outcome.",
    "feast/feast": "Feast: cover the open banquet squares with food or silver, then end it.",
    "feast/final-placement": "The game is over: place what is left, then finish.",
    "feast/occupation": "An occupation of yours offers its effect: take a choice or leave it.",
}


def _decisions(state: State) -> Iterator[tuple[int, str, tuple[str, ...]]]:
    if state.phase is Phase.OVER:
        return
    g = state.granting
    if state.offers:
        yield state.offers[0].seat, "feast/occupation", ("ResolveOccupation",)
    elif state.dice is not None:  # a granted action may run in any phase (``granted``)
        yield state.dice.seat, "feast/after-roll", after_roll(state, state.dice)
    elif state.running is not None:
        yield state.running.seat, "feast/action-step", step_answers(state, state.running)
    elif g is not None and g.space == FEAST:  # a feast for one seat (#5 Chief)
        yield g.seat, "feast/feast", ("ServeFood", "EndFeast")
    elif state.phase is Phase.ACTIONS:
        if state.turn is not None:
            yield state.turn, "feast/place-vikings", ("PlaceVikings", "Pass")
    elif state.phase is Phase.FEAST:
        for seat, p in enumerate(state.players):
            if not p.feasted:
                yield seat, "feast/feast", ("ServeFood", "EndFeast")
    elif state.phase is Phase.FINAL:
        for seat, p in enumerate(state.players):
            if not p.finished:
                yield seat, "feast/final-placement", ("FinishPlacing",)


def pending(state: State) -> tuple[Pending, ...]:
    return tuple(Pending(seat, d, _PROMPTS[d], answers) for seat, d, answers in _decisions(state))


def to_act(state: State) -> frozenset[int]:
    return frozenset(seat for seat, _, _ in _decisions(state))


def answers_of(state: State, seat: int) -> frozenset[str]:
    return frozenset(a for who, _, answers in _decisions(state) if who == seat for a in answers)


def _answers(state: State, seat: int, answers: frozenset[str]) -> Iterator[cmd.Command]:
    p = state.players[seat]
    if "PlaceVikings" in answers:
        for space, option, copy in place_commands(state, seat):
            yield cmd.PlaceVikings(space, option, copy)
            if p.hand and SPACES[copy or space].column == 4:  # play one first
                for card in p.hand:
                    yield cmd.PlaceVikings(space, option, copy, card)
    if "Pass" in answers:
        yield cmd.Pass()
    run = state.running
    if run is not None and run.seat == seat:
        if "TakeFromMountain" in answers:
            for x in state.strips:
                if x.number in strips_open(state, run):
                    for n in range(1, min(max(run.takes), len(x.items)) + 1):
                        yield cmd.TakeFromMountain(x.number, n)
        if "Upgrade" in answers:
            for i in upgradable(p, run):
                good = GOODS[i].good
                for steps in range(1, run.upgrade_steps + 1):
                    if upgrades(good, steps) is not None:
                        yield cmd.Upgrade(good, steps)
        if "PlayOccupation" in answers:
            for card in p.hand:
                yield cmd.PlayOccupation(card)
        if "FinishAction" in answers:
            yield cmd.FinishAction()
    yield from dice_steps.dice_commands(state, seat, answers)
    yield from voyage_steps.voyage_commands(state, seat, answers)
    if "EndFeast" in answers:
        sober = hooks.cards.serve_refusal(state, seat, "mead") is not None
        for pl in food_placements(p):
            if not (sober and pl.piece.name == "mead"):
                yield cmd.ServeFood(pl.piece.name, pl.col, pl.rotation)
        yield cmd.EndFeast()
    if "FinishPlacing" in answers:
        yield cmd.FinishPlacing()
    if "ResolveOccupation" in answers:
        yield from hooks.answers.resolve_commands(state, seat)


def _anytime(state: State, seat: int) -> Iterator[cmd.Command]:
    p = state.players[seat]
    for spec in SHIPS:
        if p.silver >= spec.cost and free_berths(p, berth_of(spec.kind)) > 0:
            yield cmd.BuyShip(spec.kind)
    own_action = state.running is not None and state.running.seat == seat
    if p.ore and not own_action:
        for i, ship in enumerate(p.ships):
            if ship.ore < next(x.ore_slots for x in SHIPS if x.kind is ship.kind):
                yield cmd.LoadOre(i)
    yield from hooks.answers.use_commands(state, seat)


def good_placements(state: State, seat: int) -> Iterator[cmd.PlaceGood]:
    """Every legal ``PlaceGood`` of the seat (``placements.compact_legal`` groups them)."""
    if state.phase in (Phase.SETUP, Phase.OVER) or not 0 <= seat < state.count:
        return
    for board, pl in placements(state.players[seat]):
        yield cmd.PlaceGood(board, pl.piece.name, pl.row, pl.col, pl.rotation)


def other_commands(state: State, seat: int) -> Iterator[cmd.Command]:
    """``legal_commands`` without the ``PlaceGood`` placements, in the same order."""
    if state.phase in (Phase.SETUP, Phase.OVER) or not 0 <= seat < state.count:
        return
    yield from _answers(state, seat, answers_of(state, seat))
    yield from _anytime(state, seat)


def legal_commands(state: State, seat: int) -> Iterator[cmd.Command]:
    yield from other_commands(state, seat)
    yield from good_placements(state, seat)

"""A test game with the shape of A Feast for Odin's hardest parts, to show kernel v2 fits them.

* **Multi-step dice actions** (Feast's hunting, snare, whaling, raiding): ``Hunt`` rolls an
  8-sided die; the roll is its own event, and the hunter then faces a pending decision
  ``dice/after-roll``: ``Reroll`` (up to three rolls, each replacing the last) or ``Declare``
  success (spending wood to lower the roll to the target or below) or failure (a consolation).
  When even all the hunter's wood cannot make the roll succeed after the last roll, only failure
  is legal: the automatic failure.
* **Anytime actions by a seat that is not to act** (Feast's goods placement and ship purchases):
  ``Trade`` turns 2 wood into 1 point for any seat at any moment, listed in ``Rules.anytime``.
* **Long games**: the ``rounds`` option (1–500) runs to thousands of events; folding them is
  a test of the kernel's fold, not of a special path.

Rules: seats hunt in turn, once per round; a success scores the roll's animal (target 3: 2
points), a failure gives 1 wood. Everyone starts with 2 wood.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from skald.domain.kernel import (
    Chance,
    GameOver,
    IllegalMove,
    Malformed,
    NotYourTurn,
    OptionKind,
    OptionSpec,
    Outcome,
    Pending,
    Rules,
)

TARGET = 3
MAX_ROLLS = 3
G = "dice/"


@dataclass(frozen=True, slots=True)
class Hunt:
    """Start a hunt: roll the die."""


@dataclass(frozen=True, slots=True)
class Reroll:
    """Roll again; the new roll replaces the last."""


@dataclass(frozen=True, slots=True)
class Declare:
    """End the hunt: success (spending ``wood`` to lower the roll) or failure."""

    success: bool
    wood: int = 0


@dataclass(frozen=True, slots=True)
class Trade:
    """Anytime: 2 wood for 1 point."""


Command = Hunt | Reroll | Declare | Trade


@dataclass(frozen=True, slots=True)
class Started:
    players: int
    rounds: int


@dataclass(frozen=True, slots=True)
class DieRolled:
    """A hunt's roll (1st, 2nd or 3rd); the hunter now decides: reroll or declare."""

    seat: int
    roll: int
    value: int


@dataclass(frozen=True, slots=True)
class HuntSucceeded:
    seat: int
    wood_spent: int
    points: int


@dataclass(frozen=True, slots=True)
class HuntFailed:
    seat: int
    consolation_wood: int


@dataclass(frozen=True, slots=True)
class WoodTraded:
    seat: int


@dataclass(frozen=True, slots=True)
class Hunter:
    seat: int
    roll: int
    value: int


@dataclass(frozen=True, slots=True)
class DiceView:
    turn: int
    points: tuple[int, ...]
    wood: tuple[int, ...]
    hunter: Hunter | None


@dataclass(frozen=True, slots=True)
class State:
    players: int = 0
    rounds: int = 0
    turn: int = 0
    points: tuple[int, ...] = ()
    wood: tuple[int, ...] = ()
    hunt: Hunter | None = None


def _set(values: tuple[int, ...], seat: int, delta: int) -> tuple[int, ...]:
    out = list(values)
    out[seat] += delta
    return tuple(out)


class DiceRules:
    name = "dice"
    title = "Dice hunt (test game)"
    min_players = 2
    max_players = 4
    rules_version = "dice-1"
    commands: Mapping[str, type[Any]] = {c.__name__: c for c in (Hunt, Reroll, Declare, Trade)}
    events: Mapping[str, type[Any]] = {
        c.__name__: c for c in (Started, DieRolled, HuntSucceeded, HuntFailed, WoodTraded)
    }
    views = (DiceView, Hunter)
    options = (
        OptionSpec("rounds", OptionKind.NUMBER, 3, "rounds to play", minimum=1, maximum=500),
    )
    anytime = frozenset({"Trade"})

    def initial(self, players: int) -> State:
        return State(players)

    def setup(self, players: int, options: Mapping[str, Any], chance: Chance) -> tuple[Any, ...]:
        return (Started(players, int(options["rounds"])),)

    def _over(self, state: State) -> bool:
        return bool(state.points) and state.turn >= state.rounds * state.players

    def pending(self, state: State) -> tuple[Pending, ...]:
        if self._over(state) or not state.points:
            return ()  # over, or not set up yet
        if state.hunt is not None:
            answers = ("Reroll", "Declare") if state.hunt.roll < MAX_ROLLS else ("Declare",)
            return (Pending(state.hunt.seat, "dice/after-roll", "reroll or declare", answers),)
        return (Pending(state.turn % state.players, "dice/hunt", "start your hunt", ("Hunt",)),)

    def to_act(self, state: State) -> frozenset[int]:
        return frozenset(p.seat for p in self.pending(state))

    def check(self, state: State, seat: int, command: Any) -> None:
        if not 0 <= seat < state.players:
            raise Malformed("seat/out-of-range", f"no seat {seat}")
        if self._over(state) or not state.points:
            raise GameOver(G + "over", "the game is not running")
        if isinstance(command, Trade):
            if state.wood[seat] < 2:
                raise IllegalMove(G + "trade-needs-wood", "trading needs 2 wood")
            return
        if seat not in self.to_act(state):
            raise NotYourTurn(G + "turn", f"seat {seat} is not to act")
        hunt = state.hunt
        if isinstance(command, Hunt):
            if hunt is not None:
                raise IllegalMove(G + "hunt-running", "finish the running hunt first")
        elif isinstance(command, Reroll):
            if hunt is None:
                raise IllegalMove(G + "no-hunt", "there is no roll to replace")
            if hunt.roll >= MAX_ROLLS:
                raise IllegalMove(G + "no-more-rolls", f"at most {MAX_ROLLS} rolls")
        elif isinstance(command, Declare):
            if hunt is None:
                raise IllegalMove(G + "no-hunt", "there is no hunt to declare")
            if command.success:
                if not 0 <= command.wood <= state.wood[seat]:
                    raise IllegalMove(G + "wood", "spend between 0 and the wood you have")
                if hunt.value - command.wood > TARGET:
                    raise IllegalMove(G + "roll-too-high", "the roll minus wood exceeds the target")
                if hunt.value - command.wood < TARGET and command.wood > 0:
                    raise IllegalMove(G + "wood-wasted", "spend only the wood the roll needs")
            elif command.wood:
                raise IllegalMove(G + "failure-spends-nothing", "a failure spends no wood")
        else:
            raise Malformed("command/unknown", f"not a dice command: {command!r}")

    def decide(self, state: State, seat: int, command: Any, chance: Chance) -> tuple[Any, ...]:
        self.check(state, seat, command)
        if isinstance(command, Trade):
            return (WoodTraded(seat),)
        if isinstance(command, Hunt):
            return (DieRolled(seat, 1, chance.roll(8, "hunt")),)
        if isinstance(command, Reroll):
            assert state.hunt is not None
            return (DieRolled(seat, state.hunt.roll + 1, chance.roll(8, "hunt")),)
        if command.success:
            return (HuntSucceeded(seat, command.wood, 2),)
        return (HuntFailed(seat, 1),)

    def evolve(self, state: State, event: Any) -> State:
        if isinstance(event, Started):
            zero = (0,) * event.players
            return State(event.players, event.rounds, 0, zero, (2,) * event.players)
        if isinstance(event, DieRolled):
            return replace(state, hunt=Hunter(event.seat, event.roll, event.value))
        if isinstance(event, HuntSucceeded):
            return replace(
                state,
                points=_set(state.points, event.seat, event.points),
                wood=_set(state.wood, event.seat, -event.wood_spent),
                hunt=None,
                turn=state.turn + 1,
            )
        if isinstance(event, HuntFailed):
            return replace(
                state,
                wood=_set(state.wood, event.seat, event.consolation_wood),
                hunt=None,
                turn=state.turn + 1,
            )
        return replace(
            state,
            wood=_set(state.wood, event.seat, -2),
            points=_set(state.points, event.seat, 1),
        )

    def legal_commands(self, state: State, seat: int) -> Iterator[Any]:
        if not 0 <= seat < state.players or self._over(state):
            return
        if state.wood[seat] >= 2:
            yield Trade()
        if seat not in self.to_act(state):
            return
        hunt = state.hunt
        if hunt is None:
            yield Hunt()
            return
        if hunt.roll < MAX_ROLLS:
            yield Reroll()
        need = max(0, hunt.value - TARGET)
        if need <= state.wood[seat]:
            yield Declare(True, need)
        yield Declare(False)

    def view(self, state: State, seat: int | None) -> DiceView:
        return DiceView(state.turn, state.points, state.wood, state.hunt)

    def redact(self, event: Any, seat: int | None) -> Any:
        return event

    def secrets(self, state: State, seat: int | None) -> frozenset[str]:
        return frozenset()

    def public_command(self, command: Any) -> Any:
        return command  # nothing is hidden

    def outcome(self, state: State) -> Outcome | None:
        if not self._over(state):
            return None
        best = max(state.points)
        return Outcome(state.points, tuple(s for s, v in enumerate(state.points) if v == best))

    def components(self) -> Mapping[str, Any]:
        return {"die": 8, "target": TARGET, "max_rolls": MAX_ROLLS}


RULES: Rules[State, Command, Any, DiceView] = DiceRules()

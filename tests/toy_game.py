"""A tiny game for service tests: a hidden dealt card each, alternate rolls, three turns each.

Small enough to reason about in a test, but it has everything the service must handle: a shuffle
in setup, a hidden card per seat, chance in commands, turn order and an end.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from skald.domain.kernel import Chance, IllegalMove, NotYourTurn, Outcome, Pending, Rules

CARDS = ("c1", "c2", "c3", "c4", "c5", "c6")


@dataclass(frozen=True, slots=True)
class Roll:
    bonus: bool = False


@dataclass(frozen=True, slots=True)
class Started:
    players: int


@dataclass(frozen=True, slots=True)
class Shuffled:
    order: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Rolled:
    seat: int
    value: int


@dataclass(frozen=True, slots=True)
class ToyView:
    scores: tuple[int, ...]
    turn: int
    my_card: str


@dataclass(frozen=True, slots=True)
class State:
    players: int = 0
    deck: tuple[str, ...] = ()
    hands: tuple[str, ...] = ()
    scores: tuple[int, ...] = ()
    turns: int = 0


class ToyRules:
    name = "toy"
    title = "Toy"
    min_players = 2
    max_players = 3
    rules_version = "toy-1"
    commands: Mapping[str, type[Any]] = {"Roll": Roll}
    events: Mapping[str, type[Any]] = {c.__name__: c for c in (Started, Shuffled, Dealt, Rolled)}
    views = (ToyView,)
    options = ()
    anytime: frozenset[str] = frozenset()

    def initial(self, players: int) -> State:
        return State(players)

    def setup(self, players: int, options: Mapping[str, Any], chance: Chance) -> tuple[Any, ...]:
        order = chance.shuffle(CARDS, "deck")
        return (Started(players), Shuffled(order), *(Dealt(s, order[s]) for s in range(players)))

    def to_act(self, state: State) -> frozenset[int]:
        if not state.scores or self.outcome(state) is not None:
            return frozenset()  # not set up yet, or over
        return frozenset({state.turns % state.players})

    def pending(self, state: State) -> tuple[Pending, ...]:
        return tuple(Pending(s, "toy/roll", "roll the die", ("Roll",)) for s in self.to_act(state))

    def check(self, state: State, seat: int, command: Any) -> None:
        if seat not in self.to_act(state):
            raise NotYourTurn("toy/turn", f"seat {seat} may not act now")
        if command.bonus:
            raise IllegalMove("toy/no-bonus", "bonus rolls do not exist")

    def decide(self, state: State, seat: int, command: Any, chance: Chance) -> tuple[Any, ...]:
        self.check(state, seat, command)
        return (Rolled(seat, chance.roll(6, "d6")),)

    def evolve(self, state: State, event: Any) -> State:
        if isinstance(event, Started):
            return State(event.players, (), ("",) * event.players, (0,) * event.players)
        if isinstance(event, Shuffled):
            return replace(state, deck=event.order)
        if isinstance(event, Dealt):
            hands = list(state.hands)
            hands[event.seat] = event.card
            return replace(state, hands=tuple(hands), deck=state.deck[1:])
        scores = list(state.scores)
        scores[event.seat] += event.value
        return replace(state, scores=tuple(scores), turns=state.turns + 1)

    def legal_commands(self, state: State, seat: int) -> Iterator[Any]:
        if seat in self.to_act(state):
            yield Roll()

    def view(self, state: State, seat: int | None) -> ToyView:
        mine = state.hands[seat] if seat is not None and seat < len(state.hands) else ""
        return ToyView(state.scores, state.turns, mine)

    def redact(self, event: Any, seat: int | None) -> Any:
        if isinstance(event, Shuffled):
            return Shuffled(())
        if isinstance(event, Dealt) and event.seat != seat:
            return Dealt(event.seat, "")
        return event

    def secrets(self, state: State, seat: int | None) -> frozenset[str]:
        return frozenset(c for s, c in enumerate(state.hands) if s != seat) | frozenset(state.deck)

    def public_command(self, command: Any) -> Any:
        return command  # a roll names no card

    def outcome(self, state: State) -> Outcome | None:
        if state.players == 0 or state.turns < 3 * state.players:
            return None
        best = max(state.scores)
        return Outcome(state.scores, tuple(s for s, v in enumerate(state.scores) if v == best))

    def components(self) -> Mapping[str, Any]:
        return {"cards": list(CARDS)}


RULES: Rules[State, Roll, Any, ToyView] = ToyRules()

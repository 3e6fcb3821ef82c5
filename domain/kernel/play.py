"""Pure helpers over any :class:`~skald.domain.kernel.contract.Rules`: fold, decide-and-fold,
legality, random play.

Random play is what ``skald simulate``, the property tests and the benchmarks use: at each
step one seat among ``to_act`` is chosen and one of its legal commands is picked. The picker is
a :class:`random.Random` passed in (never global state), so a seed reproduces a game.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from skald.domain.kernel.chance import Chance
from skald.domain.kernel.contract import AnyRules, Decided, Seat
from skald.domain.kernel.errors import SkaldError
from skald.domain.kernel.options import Options, resolve_options


def fold(rules: AnyRules, players: int, events: Iterable[Any], state: Any = None) -> Any:
    """The state after ``events`` (from the initial state unless ``state`` is given)."""
    if state is None:
        state = rules.initial(players)
    evolve = rules.evolve
    for event in events:
        state = evolve(state, event)
    return state


def decide_folded(
    rules: AnyRules, state: Any, seat: Seat, command: Any, chance: Chance
) -> Decided[Any, Any]:
    """``rules.decide`` and the state its events fold to: the game's own ``decide_folded``
    when it has one (its ``decide`` folds as it goes, so the fold comes free), else ``decide``
    then ``evolve`` over its events — the same events and an equal state either way."""
    own = getattr(rules, "decide_folded", None)
    if own is not None:
        decided: Decided[Any, Any] = own(state, seat, command, chance)
        return decided
    events = rules.decide(state, seat, command, chance)
    evolve = rules.evolve
    for event in events:
        state = evolve(state, event)
    return Decided(events, state)


def is_legal(rules: AnyRules, state: Any, seat: Seat, command: Any) -> bool:
    """Whether ``decide`` would accept ``command`` from ``seat`` now (``check``, no chance)."""
    try:
        rules.check(state, seat, command)
    except SkaldError:
        return False
    return True


@dataclass(frozen=True, slots=True)
class Step:
    """One accepted command and the events it produced."""

    seat: Seat
    command: Any
    events: tuple[Any, ...]


def random_command(rules: AnyRules, state: Any, picker: random.Random) -> tuple[Seat, Any] | None:
    """A random (seat, legal command) among the seats to act, or ``None`` when nobody can act."""
    seats = sorted(rules.to_act(state))
    picker.shuffle(seats)
    for seat in seats:
        options = list(rules.legal_commands(state, seat))
        if options:
            return seat, picker.choice(options)
    return None


def random_game(
    rules: AnyRules,
    players: int,
    chance: Chance,
    picker: random.Random,
    options: Options | None = None,
    max_steps: int = 100_000,
) -> Iterator[Step | tuple[Any, ...]]:
    """Yield the setup events, then one :class:`Step` per command, until the game ends."""
    setup = rules.setup(players, resolve_options(rules.options, options or {}), chance)
    yield setup
    state = fold(rules, players, setup)
    for _ in range(max_steps):
        if rules.outcome(state) is not None:
            return
        pick = random_command(rules, state, picker)
        if pick is None:
            raise RuntimeError(f"{rules.name}: nobody can act but the game has not ended")
        seat, command = pick
        events = rules.decide(state, seat, command, chance)
        state = fold(rules, players, events, state)
        yield Step(seat, command, events)
    raise RuntimeError(f"{rules.name}: no end after {max_steps} commands")

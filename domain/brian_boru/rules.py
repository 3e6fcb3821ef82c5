"""The one ``Rules`` object of Brian Boru: High King of Ireland (3–5 players).

It wires the printed data (map.py, cards.py, marriages.py), the state (model.py), ``decide``
and ``legal_commands`` (engine.py), ``evolve`` (evolve.py), scoring (scoring.py) and what each
seat may see (views.py) to the kernel contract (domain/kernel/contract.py).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from domain.brian_boru import cards, engine, evolve, marriages
from domain.brian_boru import map as board
from domain.brian_boru import views as visibility
from domain.brian_boru.commands import COMMANDS
from domain.brian_boru.events import EVENTS
from domain.brian_boru.model import Phase, State
from domain.kernel.chance import Chance
from domain.kernel.contract import Options, Outcome, Seat
from domain.kernel.errors import Malformed

KNOWN_OPTIONS = ("viking_strengths", "card5_coins", "dubhlinn", "road_31_43", "marriage_track")


class BrianBoruRules:
    name = "brian_boru"
    title = "Brian Boru: High King of Ireland"
    min_players = 3
    max_players = 5
    rules_version = "brian-boru-en-2021.1"
    commands: Mapping[str, type[Any]] = {c.__name__: c for c in COMMANDS}
    events: Mapping[str, type[Any]] = {e.__name__: e for e in EVENTS}
    views: tuple[type[Any], ...] = visibility.VIEWS

    def initial(self, players: int) -> State:
        return State(players_count=players)

    def setup(self, players: int, options: Options, chance: Chance) -> tuple[Any, ...]:
        if not self.min_players <= players <= self.max_players:
            raise Malformed("brian_boru/player-count", "Brian Boru is for 3 to 5 players")
        unknown = sorted(set(options) - set(KNOWN_OPTIONS))
        if unknown:
            raise Malformed("brian_boru/bad-option", f"unknown option {unknown[0]!r}")
        text = {k: str(v) for k, v in options.items()}
        return engine.setup_events(players, text, chance)

    def decide(self, state: State, seat: Seat, command: Any, chance: Chance) -> tuple[Any, ...]:
        return engine.decide(state, seat, command, chance)

    def evolve(self, state: State, event: Any) -> State:
        return evolve.evolve(state, event)

    def legal_commands(self, state: State, seat: Seat) -> Iterator[Any]:
        return engine.legal_commands(state, seat)

    def view(self, state: State, seat: Seat | None) -> visibility.BrianBoruView:
        return visibility.view(state, seat, tuple(sorted(engine.to_act(state))))

    def redact(self, event: Any, seat: Seat | None) -> Any:
        return visibility.redact(event, seat)

    def secrets(self, state: State, seat: Seat | None) -> frozenset[str]:
        return visibility.secrets(state, seat)

    def to_act(self, state: State) -> frozenset[Seat]:
        return engine.to_act(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        return Outcome(scores=state.scores, winners=state.winners, reason=state.end_reason)

    def components(self) -> Mapping[str, Any]:
        return {
            "game": self.name,
            "title": self.title,
            "rules_version": self.rules_version,
            "players": {"min": self.min_players, "max": self.max_players},
            "hand_size": {str(k): v for k, v in engine.HAND_SIZE.items()},
            **board.components(),
            **cards.components(),
            **marriages.components(),
        }


RULES = BrianBoruRules()

"""A Feast for Odin for 1–4 players, long (7 rounds) and short (6 rounds): the game engine.

Sources: ``../shared/games/feast-for-odin/rules.ja.txt`` (the authority), ``refresher.en.txt``,
``components.md`` and ``../shared/games/RULINGS.md`` (Feast). The printed data and the
placement engine are part 1 (``skald.domain.feast``); this package plays them.

Modules: ``state`` (records), ``commands``, ``events``, ``evolve``, ``flow`` (the ``Log``),
``setup`` (options, setup), ``setup_data`` (decks), ``phases`` (the 12 phases), ``turn``
(placing Vikings, the running action, turn order), ``actions/`` (space handlers by group,
dispatched by kind), ``placing`` (the engine for goods and the feast), ``checks`` (``check``),
``decide``, ``legal`` (``pending``, ``to_act``, ``legal_commands``), ``scoring``, ``views``;
``hooks`` is where the flow calls the occupation cards (``cards/``), which register into it
when imported here: the imports run one way, cards → flow.
What is built and what is not: ``domain/feast/NOTES.md``, "Part 2: the game".
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from skald.domain.feast.catalog import components as _components
from skald.domain.feast.game import cards as _cards  # noqa: F401 (the cards register into ``hooks``)
from skald.domain.feast.game import legal as _legal
from skald.domain.feast.game import setup as _setup
from skald.domain.feast.game import views as _views
from skald.domain.feast.game.checks import check as _check
from skald.domain.feast.game.commands import ANYTIME, COMMANDS, Command
from skald.domain.feast.game.compact import Compact, compact_legal
from skald.domain.feast.game.decide import decide as _decide
from skald.domain.feast.game.events import EVENTS, Event
from skald.domain.feast.game.evolve import apply as _apply
from skald.domain.feast.game.state import Phase, State, initial
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.contract import Options, OptionSpec, Outcome, Pending, Rules, Seat


class Feast:
    name = "feast"
    title = "A Feast for Odin"
    min_players = _setup.MIN_PLAYERS
    max_players = _setup.MAX_PLAYERS
    rules_version = "feast-ja-2026.2"
    commands: Mapping[str, type[Any]] = COMMANDS
    events: Mapping[str, type[Any]] = EVENTS
    views: tuple[type[Any], ...] = (_views.FeastView, _views.PlayerView)
    options: tuple[OptionSpec, ...] = _setup.OPTIONS
    anytime: frozenset[str] = ANYTIME

    def initial(self, players: int) -> State:
        return initial(players)

    def setup(self, players: int, options: Options, chance: Chance) -> tuple[Event, ...]:
        return _setup.setup(players, options, chance)

    def check(self, state: State, seat: Seat, command: Command) -> None:
        _check(state, seat, command)

    def decide(
        self, state: State, seat: Seat, command: Command, chance: Chance
    ) -> tuple[Event, ...]:
        return _decide(state, seat, command, chance)

    def evolve(self, state: State, event: Event) -> State:
        return _apply(state, event)

    def legal_commands(self, state: State, seat: Seat) -> Iterator[Command]:
        return _legal.legal_commands(state, seat)

    def compact_legal(self, state: State, seat: Seat) -> Compact:
        """``legal_commands`` with placements grouped per piece and board (``compact``)."""
        return compact_legal(state, seat)

    def pending(self, state: State) -> tuple[Pending, ...]:
        return _legal.pending(state)

    def to_act(self, state: State) -> frozenset[Seat]:
        return _legal.to_act(state)

    def view(self, state: State, seat: Seat | None) -> _views.FeastView:
        return _views.view(state, seat, _legal.to_act(state))

    def redact(self, event: Event, seat: Seat | None) -> Event:
        return _views.redact(event, seat)

    def secrets(self, state: State, seat: Seat | None) -> frozenset[str]:
        return _views.secrets(state, seat)

    def public_command(self, command: Command) -> Command:
        return _views.public_command(command)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        return Outcome(state.scores, state.winners, "final scoring")

    def components(self) -> Mapping[str, Any]:
        return _components()


RULES: Rules[State, Command, Event, _views.FeastView] = Feast()

__all__ = ["RULES", "Feast"]

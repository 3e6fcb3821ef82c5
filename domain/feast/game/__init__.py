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

from collections.abc import Mapping
from typing import Any

from skald.domain.feast.catalog import components as _components
from skald.domain.feast.game import cards as _cards  # noqa: F401 (the cards register into ``hooks``)
from skald.domain.feast.game import legal as _legal
from skald.domain.feast.game import setup as _setup
from skald.domain.feast.game import views as _views
from skald.domain.feast.game.commands import ANYTIME, COMMANDS, Command
from skald.domain.feast.game.compact import Compact, compact_legal
from skald.domain.feast.game.decide import TABLE, log_of, settle
from skald.domain.feast.game.events import EVENTS, Event
from skald.domain.feast.game.evolve import apply as _apply
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.state import Phase, State, initial
from skald.domain.kernel.base import GameRules, Parts
from skald.domain.kernel.contract import OptionSpec, Outcome, Rules, Seat


def view(state: State, seat: Seat | None) -> _views.FeastView:
    return _views.view(state, seat, _legal.to_act(state))


def outcome(state: State) -> Outcome | None:
    if state.phase is not Phase.OVER:
        return None
    return Outcome(state.scores, state.winners, "final scoring")


class Feast(GameRules[State, Command, Event, _views.FeastView, Log]):
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

    def compact_legal(self, state: State, seat: Seat) -> Compact:
        """``legal_commands`` with placements grouped per piece and board (``compact``)."""
        return compact_legal(state, seat)


RULES: Rules[State, Command, Event, _views.FeastView] = Feast(
    Parts(
        table=TABLE,
        log=log_of,
        settle=settle,
        initial=initial,
        setup=_setup.setup,
        evolve=_apply,
        legal_commands=_legal.legal_commands,
        pending=_legal.pending,
        to_act=_legal.to_act,
        view=view,
        redact=_views.redact,
        secrets=_views.secrets,
        public_command=_views.public_command,
        outcome=outcome,
        components=_components,
    )
)

__all__ = ["RULES", "Feast"]

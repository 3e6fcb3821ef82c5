"""The one ``Rules`` object of Brian Boru: High King of Ireland (3–5 players).

``check`` and ``decide`` dispatch by command type to one handler each (draft.py, tricks.py,
answers.py), after the checks every command shares; ``decide`` then runs the automatic steps
(turns.advance) until a seat must decide. Rule sources: ../shared/games/brian-boru/
rules-and-data.md (§n), round-steps.en.txt, ../shared/games/RULINGS.md (Brian Boru); house
rulings in NOTES.md.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import permutations
from typing import Any

from skald.domain.brian_boru import answers, cards, draft, evolve, marriages, tricks, turns
from skald.domain.brian_boru import commands as cmd
from skald.domain.brian_boru import map as board
from skald.domain.brian_boru import views as visibility
from skald.domain.brian_boru.commands import COMMANDS, Command
from skald.domain.brian_boru.decisions import DecisionKind
from skald.domain.brian_boru.events import EVENTS, Event
from skald.domain.brian_boru.flow import Log
from skald.domain.brian_boru.marriages import PrincessOption
from skald.domain.brian_boru.printed import OPTIONS
from skald.domain.brian_boru.queries import HAND_SIZE, lead_towns, playable_cards, start_towns
from skald.domain.brian_boru.state import Phase, SecondaryChoice, State
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.contract import (
    Decided,
    FoldingRules,
    Options,
    OptionSpec,
    Outcome,
    Pending,
    Seat,
)
from skald.domain.kernel.errors import GameOver, Malformed, NotYourTurn
from skald.domain.kernel.options import resolve_options

G = "brian_boru/"

Check = Callable[[State, int, Any], None]
Apply = Callable[[Log, int, Any, Chance], None]

HANDLERS: Mapping[type, tuple[Check, Apply]] = {
    cmd.PlaceStartingTown: (draft.check_start, draft.place_start),
    cmd.KeepCards: (draft.check_keep, draft.keep),
    cmd.ChooseActiveTown: (tricks.check_active_town, tricks.choose_active_town),
    cmd.PlayCard: (tricks.check_play, tricks.play_card),
    cmd.ChooseSecondary: (answers.check_secondary, answers.choose_secondary),
    cmd.BuyExtras: (answers.check_extras, answers.buy_extras),
    cmd.Expand: (answers.check_expand, answers.expand),
    cmd.ChooseTown: (answers.check_town, answers.choose_town),
    cmd.ChoosePrincessOption: (answers.check_princess, answers.choose_princess),
}
"""Per command type: its check (the rule it enforces) and what it does."""


def _handler(s: State, seat: int, command: object) -> tuple[Check, Apply]:
    if s.phase is Phase.OVER:
        raise GameOver(G + "game-over", "the game has ended")
    handler = HANDLERS.get(type(command))
    if handler is None:
        raise Malformed(G + "unknown-command", f"{type(command).__name__} is not a command")
    if not 0 <= seat < s.players_count or seat not in turns.to_act(s):
        raise NotYourTurn(G + "not-your-turn", f"seat {seat} may not act now")
    handler[0](s, seat, command)
    return handler


def legal_commands(s: State, seat: int) -> Iterator[Any]:
    """Every command ``decide`` accepts from ``seat`` now, lazily."""
    if seat not in turns.to_act(s):
        return
    d = turns.awaited(s)
    if d is not None:
        if d.kind is DecisionKind.SECONDARY:
            yield cmd.ChooseSecondary(SecondaryChoice.A)
            yield cmd.ChooseSecondary(SecondaryChoice.B)
        elif d.kind is DecisionKind.EXTRAS:
            for n in range(d.max_extra + 1):
                yield cmd.BuyExtras(n)
        elif d.kind is DecisionKind.EXPAND:
            yield cmd.Expand(None)
            for t in d.options:
                yield cmd.Expand(t)
        elif d.kind is DecisionKind.PRINCESS:
            for o in PrincessOption:
                yield cmd.ChoosePrincessOption(o)
        else:
            for t in d.options:
                yield cmd.ChooseTown(t)
    elif s.phase is Phase.START_TOWNS:
        for t in start_towns(s, seat):
            yield cmd.PlaceStartingTown(t)
    elif s.phase is Phase.DRAFT:
        for a, b in permutations(s.players[seat].hand, 2):
            yield cmd.KeepCards((a, b))
    elif s.phase is Phase.LEAD:
        for t in lead_towns(s):
            yield cmd.ChooseActiveTown(t)
    elif s.phase is Phase.PLAY:
        for c in playable_cards(s, seat):
            yield cmd.PlayCard(c)


class BrianBoruRules:
    name = "brian_boru"
    title = "Brian Boru: High King of Ireland"
    min_players = 3
    max_players = 5
    rules_version = "brian-boru-en-2021.1"
    commands: Mapping[str, type[Any]] = {c.__name__: c for c in COMMANDS}
    events: Mapping[str, type[Any]] = {e.__name__: e for e in EVENTS}
    views: tuple[type[Any], ...] = visibility.VIEWS
    options: tuple[OptionSpec, ...] = OPTIONS
    anytime: frozenset[str] = frozenset()

    def initial(self, players: int) -> State:
        return State(players_count=players)

    def setup(self, players: int, options: Options, chance: Chance) -> tuple[Event, ...]:
        if not self.min_players <= players <= self.max_players:
            raise Malformed("brian_boru/player-count", "Brian Boru is for 3 to 5 players")
        # The kernel has resolved the options already; resolving again is idempotent and
        # fills the defaults for a caller that passes a partial mapping (the tests).
        return draft.setup_events(players, resolve_options(OPTIONS, options), chance)

    def check(self, state: State, seat: Seat, command: Command) -> None:
        _handler(state, seat, command)

    def decide(
        self, state: State, seat: Seat, command: Command, chance: Chance
    ) -> tuple[Event, ...]:
        return self.decide_folded(state, seat, command, chance).events

    def decide_folded(
        self, state: State, seat: Seat, command: Command, chance: Chance
    ) -> Decided[State, Event]:
        """``decide`` and the state it reached: the ``Log`` folds each event with ``evolve``
        as it is emitted, so its state is the fold of the events (the service caches it)."""
        _, apply = _handler(state, seat, command)
        log = Log(state)
        apply(log, seat, command, chance)
        turns.advance(log, chance)
        return Decided(tuple(log.events), log.state)

    def evolve(self, state: State, event: Event) -> State:
        return evolve.evolve(state, event)

    def legal_commands(self, state: State, seat: Seat) -> Iterator[Command]:
        return legal_commands(state, seat)

    def pending(self, state: State) -> tuple[Pending, ...]:
        return turns.pending(state)

    def to_act(self, state: State) -> frozenset[Seat]:
        return turns.to_act(state)

    def view(self, state: State, seat: Seat | None) -> visibility.BrianBoruView:
        return visibility.view(state, seat)

    def redact(self, event: Event, seat: Seat | None) -> Event:
        return visibility.redact(event, seat)

    def secrets(self, state: State, seat: Seat | None) -> frozenset[str]:
        return visibility.secrets(state, seat)

    def public_command(self, command: Command) -> Command:
        return visibility.public_command(command)

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
            "hand_size": {str(k): v for k, v in HAND_SIZE.items()},
            **board.components(),
            **cards.components(),
            **marriages.components(),
        }


RULES: FoldingRules[State, Command, Event, visibility.BrianBoruView] = BrianBoruRules()

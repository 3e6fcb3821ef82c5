"""The one ``Rules`` object of Brian Boru: High King of Ireland (3–5 players).

``check`` and ``decide`` dispatch by command type to one handler each (draft.py, tricks.py,
answers.py), after the checks every command shares; ``decide`` then runs the automatic steps
(turns.advance) until a seat must decide. Rule sources: ../shared/games/brian-boru/
rules-and-data.md (§n), round-steps.en.txt, ../shared/games/RULINGS.md (Brian Boru); house
rulings in NOTES.md.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import permutations
from typing import Any

from skald.domain.brian_boru import answers, cards, draft, evolve, marriages, tricks, turns
from skald.domain.brian_boru import commands as cmd
from skald.domain.brian_boru import map as board
from skald.domain.brian_boru import views as visibility
from skald.domain.brian_boru.commands import CODES, COMMANDS, Command
from skald.domain.brian_boru.decisions import DecisionKind
from skald.domain.brian_boru.events import EVENTS, Event
from skald.domain.brian_boru.flow import Log
from skald.domain.brian_boru.marriages import PrincessOption
from skald.domain.brian_boru.printed import OPTIONS
from skald.domain.brian_boru.queries import HAND_SIZE, lead_towns, playable_cards, start_towns
from skald.domain.brian_boru.state import Phase, SecondaryChoice, State
from skald.domain.kernel.base import FoldingGameRules, Parts
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.contract import FoldingRules, Options, OptionSpec, Outcome
from skald.domain.kernel.options import resolve_options
from skald.domain.kernel.table import CommandTable

MIN_PLAYERS = 3
MAX_PLAYERS = 5


def gate(state: State, seat: int) -> None:
    """What every command meets first: the game is running."""
    if state.phase is Phase.OVER:
        raise CODES.game_over()


def admit(state: State, seat: int, command: object) -> None:
    """After the command's type is known: the seat is one the game waits for."""
    if not 0 <= seat < state.players_count or seat not in turns.to_act(state):
        raise CODES.not_your_turn("not-your-turn", f"seat {seat} may not act now")


TABLE: CommandTable[State, Log] = CommandTable(
    CODES,
    {
        cmd.PlaceStartingTown: (draft.check_start, draft.place_start),
        cmd.KeepCards: (draft.check_keep, draft.keep),
        cmd.ChooseActiveTown: (tricks.check_active_town, tricks.choose_active_town),
        cmd.PlayCard: (tricks.check_play, tricks.play_card),
        cmd.ChooseSecondary: (answers.check_secondary, answers.choose_secondary),
        cmd.BuyExtras: (answers.check_extras, answers.buy_extras),
        cmd.Expand: (answers.check_expand, answers.expand),
        cmd.ChooseTown: (answers.check_town, answers.choose_town),
        cmd.ChoosePrincessOption: (answers.check_princess, answers.choose_princess),
    },
    unknown=lambda command: f"{type(command).__name__} is not a command",
    gate=gate,
    admit=admit,
)
"""Per command type: its check (the rule it enforces) and what it does."""


def setup(players: int, options: Options, chance: Chance) -> tuple[Event, ...]:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CODES.malformed("player-count", "Brian Boru is for 3 to 5 players")
    # The kernel has resolved the options already; resolving again is idempotent and
    # fills the defaults for a caller that passes a partial mapping (the tests).
    return draft.setup_events(players, resolve_options(OPTIONS, options), chance)


def outcome(state: State) -> Outcome | None:
    if state.phase is not Phase.OVER:
        return None
    return Outcome(scores=state.scores, winners=state.winners, reason=state.end_reason)


def components() -> Mapping[str, Any]:
    """The printed data (``skald rules brian-boru``), after the game's name and player counts."""
    return {
        "game": BrianBoruRules.name,
        "title": BrianBoruRules.title,
        "rules_version": BrianBoruRules.rules_version,
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        "hand_size": {str(k): v for k, v in HAND_SIZE.items()},
        **board.components(),
        **cards.components(),
        **marriages.components(),
    }


def _log(state: State, chance: Chance) -> Log:
    return Log(state)


def legal_commands(state: State, seat: int) -> Iterator[Any]:
    """Every command ``decide`` accepts from ``seat`` now, lazily."""
    if seat not in turns.to_act(state):
        return
    d = turns.awaited(state)
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
    elif state.phase is Phase.START_TOWNS:
        for t in start_towns(state, seat):
            yield cmd.PlaceStartingTown(t)
    elif state.phase is Phase.DRAFT:
        for a, b in permutations(state.players[seat].hand, 2):
            yield cmd.KeepCards((a, b))
    elif state.phase is Phase.LEAD:
        for t in lead_towns(state):
            yield cmd.ChooseActiveTown(t)
    elif state.phase is Phase.PLAY:
        for c in playable_cards(state, seat):
            yield cmd.PlayCard(c)


class BrianBoruRules(FoldingGameRules[State, Command, Event, visibility.BrianBoruView, Log]):
    name = "brian_boru"
    title = "Brian Boru: High King of Ireland"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS
    rules_version = "brian-boru-en-2021.1"
    commands: Mapping[str, type[Any]] = {c.__name__: c for c in COMMANDS}
    events: Mapping[str, type[Any]] = {e.__name__: e for e in EVENTS}
    views: tuple[type[Any], ...] = visibility.VIEWS
    options: tuple[OptionSpec, ...] = OPTIONS


RULES: FoldingRules[State, Command, Event, visibility.BrianBoruView] = BrianBoruRules(
    Parts(
        table=TABLE,
        log=_log,
        settle=turns.advance,
        initial=lambda players: State(players_count=players),
        setup=setup,
        evolve=evolve.evolve,
        legal_commands=legal_commands,
        pending=turns.pending,
        view=visibility.view,
        redact=visibility.redact,
        secrets=visibility.secrets,
        public_command=visibility.public_command,
        outcome=outcome,
        components=components,
    )
)

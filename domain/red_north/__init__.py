"""Red North (Mighty Boards, 2025) for 2–4 players: the complete rules engine.

Sources: ``../shared/games/red-north/rulebook.en.txt`` (the authority),
``../shared/games/RULINGS.md`` (Red North) where it is silent, ``notes.md`` beside the
rulebook for component data.

Every rule of the rulebook is implemented; nothing is stubbed. Rulings applied, with where
they live:

RULINGS.md (binding): Outposts = players + 1 including green (``setup``); Outpost printed
Raid Points default 1, option ``outpost_raid_points_<colour>`` (``setup.OPTIONS``); Raider 2 /
Hero 4 / Jarl +1 (+2 with the Champion), never to Jarls (``scoring``); an Outpost goes only to
a player with more than 0 Raid Points, else stays put (``resolution``); Reinforce needs a
face-down card and a card in hand; Pass takes any remaining group, nothing in Ragnarok
(``checks``); empty deck → shuffle the discard (chance), both empty → nothing (``flow``); Saga
skips opponents without face-down cards (``gods``).

House rulings (the rulebook and RULINGS.md are silent; each can be revisited in one place):

* first player by lot, a recorded chance event ("largest feet" is unknowable) — ``setup``;
* a hand with fewer than 3 cards deploys all it holds — ``checks``;
* Outpost powers after Deployment run Angleland then Sax, each a pending decision of its
  controller answered with ``DeclinePower`` or the power's command; Sax is offered only if
  the discard holds a Raider — ``actions``; Angleland "keep it" is ``DeclinePower``, giving the
  token to its holder is refused — ``checks``;
* Glory on a withdrawn face-down card (Loki) returns to the general supply — ``evolve``;
* a token whose Outpost nobody controls stays with its holder (red in play but uncontrolled:
  no VP rule); a Champion still on a Jarl at cleanup returns to that Party's owner —
  ``resolution``, ``evolve``;
* unclaimed and invoked Gods leave the game rather than enter the discard pile, so no God
  reaches the draw deck by a reshuffle — ``resolution``, ``evolve``;
* Loki places exactly 2 Glory (same card allowed; none if only Jarls); Saga names one card
  of every eligible opponent; Hel may take nothing only if the pile has no Jarl/Raider —
  ``gods``;
* Freya's card is drawn and seen before its end is chosen (printed order), so one Freya
  action is two commands of the same seat: ``Invoke`` then ``PlaceFreyaCard``, the second a
  pending decision (``red_north/freya-place``) — ``gods``, ``actions``, ``legal``.

Modules: ``components`` (printed data), ``commands``, ``events``, ``state``, ``evolve``,
``flow`` (the ``Log`` that collects a command's events, draws, turn order), ``setup``
(options, setup), ``checks`` (every refusal: ``check``), ``actions`` (``decide``), ``legal``
(``pending``, ``to_act``, ``legal_commands``), ``gods`` (Invoke), ``resolution`` (A–E),
``scoring`` (Raid Points, final ranking), ``views`` (view, redact, secrets, public_command).
The rules audit (rule → code → test) is ``NOTES.md``.

Imports: skald.domain.kernel.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from skald.domain.kernel.base import FoldingGameRules, Parts
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.contract import FoldingRules, OptionSpec, Outcome, Seat
from skald.domain.kernel.fast import replace
from skald.domain.red_north import components as _components
from skald.domain.red_north import evolve as _evolve
from skald.domain.red_north import legal as _legal
from skald.domain.red_north import setup as _setup
from skald.domain.red_north import views as _views
from skald.domain.red_north.actions import TABLE
from skald.domain.red_north.commands import COMMANDS, Command
from skald.domain.red_north.events import EVENTS, Event
from skald.domain.red_north.flow import Log
from skald.domain.red_north.state import Phase, State, initial


def _shown(state: State, events: tuple[Event, ...]) -> State:
    """``state`` with the cards ``events`` show to everyone added to ``public``, each event's
    new ones in sorted order after the earlier ones' (what ``secrets`` subtracts)."""
    public = state.public
    for event in events:
        fresh = _views.public_cards(event).difference(public)
        if fresh:
            public = public + tuple(sorted(fresh))
    return state if public is state.public else replace(state, public=public)


def evolve(state: State, event: Event) -> State:
    """``apply``, and the cards the event showed added to ``public``."""
    return _shown(_evolve.apply(state, event), (event,))


def view(state: State, seat: Seat | None) -> _views.RedNorthView:
    return _views.view(state, seat, _legal.to_act(state))


def outcome(state: State) -> Outcome | None:
    if state.phase is not Phase.OVER:
        return None
    return Outcome(state.scores, state.winners, state.end_reason)


def _log(state: State, chance: Chance) -> Log:
    return Log(state)


class RedNorth(FoldingGameRules[State, Command, Event, _views.RedNorthView, Log]):
    name = "red_north"
    title = "Red North"
    min_players = _setup.MIN_PLAYERS
    max_players = _setup.MAX_PLAYERS
    rules_version = "red-north-en-2025.1"
    commands: Mapping[str, type[Any]] = COMMANDS
    events: Mapping[str, type[Any]] = EVENTS
    views: tuple[type[Any], ...] = (_views.RedNorthView,)
    options: tuple[OptionSpec, ...] = _setup.OPTIONS

    def folded(self, state: State, events: tuple[Event, ...]) -> State:
        """The ``Log`` has applied every event: only the cards they showed are left to add to
        ``public`` (which ``apply`` never reads)."""
        return _shown(state, events)


RULES: FoldingRules[State, Command, Event, _views.RedNorthView] = RedNorth(
    Parts(
        table=TABLE,
        log=_log,
        initial=initial,
        setup=_setup.setup,
        evolve=evolve,
        legal_commands=_legal.legal_commands,
        pending=_legal.pending,
        to_act=_legal.to_act,
        view=view,
        redact=_views.redact,
        secrets=_views.secrets,
        public_command=_views.public_command,
        outcome=outcome,
        components=_components.components,
    )
)

__all__ = ["RULES", "RedNorth"]

"""Red North (Mighty Boards, 2025) for 2–4 players: the complete rules engine.

Sources: ``shared/games/red-north/rulebook.en.txt`` (the authority), ``RULINGS.md`` (Red
North) where it is silent, ``notes.md`` for component data.

Every rule of the rulebook is implemented; nothing is stubbed. Rulings applied, with where
they live:

RULINGS.md (binding): Outposts = players + 1 including green (``rules.setup``); Outpost
printed Raid Points default 1, option ``outpost_raid_points_<colour>`` (``components``);
Raider 2 / Hero 4 / Jarl +1 (+2 with the Champion), never to Jarls (``scoring``); an Outpost
goes only to a player with more than 0 Raid Points, else stays put (``resolution``);
Reinforce needs a face-down card and a card in hand; Pass takes any remaining group, nothing
in Ragnarok (``rules``); empty deck → shuffle the discard (chance), both empty → nothing
(``flow``); Saga skips opponents without face-down cards (``gods``).

House rulings (the rulebook and RULINGS.md are silent; each can be revisited in one place):

* first player by lot, a recorded chance event ("largest feet" is unknowable) — ``rules``;
* a hand with fewer than 3 cards deploys all it holds — ``rules``;
* Outpost powers after Deployment run Angleland then Sax, each a command of its controller
  with ``DeclinePower``; Sax is offered only if the discard holds a Raider — ``rules``;
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
  action is two commands of the same seat: ``Invoke`` then ``PlaceFreyaCard`` — ``gods``,
  ``rules``;
* unknown setup options are refused (``Malformed``) rather than ignored — ``rules``.

Modules: ``components`` (printed data), ``commands``, ``events``, ``state``, ``evolve``,
``flow`` (decide's building blocks), ``rules`` (setup, decide, legal commands, who acts),
``gods`` (Invoke), ``resolution`` (A–E), ``scoring`` (Raid Points, final ranking),
``views`` (view, redact). The rules audit (rule → code → test) is ``NOTES.md``.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from domain.kernel.chance import Chance
from domain.kernel.contract import Options, Outcome, Seat
from domain.kernel.fast import replace
from domain.red_north import components as _components
from domain.red_north import evolve as _evolve
from domain.red_north import rules as _rules
from domain.red_north import views as _views
from domain.red_north.commands import COMMANDS
from domain.red_north.events import EVENTS
from domain.red_north.state import Phase, State, initial


class RedNorth:
    name = "red_north"
    title = "Red North"
    min_players = _rules.MIN_PLAYERS
    max_players = _rules.MAX_PLAYERS
    rules_version = "red-north-en-2025.1"
    commands: Mapping[str, type[Any]] = COMMANDS
    events: Mapping[str, type[Any]] = EVENTS
    views: tuple[type[Any], ...] = (_views.RedNorthView,)

    def initial(self, players: int) -> State:
        return initial(players)

    def setup(self, players: int, options: Options, chance: Chance) -> tuple[Any, ...]:
        return _rules.setup(players, options, chance)

    def decide(self, state: State, seat: Seat, command: Any, chance: Chance) -> tuple[Any, ...]:
        return _rules.decide(state, seat, command, chance)

    def evolve(self, state: State, event: Any) -> State:
        after = _evolve.apply(state, event)
        fresh = _views.public_cards(event).difference(after.public)
        if fresh:
            after = replace(after, public=after.public + tuple(sorted(fresh)))
        return after

    def legal_commands(self, state: State, seat: Seat) -> Iterator[Any]:
        return _rules.legal_commands(state, seat)

    def view(self, state: State, seat: Seat | None) -> _views.RedNorthView:
        return _views.view(state, seat, _rules.to_act(state))

    def redact(self, event: Any, seat: Seat | None) -> Any:
        return _views.redact(event, seat)

    def secrets(self, state: State, seat: Seat | None) -> frozenset[str]:
        return _views.secrets(state, seat)

    def to_act(self, state: State) -> frozenset[Seat]:
        return _rules.to_act(state)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase is not Phase.OVER:
            return None
        return Outcome(state.scores, state.winners, state.end_reason)

    def components(self) -> Mapping[str, Any]:
        return _components.components()


RULES = RedNorth()

__all__ = ["RULES", "RedNorth"]

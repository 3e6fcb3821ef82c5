"""Building blocks of ``decide``: an event log that folds as it goes, and weapon draws.

``decide`` never mutates: it folds each event it emits into a private working state, so later
steps of one command (the phases after the last pass, a draw after a reshuffle) see the
effects of earlier ones exactly as a replay will.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.evolve import apply
from skald.domain.feast.game.state import State
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.chance import Chance

Watcher = Callable[["Log", Any, State], None]
"""Called with the log, an event just applied and the state before it (``cards.watch.watch``):
each-time occupations add their events to the command that set them off."""


class Log:
    """The events one command (or setup) produces, with the state they fold to so far; with a
    ``watcher``, every event of a ``watched`` type is handed to it once applied."""

    def __init__(
        self,
        state: State,
        watcher: Watcher | None = None,
        watched: frozenset[type] = frozenset(),
        chance: Chance | None = None,
    ) -> None:
        self.state = state
        self.events: list[Any] = []
        self.watcher = watcher
        self.watched = watched
        self.chance = chance
        """The command's chance, for watchers whose effect draws (a weapon card)."""

    def emit(self, *events: Any) -> None:
        for event in events:
            before = self.state
            self.state = apply(before, event)
            self.events.append(event)
            if self.watcher is not None and type(event) in self.watched:
                self.watcher(self, event, before)


def draw_weapon(log: Log, seat: int, chance: Chance) -> None:
    """One weapon card from the deck, a uniform pick among the cards left. An empty deck takes
    the discard pile as a new deck; with both empty a substitute card of a uniformly chosen
    type is taken (rules.ja.txt 有限のものと無限のもの: weapon cards count as unlimited)."""
    s = log.state
    reshuffled = not any(s.weapon_deck) and any(s.weapon_discard)
    deck = s.weapon_discard if reshuffled else s.weapon_deck
    cards = [w for w, n in zip(Weapon, deck, strict=True) for _ in range(n)] or list(Weapon)
    weapon = chance.pick(cards, "feast: draw a weapon card")
    log.emit(ev.WeaponDrawn(seat, weapon, reshuffled))

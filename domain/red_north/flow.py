"""Building blocks of ``decide``: an event log that folds as it goes, draws, and turn order.

``decide`` never mutates: it folds each event it emits into a private working state, so later
steps of one command (a draw after a reshuffle, the resolution after the last Pass) see the
effects of earlier ones exactly as a replay will.
"""

from __future__ import annotations

from skald.domain.kernel.chance import Chance
from skald.domain.red_north import events as ev
from skald.domain.red_north.events import Event
from skald.domain.red_north.evolve import apply
from skald.domain.red_north.state import State


class Log:
    """The events one command (or setup) produces, with the state they fold to so far."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.state = apply(self.state, event)
            self.events.append(event)


def top_cards(log: Log, count: int, chance: Chance) -> tuple[str, ...]:
    """The next ``n`` cards of the deck (fewer if deck and discard run dry).

    RULINGS.md (Red North): if the draw deck is empty when a card must be drawn, the discard
    pile is shuffled into a new deck (a chance event); if both are empty, the draw yields
    nothing. The reshuffle is recorded before a draw the deck cannot cover, and the shuffled
    pile goes *under* the cards left, which is the same as drawing those first.
    """
    s = log.state
    if len(s.deck) < count and s.discard:
        order = chance.shuffle(s.discard, "red_north: shuffle the discard pile into a new deck")
        log.emit(ev.DiscardShuffledIntoDeck(tuple(order)))
    return log.state.deck[:count]


def draw_to_hand(log: Log, seat: int, count: int, chance: Chance, reason: str) -> None:
    cards = top_cards(log, count, chance)
    if cards:
        log.emit(ev.CardsDrawn(seat, cards, reason))


def form_group(log: Log, leader: str, count: int, chance: Chance) -> None:
    log.emit(ev.MusterGroupFormed(leader, top_cards(log, count, chance)))


def next_to_act(state: State, after: int) -> int | None:
    """The next seat clockwise after ``after`` that has not passed (``after`` itself last)."""
    n = state.count
    for k in range(1, n + 1):
        seat = (after + k) % n
        if not state.players[seat].passed:
            return seat
    return None

"""Building blocks of ``decide``: an event log that folds as it goes, and the round's start.

``decide`` never mutates: it folds each event it emits into a private working state, so later
steps of one command see the effects of earlier ones exactly as a replay will (the same
``Log`` as Red North's, domain/red_north/flow.py).
"""

from __future__ import annotations

from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.cards import card_id, viking_index
from skald.domain.brian_boru.evolve import evolve
from skald.domain.brian_boru.queries import HAND_SIZE
from skald.domain.brian_boru.state import State
from skald.domain.kernel.chance import Chance


class Log:
    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[ev.Event] = []

    def emit(self, *events: ev.Event) -> None:
        for event in events:
            self.state = evolve(self.state, event)
            self.events.append(event)


def begin_round(log: Log, chance: Chance) -> None:
    """§3.1 preparation and the deal of §3.2 (round-steps.en.txt steps 1–4)."""
    s = log.state
    round_no = s.round + 1
    log.emit(ev.RoundBegan(round_no))
    viking = s.viking_deck[0]
    log.emit(ev.VikingsAttacked(viking, s.viking_strengths[viking_index(viking)]))
    marriage = log.state.marriage_deck[0]
    log.emit(ev.MarriageCardRevealed(marriage, len(log.state.marriage_deck) == 1))
    deck = tuple(card_id(round_no, v) for v in range(1, 26))
    order = chance.shuffle(deck, f"round {round_no} action cards")
    log.emit(ev.ActionCardsShuffled(round_no, order, len(order)))
    size = HAND_SIZE[s.players_count]
    for seat in range(s.players_count):
        hand = order[seat * size : (seat + 1) * size]
        log.emit(ev.CardsDealt(seat, hand, len(hand)))

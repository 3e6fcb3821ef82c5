"""Occupations reacting to an occupation coming into the hand (occupations.md #99).

#99 Preceptor (NOTES.md ruling): "instead" replaces the arrival. Before a drawn occupation
comes into the hand, a seat holding a card is offered (``must``: there is no third way) to
take it (option 0) or to play the occupation at hand position ``option - 1`` in its place,
paying nothing; the card not taken stays in the deck. One offer per arriving card, decided
before it arrives, so the arriving card is never the one played. The options name hand
positions only: the hand stays hidden until a card is played, and its order (the order the
cards came in) stays hidden after: other seats see any position as option 1 (``views.redact``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.game.actions.occupations import take_occupation
from skald.domain.feast.game.cards.effects import offer
from skald.domain.feast.game.cards.engine import play
from skald.domain.feast.game.cards.model import Card, Choice, Menu
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _preceptor(log: Log, seat: int) -> bool:
    if not log.state.players[seat].hand:
        return False
    offer(log, seat, 99, "draw")
    return True


def _choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    yield Choice(0, label="take the occupation")
    for i, _ in enumerate(state.players[seat].hand):
        yield Choice(i + 1, label=f"play hand card {i + 1} instead")


def _apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    if ch.key == 0:
        take_occupation(log, seat, chance)
    else:
        play(log, seat, log.state.players[seat].hand[ch.key - 1], chance, by=card_id(99))


CARDS: tuple[Card, ...] = (
    Card(
        99,
        "an occupation would come into your hand: take it, or play one from your hand instead",
        menu=Menu(_choices, _apply, must=True),
        instead_of_draw=_preceptor,
    ),
)

"""The built cards by number and by id, filled once by ``registry`` when it is imported.

The engine and the effect helpers read the cards here, so the card modules may call them at
module level while ``registry`` (which imports every card module) fills the table.
"""

from __future__ import annotations

from skald.domain.feast.game.cards.model import Card
from skald.domain.feast.game.setup_data import LATE_NUMBERS, card_id

CARDS: dict[int, Card] = {}
BY_ID: dict[str, Card] = {}
LATE: frozenset[str] = frozenset(card_id(n) for n in LATE_NUMBERS)
"""The cards built last: on only with the option ``late_occupations`` (``engine.is_on``)."""

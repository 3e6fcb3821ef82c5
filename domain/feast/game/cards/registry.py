"""Every built occupation, found by number and by id, with the indexes the engine uses.

Each effect module (grouped by what its cards touch) holds a ``CARDS`` tuple; this module
collects them. A card not listed here has no effect built yet: it is still dealt, drawn,
played and scores its points (``components()`` lists it under ``occupation_effects_missing``).
"""

from __future__ import annotations

from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards import (
    anytime,
    as_soon_as,
    costs,
    dice,
    gains,
    gathering,
    hand,
    harvest,
    on_play,
    on_play_buys,
    on_play_ships,
    phases,
    raids,
    scoring,
    space_rules,
    spaces,
    table,
    tiles,
    trading,
    without_vikings,
)
from skald.domain.feast.game.cards.model import Card, Limit
from skald.domain.feast.game.setup_data import LATE_NUMBERS as LATE_NUMBERS
from skald.domain.feast.game.setup_data import card_id

MODULES = (
    on_play,
    on_play_buys,
    on_play_ships,
    spaces,
    gathering,
    space_rules,
    costs,
    trading,
    dice,
    phases,
    raids,
    anytime,
    gains,
    harvest,
    as_soon_as,
    scoring,
    without_vikings,
    hand,
    tiles,
)

CARDS: dict[int, Card] = table.CARDS
"""Filled here, read by the engine through ``table`` (which the card modules may import)."""
for _module in MODULES:
    for _card in _module.CARDS:
        if _card.number in CARDS:
            raise ValueError(f"occupation {_card.number} is built twice")
        CARDS[_card.number] = _card

table.BY_ID.update((card_id(n), c) for n, c in CARDS.items())
BY_ID: dict[str, Card] = table.BY_ID
LATE: frozenset[str] = table.LATE
"""The cards built last: on only with the option ``late_occupations`` (``engine.is_on``)."""
BUILT: frozenset[int] = frozenset(CARDS)
LIMITED: frozenset[str] = frozenset(
    card_id(n) for n, c in CARDS.items() if c.limit is not Limit.NONE
)
"""Ids of cards whose uses ``Player.used`` records."""

ON_EVENT: dict[type, frozenset[int]] = {}
for _n, _card in CARDS.items():
    for _kind in _card.watch:
        ON_EVENT[_kind] = ON_EVENT.get(_kind, frozenset()) | {_n}

ARRIVALS: frozenset[int] = frozenset(n for n, c in CARDS.items() if c.arrival is not None)
ARRIVAL_TYPES: frozenset[type] = frozenset(
    {
        ev.Gained,
        ev.MountainTaken,
        ev.OccupationTookFromMountain,
        ev.GoodUpgraded,
        ev.GoodsTraded,
        ev.SpecialsBought,
        ev.ShipBought,
        ev.ShipExchanged,
        ev.AnimalsBred,
        ev.WeaponDrawn,
        ev.WeaponSearched,
    }
)
WATCHED: frozenset[type] = frozenset(ON_EVENT) | (ARRIVAL_TYPES if ARRIVALS else frozenset())
"""Event types the ``Log`` hands to ``watch.watch``."""

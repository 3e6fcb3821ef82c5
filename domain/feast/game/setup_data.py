"""Decks at setup, by the chosen occupation decks and player count (components.md §5.1, §5.4)."""

from __future__ import annotations

from functools import cache

from skald.domain.feast.occupations import OCCUPATIONS
from skald.domain.feast.weapons import STARTING_WEAPONS, WEAPONS

LATE_NUMBERS: tuple[int, ...] = (5, 70, 71, 77, 85, 91, 99, 159)
"""The occupations whose effects were built last (option ``late_occupations``)."""


def card_id(number: int) -> str:
    """The id a card goes by in views, commands and the leak tests: ``occupation-017``."""
    return f"occupation-{number:03d}"


def card_number(card: str) -> int:
    return int(card.removeprefix("occupation-"))


@cache
def starting_cards(decks: str) -> tuple[str, ...]:
    """The light-brown starting cards of the chosen decks (refresher.en.txt setup)."""
    return tuple(card_id(o.number) for o in OCCUPATIONS if o.starting and o.deck.value in decks)


@cache
def dark_cards(decks: str) -> tuple[str, ...]:
    """The dark-brown draw deck of the chosen decks."""
    return tuple(card_id(o.number) for o in OCCUPATIONS if not o.starting and o.deck.value in decks)


def weapon_deck(players: int) -> tuple[int, ...]:
    """The 47 weapon cards less the bow, snare and spear each player starts with."""
    return tuple(w.cards - (players if w.weapon in STARTING_WEAPONS else 0) for w in WEAPONS)

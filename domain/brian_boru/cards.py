"""Action cards (25) and Viking attack cards (7), as printed data.

Sources: ../shared/games/brian-boru/rules-and-data.md §5.1 (values and colours, high
confidence), §5.2 (actions, medium confidence) and §8 (Viking cards). RULINGS.md (Brian Boru)
fixes what is unknown:

* Viking card strengths are **9, 10, 11, 12, 13, 13, 14** (setup option ``viking_strengths``
  overrides them, a comma list of 7 integers).
* Card 5's secondary A gives **3** coins (the pattern of cards 4 and 6); setup option
  ``card5_coins`` may set 2 (the [CH] reading).
* No action card carries the renown symbol.

Symbols inside an action resolve left to right; the primary action always starts with the town
(§5.2 caveat 3: "the town first, then the others").
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import lru_cache

from skald.domain.brian_boru.map import Colour


class Symbol(StrEnum):
    """Action symbols of §3.4."""

    TOWN = "town"
    COIN_GAIN = "coin_gain"
    COIN_PAY = "coin_pay"
    RENOWN = "renown"
    CHURCH = "church"
    RAIDER = "raider"
    MARRIAGE = "marriage"
    EXPAND = "expand"
    FREE_VIKING = "free_viking"


@dataclass(frozen=True, slots=True)
class Group:
    """``count`` copies of one symbol, resolved together (extra purchases come after them)."""

    symbol: Symbol
    count: int = 1


@dataclass(frozen=True, slots=True)
class ActionCard:
    value: int
    colour: Colour
    primary: tuple[Group, ...]
    secondary_a: tuple[Group, ...]
    secondary_b: tuple[Group, ...]
    """Empty when the card has only one secondary action (white 20–22)."""


def _g(symbol: Symbol, count: int = 1) -> Group:
    return Group(symbol, count)


T, C, P, M, R, CH, E, F = (
    Symbol.TOWN,
    Symbol.COIN_GAIN,
    Symbol.COIN_PAY,
    Symbol.MARRIAGE,
    Symbol.RAIDER,
    Symbol.CHURCH,
    Symbol.EXPAND,
    Symbol.FREE_VIKING,
)
Y, RD, B, W = Colour.YELLOW, Colour.RED, Colour.BLUE, Colour.WHITE

CARD5_COINS_DEFAULT = 3
"""RULINGS.md: card 5's secondary A gives 3 coins."""


def _cards(card5_coins: int) -> tuple[ActionCard, ...]:
    def coins_expand(count: int) -> tuple[Group, ...]:
        return (_g(C, count), _g(E))

    return (
        ActionCard(1, Y, (_g(T), _g(M, 2), _g(C)), coins_expand(3), (_g(M, 2),)),
        ActionCard(2, RD, (_g(T), _g(R, 2), _g(C)), coins_expand(3), (_g(R, 2),)),
        ActionCard(3, B, (_g(T), _g(CH, 2), _g(C)), coins_expand(3), (_g(CH, 2),)),
        ActionCard(4, Y, (_g(T), _g(M, 2)), coins_expand(3), (_g(M, 2),)),
        ActionCard(5, RD, (_g(T), _g(R, 2)), coins_expand(card5_coins), (_g(R, 2),)),
        ActionCard(6, B, (_g(T), _g(CH, 2)), coins_expand(3), (_g(CH, 2),)),
        ActionCard(7, Y, (_g(T), _g(M), _g(C)), coins_expand(2), (_g(M, 2),)),
        ActionCard(8, RD, (_g(T), _g(R), _g(C)), coins_expand(2), (_g(R, 2),)),
        ActionCard(9, B, (_g(T), _g(CH), _g(C)), coins_expand(2), (_g(CH, 2),)),
        ActionCard(10, Y, (_g(T), _g(C, 2)), coins_expand(2), (_g(M, 2),)),
        ActionCard(11, RD, (_g(T), _g(C, 2)), coins_expand(2), (_g(R, 2),)),
        ActionCard(12, B, (_g(T), _g(C, 2)), coins_expand(2), (_g(CH, 2),)),
        ActionCard(13, W, (_g(T), _g(C)), coins_expand(2), (_g(P), _g(F))),
        ActionCard(14, Y, (_g(T),), coins_expand(1), (_g(M, 3),)),
        ActionCard(15, RD, (_g(T),), coins_expand(1), (_g(R, 3),)),
        ActionCard(16, B, (_g(T),), coins_expand(1), (_g(CH, 3),)),
        ActionCard(17, Y, (_g(T), _g(P)), coins_expand(1), (_g(M, 3),)),
        ActionCard(18, RD, (_g(T), _g(P)), coins_expand(1), (_g(R, 3),)),
        ActionCard(19, B, (_g(T), _g(P)), coins_expand(1), (_g(CH, 3),)),
        ActionCard(20, W, (_g(T),), coins_expand(2), ()),
        ActionCard(21, W, (_g(T), _g(P)), coins_expand(2), ()),
        ActionCard(22, W, (_g(T), _g(P), _g(P)), coins_expand(2), ()),
        ActionCard(23, Y, (_g(T), _g(P), _g(P)), coins_expand(1), (_g(M, 3),)),
        ActionCard(24, RD, (_g(T), _g(P), _g(P)), coins_expand(1), (_g(R, 3),)),
        ActionCard(25, B, (_g(T), _g(P), _g(P)), coins_expand(1), (_g(CH, 3),)),
    )


ACTION_CARDS: tuple[ActionCard, ...] = _cards(CARD5_COINS_DEFAULT)
"""The 25 action cards by value - 1 (default rulings)."""
ACTION_CARDS_CARD5_TWO: tuple[ActionCard, ...] = _cards(2)


def action_cards(card5_coins: int) -> tuple[ActionCard, ...]:
    return ACTION_CARDS_CARD5_TWO if card5_coins == 2 else ACTION_CARDS


def printed_card(card: str, card5_coins: int) -> ActionCard | None:
    """The printed action card an id names, in a game with ``card5_coins`` (``None`` for an id
    that names no action card: a hidden card, a Viking card)."""
    try:
        value = card_value(card)
    except ValueError:
        return None
    cards = action_cards(card5_coins)
    return cards[value - 1] if 1 <= value <= len(cards) else None


def card_id(round_no: int, value: int) -> str:
    """The id of one action card in one round's deal, e.g. ``"r2-card-07"``.

    Every round reshuffles the same 25 physical cards (§3.2); the id names the card *and* the
    deal, so a card played face up in round 1 never reveals who holds it in round 2.
    """
    return f"r{round_no}-card-{value:02d}"


@lru_cache(maxsize=512)
def card_value(card: str) -> int:
    """The printed value of an action-card id (``"r2-card-07"`` → 7). Cached: asked about a
    dozen times per command for the same 125 ids (bounded: commands may name any text)."""
    return int(card[-2:])


VIKING_STRENGTHS_DEFAULT: tuple[int, ...] = (9, 10, 11, 12, 13, 13, 14)
"""RULINGS.md: the 7 Viking card strengths."""

VIKING_CARD_IDS: tuple[str, ...] = tuple(f"viking-{i}" for i in range(1, 8))


def viking_index(card: str) -> int:
    return int(card.rsplit("-", 1)[1]) - 1


def _groups(groups: tuple[Group, ...]) -> list[dict[str, object]]:
    return [{"symbol": g.symbol.value, "count": g.count} for g in groups]


def components() -> dict[str, object]:
    return {
        "action_cards": [
            {
                "value": c.value,
                "colour": c.colour.value,
                "primary": _groups(c.primary),
                "secondary_a": _groups(c.secondary_a),
                "secondary_b": _groups(c.secondary_b),
            }
            for c in ACTION_CARDS
        ],
        "viking_cards": [
            {"id": i, "strength": s}
            for i, s in zip(VIKING_CARD_IDS, VIKING_STRENGTHS_DEFAULT, strict=True)
        ],
    }

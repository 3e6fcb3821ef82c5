"""Brian Boru move notation: one short line per command, in the names the board drawing shows.

An action card is its printed value (the drawing's ``7 yellow`` is card ``7``): a round's deal
holds each value once, so the value and the round name the card (its id, ``r2-card-07``, and
the short ``r2-7`` are read too). A town is its number on the map drawing.

=================================  ==========================================================
``start 12``                       Setup: the starting disc on town 12
``keep 7 12``                      Draft: keep cards 7 and 12
``active 12``                      the active-town marker on town 12
``play 7``                         lead or follow with card 7
``secondary a`` / ``secondary b``  a loser's secondary action
``buy 2``                          2 extras at 2 coins each (``buy 0``: none)
``expand 12`` / ``expand none``    EXPAND: pay 5 coins for town 12, or decline
``town 12``                        the town a pending decision asks for
``princess spurn``                 Princess of Denmark: ``military-support``,
                                   ``establish-trade`` or ``spurn``
=================================  ==========================================================

Another seat's ``KeepCards`` is written ``keep 2 face down``: its cards are secret
(``views.public_command``), and the text is never read back.

Pure: no I/O. ``parse`` needs the round to turn a card value into a card (``context``, read
from the legal commands by :func:`context`); without it only card ids are read.
"""

from __future__ import annotations

from collections.abc import Sequence

from skald.domain.brian_boru.cards import card_id, card_value
from skald.domain.brian_boru.commands import (
    HIDDEN,
    BuyExtras,
    ChooseActiveTown,
    ChoosePrincessOption,
    ChooseSecondary,
    ChooseTown,
    Command,
    Expand,
    KeepCards,
    PlaceStartingTown,
    PlayCard,
)
from skald.domain.brian_boru.marriages import PrincessOption
from skald.domain.brian_boru.state import SecondaryChoice

TOWN_VERBS: dict[str, type[PlaceStartingTown | ChooseActiveTown | ChooseTown]] = {
    "start": PlaceStartingTown,
    "active": ChooseActiveTown,
    "town": ChooseTown,
}

GROUPS = {
    PlaceStartingTown: "starting town",
    KeepCards: "keep two cards",
    ChooseActiveTown: "active town",
    PlayCard: "play a card",
    ChooseSecondary: "secondary action",
    BuyExtras: "buy extras",
    Expand: "expand",
    ChooseTown: "choose a town",
    ChoosePrincessOption: "Princess of Denmark",
}
"""The heading each command type is listed under (``skald legal``, the play session)."""


def card_name(card: str) -> str:
    """``r2-card-07`` → ``7``; anything else as given."""
    try:
        return str(card_value(card))
    except ValueError:
        return card


def card_word(word: str, round_no: int | None) -> str:
    """The card id a card word names: ``7`` (with the round), ``r2-7`` or ``r2-card-07``."""
    if word.isdigit():
        if round_no is None:
            raise ValueError(
                f"card {word} needs the round here: write r<round>-{word}, e.g. r1-{word}"
            )
        return card_id(round_no, int(word))
    head, _, tail = word.partition("-")
    tail = tail.removeprefix("card-")
    if head.startswith("r") and head[1:].isdigit() and tail.isdigit():
        return card_id(int(head[1:]), int(tail))
    raise ValueError(f"{word!r} is no card (cards are written by value: 7)")


def _town(word: str) -> int:
    if not word.isdigit():
        raise ValueError(f"{word!r} is no town (towns are written by number: 12)")
    return int(word)


def to_text(command: Command) -> str:
    """The notation of one Brian Boru command."""
    match command:
        case PlaceStartingTown(town):
            return f"start {town}"
        case KeepCards(cards):
            if cards and all(card == HIDDEN for card in cards):  # another seat's: face down
                return f"keep {len(cards)} face down"
            return " ".join(["keep", *map(card_name, cards)])
        case ChooseActiveTown(town):
            return f"active {town}"
        case PlayCard(card):
            return f"play {card_name(card)}"
        case ChooseSecondary(option):
            return f"secondary {option.value}"
        case BuyExtras(count):
            return f"buy {count}"
        case Expand(town):
            return f"expand {'none' if town is None else town}"
        case ChooseTown(town):
            return f"town {town}"
        case ChoosePrincessOption(option):
            return f"princess {option.value.replace('_', '-')}"
    raise ValueError(f"not a Brian Boru command: {command!r}")


def parse(text: str, context: int | None = None) -> Command:
    """The command ``text`` (lower case, single spaces) writes, ``context`` being the round
    (for card values); ``ValueError`` saying what is wrong otherwise."""
    verb, *words = text.split(" ")
    if verb in TOWN_VERBS:
        _arity(words, 1, f"{verb} TOWN")
        return TOWN_VERBS[verb](_town(words[0]))
    if verb == "keep":
        _arity(words, 2, "keep CARD CARD")
        return KeepCards(tuple(card_word(w, context) for w in words))
    if verb == "play":
        _arity(words, 1, "play CARD")
        return PlayCard(card_word(words[0], context))
    if verb == "secondary":
        _arity(words, 1, "secondary a|b")
        if words[0] not in {c.value for c in SecondaryChoice}:
            raise ValueError("write secondary a, or secondary b")
        return ChooseSecondary(SecondaryChoice(words[0]))
    if verb == "buy":
        _arity(words, 1, "buy COUNT")
        if not words[0].isdigit():
            raise ValueError(f"{words[0]!r} is no count")
        return BuyExtras(int(words[0]))
    if verb == "expand":
        _arity(words, 1, "expand TOWN, or expand none")
        return Expand(None if words[0] == "none" else _town(words[0]))
    if verb == "princess":
        _arity(words, 1, "princess military-support|establish-trade|spurn")
        options = {o.value.replace("_", "-"): o for o in PrincessOption}
        if words[0] not in options:
            raise ValueError(f"the Princess's options are {', '.join(options)}")
        return ChoosePrincessOption(options[words[0]])
    raise ValueError(
        f"{verb!r} is no Brian Boru move (start, keep, active, play, secondary, buy, "
        "expand, town, princess)"
    )


def _arity(words: Sequence[str], count: int, shape: str) -> None:
    if len(words) != count:
        raise ValueError(f"write {shape}")


def group(command: Command) -> str:
    """The heading a command is listed under."""
    return GROUPS.get(type(command), type(command).__name__)


def context(legal: Sequence[Command]) -> int | None:
    """The round, read from the cards of the legal commands (``None`` if none names one)."""
    for c in legal:
        cards = (
            c.cards if isinstance(c, KeepCards) else (c.card,) if isinstance(c, PlayCard) else ()
        )
        for card in cards:
            head = card.split("-", 1)[0]
            if head.startswith("r") and head[1:].isdigit():
                return int(head[1:])
    return None


__all__ = ["card_name", "card_word", "context", "group", "parse", "to_text"]

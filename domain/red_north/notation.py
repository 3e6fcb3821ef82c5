"""Red North move notation: one short line per command, in the names the board drawing shows.

Cards are one word each: a Raider is its colour and number (``red3``, ``green11``), a Hero
``hero-red``, a Jarl ``jarl8``, a God its name (``thor``); the card ids (``raider-red-03``,
``jarl-08``, ``god-thor``) are read too. A slot of a Raiding Party is ``@n``, counted from 1
at the left as the drawing numbers them (the commands' ``position`` counts from 0); a plain
number is read as a slot too. An end is ``left`` or ``right`` (``l``/``r``).

=================================  ==========================================================
``deploy jarl8 red3 green7``       Deploy, left to right
``withdraw @2``                    Withdraw the card in slot 2
``reinforce @2 red6 right``        turn slot 2 face up, add ``red6`` at the right end
``inspire @3`` / ``promote @1``    Inspire, Promote
``invoke loki @1 @3``              Loki: two slots (may repeat)
``invoke saga 1@2 2@1``            Saga: seat 1's slot 2, seat 2's slot 1
``invoke hel jarl3 @2``            Hel: ``jarl3`` from the discard pile into slot 2
``invoke thor``                    any other God (and Hel with nothing to take)
``place left``                     Freya: place the card you drew
``take red4 left``                 Sax: a Raider from the discard pile at an end
``give 1``                         Angleland: the First Player token to seat 1
``decline``                        do not use the Outpost power offered
``pass hero-red`` / ``pass thor``  pass, taking the Muster Group that card leads
``pass``                           pass in Ragnarok
=================================  ==========================================================

Another seat's ``Deploy`` is written ``deploy 3 face down``: its cards are secret
(``views.public_command``), and the text is never read back.

Pure: no I/O. ``parse`` reads the grammar without a position (any well-formed command, legal
or not); ``skald.cli.words.notation`` matches a person's text against the legal commands.
"""

from __future__ import annotations

from collections.abc import Sequence

from skald.domain.red_north.commands import (
    Command,
    DeclinePower,
    Deploy,
    GiveFirstPlayer,
    Inspire,
    Invoke,
    Pass,
    PlaceFreyaCard,
    Promote,
    Reinforce,
    SagaTarget,
    TakeFromDiscard,
    Withdraw,
)
from skald.domain.red_north.components import (
    HIDDEN,
    JARL_COUNT,
    RAIDERS_PER_COLOUR,
    Colour,
    End,
    God,
    Kind,
    god_card,
    hero,
    jarl,
    raider,
)

ENDS = {"left": End.LEFT, "l": End.LEFT, "right": End.RIGHT, "r": End.RIGHT}

GROUPS = {
    Deploy: "deploy",
    Withdraw: "withdraw",
    Reinforce: "reinforce",
    Inspire: "inspire",
    Promote: "promote",
    Invoke: "invoke a God",
    PlaceFreyaCard: "place Freya's card",
    TakeFromDiscard: "take from the discard (Sax)",
    GiveFirstPlayer: "give the first player token (Angleland)",
    DeclinePower: "decline the power",
    Pass: "pass",
}
"""The heading each command type is listed under (``skald legal``, the play session)."""


def card_name(card: str) -> str:
    """``raider-red-03`` → ``red3``, ``jarl-08`` → ``jarl8``, ``god-thor`` → ``thor``,
    ``hero-red`` stays; anything else (``hidden``) as given."""
    parts = card.split("-")
    try:
        kind = Kind(parts[0])
        if kind is Kind.RAIDER and len(parts) == 3:
            return f"{Colour(parts[1]).value}{int(parts[2])}"
        if kind is Kind.JARL and len(parts) == 2:
            return f"jarl{int(parts[1])}"
        if kind is Kind.GOD and len(parts) == 2:
            return God(parts[1]).value
    except ValueError:
        return card
    return card


def card_id(word: str) -> str:
    """The card id a card word names (the inverse of :func:`card_name`, ids accepted too)."""
    w = word.lower()
    for colour in Colour:
        tail = w.removeprefix(colour.value)
        if tail != w and tail.isdigit() and 1 <= int(tail) <= RAIDERS_PER_COLOUR:
            return raider(colour, int(tail))
        if w == f"hero-{colour.value}":
            return hero(colour)
    tail = w.removeprefix("jarl")
    if tail != w and tail.lstrip("-").isdigit() and 1 <= int(tail.lstrip("-")) <= JARL_COUNT:
        return jarl(int(tail.lstrip("-")))
    name = w.removeprefix("god-")
    if name in {g.value for g in God}:
        return god_card(God(name))
    parts = w.split("-")
    if len(parts) == 3 and parts[0] == "raider" and parts[2].isdigit():
        return card_id(parts[1] + str(int(parts[2])))
    raise ValueError(f"{word!r} is no card (cards are written red3, hero-red, jarl8, thor)")


def _slot(position: int) -> str:
    return f"@{position + 1}"


def _position(word: str) -> int:
    digits = word.removeprefix("@")
    if not digits.isdigit() or int(digits) < 1:
        raise ValueError(f"{word!r} is no slot (slots are @1, @2, ... from the left)")
    return int(digits) - 1


def _end(word: str) -> End:
    if word not in ENDS:
        raise ValueError(f"{word!r} is no end (left or right)")
    return ENDS[word]


def to_text(command: Command) -> str:
    """The notation of one Red North command."""
    match command:
        case Deploy(cards):
            if cards and all(card == HIDDEN for card in cards):  # another seat's: face down
                return f"deploy {len(cards)} face down"
            return " ".join(["deploy", *map(card_name, cards)])
        case Withdraw(position):
            return f"withdraw {_slot(position)}"
        case Reinforce(position, card, end):
            return f"reinforce {_slot(position)} {card_name(card)} {end.value}"
        case Inspire(position):
            return f"inspire {_slot(position)}"
        case Promote(position):
            return f"promote {_slot(position)}"
        case Invoke(god, positions, targets, card, position):
            words = ["invoke", god.value, *map(_slot, positions)]
            words += [f"{t.seat}{_slot(t.position)}" for t in targets]
            if card is not None:
                words.append(card_name(card))
            if position is not None:
                words.append(_slot(position))
            return " ".join(words)
        case PlaceFreyaCard(end):
            return f"place {end.value}"
        case TakeFromDiscard(card, end):
            return f"take {card_name(card)} {end.value}"
        case GiveFirstPlayer(seat):
            return f"give {seat}"
        case DeclinePower():
            return "decline"
        case Pass(group):
            return "pass" if group is None else f"pass {card_name(group)}"
    raise ValueError(f"not a Red North command: {command!r}")


def _arity(words: Sequence[str], count: int, shape: str) -> None:
    if len(words) != count:
        raise ValueError(f"write {shape}")


def parse(text: str, context: object = None) -> Command:
    """The command ``text`` (already lower case, single spaces) writes; ``ValueError`` saying
    what is wrong otherwise. ``context`` is unused: Red North's names need no position."""
    verb, *words = text.split(" ")
    if verb == "deploy":
        if not words:
            raise ValueError("write deploy CARD CARD CARD (left to right)")
        return Deploy(tuple(card_id(w) for w in words))
    if verb in ("withdraw", "inspire", "promote"):
        _arity(words, 1, f"{verb} @SLOT")
        slot = _position(words[0])
        return (
            Withdraw(slot)
            if verb == "withdraw"
            else Inspire(slot)
            if verb == "inspire"
            else Promote(slot)
        )
    if verb == "reinforce":
        _arity(words, 3, "reinforce @SLOT CARD left|right")
        return Reinforce(_position(words[0]), card_id(words[1]), _end(words[2]))
    if verb == "invoke":
        return _invoke(words)
    if verb == "place":
        _arity(words, 1, "place left|right")
        return PlaceFreyaCard(_end(words[0]))
    if verb == "take":
        _arity(words, 2, "take CARD left|right")
        return TakeFromDiscard(card_id(words[0]), _end(words[1]))
    if verb == "give":
        _arity(words, 1, "give SEAT")
        seat = words[0].removeprefix("seat")
        if not seat.isdigit():
            raise ValueError(f"{words[0]!r} is no seat")
        return GiveFirstPlayer(int(seat))
    if verb == "decline":
        _arity(words, 0, "decline")
        return DeclinePower()
    if verb == "pass":
        if len(words) > 1:
            raise ValueError("write pass CARD (the Muster Group's leading card), or pass")
        return Pass(card_id(words[0]) if words else None)
    raise ValueError(
        f"{verb!r} is no Red North move (deploy, withdraw, reinforce, inspire, promote, "
        "invoke, place, take, give, decline, pass)"
    )


def _invoke(words: Sequence[str]) -> Invoke:
    if not words or words[0].removeprefix("god-") not in {g.value for g in God}:
        raise ValueError("write invoke GOD ... (thor, loki, odin, freya, nornir, tyr, saga, hel)")
    god = God(words[0].removeprefix("god-"))
    rest = words[1:]
    if god is God.LOKI:
        return Invoke(god, positions=tuple(_position(w) for w in rest))
    if god is God.SAGA:
        targets = []
        for w in rest:
            seat, at, slot = w.partition("@")
            if not at or not seat.isdigit():
                raise ValueError(f"{w!r}: write a Saga target as SEAT@SLOT, e.g. 1@2")
            targets.append(SagaTarget(int(seat), _position(slot)))
        return Invoke(god, targets=tuple(targets))
    if god is God.HEL and rest:
        _arity(rest, 2, "invoke hel CARD @SLOT")
        return Invoke(god, card=card_id(rest[0]), position=_position(rest[1]))
    _arity(rest, 0, f"invoke {god.value}")
    return Invoke(god)


def group(command: Command) -> str:
    """The heading a command is listed under."""
    return GROUPS.get(type(command), type(command).__name__)


def context(legal: Sequence[Command]) -> None:
    """What ``parse`` needs from the position: nothing for Red North."""
    return None


__all__ = ["card_id", "card_name", "context", "group", "parse", "to_text"]

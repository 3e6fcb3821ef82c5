"""A Feast for Odin move notation: one short line per command, in the names the drawing shows.

An action space is its group's short name, its column and a letter for its place in the
column, as the action board drawing labels them: ``hunt1a`` (hunting, column 1, first
space), ``mount4b``; the 4-player imitation spaces are ``imit1``/``imit3`` (by column); the
space ids (``hunting-1-1``) are read too. Groups: ``house`` build houses, ``ship`` build
ships, ``hunt`` hunting, ``live`` livestock market, ``market`` weekly market, ``prod``
products, ``craft`` crafting, ``mount`` mountains and trade, ``sail`` sailing, ``raid``
raiding, ``expl`` exploration, ``emig`` emigration and occupation.

A square of a board is its column letter and row number, ``c4`` (column c, row 4, counted
from the top-left ``a1`` as the board drawings are ruled); a rotation other than none is
``r1``..``r3`` (quarter turns). Goods, special tiles, ship kinds and boards are their ids
(``salt-meat``, ``glass-beads``, ``knarr``, ``home``, ``labrador``, ``long-house-0``), an
occupation ``occ17`` (``occupation-017``), a mountain strip ``#3`` and a ship of one's own its
number from 1 in the order the drawing lists them.

====================================  ======================================================
``vikings hunt1a``                    place Vikings on hunting 1a
``vikings craft4a #3``                ... choosing the space's alternative 3 (0 is the first)
``vikings imit1 copy hunt1b``         an imitation space copying hunting 1b
``vikings mount4a with occ144``       column 4: play occupation 144 before the action
``pass``                              place no more Vikings this round
``take 2 from #3``                    2 items from mountain strip 3
``upgrade peas`` / ``upgrade peas 2``  one good, one step (or 2 steps)
``play occ17``                        play an occupation
``reroll``                            roll the dice again
``hunt ok wood 1 weapons 2``          end a hunt: success paying 1 wood and 2 weapons
``hunt fail``                         ... or failure
``raid ok stone 1 swords 2 take chest``  end a raid taking a chest (``raid fail``; ``spears N`` with #137)
``trade peas beans``                  overseas trading: these green goods to blue
``buy glass-beads``                   special sale: 1 or 2 tiles (``buy``: none left)
``buy knarr``                         buy a ship
``load 1``                            one ore onto ship 1
``put fur home c4 r1``                a good, tile, silver or ore onto a board
``serve beans 3 r1``                  the feast: onto the banquet table at column 3
``end action`` / ``end feast``        leave the running action / finish the feast
``end placing``                       game end: no more goods to place
``use occ17 #1``                      use a played occupation's exchange (its choice 1)
``resolve occ17 #0`` / ``... skip``   answer an occupation's offer, or leave it unused
====================================  ======================================================

Another seat's #99 Preceptor answer that played a hand card is written ``resolve occ99 a hand
card``: the position is secret (``views.public_command``), and the text is never read back.

Pure: no I/O. ``parse`` reads the grammar without a position; ``skald.cli.words.notation`` matches a
person's text against the legal commands.
"""

from __future__ import annotations

from collections.abc import Sequence

from skald.domain.feast.game.commands import (
    BuyShip,
    BuySpecials,
    Command,
    DeclareHunt,
    DeclareRaid,
    EndFeast,
    FinishAction,
    FinishPlacing,
    LoadOre,
    Pass,
    PlaceGood,
    PlaceVikings,
    PlayOccupation,
    Reroll,
    ResolveOccupation,
    ServeFood,
    TakeFromMountain,
    TradeOverseas,
    Upgrade,
    UseOccupation,
)
from skald.domain.feast.game.notation_words import (
    GROUP_CODES,
    SPACE_CODES,
    number,
    occupation_code,
    occupation_id,
    parse_rotation,
    parse_square,
    space_code,
    space_id,
    square,
)
from skald.domain.feast.goods import Good
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.special_tiles import SpecialTile

SHIPS = {k.value: k for k in ShipKind}
SPECIALS = {t.value: t for t in SpecialTile}
GOODS = {g.value: g for g in Good}

GROUPS = {
    PlaceVikings: "place Vikings",
    Pass: "pass",
    TakeFromMountain: "take from a mountain strip",
    Upgrade: "upgrade",
    PlayOccupation: "play an occupation",
    FinishAction: "end the action",
    Reroll: "reroll",
    DeclareHunt: "end the hunt",
    DeclareRaid: "end the raid",
    TradeOverseas: "overseas trading",
    BuySpecials: "special sale",
    ServeFood: "serve food",
    EndFeast: "end the feast",
    FinishPlacing: "end placing",
    BuyShip: "buy a ship",
    LoadOre: "load ore",
    PlaceGood: "place goods",
    UseOccupation: "use an occupation",
    ResolveOccupation: "answer an occupation",
}
"""The heading each command type is listed under (``skald legal``, the play session)."""


def _rot(rotation: int) -> str:
    return f" r{rotation}" if rotation else ""


def _amounts(parts: dict[str, int]) -> str:
    return "".join(f" {name} {n}" for name, n in parts.items() if n)


def to_text(command: Command) -> str:
    """The notation of one A Feast for Odin command."""
    match command:
        case PlaceVikings(space, option, copy, occupation):
            text = f"vikings {space_code(space)}"
            text += f" #{option}" if option else ""
            text += f" copy {space_code(copy)}" if copy is not None else ""
            text += f" with {occupation_code(occupation)}" if occupation is not None else ""
            return text
        case Pass():
            return "pass"
        case TakeFromMountain(strip, count):
            return f"take {count} from #{strip}"
        case Upgrade(good, steps):
            return f"upgrade {good.value}" + (f" {steps}" if steps != 1 else "")
        case PlayOccupation(card):
            return f"play {occupation_code(card)}"
        case FinishAction():
            return "end action"
        case PlaceGood(board, piece, row, col, rotation):
            return f"put {piece} {board} {square(row, col)}{_rot(rotation)}"
        case BuyShip(kind):
            return f"buy {kind.value}"
        case LoadOre(ship):
            return f"load {ship + 1}"
        case ServeFood(piece, col, rotation):
            return f"serve {piece} {col + 1}{_rot(rotation)}"
        case EndFeast():
            return "end feast"
        case FinishPlacing():
            return "end placing"
        case Reroll():
            return "reroll"
        case DeclareHunt(success, wood, weapons):
            if not success:
                return "hunt fail"
            return "hunt ok" + _amounts({"wood": wood, "weapons": weapons})
        case DeclareRaid(success, stone, swords, take, spears):
            if not success:
                return "raid fail"
            text = "raid ok" + _amounts({"stone": stone, "swords": swords, "spears": spears})
            return text + (f" take {take}" if take is not None else "")
        case TradeOverseas(goods):
            return " ".join(["trade", *(g.value for g in goods)])
        case BuySpecials(tiles):
            return " ".join(["buy", *(t.value for t in tiles)])
        case UseOccupation(card, option):
            return f"use {occupation_code(card)}" + (f" #{option}" if option else "")
        case ResolveOccupation(card, option):
            if option is not None and option < 0:  # served to another seat: views.HAND_CARD
                return f"resolve {occupation_code(card)} a hand card"
            return f"resolve {occupation_code(card)} " + (
                "skip" if option is None else f"#{option}"
            )
    raise ValueError(f"not an A Feast for Odin command: {command!r}")


def parse(text: str, context: object = None) -> Command:
    """The command ``text`` (lower case, single spaces) writes; ``ValueError`` saying what is
    wrong otherwise. ``context`` is unused: the names need no position."""
    verb, *words = text.split(" ")
    simple: dict[str, Command] = {"pass": Pass(), "reroll": Reroll()}
    if verb in simple:
        _arity(words, 0, verb)
        return simple[verb]
    if verb == "end":
        ends: dict[str, Command] = {
            "action": FinishAction(),
            "feast": EndFeast(),
            "placing": FinishPlacing(),
        }
        if len(words) != 1 or words[0] not in ends:
            raise ValueError("write end action, end feast or end placing")
        return ends[words[0]]
    if verb == "vikings":
        return _vikings(words)
    if verb == "take":
        if len(words) == 3 and words[1] == "from":
            words = [words[0], words[2]]
        _arity(words, 2, "take COUNT from #STRIP")
        return TakeFromMountain(number(words[1], "strip", 1), number(words[0], "count", 1))
    if verb == "upgrade":
        if len(words) not in (1, 2) or words[0] not in GOODS:
            raise ValueError("write upgrade GOOD, or upgrade GOOD STEPS")
        steps = number(words[1], "number of steps", 1) if len(words) == 2 else 1
        return Upgrade(GOODS[words[0]], steps)
    if verb == "play":
        _arity(words, 1, "play OCCUPATION")
        return PlayOccupation(occupation_id(words[0]))
    if verb == "put":
        if len(words) not in (3, 4):
            raise ValueError("write put PIECE BOARD SQUARE [r1|r2|r3], e.g. put fur home c4")
        row, col = parse_square(words[2])
        return PlaceGood(words[1], words[0], row, col, parse_rotation(words[3:]))
    if verb == "serve":
        if len(words) not in (2, 3):
            raise ValueError("write serve PIECE COLUMN [r1|r2|r3], e.g. serve beans 3")
        col = number(words[1], "banquet column", 1) - 1
        return ServeFood(words[0], col, parse_rotation(words[2:]))
    if verb == "buy":
        if len(words) == 1 and words[0] in SHIPS:
            return BuyShip(SHIPS[words[0]])
        if any(w not in SPECIALS for w in words):  # bare `buy`: the sale's step buying none
            raise ValueError("write buy SHIP (whaling-boat, knarr, longship) or buy TILE [TILE]")
        return BuySpecials(tuple(SPECIALS[w] for w in words))
    if verb == "load":
        _arity(words, 1, "load SHIP (its number)")
        return LoadOre(number(words[0], "ship number", 1) - 1)
    if verb == "trade":
        if any(w not in GOODS for w in words):  # bare `trade` turns none (sailing.py's reading)
            raise ValueError("write trade [GOOD ...] (green goods, or none)")
        return TradeOverseas(tuple(GOODS[w] for w in words))
    if verb in ("hunt", "raid"):
        return _declare(verb, words)
    if verb == "use":
        if len(words) not in (1, 2):
            raise ValueError("write use OCCUPATION [#OPTION]")
        option = number(words[1], "option") if len(words) == 2 else 0
        return UseOccupation(occupation_id(words[0]), option)
    if verb == "resolve":
        _arity(words, 2, "resolve OCCUPATION #OPTION, or resolve OCCUPATION skip")
        chosen = None if words[1] == "skip" else number(words[1], "option")
        return ResolveOccupation(occupation_id(words[0]), chosen)
    raise ValueError(
        f"{verb!r} is no A Feast for Odin move (vikings, pass, take, upgrade, play, reroll, "
        "hunt, raid, trade, buy, load, put, serve, use, resolve, end)"
    )


def _vikings(words: Sequence[str]) -> PlaceVikings:
    if not words:
        raise ValueError("write vikings SPACE [#OPTION] [copy SPACE] [with OCCUPATION]")
    space, rest = space_id(words[0]), list(words[1:])
    option, copy, occupation = 0, None, None
    if rest and rest[0].startswith("#"):
        option = number(rest.pop(0), "option")
    if len(rest) >= 2 and rest[0] == "copy":
        copy = space_id(rest[1])
        rest = rest[2:]
    if len(rest) >= 2 and rest[0] == "with":
        occupation = occupation_id(rest[1])
        rest = rest[2:]
    if rest:
        raise ValueError(
            f"{' '.join(rest)!r}: write vikings SPACE [#OPTION] [copy SPACE] [with OCC]"
        )
    return PlaceVikings(space, option, copy, occupation)


def _declare(verb: str, words: Sequence[str]) -> DeclareHunt | DeclareRaid:
    if words == ["fail"]:
        return DeclareHunt(False) if verb == "hunt" else DeclareRaid(False)
    names = ("wood", "weapons") if verb == "hunt" else ("stone", "swords", "spears")
    shape = f"{verb} fail, or {verb} ok [{names[0]} N] [{names[1]} N]" + (
        " [spears N] [take TILE]" if verb == "raid" else ""
    )
    if not words or words[0] != "ok":
        raise ValueError(f"write {shape}")
    amounts = dict.fromkeys(names, 0)
    take: str | None = None
    rest = list(words[1:])
    while rest:
        if len(rest) < 2:
            raise ValueError(f"write {shape}")
        key, value = rest[0], rest[1]
        rest = rest[2:]
        if key in amounts:
            amounts[key] = number(value, f"number of {key}")
        elif key == "take" and verb == "raid":
            take = value
        else:
            raise ValueError(f"write {shape}")
    if verb == "hunt":
        return DeclareHunt(True, amounts["wood"], amounts["weapons"])
    return DeclareRaid(True, amounts["stone"], amounts["swords"], take, amounts["spears"])


def _arity(words: Sequence[str], count: int, shape: str) -> None:
    if len(words) != count:
        raise ValueError(f"write {shape}")


def group(command: Command) -> str:
    """The heading a command is listed under."""
    return GROUPS.get(type(command), type(command).__name__)


def context(legal: Sequence[Command]) -> None:
    """What ``parse`` needs from the position: nothing for A Feast for Odin."""
    return None


__all__ = [
    "GROUP_CODES",
    "SPACE_CODES",
    "context",
    "group",
    "occupation_code",
    "parse",
    "space_code",
    "square",
    "to_text",
]

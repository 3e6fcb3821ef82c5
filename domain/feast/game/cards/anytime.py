"""Anytime occupations: exchanges used with ``UseOccupation(card, option)`` at any time while
the game runs, as often as the seat can pay, unless the card limits it (occupations.md,
timing A). ``option`` picks the card's alternative (its key in the menu)."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import HOUSES
from skald.domain.feast.game.cards.effects import choices, exchange
from skald.domain.feast.game.cards.engine import play
from skald.domain.feast.game.cards.model import Card, Choice, Menu, Pairs
from skald.domain.feast.game.items import GOOD_INDEX, boards, items
from skald.domain.feast.game.setup_data import card_id, card_number
from skald.domain.feast.game.state import State
from skald.domain.feast.goods import GOODS, Colour
from skald.domain.feast.placement import SILVER, WOOD, Placement, legal_placements
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _fixed(*rows: tuple[Pairs, Pairs]) -> Menu:
    table = choices(*rows)
    return Menu(lambda s, seat, t: table)


def _modifier(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    for i, sh in enumerate(state.players[seat].ships):
        if sh.ore and sh.kind in (ShipKind.WHALING_BOAT, ShipKind.LONGSHIP):
            yield Choice(i, label=f"1 ore off ship {i}")


def _modifier_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    log.emit(ev.OreRemoved(seat, ch.key, 1, card_id(39), True))


def _joiner_key(house: int, pl: Placement) -> int:
    return (house * 16 + pl.row) * 16 + pl.col


def _joiner(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    """Wood onto an empty square of a stone or long house where silver could go."""
    for i, (name, board) in enumerate(boards(state.players[seat])):
        if board.board in HOUSES:
            for pl in legal_placements(board, SILVER):
                yield Choice(
                    _joiner_key(i, pl), items(("wood", 1)), label=f"{name} {pl.row},{pl.col}"
                )


def _joiner_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    board_i, rest = divmod(ch.key, 256)
    row, col = divmod(rest, 16)
    name = list(boards(log.state.players[seat]))[board_i][0]
    log.emit(ev.GoodPlaced(seat, name, Placement(WOOD, row, col, 0)))


def _arms_dealer(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    kinds = list(Weapon)
    for a, b in combinations_with_replacement(range(len(kinds)), 2):
        pay = (
            items((kinds[a].value, 1 + (a == b)))
            if a == b
            else items((kinds[a].value, 1), (kinds[b].value, 1))
        )
        yield Choice(4 * a + b, pay, items(("ore", 1)))


def _tutor(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    for card in state.players[seat].hand:
        yield Choice(card_number(card), items(("silver", 1)), label=card)


def _tutor_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    exchange(log, seat, 52, ch.pay, ())
    play(log, seat, card_id(ch.key), chance, by=card_id(52))


def _farm_shop(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    p = state.players[seat]
    for i, spec in enumerate(GOODS[: GOOD_INDEX["mead"]]):
        if spec.colour is Colour.ORANGE and p.goods[i]:
            red = GOODS[GOOD_INDEX["mead"] + i].good
            yield Choice(i, items(("silver", 1), (spec.good.value, 1)), items((red.value, 1)))


CARDS: tuple[Card, ...] = (
    Card(
        39,
        "any time: move loaded ore from a whaling boat or longship back to your supply",
        menu=Menu(_modifier, _modifier_apply),
        anytime=True,
    ),
    Card(
        40,
        "any time: wood onto empty squares of your stone and long houses (as silver)",
        menu=Menu(_joiner, _joiner_apply),
        anytime=True,
    ),
    Card(
        44,
        "any time: hide + wool + linen → clothing + 3 silver",
        menu=_fixed(((("hide", 1), ("wool", 1), ("linen", 1)), (("clothing", 1), ("silver", 3)))),
        anytime=True,
    ),
    Card(
        45,
        "any time: 1 wood + 6 silver → treasure chest",
        menu=_fixed(((("wood", 1), ("silver", 6)), (("treasure-chest", 1),))),
        anytime=True,
    ),
    Card(
        46,
        "any time: 3 wood + 1 wool (or linen) → longship",
        menu=_fixed(
            ((("wood", 3), ("wool", 1)), (("longship", 1),)),
            ((("wood", 3), ("linen", 1)), (("longship", 1),)),
        ),
        anytime=True,
    ),
    Card(
        47,
        "any time: salt meat → hide",
        menu=_fixed(((("salt-meat", 1),), (("hide", 1),))),
        anytime=True,
    ),
    Card(
        48,
        "any time: a cattle → jewelry",
        menu=_fixed(
            ((("cattle", 1),), (("jewelry", 1),)),
            ((("pregnant-cattle", 1),), (("jewelry", 1),)),
        ),
        anytime=True,
    ),
    Card(
        49,
        "any time: a cattle → peas, flax, beans, grain and cabbage",
        menu=_fixed(
            (
                (("cattle", 1),),
                (("peas", 1), ("flax", 1), ("beans", 1), ("grain", 1), ("cabbage", 1)),
            ),
            (
                (("pregnant-cattle", 1),),
                (("peas", 1), ("flax", 1), ("beans", 1), ("grain", 1), ("cabbage", 1)),
            ),
        ),
        anytime=True,
    ),
    Card(
        50,
        "any time: rune stone → hide",
        menu=_fixed(((("rune-stone", 1),), (("hide", 1),))),
        anytime=True,
    ),
    Card(
        51,
        "any time: rune stone → 1 silver + milk or cabbage",
        menu=_fixed(
            ((("rune-stone", 1),), (("silver", 1), ("milk", 1))),
            ((("rune-stone", 1),), (("silver", 1), ("cabbage", 1))),
        ),
        anytime=True,
    ),
    Card(
        52,
        "any time: pay 1 silver to play an occupation (option: its number)",
        menu=Menu(_tutor, _tutor_apply),
        anytime=True,
    ),
    Card(
        53,
        "any time: pay 1 silver to flip an orange good to its red side",
        menu=Menu(_farm_shop),
        anytime=True,
    ),
    Card(
        54,
        "any time: silverware → silk or chest",
        menu=_fixed(
            ((("silverware", 1),), (("silk", 1),)),
            ((("silverware", 1),), (("chest", 1),)),
        ),
        anytime=True,
    ),
    Card(
        55,
        "any time: 3 silver + chest → treasure chest",
        menu=_fixed(((("silver", 3), ("chest", 1)), (("treasure-chest", 1),))),
        anytime=True,
    ),
    Card(56, "any time: 2 weapons → 1 ore", menu=Menu(_arms_dealer), anytime=True),
    Card(
        57,
        "any time: 2 beans → peas + mead + stockfish",
        menu=_fixed(((("beans", 2),), (("peas", 1), ("mead", 1), ("stockfish", 1)))),
        anytime=True,
    ),
    Card(
        58, "any time: 2 flax → 3 oil", menu=_fixed(((("flax", 2),), (("oil", 3),))), anytime=True
    ),
    Card(
        59,
        "any time: 2 flax + 1 silver → 2 linen",
        menu=_fixed(((("flax", 2), ("silver", 1)), (("linen", 2),))),
        anytime=True,
    ),
)

_ = BoardId

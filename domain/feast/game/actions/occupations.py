"""Emigration-and-occupation spaces that draw and play occupations (rules.ja.txt 職業).

① draw 1 occupation and take 1 silver; ① pay 1 stone or 1 ore, take 1 silver and play up to
1; ②/③ play up to 2/4. Playing moves the card from the hidden hand to the table, where its
printed points count at the end; its own effect is the engine's (``cards.engine.play``).
"""

from __future__ import annotations

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import hooks
from skald.domain.feast.game.actions.base import DONE, Offer, Refusal, SpaceRule
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.items import amount, items
from skald.domain.feast.game.state import State
from skald.domain.kernel.chance import Chance

_PAY = ("stone", "ore")


def draw_occupation(log: Log, seat: int, chance: Chance) -> None:
    """The top dark occupation: a uniform pick from the hidden deck (nothing if it is empty).
    An occupation may offer something in its place first (#99 Preceptor: ``cards.engine``)."""
    if log.state.occupation_deck and not hooks.cards.instead_of_draw(log, seat):
        take_occupation(log, seat, chance)


def take_occupation(log: Log, seat: int, chance: Chance) -> None:
    """The draw itself: a uniform pick from the hidden deck, into the seat's hand."""
    deck = log.state.occupation_deck
    if deck:
        log.emit(ev.OccupationDrawn(seat, chance.pick(deck, "feast: draw an occupation")))


def _draw_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    return None


def _draw_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    draw_occupation(log, seat, chance)
    log.emit(ev.Gained(seat, items(("silver", 1)), "action"))
    return DONE


DRAW = SpaceRule(_draw_refuse, _draw_use)


def _paid_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    if amount(state.players[seat], _PAY[option]) < 1:
        return CODES.refusal("cannot-pay", f"this option costs 1 {_PAY[option]}")
    return None


def _paid_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    log.emit(ev.Paid(seat, items((_PAY[option], 1)), "action"))
    log.emit(ev.Gained(seat, items(("silver", 1)), "action"))
    return Offer(plays=1)


PLAY_PAID = SpaceRule(_paid_refuse, _paid_use, (0, 1))

_PLAYS = {2: 2, 3: 4}


def _play_refuse(state: State, seat: int, space: ActionSpace, option: int) -> Refusal | None:
    drawn_first = space.column == 3 and bool(state.occupation_deck)
    if not state.players[seat].hand and not drawn_first:
        return CODES.refusal("no-occupation-in-hand", "you hold no occupation to play")
    return None


def _play_use(log: Log, seat: int, space: ActionSpace, option: int, chance: Chance) -> Offer:
    return Offer(plays=_PLAYS[space.column], used=False)


PLAY = SpaceRule(_play_refuse, _play_use)

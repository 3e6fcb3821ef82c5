"""The two card commands, checked, listed and decided: ``UseOccupation`` (an anytime card,
any time while the game runs) and ``ResolveOccupation`` (the answer to the first offer,
``feast/occupation``). The engine and the cards' menus decide what each may choose."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions.base import Refusal
from skald.domain.feast.game.cards import registry
from skald.domain.feast.game.cards.effects import apply_choice, legal_choices, spent
from skald.domain.feast.game.cards.engine import cards_of
from skald.domain.feast.game.cards.model import Card, Choice
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import Phase, State
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log

ANYTIME = "anytime"
_RUNNING = (Phase.ACTIONS, Phase.FEAST, Phase.FINAL)


def _pick(choices: tuple[Choice, ...], key: int | None) -> Choice | None:
    return next((ch for ch in choices if ch.key == key), None)


def _anytime_card(s: State, seat: int, card: str) -> tuple[Card | None, Refusal | None]:
    if s.phase not in _RUNNING:
        return None, CODES.refusal("not-now", "occupations are used while the game runs")
    if card not in s.players[seat].played:
        return None, CODES.refusal("occupation-not-played", f"you have not played {card}")
    found = registry.BY_ID.get(card)
    if found is None or not found.anytime or not s.effects:
        return None, CODES.refusal("occupation-not-anytime", f"{card} is not used at any time")
    if found.ready is not None and not found.ready(s, seat):
        return found, CODES.refusal("occupation-not-ready", f"{card}'s condition does not hold yet")
    if spent(s, seat, found):
        return found, CODES.refusal("occupation-spent", f"{card} has been used as often as it may")
    return found, None


def use_refusal(s: State, seat: int, c: cmd.UseOccupation) -> Refusal | None:
    found, refusal = _anytime_card(s, seat, c.card)
    if refusal is not None:
        return refusal
    assert found is not None
    if _pick(legal_choices(s, seat, found, ANYTIME), c.option) is None:
        return CODES.refusal(
            "occupation-option", f"{c.card} has no choice {c.option} you can take now"
        )
    return None


def use_commands(s: State, seat: int) -> Iterator[cmd.UseOccupation]:
    if s.phase not in _RUNNING:
        return
    for found in cards_of(s, seat):
        if found.anytime and (found.ready is None or found.ready(s, seat)):
            cid = card_id(found.number)
            for ch in legal_choices(s, seat, found, ANYTIME):
                yield cmd.UseOccupation(cid, ch.key)


def use(log: Log, seat: int, c: cmd.UseOccupation, chance: Chance) -> None:
    found = registry.BY_ID[c.card]
    choice = _pick(legal_choices(log.state, seat, found, ANYTIME), c.option)
    assert choice is not None
    log.emit(ev.OccupationUsed(seat, c.card, c.option))
    apply_choice(log, seat, found, choice, ANYTIME, chance)


def resolve_refusal(s: State, seat: int, c: cmd.ResolveOccupation) -> Refusal | None:
    first = s.offers[0]
    if c.card != first.card:
        return CODES.refusal("occupation-not-offered", f"the offer waiting is {first.card}'s")
    found = registry.BY_ID[first.card]
    choices = legal_choices(s, seat, found, first.trigger)
    if c.option is None:
        if choices and found.menu is not None and found.menu.must:
            return CODES.refusal("occupation-must", f"{first.card} must be used")
        return None
    if _pick(choices, c.option) is None:
        return CODES.refusal(
            "occupation-option", f"{c.card} has no choice {c.option} you can take now"
        )
    return None


def resolve_commands(s: State, seat: int) -> Iterator[cmd.ResolveOccupation]:
    if not s.offers or s.offers[0].seat != seat:
        return
    first = s.offers[0]
    found = registry.BY_ID[first.card]
    choices = legal_choices(s, seat, found, first.trigger)
    for ch in choices:
        yield cmd.ResolveOccupation(first.card, ch.key)
    if not (choices and found.menu is not None and found.menu.must):
        yield cmd.ResolveOccupation(first.card, None)


def resolve(log: Log, seat: int, c: cmd.ResolveOccupation, chance: Chance) -> None:
    first = log.state.offers[0]
    found = registry.BY_ID[first.card]
    choice = _pick(legal_choices(log.state, seat, found, first.trigger), c.option)
    log.emit(ev.OccupationAnswered(seat, c.card, None if choice is None else c.option))
    if choice is not None:
        apply_choice(log, seat, found, choice, first.trigger, chance)

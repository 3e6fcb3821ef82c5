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


def _anytime_card(state: State, seat: int, card: str) -> tuple[Card | None, Refusal | None]:
    if state.phase not in _RUNNING:
        return None, CODES.refusal("not-now", "occupations are used while the game runs")
    if card not in state.players[seat].played:
        return None, CODES.refusal("occupation-not-played", f"you have not played {card}")
    found = registry.BY_ID.get(card)
    if found is None or not found.anytime or not state.effects:
        return None, CODES.refusal("occupation-not-anytime", f"{card} is not used at any time")
    if found.ready is not None and not found.ready(state, seat):
        return found, CODES.refusal("occupation-not-ready", f"{card}'s condition does not hold yet")
    if spent(state, seat, found):
        return found, CODES.refusal("occupation-spent", f"{card} has been used as often as it may")
    return found, None


def use_refusal(state: State, seat: int, command: cmd.UseOccupation) -> Refusal | None:
    found, refusal = _anytime_card(state, seat, command.card)
    if refusal is not None:
        return refusal
    assert found is not None
    if _pick(legal_choices(state, seat, found, ANYTIME), command.option) is None:
        return CODES.refusal(
            "occupation-option", f"{command.card} has no choice {command.option} you can take now"
        )
    return None


def use_commands(state: State, seat: int) -> Iterator[cmd.UseOccupation]:
    if state.phase not in _RUNNING:
        return
    for found in cards_of(state, seat):
        if found.anytime and (found.ready is None or found.ready(state, seat)):
            cid = card_id(found.number)
            for ch in legal_choices(state, seat, found, ANYTIME):
                yield cmd.UseOccupation(cid, ch.key)


def use(log: Log, seat: int, command: cmd.UseOccupation, chance: Chance) -> None:
    found = registry.BY_ID[command.card]
    choice = _pick(legal_choices(log.state, seat, found, ANYTIME), command.option)
    assert choice is not None
    log.emit(ev.OccupationUsed(seat, command.card, command.option))
    apply_choice(log, seat, found, choice, ANYTIME, chance)


def resolve_refusal(state: State, seat: int, command: cmd.ResolveOccupation) -> Refusal | None:
    first = state.offers[0]
    if command.card != first.card:
        return CODES.refusal("occupation-not-offered", f"the offer waiting is {first.card}'s")
    found = registry.BY_ID[first.card]
    choices = legal_choices(state, seat, found, first.trigger)
    if command.option is None:
        if choices and found.menu is not None and found.menu.must:
            return CODES.refusal("occupation-must", f"{first.card} must be used")
        return None
    if _pick(choices, command.option) is None:
        return CODES.refusal(
            "occupation-option", f"{command.card} has no choice {command.option} you can take now"
        )
    return None


def resolve_commands(state: State, seat: int) -> Iterator[cmd.ResolveOccupation]:
    if not state.offers or state.offers[0].seat != seat:
        return
    first = state.offers[0]
    found = registry.BY_ID[first.card]
    choices = legal_choices(state, seat, found, first.trigger)
    for ch in choices:
        yield cmd.ResolveOccupation(first.card, ch.key)
    if not (choices and found.menu is not None and found.menu.must):
        yield cmd.ResolveOccupation(first.card, None)


def resolve(log: Log, seat: int, command: cmd.ResolveOccupation, chance: Chance) -> None:
    first = log.state.offers[0]
    found = registry.BY_ID[first.card]
    choice = _pick(legal_choices(log.state, seat, found, first.trigger), command.option)
    log.emit(ev.OccupationAnswered(seat, command.card, None if choice is None else command.option))
    if choice is not None:
        apply_choice(log, seat, found, choice, first.trigger, chance)

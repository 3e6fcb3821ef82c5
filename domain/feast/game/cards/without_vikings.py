"""Occupations that grant an action without placing Vikings, or a feast for one seat
(occupations.md #5, #77, #85, #91, #159): each emits ``ActionGranted``, and the engine's one
mechanism (``game/granted.py``) carries the space's own action out, dice and choices
included, once no other action runs, then the flow goes on where it was.

Readings (NOTES.md, Part 3): a card played during an action grants what it grants once that
action is over (actions are not nested; the seat's action is carried out "at once and fully"
first). The granted action is not a Viking placement: cards keyed to placing Vikings on a
printed space or column do not react (it counts as an imitation does), cards keyed to the
action ("any source") do; a failed roll sends no Viking back. Its space's conditions (ships,
cost, a full action) are checked when it is chosen; if they no longer hold when it starts, it
does nothing. Choice keys: #77 and #91 ``space_key`` (the space and its printed alternative),
#85 0 hunting game, 1 snare, 2 both, #159 0.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.action_board import ACTION_SPACES
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.actions import SPACE_RULES, SPACES
from skald.domain.feast.game.cards.effects import offer, offered
from skald.domain.feast.game.cards.model import Card, Choice, ChoicesFn, Limit, Menu
from skald.domain.feast.game.granted import grant_refusal
from skald.domain.feast.game.items import items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import FEAST, State
from skald.domain.feast.goods import Good
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.fast import replace

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log

_INDEX = {a.id: i for i, a in enumerate(ACTION_SPACES)}
_COLUMN_1 = tuple(a.id for a in ACTION_SPACES if a.column == 1)
"""Column 1 top to bottom, as printed (``action_board`` lists each column in board order)."""
HUNTING_GAME = "hunting-1-1"
SNARE = "hunting-2-2"


def space_key(space: str, option: int) -> int:
    return _INDEX[space] * 16 + option


def _space_of(key: int) -> tuple[str, int]:
    return ACTION_SPACES[key // 16].id, key % 16


def _options(space: str) -> tuple[int, ...]:
    rule = SPACE_RULES.get(SPACES[space].kind)
    return () if rule is None else rule.options


def _can(state: State, seat: int, space: str, option: int) -> bool:
    return grant_refusal(state, seat, space, option) is None


def _grant(log: Log, seat: int, number: int, *spaces: tuple[str, int]) -> None:
    for space, option in spaces:
        log.emit(ev.ActionGranted(seat, card_id(number), space, option))


# --- #5 Chief: a complete feast for the seat alone ------------------------------------------


def _chief(log: Log, seat: int, chance: Chance) -> None:
    log.emit(ev.OccupationUsed(seat, card_id(5)))
    _grant(log, seat, 5, (FEAST, 0))


# --- #77 Follower: an occupied column-2 space's action -------------------------------------


def _follower_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    seen = set()
    for held in (*(o.space for o in state.occupied), *state.blocked):  # solo: either colour's
        space = SPACES.get(held)
        if space is None or space.column != 2 or space.id in seen:
            continue  # imitation spaces are not printed second-column spaces
        seen.add(space.id)
        for option in _options(space.id):
            if _can(state, seat, space.id, option):
                yield Choice(space_key(space.id, option), label=space.id)


def _grant_space(number: int, choices: ChoicesFn) -> Menu:
    """A menu whose choice grants the space its key names (paying the choice's cost)."""

    def apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
        if ch.pay:
            log.emit(ev.Paid(seat, ch.pay, card_id(number)))
        _grant(log, seat, number, _space_of(ch.key))

    return Menu(choices, apply)


# --- #85 Hornblower: hunting game for 1 silver and/or a snare for 2 ------------------------

_HORN = ((HUNTING_GAME,), (SNARE,), (HUNTING_GAME, SNARE))


def _horn_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    for key, (silver, label) in enumerate(((1, "hunting game"), (2, "snare"), (3, "both"))):
        yield Choice(key, items(("silver", silver)), label=label)


def _horn_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    log.emit(ev.Paid(seat, ch.pay, card_id(85)))
    _grant(log, seat, 85, *((space, 0) for space in _HORN[ch.key]))


# --- #91 Latecomer: an empty column-1 space next to one's own, for 1 silver ----------------


def _latecomer_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    mine = {o.space for o in state.occupied if o.seat == seat}  # solo: the active colour only
    p = state.players[seat]
    paid = state.with_player(seat, replace(p, silver=p.silver - 1)) if p.silver else state
    for i, space in enumerate(_COLUMN_1):
        if state.occupant(space) is not None or space in state.blocked:
            continue
        near = _COLUMN_1[max(i - 1, 0) : i + 2]
        if not any(n in mine for n in near if n != space):
            continue
        for option in _options(space):
            if _can(paid, seat, space, option):
                yield Choice(space_key(space, option), items(("silver", 1)), label=space)


def _latecomer(log: Log, seat: int, chance: Chance) -> None:
    offer(log, seat, 91, "after-actions")


# --- #159 Festive Hunter: a hunting game action after a feast with game meat ---------------


def _festive(log: Log, seat: int, chance: Chance) -> None:
    table = log.state.players[seat].banquet
    if table is not None and any(pl.piece.name == Good.GAME_MEAT.value for pl in table.placed):
        offer(log, seat, 159, "feast")


def _festive_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    _grant(log, seat, 159, (HUNTING_GAME, 0))


CARDS: tuple[Card, ...] = (
    Card(5, "on play: a complete feast for you alone (then the flow goes on)", play=_chief),
    offered(
        77,
        "on play: an occupied column-2 space's action, without Vikings",
        _grant_space(77, _follower_choices),
    ),
    offered(
        85,
        "on play: 1 silver → hunting game and/or 2 silver → snare, without Vikings",
        Menu(_horn_choices, _horn_apply),
    ),
    Card(
        91,
        "end of actions: 1 silver → an empty column-1 space next to yours, without Vikings",
        limit=Limit.ROUND,
        menu=_grant_space(91, _latecomer_choices),
        phases=(("after-actions", _latecomer),),
    ),
    Card(
        159,
        "feast with game meat: then a hunting game action, without Vikings",
        menu=Menu(lambda s, seat, trigger: (Choice(0, label="hunting game"),), _festive_apply),
        phases=(("feast-end", _festive),),
    ),
)

"""Occupations that change what a space is: the Vikings it needs, an alternative to its
action, what part of it is given up, what it lets one claim (occupations.md, ``action-space``,
``vikings``, ``ships``, ``exploration``). The engine reads them where the space is checked
(``turn.space_refusal``, ``actions/exploration``) and used (``turn.use_space``, with
``Card.replaces``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import ships
from skald.domain.feast.game.cards.effects import card, exchange, legal_choices
from skald.domain.feast.game.cards.model import Card, Choice, Menu, SpaceUse, UsableFn
from skald.domain.feast.game.cards.spaces import before_offer, of_kind
from skald.domain.feast.game.items import items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import State
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log


def _warmonger(state: State, seat: int, space: ActionSpace) -> int:
    """Plundering with 1 Viking fewer with 3 longships, 2 fewer with 4 (ore aside)."""
    if space.kind != "plundering":
        return 0
    return {3: 1, 4: 2}.get(ships(state.players[seat], ShipKind.LONGSHIP), 0)


def _knarr_builder(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    yield Choice(0, items(("wood", 3)), items(("knarr", 1)), "a knarr for 3 wood instead")


def _knarr_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    """Still a ship building action: paid and gained as the space's own (``action``)."""
    log.emit(ev.ActionReplaced(seat, card_id(105)))
    log.emit(ev.Paid(seat, ch.pay, "action"))
    log.emit(ev.Gained(seat, ch.gain, "action"))


def _on_whaling_boat_space(use: SpaceUse) -> bool:
    return use.space.id == "build-ships-1-1" and not use.imitation


def _knarr_builder_enables(state: State, use: SpaceUse, usable: UsableFn) -> bool:
    """ "Instead" counts when deciding whether the space may be used (RULINGS.md "A Feast for
    Odin, more"): with no free small berth for the whaling boat, the space may be taken when
    the knarr may be built in its place (3 wood, a free large berth); the knarr is then the
    whole action (``replaces="done"``), so nothing else of the space is judged."""
    return _on_whaling_boat_space(use) and bool(
        legal_choices(state, use.seat, card(105), f"before:{use.space.id}")
    )


def _fur_choices(state: State, seat: int, trigger: str) -> Iterator[Choice]:
    yield Choice(0, items(("game-meat", 1)), items(("fur", 1)), "game meat → fur")
    yield Choice(1, items(("silk", 1)), items(("fur", 1)), "silk → fur")


def _fur_apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
    log.emit(ev.ActionReplaced(seat, card_id(102)))
    exchange(log, seat, 102, ch.pay, ch.gain)


CARDS: tuple[Card, ...] = (
    Card(
        102,
        "a space's upgrade 1 good: may exchange 1 game meat or 1 silk for a fur instead",
        menu=Menu(_fur_choices, _fur_apply),
        before_space=before_offer(102, of_kind("mountain-and-upgrade")),
        replaces="no-upgrade",
    ),
    Card(
        105,
        "on the whaling boat space: may build a knarr for 3 wood instead",
        menu=Menu(_knarr_builder, _knarr_apply),
        before_space=before_offer(105, _on_whaling_boat_space),
        replaces="done",
        enables=_knarr_builder_enables,
    ),
    Card(106, "plundering with 1/2 Vikings fewer with 3/4 longships", vikings_saved=_warmonger),
    Card(107, "exploration ①: any face-up board, with any ship", explore_any=True),
)

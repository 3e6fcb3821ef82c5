"""What an action-space handler is: refusal, options and use, dispatched by the space's kind.

A handler never raises: ``refuse`` names the rule a placement breaks (``None`` when the
space can be used now, fully, with that option: rules.ja.txt ヴァイキング駒の配置ルール,
"ヴァイキング駒は、そのアクションが完全に実行できるスペースに配置する必要があります"), and
``use`` emits the events of the space's immediate effect and returns what the seat may still
choose (an :class:`Offer`, which becomes the state's ``Running`` record).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from skald.domain.feast.action_board import ActionSpace
from skald.domain.feast.game.flow import Log
from skald.domain.feast.game.state import State
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.table import Refusal as Refusal


@dataclass(frozen=True, slots=True)
class Offer:
    """Choices left after a space's immediate effect (all zero: the action is complete)."""

    takes: tuple[int, ...] = ()
    upgrades: int = 0
    upgrade_steps: int = 1
    plays: int = 0
    used: bool = True
    awaiting: tuple[str, ...] = ()
    """Commands the action waits for before anything else (a dice space: its reroll and
    declare commands); the space's own answer event clears it."""


DONE = Offer()


@dataclass(frozen=True, slots=True)
class SpaceRule:
    refuse: Callable[[State, int, ActionSpace, int], Refusal | None]
    use: Callable[[Log, int, ActionSpace, int, Chance], Offer]
    options: tuple[int, ...] = (0,)
    """The ``PlaceVikings.option`` values the space knows (its printed alternatives)."""

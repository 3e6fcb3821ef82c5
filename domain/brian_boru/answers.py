"""The commands that answer a mid-action decision (decisions.py), one handler each.

Sources: ../shared/games/brian-boru/rules-and-data.md §3.3.5 (a loser's secondary), §3.4
(extras, EXPAND5, FREE_VIKING), §4.1 (a town from a marriage card or the track), §7 (the
Princess), §4.2.1 (casualties), §4.3 (monasteries); ../shared/games/RULINGS.md (Brian Boru).
"""

from __future__ import annotations

from skald.domain.brian_boru import actions, upkeep
from skald.domain.brian_boru import commands as cmd
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.commands import CODES
from skald.domain.brian_boru.decisions import Decision, DecisionKind
from skald.domain.brian_boru.flow import Log
from skald.domain.brian_boru.marriages import SPURN_POINTS, PrincessOption
from skald.domain.brian_boru.queries import EXPAND_COST
from skald.domain.brian_boru.state import CardSide, SecondaryChoice, State
from skald.domain.brian_boru.turns import awaited
from skald.domain.kernel.chance import Chance

TOWN_KINDS = (
    DecisionKind.FREE_VIKING,
    DecisionKind.PLACE_TOWN,
    DecisionKind.CASUALTY,
    DecisionKind.MONASTERY,
)


def _need(state: State, kind: DecisionKind, command: object) -> Decision:
    d = awaited(state)
    if d is None or d.kind is not kind:
        what = "no decision" if d is None else f"a {d.kind.value} decision"
        raise CODES.illegal(
            "wrong-command",
            f"{type(command).__name__} does not answer what is pending now ({what})",
        )
    return d


def check_secondary(state: State, seat: int, command: cmd.ChooseSecondary) -> None:
    """§3.3.5: a loser picks one complete secondary action (A or B)."""
    _need(state, DecisionKind.SECONDARY, command)


def choose_secondary(log: Log, seat: int, command: cmd.ChooseSecondary, chance: Chance) -> None:
    d = _need(log.state, DecisionKind.SECONDARY, command)
    side = CardSide.SECONDARY_A if command.option is SecondaryChoice.A else CardSide.SECONDARY_B
    log.emit(ev.ActionChosen(seat, d.card, side))


def check_extras(state: State, seat: int, command: cmd.BuyExtras) -> None:
    """§3.4: 0 to the most the seat can afford and the battlefield or track allows."""
    d = _need(state, DecisionKind.EXTRAS, command)
    if not 0 <= command.count <= d.max_extra:
        raise CODES.illegal(
            "extras-range",
            f"§3.4: buy 0 to {d.max_extra} extras (2 coins each, within what is left)",
        )


def buy_extras(log: Log, seat: int, command: cmd.BuyExtras, chance: Chance) -> None:
    s = log.state
    group = actions.current(s)
    assert group is not None  # check_extras found the EXTRAS decision
    log.emit(actions.extras_event(s, seat, group, command.count))


def check_expand(state: State, seat: int, command: cmd.Expand) -> None:
    """§3.4 EXPAND5: a road-connected empty town, never the active town (RULINGS.md)."""
    d = _need(state, DecisionKind.EXPAND, command)
    if command.town is not None and command.town not in d.options:
        raise CODES.illegal(
            "expand-target",
            "§3.4: expand to an empty town one road from a town you control (not the active town)",
        )


def expand(log: Log, seat: int, command: cmd.Expand, chance: Chance) -> None:
    paid = 0 if command.town is None else EXPAND_COST
    log.emit(ev.TownExpanded(seat, command.town, paid))


def check_town(state: State, seat: int, command: cmd.ChooseTown) -> None:
    """A Viking to free, a town to place, a casualty or a monastery: one of the towns offered."""
    d = awaited(state)
    if d is None or d.kind not in TOWN_KINDS:
        raise CODES.illegal("wrong-command", "no town choice is pending")
    if command.town not in d.options:
        raise CODES.illegal(
            "town-not-offered",
            f"choose one of the towns offered for the {d.kind.value} decision",
        )


def choose_town(log: Log, seat: int, command: cmd.ChooseTown, chance: Chance) -> None:
    s = log.state
    d = awaited(s)
    if d is not None and d.kind is DecisionKind.FREE_VIKING:
        log.emit(actions.freed_event(s, seat, command.town))
    else:
        log.emit(upkeep.town_event(s, command.town))


def check_princess(state: State, seat: int, command: cmd.ChoosePrincessOption) -> None:
    """§7: the Princess of Denmark's winner picks one of three options."""
    _need(state, DecisionKind.PRINCESS, command)


def choose_princess(log: Log, seat: int, command: cmd.ChoosePrincessOption, chance: Chance) -> None:
    points = SPURN_POINTS if command.option is PrincessOption.SPURN else 0
    log.emit(ev.PrincessOptionChosen(seat, command.option, points))

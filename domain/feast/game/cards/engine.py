"""The one mechanism: where the rules call the cards in play, one hook point per trigger kind.

Every function here is called by the rules at one point (through ``hooks.cards``, which the
card package fills: the rules never import the cards) and asks only the cards the seat has
*played* (``Player.played``), and only while effects are on (``State.effects``, option
``occupations``). The points:

* ``play`` — an occupation is played (column spaces, column 4 before or after, ``Tutor``);
* ``before_space`` / ``after_space`` — a Viking action, before its effect is used and right
  after it finished (``turn``), with the printed space, its column and group, the Vikings;
* ``price`` — a space's cost (discounts: ``fixed``, ``emigration``, the special sale);
* ``roll_modifier``, ``rolls``, ``weapon_value``, ``stone_value``, ``loot``,
  ``knarr_as_longship`` — the dice actions' rules; ``after_dice`` — a declared success or
  failure (``dice_steps``);
* ``phase`` — the round's phases (``phases.STEPS`` names where each point is);
* ``watch.watch`` — every event the ``Log`` emits in ``decide``: card hooks on raw events
  (``Card.on_event``) and on what enters a supply (``Card.arrival``: chests, spices, ships…);
* ``settle`` — as-soon-as conditions, after each command;
* ``before_scoring`` — the final scoring.

Optional effects become offers (``OccupationOffered``, the pending ``feast/occupation``
decision answered by ``ResolveOccupation``); anytime cards are ``UseOccupation`` commands
(``answers.py``). Where the automatic flow would go on while offers wait, it stops with
``OccupationsAwaited`` and ``decide`` resumes it once they are answered.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from skald.domain.feast.action_board import ACTION_SPACES, ActionSpace
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards import table
from skald.domain.feast.game.cards.effects import spent
from skald.domain.feast.game.cards.model import Card, DiceOutcome, Limit, SpaceUse, UsableFn
from skald.domain.feast.game.cards.phases import sober_credit
from skald.domain.feast.game.commands import CODES
from skald.domain.feast.game.readings import cards_before_count
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import ItemCount, Phase, State
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.table import Refusal

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log

ROLLS = 3
POINTS = (
    "harvest",
    "after-harvest",
    "after-actions",
    "before-income",
    "breeding",
    "feast-start",
    "feast-end",
    "after-feast",
    "bonus",
    "after-bonus",
    "mountains",
)
"""The phase points card hooks name (``Card.phases``), in round order; ``weapon`` (phase 4,
in place of the draw) and ``feast-end`` (one seat ends its feast) are per seat."""

_SPACES = {a.id: a for a in ACTION_SPACES}


def cards_of(state: State, seat: int) -> tuple[Card, ...]:
    """The built cards the seat has played, in play order (none while effects are off)."""
    if not state.effects:
        return ()
    return _built(state.players[seat].played, state.late_effects)


@lru_cache(maxsize=4096)
def _built(played: tuple[str, ...], late: bool) -> tuple[Card, ...]:
    return tuple(table.BY_ID[c] for c in played if c in table.BY_ID and is_on(c, late))


def is_on(card: str, late: bool) -> bool:
    """Whether the card's effect is carried out: the cards built last only with the option
    ``late_occupations`` (games stored before they were built play without them)."""
    return late or card not in table.LATE


def limited(card: str) -> bool:
    """Whether ``Player.used`` records the card's uses (its ``limit``)."""
    found = table.BY_ID.get(card)
    return found is not None and found.limit is not Limit.NONE


def has(state: State, seat: int, number: int) -> bool:
    return any(c.number == number for c in cards_of(state, seat))


# --- playing a card ------------------------------------------------------------------------------


def play(log: Log, seat: int, card: str, chance: Chance, by: str | None = None) -> None:
    """The card leaves the hand for the table, then its on-play effect (if built)."""
    log.emit(
        ev.OccupationPlayed(seat, card) if by is None else ev.OccupationPlayedBy(seat, card, by)
    )
    found = table.BY_ID.get(card)
    s = log.state
    if found is not None and found.play is not None and s.effects and is_on(card, s.late_effects):
        found.play(log, seat, chance)


def instead_of_draw(log: Log, seat: int) -> bool:
    """An occupation about to come into the seat's hand: a card may offer something in its
    place (#99 Preceptor); the offer's answer then draws it, or not. Whether one did."""
    for c in cards_of(log.state, seat):
        if c.instead_of_draw is not None and c.instead_of_draw(log, seat):
            return True
    return False


# --- Viking actions ------------------------------------------------------------------------------


def before_space(
    log: Log, seat: int, space: ActionSpace, option: int, imitation: bool, chance: Chance
) -> None:
    use = SpaceUse(seat, space, option, imitation)
    for c in cards_of(log.state, seat):
        if c.before_space is not None:
            c.before_space(log, use, chance)


def after_space(log: Log, chance: Chance) -> None:
    a = log.state.acting
    if a is None:
        return
    use = SpaceUse(a.seat, _SPACES[a.target], -1, a.space != a.target, a)
    for c in cards_of(log.state, a.seat):
        if c.after_space is not None:
            c.after_space(log, use, chance)


def price(
    state: State, seat: int, space: ActionSpace, option: int, pay: tuple[ItemCount, ...]
) -> tuple[ItemCount, ...]:
    """A space's cost after the seat's discounts (each judged on the printed price, stacking,
    never below 0; ``option`` is the space's alternative, for the record)."""
    printed, now = pay, pay
    for c in cards_of(state, seat):
        if c.pay is not None:
            now = c.pay(state, seat, space, printed, now)
    return now


def charge(
    log: Log, seat: int, space: ActionSpace, option: int, pay: tuple[ItemCount, ...]
) -> tuple[ItemCount, ...]:
    """``price`` when the space is used: each card whose discount changed the price says so
    (``OccupationUsed``) before the space's ``Paid``."""
    printed, now = pay, pay
    for c in cards_of(log.state, seat):
        if c.pay is not None:
            new = c.pay(log.state, seat, space, printed, now)
            if new != now:
                log.emit(ev.OccupationUsed(seat, card_id(c.number)))
            now = new
    return now


def announce_rolls(log: Log, seat: int, kind: str) -> None:
    """The cards changing this dice action's rolls say so (``OccupationUsed``), once, when
    the space is used."""
    for c in cards_of(log.state, seat):
        if c.roll is not None and c.roll(log.state, seat, kind):
            log.emit(ev.OccupationUsed(seat, card_id(c.number)))


# --- dice ------------------------------------------------------------------------------------


def roll_modifier(state: State, seat: int, kind: str) -> int:
    bonus = state.acting.bonus if state.acting is not None and state.acting.seat == seat else 0
    return bonus + sum(
        c.roll(state, seat, kind) for c in cards_of(state, seat) if c.roll is not None
    )


def rolls(state: State, seat: int) -> int:
    return ROLLS + sum(c.rolls for c in cards_of(state, seat))


def weapon_value(state: State, seat: int, kind: str) -> int:
    values = [v for c in cards_of(state, seat) for k, v in c.weapon_value if k == kind]
    return max(values, default=1)


def stone_value(state: State, seat: int) -> int:
    return max((c.stone_value for c in cards_of(state, seat)), default=1)


def spears_as_swords(state: State, seat: int) -> bool:
    return any(c.spears_as_swords for c in cards_of(state, seat))


def loot(state: State, seat: int, table: dict[str, int]) -> dict[str, int]:
    for c in cards_of(state, seat):
        if c.loot is not None:
            table = c.loot(state, seat, table)
    return table


def knarr_as_longship(state: State, seat: int) -> bool:
    return any(c.knarr_as_longship for c in cards_of(state, seat))


def horizontal_peas(state: State, seat: int) -> int:
    """Peas tiles the seat may lay horizontally at the feast (1, more with a card)."""
    return max((c.horizontal_peas for c in cards_of(state, seat)), default=1)


def explore_any(state: State, seat: int) -> bool:
    return any(c.explore_any for c in cards_of(state, seat))


def trades_without_greens(state: State, seat: int) -> bool:
    return any(c.trades_without_greens for c in cards_of(state, seat))


def enables(state: State, use: SpaceUse, usable: UsableFn) -> bool:
    """Whether a card the seat has played, acting immediately before the space's action or
    instead of it, lets the space be used though its own conditions fail on ``s`` (RULINGS.md
    "A Feast for Odin, more": a space may be taken when its action can be carried out as the
    player's played cards change it). Only under the readings that count such cards
    (``readings.cards_before_count``: games stored before read the space on ``s`` alone)."""
    if not cards_before_count(state):
        return False
    return any(
        c.enables(state, use, usable) for c in cards_of(state, use.seat) if c.enables is not None
    )


def vikings_saved(state: State, seat: int, space: ActionSpace) -> int:
    return sum(
        c.vikings_saved(state, seat, space) for c in cards_of(state, seat) if c.vikings_saved
    )


def replacement(state: State) -> str:
    """What is left of the acting seat's space action after ``ActionReplaced`` ("" if none)."""
    a = state.acting
    if a is None or a.replaced is None:
        return ""
    return table.BY_ID[a.replaced].replaces


def after_dice(log: Log, outcome: DiceOutcome, chance: Chance) -> None:
    for c in cards_of(log.state, outcome.seat):
        if c.dice is not None:
            c.dice(log, outcome, chance)


# --- phases, scoring, as soon as ---------------------------------------------------------------


def phase(log: Log, point: str, chance: Chance) -> None:
    for seat in range(log.state.count):
        seat_phase(log, seat, point, chance)


def seat_phase(log: Log, seat: int, point: str, chance: Chance) -> None:
    """One seat's hooks at a phase point (a feast held for it alone: #5 Chief)."""
    for c in cards_of(log.state, seat):
        for name, fn in c.phases:
            if name == point:
                fn(log, seat, chance)


def serve_refusal(state: State, seat: int, piece: str) -> Refusal | None:
    """#160 Sober Man: the silver it gave back stands until mead is served; serving the
    first mead pays it back, so it needs a silver in supply (NOTES.md)."""
    if piece != "mead" or not has(state, seat, 160) or state.players[seat].silver >= 1:
        return None
    if sober_credit(state, seat):
        return CODES.refusal(
            "sober-man-silver", "serving mead returns Sober Man's silver: keep 1 in supply"
        )
    return None


def feast_end(log: Log, seat: int, chance: Chance) -> None:
    """A seat ends its feast, its table still laid (point ``feast-end``)."""
    for c in cards_of(log.state, seat):
        for name, fn in c.phases:
            if name == "feast-end":
                fn(log, seat, chance)


def weapon(log: Log, seat: int, chance: Chance) -> bool:
    """Phase 4: whether a card of the seat offers something in place of its weapon draw
    (point ``weapon``; the card's answer draws or takes the other thing)."""
    for c in cards_of(log.state, seat):
        for name, fn in c.phases:
            if name == "weapon":
                fn(log, seat, chance)
                return True
    return False


def before_scoring(log: Log, chance: Chance) -> None:
    for seat in range(log.state.count):
        for c in cards_of(log.state, seat):
            if c.score is not None:
                c.score(log, seat, chance)


def settle(log: Log, chance: Chance) -> None:
    """As-soon-as cards: fire each whose condition holds, once, until none is left to fire."""
    if not log.state.effects or log.state.phase is Phase.OVER:
        return
    fired = True
    while fired:
        fired = False
        for seat in range(log.state.count):
            for c in cards_of(log.state, seat):
                if c.fire is None or c.ready is None or spent(log.state, seat, c):
                    continue
                if c.ready(log.state, seat):
                    c.fire(log, seat, chance)
                    fired = True

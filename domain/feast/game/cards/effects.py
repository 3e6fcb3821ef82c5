"""Helpers card hooks are written with: gains, costs, offers, mountain takes, weapons.

Each helper emits the events of one effect on the ``Log`` it is given; the engine's watchers
see them like any other event (so a chest gained from a card can trigger another card).
Every effect starts with ``OccupationUsed`` (or ``OccupationAnswered`` for an offer), then its
``Paid``/``Gained`` with the card's id as reason.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator

from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards import table
from skald.domain.feast.game.cards.model import (
    ApplyFn,
    Card,
    Choice,
    EnablesFn,
    Limit,
    Menu,
    PhaseFn,
    PlayFn,
    SpaceUse,
    UsableFn,
)
from skald.domain.feast.game.flow import Log, draw_weapon
from skald.domain.feast.game.items import (
    BUILDING_INDEX,
    SHIP_SPECS,
    SPECIAL_NAMES,
    amount,
    boards,
    can_pay,
    free_berths,
    gain,
    items,
)
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import ItemCount, Phase, State
from skald.domain.feast.goods import GOODS, Good, upgrades
from skald.domain.feast.mountains import MountainItem
from skald.domain.feast.placement import Piece, Placement, legal_placements
from skald.domain.feast.ships import Berth, ShipKind
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.chance import Chance


def card(number: int) -> Card:
    return table.CARDS[number]


def spent(state: State, seat: int, card: Card) -> bool:
    """Whether the card's limit forbids another use now (``Player.used``)."""
    if card.limit is Limit.NONE:
        return False
    cid = card_id(card.number)
    used = state.players[seat].used
    if card.limit is Limit.ONCE:
        return any(u.startswith(cid + "@") for u in used)
    return f"{cid}@{state.round}" in used


def room(state: State, seat: int, pay: tuple[ItemCount, ...], gain: tuple[ItemCount, ...]) -> bool:
    """Buildings and special tiles are limited, ships need a free berth of their size (the
    ships paid free theirs)."""
    p = state.players[seat]
    berths = {Berth.SMALL: free_berths(p, Berth.SMALL), Berth.LARGE: free_berths(p, Berth.LARGE)}
    for it in pay:
        if it.item in SHIP_SPECS:
            berths[SHIP_SPECS[ShipKind(it.item)].berth] += it.count
    for it in gain:
        if it.item in BUILDING_INDEX and state.buildings_left[BUILDING_INDEX[it.item]] < it.count:
            return False
        if it.item in SPECIAL_NAMES and (it.item not in state.specials_left or it.count > 1):
            return False
        if it.item in SHIP_SPECS:
            berth = SHIP_SPECS[ShipKind(it.item)].berth
            berths[berth] -= it.count
            if berths[berth] < 0:
                return False
    return True


def legal_choices(state: State, seat: int, card: Card, trigger: str) -> tuple[Choice, ...]:
    """The card's choices its owner may take now (paid for, room for the gain, its own
    condition), in the card's order."""
    menu = card.menu
    if menu is None or spent(state, seat, card):
        return ()
    p = state.players[seat]
    out = []
    for ch in menu.choices(state, seat, trigger):
        if not can_pay(p, ch.pay) or not room(state, seat, ch.pay, ch.gain):
            continue
        if menu.legal is not None and not menu.legal(state, seat, ch):
            continue
        out.append(ch)
    return tuple(out)


def apply_choice(log: Log, seat: int, card: Card, ch: Choice, trigger: str, chance: Chance) -> None:
    menu = card.menu
    assert menu is not None
    if menu.apply is not None:
        menu.apply(log, seat, ch, trigger, chance)
        return
    exchange(log, seat, card.number, ch.pay, ch.gain)


def exchange(
    log: Log, seat: int, number: int, pay: tuple[ItemCount, ...], gain: tuple[ItemCount, ...]
) -> None:
    """The costs and gains of an effect (after its ``OccupationUsed``/``Answered``)."""
    reason = card_id(number)
    if pay:
        log.emit(ev.Paid(seat, pay, reason))
    if gain:
        log.emit(ev.Gained(seat, gain, reason))


# --- cards that count when deciding whether a space may be used ------------------------------


def after_choice(state: State, seat: int, card: Card, choice: Choice, trigger: str) -> State:
    """The state the card's choice would leave (its events folded, nothing drawn): what a card
    acting immediately before a space's action makes, to judge the space on (``Card.enables``).
    """
    log = Log(state)
    apply_choice(log, seat, card, choice, trigger, Chance())  # no choice judged here draws chance
    return log.state


def enabled_by_offer(
    number: int,
    test: Callable[[SpaceUse], bool],
    trigger: Callable[[State, SpaceUse], str] = lambda s, use: f"before:{use.space.id}",
) -> EnablesFn:
    """``Card.enables`` of a card offered immediately before the spaces ``test`` picks
    (``before_offer``): some choice it may take then leaves the space usable (RULINGS.md "A
    Feast for Odin, more"). ``trigger`` is the offer's, as the card's hook makes it."""

    def enables(state: State, use: SpaceUse, usable: UsableFn) -> bool:
        if not test(use):
            return False
        c, why = card(number), trigger(state, use)
        return any(
            usable(after_choice(state, use.seat, c, ch, why))
            for ch in legal_choices(state, use.seat, c, why)
        )

    return enables


def enabled_by_gain(test: Callable[[SpaceUse], bool], *pairs: tuple[str, int]) -> EnablesFn:
    """``Card.enables`` of a card giving ``pairs`` immediately before the spaces ``test``
    picks, with nothing to choose (``give``): the space is usable once they are given."""
    got = items(*pairs)

    def enables(state: State, use: SpaceUse, usable: UsableFn) -> bool:
        p = state.players[use.seat]
        return test(use) and usable(state.with_player(use.seat, gain(p, got)))

    return enables


def give(log: Log, seat: int, number: int, *pairs: tuple[str, int]) -> None:
    """An automatic gain: nothing happens (no event) when every count is 0."""
    got = items(*pairs)
    if not got:
        return
    log.emit(ev.OccupationUsed(seat, card_id(number)))
    log.emit(ev.Gained(seat, got, card_id(number)))


def offer(log: Log, seat: int, number: int, trigger: str = "") -> None:
    """Offer the card's menu to its owner, if it has a legal choice now (never once the game
    is over)."""
    if log.state.phase is Phase.OVER:
        return
    if legal_choices(log.state, seat, card(number), trigger):
        log.emit(ev.OccupationOffered(seat, card_id(number), trigger))


def _offers(number: int) -> PlayFn:
    """On play: offer the card's menu."""

    def play(log: Log, seat: int, chance: Chance) -> None:
        offer(log, seat, number, "play")

    return play


def offered(number: int, summary: str, menu: Menu) -> Card:
    """A card whose play offers its menu: the number is written once, so a card cannot offer
    another card's menu by a slip."""
    return Card(number, summary, menu=menu, play=_offers(number))


def recall_menu(number: int, *pay: tuple[str, int]) -> Menu:
    """Pay ``pay`` to take one Viking back from the space the seat is acting on (#108, #130):
    a choice only while one of the seat's Vikings stands there (never in a granted action,
    which placed none)."""
    price = items(*pay)

    def apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
        a = log.state.acting
        assert a is not None
        exchange(log, seat, number, ch.pay, ())
        log.emit(ev.VikingsRecalled(seat, a.space, 1, card_id(number)))

    def on_space(state: State, seat: int, ch: Choice) -> bool:
        a = state.acting
        return a is not None and any(o.space == a.space and o.seat == seat for o in state.occupied)

    return Menu(lambda s, seat, trigger: (Choice(0, price),), apply, on_space)


def choices(
    *rows: tuple[Iterable[tuple[str, int]], Iterable[tuple[str, int]]],
) -> tuple[Choice, ...]:
    """Printed alternatives pay → gain, keyed 0, 1, …"""
    return tuple(Choice(i, items(*pay), items(*gain)) for i, (pay, gain) in enumerate(rows))


def tier(count: int, steps: Iterable[tuple[int, int]]) -> int:
    """The value of the highest step ``(at least, value)`` that ``count`` reaches (0: none)."""
    best = 0
    for least, value in steps:
        if count >= least:
            best = value
    return best


# --- mountain items, weapons, upgrades ----------------------------------------------------------


def strips_with(state: State, kinds: frozenset[MountainItem] | None = None) -> Iterator[int]:
    """Face-up strips whose arrow-end item is one of ``kinds`` (any item: ``None``)."""
    for x in state.strips:
        if x.items and (kinds is None or x.items[0] in kinds):
            yield x.number


def take(log: Log, seat: int, number: int, strip: int, count: int = 1) -> None:
    x = next(x for x in log.state.strips if x.number == strip)
    log.emit(ev.OccupationTookFromMountain(seat, card_id(number), strip, x.items[:count]))


def search(log: Log, seat: int, number: int, weapon: Weapon, count: int = 1) -> None:
    for _ in range(count):
        log.emit(ev.WeaponSearched(seat, weapon, card_id(number)))


def draw(log: Log, seat: int, count: int, chance: Chance) -> None:
    for _ in range(count):
        draw_weapon(log, seat, chance)


def have(state: State, seat: int, item: str) -> int:
    return amount(state.players[seat], item)


def mountain_menu(
    number: int, kinds: frozenset[MountainItem] | None = None, count: int = 1
) -> Menu:
    """Take ``count`` items from the arrow end of one face-up strip (``option``: the strip),
    only strips whose next item is one of ``kinds``."""

    def strips(state: State, seat: int, trigger: str) -> Iterator[Choice]:
        for n in strips_with(state, kinds):
            yield Choice(n, label=f"strip {n}")

    def apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
        take(log, seat, number, ch.key, count)

    return Menu(strips, apply)


def upgrade_menu(
    goods: Iterable[Good] | None = None, steps: int = 1, cost: tuple[ItemCount, ...] = ()
) -> Menu:
    """One ``steps``-step upgrade of a good in supply (``option``: its ``GOODS`` index),
    among ``goods`` (any: ``None``), paying ``cost`` too."""
    allowed = None if goods is None else frozenset(goods)

    def ups(state: State, seat: int, trigger: str) -> Iterator[Choice]:
        p = state.players[seat]
        for i, spec in enumerate(GOODS):
            if not p.goods[i] or (allowed is not None and spec.good not in allowed):
                continue
            into = upgrades(spec.good, steps)
            if into is not None:
                yield Choice(i, (ItemCount(spec.good.value, 1), *cost), items((into.value, 1)))

    return Menu(ups)


# --- placements by a card -------------------------------------------------------------------


def placement_key(board: int, pl: Placement) -> int:
    return ((board * 16 + pl.row) * 16 + pl.col) * 4 + pl.rotation


def placements(
    state: State, seat: int, piece: Piece, where: Callable[[BoardId], bool]
) -> Iterator[tuple[int, str, Placement]]:
    for i, (name, board) in enumerate(boards(state.players[seat])):
        if where(board.board):
            for pl in legal_placements(board, piece):
                yield placement_key(i, pl), name, pl


def place_apply(number: int, piece: Piece, more: str) -> ApplyFn:
    """Gain the piece (``Choice.gain``) and place it where the choice's key says
    (``placement_key``); then offer again while the trigger's count (``<more>:<n>``) lasts."""

    def apply(log: Log, seat: int, ch: Choice, trigger: str, chance: Chance) -> None:
        left = int(trigger.rpartition(":")[2]) - 1
        board_i = ch.key // (16 * 16 * 4)
        rest = ch.key % (16 * 16 * 4)
        row, col, rot = rest // 64, rest // 4 % 16, rest % 4
        name = list(boards(log.state.players[seat]))[board_i][0]
        exchange(log, seat, number, (), ch.gain)
        log.emit(ev.GoodPlaced(seat, name, Placement(piece, row, col, rot)))
        if left > 0:
            offer(log, seat, number, f"{more}:{left}")

    return apply


def phase_offer(number: int, trigger: str) -> PhaseFn:
    """A phase hook that offers the card's menu."""

    def hook(log: Log, seat: int, chance: Chance) -> None:
        offer(log, seat, number, trigger)

    return hook


def vikings_on(state: State, seat: int, test: Callable[[str], bool]) -> int:
    """The seat's Vikings now standing on the spaces ``test`` accepts."""
    return sum(o.vikings for o in state.occupied if o.seat == seat and test(o.space))

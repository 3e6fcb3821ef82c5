"""Occupations that react to what enters a supply or a board: chests, spices, cattle,
stockfish, stone from the mountains, houses built, goods placed, boards explored, ships
emigrated (occupations.md, ``exchange``, ``placement``, ``mountain``, ``houses``).

They are watchers (``watch.watch``): each-time effects add their events to the command whose
event set them off, wherever it came from (a space, the bonus phase, another card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from skald.domain.feast.boards.exploration import EXPLORATION_FACES
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.counts import HOUSES, houses
from skald.domain.feast.game.cards.effects import give, offer
from skald.domain.feast.game.cards.model import ArrivalFn, Card, Choice, EventFn, Menu
from skald.domain.feast.game.items import items
from skald.domain.feast.game.state import ItemCount, State
from skald.domain.feast.mountains import MountainItem
from skald.domain.kernel.chance import Chance

if TYPE_CHECKING:
    from skald.domain.feast.game.flow import Log

_EXPLORATION = frozenset(f.spec.board.value for f in EXPLORATION_FACES)
_HOUSE_NAMES = tuple(h.value for h in HOUSES)


def _n(got: tuple[ItemCount, ...], *names: str) -> int:
    return sum(it.count for it in got if it.item in names)


def _stone_carver(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
    give(log, seat, 6, ("silver", event.items.count(MountainItem.STONE)))


def _mineworker_play(log: Log, seat: int, chance: Chance) -> None:
    give(log, seat, 188, ("silver", log.state.count - 1))


def _mineworker(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
    strip = next((x for x in log.state.strips if x.number == event.strip), None)
    emptied = strip is not None and not strip.items
    if emptied and event.items and event.items[-1] is MountainItem.SILVER_2:
        give(log, seat, 188, ("silver", 1))


def _cottager_play(log: Log, seat: int, chance: Chance) -> None:
    give(log, seat, 15, ("mead", 2 * houses(log.state.players[seat])))


def _cottager(log: Log, seat: int, got: tuple[ItemCount, ...], reason: str, chance: Chance) -> None:
    if reason == "action":  # a house building action (NOTES.md: not the Earl's, not a bonus)
        give(log, seat, 15, ("hide", _n(got, "stone-house", "long-house")))


def _per_arrival(number: int, names: tuple[str, ...], trigger: str) -> ArrivalFn:
    def hook(log: Log, seat: int, got: tuple[ItemCount, ...], reason: str, chance: Chance) -> None:
        for _ in range(_n(got, *names)):
            offer(log, seat, number, trigger)

    return hook


def _bosporus_merchant(
    log: Log, seat: int, got: tuple[ItemCount, ...], reason: str, chance: Chance
) -> None:
    give(log, seat, 190, ("oil", _n(got, "spices")))


def _meat_buyer(
    log: Log, seat: int, got: tuple[ItemCount, ...], reason: str, chance: Chance
) -> None:
    for meat in ("stockfish", "salt-meat"):
        if any(it.item == meat and it.count == 2 for it in got):
            offer(log, seat, 150, f"meat:{meat}")


def _meat_buyer_choices(state: State, seat: int, trigger: str) -> tuple[Choice, ...]:
    meat = trigger.removeprefix("meat:")
    return (Choice(0, items((meat, 1)), items(("game-meat", 1)), f"game meat for a {meat}"),)


def _codliver(log: Log, seat: int, got: tuple[ItemCount, ...], reason: str, chance: Chance) -> None:
    from_action = reason in ("action", "dice") or reason.startswith("occupation-")
    if from_action and _n(got, "stockfish") and reason != "occupation-175":
        offer(log, seat, 175, "stockfish")


def _placed_on(
    names: frozenset[str] | tuple[str, ...], good: str, number: int, *pairs: tuple[str, int]
) -> EventFn:
    def hook(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
        board = event.board.rpartition("-")[0] if event.board[-1].isdigit() else event.board
        if event.placement.piece.name == good and board in names:
            if pairs:
                give(log, seat, number, *pairs)
            else:
                offer(log, seat, number, f"placed:{event.board}")

    return hook


def _scribe(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
    give(log, seat, 125, ("rune-stone", 1))


def _earl_of_lade(log: Log, seat: int, event: Any, before: State, chance: Chance) -> None:
    """The seat's Thing square comes to exactly 3 Vikings (from another count), in any phase
    (NOTES.md: phase 1 and 12 included; 4 → 2 at once does not pass through 3)."""
    if log.state.players[seat].thing == 3 and before.players[seat].thing != 3:
        give(log, seat, 168, ("silver", 1))


CARDS: tuple[Card, ...] = (
    Card(
        168,
        "each time your Thing square comes to exactly 3 Vikings: 1 silver",
        watch=(
            ev.VikingsPlaced,
            ev.DiceFailed,
            ev.VikingsRecalled,
            ev.RoundStarted,
            ev.VikingsReturned,
        ),
        on_event=_earl_of_lade,
    ),
    Card(
        6,
        "each stone taken from a mountain strip: 1 silver",
        watch=(ev.MountainTaken, ev.OccupationTookFromMountain),
        on_event=_stone_carver,
    ),
    Card(
        15,
        "on play: 2 mead per stone and long house; each one built: 1 hide",
        play=_cottager_play,
        arrival=_cottager,
    ),
    Card(
        28,
        "each chest or treasure chest gained: may buy 1 oil for 1 silver",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("silver", 1)), items(("oil", 1))),)),
        arrival=_per_arrival(28, ("chest", "treasure-chest"), "chest"),
    ),
    Card(
        98,
        "each grain placed in a stone or long house: may buy a silk for 2 silver",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("silver", 2)), items(("silk", 1))),)),
        watch=(ev.GoodPlaced,),
        on_event=_placed_on(_HOUSE_NAMES, "grain", 98),
    ),
    Card(
        100,
        "each rune stone placed on an exploration board: 1 silver",
        watch=(ev.GoodPlaced,),
        on_event=_placed_on(_EXPLORATION, "rune-stone", 100, ("silver", 1)),
    ),
    Card(
        101,
        "each rune stone placed in a stone or long house: 1 mead + 1 silver",
        watch=(ev.GoodPlaced,),
        on_event=_placed_on(_HOUSE_NAMES, "rune-stone", 101, ("mead", 1), ("silver", 1)),
    ),
    Card(
        125,
        "each exploration or emigration: 1 rune stone",
        watch=(ev.BoardExplored, ev.ShipEmigrated),
        on_event=_scribe,
    ),
    Card(
        150,
        "receiving 2 stockfish or 2 salt meat at once: may take a game meat for one of them",
        menu=Menu(_meat_buyer_choices),
        arrival=_meat_buyer,
    ),
    Card(
        174,
        "each new cattle: may buy 1 spices for 4 silver or 1 silk for 3",
        menu=Menu(
            lambda s, seat, t: (
                Choice(0, items(("silver", 4)), items(("spices", 1))),
                Choice(1, items(("silver", 3)), items(("silk", 1))),
            )
        ),
        arrival=_per_arrival(174, ("cattle", "pregnant-cattle"), "cattle"),
    ),
    Card(
        175,
        "an action giving stockfish: may buy 1 oil for 1 silver",
        menu=Menu(lambda s, seat, t: (Choice(0, items(("silver", 1)), items(("oil", 1))),)),
        arrival=_codliver,
    ),
    Card(
        188,
        "on play: 0/1/2/3 silver (1–4 players); the last 2-silver item of a strip: 1 more",
        play=_mineworker_play,
        watch=(ev.MountainTaken, ev.OccupationTookFromMountain),
        on_event=_mineworker,
    ),
    Card(190, "each spices gained: 1 oil", arrival=_bosporus_merchant),
)

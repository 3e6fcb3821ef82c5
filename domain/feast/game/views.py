"""What a seat (or a spectator, ``None``) may see: ``view``, ``redact`` and ``secrets``.

Secret: each occupation hand (its size is public) from every other seat, the dark
occupation deck and the starting cards left out (from everyone). Weapon cards, goods, boards,
ships and played occupations are public (refresher.en.txt: weapons are taken face up).

The hand's order is secret too (DESIGN.md: hidden order, decks and hands): it is the order the
cards came in, so a position tells which deal or draw brought a card. #99 Preceptor's answer
names a hand position (``cards/hand.py``: option ``i + 1`` plays the card at position ``i``);
other seats see every such answer as option 1 ("a hand card instead"), and the
``OccupationPlayedBy`` that follows names the card. The answer's command reads
:data:`HAND_CARD` there (``public_command``).
"""

from __future__ import annotations

from dataclasses import dataclass

from skald.domain.feast.banquet import GameLength
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.items import items
from skald.domain.feast.game.setup_data import card_id
from skald.domain.feast.game.state import (
    CardOffer,
    Dice,
    Exploration,
    ItemCount,
    Occupancy,
    Phase,
    Player,
    Running,
    Ship,
    State,
    Strip,
)
from skald.domain.feast.goods import GOODS
from skald.domain.feast.placement import BoardState
from skald.domain.feast.ships import ShipKind
from skald.domain.feast.weapons import Weapon
from skald.domain.kernel.fast import replace


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    thing: int
    waiting: int
    goods: tuple[ItemCount, ...]
    specials: tuple[str, ...]
    silver: int
    wood: int
    stone: int
    ore: int
    weapons: tuple[ItemCount, ...]
    ships: tuple[Ship, ...]
    emigrated: tuple[ShipKind, ...]
    home: BoardState
    explored: tuple[BoardState, ...]
    houses: tuple[BoardState, ...]
    hand: tuple[str, ...]
    """The viewer's own occupations; empty for other seats."""
    hand_size: int
    played: tuple[str, ...]
    penalties: int
    passed: bool
    banquet: BoardState | None
    feasted: bool
    used: tuple[str, ...] = ()
    """Occupation uses a card's limit counts (``card@round``)."""


@dataclass(frozen=True, slots=True)
class FeastView:
    viewer: int | None
    length: GameLength
    round: int
    phase: Phase
    to_act: tuple[int, ...]
    turn: int | None
    start_player: int
    occupied: tuple[Occupancy, ...]
    running: Running | None
    strips: tuple[Strip, ...]
    strips_left: int
    exploration: tuple[Exploration, ...]
    weapon_deck: int
    occupation_deck: int
    imitation: tuple[int, ...]
    buildings_left: tuple[int, ...]
    specials_left: tuple[str, ...]
    players: tuple[PlayerView, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    dice: Dice | None = None
    """A dice space's standing roll (public: the die is rolled on the table)."""
    blocked: tuple[str, ...] = ()
    """Solo: the spaces last round's Vikings still hold (public)."""
    offers: tuple[CardOffer, ...] = ()
    """Occupation offers waiting for their owners, first first (played cards are public)."""
    effects: bool = True
    """Occupation effects are carried out (option ``occupations``)."""


def _player(seat: int, player: Player, viewer: int | None) -> PlayerView:
    goods = tuple(
        ItemCount(spec.good.value, n) for spec, n in zip(GOODS, player.goods, strict=True) if n
    )
    weapons = items(*((w.value, n) for w, n in zip(Weapon, player.weapons, strict=True)))
    return PlayerView(
        seat,
        player.thing,
        player.waiting,
        goods,
        player.specials,
        player.silver,
        player.wood,
        player.stone,
        player.ore,
        weapons,
        player.ships,
        player.emigrated,
        player.home,
        player.explored,
        player.houses,
        player.hand if seat == viewer else (),
        len(player.hand),
        player.played,
        player.penalties,
        player.passed,
        player.banquet,
        player.feasted,
        player.used,
    )


def view(state: State, seat: int | None, to_act: frozenset[int]) -> FeastView:
    return FeastView(
        seat,
        state.length,
        state.round,
        state.phase,
        tuple(sorted(to_act)),
        state.turn,
        state.start_player,
        state.occupied,
        state.running,
        state.strips,
        len(state.strips_left),
        state.exploration,
        sum(state.weapon_deck),
        len(state.occupation_deck),
        state.imitation,
        state.buildings_left,
        state.specials_left,
        tuple(_player(i, p, seat) for i, p in enumerate(state.players)),
        state.scores,
        state.winners,
        state.dice,
        state.blocked,
        state.offers,
        state.effects,
    )


PRECEPTOR = card_id(99)
"""#99 Preceptor: its answer's option is a hand position (``cards/hand.py``)."""


def redact(event: ev.Event, seat: int | None) -> ev.Event:
    """A dealt or drawn occupation shows its card to its owner only; a #99 Preceptor answer
    that plays a hand card shows its position to its owner only (others see option 1)."""
    if isinstance(event, ev.OccupationDealt | ev.OccupationDrawn) and event.seat != seat:
        return replace(event, card=None)
    if (
        isinstance(event, ev.OccupationAnswered)
        and event.card == PRECEPTOR
        and event.seat != seat
        and event.option is not None
        and event.option > 1
    ):
        return replace(event, option=1)
    return event


HAND_CARD = -1
"""The option another seat reads in a #99 Preceptor answer that played a hand card: "a hand
card instead", at no position (no real option is negative)."""


def public_command(command: cmd.Command) -> cmd.Command:
    """The form of a seat's command the other seats and a spectator may read.

    Secret: the hand position of a #99 Preceptor answer (``ResolveOccupation`` of Preceptor
    with an option past 0: ``cards/hand.py``), as ``redact`` hides it from its
    ``OccupationAnswered``; it reads :data:`HAND_CARD`. Whether the draw was taken (0) or a
    hand card played is public, and so is the card played (``OccupationPlayedBy``).

    Public, because the events that follow show them to all: an occupation named by
    ``PlayOccupation`` or ``PlaceVikings.occupation`` leaves the hand face up
    (``OccupationPlayed``); ``UseOccupation`` names a played card, and #52 Tutor's option a hand
    card it plays at once (``OccupationPlayedBy``), by card, not by position; every other field
    names a space, a good, a board square, a ship, a die decision or a special tile, all public
    (refresher.en.txt). No command names a card that stays in a hand."""
    if (
        isinstance(command, cmd.ResolveOccupation)
        and command.card == PRECEPTOR
        and command.option is not None
        and command.option > 0
    ):
        return replace(command, option=HAND_CARD)
    return command


def secrets(state: State, seat: int | None) -> frozenset[str]:
    hidden = set(state.occupation_deck) | set(state.starting_pool)
    for i, p in enumerate(state.players):
        if i != seat:
            hidden.update(p.hand)
    return frozenset(hidden)

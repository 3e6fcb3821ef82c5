"""``apply(state, event)``: one recorded event onto the state; never validates, never draws."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skald.domain.feast.action_board import ACTION_SPACES
from skald.domain.feast.banquet import VIKINGS_ON_ROUND_SPACES, VIKINGS_ON_THING_AT_SETUP
from skald.domain.feast.boards.exploration import EXPLORATION_FACES
from skald.domain.feast.boards.grid import BoardId
from skald.domain.feast.boards.home import VIKINGS_PER_PLAYER
from skald.domain.feast.game import events as ev
from skald.domain.feast.game import evolve_cards as cards
from skald.domain.feast.game import evolve_dice as dice
from skald.domain.feast.game import evolve_goods as goods
from skald.domain.feast.game import evolve_voyages as voyages
from skald.domain.feast.game import hooks
from skald.domain.feast.game.items import WEAPON_INDEX, gain
from skald.domain.feast.game.setup_data import dark_cards, starting_cards, weapon_deck
from skald.domain.feast.game.state import (
    FEAST,
    Acting,
    Exploration,
    Grant,
    ItemCount,
    Occupancy,
    Phase,
    Player,
    Running,
    State,
    Strip,
)
from skald.domain.feast.goods import Good
from skald.domain.feast.mountains import MOUNTAIN_STRIPS
from skald.domain.feast.placement import BanquetSetup, empty_board
from skald.domain.feast.special_tiles import SpecialTile
from skald.domain.feast.weapons import STARTING_WEAPONS
from skald.domain.kernel.fast import replace

_STRIPS = {s.number: s.items for s in MOUNTAIN_STRIPS}
_BACK = {f.board_letter: f.spec.board for f in EXPLORATION_FACES if not f.front}
_COLUMN_2 = frozenset(a.id for a in ACTION_SPACES if a.column == 2)
"""The printed column-2 spaces (an imitation space's id is never one): ``_placed`` counts the
2-Viking placements on them (#166 Weapons Warden, RULINGS.md "A Feast for Odin, more")."""


def _player(state: State, seat: int, **changes: Any) -> State:
    return state.with_player(seat, replace(state.players[seat], **changes))


def _started(state: State, event: ev.GameStarted) -> State:
    start = Player(
        thing=VIKINGS_ON_THING_AT_SETUP[event.length],
        waiting=VIKINGS_ON_ROUND_SPACES[event.length],
        weapons=tuple(1 if w in STARTING_WEAPONS else 0 for w in WEAPON_INDEX),
    )
    start = gain(start, (ItemCount(Good.MEAD.value, 1),))
    return replace(
        state,
        players=(start,) * event.players,
        length=event.length,
        start_player=event.start_player,
        strips=tuple(Strip(n, _STRIPS[n]) for n in event.strips),
        strips_left=tuple(sorted(set(_STRIPS) - set(event.strips))),
        exploration=tuple(
            Exploration(f.board_letter, f.spec.board) for f in EXPLORATION_FACES if f.front
        ),
        weapon_deck=weapon_deck(event.players),
        occupation_deck=dark_cards(event.decks),
        starting_pool=starting_cards(event.decks),
        imitation=event.imitation,
        specials_left=tuple(t.value for t in SpecialTile),
        final_income=event.final_income,
        effects=event.occupation_effects,
    )


def _dealt(state: State, event: ev.OccupationDealt | ev.OccupationDrawn) -> State:
    if event.card is None:
        return state
    p = state.players[event.seat]
    state = _player(state, event.seat, hand=(*p.hand, event.card))
    if isinstance(event, ev.OccupationDealt):
        return replace(
            state, starting_pool=tuple(c for c in state.starting_pool if c != event.card)
        )
    return replace(
        state, occupation_deck=tuple(c for c in state.occupation_deck if c != event.card)
    )


def _round(state: State, event: ev.RoundStarted) -> State:
    players = tuple(
        replace(p, waiting=p.waiting - 1, thing=p.thing + 1, passed=False, column_2_placements=0)
        for p in state.players
    )
    return replace(state, round=event.round, phase=Phase.ACTIONS, players=players)


def _harvest(state: State, event: ev.Harvested) -> State:
    got = tuple(ItemCount(g.value, 1) for g in event.goods)
    return replace(state, players=tuple(gain(p, got) for p in state.players))


def _turned(state: State, event: ev.ExplorationTurned) -> State:
    slots = []
    for x in state.exploration:
        if x.face.value == event.flipped:
            x = Exploration(x.letter, _BACK[x.letter])
        elif x.face.value in event.silvered:
            x = replace(x, silver=x.silver + 2)
        slots.append(x)
    return replace(state, exploration=tuple(slots))


def _weapon(state: State, event: ev.WeaponDrawn) -> State:
    deck, discard = state.weapon_deck, state.weapon_discard
    if event.reshuffled:
        deck, discard = discard, (0, 0, 0, 0)
    i = WEAPON_INDEX[event.weapon.value]
    if deck[i]:
        deck = (*deck[:i], deck[i] - 1, *deck[i + 1 :])
    state = replace(state, weapon_deck=deck, weapon_discard=discard)
    return state.with_player(
        event.seat, gain(state.players[event.seat], (ItemCount(event.weapon.value, 1),))
    )


def _placed(state: State, event: ev.VikingsPlaced) -> State:
    p = state.players[event.seat]
    pairs = p.column_2_placements + (1 if event.space in _COLUMN_2 and event.vikings == 2 else 0)
    state = _player(state, event.seat, thing=p.thing - event.vikings, column_2_placements=pairs)
    state = replace(
        state,
        occupied=(*state.occupied, Occupancy(event.space, event.seat, event.vikings, event.copy)),
        last_placer=event.seat,
    )
    return cards.placed(state, event)


def _offered(state: State, event: ev.ChoicesOffered) -> State:
    run = Running(
        event.seat,
        event.space,
        event.takes,
        (),
        event.upgrades,
        event.upgrade_steps,
        event.plays,
        event.bonus_play,
        event.used,
        event.awaiting,
    )
    return replace(state, running=run)


def _played(state: State, event: ev.OccupationPlayed) -> State:
    p = state.players[event.seat]
    state = _player(
        state,
        event.seat,
        hand=tuple(c for c in p.hand if c != event.card),
        played=(*p.played, event.card),
    )
    run = state.running
    if run is not None and run.seat == event.seat:
        if run.plays:
            run = replace(run, plays=run.plays - 1, used=True)
        else:
            run = replace(run, bonus_play=False)
        state = replace(state, running=run)
    return cards.note_played(state, event)


def _peas(state: State, seat: int) -> int:
    """Peas that may lie horizontally at the seat's feast: 2 with #186 Pea Flour Baker."""
    return hooks.cards.horizontal_peas(state, seat)


def _laid(state: State, seat: int, player: Player) -> Player:
    """The seat's banquet table laid for this round's feast."""
    setup = BanquetSetup(state.length, state.round, len(player.emigrated), _peas(state, seat))
    return replace(player, feasted=False, banquet=empty_board(BoardId.BANQUET_TABLE, setup))


def _feast(state: State, event: ev.FeastBegan) -> State:
    players = tuple(_laid(state, seat, p) for seat, p in enumerate(state.players))
    return replace(state, phase=Phase.FEAST, players=players)


def _grant_started(state: State, event: ev.GrantStarted) -> State:
    """A granted feast lays the seat's table; a granted action is the seat's acting one, not
    placed on its space (``Acting.space`` is the card)."""
    grant = Grant(event.seat, event.card, event.space, event.option, event.then)
    state = replace(state, granted=state.granted[1:], granting=grant)
    if event.space == FEAST:
        return state.with_player(event.seat, _laid(state, event.seat, state.players[event.seat]))
    return replace(state, acting=Acting(event.seat, event.card, event.space, 0))


def _feasted(state: State, event: ev.FeastEnded) -> State:
    p = state.players[event.seat]
    return _player(
        state, event.seat, penalties=p.penalties + event.penalties, banquet=None, feasted=True
    )


def _aged(state: State, event: ev.MountainsAged) -> State:
    strips = tuple(
        Strip(x.number, x.items[1:]) for x in state.strips if x.number not in event.emptied
    )
    return replace(state, strips=strips)


def _strip_up(state: State, event: ev.MountainStripTurnedUp) -> State:
    return replace(
        state,
        strips=(*state.strips, Strip(event.number, _STRIPS[event.number])),
        strips_left=tuple(n for n in state.strips_left if n != event.number),
    )


def _returned(state: State, event: ev.VikingsReturned) -> State:
    players = tuple(replace(p, thing=VIKINGS_PER_PLAYER - p.waiting) for p in state.players)
    return replace(state, players=players, occupied=(), running=None, turn=None)


def _final(state: State, event: ev.FinalPlacementBegan) -> State:
    players = tuple(replace(p, finished=False) for p in state.players)
    return replace(state, phase=Phase.FINAL, players=players, turn=None)


def _scored(state: State, event: ev.GameScored) -> State:
    return replace(state, phase=Phase.OVER, scores=event.scores, winners=event.winners)


_APPLY: dict[type, Callable[[State, Any], State]] = {
    ev.GameStarted: _started,
    ev.OccupationDealt: _dealt,
    ev.OccupationDrawn: _dealt,
    ev.RoundStarted: _round,
    ev.Harvested: _harvest,
    ev.ExplorationTurned: _turned,
    ev.WeaponDrawn: _weapon,
    ev.TurnStarted: lambda s, e: replace(cards.ended(s), turn=e.seat),
    ev.VikingsPlaced: _placed,
    ev.Paid: lambda s, e: cards.note_paid(goods.paid(s, e), e),
    ev.Gained: lambda s, e: cards.note_gained(goods.gained(s, e), e),
    ev.ChoicesOffered: _offered,
    ev.MountainTaken: lambda s, e: cards.note_taken(goods.mountain(s, e), e),
    ev.GoodUpgraded: lambda s, e: cards.note_upgraded(goods.upgraded(s, e), e),
    ev.OccupationPlayed: _played,
    ev.ActionFinished: lambda s, e: replace(s, running=None),
    ev.Passed: lambda s, e: _player(s, e.seat, passed=True),
    ev.StartPlayerChosen: lambda s, e: replace(
        cards.ended(s), start_player=e.seat, turn=None, last_placer=None
    ),
    ev.AnimalsBred: goods.bred,
    ev.FeastBegan: _feast,
    ev.FoodServed: goods.served,
    ev.FeastEnded: _feasted,
    ev.OnceBonusClaimed: lambda s, e: _player(
        s, e.seat, once_claimed=(*s.players[e.seat].once_claimed, e.key)
    ),
    ev.MountainsAged: _aged,
    ev.MountainStripTurnedUp: _strip_up,
    ev.VikingsReturned: _returned,
    ev.GoodPlaced: goods.good_placed,
    ev.ShipBought: goods.bought,
    ev.OreLoaded: goods.loaded,
    ev.FinalPlacementBegan: _final,
    ev.PlacingFinished: lambda s, e: _player(s, e.seat, finished=True),
    ev.GameScored: _scored,
    ev.DieRolled: dice.rolled,
    ev.DiceSucceeded: dice.succeeded,
    ev.DiceFailed: dice.failed,
    ev.GoodsTraded: voyages.traded,
    ev.SpecialsBought: voyages.bought,
    ev.BoardExplored: voyages.explored,
    ev.ShipExchanged: voyages.exchanged,
    ev.ShipEmigrated: voyages.emigrated,
    ev.SoloSpacesBlocked: voyages.blocked,
    ev.OccupationUsed: cards.used,
    ev.OccupationOffered: cards.offered,
    ev.OccupationAnswered: cards.answered,
    ev.OccupationsAwaited: cards.awaited,
    ev.OffersSettled: cards.settled,
    ev.OccupationPlayedBy: cards.played_by,
    ev.OccupationTookFromMountain: cards.took,
    ev.VikingsRecalled: cards.recalled,
    ev.OreRemoved: cards.ore_removed,
    ev.DiceBonus: cards.dice_bonus,
    ev.ActionReplaced: cards.replaced,
    ev.WeaponSearched: cards.searched,
    ev.ActionGranted: lambda s, e: replace(
        s, granted=(*s.granted, Grant(e.seat, e.card, e.space, e.option))
    ),
    ev.GrantStarted: _grant_started,
    ev.GrantFinished: lambda s, e: replace(s, granting=None, acting=None),
    ev.SpecialTileMoved: cards.tile_moved,
    ev.OccupationEffectsAdded: lambda s, e: replace(s, late_effects=True),
    ev.ReadingsAdopted: lambda s, e: replace(s, readings=e.readings),
}


def apply(state: State, event: Any) -> State:
    return _APPLY[type(event)](state, event)


__all__ = ["apply"]

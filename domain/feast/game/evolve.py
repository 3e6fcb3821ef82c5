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


def _player(s: State, seat: int, **changes: Any) -> State:
    return s.with_player(seat, replace(s.players[seat], **changes))


def _started(s: State, e: ev.GameStarted) -> State:
    start = Player(
        thing=VIKINGS_ON_THING_AT_SETUP[e.length],
        waiting=VIKINGS_ON_ROUND_SPACES[e.length],
        weapons=tuple(1 if w in STARTING_WEAPONS else 0 for w in WEAPON_INDEX),
    )
    start = gain(start, (ItemCount(Good.MEAD.value, 1),))
    return replace(
        s,
        players=(start,) * e.players,
        length=e.length,
        start_player=e.start_player,
        strips=tuple(Strip(n, _STRIPS[n]) for n in e.strips),
        strips_left=tuple(sorted(set(_STRIPS) - set(e.strips))),
        exploration=tuple(
            Exploration(f.board_letter, f.spec.board) for f in EXPLORATION_FACES if f.front
        ),
        weapon_deck=weapon_deck(e.players),
        occupation_deck=dark_cards(e.decks),
        starting_pool=starting_cards(e.decks),
        imitation=e.imitation,
        specials_left=tuple(t.value for t in SpecialTile),
        final_income=e.final_income,
        effects=e.occupation_effects,
    )


def _dealt(s: State, e: ev.OccupationDealt | ev.OccupationDrawn) -> State:
    if e.card is None:
        return s
    p = s.players[e.seat]
    s = _player(s, e.seat, hand=(*p.hand, e.card))
    if isinstance(e, ev.OccupationDealt):
        return replace(s, starting_pool=tuple(c for c in s.starting_pool if c != e.card))
    return replace(s, occupation_deck=tuple(c for c in s.occupation_deck if c != e.card))


def _round(s: State, e: ev.RoundStarted) -> State:
    players = tuple(
        replace(p, waiting=p.waiting - 1, thing=p.thing + 1, passed=False, column_2_placements=0)
        for p in s.players
    )
    return replace(s, round=e.round, phase=Phase.ACTIONS, players=players)


def _harvest(s: State, e: ev.Harvested) -> State:
    got = tuple(ItemCount(g.value, 1) for g in e.goods)
    return replace(s, players=tuple(gain(p, got) for p in s.players))


def _turned(s: State, e: ev.ExplorationTurned) -> State:
    slots = []
    for x in s.exploration:
        if x.face.value == e.flipped:
            x = Exploration(x.letter, _BACK[x.letter])
        elif x.face.value in e.silvered:
            x = replace(x, silver=x.silver + 2)
        slots.append(x)
    return replace(s, exploration=tuple(slots))


def _weapon(s: State, e: ev.WeaponDrawn) -> State:
    deck, discard = s.weapon_deck, s.weapon_discard
    if e.reshuffled:
        deck, discard = discard, (0, 0, 0, 0)
    i = WEAPON_INDEX[e.weapon.value]
    if deck[i]:
        deck = (*deck[:i], deck[i] - 1, *deck[i + 1 :])
    s = replace(s, weapon_deck=deck, weapon_discard=discard)
    return s.with_player(e.seat, gain(s.players[e.seat], (ItemCount(e.weapon.value, 1),)))


def _placed(s: State, e: ev.VikingsPlaced) -> State:
    p = s.players[e.seat]
    pairs = p.column_2_placements + (1 if e.space in _COLUMN_2 and e.vikings == 2 else 0)
    s = _player(s, e.seat, thing=p.thing - e.vikings, column_2_placements=pairs)
    s = replace(
        s,
        occupied=(*s.occupied, Occupancy(e.space, e.seat, e.vikings, e.copy)),
        last_placer=e.seat,
    )
    return cards.placed(s, e)


def _offered(s: State, e: ev.ChoicesOffered) -> State:
    run = Running(
        e.seat,
        e.space,
        e.takes,
        (),
        e.upgrades,
        e.upgrade_steps,
        e.plays,
        e.bonus_play,
        e.used,
        e.awaiting,
    )
    return replace(s, running=run)


def _played(s: State, e: ev.OccupationPlayed) -> State:
    p = s.players[e.seat]
    s = _player(s, e.seat, hand=tuple(c for c in p.hand if c != e.card), played=(*p.played, e.card))
    run = s.running
    if run is not None and run.seat == e.seat:
        if run.plays:
            run = replace(run, plays=run.plays - 1, used=True)
        else:
            run = replace(run, bonus_play=False)
        s = replace(s, running=run)
    return cards.note_played(s, e)


def _peas(s: State, seat: int) -> int:
    """Peas that may lie horizontally at the seat's feast: 2 with #186 Pea Flour Baker."""
    return hooks.cards.horizontal_peas(s, seat)


def _laid(s: State, seat: int, p: Player) -> Player:
    """The seat's banquet table laid for this round's feast."""
    setup = BanquetSetup(s.length, s.round, len(p.emigrated), _peas(s, seat))
    return replace(p, feasted=False, banquet=empty_board(BoardId.BANQUET_TABLE, setup))


def _feast(s: State, e: ev.FeastBegan) -> State:
    players = tuple(_laid(s, seat, p) for seat, p in enumerate(s.players))
    return replace(s, phase=Phase.FEAST, players=players)


def _grant_started(s: State, e: ev.GrantStarted) -> State:
    """A granted feast lays the seat's table; a granted action is the seat's acting one, not
    placed on its space (``Acting.space`` is the card)."""
    grant = Grant(e.seat, e.card, e.space, e.option, e.then)
    s = replace(s, granted=s.granted[1:], granting=grant)
    if e.space == FEAST:
        return s.with_player(e.seat, _laid(s, e.seat, s.players[e.seat]))
    return replace(s, acting=Acting(e.seat, e.card, e.space, 0))


def _feasted(s: State, e: ev.FeastEnded) -> State:
    p = s.players[e.seat]
    return _player(s, e.seat, penalties=p.penalties + e.penalties, banquet=None, feasted=True)


def _aged(s: State, e: ev.MountainsAged) -> State:
    strips = tuple(Strip(x.number, x.items[1:]) for x in s.strips if x.number not in e.emptied)
    return replace(s, strips=strips)


def _strip_up(s: State, e: ev.MountainStripTurnedUp) -> State:
    return replace(
        s,
        strips=(*s.strips, Strip(e.number, _STRIPS[e.number])),
        strips_left=tuple(n for n in s.strips_left if n != e.number),
    )


def _returned(s: State, e: ev.VikingsReturned) -> State:
    players = tuple(replace(p, thing=VIKINGS_PER_PLAYER - p.waiting) for p in s.players)
    return replace(s, players=players, occupied=(), running=None, turn=None)


def _final(s: State, e: ev.FinalPlacementBegan) -> State:
    players = tuple(replace(p, finished=False) for p in s.players)
    return replace(s, phase=Phase.FINAL, players=players, turn=None)


def _scored(s: State, e: ev.GameScored) -> State:
    return replace(s, phase=Phase.OVER, scores=e.scores, winners=e.winners)


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

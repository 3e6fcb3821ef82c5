"""``evolve``: apply one recorded event to the state. Never validates, never draws chance.

Each handler touches only the records it changes (``dataclasses.replace`` on small records), so
replays stay O(events). Completing events pop the head op of the program (model.py).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from domain.brian_boru import events as ev
from domain.brian_boru.map import REGION_KEYS, TOWN_COUNT
from domain.brian_boru.marriages import PrincessOption
from domain.brian_boru.model import (
    ClaimState,
    Op,
    Phase,
    PlayedCard,
    PlayerState,
    State,
    TownState,
)
from domain.brian_boru.printed import settings
from domain.kernel.fast import replace


def _pop(s: State, then: tuple[Op, ...] = ()) -> State:
    return replace(s, program=then + s.program[1:], pending=None)


def _player(s: State, seat: int, **changes: Any) -> tuple[PlayerState, ...]:
    players = list(s.players)
    players[seat] = replace(players[seat], **changes)
    return tuple(players)


def _town(s: State, town: int, **changes: Any) -> tuple[TownState, ...]:
    towns = list(s.towns)
    towns[town - 1] = replace(towns[town - 1], **changes)
    return tuple(towns)


def _without(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c for c in cards if c not in gone)


def _game_started(s: State, e: ev.GameStarted) -> State:
    printed = settings((o.name, o.value) for o in e.options)
    return State(
        players_count=e.players,
        phase=Phase.START_TOWNS,
        start_seat=e.start_seat,
        marker=e.start_seat,
        players=tuple(PlayerState() for _ in range(e.players)),
        towns=tuple(TownState() for _ in range(TOWN_COUNT)),
        claims=tuple(ClaimState() for _ in REGION_KEYS),
        viking_strengths=e.viking_strengths,
        card5_coins=e.card5_coins,
        dubhlinn=printed.dubhlinn,
        road_31_43=printed.road_31_43,
        track=printed.track,
    )


def _marriage_deck(s: State, e: ev.MarriageDeckBuilt) -> State:
    return replace(s, marriage_deck=e.deck, marriage_removed=e.removed)


def _viking_deck(s: State, e: ev.VikingDeckShuffled) -> State:
    return replace(s, viking_deck=e.order)


def _starting_town(s: State, e: ev.StartingTownPlaced) -> State:
    return replace(s, towns=_town(s, e.town, owner=e.seat), start_placements=s.start_placements + 1)


def _round_began(s: State, e: ev.RoundBegan) -> State:
    return replace(s, round=e.round, trick_no=0, active_town=None, trick=(), discards=0)


def _vikings_attacked(s: State, e: ev.VikingsAttacked) -> State:
    return replace(s, viking_deck=s.viking_deck[1:], battlefield=s.battlefield + e.strength)


def _marriage_revealed(s: State, e: ev.MarriageCardRevealed) -> State:
    return replace(
        s, marriage_card=e.card, marriage_deck=s.marriage_deck[1:], final_round=e.final_round
    )


def _shuffled(s: State, e: ev.ActionCardsShuffled) -> State:
    return replace(s, deck_order=e.order, set_aside=e.order)


def _dealt(s: State, e: ev.CardsDealt) -> State:
    players = _player(s, e.seat, hand=e.cards, pile=(), seen=frozenset(e.cards), kept=False)
    return replace(s, players=players, phase=Phase.DRAFT, set_aside=_without(s.set_aside, e.cards))


def _kept(s: State, e: ev.CardsKept) -> State:
    p = s.players[e.seat]
    return replace(
        s,
        players=_player(
            s, e.seat, hand=_without(p.hand, e.cards), pile=p.pile + e.cards, kept=True
        ),
    )


def _passed(s: State, e: ev.CardsPassed) -> State:
    giver = s.players[e.seat]
    s = replace(s, players=_player(s, e.seat, hand=_without(giver.hand, e.cards)))
    taker = s.players[e.to_seat]
    return replace(
        s,
        players=_player(
            s, e.to_seat, hand=taker.hand + e.cards, seen=taker.seen | set(e.cards), kept=False
        ),
    )


def _draft_ended(s: State, e: ev.DraftEnded) -> State:
    players = tuple(replace(p, hand=p.pile, pile=(), kept=False) for p in s.players)
    return replace(s, players=players, phase=Phase.LEAD, trick_no=0)


def _active_town(s: State, e: ev.ActiveTownChosen) -> State:
    return replace(s, active_town=e.town, phase=Phase.PLAY, trick=())


def _card_played(s: State, e: ev.CardPlayed) -> State:
    p = s.players[e.seat]
    return replace(
        s,
        players=_player(s, e.seat, hand=_without(p.hand, (e.card,))),
        trick=(*s.trick, PlayedCard(e.seat, e.card)),
    )


def _trick_won(s: State, e: ev.TrickWon) -> State:
    return replace(s, trick_winner=e.seat, program=e.then, phase=Phase.RESOLVE, pending=None)


def _decision(s: State, e: ev.DecisionRequested) -> State:
    return replace(s, pending=e.decision)


def _action_chosen(s: State, e: ev.ActionChosen) -> State:
    return _pop(s, e.then)


def _town_taken(s: State, e: ev.ActiveTownTaken) -> State:
    s = _pop(s)
    if e.town is None:
        return replace(s, marker=e.seat)
    return replace(s, marker=e.seat, towns=_town(s, e.town, owner=e.seat))


def _coins_gained(s: State, e: ev.CoinsGained) -> State:
    s = _pop(s)
    return replace(s, players=_player(s, e.seat, coins=s.players[e.seat].coins + e.amount))


def _coin_paid(s: State, e: ev.CoinPaid) -> State:
    s = _pop(s)
    p = s.players[e.seat]
    return replace(
        s, players=_player(s, e.seat, coins=p.coins - e.coins, points=p.points - e.points)
    )


def _renown(s: State, e: ev.RenownGained) -> State:
    s = _pop(s)
    return replace(s, players=_player(s, e.seat, renown=s.players[e.seat].renown + e.amount))


def _church(s: State, e: ev.ChurchDiscsPlaced) -> State:
    s = _pop(s)
    p = s.players[e.seat]
    return replace(
        s,
        players=_player(s, e.seat, church=p.church + e.base + e.extra, coins=p.coins - e.paid),
    )


def _raiders(s: State, e: ev.RaidersTaken) -> State:
    s = _pop(s)
    p = s.players[e.seat]
    n = e.base + e.extra
    return replace(
        s,
        players=_player(s, e.seat, raiders=p.raiders + n, coins=p.coins - e.paid),
        battlefield=s.battlefield - n,
    )


def _marriage_advanced(s: State, e: ev.MarriageAdvanced) -> State:
    s = _pop(s)
    p = s.players[e.seat]
    return replace(s, players=_player(s, e.seat, track=e.to_space, coins=p.coins - e.paid))


def _expanded(s: State, e: ev.TownExpanded) -> State:
    s = _pop(s)
    if e.town is None:
        return s
    p = s.players[e.seat]
    return replace(
        s,
        towns=_town(s, e.town, owner=e.seat),
        players=_player(s, e.seat, coins=p.coins - e.paid),
    )


def _freed(s: State, e: ev.VikingFreed) -> State:
    s = _pop(s)
    if e.town is None:
        return s
    return replace(s, towns=_town(s, e.town, viking=False))


def _trick_ended(s: State, e: ev.TrickEnded) -> State:
    return replace(
        s,
        trick=(),
        discards=s.discards + len(s.trick),
        trick_no=s.trick_no + 1,
        active_town=None,
        trick_winner=-1,
        phase=Phase.LEAD,
    )


def _action_phase_ended(s: State, e: ev.ActionPhaseEnded) -> State:
    left = frozenset(s.set_aside).union(*(p.hand for p in s.players))
    players = tuple(
        replace(p, hand=(), unseen_past=p.unseen_past | (left - p.seen)) for p in s.players
    )
    discarded = sum(len(p.hand) for p in s.players)
    return replace(
        s,
        players=players,
        discards=s.discards + discarded,
        phase=Phase.UPKEEP,
        hidden_past=s.hidden_past | left,
    )


def _upkeep(s: State, e: ev.UpkeepBegan) -> State:
    return replace(s, program=e.then, phase=Phase.UPKEEP, pending=None)


def _marriage_won(s: State, e: ev.MarriageWon) -> State:
    s = _pop(s, e.then)
    p = s.players[e.seat]
    return replace(
        s,
        players=_player(s, e.seat, track=0, marriages=(*p.marriages, e.card)),
        marriage_card=None,
    )


def _marriage_discarded(s: State, e: ev.MarriageCardDiscarded) -> State:
    return replace(_pop(s), marriage_card=None)


def _points(s: State, e: ev.PointsScored) -> State:
    s = _pop(s)
    return replace(s, players=_player(s, e.seat, points=s.players[e.seat].points + e.amount))


def _town_placed(s: State, e: ev.TownPlaced) -> State:
    s = _pop(s)
    if e.town is None:
        return s
    return replace(s, towns=_town(s, e.town, owner=e.seat))


def _princess(s: State, e: ev.PrincessOptionChosen) -> State:
    s = _pop(s)
    p = s.players[e.seat]
    marriages = p.marriages
    if e.option is PrincessOption.SPURN:
        marriages = tuple(m for m in marriages if m != "marriage-estrid")
    return replace(
        s,
        players=_player(
            s, e.seat, princess=e.option, points=p.points + e.points, marriages=marriages
        ),
    )


def _battle(s: State, e: ev.BattleBegan) -> State:
    return _pop(s, e.then)


def _lost(s: State, e: ev.TownLostToVikings) -> State:
    s = _pop(s)
    if e.town is None:
        return s
    return replace(s, towns=_town(s, e.town, viking=True))


def _cleared(s: State, e: ev.BattlefieldCleared) -> State:
    return replace(_pop(s), battlefield=0)


def _spoils(s: State, e: ev.SpoilsAwarded) -> State:
    p = s.players[e.seat]
    return replace(
        s,
        players=_player(
            s,
            e.seat,
            renown=p.renown + e.renown,
            points=p.points + e.points,
            raiders=p.raiders - e.returned,
        ),
    )


def _church_won(s: State, e: ev.ChurchMajorityWon) -> State:
    s = _pop(s, e.then)
    return replace(s, marker=e.seat, players=_player(s, e.seat, church=0))


def _recounted(s: State, e: ev.ChurchRecounted) -> State:
    s = _pop(s)
    players = list(s.players)
    for seat in e.seats:
        p = players[seat]
        players[seat] = replace(p, points=p.points + 1, church=p.church - 1)
    return replace(s, players=tuple(players))


def _threshold(s: State, e: ev.ChurchThresholdChecked) -> State:
    return _pop(s, e.then)


def _monastery(s: State, e: ev.MonasteryPlaced) -> State:
    s = _pop(s)
    if e.town is None:
        return s
    p = s.players[e.seat]
    return replace(
        s,
        towns=_town(s, e.town, monastery=True),
        players=_player(s, e.seat, church=p.church - e.returned),
    )


def _claimed(s: State, e: ev.RegionsClaimed) -> State:
    s = _pop(s)
    claims = list(s.claims)
    for key in e.flipped:
        i = REGION_KEYS.index(key)
        claims[i] = replace(claims[i], face_up=True)
    for move in e.moves:
        i = REGION_KEYS.index(move.region)
        claims[i] = replace(claims[i], holder=move.to_holder)
    return replace(s, claims=tuple(claims))


def _step(s: State, e: ev.StepCompleted) -> State:
    return _pop(s)


def _round_ended(s: State, e: ev.RoundEnded) -> State:
    return _pop(s)


def _game_ended(s: State, e: ev.GameEnded) -> State:
    s = _pop(s)
    return replace(
        s,
        phase=Phase.OVER,
        scores=tuple(f.total for f in e.scores),
        winners=e.winners,
        end_reason=e.reason,
    )


_HANDLERS: dict[type, Callable[[State, Any], State]] = {
    ev.GameStarted: _game_started,
    ev.MarriageDeckBuilt: _marriage_deck,
    ev.VikingDeckShuffled: _viking_deck,
    ev.StartingTownPlaced: _starting_town,
    ev.RoundBegan: _round_began,
    ev.VikingsAttacked: _vikings_attacked,
    ev.MarriageCardRevealed: _marriage_revealed,
    ev.ActionCardsShuffled: _shuffled,
    ev.CardsDealt: _dealt,
    ev.CardsKept: _kept,
    ev.CardsPassed: _passed,
    ev.DraftEnded: _draft_ended,
    ev.ActiveTownChosen: _active_town,
    ev.CardPlayed: _card_played,
    ev.TrickWon: _trick_won,
    ev.DecisionRequested: _decision,
    ev.ActionChosen: _action_chosen,
    ev.ActiveTownTaken: _town_taken,
    ev.CoinsGained: _coins_gained,
    ev.CoinPaid: _coin_paid,
    ev.RenownGained: _renown,
    ev.ChurchDiscsPlaced: _church,
    ev.RaidersTaken: _raiders,
    ev.MarriageAdvanced: _marriage_advanced,
    ev.TownExpanded: _expanded,
    ev.VikingFreed: _freed,
    ev.TrickEnded: _trick_ended,
    ev.ActionPhaseEnded: _action_phase_ended,
    ev.UpkeepBegan: _upkeep,
    ev.MarriageWon: _marriage_won,
    ev.MarriageCardDiscarded: _marriage_discarded,
    ev.PointsScored: _points,
    ev.TownPlaced: _town_placed,
    ev.PrincessOptionChosen: _princess,
    ev.BattleBegan: _battle,
    ev.TownLostToVikings: _lost,
    ev.BattlefieldCleared: _cleared,
    ev.SpoilsAwarded: _spoils,
    ev.ChurchMajorityWon: _church_won,
    ev.ChurchRecounted: _recounted,
    ev.ChurchThresholdChecked: _threshold,
    ev.MonasteryPlaced: _monastery,
    ev.RegionsClaimed: _claimed,
    ev.StepCompleted: _step,
    ev.RoundEnded: _round_ended,
    ev.GameEnded: _game_ended,
}


def evolve(state: State, event: Any) -> State:
    """The state after ``event`` (unknown event types leave it unchanged)."""
    handler = _HANDLERS.get(type(event))
    if handler is None:
        return state
    return handler(state, event)

"""``evolve`` for the upkeep and the game's end (one handler per event)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.edits import with_player, with_town
from skald.domain.brian_boru.map import REGION_KEYS
from skald.domain.brian_boru.marriages import PrincessOption
from skald.domain.brian_boru.state import Phase, State, UpkeepStep
from skald.domain.kernel.fast import replace


def _upkeep(state: State, event: ev.UpkeepBegan) -> State:
    return replace(state, phase=Phase.UPKEEP, upkeep=None, upkeep_seats=(), done=0)


def _marriage_won(state: State, event: ev.MarriageWon) -> State:
    p = state.players[event.seat]
    return replace(
        state,
        players=with_player(state, event.seat, track=0, marriages=(*p.marriages, event.card)),
        marriage_card=None,
        upkeep=UpkeepStep.MARRIAGE,
        upkeep_seats=(event.seat,),
        upkeep_card=event.card,
        done=0,
    )


def _marriage_discarded(state: State, event: ev.MarriageCardDiscarded) -> State:
    return replace(state, marriage_card=None)


def _points(state: State, event: ev.PointsScored) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    return replace(
        state,
        players=with_player(
            state, event.seat, points=state.players[event.seat].points + event.amount
        ),
        done=done,
    )


def _town_placed(state: State, event: ev.TownPlaced) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    if event.town is None:
        return replace(state, done=done)
    return replace(state, towns=with_town(state, event.town, owner=event.seat), done=done)


def _princess(state: State, event: ev.PrincessOptionChosen) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = state.players[event.seat]
    marriages = p.marriages
    if event.option is PrincessOption.SPURN:
        marriages = tuple(m for m in marriages if m != "marriage-estrid")
    return replace(
        state,
        players=with_player(
            state,
            event.seat,
            princess=event.option,
            points=p.points + event.points,
            marriages=marriages,
        ),
        done=done,
    )


def _battle(state: State, event: ev.BattleBegan) -> State:
    return replace(state, upkeep=UpkeepStep.BATTLE, upkeep_seats=(), done=0)


def _lost(state: State, event: ev.TownLostToVikings) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    if event.town is None:
        return replace(state, done=done)
    return replace(state, towns=with_town(state, event.town, viking=True), done=done)


def _cleared(state: State, event: ev.BattlefieldCleared) -> State:
    return replace(state, battlefield=0)


def _spoils(state: State, event: ev.SpoilsAwarded) -> State:
    p = state.players[event.seat]
    return replace(
        state,
        players=with_player(
            state,
            event.seat,
            renown=p.renown + event.renown,
            points=p.points + event.points,
            raiders=p.raiders - event.returned,
        ),
    )


def _church_won(state: State, event: ev.ChurchMajorityWon) -> State:
    return replace(
        state,
        marker=event.seat,
        players=with_player(state, event.seat, church=0),
        upkeep=UpkeepStep.CHURCH_MAJORITY,
        upkeep_seats=(event.seat,),
        done=0,
    )


def _recounted(state: State, event: ev.ChurchRecounted) -> State:
    players = list(state.players)
    for seat in event.seats:
        p = players[seat]
        players[seat] = replace(p, points=p.points + 1, church=p.church - 1)
    return replace(state, players=tuple(players))


def _threshold(state: State, event: ev.ChurchThresholdChecked) -> State:
    return replace(state, upkeep=UpkeepStep.CHURCH_THRESHOLD, upkeep_seats=event.seats, done=0)


def _monastery(state: State, event: ev.MonasteryPlaced) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    if event.town is None:
        return replace(state, done=done)
    p = state.players[event.seat]
    return replace(
        state,
        towns=with_town(state, event.town, monastery=True),
        players=with_player(state, event.seat, church=p.church - event.returned),
        done=done,
    )


def _claimed(state: State, event: ev.RegionsClaimed) -> State:
    claims = list(state.claims)
    for key in event.flipped:
        i = REGION_KEYS.index(key)
        claims[i] = replace(claims[i], face_up=True)
    for move in event.moves:
        i = REGION_KEYS.index(move.region)
        claims[i] = replace(claims[i], holder=move.to_holder)
    return replace(state, claims=tuple(claims))


def _round_ended(state: State, event: ev.RoundEnded) -> State:
    return replace(state, upkeep=None, upkeep_seats=(), upkeep_card=None, done=0)


def _game_ended(state: State, event: ev.GameEnded) -> State:
    return replace(
        state,
        phase=Phase.OVER,
        scores=tuple(f.total for f in event.scores),
        winners=event.winners,
        end_reason=event.reason,
    )


HANDLERS: dict[type, Callable[[State, Any], State]] = {
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
    ev.RoundEnded: _round_ended,
    ev.GameEnded: _game_ended,
}

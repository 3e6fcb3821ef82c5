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


def _upkeep(s: State, e: ev.UpkeepBegan) -> State:
    return replace(s, phase=Phase.UPKEEP, upkeep=None, upkeep_seats=(), done=0)


def _marriage_won(s: State, e: ev.MarriageWon) -> State:
    p = s.players[e.seat]
    return replace(
        s,
        players=with_player(s, e.seat, track=0, marriages=(*p.marriages, e.card)),
        marriage_card=None,
        upkeep=UpkeepStep.MARRIAGE,
        upkeep_seats=(e.seat,),
        upkeep_card=e.card,
        done=0,
    )


def _marriage_discarded(s: State, e: ev.MarriageCardDiscarded) -> State:
    return replace(s, marriage_card=None)


def _points(s: State, e: ev.PointsScored) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    return replace(
        s, players=with_player(s, e.seat, points=s.players[e.seat].points + e.amount), done=done
    )


def _town_placed(s: State, e: ev.TownPlaced) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    if e.town is None:
        return replace(s, done=done)
    return replace(s, towns=with_town(s, e.town, owner=e.seat), done=done)


def _princess(s: State, e: ev.PrincessOptionChosen) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = s.players[e.seat]
    marriages = p.marriages
    if e.option is PrincessOption.SPURN:
        marriages = tuple(m for m in marriages if m != "marriage-estrid")
    return replace(
        s,
        players=with_player(
            s, e.seat, princess=e.option, points=p.points + e.points, marriages=marriages
        ),
        done=done,
    )


def _battle(s: State, e: ev.BattleBegan) -> State:
    return replace(s, upkeep=UpkeepStep.BATTLE, upkeep_seats=(), done=0)


def _lost(s: State, e: ev.TownLostToVikings) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    if e.town is None:
        return replace(s, done=done)
    return replace(s, towns=with_town(s, e.town, viking=True), done=done)


def _cleared(s: State, e: ev.BattlefieldCleared) -> State:
    return replace(s, battlefield=0)


def _spoils(s: State, e: ev.SpoilsAwarded) -> State:
    p = s.players[e.seat]
    return replace(
        s,
        players=with_player(
            s,
            e.seat,
            renown=p.renown + e.renown,
            points=p.points + e.points,
            raiders=p.raiders - e.returned,
        ),
    )


def _church_won(s: State, e: ev.ChurchMajorityWon) -> State:
    return replace(
        s,
        marker=e.seat,
        players=with_player(s, e.seat, church=0),
        upkeep=UpkeepStep.CHURCH_MAJORITY,
        upkeep_seats=(e.seat,),
        done=0,
    )


def _recounted(s: State, e: ev.ChurchRecounted) -> State:
    players = list(s.players)
    for seat in e.seats:
        p = players[seat]
        players[seat] = replace(p, points=p.points + 1, church=p.church - 1)
    return replace(s, players=tuple(players))


def _threshold(s: State, e: ev.ChurchThresholdChecked) -> State:
    return replace(s, upkeep=UpkeepStep.CHURCH_THRESHOLD, upkeep_seats=e.seats, done=0)


def _monastery(s: State, e: ev.MonasteryPlaced) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    if e.town is None:
        return replace(s, done=done)
    p = s.players[e.seat]
    return replace(
        s,
        towns=with_town(s, e.town, monastery=True),
        players=with_player(s, e.seat, church=p.church - e.returned),
        done=done,
    )


def _claimed(s: State, e: ev.RegionsClaimed) -> State:
    claims = list(s.claims)
    for key in e.flipped:
        i = REGION_KEYS.index(key)
        claims[i] = replace(claims[i], face_up=True)
    for move in e.moves:
        i = REGION_KEYS.index(move.region)
        claims[i] = replace(claims[i], holder=move.to_holder)
    return replace(s, claims=tuple(claims))


def _round_ended(s: State, e: ev.RoundEnded) -> State:
    return replace(s, upkeep=None, upkeep_seats=(), upkeep_card=None, done=0)


def _game_ended(s: State, e: ev.GameEnded) -> State:
    return replace(
        s,
        phase=Phase.OVER,
        scores=tuple(f.total for f in e.scores),
        winners=e.winners,
        end_reason=e.reason,
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

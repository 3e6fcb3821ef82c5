"""Upkeep (§4): Marriage → Battle → Church → Claim regions, then the round or the game ends.

Sources: ../shared/games/brian-boru/rules-and-data.md §4.1–§4.4, §6, §7 and round-steps.en.txt
steps 27–45; ../shared/games/RULINGS.md (Brian Boru): a player with no uncovered town loses
nothing to the Vikings. House ruling (NOTES.md): casualties are taken clockwise from the
marker holder. The steps that can wait for a choice are :class:`UpkeepStep` values; their
items (rewards, casualties, monasteries) are derived here from the state, and ``State.done``
counts the finished ones, so an answer resumes exactly where the step paused.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.decisions import Decision, DecisionKind
from skald.domain.brian_boru.flow import Log, begin_round
from skald.domain.brian_boru.marriages import MARRIAGE_BY_ID, PRINCESS, TrackReward
from skald.domain.brian_boru.queries import (
    MONASTERY_THRESHOLD,
    controlled_towns,
    empty_towns,
    monastery_towns,
)
from skald.domain.brian_boru.scoring import claim_regions, final_scores
from skald.domain.brian_boru.state import State, UpkeepStep
from skald.domain.kernel.chance import Chance


class RewardKind(StrEnum):
    POINTS = "points"
    RENOWN = "renown"
    COINS = "coins"
    TOWN = "town"
    PRINCESS = "princess"


@dataclass(frozen=True, slots=True)
class Reward:
    seat: int
    kind: RewardKind
    amount: int = 0
    region: str = ""
    reason: str = ""


def rewards(state: State) -> tuple[Reward, ...]:
    """§4.1: the winner's card rewards, then each other seat's track reward clockwise."""
    if state.upkeep is not UpkeepStep.MARRIAGE or state.upkeep_card is None:
        return ()
    (winner,) = state.upkeep_seats
    card = MARRIAGE_BY_ID[state.upkeep_card]
    out: list[Reward] = []
    if card.princess:
        out.append(Reward(winner, RewardKind.PRINCESS, reason=card.id))
    else:
        out.append(Reward(winner, RewardKind.POINTS, card.points, reason=card.id))
        if card.renown:
            out.append(Reward(winner, RewardKind.RENOWN, card.renown))
        if card.town_region:
            out.append(Reward(winner, RewardKind.TOWN, region=card.town_region, reason=card.id))
    n = state.players_count
    for i in range(1, n):
        seat = (winner + i) % n
        space = state.track[state.players[seat].track]
        if space.reward is TrackReward.COIN:
            out.append(Reward(seat, RewardKind.COINS, space.amount))
        elif space.reward is TrackReward.RENOWN:
            out.append(Reward(seat, RewardKind.RENOWN, space.amount))
        elif space.reward is TrackReward.TOWN:
            out.append(Reward(seat, RewardKind.TOWN, reason="marriage-track"))
    return tuple(out)


def casualties(state: State) -> tuple[tuple[int, int], ...]:
    """§4.2.1: (loser, chooser) for each seat with the fewest raiders, clockwise from the
    marker; the single seat with the most raiders chooses, otherwise each loser."""
    if state.upkeep is not UpkeepStep.BATTLE or state.battlefield <= 0:
        return ()
    n = state.players_count
    raiders = [p.raiders for p in state.players]
    fewest, most = min(raiders), max(raiders)
    top = [i for i, r in enumerate(raiders) if r == most]
    out = []
    for i in range(n):
        seat = (state.marker + i) % n
        if raiders[seat] == fewest:
            out.append((seat, top[0] if len(top) == 1 else seat))
    return tuple(out)


def _monasteries(state: State) -> tuple[int, ...]:
    if state.upkeep in (UpkeepStep.CHURCH_MAJORITY, UpkeepStep.CHURCH_THRESHOLD):
        return state.upkeep_seats
    return ()


def _items(state: State) -> int:
    return len(rewards(state)) + len(casualties(state)) + len(_monasteries(state))


def _town_choice(state: State) -> tuple[DecisionKind, int, tuple[int, ...], str] | None:
    """The current item's town choice: (kind, chooser, towns, about), or ``None``."""
    if state.done >= _items(state):
        return None
    if state.upkeep is UpkeepStep.MARRIAGE:
        r = rewards(state)[state.done]
        if r.kind is RewardKind.TOWN:
            return DecisionKind.PLACE_TOWN, r.seat, empty_towns(state, r.region), r.reason
        return None
    if state.upkeep is UpkeepStep.BATTLE:
        loser, chooser = casualties(state)[state.done]
        return DecisionKind.CASUALTY, chooser, controlled_towns(state, loser), str(loser)
    seat = _monasteries(state)[state.done]
    return DecisionKind.MONASTERY, seat, monastery_towns(state, seat), ""


def decision(state: State) -> Decision | None:
    """The choice the upkeep waits for now, or ``None``."""
    if state.upkeep is UpkeepStep.MARRIAGE and state.done < _items(state):
        r = rewards(state)[state.done]
        if r.kind is RewardKind.PRINCESS:
            return Decision(r.seat, DecisionKind.PRINCESS, card=PRINCESS.id)
    choice = _town_choice(state)
    if choice is None or len(choice[2]) <= 1:
        return None
    kind, seat, towns, about = choice
    return Decision(seat, kind, options=towns, about=about)


def town_event(state: State, town: int | None) -> ev.Event:
    """The current item's event with ``town`` chosen (``None``: no town possible)."""
    if state.upkeep is UpkeepStep.MARRIAGE:
        r = rewards(state)[state.done]
        return ev.TownPlaced(r.seat, town, r.reason)
    if state.upkeep is UpkeepStep.BATTLE:
        loser, chooser = casualties(state)[state.done]
        return ev.TownLostToVikings(loser, town, chooser)
    seat = _monasteries(state)[state.done]
    threshold = state.upkeep is UpkeepStep.CHURCH_THRESHOLD
    returned = state.players[seat].church if (threshold and town is not None) else 0
    return ev.MonasteryPlaced(seat, town, returned)


def _automatic(state: State) -> ev.Event:
    if state.upkeep is UpkeepStep.MARRIAGE:
        r = rewards(state)[state.done]
        if r.kind is RewardKind.POINTS:
            return ev.PointsScored(r.seat, r.amount, r.reason)
        if r.kind is RewardKind.RENOWN:
            return ev.RenownGained(r.seat, r.amount)
        if r.kind is RewardKind.COINS:
            return ev.CoinsGained(r.seat, r.amount)
    choice = _town_choice(state)
    towns = choice[2] if choice else ()
    return town_event(state, towns[0] if towns else None)


def _finish(log: Log, step: UpkeepStep) -> bool:
    """Run the items of ``step`` (if it is under way) until one asks a choice (``False``)."""
    while log.state.upkeep is step and log.state.done < _items(log.state):
        if decision(log.state) is not None:
            return False
        log.emit(_automatic(log.state))
    return True


def _marriage(log: Log) -> None:
    """§4.1: the highest disc wins the card; all on the start: the card is discarded."""
    s = log.state
    if s.marriage_card is None:
        return
    tracks = [p.track for p in s.players]
    best = max(tracks)
    if best == 0:
        log.emit(ev.MarriageCardDiscarded(s.marriage_card))
    else:
        log.emit(ev.MarriageWon(tracks.index(best), s.marriage_card))


def _spoils(log: Log) -> None:
    """§4.2.3: the single leader gains 1 renown, 1 point per renown and returns every raider;
    then every seat with the most raiders left gains 1 point and returns 1."""
    raiders = [p.raiders for p in log.state.players]
    most = max(raiders)
    if most > 0 and raiders.count(most) == 1:
        seat = raiders.index(most)
        p = log.state.players[seat]
        log.emit(ev.SpoilsAwarded(seat, 1, p.renown + 1, p.raiders))
    raiders = [p.raiders for p in log.state.players]
    most = max(raiders)
    if most > 0:
        for seat, r in enumerate(raiders):
            if r == most:
                log.emit(ev.SpoilsAwarded(seat, 0, 1, 1))


def _church(log: Log) -> None:
    """§4.3.1: a single leader takes a monastery, the marker and returns all discs."""
    church = [p.church for p in log.state.players]
    best = max(church)
    if best > 0 and church.count(best) == 1:
        log.emit(ev.ChurchMajorityWon(church.index(best), best))


def _recount_and_threshold(log: Log) -> None:
    """§4.3.2: every seat now with the most discs gains 1 point and returns 1 disc; §4.3.3,
    after that recount: each seat with 4 or more discs, clockwise from the marker."""
    church = [p.church for p in log.state.players]
    best = max(church)
    if best > 0:
        log.emit(ev.ChurchRecounted(tuple(i for i, c in enumerate(church) if c == best)))
    s = log.state
    n = s.players_count
    order = [(s.marker + i) % n for i in range(n)]
    seats = tuple(i for i in order if s.players[i].church >= MONASTERY_THRESHOLD)
    if seats:
        log.emit(ev.ChurchThresholdChecked(seats))


def marriage(log: Log) -> bool:
    """§4.1 step; ``False`` when it waits for a choice."""
    if log.state.upkeep is None:
        _marriage(log)
    return _finish(log, UpkeepStep.MARRIAGE)


def battle(log: Log) -> bool:
    """§4.2: casualties (when raiders remain), the battlefield cleared, then spoils."""
    if log.state.upkeep is not UpkeepStep.BATTLE:
        log.emit(ev.BattleBegan(log.state.battlefield))
    if not _finish(log, UpkeepStep.BATTLE):
        return False
    if log.state.battlefield > 0:
        log.emit(ev.BattlefieldCleared(log.state.battlefield))
    _spoils(log)
    return True


def church(log: Log) -> bool:
    """§4.3: majority and its monastery, recount, then the 4-disc monasteries."""
    if log.state.upkeep not in (UpkeepStep.CHURCH_MAJORITY, UpkeepStep.CHURCH_THRESHOLD):
        _church(log)
    if not _finish(log, UpkeepStep.CHURCH_MAJORITY):
        return False
    if log.state.upkeep is not UpkeepStep.CHURCH_THRESHOLD:
        _recount_and_threshold(log)
    return _finish(log, UpkeepStep.CHURCH_THRESHOLD)


def claim(log: Log) -> None:
    """§4.4: flip the tokens that reached their threshold; majorities take tokens."""
    flipped, moves = claim_regions(log.state)
    log.emit(ev.RegionsClaimed(flipped, moves))


def round_end(log: Log, chance: Chance) -> None:
    """§6: the game ends after the Princess's round; otherwise the next round begins."""
    s = log.state
    if s.final_round:
        scores, winners = final_scores(s)
        log.emit(ev.GameEnded(scores, winners, "the Princess of Denmark's round has ended"))
    else:
        log.emit(ev.RoundEnded(s.round))
        begin_round(log, chance)


_RESUME = {
    None: 0,
    UpkeepStep.MARRIAGE: 0,
    UpkeepStep.BATTLE: 1,
    UpkeepStep.CHURCH_MAJORITY: 2,
    UpkeepStep.CHURCH_THRESHOLD: 2,
}


def run(log: Log, chance: Chance) -> bool:
    """Run the upkeep from the step under way until a choice is needed (``False``) or the
    round is over (``True``)."""
    for step in (marriage, battle, church)[_RESUME[log.state.upkeep] :]:
        if not step(log):
            return False
    claim(log)
    round_end(log, chance)
    return True

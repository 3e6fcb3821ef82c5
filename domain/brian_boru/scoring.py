"""Region control, claim-region resolution and final scoring.

Sources: ../shared/games/brian-boru/rules-and-data.md §4.4 (claim regions), §6 (final scoring
and tie-breakers), §7 (Princess options), §10 (monasteries count 2 for thresholds and
majorities, never twice for the region-count table).

Rulings (NOTES.md): the Vikings are a side in every majority (§4.4.3) except that a *Military
support* holder counts every Viking-controlled town as their own, so then the Vikings have no
towns of their own; final scoring of a face-up token still on the board compares players only
and needs at least one town.
"""

from __future__ import annotations

from skald.domain.brian_boru.events import ClaimMove, FinalScore
from skald.domain.brian_boru.map import REGION_COUNT_POINTS, REGIONS, Region
from skald.domain.brian_boru.marriages import PrincessOption
from skald.domain.brian_boru.state import State


def threshold_and_value(state: State, region: Region) -> tuple[int, int]:
    """The region's printed threshold and value (Dubhlinn's from the ``dubhlinn`` option)."""
    if region.key == "dubhlinn":
        return state.dubhlinn
    return region.threshold, region.value


def _holder_of(state: State, option: PrincessOption) -> int | None:
    for seat, p in enumerate(state.players):
        if p.princess is option:
            return seat
    return None


def region_counts(state: State, towns: tuple[int, ...], military: bool = True) -> list[int]:
    """Weighted towns per side in a region: index = seat, last index = the Vikings."""
    n = state.players_count
    counts = [0] * (n + 1)
    ally = _holder_of(state, PrincessOption.MILITARY_SUPPORT) if military else None
    for t in towns:
        town = state.towns[t - 1]
        if town.owner is None:
            continue
        weight = 2 if town.monastery else 1
        if town.viking:
            counts[ally if ally is not None else n] += weight
        else:
            counts[town.owner] += weight
    return counts


def occupied_weight(state: State, towns: tuple[int, ...]) -> int:
    """§4.4.1: towns with any disc (Viking-controlled included), a monastery counting 2."""
    total = 0
    for t in towns:
        town = state.towns[t - 1]
        if town.owner is not None:
            total += 2 if town.monastery else 1
    return total


def claim_regions(state: State) -> tuple[tuple[str, ...], tuple[ClaimMove, ...]]:
    """§4.4: the tokens to flip and the tokens that change hands (``None``: the board)."""
    flipped: list[str] = []
    moves: list[ClaimMove] = []
    n = state.players_count
    for region, claim in zip(REGIONS, state.claims, strict=True):
        face_up = claim.face_up
        threshold, _ = threshold_and_value(state, region)
        if not face_up and occupied_weight(state, region.towns) >= threshold:
            flipped.append(region.key)
            face_up = True
        if not face_up:
            continue
        counts = region_counts(state, region.towns)
        best = max(counts)
        leaders = [i for i, c in enumerate(counts) if c == best]
        if best <= 0 or len(leaders) != 1:
            continue  # a tie: the token stays where it is
        new = leaders[0] if leaders[0] < n else None
        if new != claim.holder:
            moves.append(ClaimMove(region.key, claim.holder, new))
    return tuple(flipped), tuple(moves)


def regions_with_town(state: State, seat: int) -> int:
    """§6 region-count table: regions where ``seat`` controls a town (Establish trade: every
    Viking-controlled town counts as theirs)."""
    trade = state.players[seat].princess is PrincessOption.ESTABLISH_TRADE
    count = 0
    for region in REGIONS:
        for t in region.towns:
            town = state.towns[t - 1]
            if town.owner is None:
                continue
            if (town.viking and trade) or (not town.viking and town.owner == seat):
                count += 1
                break
    return count


def final_scores(state: State) -> tuple[tuple[FinalScore, ...], tuple[int, ...]]:
    """§6: the score breakdown per seat and the winners after the tie-breakers."""
    n = state.players_count
    coins = [p.coins for p in state.players]
    most = max(coins)
    coin_leaders = [i for i, c in enumerate(coins) if c == most]
    board_points = [0] * n
    held_points = [0] * n
    held_count = [0] * n
    for region, claim in zip(REGIONS, state.claims, strict=True):
        if not claim.face_up:
            continue
        _, value = threshold_and_value(state, region)
        if claim.holder is not None:
            held_points[claim.holder] += value
            held_count[claim.holder] += 1
            continue
        counts = region_counts(state, region.towns)[:n]
        best = max(counts)
        if best > 0:
            for seat, c in enumerate(counts):
                if c == best:
                    board_points[seat] += value // 2
    scores: list[FinalScore] = []
    for seat, p in enumerate(state.players):
        most_coins = 1 if len(coin_leaders) == 1 and coin_leaders[0] == seat else 0
        marker = 1 if state.marker == seat else 0
        regions = REGION_COUNT_POINTS[regions_with_town(state, seat)]
        total = (
            p.points
            + most_coins
            + marker
            + p.renown
            + held_points[seat]
            + board_points[seat]
            + regions
        )
        scores.append(
            FinalScore(
                seat=seat,
                track_points=p.points,
                most_coins=most_coins,
                marker=marker,
                renown=p.renown,
                claims_held=held_points[seat],
                claims_board=board_points[seat],
                regions=regions,
                total=total,
            )
        )
    ranking = [(f.total, held_count[f.seat], len(state.players[f.seat].marriages)) for f in scores]
    best_key = max(ranking)
    winners = tuple(seat for seat, key in enumerate(ranking) if key == best_key)
    return tuple(scores), winners

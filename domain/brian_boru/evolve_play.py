"""``evolve`` for setup, the draft and the tricks (one handler per event)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.edits import with_player, with_town, without
from skald.domain.brian_boru.map import REGION_KEYS, TOWN_COUNT
from skald.domain.brian_boru.state import (
    Acting,
    ClaimState,
    Phase,
    PlayedCard,
    PlayerState,
    State,
    TownState,
    side_symbols,
)
from skald.domain.kernel.fast import replace


def _game_started(s: State, e: ev.GameStarted) -> State:
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
        dubhlinn=(e.dubhlinn_threshold, e.dubhlinn_value),
        road_31_43=e.road_31_43,
        track=e.marriage_track,
    )


def _marriage_deck(s: State, e: ev.MarriageDeckBuilt) -> State:
    return replace(s, marriage_deck=e.deck, marriage_removed=e.removed)


def _viking_deck(s: State, e: ev.VikingDeckShuffled) -> State:
    return replace(s, viking_deck=e.order)


def _starting_town(s: State, e: ev.StartingTownPlaced) -> State:
    return replace(
        s, towns=with_town(s, e.town, owner=e.seat), start_placements=s.start_placements + 1
    )


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
    players = with_player(s, e.seat, hand=e.cards, pile=(), seen=frozenset(e.cards), kept=False)
    return replace(s, players=players, phase=Phase.DRAFT, set_aside=without(s.set_aside, e.cards))


def _kept(s: State, e: ev.CardsKept) -> State:
    p = s.players[e.seat]
    return replace(
        s,
        players=with_player(
            s, e.seat, hand=without(p.hand, e.cards), pile=p.pile + e.cards, kept=True
        ),
    )


def _passed(s: State, e: ev.CardsPassed) -> State:
    giver = s.players[e.seat]
    s = replace(s, players=with_player(s, e.seat, hand=without(giver.hand, e.cards)))
    taker = s.players[e.to_seat]
    return replace(
        s,
        players=with_player(
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
        players=with_player(s, e.seat, hand=without(p.hand, (e.card,))),
        trick=(*s.trick, PlayedCard(e.seat, e.card)),
    )


def _trick_won(s: State, e: ev.TrickWon) -> State:
    return replace(s, trick_winner=e.seat, phase=Phase.RESOLVE, acting=None, done=0)


def _action_chosen(s: State, e: ev.ActionChosen) -> State:
    acting = Acting(e.seat, e.card, e.side, side_symbols(s.card5_coins, e.card, e.side))
    return replace(s, acting=acting, done=0)


def _town_taken(s: State, e: ev.ActiveTownTaken) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    if e.town is None:
        return replace(s, marker=e.seat, done=done)
    return replace(s, marker=e.seat, towns=with_town(s, e.town, owner=e.seat), done=done)


def _coins_gained(s: State, e: ev.CoinsGained) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    return replace(
        s, players=with_player(s, e.seat, coins=s.players[e.seat].coins + e.amount), done=done
    )


def _coin_paid(s: State, e: ev.CoinPaid) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = s.players[e.seat]
    return replace(
        s,
        players=with_player(s, e.seat, coins=p.coins - e.coins, points=p.points - e.points),
        done=done,
    )


def _renown(s: State, e: ev.RenownGained) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    return replace(
        s, players=with_player(s, e.seat, renown=s.players[e.seat].renown + e.amount), done=done
    )


def _church(s: State, e: ev.ChurchDiscsPlaced) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = s.players[e.seat]
    return replace(
        s,
        players=with_player(s, e.seat, church=p.church + e.base + e.extra, coins=p.coins - e.paid),
        done=done,
    )


def _raiders(s: State, e: ev.RaidersTaken) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = s.players[e.seat]
    n = e.base + e.extra
    return replace(
        s,
        players=with_player(s, e.seat, raiders=p.raiders + n, coins=p.coins - e.paid),
        battlefield=s.battlefield - n,
        done=done,
    )


def _marriage_advanced(s: State, e: ev.MarriageAdvanced) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = s.players[e.seat]
    return replace(
        s, players=with_player(s, e.seat, track=e.to_space, coins=p.coins - e.paid), done=done
    )


def _expanded(s: State, e: ev.TownExpanded) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    if e.town is None:
        return replace(s, done=done)
    p = s.players[e.seat]
    return replace(
        s,
        towns=with_town(s, e.town, owner=e.seat),
        players=with_player(s, e.seat, coins=p.coins - e.paid),
        done=done,
    )


def _freed(s: State, e: ev.VikingFreed) -> State:
    done = s.done + 1  # the item it finishes, set with its change (one copy of the state)
    if e.town is None:
        return replace(s, done=done)
    return replace(s, towns=with_town(s, e.town, viking=False), done=done)


def _trick_ended(s: State, e: ev.TrickEnded) -> State:
    return replace(
        s,
        trick=(),
        discards=s.discards + len(s.trick),
        trick_no=s.trick_no + 1,
        active_town=None,
        trick_winner=None,
        acting=None,
        done=0,
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


HANDLERS: dict[type, Callable[[State, Any], State]] = {
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
}

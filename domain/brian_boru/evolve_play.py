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


def _game_started(state: State, event: ev.GameStarted) -> State:
    return State(
        players_count=event.players,
        phase=Phase.START_TOWNS,
        start_seat=event.start_seat,
        marker=event.start_seat,
        players=tuple(PlayerState() for _ in range(event.players)),
        towns=tuple(TownState() for _ in range(TOWN_COUNT)),
        claims=tuple(ClaimState() for _ in REGION_KEYS),
        viking_strengths=event.viking_strengths,
        card5_coins=event.card5_coins,
        dubhlinn=(event.dubhlinn_threshold, event.dubhlinn_value),
        road_31_43=event.road_31_43,
        track=event.marriage_track,
    )


def _marriage_deck(state: State, event: ev.MarriageDeckBuilt) -> State:
    return replace(state, marriage_deck=event.deck, marriage_removed=event.removed)


def _viking_deck(state: State, event: ev.VikingDeckShuffled) -> State:
    return replace(state, viking_deck=event.order)


def _starting_town(state: State, event: ev.StartingTownPlaced) -> State:
    return replace(
        state,
        towns=with_town(state, event.town, owner=event.seat),
        start_placements=state.start_placements + 1,
    )


def _round_began(state: State, event: ev.RoundBegan) -> State:
    return replace(state, round=event.round, trick_no=0, active_town=None, trick=(), discards=0)


def _vikings_attacked(state: State, event: ev.VikingsAttacked) -> State:
    return replace(
        state, viking_deck=state.viking_deck[1:], battlefield=state.battlefield + event.strength
    )


def _marriage_revealed(state: State, event: ev.MarriageCardRevealed) -> State:
    return replace(
        state,
        marriage_card=event.card,
        marriage_deck=state.marriage_deck[1:],
        final_round=event.final_round,
    )


def _shuffled(state: State, event: ev.ActionCardsShuffled) -> State:
    return replace(state, deck_order=event.order, set_aside=event.order)


def _dealt(state: State, event: ev.CardsDealt) -> State:
    players = with_player(
        state, event.seat, hand=event.cards, pile=(), seen=frozenset(event.cards), kept=False
    )
    return replace(
        state, players=players, phase=Phase.DRAFT, set_aside=without(state.set_aside, event.cards)
    )


def _kept(state: State, event: ev.CardsKept) -> State:
    p = state.players[event.seat]
    return replace(
        state,
        players=with_player(
            state,
            event.seat,
            hand=without(p.hand, event.cards),
            pile=p.pile + event.cards,
            kept=True,
        ),
    )


def _passed(state: State, event: ev.CardsPassed) -> State:
    giver = state.players[event.seat]
    state = replace(
        state, players=with_player(state, event.seat, hand=without(giver.hand, event.cards))
    )
    taker = state.players[event.to_seat]
    return replace(
        state,
        players=with_player(
            state,
            event.to_seat,
            hand=taker.hand + event.cards,
            seen=taker.seen | set(event.cards),
            kept=False,
        ),
    )


def _draft_ended(state: State, event: ev.DraftEnded) -> State:
    players = tuple(replace(p, hand=p.pile, pile=(), kept=False) for p in state.players)
    return replace(state, players=players, phase=Phase.LEAD, trick_no=0)


def _active_town(state: State, event: ev.ActiveTownChosen) -> State:
    return replace(state, active_town=event.town, phase=Phase.PLAY, trick=())


def _card_played(state: State, event: ev.CardPlayed) -> State:
    p = state.players[event.seat]
    return replace(
        state,
        players=with_player(state, event.seat, hand=without(p.hand, (event.card,))),
        trick=(*state.trick, PlayedCard(event.seat, event.card)),
    )


def _trick_won(state: State, event: ev.TrickWon) -> State:
    return replace(state, trick_winner=event.seat, phase=Phase.RESOLVE, acting=None, done=0)


def _action_chosen(state: State, event: ev.ActionChosen) -> State:
    acting = Acting(
        event.seat, event.card, event.side, side_symbols(state.card5_coins, event.card, event.side)
    )
    return replace(state, acting=acting, done=0)


def _town_taken(state: State, event: ev.ActiveTownTaken) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    if event.town is None:
        return replace(state, marker=event.seat, done=done)
    return replace(
        state, marker=event.seat, towns=with_town(state, event.town, owner=event.seat), done=done
    )


def _coins_gained(state: State, event: ev.CoinsGained) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    return replace(
        state,
        players=with_player(
            state, event.seat, coins=state.players[event.seat].coins + event.amount
        ),
        done=done,
    )


def _coin_paid(state: State, event: ev.CoinPaid) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = state.players[event.seat]
    return replace(
        state,
        players=with_player(
            state, event.seat, coins=p.coins - event.coins, points=p.points - event.points
        ),
        done=done,
    )


def _renown(state: State, event: ev.RenownGained) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    return replace(
        state,
        players=with_player(
            state, event.seat, renown=state.players[event.seat].renown + event.amount
        ),
        done=done,
    )


def _church(state: State, event: ev.ChurchDiscsPlaced) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = state.players[event.seat]
    return replace(
        state,
        players=with_player(
            state,
            event.seat,
            church=p.church + event.base + event.extra,
            coins=p.coins - event.paid,
        ),
        done=done,
    )


def _raiders(state: State, event: ev.RaidersTaken) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = state.players[event.seat]
    n = event.base + event.extra
    return replace(
        state,
        players=with_player(state, event.seat, raiders=p.raiders + n, coins=p.coins - event.paid),
        battlefield=state.battlefield - n,
        done=done,
    )


def _marriage_advanced(state: State, event: ev.MarriageAdvanced) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    p = state.players[event.seat]
    return replace(
        state,
        players=with_player(state, event.seat, track=event.to_space, coins=p.coins - event.paid),
        done=done,
    )


def _expanded(state: State, event: ev.TownExpanded) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    if event.town is None:
        return replace(state, done=done)
    p = state.players[event.seat]
    return replace(
        state,
        towns=with_town(state, event.town, owner=event.seat),
        players=with_player(state, event.seat, coins=p.coins - event.paid),
        done=done,
    )


def _freed(state: State, event: ev.VikingFreed) -> State:
    done = state.done + 1  # the item it finishes, set with its change (one copy of the state)
    if event.town is None:
        return replace(state, done=done)
    return replace(state, towns=with_town(state, event.town, viking=False), done=done)


def _trick_ended(state: State, event: ev.TrickEnded) -> State:
    return replace(
        state,
        trick=(),
        discards=state.discards + len(state.trick),
        trick_no=state.trick_no + 1,
        active_town=None,
        trick_winner=None,
        acting=None,
        done=0,
        phase=Phase.LEAD,
    )


def _action_phase_ended(state: State, event: ev.ActionPhaseEnded) -> State:
    left = frozenset(state.set_aside).union(*(p.hand for p in state.players))
    players = tuple(
        replace(p, hand=(), unseen_past=p.unseen_past | (left - p.seen)) for p in state.players
    )
    discarded = sum(len(p.hand) for p in state.players)
    return replace(
        state,
        players=players,
        discards=state.discards + discarded,
        phase=Phase.UPKEEP,
        hidden_past=state.hidden_past | left,
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

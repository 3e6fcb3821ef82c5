"""``evolve(state, event) -> state``: applies one recorded event; never validates, never fails."""

from __future__ import annotations

from functools import singledispatch

from skald.domain.kernel.fast import replace
from skald.domain.red_north import events as ev
from skald.domain.red_north.components import Kind, Token, god_card, kind_of
from skald.domain.red_north.state import MusterGroup, Outpost, PartyCard, Phase, Player, State


def _remove(cards: tuple[str, ...], gone: tuple[str, ...]) -> tuple[str, ...]:
    drop = set(gone)
    return tuple(c for c in cards if c not in drop)


def _insert(party: tuple[PartyCard, ...], position: int, card: PartyCard) -> tuple[PartyCard, ...]:
    return (*party[:position], card, *party[position:])


def _set_card(state: State, seat: int, position: int, card: PartyCard) -> State:
    p = state.players[seat]
    party = list(p.party)
    party[position] = card
    return state.with_player(seat, replace(p, party=tuple(party)))


@singledispatch
def evolve(event: object, state: State) -> State:  # pragma: no cover - unknown events
    return state


_REGISTERED = evolve.registry
"""Handlers by event type (live: filled by the ``register`` calls below)."""


def apply(state: State, event: object) -> State:
    """The kernel's ``evolve(state, event)`` argument order. Every event type is registered
    itself, so its handler is looked up directly (what ``singledispatch`` finds first, without
    its dispatch cache's weak-reference lookup on every event)."""
    handler = _REGISTERED.get(type(event))
    if handler is None:
        return evolve(event, state)
    return handler(event, state)


@evolve.register
def _(event: ev.GameStarted, state: State) -> State:
    outposts = tuple(
        Outpost(c, p) for c, p in zip(event.outposts, event.outpost_raid_points, strict=True)
    )
    players = tuple(replace(p, glory=event.starting_glory) for p in state.players)
    return replace(state, outposts=outposts, players=players)


@evolve.register
def _(event: ev.JarlsRemoved, state: State) -> State:
    return replace(state, removed=state.removed + event.cards)


@evolve.register
def _(event: ev.JarlGiven, state: State) -> State:
    p = state.players[event.seat]
    return state.with_player(event.seat, replace(p, hand=(*p.hand, event.card)))


@evolve.register
def _(event: ev.DeckShuffled, state: State) -> State:
    return replace(state, deck=event.order)


@evolve.register
def _(event: ev.DiscardShuffledIntoDeck, state: State) -> State:
    return replace(state, deck=state.deck + event.order, discard=())


@evolve.register
def _(event: ev.CardsDrawn, state: State) -> State:
    p = state.players[event.seat]
    state = replace(state, deck=state.deck[len(event.cards) :])
    return state.with_player(event.seat, replace(p, hand=p.hand + event.cards))


@evolve.register
def _(event: ev.TokenPassed, state: State) -> State:
    if event.token is Token.FIRST_PLAYER:
        return replace(state, first_player=event.seat)
    if event.token is Token.TIE_BREAKER:
        return replace(state, tie_breaker=event.seat)
    # Champion: taken from wherever it is, including a Jarl in a Party.
    players = tuple(
        replace(p, party=tuple(replace(pc, champion=False) for pc in p.party))
        if any(pc.champion for pc in p.party)
        else p
        for p in state.players
    )
    return replace(state, champion=event.seat, players=players)


@evolve.register
def _(event: ev.MusterGroupFormed, state: State) -> State:
    return replace(
        state,
        deck=state.deck[len(event.cards) :],
        muster=(*state.muster, MusterGroup(event.leader, event.cards)),
    )


@evolve.register
def _(event: ev.GodsSelected, state: State) -> State:
    return replace(state, removed=state.removed + event.removed)


@evolve.register
def _(event: ev.RoundStarted, state: State) -> State:
    players = tuple(replace(p, deployed=False, passed=False) for p in state.players)
    return replace(
        state,
        round=event.round,
        phase=Phase.DEPLOYMENT,
        players=players,
        current=None,
        pending_powers=(),
    )


@evolve.register
def _(event: ev.PartyDeployed, state: State) -> State:
    p = state.players[event.seat]
    party = tuple(PartyCard(c, face_up=False) for c in event.cards)
    return state.with_player(
        event.seat, replace(p, hand=_remove(p.hand, event.cards), party=party, deployed=True)
    )


@evolve.register
def _(event: ev.OutpostPowersOffered, state: State) -> State:
    return replace(state, phase=Phase.OUTPOST_POWERS, pending_powers=event.colours)


@evolve.register
def _(event: ev.OutpostPowerClosed, state: State) -> State:
    return replace(
        state, pending_powers=tuple(c for c in state.pending_powers if c is not event.colour)
    )


@evolve.register
def _(event: ev.CardTakenFromDiscard, state: State) -> State:
    p = state.players[event.seat]
    party = _insert(p.party, event.position, PartyCard(event.card, face_up=True))
    state = replace(state, discard=_remove(state.discard, (event.card,)))
    return state.with_player(event.seat, replace(p, party=party))


@evolve.register
def _(event: ev.TurnStarted, state: State) -> State:
    return replace(state, phase=Phase.ACTIONS, current=event.seat, pending_powers=())


@evolve.register
def _(event: ev.CardWithdrawn, state: State) -> State:
    """Glory on a withdrawn card (only Loki can put it there) returns to the general supply."""
    p = state.players[event.seat]
    party = p.party[: event.position] + p.party[event.position + 1 :]
    return state.with_player(event.seat, replace(p, party=party, hand=(*p.hand, event.card)))


@evolve.register
def _(event: ev.CardRevealed, state: State) -> State:
    pc = state.players[event.seat].party[event.position]
    return _set_card(state, event.seat, event.position, replace(pc, card=event.card, face_up=True))


@evolve.register
def _(event: ev.CardAdded, state: State) -> State:
    p = state.players[event.seat]
    party = _insert(p.party, event.position, PartyCard(event.card, face_up=True))
    return state.with_player(
        event.seat, replace(p, party=party, hand=_remove(p.hand, (event.card,)))
    )


@evolve.register
def _(event: ev.GloryPlaced, state: State) -> State:
    p = state.players[event.seat]
    if not event.from_supply:
        state = state.with_player(event.seat, replace(p, glory=p.glory - 1))
    pc = state.players[event.seat].party[event.position]
    return _set_card(state, event.seat, event.position, replace(pc, glory=pc.glory + 1))


@evolve.register
def _(event: ev.ChampionPlaced, state: State) -> State:
    pc = state.players[event.seat].party[event.position]
    state = replace(state, champion=None)
    return _set_card(state, event.seat, event.position, replace(pc, champion=True))


@evolve.register
def _(event: ev.GodInvoked, state: State) -> State:
    p = state.players[event.seat]
    card = god_card(event.god)
    state = replace(state, removed=(*state.removed, card))
    return state.with_player(event.seat, replace(p, gods=_remove(p.gods, (card,)), invoked=True))


@evolve.register
def _(event: ev.HeroRetrieved, state: State) -> State:
    p = state.players[event.seat]
    state = replace(state, set_aside=_remove(state.set_aside, (event.card,)))
    return state.with_player(event.seat, replace(p, hand=(*p.hand, event.card)))


@evolve.register
def _(event: ev.VictoryPointsGained, state: State) -> State:
    p = state.players[event.seat]
    return state.with_player(event.seat, replace(p, vp=p.vp + event.points))


@evolve.register
def _(event: ev.FreyaCardDrawn, state: State) -> State:
    p = state.players[event.seat]
    state = replace(state, deck=state.deck[1:])
    return state.with_player(event.seat, replace(p, drawn=event.card))


@evolve.register
def _(event: ev.FreyaCardPlaced, state: State) -> State:
    p = state.players[event.seat]
    party = _insert(p.party, event.position, PartyCard(event.card, face_up=False))
    return state.with_player(event.seat, replace(p, party=party, drawn=None))


@evolve.register
def _(event: ev.GloryRetrieved, state: State) -> State:
    p = state.players[event.seat]
    party = tuple(replace(pc, glory=0) for pc in p.party)
    return state.with_player(event.seat, replace(p, party=party, glory=p.glory + event.count))


@evolve.register
def _(event: ev.Passed, state: State) -> State:
    p = state.players[event.seat]
    muster = tuple(g for g in state.muster if g.leader != event.group)
    gods = tuple(c for c in event.cards if kind_of(c) is Kind.GOD)
    hand = tuple(c for c in event.cards if kind_of(c) is not Kind.GOD)
    state = replace(state, muster=muster)
    return state.with_player(
        event.seat, replace(p, passed=True, hand=p.hand + hand, gods=p.gods + gods)
    )


@evolve.register
def _(event: ev.OutpostAwarded, state: State) -> State:
    outposts = tuple(
        replace(o, owner=event.seat) if o.colour is event.colour else o for o in state.outposts
    )
    state = replace(state, outposts=outposts)
    if event.seat is not None and event.vp:
        p = state.players[event.seat]
        state = state.with_player(event.seat, replace(p, vp=p.vp + event.vp))
    return state


@evolve.register
def _(event: ev.GloryGained, state: State) -> State:
    p = state.players[event.seat]
    return state.with_player(event.seat, replace(p, glory=p.glory + len(event.colours)))


@evolve.register
def _(event: ev.PartiesDiscarded, state: State) -> State:
    """Glory returns to the supply; a Champion token still on a Jarl (Rus not collected)
    returns to the player whose Party held it."""
    champion = state.champion
    players: list[Player] = []
    for seat, p in enumerate(state.players):
        if any(pc.champion for pc in p.party):
            champion = seat
        players.append(replace(p, party=()))
    return replace(
        state, players=tuple(players), discard=state.discard + event.cards, champion=champion
    )


@evolve.register
def _(event: ev.MusterGroupDiscarded, state: State) -> State:
    muster = tuple(g for g in state.muster if g.leader != event.leader)
    state = replace(state, muster=muster, discard=state.discard + event.cards)
    if kind_of(event.leader) is Kind.HERO:
        return replace(state, set_aside=(*state.set_aside, event.leader))
    return replace(state, removed=(*state.removed, event.leader))


@evolve.register
def _(event: ev.GameEnded, state: State) -> State:
    return replace(
        state,
        phase=Phase.OVER,
        current=None,
        scores=event.scores,
        winners=event.winners,
        end_reason=event.reason,
    )

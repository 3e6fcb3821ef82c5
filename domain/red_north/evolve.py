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
def _(e: ev.GameStarted, s: State) -> State:
    outposts = tuple(Outpost(c, p) for c, p in zip(e.outposts, e.outpost_raid_points, strict=True))
    players = tuple(replace(p, glory=e.starting_glory) for p in s.players)
    return replace(s, outposts=outposts, players=players)


@evolve.register
def _(e: ev.JarlsRemoved, s: State) -> State:
    return replace(s, removed=s.removed + e.cards)


@evolve.register
def _(e: ev.JarlGiven, s: State) -> State:
    p = s.players[e.seat]
    return s.with_player(e.seat, replace(p, hand=(*p.hand, e.card)))


@evolve.register
def _(e: ev.DeckShuffled, s: State) -> State:
    return replace(s, deck=e.order)


@evolve.register
def _(e: ev.DiscardShuffledIntoDeck, s: State) -> State:
    return replace(s, deck=s.deck + e.order, discard=())


@evolve.register
def _(e: ev.CardsDrawn, s: State) -> State:
    p = s.players[e.seat]
    s = replace(s, deck=s.deck[len(e.cards) :])
    return s.with_player(e.seat, replace(p, hand=p.hand + e.cards))


@evolve.register
def _(e: ev.TokenPassed, s: State) -> State:
    if e.token is Token.FIRST_PLAYER:
        return replace(s, first_player=e.seat)
    if e.token is Token.TIE_BREAKER:
        return replace(s, tie_breaker=e.seat)
    # Champion: taken from wherever it is, including a Jarl in a Party.
    players = tuple(
        replace(p, party=tuple(replace(pc, champion=False) for pc in p.party))
        if any(pc.champion for pc in p.party)
        else p
        for p in s.players
    )
    return replace(s, champion=e.seat, players=players)


@evolve.register
def _(e: ev.MusterGroupFormed, s: State) -> State:
    return replace(
        s, deck=s.deck[len(e.cards) :], muster=(*s.muster, MusterGroup(e.leader, e.cards))
    )


@evolve.register
def _(e: ev.GodsSelected, s: State) -> State:
    return replace(s, removed=s.removed + e.removed)


@evolve.register
def _(e: ev.RoundStarted, s: State) -> State:
    players = tuple(replace(p, deployed=False, passed=False) for p in s.players)
    return replace(
        s, round=e.round, phase=Phase.DEPLOYMENT, players=players, current=None, pending_powers=()
    )


@evolve.register
def _(e: ev.PartyDeployed, s: State) -> State:
    p = s.players[e.seat]
    party = tuple(PartyCard(c, face_up=False) for c in e.cards)
    return s.with_player(
        e.seat, replace(p, hand=_remove(p.hand, e.cards), party=party, deployed=True)
    )


@evolve.register
def _(e: ev.OutpostPowersOffered, s: State) -> State:
    return replace(s, phase=Phase.OUTPOST_POWERS, pending_powers=e.colours)


@evolve.register
def _(e: ev.OutpostPowerClosed, s: State) -> State:
    return replace(s, pending_powers=tuple(c for c in s.pending_powers if c is not e.colour))


@evolve.register
def _(e: ev.CardTakenFromDiscard, s: State) -> State:
    p = s.players[e.seat]
    party = _insert(p.party, e.position, PartyCard(e.card, face_up=True))
    s = replace(s, discard=_remove(s.discard, (e.card,)))
    return s.with_player(e.seat, replace(p, party=party))


@evolve.register
def _(e: ev.TurnStarted, s: State) -> State:
    return replace(s, phase=Phase.ACTIONS, current=e.seat, pending_powers=())


@evolve.register
def _(e: ev.CardWithdrawn, s: State) -> State:
    """Glory on a withdrawn card (only Loki can put it there) returns to the general supply."""
    p = s.players[e.seat]
    party = p.party[: e.position] + p.party[e.position + 1 :]
    return s.with_player(e.seat, replace(p, party=party, hand=(*p.hand, e.card)))


@evolve.register
def _(e: ev.CardRevealed, s: State) -> State:
    pc = s.players[e.seat].party[e.position]
    return _set_card(s, e.seat, e.position, replace(pc, card=e.card, face_up=True))


@evolve.register
def _(e: ev.CardAdded, s: State) -> State:
    p = s.players[e.seat]
    party = _insert(p.party, e.position, PartyCard(e.card, face_up=True))
    return s.with_player(e.seat, replace(p, party=party, hand=_remove(p.hand, (e.card,))))


@evolve.register
def _(e: ev.GloryPlaced, s: State) -> State:
    p = s.players[e.seat]
    if not e.from_supply:
        s = s.with_player(e.seat, replace(p, glory=p.glory - 1))
    pc = s.players[e.seat].party[e.position]
    return _set_card(s, e.seat, e.position, replace(pc, glory=pc.glory + 1))


@evolve.register
def _(e: ev.ChampionPlaced, s: State) -> State:
    pc = s.players[e.seat].party[e.position]
    s = replace(s, champion=None)
    return _set_card(s, e.seat, e.position, replace(pc, champion=True))


@evolve.register
def _(e: ev.GodInvoked, s: State) -> State:
    p = s.players[e.seat]
    card = god_card(e.god)
    s = replace(s, removed=(*s.removed, card))
    return s.with_player(e.seat, replace(p, gods=_remove(p.gods, (card,)), invoked=True))


@evolve.register
def _(e: ev.HeroRetrieved, s: State) -> State:
    p = s.players[e.seat]
    s = replace(s, set_aside=_remove(s.set_aside, (e.card,)))
    return s.with_player(e.seat, replace(p, hand=(*p.hand, e.card)))


@evolve.register
def _(e: ev.VictoryPointsGained, s: State) -> State:
    p = s.players[e.seat]
    return s.with_player(e.seat, replace(p, vp=p.vp + e.points))


@evolve.register
def _(e: ev.FreyaCardDrawn, s: State) -> State:
    p = s.players[e.seat]
    s = replace(s, deck=s.deck[1:])
    return s.with_player(e.seat, replace(p, drawn=e.card))


@evolve.register
def _(e: ev.FreyaCardPlaced, s: State) -> State:
    p = s.players[e.seat]
    party = _insert(p.party, e.position, PartyCard(e.card, face_up=False))
    return s.with_player(e.seat, replace(p, party=party, drawn=None))


@evolve.register
def _(e: ev.GloryRetrieved, s: State) -> State:
    p = s.players[e.seat]
    party = tuple(replace(pc, glory=0) for pc in p.party)
    return s.with_player(e.seat, replace(p, party=party, glory=p.glory + e.count))


@evolve.register
def _(e: ev.Passed, s: State) -> State:
    p = s.players[e.seat]
    muster = tuple(g for g in s.muster if g.leader != e.group)
    gods = tuple(c for c in e.cards if kind_of(c) is Kind.GOD)
    hand = tuple(c for c in e.cards if kind_of(c) is not Kind.GOD)
    s = replace(s, muster=muster)
    return s.with_player(e.seat, replace(p, passed=True, hand=p.hand + hand, gods=p.gods + gods))


@evolve.register
def _(e: ev.OutpostAwarded, s: State) -> State:
    outposts = tuple(replace(o, owner=e.seat) if o.colour is e.colour else o for o in s.outposts)
    s = replace(s, outposts=outposts)
    if e.seat is not None and e.vp:
        p = s.players[e.seat]
        s = s.with_player(e.seat, replace(p, vp=p.vp + e.vp))
    return s


@evolve.register
def _(e: ev.GloryGained, s: State) -> State:
    p = s.players[e.seat]
    return s.with_player(e.seat, replace(p, glory=p.glory + len(e.colours)))


@evolve.register
def _(e: ev.PartiesDiscarded, s: State) -> State:
    """Glory returns to the supply; a Champion token still on a Jarl (Rus not collected)
    returns to the player whose Party held it."""
    champion = s.champion
    players: list[Player] = []
    for seat, p in enumerate(s.players):
        if any(pc.champion for pc in p.party):
            champion = seat
        players.append(replace(p, party=()))
    return replace(s, players=tuple(players), discard=s.discard + e.cards, champion=champion)


@evolve.register
def _(e: ev.MusterGroupDiscarded, s: State) -> State:
    muster = tuple(g for g in s.muster if g.leader != e.leader)
    s = replace(s, muster=muster, discard=s.discard + e.cards)
    if kind_of(e.leader) is Kind.HERO:
        return replace(s, set_aside=(*s.set_aside, e.leader))
    return replace(s, removed=(*s.removed, e.leader))


@evolve.register
def _(e: ev.GameEnded, s: State) -> State:
    return replace(
        s, phase=Phase.OVER, current=None, scores=e.scores, winners=e.winners, end_reason=e.reason
    )

"""What a seat (or a spectator, ``None``) may see: ``view``, ``redact`` and ``public_command``.

Secret: the deck order (from everyone), removed Jarls, each hand (but its size), the
face-down cards of a Party and a card Freya drew (but to their owner). A secret card is
shown as ``"hidden"``.
Everything else is public: face-up cards, Muster Groups, the discard pile, tokens, VP, Glory.
"""

from __future__ import annotations

from dataclasses import dataclass

from skald.domain.kernel.fast import replace
from skald.domain.red_north import commands as cmd
from skald.domain.red_north import events as ev
from skald.domain.red_north.components import HIDDEN, Colour
from skald.domain.red_north.state import MusterGroup, Outpost, PartyCard, Phase, State


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    hand: tuple[str, ...]
    """The cards, for the viewer's own seat; otherwise ``hidden`` per card."""
    party: tuple[PartyCard, ...]
    glory: int
    vp: int
    gods: tuple[str, ...]
    invoked: bool
    deployed: bool
    passed: bool
    drawn: str | None
    """Freya's card awaiting placement: the card for its owner, ``hidden`` for others."""


@dataclass(frozen=True, slots=True)
class RedNorthView:
    viewer: int | None
    round: int
    phase: Phase
    to_act: tuple[int, ...]
    current: int | None
    first_player: int | None
    tie_breaker: int | None
    champion: int | None
    outposts: tuple[Outpost, ...]
    pending_powers: tuple[Colour, ...]
    players: tuple[PlayerView, ...]
    muster: tuple[MusterGroup, ...]
    deck_size: int
    discard: tuple[str, ...]
    set_aside: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]


def _hide(cards: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards)


def view(state: State, seat: int | None, to_act: frozenset[int]) -> RedNorthView:
    players = []
    for s, p in enumerate(state.players):
        own = s == seat
        party = tuple(pc if pc.face_up or own else replace(pc, card=HIDDEN) for pc in p.party)
        players.append(
            PlayerView(
                s,
                p.hand if own else _hide(p.hand),
                party,
                p.glory,
                p.vp,
                p.gods,
                p.invoked,
                p.deployed,
                p.passed,
                p.drawn if own or p.drawn is None else HIDDEN,
            )
        )
    return RedNorthView(
        viewer=seat,
        round=state.round,
        phase=state.phase,
        to_act=tuple(sorted(to_act)),
        current=state.current,
        first_player=state.first_player,
        tie_breaker=state.tie_breaker,
        champion=state.champion,
        outposts=state.outposts,
        pending_powers=state.pending_powers,
        players=tuple(players),
        muster=state.muster,
        deck_size=len(state.deck),
        discard=state.discard,
        set_aside=state.set_aside,
        scores=state.scores,
        winners=state.winners,
    )


def public_cards(event: ev.Event) -> frozenset[str]:
    """The card ids an event shows to everyone: those left in its spectator form."""
    shown = redact(event, None)
    out: set[str] = set()
    for name in shown.__slots__:
        value = getattr(shown, name)
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple):
            out.update(v for v in value if isinstance(v, str))
    out.discard(HIDDEN)
    return frozenset(out)


def secrets(state: State, seat: int | None) -> frozenset[str]:
    """Card ids ``seat`` (``None``: a spectator) may not know now: the deck, removed Jarls,
    other seats' hands and face-down Party cards, less every card ever shown to all."""
    hidden: set[str] = set(state.deck) | set(state.removed)
    for s, p in enumerate(state.players):
        if s == seat:
            continue
        hidden.update(p.hand)
        hidden.update(pc.card for pc in p.party if not pc.face_up)
        if p.drawn is not None:
            hidden.add(p.drawn)
    return frozenset(hidden.difference(state.public))


def redact(event: ev.Event, seat: int | None) -> ev.Event:
    """The form of ``event`` that ``seat`` may see (secret cards become ``hidden``)."""
    if isinstance(event, ev.DeckShuffled | ev.DiscardShuffledIntoDeck):
        return replace(event, order=_hide(event.order))
    if isinstance(event, ev.JarlsRemoved):
        return replace(event, cards=_hide(event.cards))
    if isinstance(
        event,
        ev.JarlGiven | ev.CardWithdrawn | ev.FreyaCardDrawn | ev.FreyaCardPlaced,
    ):
        return event if event.seat == seat else replace(event, card=HIDDEN)
    if isinstance(event, ev.CardsDrawn | ev.PartyDeployed):
        return event if event.seat == seat else replace(event, cards=_hide(event.cards))
    return event


def public_command(command: cmd.Command) -> cmd.Command:
    """The form of a seat's command the other seats and a spectator may read.

    Secret: ``Deploy.cards`` only — which cards went down face down, and in which slot
    (rulebook "Deployment": cards are placed face-down; ``PartyDeployed`` shows others
    ``hidden`` per card). Each becomes ``hidden``; how many went down stays (the view shows it).
    Even a card all saw taken from a Muster Group is hidden: naming it would place it in the
    Party (``domain/kernel/unseen.py``).

    Public, field by field, because the events that follow show it to all: ``Reinforce`` (the
    slot turned up, and the hand card added face-up at an end: ``CardAdded``),
    ``TakeFromDiscard`` (a card of the public discard pile, face-up), ``Withdraw``, ``Inspire``,
    ``Promote`` (Party slots, which the view shows), ``Invoke`` (the God is face-up; Loki's and
    Saga's slots, Hel's card from the discard pile and its slot), ``PlaceFreyaCard`` (the end;
    ``FreyaCardPlaced`` hides only the card, which the command does not name),
    ``GiveFirstPlayer``, ``DeclinePower`` and ``Pass`` (a face-up Muster Group)."""
    if isinstance(command, cmd.Deploy):
        return cmd.Deploy(_hide(command.cards))
    return command

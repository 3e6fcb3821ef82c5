"""What each seat may see: ``view``, ``redact``, ``secrets`` and ``public_command``.

The brief and §3.2: "a seat sees only its own hand and pile". Hidden: other seats' hands and
kept piles (only counts are shown), the set-aside card, the order of every shuffled deck (the
action cards each round, the Viking deck, the marriage deck) and the regular marriage cards
removed unseen at setup. Cards played to a trick, revealed Viking and marriage cards are public.
A seat that held a card during the draft knows that card; it never learns the set-aside card
or the cards it was never passed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from skald.domain.brian_boru import commands as cmd
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.decisions import Decision
from skald.domain.brian_boru.map import REGIONS
from skald.domain.brian_boru.marriages import PRINCESS
from skald.domain.brian_boru.scoring import region_counts, threshold_and_value
from skald.domain.brian_boru.state import Phase, State
from skald.domain.brian_boru.turns import awaited, to_act


@dataclass(frozen=True, slots=True)
class PlayerView:
    seat: int
    coins: int
    renown: int
    points: int
    raiders: int
    church_discs: int
    track_space: int
    marriages: tuple[str, ...]
    princess_option: str
    hand_count: int
    pile_count: int
    has_kept: bool


@dataclass(frozen=True, slots=True)
class TownView:
    town: int
    owner: int
    viking: bool
    monastery: bool


@dataclass(frozen=True, slots=True)
class ClaimView:
    region: str
    face_up: bool
    holder: int | None
    threshold: int = 0
    """The region's threshold and value as this game scores them (Dubhlinn's from the
    ``dubhlinn`` option: ``scoring.threshold_and_value``)."""
    value: int = 0
    towns: tuple[int, ...] = ()
    """Weighted towns per side as the claim rule counts them (``scoring.region_counts``: seat
    by seat, the Vikings last, a monastery 2, Military support's holder taking the Vikings')."""


@dataclass(frozen=True, slots=True)
class TrickCardView:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class BrianBoruView:
    seat: int | None
    phase: Phase
    round: int
    final_round: bool
    start_seat: int
    marker_holder: int
    active_town: int | None
    trick_number: int
    trick: tuple[TrickCardView, ...]
    battlefield: int
    marriage_card: str | None
    marriage_deck_count: int
    viking_deck_count: int
    discard_count: int
    players: tuple[PlayerView, ...]
    towns: tuple[TownView, ...]
    claims: tuple[ClaimView, ...]
    pending: Decision | None
    to_act: tuple[int, ...]
    hand: tuple[str, ...]
    pile: tuple[str, ...]
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    card5_coins: int = 3
    """Coins of action card 5's secondary action A in this game (option ``card5_coins``)."""


VIEWS: tuple[type, ...] = (
    BrianBoruView,
    PlayerView,
    TownView,
    ClaimView,
    TrickCardView,
    Decision,
)


def _towns(state: State) -> tuple[TownView, ...]:
    """Only towns with a disc (an empty town is implied by its absence)."""
    out = []
    for i, t in enumerate(state.towns):
        if t.owner is not None:
            out.append(TownView(i + 1, t.owner, t.viking, t.monastery))
    return tuple(out)


def view(state: State, seat: int | None) -> BrianBoruView:
    me = state.players[seat] if seat is not None and 0 <= seat < len(state.players) else None
    return BrianBoruView(
        seat=seat,
        phase=state.phase,
        round=state.round,
        final_round=state.final_round,
        start_seat=state.start_seat,
        marker_holder=state.marker,
        active_town=state.active_town,
        trick_number=state.trick_no,
        trick=tuple(TrickCardView(p.seat, p.card) for p in state.trick),
        battlefield=state.battlefield,
        marriage_card=state.marriage_card,
        marriage_deck_count=len(state.marriage_deck),
        viking_deck_count=len(state.viking_deck),
        discard_count=state.discards,
        players=tuple(
            PlayerView(
                seat=i,
                coins=p.coins,
                renown=p.renown,
                points=p.points,
                raiders=p.raiders,
                church_discs=p.church,
                track_space=p.track,
                marriages=p.marriages,
                princess_option=p.princess.value if p.princess else "",
                hand_count=len(p.hand),
                pile_count=len(p.pile),
                has_kept=p.kept,
            )
            for i, p in enumerate(state.players)
        ),
        towns=_towns(state),
        claims=tuple(
            ClaimView(
                region.key,
                c.face_up,
                c.holder,
                *threshold_and_value(state, region),
                tuple(region_counts(state, region.towns)),
            )
            # before setup (version 1, only the kernel's GameCreated) no claim exists yet
            for region, c in zip(REGIONS, state.claims, strict=bool(state.claims))
        ),
        pending=awaited(state),
        to_act=tuple(sorted(to_act(state))),
        hand=me.hand if me else (),
        pile=me.pile if me else (),
        scores=state.scores,
        winners=state.winners,
        card5_coins=state.card5_coins,
    )


def redact(event: ev.Event, seat: int | None) -> ev.Event:
    """The event as ``seat`` may see it: hidden card ids emptied, counts kept."""
    if isinstance(event, ev.MarriageDeckBuilt):
        return replace(event, deck=(), removed=())
    if isinstance(event, ev.VikingDeckShuffled | ev.ActionCardsShuffled):
        return replace(event, order=())
    if isinstance(event, ev.CardsDealt | ev.CardsKept):
        return event if event.seat == seat else replace(event, cards=())
    if isinstance(event, ev.CardsPassed):
        return event if seat in (event.seat, event.to_seat) else replace(event, cards=())
    return event


def public_command(command: cmd.Command) -> cmd.Command:
    """The form of a seat's command the other seats and a spectator may read.

    Secret: ``KeepCards.cards`` only — §3.2 keeps two cards face down, and ``CardsKept`` shows
    other seats no card (nor does the ``CardsPassed`` that follows: it names the rest to the
    seat passed to alone). Even a seat that passed those cards on earlier does not learn which
    two were kept. Each becomes ``hidden``; that two were kept is the rule (and ``has_kept``).

    Public, because the events that follow show them to all: ``PlayCard`` (§3.3.2: played face
    up to the trick), ``PlaceStartingTown``, ``ChooseActiveTown``, ``ChooseTown`` and ``Expand``
    (towns of the public map), ``ChooseSecondary``, ``BuyExtras`` and ``ChoosePrincessOption``."""
    if isinstance(command, cmd.KeepCards):
        return cmd.KeepCards((cmd.HIDDEN,) * len(command.cards))
    return command


def secrets(state: State, seat: int | None) -> frozenset[str]:
    """Ids whose identity or place ``seat`` (``None``: a spectator) may not know now."""
    out: set[str] = set(state.viking_deck)
    out.update(c for c in state.marriage_deck if c != PRINCESS.id)
    out.update(state.marriage_removed)
    if state.phase in (Phase.SETUP, Phase.START_TOWNS) or not state.players:
        return frozenset(out)
    if seat is None or not 0 <= seat < len(state.players):
        out.update(state.set_aside)
        out.update(state.hidden_past)
        for p in state.players:
            out.update(p.hand)
            out.update(p.pile)
        return frozenset(out)
    seen = state.players[seat].seen
    out.update(state.players[seat].unseen_past)
    out.update(c for c in state.set_aside if c not in seen)
    for i, p in enumerate(state.players):
        if i != seat:
            out.update(c for c in p.hand if c not in seen)
            out.update(c for c in p.pile if c not in seen)
    return frozenset(out)

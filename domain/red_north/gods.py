"""Invoke (rulebook "Invoke", "Gods"): only in Ragnarok, once per game, the God then leaves.

House rulings where the printed text is silent (RULINGS.md covers Saga and Hel's pile):

* Thor takes the Hero set aside from the unclaimed Spring group (there is exactly one).
* Loki places exactly 2 Glory on non-Jarl cards (the same card twice is allowed); with no
  non-Jarl card in the Party, it places none. The two positions are named in increasing
  order: the order of two identical placements is no choice, and one choice has one command.
* Freya and Tyr draw under the deck-exhaustion ruling; an empty deck and discard yield nothing.
* Freya: the card is drawn and looked at *before* its end is chosen (printed order: "draw …,
  look at it secretly, and place it"), so Invoke draws it and the same seat's
  ``PlaceFreyaCard`` places it, within the one action.
* Saga names one face-down card of *every* opponent who has one (and no other), in seat
  order (one command per choice, as for Loki).
* Hel names a Jarl or Raider of the discard pile and an insertion index ``0..len(party)``;
  it may name nothing only when the pile holds neither.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from skald.domain.kernel.chance import Chance
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import CODES, Invoke, SagaTarget
from skald.domain.red_north.components import (
    LOKI_GLORY,
    ODIN_VP,
    ROUNDS,
    TYR_DRAW,
    God,
    Kind,
    god_card,
    god_of,
    kind_of,
)
from skald.domain.red_north.flow import Log, draw_to_hand, top_cards
from skald.domain.red_north.state import State


def loki_targets(state: State, seat: int) -> tuple[int, ...]:
    return tuple(
        i for i, pc in enumerate(state.players[seat].party) if kind_of(pc.card) is not Kind.JARL
    )


def saga_victims(state: State, seat: int) -> tuple[int, ...]:
    return tuple(s for s, p in enumerate(state.players) if s != seat and p.face_down_positions())


def hel_cards(state: State) -> tuple[str, ...]:
    return tuple(c for c in state.discard if kind_of(c) in (Kind.JARL, Kind.RAIDER))


def check_invoke(state: State, seat: int, cmd: Invoke) -> None:
    """Raise :class:`IllegalMove` unless ``cmd`` is a legal Invoke for ``seat`` now."""
    p = state.players[seat]
    if state.round != ROUNDS:
        raise CODES.illegal("invoke-only-in-ragnarok", "Gods may only be invoked during Ragnarok")
    if p.invoked:
        raise CODES.illegal("invoke-once-per-game", "you have already invoked a God this game")
    if god_card(cmd.god) not in p.gods:
        raise CODES.illegal("invoke-god-not-controlled", f"you do not control {cmd.god.value}")
    used = {
        "positions": cmd.positions != (),
        "targets": cmd.targets != (),
        "card": cmd.card is not None,
        "position": cmd.position is not None,
    }
    allowed = {
        God.LOKI: {"positions"},
        God.SAGA: {"targets"},
        God.HEL: {"card", "position"},
    }.get(cmd.god, set())
    extra = sorted(k for k, v in used.items() if v and k not in allowed)
    if extra:
        raise CODES.illegal("invoke-fields", f"{cmd.god.value} takes no {', '.join(extra)}")
    party = p.party
    if cmd.god is God.LOKI:
        targets = loki_targets(state, seat)
        want = LOKI_GLORY if targets else 0
        if len(cmd.positions) != want:
            raise CODES.illegal(
                "loki-two-glory", f"Loki places {want} Glory: name {want} positions"
            )
        for pos in cmd.positions:
            if pos not in targets:
                raise CODES.illegal(
                    "loki-not-on-jarl", f"position {pos} is not a non-Jarl card of your Party"
                )
        if list(cmd.positions) != sorted(cmd.positions):
            raise CODES.illegal(
                "loki-positions-in-order", "name Loki's positions in increasing order"
            )
    elif cmd.god is God.SAGA:
        victims = saga_victims(state, seat)
        named = [t.seat for t in cmd.targets]
        if sorted(named) == list(victims) and named != sorted(named):
            raise CODES.illegal("saga-targets-in-seat-order", "name Saga's targets in seat order")
        if sorted(named) != list(victims):
            raise CODES.illegal(
                "saga-targets",
                f"Saga turns one card of each opponent with face-down cards: seats {list(victims)}",
            )
        for t in cmd.targets:
            if t.position not in state.players[t.seat].face_down_positions():
                raise CODES.illegal(
                    "saga-face-down", f"seat {t.seat} has no face-down card at {t.position}"
                )
    elif cmd.god is God.HEL:
        pile = hel_cards(state)
        if cmd.card is None and cmd.position is None:
            if pile:
                raise CODES.illegal(
                    "hel-needs-card", "Hel must take a Jarl or Raider from the discard"
                )
        elif cmd.card is None or cmd.position is None:
            raise CODES.illegal("hel-needs-card", "Hel names both a card and a position")
        elif cmd.card not in pile:
            raise CODES.illegal(
                "hel-card-not-in-discard", f"{cmd.card} is not a Jarl or Raider in the discard pile"
            )
        elif not 0 <= cmd.position <= len(party):
            raise CODES.illegal("no-such-position", f"Hel inserts at 0..{len(party)}")


def invoke(log: Log, seat: int, cmd: Invoke, chance: Chance) -> None:
    """The God's effect; ``decide`` has already run :func:`check_invoke` (via ``check``)."""
    log.emit(ev.GodInvoked(seat, cmd.god))
    state = log.state
    god = cmd.god
    if god is God.THOR:
        if state.set_aside:
            log.emit(ev.HeroRetrieved(seat, state.set_aside[0]))
    elif god is God.LOKI:
        for pos in cmd.positions:
            log.emit(ev.GloryPlaced(seat, pos, from_supply=True))
    elif god is God.ODIN:
        log.emit(ev.VictoryPointsGained(seat, ODIN_VP, "Odin"))
    elif god is God.FREYA:
        cards = top_cards(log, 1, chance)
        if cards:
            log.emit(ev.FreyaCardDrawn(seat, cards[0]))
    elif god is God.NORNIR:
        count = sum(pc.glory for pc in state.players[seat].party)
        log.emit(ev.GloryRetrieved(seat, count))
    elif god is God.TYR:
        draw_to_hand(log, seat, TYR_DRAW, chance, "Tyr")
    elif god is God.SAGA:
        for t in cmd.targets:
            card = state.players[t.seat].party[t.position].card
            log.emit(ev.CardRevealed(t.seat, t.position, card))
    elif god is God.HEL and cmd.card is not None and cmd.position is not None:
        log.emit(ev.CardTakenFromDiscard(seat, cmd.card, cmd.position, "Hel"))


def legal_invokes(state: State, seat: int) -> Iterator[Invoke]:
    p = state.players[seat]
    if state.round != ROUNDS or p.invoked:
        return
    for card in p.gods:
        god = god_of(card)
        if god is God.LOKI:
            targets = loki_targets(state, seat)
            if not targets:
                yield Invoke(god)
            for i, a in enumerate(targets):
                for b in targets[i:]:
                    yield Invoke(god, positions=(a, b))
        elif god is God.SAGA:
            victims = saga_victims(state, seat)
            choices = [state.players[v].face_down_positions() for v in victims]
            for picks in product(*choices):
                yield Invoke(
                    god,
                    targets=tuple(
                        SagaTarget(v, pos) for v, pos in zip(victims, picks, strict=True)
                    ),
                )
        elif god is God.HEL:
            pile = hel_cards(state)
            if not pile:
                yield Invoke(god)
            for c in pile:
                for pos in range(len(p.party) + 1):
                    yield Invoke(god, card=c, position=pos)
        else:
            yield Invoke(god)

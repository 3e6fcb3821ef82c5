"""What the game waits for: ``pending``, ``to_act`` and ``legal_commands``.

Every decision Red North awaits is a :class:`~skald.domain.kernel.contract.Pending` read from the
state (``../shared/games/red-north/rulebook.en.txt``):

* ``red_north/deploy`` — Deployment, each seat that has not yet deployed (simultaneous, hidden);
* ``red_north/angleland`` and ``red_north/sax`` — the Outpost power now offered, to its
  controller ("Activate Outpost Powers"), who may decline;
* ``red_north/action`` — the turn holder's action ("Player Actions");
* ``red_north/freya-place`` — mid-action: the card Freya drew waits for its end (set by the
  ``FreyaCardDrawn`` event, kept in ``Player.drawn``).

Nothing else waits for a choice: ties, awards and token passing in Resolution are automatic,
and a God's targets are fields of its ``Invoke``. ``answers`` of an action are exactly the
command types ``legal_commands`` yields for it now.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import permutations

from skald.domain.kernel.contract import Pending
from skald.domain.red_north import commands as cmd
from skald.domain.red_north.components import (
    PARTY_SIZE,
    ROUNDS,
    Colour,
    End,
    Kind,
    is_warrior,
    kind_of,
)
from skald.domain.red_north.gods import legal_invokes
from skald.domain.red_north.state import Phase, Player, State

DEPLOY = Pending(
    0,
    "red_north/deploy",
    "Deploy your Raiding Party: 3 cards from your hand face-down in a row "
    "(your whole hand if it holds fewer).",
    ("Deploy",),
)
ANGLELAND = Pending(
    0,
    "red_north/angleland",
    "Angleland (red Outpost): give the First Player token to another player, or keep it "
    "(DeclinePower).",
    ("GiveFirstPlayer", "DeclinePower"),
)
SAX = Pending(
    0,
    "red_north/sax",
    "Sax (yellow Outpost): take a Raider from the discard pile face-up to either end of your "
    "Party, or decline.",
    ("TakeFromDiscard", "DeclinePower"),
)
FREYA_PLACE = Pending(
    0,
    "red_north/freya-place",
    "Freya: place the card you drew face-down at either end of your Raiding Party.",
    ("PlaceFreyaCard",),
)
ACTION_PROMPT = (
    "Your turn: take one action (Withdraw, Reinforce, Inspire, Promote, Invoke) or Pass."
)


def _at(seat: int, template: Pending) -> Pending:
    return Pending(seat, template.decision, template.prompt, template.answers)


# --- the actions of a turn, by command type (the order legal_commands lists them) ---------


def _passes(state: State, seat: int, player: Player) -> Iterator[cmd.Pass]:
    if state.round >= ROUNDS:
        yield cmd.Pass()
    else:
        for group in state.muster:
            yield cmd.Pass(group.leader)


def _withdraws(state: State, seat: int, player: Player) -> Iterator[cmd.Withdraw]:
    for pos in player.face_down_positions():
        yield cmd.Withdraw(pos)


def _reinforces(state: State, seat: int, player: Player) -> Iterator[cmd.Reinforce]:
    for pos in player.face_down_positions():
        for card in player.hand:
            for end in End:
                yield cmd.Reinforce(pos, card, end)


def _inspires(state: State, seat: int, player: Player) -> Iterator[cmd.Inspire]:
    if player.glory:
        for pos, pc in enumerate(player.party):
            if pc.face_up and is_warrior(pc.card):
                yield cmd.Inspire(pos)


def _promotes(state: State, seat: int, player: Player) -> Iterator[cmd.Promote]:
    if state.owner(Colour.BLUE) == seat and state.champion == seat:
        for pos, pc in enumerate(player.party):
            if pc.face_up and kind_of(pc.card) is Kind.JARL:
                yield cmd.Promote(pos)


def _invokes(state: State, seat: int, player: Player) -> Iterator[cmd.Invoke]:
    return legal_invokes(state, seat)


_ACTIONS: tuple[tuple[str, Callable[[State, int, Player], Iterator[cmd.Command]]], ...] = (
    ("Pass", _passes),
    ("Withdraw", _withdraws),
    ("Reinforce", _reinforces),
    ("Inspire", _inspires),
    ("Promote", _promotes),
    ("Invoke", _invokes),
)


def _available(state: State, seat: int, player: Player) -> tuple[str, ...]:
    """The action types with at least one legal command (each generator stops at its first)."""
    return tuple(name for name, gen in _ACTIONS if next(gen(state, seat, player), None) is not None)


# --- pending, to_act, legal_commands ----------------------------------------------------


def pending(state: State) -> tuple[Pending, ...]:
    """Every decision awaited now (empty before setup, during no phase, and when over)."""
    if state.phase is Phase.DEPLOYMENT:
        return tuple(_at(s, DEPLOY) for s, p in enumerate(state.players) if not p.deployed)
    if state.phase is Phase.OUTPOST_POWERS and state.pending_powers:
        colour = state.pending_powers[0]
        owner = state.owner(colour)
        if owner is None:
            return ()
        return (_at(owner, ANGLELAND if colour is Colour.RED else SAX),)
    if state.phase is Phase.ACTIONS and state.current is not None:
        seat = state.current
        p = state.players[seat]
        if p.drawn is not None:
            return (_at(seat, FREYA_PLACE),)
        return (Pending(seat, "red_north/action", ACTION_PROMPT, _available(state, seat, p)),)
    return ()


def to_act(state: State) -> frozenset[int]:
    """The seats of :func:`pending`, read without building the decisions."""
    if state.phase is Phase.DEPLOYMENT:
        return frozenset(s for s, p in enumerate(state.players) if not p.deployed)
    if state.phase is Phase.OUTPOST_POWERS and state.pending_powers:
        owner = state.owner(state.pending_powers[0])
        return frozenset() if owner is None else frozenset({owner})
    if state.phase is Phase.ACTIONS and state.current is not None:
        return frozenset({state.current})
    return frozenset()


def legal_commands(state: State, seat: int) -> Iterator[cmd.Command]:
    """Every command ``decide`` accepts from ``seat`` now, lazily (Deploy orders included)."""
    if seat not in to_act(state):
        return
    p = state.players[seat]
    if state.phase is Phase.DEPLOYMENT:
        for cards in permutations(p.hand, min(PARTY_SIZE, len(p.hand))):
            yield cmd.Deploy(tuple(cards))
        return
    if state.phase is Phase.OUTPOST_POWERS:
        yield cmd.DeclinePower()
        if state.pending_powers[0] is Colour.RED:
            for other in range(state.count):
                if other != state.first_player:
                    yield cmd.GiveFirstPlayer(other)
        else:
            for card in state.discard:
                if kind_of(card) is Kind.RAIDER:
                    for end in End:
                        yield cmd.TakeFromDiscard(card, end)
        return
    if p.drawn is not None:
        for end in End:
            yield cmd.PlaceFreyaCard(end)
        return
    for _, gen in _ACTIONS:
        yield from gen(state, seat, p)

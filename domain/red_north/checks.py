"""``check(state, seat, command)``: the rule error ``decide`` would raise, or nothing.

Every refusal of Red North lives here, one checker per command with its rulebook section
(``../shared/games/red-north/rulebook.en.txt``, "RB") or ``../shared/games/RULINGS.md`` entry;
``decide`` runs ``check`` first and its handlers (``actions``) only build events, so the two
cannot disagree. A check reads the state only: it builds no event and draws no chance, and it
never lists every legal command to test one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from skald.domain.kernel.errors import GameOver, IllegalMove, Malformed, NotYourTurn
from skald.domain.red_north import commands as cmd
from skald.domain.red_north.components import PARTY_SIZE, ROUNDS, Colour, Kind, is_warrior, kind_of
from skald.domain.red_north.gods import check_invoke
from skald.domain.red_north.state import Phase, State


def _illegal(rule: str, reason: str) -> IllegalMove:
    return IllegalMove(f"red_north/{rule}", reason)


def check(state: State, seat: int, command: object) -> None:
    """Raise the typed error ``decide`` raises for ``command`` from ``seat``, else return."""
    if state.phase is Phase.OVER:
        raise GameOver("red_north/game-over", "the game has ended")
    if state.phase is Phase.SETUP:
        raise _illegal("not-started", "the game has not been set up")
    if not 0 <= seat < state.count:
        raise NotYourTurn("red_north/no-such-seat", f"there is no seat {seat}")
    checker = _CHECKS.get(type(command))
    if checker is None:
        raise Malformed(
            "red_north/unknown-command", f"{type(command).__name__} is not a Red North command"
        )
    checker(state, seat, command)


def _deploy(s: State, seat: int, c: cmd.Deploy) -> None:
    """RB "Deployment": each player simultaneously places 3 cards face-down in a row (house
    ruling: a hand of fewer than 3 deploys all it holds)."""
    if s.phase is not Phase.DEPLOYMENT:
        raise _illegal("not-deployment", "Raiding Parties are deployed only in Deployment")
    p = s.players[seat]
    if p.deployed:
        raise NotYourTurn("red_north/already-deployed", "you have already deployed this round")
    size = min(PARTY_SIZE, len(p.hand))
    if len(c.cards) != size:
        raise _illegal("deploy-three", f"deploy exactly {size} cards")
    if len(set(c.cards)) != len(c.cards):
        raise _illegal("deploy-distinct", "a card can be deployed only once")
    for card in c.cards:
        if card not in p.hand:
            raise _illegal("card-not-in-hand", f"{card} is not in your hand")


def power_seat(s: State, seat: int, colour: Colour | None) -> Colour:
    """RB "Activate Outpost Powers": only the offered power's controller decides it."""
    if s.phase is not Phase.OUTPOST_POWERS or not s.pending_powers:
        raise _illegal("no-outpost-power", "no Outpost power is being offered now")
    offered = s.pending_powers[0]
    if s.owner(offered) != seat:
        raise NotYourTurn(
            "red_north/not-your-power", f"the {offered.value} Outpost's controller decides now"
        )
    if colour is not None and colour is not offered:
        raise _illegal("wrong-outpost-power", f"the {offered.value} Outpost's power is offered now")
    return offered


def _give_first_player(s: State, seat: int, c: cmd.GiveFirstPlayer) -> None:
    """RB "Deployment" (and the Angleland card): "give the First Player token to a player of
    your choice, or decide to keep it for yourself". Two choices, two commands: giving names
    a seat that does not hold the token; keeping it is ``DeclinePower``. Giving the token to
    its holder would be a second spelling of keeping, so it is refused (``legal_commands``
    never listed it; this closes the drift of kernel v2, issue 7)."""
    power_seat(s, seat, Colour.RED)
    if not 0 <= c.seat < s.count:
        raise _illegal("no-such-seat", f"there is no seat {c.seat}")
    if c.seat == s.first_player:
        raise _illegal(
            "first-player-already-held",
            f"seat {c.seat} already holds the First Player token (DeclinePower leaves it there)",
        )


def _take_from_discard(s: State, seat: int, c: cmd.TakeFromDiscard) -> None:
    """RB "Deployment" / Sax: a single Raider from the discard pile, either end of the Party."""
    power_seat(s, seat, Colour.YELLOW)
    if c.card not in s.discard or kind_of(c.card) is not Kind.RAIDER:
        raise _illegal("sax-raider-from-discard", f"{c.card} is not a Raider in the discard pile")


def _decline(s: State, seat: int, c: cmd.DeclinePower) -> None:
    """RB: the Outpost powers are optional ("you may")."""
    power_seat(s, seat, None)


def turn_seat(s: State, seat: int) -> None:
    """RB "Player Actions": the seat whose turn it is, one action at a time."""
    if s.phase is not Phase.ACTIONS:
        raise _illegal("not-actions", "actions are taken only in the Player Actions phase")
    if s.current != seat:
        raise NotYourTurn("red_north/not-your-turn", f"it is seat {s.current}'s turn")


def _action_seat(s: State, seat: int) -> None:
    turn_seat(s, seat)
    if s.players[seat].drawn is not None:
        raise _illegal(
            "freya-place-first", "place the card Freya drew at an end of your Party first"
        )


def _position(s: State, seat: int, position: int) -> None:
    if not 0 <= position < len(s.players[seat].party):
        raise _illegal("no-such-position", f"your Party has no card at position {position}")


def _withdraw(s: State, seat: int, c: cmd.Withdraw) -> None:
    """RB "Withdraw": a face-down card back to hand; face-up cards may not be withdrawn."""
    _action_seat(s, seat)
    _position(s, seat, c.position)
    if s.players[seat].party[c.position].face_up:
        raise _illegal("withdraw-face-down-only", "face-up cards may not be withdrawn")


def _reinforce(s: State, seat: int, c: cmd.Reinforce) -> None:
    """RB "Reinforce": turn a face-down card face-up, then add a card from hand face-up at an
    end. RULINGS.md: needs a face-down card in the Party and a card in hand."""
    _action_seat(s, seat)
    p = s.players[seat]
    if not p.face_down_positions():
        raise _illegal("reinforce-needs-face-down", "you have no face-down card in your Party")
    if not p.hand:
        raise _illegal("reinforce-needs-card", "you have no card in hand to add")
    _position(s, seat, c.position)
    if p.party[c.position].face_up:
        raise _illegal("reinforce-turn-face-down", f"the card at {c.position} is already face-up")
    if c.card not in p.hand:
        raise _illegal("card-not-in-hand", f"{c.card} is not in your hand")


def _inspire(s: State, seat: int, c: cmd.Inspire) -> None:
    """RB "Inspire": 1 of your Glory on a face-up Raider or Hero of your Party (never a Jarl)."""
    _action_seat(s, seat)
    p = s.players[seat]
    if p.glory < 1:
        raise _illegal("inspire-needs-glory", "you have no Glory token")
    _position(s, seat, c.position)
    pc = p.party[c.position]
    if not pc.face_up:
        raise _illegal("inspire-face-up", "Glory goes on a face-up card")
    if not is_warrior(pc.card):
        raise _illegal("inspire-not-on-jarl", "Glory goes on a Raider or Hero, never a Jarl")


def _promote(s: State, seat: int, c: cmd.Promote) -> None:
    """RB "Promote": the Champion token on a face-up Jarl; needs the blue Outpost and the token."""
    _action_seat(s, seat)
    if s.owner(Colour.BLUE) != seat:
        raise _illegal("promote-needs-blue", "you do not control the blue Outpost")
    if s.champion != seat:
        raise _illegal("promote-needs-champion", "you do not have the Champion token")
    _position(s, seat, c.position)
    pc = s.players[seat].party[c.position]
    if not pc.face_up or kind_of(pc.card) is not Kind.JARL:
        raise _illegal("promote-face-up-jarl", "the Champion goes on a face-up Jarl")


def _invoke(s: State, seat: int, c: cmd.Invoke) -> None:
    """RB "Invoke" and "Gods" (see ``gods``)."""
    _action_seat(s, seat)
    check_invoke(s, seat, c)


def _place_freya(s: State, seat: int, c: cmd.PlaceFreyaCard) -> None:
    """RB "Gods" / Freya: the card drawn and looked at goes face-down at either end."""
    turn_seat(s, seat)
    if s.players[seat].drawn is None:
        raise _illegal("no-freya-card", "Freya has not drawn a card for you to place")


def _pass(s: State, seat: int, c: cmd.Pass) -> None:
    """RB "Pass"; RULINGS.md: any remaining Muster Group; in Ragnarok none: take nothing."""
    _action_seat(s, seat)
    if s.round >= ROUNDS:
        if c.group is not None:
            raise _illegal("no-muster-in-ragnarok", "there are no Muster Groups in Ragnarok")
    elif all(g.leader != c.group for g in s.muster):
        leaders = [g.leader for g in s.muster]
        raise _illegal("no-such-muster-group", f"choose one of the Muster Groups {leaders}")


_CHECKS: Mapping[type, Callable[[State, int, Any], None]] = {
    cmd.Deploy: _deploy,
    cmd.GiveFirstPlayer: _give_first_player,
    cmd.TakeFromDiscard: _take_from_discard,
    cmd.DeclinePower: _decline,
    cmd.Withdraw: _withdraw,
    cmd.Reinforce: _reinforce,
    cmd.Inspire: _inspire,
    cmd.Promote: _promote,
    cmd.Invoke: _invoke,
    cmd.PlaceFreyaCard: _place_freya,
    cmd.Pass: _pass,
}

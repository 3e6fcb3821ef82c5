"""The checks of ``check(state, seat, command)``: the rule error ``decide`` would raise, or nothing.

Every refusal of Red North lives here, one checker per command with its rulebook section
(``../shared/games/red-north/rulebook.en.txt``, "RB") or ``../shared/games/RULINGS.md`` entry;
``decide`` runs ``check`` first and its handlers (``actions``) only build events, so the two
cannot disagree. A check reads the state only: it builds no event and draws no chance, and it
never lists every legal command to test one.
"""

from __future__ import annotations

from skald.domain.red_north import commands as cmd
from skald.domain.red_north.commands import CODES
from skald.domain.red_north.components import PARTY_SIZE, ROUNDS, Colour, Kind, is_warrior, kind_of
from skald.domain.red_north.gods import check_invoke
from skald.domain.red_north.state import Phase, State


def gate(state: State, seat: int) -> None:
    """What every command meets before its own check (``actions.TABLE``): the game is running
    and the seat exists."""
    if state.phase is Phase.OVER:
        raise CODES.game_over()
    if state.phase is Phase.SETUP:
        raise CODES.illegal("not-started", "the game has not been set up")
    if not 0 <= seat < state.count:
        raise CODES.not_your_turn("no-such-seat", f"there is no seat {seat}")


def unknown(command: object) -> str:
    """The reason of ``red_north/unknown-command``."""
    return f"{type(command).__name__} is not a Red North command"


def deploy(state: State, seat: int, command: cmd.Deploy) -> None:
    """RB "Deployment": each player simultaneously places 3 cards face-down in a row (house
    ruling: a hand of fewer than 3 deploys all it holds)."""
    if state.phase is not Phase.DEPLOYMENT:
        raise CODES.illegal("not-deployment", "Raiding Parties are deployed only in Deployment")
    p = state.players[seat]
    if p.deployed:
        raise CODES.not_your_turn("already-deployed", "you have already deployed this round")
    size = min(PARTY_SIZE, len(p.hand))
    if len(command.cards) != size:
        raise CODES.illegal("deploy-three", f"deploy exactly {size} cards")
    if len(set(command.cards)) != len(command.cards):
        raise CODES.illegal("deploy-distinct", "a card can be deployed only once")
    for card in command.cards:
        if card not in p.hand:
            raise CODES.illegal("card-not-in-hand", f"{card} is not in your hand")


def power_seat(state: State, seat: int, colour: Colour | None) -> Colour:
    """RB "Activate Outpost Powers": only the offered power's controller decides it."""
    if state.phase is not Phase.OUTPOST_POWERS or not state.pending_powers:
        raise CODES.illegal("no-outpost-power", "no Outpost power is being offered now")
    offered = state.pending_powers[0]
    if state.owner(offered) != seat:
        raise CODES.not_your_turn(
            "not-your-power", f"the {offered.value} Outpost's controller decides now"
        )
    if colour is not None and colour is not offered:
        raise CODES.illegal(
            "wrong-outpost-power", f"the {offered.value} Outpost's power is offered now"
        )
    return offered


def give_first_player(state: State, seat: int, command: cmd.GiveFirstPlayer) -> None:
    """RB "Deployment" (and the Angleland card): "give the First Player token to a player of
    your choice, or decide to keep it for yourself". Two choices, two commands: giving names
    a seat that does not hold the token; keeping it is ``DeclinePower``. Giving the token to
    its holder would be a second spelling of keeping, so it is refused (``legal_commands``
    never listed it; this closes the drift of kernel v2, issue 7)."""
    power_seat(state, seat, Colour.RED)
    if not 0 <= command.seat < state.count:
        raise CODES.illegal("no-such-seat", f"there is no seat {command.seat}")
    if command.seat == state.first_player:
        raise CODES.illegal(
            "first-player-already-held",
            f"seat {command.seat} already holds the First Player token (DeclinePower leaves it there)",
        )


def take_from_discard(state: State, seat: int, command: cmd.TakeFromDiscard) -> None:
    """RB "Deployment" / Sax: a single Raider from the discard pile, either end of the Party."""
    power_seat(state, seat, Colour.YELLOW)
    if command.card not in state.discard or kind_of(command.card) is not Kind.RAIDER:
        raise CODES.illegal(
            "sax-raider-from-discard", f"{command.card} is not a Raider in the discard pile"
        )


def decline(state: State, seat: int, command: cmd.DeclinePower) -> None:
    """RB: the Outpost powers are optional ("you may")."""
    power_seat(state, seat, None)


def turn_seat(state: State, seat: int) -> None:
    """RB "Player Actions": the seat whose turn it is, one action at a time."""
    if state.phase is not Phase.ACTIONS:
        raise CODES.illegal("not-actions", "actions are taken only in the Player Actions phase")
    if state.current != seat:
        raise CODES.not_your_turn("not-your-turn", f"it is seat {state.current}'s turn")


def _action_seat(state: State, seat: int) -> None:
    turn_seat(state, seat)
    if state.players[seat].drawn is not None:
        raise CODES.illegal(
            "freya-place-first", "place the card Freya drew at an end of your Party first"
        )


def _position(state: State, seat: int, position: int) -> None:
    if not 0 <= position < len(state.players[seat].party):
        raise CODES.illegal("no-such-position", f"your Party has no card at position {position}")


def withdraw(state: State, seat: int, command: cmd.Withdraw) -> None:
    """RB "Withdraw": a face-down card back to hand; face-up cards may not be withdrawn."""
    _action_seat(state, seat)
    _position(state, seat, command.position)
    if state.players[seat].party[command.position].face_up:
        raise CODES.illegal("withdraw-face-down-only", "face-up cards may not be withdrawn")


def reinforce(state: State, seat: int, command: cmd.Reinforce) -> None:
    """RB "Reinforce": turn a face-down card face-up, then add a card from hand face-up at an
    end. RULINGS.md: needs a face-down card in the Party and a card in hand."""
    _action_seat(state, seat)
    p = state.players[seat]
    if not p.face_down_positions():
        raise CODES.illegal("reinforce-needs-face-down", "you have no face-down card in your Party")
    if not p.hand:
        raise CODES.illegal("reinforce-needs-card", "you have no card in hand to add")
    _position(state, seat, command.position)
    if p.party[command.position].face_up:
        raise CODES.illegal(
            "reinforce-turn-face-down", f"the card at {command.position} is already face-up"
        )
    if command.card not in p.hand:
        raise CODES.illegal("card-not-in-hand", f"{command.card} is not in your hand")


def inspire(state: State, seat: int, command: cmd.Inspire) -> None:
    """RB "Inspire": 1 of your Glory on a face-up Raider or Hero of your Party (never a Jarl)."""
    _action_seat(state, seat)
    p = state.players[seat]
    if p.glory < 1:
        raise CODES.illegal("inspire-needs-glory", "you have no Glory token")
    _position(state, seat, command.position)
    pc = p.party[command.position]
    if not pc.face_up:
        raise CODES.illegal("inspire-face-up", "Glory goes on a face-up card")
    if not is_warrior(pc.card):
        raise CODES.illegal("inspire-not-on-jarl", "Glory goes on a Raider or Hero, never a Jarl")


def promote(state: State, seat: int, command: cmd.Promote) -> None:
    """RB "Promote": the Champion token on a face-up Jarl; needs the blue Outpost and the token."""
    _action_seat(state, seat)
    if state.owner(Colour.BLUE) != seat:
        raise CODES.illegal("promote-needs-blue", "you do not control the blue Outpost")
    if state.champion != seat:
        raise CODES.illegal("promote-needs-champion", "you do not have the Champion token")
    _position(state, seat, command.position)
    pc = state.players[seat].party[command.position]
    if not pc.face_up or kind_of(pc.card) is not Kind.JARL:
        raise CODES.illegal("promote-face-up-jarl", "the Champion goes on a face-up Jarl")


def invoke(state: State, seat: int, command: cmd.Invoke) -> None:
    """RB "Invoke" and "Gods" (see ``gods``)."""
    _action_seat(state, seat)
    check_invoke(state, seat, command)


def place_freya(state: State, seat: int, command: cmd.PlaceFreyaCard) -> None:
    """RB "Gods" / Freya: the card drawn and looked at goes face-down at either end."""
    turn_seat(state, seat)
    if state.players[seat].drawn is None:
        raise CODES.illegal("no-freya-card", "Freya has not drawn a card for you to place")


def pass_(state: State, seat: int, command: cmd.Pass) -> None:
    """RB "Pass"; RULINGS.md: any remaining Muster Group; in Ragnarok none: take nothing."""
    _action_seat(state, seat)
    if state.round >= ROUNDS:
        if command.group is not None:
            raise CODES.illegal("no-muster-in-ragnarok", "there are no Muster Groups in Ragnarok")
    elif all(g.leader != command.group for g in state.muster):
        leaders = [g.leader for g in state.muster]
        raise CODES.illegal("no-such-muster-group", f"choose one of the Muster Groups {leaders}")

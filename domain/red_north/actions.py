"""The command table (``TABLE``): per command, its check and the events it emits.

Handlers here only build events (the refusals are all in ``checks``), folding each into the
working state of a :class:`~skald.domain.red_north.flow.Log` so later steps see earlier ones exactly
as a replay will. Rulebook sections (``../shared/games/red-north/rulebook.en.txt``) per handler.

House rulings (``../shared/games/RULINGS.md`` is silent):

* Outpost powers after Deployment are offered in the rulebook's order, Angleland then Sax,
  each as a pending decision of its controller who may decline; Sax is offered only when the
  discard pile holds a Raider. Then the First Player (as Angleland left it) takes the first
  action.
* Freya's card is drawn and seen before its end is chosen: ``Invoke(freya)`` ends with
  ``FreyaCardDrawn`` (the pending decision ``red_north/freya-place``), and the same seat's
  ``PlaceFreyaCard`` ends the action.
"""

from __future__ import annotations

from skald.domain.kernel.chance import Chance
from skald.domain.kernel.table import CommandTable
from skald.domain.red_north import checks
from skald.domain.red_north import commands as cmd
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import CODES
from skald.domain.red_north.components import ROUNDS, Colour, End, Kind, Token, kind_of
from skald.domain.red_north.flow import Log, next_to_act
from skald.domain.red_north.gods import invoke
from skald.domain.red_north.resolution import resolve
from skald.domain.red_north.state import State


def _end_of(party_length: int, end: End) -> int:
    """The insertion index of a Party end (0, or after the last card)."""
    return 0 if end is End.LEFT else party_length


def _deploy(log: Log, seat: int, command: cmd.Deploy, chance: Chance) -> None:
    """Deployment: each player simultaneously places 3 cards face-down in a row."""
    log.emit(ev.PartyDeployed(seat, command.cards))
    if all(q.deployed for q in log.state.players):
        _offer_powers(log)


def _offer_powers(log: Log) -> None:
    """Activate Outpost Powers: Angleland, then Sax (if a Raider is in the discard pile);
    in every round, Ragnarok included (the rulebook makes no exception)."""
    s = log.state
    powers: list[Colour] = []
    if s.owner(Colour.RED) is not None:
        powers.append(Colour.RED)
    if s.owner(Colour.YELLOW) is not None and any(kind_of(c) is Kind.RAIDER for c in s.discard):
        powers.append(Colour.YELLOW)
    if powers:
        log.emit(ev.OutpostPowersOffered(tuple(powers)))
    else:
        _start_actions(log)


def _start_actions(log: Log) -> None:
    """Player Actions: "Starting with the player with the First Player token"."""
    first = log.state.first_player
    log.emit(ev.TurnStarted(first if first is not None else 0))


def _close_power(log: Log, colour: Colour, used: bool) -> None:
    log.emit(ev.OutpostPowerClosed(colour, used))
    if not log.state.pending_powers:
        _start_actions(log)


def _give_first_player(log: Log, seat: int, command: cmd.GiveFirstPlayer, chance: Chance) -> None:
    """Angleland: give the First Player token to a player of your choice."""
    log.emit(ev.TokenPassed(Token.FIRST_PLAYER, command.seat, "red Outpost power"))
    _close_power(log, Colour.RED, True)


def _take_from_discard(log: Log, seat: int, command: cmd.TakeFromDiscard, chance: Chance) -> None:
    """Sax: a single Raider from the discard pile face-up at either end of your Party."""
    position = _end_of(len(log.state.players[seat].party), command.end)
    log.emit(ev.CardTakenFromDiscard(seat, command.card, position, "yellow Outpost power"))
    _close_power(log, Colour.YELLOW, True)


def _decline(log: Log, seat: int, command: cmd.DeclinePower, chance: Chance) -> None:
    """The offered power is not used (Angleland: the token stays where it is)."""
    _close_power(log, log.state.pending_powers[0], False)


def _end_turn(log: Log, seat: int, chance: Chance) -> None:
    """Clockwise, one action at a time; passed players are skipped; all passed: Resolution."""
    nxt = next_to_act(log.state, seat)
    if nxt is None:
        resolve(log, chance)
    else:
        log.emit(ev.TurnStarted(nxt))


def _withdraw(log: Log, seat: int, command: cmd.Withdraw, chance: Chance) -> None:
    """Withdraw: a face-down card back to hand; the Party closes the gap."""
    card = log.state.players[seat].party[command.position].card
    log.emit(ev.CardWithdrawn(seat, command.position, card))
    _end_turn(log, seat, chance)


def _reinforce(log: Log, seat: int, command: cmd.Reinforce, chance: Chance) -> None:
    """Reinforce: turn a face-down card face-up, then add a card from hand face-up at an end."""
    p = log.state.players[seat]
    log.emit(ev.CardRevealed(seat, command.position, p.party[command.position].card))
    log.emit(ev.CardAdded(seat, command.card, _end_of(len(p.party), command.end)))
    _end_turn(log, seat, chance)


def _inspire(log: Log, seat: int, command: cmd.Inspire, chance: Chance) -> None:
    """Inspire: 1 of your Glory on a face-up Raider or Hero of your Party."""
    log.emit(ev.GloryPlaced(seat, command.position, from_supply=False))
    _end_turn(log, seat, chance)


def _promote(log: Log, seat: int, command: cmd.Promote, chance: Chance) -> None:
    """Promote: the Champion token on a face-up Jarl."""
    log.emit(ev.ChampionPlaced(seat, command.position))
    _end_turn(log, seat, chance)


def _invoke(log: Log, seat: int, command: cmd.Invoke, chance: Chance) -> None:
    """Invoke: the God's effect; Freya's action goes on with ``PlaceFreyaCard``."""
    invoke(log, seat, command, chance)
    if log.state.players[seat].drawn is None:
        _end_turn(log, seat, chance)


def _place_freya(log: Log, seat: int, command: cmd.PlaceFreyaCard, chance: Chance) -> None:
    """Freya: the card drawn and looked at goes face-down at either end of the Party."""
    p = log.state.players[seat]
    assert p.drawn is not None  # checked: no-freya-card
    log.emit(ev.FreyaCardPlaced(seat, p.drawn, _end_of(len(p.party), command.end)))
    _end_turn(log, seat, chance)


def _pass(log: Log, seat: int, command: cmd.Pass, chance: Chance) -> None:
    """Pass: take a remaining Muster Group (RULINGS.md: any; in Ragnarok none, take nothing)."""
    s = log.state
    if s.round >= ROUNDS:
        log.emit(ev.Passed(seat, None, ()))
    else:
        group = next(g for g in s.muster if g.leader == command.group)
        log.emit(ev.Passed(seat, group.leader, (group.leader, *group.cards)))
    _end_turn(log, seat, chance)


TABLE: CommandTable[State, Log] = CommandTable(
    CODES,
    {
        cmd.Deploy: (checks.deploy, _deploy),
        cmd.GiveFirstPlayer: (checks.give_first_player, _give_first_player),
        cmd.TakeFromDiscard: (checks.take_from_discard, _take_from_discard),
        cmd.DeclinePower: (checks.decline, _decline),
        cmd.Withdraw: (checks.withdraw, _withdraw),
        cmd.Reinforce: (checks.reinforce, _reinforce),
        cmd.Inspire: (checks.inspire, _inspire),
        cmd.Promote: (checks.promote, _promote),
        cmd.Invoke: (checks.invoke, _invoke),
        cmd.PlaceFreyaCard: (checks.place_freya, _place_freya),
        cmd.Pass: (checks.pass_, _pass),
    },
    unknown=checks.unknown,
    gate=checks.gate,
)
"""Per command type: its check (``checks``, every refusal) and its handler (here, the events)."""

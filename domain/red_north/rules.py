"""Red North setup, ``decide``, ``legal_commands`` and ``to_act``.

Rulebook sections are cited per handler. House rulings (RULINGS.md is silent):

* First player: the rulebook gives the token to "the player with the largest feet", which
  software cannot know; a chance event picks a seat uniformly (recorded as ``TokenPassed``).
* Outposts: green plus ``players`` random others (RULINGS.md: players + 1 *including* green).
* Deployment: a player deploys 3 cards, or the whole hand if it holds fewer (an empty hand
  deploys an empty Party).
* Outpost powers after Deployment are offered in the rulebook's order, Angleland then Sax,
  each as a command of its controller who may decline; Sax is offered only when the discard
  pile holds a Raider. Then the First Player (as Angleland left it) takes the first action.
* Withdraw: Glory on a withdrawn face-down card (only Loki can put it there) returns to the
  general supply.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import permutations
from typing import Any

from domain.kernel.chance import Chance
from domain.kernel.contract import Options
from domain.kernel.errors import GameOver, IllegalMove, Malformed, NotYourTurn
from domain.red_north import commands as cmd
from domain.red_north import events as ev
from domain.red_north.components import (
    ALL_JARLS,
    DEFAULT_OUTPOST_RAID_POINTS,
    HAND_DEAL,
    JARLS_REMOVED,
    OUTPOST_RAID_POINTS_OPTION,
    PARTY_SIZE,
    ROUNDS,
    SPRING_GROUP_CARDS,
    STARTING_GLORY,
    Colour,
    End,
    Kind,
    Token,
    hero,
    is_warrior,
    kind_of,
    raiders,
)
from domain.red_north.flow import Log, draw_to_hand, form_group, next_to_act
from domain.red_north.gods import invoke, legal_invokes
from domain.red_north.resolution import resolve
from domain.red_north.state import Phase, State, initial

MIN_PLAYERS = 2
MAX_PLAYERS = 4


def _illegal(rule: str, reason: str) -> IllegalMove:
    return IllegalMove(f"red_north/{rule}", reason)


# --- setup ------------------------------------------------------------------------------


def outpost_raid_points(options: Options) -> dict[Colour, int]:
    """Printed Raid Points per Outpost: RULINGS.md default, overridden by setup options."""
    points = dict.fromkeys(Colour, DEFAULT_OUTPOST_RAID_POINTS)
    for key, value in options.items():
        if not key.startswith(OUTPOST_RAID_POINTS_OPTION):
            raise Malformed("red_north/unknown-option", f"unknown option {key!r}")
        name = key[len(OUTPOST_RAID_POINTS_OPTION) :]
        if name not in {c.value for c in Colour}:
            raise Malformed("red_north/unknown-option", f"no Outpost colour {name!r} in {key!r}")
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise Malformed("red_north/bad-option", f"{key} must be a whole number >= 0")
        points[Colour(name)] = value
    return points


def setup(players: int, options: Options, chance: Chance) -> tuple[Any, ...]:
    """Game Setup 1–4 (rulebook), ending with the start of Spring."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise Malformed("red_north/players", f"Red North is for 2–4 players, not {players}")
    points = outpost_raid_points(options)
    log = Log(initial(players))
    others = [c.value for c in Colour if c is not Colour.GREEN]
    picked = chance.shuffle(others, "red_north: select the Outposts besides green")[:players]
    in_play = tuple(c for c in Colour if c is Colour.GREEN or c.value in picked)
    log.emit(ev.GameStarted(players, in_play, tuple(points[c] for c in in_play), STARTING_GLORY))
    jarls = chance.shuffle(ALL_JARLS, "red_north: shuffle the Jarls")
    removed = JARLS_REMOVED[players]
    if removed:
        log.emit(ev.JarlsRemoved(tuple(jarls[:removed])))
    for seat in range(players):
        log.emit(ev.JarlGiven(seat, jarls[removed + seat]))
    deck = tuple(jarls[removed + players :]) + tuple(c for col in in_play for c in raiders(col))
    log.emit(ev.DeckShuffled(chance.shuffle(deck, "red_north: shuffle the draw deck")))
    for seat in range(players):
        draw_to_hand(log, seat, HAND_DEAL, chance, "deal")
    first = chance.below(players, "red_north: first player (largest feet, by lot)")
    log.emit(ev.TokenPassed(Token.FIRST_PLAYER, first, "setup: chosen by lot"))
    for colour in in_play:
        form_group(log, hero(colour), SPRING_GROUP_CARDS, chance)
    log.emit(ev.RoundStarted(1))
    return tuple(log.events)


# --- decide -----------------------------------------------------------------------------


def decide(state: State, seat: int, command: Any, chance: Chance) -> tuple[Any, ...]:
    if state.phase is Phase.OVER:
        raise GameOver("red_north/game-over", "the game has ended")
    if state.phase is Phase.SETUP:
        raise _illegal("not-started", "the game has not been set up")
    if not 0 <= seat < state.count:
        raise NotYourTurn("red_north/no-such-seat", f"there is no seat {seat}")
    handler = _HANDLERS.get(type(command))
    if handler is None:
        raise Malformed(
            "red_north/unknown-command", f"{type(command).__name__} is not a Red North command"
        )
    log = Log(state)
    handler(log, seat, command, chance)
    return tuple(log.events)


def _deploy(log: Log, seat: int, c: cmd.Deploy, chance: Chance) -> None:
    """Deployment: each player simultaneously places 3 cards face-down in a row."""
    s = log.state
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
    log.emit(ev.PartyDeployed(seat, c.cards))
    if all(q.deployed for q in log.state.players):
        _offer_powers(log)


def _offer_powers(log: Log) -> None:
    """Activate Outpost Powers: Angleland, then Sax (if a Raider is in the discard pile)."""
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
    first = log.state.first_player
    log.emit(ev.TurnStarted(first if first is not None else 0))


def _power_seat(log: Log, seat: int, colour: Colour | None) -> Colour:
    s = log.state
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


def _close_power(log: Log, colour: Colour, used: bool) -> None:
    log.emit(ev.OutpostPowerClosed(colour, used))
    if not log.state.pending_powers:
        _start_actions(log)


def _give_first_player(log: Log, seat: int, c: cmd.GiveFirstPlayer, chance: Chance) -> None:
    """Angleland: give the First Player token to a player of your choice, or keep it."""
    _power_seat(log, seat, Colour.RED)
    if not 0 <= c.seat < log.state.count:
        raise _illegal("no-such-seat", f"there is no seat {c.seat}")
    if log.state.first_player != c.seat:
        log.emit(ev.TokenPassed(Token.FIRST_PLAYER, c.seat, "red Outpost power"))
    _close_power(log, Colour.RED, True)


def _take_from_discard(log: Log, seat: int, c: cmd.TakeFromDiscard, chance: Chance) -> None:
    """Sax: a single Raider from the discard pile face-up at either end of your Party."""
    _power_seat(log, seat, Colour.YELLOW)
    if c.card not in log.state.discard or kind_of(c.card) is not Kind.RAIDER:
        raise _illegal("sax-raider-from-discard", f"{c.card} is not a Raider in the discard pile")
    position = 0 if c.end is End.LEFT else len(log.state.players[seat].party)
    log.emit(ev.CardTakenFromDiscard(seat, c.card, position, "yellow Outpost power"))
    _close_power(log, Colour.YELLOW, True)


def _decline(log: Log, seat: int, c: cmd.DeclinePower, chance: Chance) -> None:
    _close_power(log, _power_seat(log, seat, None), False)


def _turn_seat(log: Log, seat: int) -> None:
    s = log.state
    if s.phase is not Phase.ACTIONS:
        raise _illegal("not-actions", "actions are taken only in the Player Actions phase")
    if s.current != seat:
        raise NotYourTurn("red_north/not-your-turn", f"it is seat {s.current}'s turn")


def _action_seat(log: Log, seat: int) -> None:
    _turn_seat(log, seat)
    if log.state.players[seat].drawn is not None:
        raise _illegal(
            "freya-place-first", "place the card Freya drew at an end of your Party first"
        )


def _end_turn(log: Log, seat: int, chance: Chance) -> None:
    """Clockwise, one action at a time; passed players are skipped; all passed: Resolution."""
    nxt = next_to_act(log.state, seat)
    if nxt is None:
        resolve(log, chance)
    else:
        log.emit(ev.TurnStarted(nxt))


def _position(log: Log, seat: int, position: int) -> None:
    if not 0 <= position < len(log.state.players[seat].party):
        raise _illegal("no-such-position", f"your Party has no card at position {position}")


def _withdraw(log: Log, seat: int, c: cmd.Withdraw, chance: Chance) -> None:
    """Withdraw: a face-down card back to hand; the Party closes the gap."""
    _action_seat(log, seat)
    _position(log, seat, c.position)
    pc = log.state.players[seat].party[c.position]
    if pc.face_up:
        raise _illegal("withdraw-face-down-only", "face-up cards may not be withdrawn")
    log.emit(ev.CardWithdrawn(seat, c.position, pc.card))
    _end_turn(log, seat, chance)


def _reinforce(log: Log, seat: int, c: cmd.Reinforce, chance: Chance) -> None:
    """Reinforce: turn a face-down card face-up, then add a card from hand face-up at an end.
    RULINGS.md: needs a face-down card in the Party and a card in hand."""
    _action_seat(log, seat)
    p = log.state.players[seat]
    if not p.face_down_positions():
        raise _illegal("reinforce-needs-face-down", "you have no face-down card in your Party")
    if not p.hand:
        raise _illegal("reinforce-needs-card", "you have no card in hand to add")
    _position(log, seat, c.position)
    if p.party[c.position].face_up:
        raise _illegal("reinforce-turn-face-down", f"the card at {c.position} is already face-up")
    if c.card not in p.hand:
        raise _illegal("card-not-in-hand", f"{c.card} is not in your hand")
    log.emit(ev.CardRevealed(seat, c.position, p.party[c.position].card))
    position = 0 if c.end is End.LEFT else len(p.party)
    log.emit(ev.CardAdded(seat, c.card, position))
    _end_turn(log, seat, chance)


def _inspire(log: Log, seat: int, c: cmd.Inspire, chance: Chance) -> None:
    """Inspire: 1 of your Glory on a face-up Raider or Hero of your Party (never a Jarl)."""
    _action_seat(log, seat)
    p = log.state.players[seat]
    if p.glory < 1:
        raise _illegal("inspire-needs-glory", "you have no Glory token")
    _position(log, seat, c.position)
    pc = p.party[c.position]
    if not pc.face_up:
        raise _illegal("inspire-face-up", "Glory goes on a face-up card")
    if not is_warrior(pc.card):
        raise _illegal("inspire-not-on-jarl", "Glory goes on a Raider or Hero, never a Jarl")
    log.emit(ev.GloryPlaced(seat, c.position, from_supply=False))
    _end_turn(log, seat, chance)


def _promote(log: Log, seat: int, c: cmd.Promote, chance: Chance) -> None:
    """Promote: the Champion token on a face-up Jarl; needs the blue Outpost and the token."""
    _action_seat(log, seat)
    s = log.state
    if s.owner(Colour.BLUE) != seat:
        raise _illegal("promote-needs-blue", "you do not control the blue Outpost")
    if s.champion != seat:
        raise _illegal("promote-needs-champion", "you do not have the Champion token")
    _position(log, seat, c.position)
    pc = s.players[seat].party[c.position]
    if not pc.face_up or kind_of(pc.card) is not Kind.JARL:
        raise _illegal("promote-face-up-jarl", "the Champion goes on a face-up Jarl")
    log.emit(ev.ChampionPlaced(seat, c.position))
    _end_turn(log, seat, chance)


def _invoke(log: Log, seat: int, c: cmd.Invoke, chance: Chance) -> None:
    _action_seat(log, seat)
    invoke(log, seat, c, chance)
    if log.state.players[seat].drawn is None:
        _end_turn(log, seat, chance)
    # Freya: the same action goes on with PlaceFreyaCard, once the card has been seen.


def _place_freya(log: Log, seat: int, c: cmd.PlaceFreyaCard, chance: Chance) -> None:
    """Freya: the card drawn and looked at goes face-down at either end of the Party."""
    _turn_seat(log, seat)
    p = log.state.players[seat]
    if p.drawn is None:
        raise _illegal("no-freya-card", "Freya has not drawn a card for you to place")
    position = 0 if c.end is End.LEFT else len(p.party)
    log.emit(ev.FreyaCardPlaced(seat, p.drawn, position))
    _end_turn(log, seat, chance)


def _pass(log: Log, seat: int, c: cmd.Pass, chance: Chance) -> None:
    """Pass: take a remaining Muster Group (RULINGS.md: any; in Ragnarok none, take nothing)."""
    _action_seat(log, seat)
    s = log.state
    if s.round >= ROUNDS:
        if c.group is not None:
            raise _illegal("no-muster-in-ragnarok", "there are no Muster Groups in Ragnarok")
        log.emit(ev.Passed(seat, None, ()))
    else:
        group = next((g for g in s.muster if g.leader == c.group), None)
        if group is None:
            leaders = [g.leader for g in s.muster]
            raise _illegal("no-such-muster-group", f"choose one of the Muster Groups {leaders}")
        log.emit(ev.Passed(seat, group.leader, (group.leader, *group.cards)))
    _end_turn(log, seat, chance)


_HANDLERS: Mapping[type, Callable[[Log, int, Any, Chance], None]] = {
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


# --- who acts, and what they may do -----------------------------------------------------


def to_act(state: State) -> frozenset[int]:
    if state.phase is Phase.DEPLOYMENT:
        return frozenset(s for s, p in enumerate(state.players) if not p.deployed)
    if state.phase is Phase.OUTPOST_POWERS and state.pending_powers:
        owner = state.owner(state.pending_powers[0])
        return frozenset() if owner is None else frozenset({owner})
    if state.phase is Phase.ACTIONS and state.current is not None:
        return frozenset({state.current})
    return frozenset()


def legal_commands(state: State, seat: int) -> Iterator[Any]:
    """Every legal command of ``seat`` now, lazily (Deploy orders included)."""
    if seat not in to_act(state):
        return
    p = state.players[seat]
    if state.phase is Phase.DEPLOYMENT:
        for cards in permutations(p.hand, min(PARTY_SIZE, len(p.hand))):
            yield cmd.Deploy(tuple(cards))
        return
    if state.phase is Phase.OUTPOST_POWERS:
        colour = state.pending_powers[0]
        yield cmd.DeclinePower()
        if colour is Colour.RED:
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
    if state.round >= ROUNDS:
        yield cmd.Pass()
    else:
        for group in state.muster:
            yield cmd.Pass(group.leader)
    face_down = p.face_down_positions()
    for pos in face_down:
        yield cmd.Withdraw(pos)
    for pos in face_down:
        for card in p.hand:
            for end in End:
                yield cmd.Reinforce(pos, card, end)
    face_up = [i for i, pc in enumerate(p.party) if pc.face_up]
    if p.glory:
        for pos in face_up:
            if is_warrior(p.party[pos].card):
                yield cmd.Inspire(pos)
    if state.owner(Colour.BLUE) == seat and state.champion == seat:
        for pos in face_up:
            if kind_of(p.party[pos].card) is Kind.JARL:
                yield cmd.Promote(pos)
    yield from legal_invokes(state, seat)

"""Resolution A–E, run when the last player passes (rulebook "Resolution", "Game End").

* A: every face-down Party card is revealed; Raid Points per colour (:mod:`scoring`).
* B: the most Raid Points wins or keeps the Outpost and scores the round's VP (1/2/3). A tie
  goes to the Tie Breaker holder *as it was before this Resolution* (the token does not change
  hands yet); otherwise the Outpost returns to the centre. RULINGS.md: when every player has
  0 Raid Points in a colour, its Outpost stays where it is and nobody scores it.
* C: 1 Glory per colour in play a player did not win while having a Raider or Hero of it.
* D: red → First Player token, green → Tie Breaker, blue → Champion, purple → draw 2. If red
  is not in play the First Player token goes to the most VP; in a tie the tied player who
  controls green takes it, else the current holder keeps it. House ruling: a token whose
  Outpost nobody controls stays where it is (including red in play but uncontrolled).
  Ragnarok: only the Tie Breaker is collected.
* E (not in Ragnarok): Party cards discarded and their Glory returned to the supply; the
  unclaimed Muster Group is discarded, its Hero set aside (for Thor). House ruling: an
  unclaimed God leaves the game (it could never be used), and so do invoked Gods, so no God
  ever reaches the draw deck through a reshuffle. End of Spring: Summer groups (players + 1
  random Gods, 3 cards each); the other Gods leave the game.
"""

from __future__ import annotations

from skald.domain.kernel.chance import Chance
from skald.domain.red_north import events as ev
from skald.domain.red_north.components import (
    ALL_GODS,
    FRANKENLAND_DRAW,
    ROUND_VP,
    ROUNDS,
    SUMMER_GROUP_CARDS,
    Colour,
    Token,
)
from skald.domain.red_north.flow import Log, draw_to_hand, form_group
from skald.domain.red_north.scoring import raid_points, winners
from skald.domain.red_north.state import State


def resolve(log: Log, chance: Chance) -> None:
    _reveal(log)
    won = _award(log)
    _compensate(log, won)
    _collect_tokens(log, chance)
    state = log.state
    if state.round >= ROUNDS:
        seats, reason = winners(state)
        log.emit(ev.GameEnded(tuple(p.vp for p in state.players), seats, reason))
        return
    _prepare_next_round(log, chance)


def _reveal(log: Log) -> None:
    for seat, p in enumerate(log.state.players):
        for position, pc in enumerate(p.party):
            if not pc.face_up:
                log.emit(ev.CardRevealed(seat, position, pc.card))


def _award(log: Log) -> dict[Colour, int | None]:
    state = log.state
    holder = state.tie_breaker  # does not change hands during awarding
    vp = ROUND_VP[state.round - 1]
    won: dict[Colour, int | None] = {}
    for outpost in state.outposts:
        points = raid_points(state, outpost.colour)
        best = max(points)
        leaders = [s for s, p in enumerate(points) if p == best]
        seat: int | None
        if best == 0:
            seat, how, score = outpost.owner, "unchanged", 0
        elif len(leaders) == 1:
            seat, how, score = leaders[0], "most", vp
        elif holder in leaders:
            seat, how, score = holder, "tie_breaker", vp
        else:
            seat, how, score = None, "returned", 0
        won[outpost.colour] = seat if best > 0 else None
        log.emit(ev.OutpostAwarded(outpost.colour, seat, points, score, how))
    return won


def _compensate(log: Log, won: dict[Colour, int | None]) -> None:
    for seat, p in enumerate(log.state.players):
        colours = tuple(
            o.colour
            for o in log.state.outposts
            if won[o.colour] != seat and p.has_warrior_of(o.colour)
        )
        if colours:
            log.emit(ev.GloryGained(seat, colours))


def _take(log: Log, token: Token, colour: Colour) -> None:
    state = log.state
    owner = state.owner(colour)
    if owner is None:
        return
    held = {
        Token.FIRST_PLAYER: state.first_player,
        Token.TIE_BREAKER: state.tie_breaker,
        Token.CHAMPION: state.champion,
    }[token]
    if held != owner:
        log.emit(ev.TokenPassed(token, owner, f"{colour.value} Outpost"))


def _collect_tokens(log: Log, chance: Chance) -> None:
    if log.state.round >= ROUNDS:
        _take(log, Token.TIE_BREAKER, Colour.GREEN)
        return
    _take(log, Token.FIRST_PLAYER, Colour.RED)
    _take(log, Token.TIE_BREAKER, Colour.GREEN)
    _take(log, Token.CHAMPION, Colour.BLUE)
    frankenland = log.state.owner(Colour.PURPLE)
    if frankenland is not None:
        draw_to_hand(log, frankenland, FRANKENLAND_DRAW, chance, "purple Outpost")
    if log.state.outpost(Colour.RED) is None:
        _first_player_by_vp(log)


def _first_player_by_vp(log: Log) -> None:
    state: State = log.state
    vps = [p.vp for p in state.players]
    tied = [s for s, v in enumerate(vps) if v == max(vps)]
    green = state.owner(Colour.GREEN)
    if len(tied) == 1:
        seat = tied[0]
    elif green in tied:
        seat = green
    else:
        return  # the current First Player keeps the token
    if seat != state.first_player:
        log.emit(ev.TokenPassed(Token.FIRST_PLAYER, seat, "most VP (red Outpost not in play)"))


def _prepare_next_round(log: Log, chance: Chance) -> None:
    state = log.state
    cards = tuple(pc.card for p in state.players for pc in p.party)
    log.emit(ev.PartiesDiscarded(cards))
    for group in log.state.muster:
        log.emit(ev.MusterGroupDiscarded(group.leader, group.cards))
    if state.round == 1:
        gods = chance.shuffle(ALL_GODS, "red_north: choose the Summer Gods")
        n = state.count + 1
        log.emit(ev.GodsSelected(tuple(gods[:n]), tuple(gods[n:])))
        for god in gods[:n]:
            form_group(log, god, SUMMER_GROUP_CARDS, chance)
    log.emit(ev.RoundStarted(state.round + 1))

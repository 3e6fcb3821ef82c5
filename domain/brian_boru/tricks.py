"""Tricks (§3.3): the active town, leading and following, the winner, and the resolution.

Sources: ../shared/games/brian-boru/rules-and-data.md §3.3.1–5, round-steps.en.txt steps
10–17, ../shared/games/RULINGS.md (5 players play 4 tricks and discard the last card).

House rulings (NOTES.md): if the leader holds no card of any empty town's colour (and no white
card), they may put the marker on any empty town and lead any card; with no empty town left
the trick is played without an active town: white counts as the lead colour, and TOWN only
moves the marker to the winner.
"""

from __future__ import annotations

from skald.domain.brian_boru import actions
from skald.domain.brian_boru import commands as cmd
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.cards import action_cards, card_value
from skald.domain.brian_boru.commands import CODES
from skald.domain.brian_boru.decisions import Decision, DecisionKind
from skald.domain.brian_boru.flow import Log
from skald.domain.brian_boru.map import TOWN_COUNT
from skald.domain.brian_boru.queries import lead_towns, playable_cards, trick_winner
from skald.domain.brian_boru.state import CardSide, Phase, PlayedCard, State
from skald.domain.kernel.chance import Chance


def check_town_id(town: int) -> None:
    if not 1 <= town <= TOWN_COUNT:
        raise CODES.illegal("unknown-town", f"there is no town {town} (towns are 1–53)")


def check_active_town(state: State, seat: int, command: cmd.ChooseActiveTown) -> None:
    """§3.3.1: the active-town marker goes on a town without a disc that the leader can lead
    to (§3.3.2; fallback: any empty town)."""
    if state.phase is not Phase.LEAD:
        raise CODES.illegal("wrong-command", "the active town is chosen before a trick")
    check_town_id(command.town)
    if state.towns[command.town - 1].owner is not None:
        raise CODES.illegal("active-town-occupied", "§3.3.1: the active town must have no disc")
    if command.town not in lead_towns(state):
        raise CODES.illegal(
            "active-town-cannot-lead",
            "§3.3.2: you hold no card of that town's colour and no white card",
        )


def choose_active_town(log: Log, seat: int, command: cmd.ChooseActiveTown, chance: Chance) -> None:
    log.emit(ev.ActiveTownChosen(seat, command.town))


def check_play(state: State, seat: int, command: cmd.PlayCard) -> None:
    """§3.3.2–3: lead a card of the town's colour or white; follow with any card."""
    if state.phase is not Phase.PLAY:
        raise CODES.illegal("wrong-command", "cards are played only in a trick")
    if command.card not in state.players[seat].hand:
        raise CODES.illegal("card-not-in-hand", "you do not hold that card")
    if command.card not in playable_cards(state, seat):
        raise CODES.illegal(
            "lead-colour", "§3.3.2: lead a card of the town's colour or a white card"
        )


def play_card(log: Log, seat: int, command: cmd.PlayCard, chance: Chance) -> None:
    log.emit(ev.CardPlayed(seat, command.card))
    s = log.state
    if len(s.trick) == s.players_count:
        win = trick_winner(s)
        log.emit(ev.TrickWon(win.seat, win.card, s.active_town))


# --- resolution (§3.3.5) ------------------------------------------------------------------


def next_card(state: State) -> PlayedCard | None:
    """§3.3.5: the next played card to resolve, in ascending value (``None``: all done)."""
    order = sorted(state.trick, key=lambda p: card_value(p.card))
    if state.acting is None:
        return order[0] if order else None
    for i, p in enumerate(order):
        if p.card == state.acting.card:
            return order[i + 1] if i + 1 < len(order) else None
    return None


def _has_choice(state: State, card: str) -> bool:
    """White 20–22 have one secondary action only (§5.2)."""
    return bool(action_cards(state.card5_coins)[card_value(card) - 1].secondary_b)


def decision(state: State) -> Decision | None:
    """The choice the resolution waits for: the current symbol's, or a loser's secondary."""
    if actions.current(state) is not None:
        return actions.decision(state)
    nxt = next_card(state)
    if nxt is not None and nxt.seat != state.trick_winner and _has_choice(state, nxt.card):
        return Decision(nxt.seat, DecisionKind.SECONDARY, card=nxt.card)
    return None


def resolve(log: Log) -> bool:
    """Resolve the trick's actions until a choice is needed (``False``) or the trick and, after
    the last trick, the action phase are over (``True``)."""
    while True:
        if not actions.run_symbols(log):
            return False
        s = log.state
        nxt = next_card(s)
        if nxt is None:
            log.emit(ev.TrickEnded(s.trick_no, s.trick_winner))
            if all(len(p.hand) <= 1 for p in log.state.players):
                log.emit(ev.ActionPhaseEnded(s.round), ev.UpkeepBegan(s.round))
            return True
        if nxt.seat == s.trick_winner:
            side = CardSide.PRIMARY
        elif _has_choice(s, nxt.card):
            return False
        else:
            side = CardSide.SECONDARY_A
        log.emit(ev.ActionChosen(nxt.seat, nxt.card, side))

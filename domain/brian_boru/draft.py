"""Setup (§2) and the draft (§3.2): starting towns, then keep two cards and pass left.

Sources: ../shared/games/brian-boru/rules-and-data.md §2.1–§2.7 and §3.2, round-steps.en.txt
steps 2–9. The printed values in play come from the setup options (printed.py).
"""

from __future__ import annotations

from skald.domain.brian_boru import commands as cmd
from skald.domain.brian_boru import events as ev
from skald.domain.brian_boru.cards import VIKING_CARD_IDS
from skald.domain.brian_boru.commands import CODES
from skald.domain.brian_boru.flow import Log, begin_round
from skald.domain.brian_boru.map import REGION_BY_KEY, TOWNS
from skald.domain.brian_boru.marriages import MARRIAGE_CARDS, PRINCESS, regular_cards_used
from skald.domain.brian_boru.printed import settings
from skald.domain.brian_boru.state import Phase, State
from skald.domain.brian_boru.tricks import check_town_id
from skald.domain.kernel.chance import Chance
from skald.domain.kernel.options import Options


def setup_events(players: int, options: Options, chance: Chance) -> tuple[ev.Event, ...]:
    """§2.4–2.6: the start player by lot, the marriage deck (2 or 3 regular cards and the
    Princess last), the shuffled Viking deck."""
    printed = settings(options)
    start = chance.below(players, "start player")
    out: list[ev.Event] = [
        ev.GameStarted(
            players,
            start,
            printed.viking_strengths,
            printed.card5_coins,
            printed.dubhlinn[0],
            printed.dubhlinn[1],
            printed.road_31_43,
            printed.track,
        )
    ]
    regular = chance.shuffle(tuple(c.id for c in MARRIAGE_CARDS), "marriage deck")
    used = regular_cards_used(players)
    deck = (*regular[:used], PRINCESS.id)
    out.append(ev.MarriageDeckBuilt(deck, regular[used:], len(deck)))
    order = chance.shuffle(VIKING_CARD_IDS, "viking deck")
    out.append(ev.VikingDeckShuffled(order, len(order)))
    return tuple(out)


def check_start(state: State, seat: int, command: cmd.PlaceStartingTown) -> None:
    """§2.7: a disc on an empty town in a region holding no other player's disc."""
    if state.phase is not Phase.START_TOWNS:
        raise CODES.illegal("wrong-command", "starting towns are placed only at setup")
    check_town_id(command.town)
    if state.towns[command.town - 1].owner is not None:
        raise CODES.illegal("start-town-occupied", "§2.7: the town already has a disc")
    region = REGION_BY_KEY[TOWNS[command.town - 1].region]
    if any(state.towns[t - 1].owner not in (None, seat) for t in region.towns):
        raise CODES.illegal(
            "start-region-taken",
            "§2.7: you may not start in a region that holds another player's disc",
        )


def place_start(log: Log, seat: int, command: cmd.PlaceStartingTown, chance: Chance) -> None:
    log.emit(ev.StartingTownPlaced(seat, command.town))
    if log.state.start_placements == log.state.players_count:
        begin_round(log, chance)


def check_keep(state: State, seat: int, command: cmd.KeepCards) -> None:
    """§3.2: keep exactly two different cards of the current hand."""
    if state.phase is not Phase.DRAFT:
        raise CODES.illegal("wrong-command", "cards are kept only during the draft")
    if len(command.cards) != 2 or len(set(command.cards)) != 2:
        raise CODES.illegal("keep-two-cards", "§3.2: keep exactly two different cards")
    hand = state.players[seat].hand
    if any(card not in hand for card in command.cards):
        raise CODES.illegal("keep-card-not-in-hand", "§3.2: keep cards from your hand")


def keep(log: Log, seat: int, command: cmd.KeepCards, chance: Chance) -> None:
    """§3.2: when every seat has kept, hands pass left; 1–2 cards received are kept."""
    log.emit(ev.CardsKept(seat, command.cards, 2))
    s = log.state
    if any(p.hand and not p.kept for p in s.players):
        return
    n = s.players_count
    if any(p.hand for p in s.players):
        hands = [p.hand for p in s.players]
        for giver in range(n):
            log.emit(ev.CardsPassed(giver, (giver + 1) % n, hands[giver], len(hands[giver])))
        if all(len(p.hand) <= 2 for p in log.state.players):
            for taker, p in enumerate(log.state.players):
                log.emit(ev.CardsKept(taker, p.hand, len(p.hand)))
    if not any(p.hand for p in log.state.players):
        log.emit(ev.DraftEnded(s.round))

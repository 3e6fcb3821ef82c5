"""``decide``, ``legal_commands`` and ``to_act``: the rules of play.

Sources: rules-and-data.md §2 (setup), §3 (round: preparation, draft, tricks, action symbols),
§4 (upkeep: marriage, battle, church, claim regions), §6 (game end); round-steps.en.txt steps
1–45. RULINGS.md (Brian Boru) entries applied here: EXPAND may not target the active town of
the current trick; a player with no uncovered town loses nothing to the Vikings; FREE_VIKING
removes any Viking control token; 5 players play 4 tricks and discard the last card.

House rulings where every source is silent (NOTES.md):

* A mandatory town choice with exactly one possible town resolves automatically; with none it
  resolves as "nothing happens" (recorded with ``town=None``).
* If the leader holds no card of any empty town's colour (and no white card), they may put the
  marker on any empty town and lead any card. If no empty town is left, the trick is played
  without an active town: the lead card's colour is the active colour and TOWN does nothing.
* COIN- is automatic: pay 1 coin, or lose 2 points when the seat has no coin (never below 0).
* The battle's casualties are taken in clockwise order from the active-town marker holder.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import permutations
from typing import Any

from domain.brian_boru import commands as cmd
from domain.brian_boru import events as ev
from domain.brian_boru.cards import (
    VIKING_CARD_IDS,
    VIKING_STRENGTHS_DEFAULT,
    Group,
    Symbol,
    action_cards,
    card_id,
    card_value,
    viking_index,
)
from domain.brian_boru.evolve import evolve
from domain.brian_boru.map import NEIGHBOURS, REGION_BY_KEY, TOWN_COUNT, TOWNS, Colour
from domain.brian_boru.marriages import (
    MARRIAGE_BY_ID,
    MARRIAGE_CARDS,
    PRINCESS,
    SPURN_POINTS,
    PrincessOption,
    TrackReward,
    regular_cards_used,
)
from domain.brian_boru.model import (
    CardSide,
    Decision,
    DecisionKind,
    Op,
    OpKind,
    Phase,
    PlayedCard,
    SecondaryChoice,
    State,
)
from domain.brian_boru.printed import ROAD_31_43
from domain.brian_boru.printed import settings as printed_settings
from domain.brian_boru.scoring import claim_regions, final_scores
from domain.kernel.chance import Chance
from domain.kernel.errors import GameOver, IllegalMove, Malformed, NotYourTurn

G = "brian_boru/"

HAND_SIZE = {3: 8, 4: 6, 5: 5}
"""§3.2: cards dealt each."""

EXTRA_COST = 2
EXPAND_COST = 5
MONASTERY_THRESHOLD = 4
UPKEEP_OPS: tuple[Op, ...] = (
    Op(OpKind.MARRIAGE_STEP),
    Op(OpKind.BATTLE_STEP),
    Op(OpKind.CHURCH_MAJORITY),
    Op(OpKind.CHURCH_RECOUNT),
    Op(OpKind.CHURCH_THRESHOLD),
    Op(OpKind.CLAIM_STEP),
    Op(OpKind.ROUND_END),
)
"""§4: Marriage → Battle → Church → Claim regions, then the round (or game) ends."""


# --------------------------------------------------------------------------- queries


def controls(s: State, seat: int, town: int) -> bool:
    t = s.towns[town - 1]
    return t.owner == seat and not t.viking


def empty_towns(s: State, region: str = "") -> tuple[int, ...]:
    towns = REGION_BY_KEY[region].towns if region else range(1, TOWN_COUNT + 1)
    return tuple(t for t in towns if s.towns[t - 1].owner < 0)


def start_towns(s: State, seat: int) -> tuple[int, ...]:
    """§2.7: an empty town in a region holding no other player's disc."""
    blocked = {TOWNS[i].region for i, t in enumerate(s.towns) if t.owner >= 0 and t.owner != seat}
    return tuple(t for t in empty_towns(s) if TOWNS[t - 1].region not in blocked)


def expand_targets(s: State, seat: int) -> tuple[int, ...]:
    """§3.4 EXPAND5: empty towns one road away from a town the seat controls, never the
    active town of the current trick (RULINGS.md). Road 31–43 only with ``road_31_43``."""
    out: set[int] = set()
    for i, t in enumerate(s.towns):
        if t.owner == seat and not t.viking:
            for n in NEIGHBOURS[i + 1]:
                road = s.road_31_43 or tuple(sorted((i + 1, n))) != ROAD_31_43
                if road and s.towns[n - 1].owner < 0 and n != s.active_town:
                    out.add(n)
    return tuple(sorted(out))


def viking_towns(s: State) -> tuple[int, ...]:
    return tuple(i + 1 for i, t in enumerate(s.towns) if t.viking)


def controlled_towns(s: State, seat: int) -> tuple[int, ...]:
    return tuple(i + 1 for i, t in enumerate(s.towns) if t.owner == seat and not t.viking)


def monastery_towns(s: State, seat: int) -> tuple[int, ...]:
    """§4.3: a town the seat controls (not Viking-controlled) without a monastery."""
    return tuple(
        i + 1 for i, t in enumerate(s.towns) if t.owner == seat and not t.viking and not t.monastery
    )


def colour_of(s: State, card: str) -> Colour:
    return action_cards(s.card5_coins)[card_value(card) - 1].colour


def can_lead(s: State, card: str, colour: Colour) -> bool:
    c = colour_of(s, card)
    return c is colour or c is Colour.WHITE


def lead_towns(s: State) -> tuple[int, ...]:
    """§3.3.1–2: empty towns the leader can lead to (fallback: every empty town)."""
    hand = s.players[s.marker].hand
    empties = empty_towns(s)
    ok = tuple(t for t in empties if any(can_lead(s, c, TOWNS[t - 1].colour) for c in hand))
    return ok or empties


def playable_cards(s: State, seat: int) -> tuple[str, ...]:
    hand = s.players[seat].hand
    if s.trick or s.active_town is None:
        return hand
    colour = TOWNS[s.active_town - 1].colour
    ok = tuple(c for c in hand if can_lead(s, c, colour))
    return ok or hand


def trick_winner(s: State) -> PlayedCard:
    """§3.3.4: highest card of the active colour, white counting as the active colour.

    The active colour is the town's. When no played card matches it (possible only in the
    leading fallback, where the leader held no card for any empty town and led off-colour)
    or there is no active town, the lead card's colour is the active colour, white counting
    as it: the lead card then always qualifies, so every trick has a winner (§3.3.4 "the
    leader always qualifies"; house ruling, NOTES.md).
    """
    if s.active_town is not None:
        colour = TOWNS[s.active_town - 1].colour
        qualifying = [p for p in s.trick if can_lead(s, p.card, colour)]
        if qualifying:
            return max(qualifying, key=lambda p: card_value(p.card))
    lead = colour_of(s, s.trick[0].card)
    qualifying = [p for p in s.trick if can_lead(s, p.card, lead)]
    return max(qualifying, key=lambda p: card_value(p.card))


def to_act(s: State) -> frozenset[int]:
    if s.phase in (Phase.OVER, Phase.SETUP):
        return frozenset()
    if s.pending is not None:
        return frozenset((s.pending.seat,))
    n = s.players_count
    if s.phase is Phase.START_TOWNS:
        return frozenset(((s.start_seat + s.start_placements) % n,))
    if s.phase is Phase.DRAFT:
        return frozenset(i for i, p in enumerate(s.players) if p.hand and not p.kept)
    if s.phase is Phase.LEAD:
        return frozenset((s.marker,))
    if s.phase is Phase.PLAY:
        return frozenset(((s.marker + len(s.trick)) % n,))
    return frozenset()


def max_extra(s: State, op: Op) -> int:
    """§3.4: how many extras (2 coins each) the seat may still buy after the base symbols."""
    p = s.players[op.seat]
    afford = p.coins // EXTRA_COST
    if op.kind is OpKind.CHURCH:
        return afford
    if op.kind is OpKind.RAIDER:
        base = min(op.amount, s.battlefield)
        return min(afford, s.battlefield - base)
    room = len(s.track) - 1 - p.track
    return min(afford, room - min(op.amount, room))


# --------------------------------------------------------------------------- builder


class _Builder:
    """Collects the events of one command, folding each into a working state."""

    def __init__(self, state: State, chance: Chance | None) -> None:
        self.s = state
        self.events: list[Any] = []
        self.chance = chance

    def emit(self, event: Any) -> None:
        self.events.append(event)
        self.s = evolve(self.s, event)

    def ask(self, decision: Decision) -> None:
        self.emit(ev.DecisionRequested(decision))


def _ops(seat: int, groups: tuple[Group, ...]) -> tuple[Op, ...]:
    out: list[Op] = []
    for g in groups:
        if g.symbol is Symbol.TOWN:
            out.append(Op(OpKind.TOWN, seat))
        elif g.symbol is Symbol.COIN_GAIN:
            out.append(Op(OpKind.COIN_GAIN, seat, g.count))
        elif g.symbol is Symbol.COIN_PAY:
            out.extend(Op(OpKind.COIN_PAY, seat) for _ in range(g.count))
        elif g.symbol is Symbol.RENOWN:
            out.append(Op(OpKind.RENOWN, seat, g.count))
        elif g.symbol is Symbol.CHURCH:
            out.append(Op(OpKind.CHURCH, seat, g.count))
        elif g.symbol is Symbol.RAIDER:
            out.append(Op(OpKind.RAIDER, seat, g.count))
        elif g.symbol is Symbol.MARRIAGE:
            out.append(Op(OpKind.MARRIAGE, seat, g.count))
        elif g.symbol is Symbol.EXPAND:
            out.append(Op(OpKind.EXPAND, seat))
        else:
            out.append(Op(OpKind.FREE_VIKING, seat))
    return tuple(out)


def _card_ops(s: State, seat: int, card: str, side: CardSide) -> tuple[Op, ...]:
    c = action_cards(s.card5_coins)[card_value(card) - 1]
    groups = {
        CardSide.PRIMARY: c.primary,
        CardSide.SECONDARY_A: c.secondary_a,
        CardSide.SECONDARY_B: c.secondary_b,
    }[side]
    return _ops(seat, groups)


def _extras_event(s: State, op: Op, extra: int) -> Any:
    seat = op.seat
    paid = extra * EXTRA_COST
    if op.kind is OpKind.CHURCH:
        return ev.ChurchDiscsPlaced(seat, op.amount, extra, paid)
    if op.kind is OpKind.RAIDER:
        return ev.RaidersTaken(seat, min(op.amount, s.battlefield), extra, paid)
    p = s.players[seat]
    room = len(s.track) - 1 - p.track
    target = p.track + min(op.amount, room) + extra
    if target == p.track:
        # Already on the top space: nothing happens (no collision either).
        return ev.MarriageAdvanced(seat, 0, 0, 0, p.track, p.track)
    others = {q.track for i, q in enumerate(s.players) if i != seat}
    while target > 0 and target in others:
        target -= 1  # §3.4 collision: down to an empty space or the bottom
    return ev.MarriageAdvanced(seat, min(op.amount, room), extra, paid, p.track, target)


def _choose_town(b: _Builder, op: Op, options: tuple[int, ...], decision: Decision) -> None:
    """A mandatory town choice: nothing with no option, automatic with one, else ask."""
    if len(options) == 1:
        b.emit(_town_event(b.s, op, options[0]))
    elif not options:
        b.emit(_town_event(b.s, op, None))
    else:
        b.ask(decision)


def _town_event(s: State, op: Op, town: int | None) -> Any:
    if op.kind is OpKind.FREE_VIKING:
        owner = s.towns[town - 1].owner if town is not None else -1
        return ev.VikingFreed(op.seat, town, owner)
    if op.kind is OpKind.PLACE_TOWN:
        return ev.TownPlaced(op.seat, town, op.card)
    if op.kind is OpKind.CASUALTY:
        return ev.TownLostToVikings(op.seat, town, op.by)
    p = s.players[op.seat]
    returned = p.church if (op.returns_discs and town is not None) else 0
    return ev.MonasteryPlaced(op.seat, town, returned)


def _run_op(b: _Builder, op: Op) -> None:
    s = b.s
    k = op.kind
    seat = op.seat
    if k is OpKind.PRIMARY:
        b.emit(
            ev.ActionChosen(
                seat, op.card, CardSide.PRIMARY, _card_ops(s, seat, op.card, CardSide.PRIMARY)
            )
        )
    elif k is OpKind.SECONDARY:
        card = action_cards(s.card5_coins)[card_value(op.card) - 1]
        if card.secondary_b:
            b.ask(Decision(seat, DecisionKind.SECONDARY, card=op.card))
        else:
            side = CardSide.SECONDARY_A
            b.emit(ev.ActionChosen(seat, op.card, side, _card_ops(s, seat, op.card, side)))
    elif k is OpKind.TOWN:
        b.emit(ev.ActiveTownTaken(seat, s.active_town))
    elif k is OpKind.COIN_GAIN:
        b.emit(ev.CoinsGained(seat, op.amount))
    elif k is OpKind.COIN_PAY:
        p = s.players[seat]
        if p.coins > 0:
            b.emit(ev.CoinPaid(seat, 1, 0))
        else:
            b.emit(ev.CoinPaid(seat, 0, min(2, max(p.points, 0))))
    elif k is OpKind.RENOWN:
        b.emit(ev.RenownGained(seat, op.amount))
    elif k in (OpKind.CHURCH, OpKind.RAIDER, OpKind.MARRIAGE):
        most = max_extra(s, op)
        if most > 0:
            b.ask(Decision(seat, DecisionKind.EXTRAS, max_extra=most, about=k.value))
        else:
            b.emit(_extras_event(s, op, 0))
    elif k is OpKind.EXPAND:
        targets = expand_targets(s, seat) if s.players[seat].coins >= EXPAND_COST else ()
        if targets:
            b.ask(Decision(seat, DecisionKind.EXPAND, options=targets))
        else:
            b.emit(ev.TownExpanded(seat, None, 0))
    elif k is OpKind.FREE_VIKING:
        opts = viking_towns(s)
        _choose_town(b, op, opts, Decision(seat, DecisionKind.FREE_VIKING, options=opts))
    elif k is OpKind.POINTS:
        b.emit(ev.PointsScored(seat, op.amount, op.card))
    elif k is OpKind.PLACE_TOWN:
        opts = empty_towns(s, op.region)
        _choose_town(
            b, op, opts, Decision(seat, DecisionKind.PLACE_TOWN, options=opts, about=op.card)
        )
    elif k is OpKind.PRINCESS:
        b.ask(Decision(seat, DecisionKind.PRINCESS, card=PRINCESS.id))
    elif k is OpKind.MARRIAGE_STEP:
        _marriage_step(b)
    elif k is OpKind.BATTLE_STEP:
        _battle_step(b)
    elif k is OpKind.CASUALTY:
        opts = controlled_towns(s, seat)
        _choose_town(
            b, op, opts, Decision(op.by, DecisionKind.CASUALTY, options=opts, about=str(seat))
        )
    elif k is OpKind.CLEAR_BATTLEFIELD:
        b.emit(ev.BattlefieldCleared(s.battlefield))
    elif k is OpKind.SPOILS:
        _spoils(b)
    elif k is OpKind.CHURCH_MAJORITY:
        church = [p.church for p in s.players]
        best = max(church)
        if best > 0 and church.count(best) == 1:
            winner = church.index(best)
            then: tuple[Op, ...] = (Op(OpKind.MONASTERY, winner),)
            b.emit(ev.ChurchMajorityWon(winner, best, then))
        else:
            b.emit(ev.StepCompleted("church_majority", "no single leader"))
    elif k is OpKind.CHURCH_RECOUNT:
        church = [p.church for p in s.players]
        best = max(church)
        if best > 0:
            b.emit(ev.ChurchRecounted(tuple(i for i, c in enumerate(church) if c == best)))
        else:
            b.emit(ev.StepCompleted("church_recount", "no church discs"))
    elif k is OpKind.CHURCH_THRESHOLD:
        n = s.players_count
        order = [(s.marker + i) % n for i in range(n)]
        seats = tuple(i for i in order if s.players[i].church >= MONASTERY_THRESHOLD)
        if seats:
            then = tuple(Op(OpKind.MONASTERY, i, returns_discs=True) for i in seats)
            b.emit(ev.ChurchThresholdChecked(seats, then))
        else:
            b.emit(ev.StepCompleted("church_threshold", "nobody has 4 church discs"))
    elif k is OpKind.MONASTERY:
        opts = monastery_towns(s, seat)
        _choose_town(b, op, opts, Decision(seat, DecisionKind.MONASTERY, options=opts))
    elif k is OpKind.CLAIM_STEP:
        flipped, moves = claim_regions(s)
        b.emit(ev.RegionsClaimed(flipped, moves))
    else:  # ROUND_END
        if s.final_round:
            scores, winners = final_scores(s)
            b.emit(ev.GameEnded(scores, winners, "the Princess of Denmark's round has ended"))
        else:
            b.emit(ev.RoundEnded(s.round))
            _begin_round(b)


def _marriage_step(b: _Builder) -> None:
    """§4.1: the highest disc wins the card; the others take their track space's reward."""
    s = b.s
    card_id_ = s.marriage_card
    if card_id_ is None:
        b.emit(ev.StepCompleted("marriage", "no marriage card"))
        return
    tracks = [p.track for p in s.players]
    best = max(tracks)
    if best == 0:
        b.emit(ev.MarriageCardDiscarded(card_id_))
        return
    winner = tracks.index(best)
    card = MARRIAGE_BY_ID[card_id_]
    then: list[Op] = []
    if card.princess:
        then.append(Op(OpKind.PRINCESS, winner, card=card.id))
    else:
        then.append(Op(OpKind.POINTS, winner, card.points, card=card.id))
        if card.renown:
            then.append(Op(OpKind.RENOWN, winner, card.renown))
        if card.town_region:
            then.append(Op(OpKind.PLACE_TOWN, winner, card=card.id, region=card.town_region))
    n = s.players_count
    for i in range(1, n):
        seat = (winner + i) % n
        space = s.track[tracks[seat]]
        if space.reward is TrackReward.COIN:
            then.append(Op(OpKind.COIN_GAIN, seat, space.amount))
        elif space.reward is TrackReward.RENOWN:
            then.append(Op(OpKind.RENOWN, seat, space.amount))
        elif space.reward is TrackReward.TOWN:
            then.append(Op(OpKind.PLACE_TOWN, seat, card="marriage-track"))
    b.emit(ev.MarriageWon(winner, card.id, tuple(then)))


def _battle_step(b: _Builder) -> None:
    """§4.2: casualties when raiders remain, then clear the battlefield, then spoils."""
    s = b.s
    n = s.players_count
    then: list[Op] = []
    if s.battlefield > 0:
        raiders = [p.raiders for p in s.players]
        fewest, most = min(raiders), max(raiders)
        top = [i for i, r in enumerate(raiders) if r == most]
        for i in range(n):
            seat = (s.marker + i) % n
            if raiders[seat] == fewest:
                chooser = top[0] if len(top) == 1 else seat
                then.append(Op(OpKind.CASUALTY, seat, by=chooser))
        then.append(Op(OpKind.CLEAR_BATTLEFIELD))
    then.append(Op(OpKind.SPOILS))
    b.emit(ev.BattleBegan(s.battlefield, tuple(then)))


def _spoils(b: _Builder) -> None:
    raiders = [p.raiders for p in b.s.players]
    most = max(raiders)
    if most > 0 and raiders.count(most) == 1:
        seat = raiders.index(most)
        p = b.s.players[seat]
        b.emit(ev.SpoilsAwarded(seat, 1, p.renown + 1, p.raiders))
    raiders = [p.raiders for p in b.s.players]
    most = max(raiders)
    if most > 0:
        for seat, r in enumerate(raiders):
            if r == most:
                b.emit(ev.SpoilsAwarded(seat, 0, 1, 1))
    b.emit(ev.StepCompleted("spoils", "battle spoils paid"))


def _begin_round(b: _Builder) -> None:
    """§3.1 preparation and the deal of §3.2."""
    assert b.chance is not None
    s = b.s
    round_no = s.round + 1
    b.emit(ev.RoundBegan(round_no))
    viking = s.viking_deck[0]
    b.emit(ev.VikingsAttacked(viking, s.viking_strengths[viking_index(viking)]))
    marriage = b.s.marriage_deck[0]
    b.emit(ev.MarriageCardRevealed(marriage, len(b.s.marriage_deck) == 1))
    deck = tuple(card_id(round_no, v) for v in range(1, 26))
    order = b.chance.shuffle(deck, f"round {round_no} action cards")
    b.emit(ev.ActionCardsShuffled(round_no, order, len(order)))
    size = HAND_SIZE[s.players_count]
    for seat in range(s.players_count):
        hand = order[seat * size : (seat + 1) * size]
        b.emit(ev.CardsDealt(seat, hand, len(hand)))


def _advance(b: _Builder) -> None:
    """Run every automatic step until a seat must act (or the game is over)."""
    while True:
        s = b.s
        if s.phase is Phase.OVER or s.pending is not None:
            return
        if s.program:
            _run_op(b, s.program[0])
            continue
        if s.phase is Phase.RESOLVE:
            b.emit(ev.TrickEnded(s.trick_no, s.trick_winner))
            if all(len(p.hand) <= 1 for p in b.s.players):
                b.emit(ev.ActionPhaseEnded(s.round))
                b.emit(ev.UpkeepBegan(s.round, UPKEEP_OPS))
            continue
        if s.phase is Phase.LEAD and not empty_towns(s):
            b.emit(ev.ActiveTownChosen(s.marker, None))
        return


def _after_keep(b: _Builder) -> None:
    """§3.2: when every seat has kept, hands pass left; 1–2 cards received are kept."""
    s = b.s
    if any(p.hand and not p.kept for p in s.players):
        return
    n = s.players_count
    if any(p.hand for p in s.players):
        hands = [p.hand for p in s.players]
        for seat in range(n):
            b.emit(ev.CardsPassed(seat, (seat + 1) % n, hands[seat], len(hands[seat])))
        if all(len(p.hand) <= 2 for p in b.s.players):
            for seat, p in enumerate(b.s.players):
                b.emit(ev.CardsKept(seat, p.hand, len(p.hand)))
    if not any(p.hand for p in b.s.players):
        b.emit(ev.DraftEnded(s.round))
        _advance(b)


# --------------------------------------------------------------------------- setup


def setup_events(players: int, options: dict[str, str], chance: Chance) -> tuple[Any, ...]:
    strengths_text = options.get("viking_strengths", "")
    if strengths_text:
        try:
            strengths = tuple(int(x) for x in strengths_text.split(","))
        except ValueError:
            raise Malformed(G + "bad-option", "viking_strengths must list 7 integers") from None
        if len(strengths) != len(VIKING_CARD_IDS) or min(strengths) < 0:
            raise Malformed(G + "bad-option", "viking_strengths must list 7 integers ≥ 0")
    else:
        strengths = VIKING_STRENGTHS_DEFAULT
    printed_settings(sorted(options.items()))  # validates dubhlinn, road_31_43, marriage_track
    card5_text = options.get("card5_coins", "3")
    card5 = int(card5_text) if card5_text in ("2", "3") else 0
    if card5 not in (2, 3):
        raise Malformed(G + "bad-option", "card5_coins must be 2 or 3")
    start = chance.below(players, "start player")
    settings = tuple(ev.OptionSetting(k, v) for k, v in sorted(options.items()))
    out: list[Any] = [ev.GameStarted(players, settings, start, strengths, card5)]
    regular = chance.shuffle(tuple(c.id for c in MARRIAGE_CARDS), "marriage deck")
    used = regular_cards_used(players)
    deck = (*regular[:used], PRINCESS.id)
    out.append(ev.MarriageDeckBuilt(deck, regular[used:], len(deck)))
    order = chance.shuffle(VIKING_CARD_IDS, "viking deck")
    out.append(ev.VikingDeckShuffled(order, len(order)))
    return tuple(out)


# --------------------------------------------------------------------------- decide


def _need(pending: Decision | None, kind: DecisionKind, command: Any) -> Decision:
    if pending is None or pending.kind is not kind:
        what = "no decision" if pending is None else f"a {pending.kind.value} decision"
        raise IllegalMove(
            G + "wrong-command",
            f"{type(command).__name__} does not answer what is pending now ({what})",
        )
    return pending


def _check_town(town: int) -> None:
    if not 1 <= town <= TOWN_COUNT:
        raise IllegalMove(G + "unknown-town", f"there is no town {town} (towns are 1–53)")


def decide(s: State, seat: int, command: Any, chance: Chance) -> tuple[Any, ...]:
    if s.phase is Phase.OVER:
        raise GameOver(G + "game-over", "the game has ended")
    if not isinstance(command, cmd.COMMANDS):
        raise Malformed(G + "unknown-command", f"{type(command).__name__} is not a command")
    if not 0 <= seat < s.players_count or seat not in to_act(s):
        raise NotYourTurn(G + "not-your-turn", f"seat {seat} may not act now")
    b = _Builder(s, chance)
    pending = s.pending
    if isinstance(command, cmd.PlaceStartingTown):
        if s.phase is not Phase.START_TOWNS:
            raise IllegalMove(G + "wrong-command", "starting towns are placed only at setup")
        _check_town(command.town)
        if s.towns[command.town - 1].owner >= 0:
            raise IllegalMove(G + "start-town-occupied", "§2.7: the town already has a disc")
        if command.town not in start_towns(s, seat):
            raise IllegalMove(
                G + "start-region-taken",
                "§2.7: you may not start in a region that holds another player's disc",
            )
        b.emit(ev.StartingTownPlaced(seat, command.town))
        if b.s.start_placements == s.players_count:
            _begin_round(b)
    elif isinstance(command, cmd.KeepCards):
        if s.phase is not Phase.DRAFT:
            raise IllegalMove(G + "wrong-command", "cards are kept only during the draft")
        hand = s.players[seat].hand
        if len(command.cards) != 2 or len(set(command.cards)) != 2:
            raise IllegalMove(G + "keep-two-cards", "§3.2: keep exactly two different cards")
        if any(c not in hand for c in command.cards):
            raise IllegalMove(G + "keep-card-not-in-hand", "§3.2: keep cards from your hand")
        b.emit(ev.CardsKept(seat, command.cards, 2))
        _after_keep(b)
    elif isinstance(command, cmd.ChooseActiveTown):
        if s.phase is not Phase.LEAD:
            raise IllegalMove(G + "wrong-command", "the active town is chosen before a trick")
        _check_town(command.town)
        if s.towns[command.town - 1].owner >= 0:
            raise IllegalMove(
                G + "active-town-occupied", "§3.3.1: the active town must have no disc"
            )
        if command.town not in lead_towns(s):
            raise IllegalMove(
                G + "active-town-cannot-lead",
                "§3.3.2: you hold no card of that town's colour and no white card",
            )
        b.emit(ev.ActiveTownChosen(seat, command.town))
    elif isinstance(command, cmd.PlayCard):
        if s.phase is not Phase.PLAY:
            raise IllegalMove(G + "wrong-command", "cards are played only in a trick")
        if command.card not in s.players[seat].hand:
            raise IllegalMove(G + "card-not-in-hand", "you do not hold that card")
        if command.card not in playable_cards(s, seat):
            raise IllegalMove(
                G + "lead-colour", "§3.3.2: lead a card of the town's colour or a white card"
            )
        b.emit(ev.CardPlayed(seat, command.card))
        if len(b.s.trick) == s.players_count:
            win = trick_winner(b.s)
            order = sorted(b.s.trick, key=lambda p: card_value(p.card))
            then = tuple(
                Op(OpKind.PRIMARY if p.seat == win.seat else OpKind.SECONDARY, p.seat, card=p.card)
                for p in order
            )
            b.emit(ev.TrickWon(win.seat, win.card, b.s.active_town, then))
            _advance(b)
    elif isinstance(command, cmd.ChooseSecondary):
        d = _need(pending, DecisionKind.SECONDARY, command)
        side = CardSide.SECONDARY_A if command.option is SecondaryChoice.A else CardSide.SECONDARY_B
        b.emit(ev.ActionChosen(seat, d.card, side, _card_ops(s, seat, d.card, side)))
        _advance(b)
    elif isinstance(command, cmd.BuyExtras):
        d = _need(pending, DecisionKind.EXTRAS, command)
        if not 0 <= command.count <= d.max_extra:
            raise IllegalMove(
                G + "extras-range",
                f"§3.4: buy 0 to {d.max_extra} extras (2 coins each, within what is left)",
            )
        b.emit(_extras_event(s, s.program[0], command.count))
        _advance(b)
    elif isinstance(command, cmd.Expand):
        d = _need(pending, DecisionKind.EXPAND, command)
        if command.town is None:
            b.emit(ev.TownExpanded(seat, None, 0))
        else:
            if command.town not in d.options:
                raise IllegalMove(
                    G + "expand-target",
                    "§3.4: expand to an empty town one road from a town you control "
                    "(not the active town)",
                )
            b.emit(ev.TownExpanded(seat, command.town, EXPAND_COST))
        _advance(b)
    elif isinstance(command, cmd.ChooseTown):
        if pending is None or pending.kind not in (
            DecisionKind.FREE_VIKING,
            DecisionKind.PLACE_TOWN,
            DecisionKind.CASUALTY,
            DecisionKind.MONASTERY,
        ):
            raise IllegalMove(G + "wrong-command", "no town choice is pending")
        if command.town not in pending.options:
            raise IllegalMove(
                G + "town-not-offered",
                f"choose one of the towns offered for the {pending.kind.value} decision",
            )
        b.emit(_town_event(s, s.program[0], command.town))
        _advance(b)
    else:
        assert isinstance(command, cmd.ChoosePrincessOption)
        _need(pending, DecisionKind.PRINCESS, command)
        points = SPURN_POINTS if command.option is PrincessOption.SPURN else 0
        b.emit(ev.PrincessOptionChosen(seat, command.option, points))
        _advance(b)
    return tuple(b.events)


# --------------------------------------------------------------------------- legal


def legal_commands(s: State, seat: int) -> Iterator[Any]:
    if seat not in to_act(s):
        return
    d = s.pending
    if d is not None:
        if d.kind is DecisionKind.SECONDARY:
            yield cmd.ChooseSecondary(SecondaryChoice.A)
            yield cmd.ChooseSecondary(SecondaryChoice.B)
        elif d.kind is DecisionKind.EXTRAS:
            for n in range(d.max_extra + 1):
                yield cmd.BuyExtras(n)
        elif d.kind is DecisionKind.EXPAND:
            yield cmd.Expand(None)
            for t in d.options:
                yield cmd.Expand(t)
        elif d.kind is DecisionKind.PRINCESS:
            for o in PrincessOption:
                yield cmd.ChoosePrincessOption(o)
        else:
            for t in d.options:
                yield cmd.ChooseTown(t)
        return
    if s.phase is Phase.START_TOWNS:
        for t in start_towns(s, seat):
            yield cmd.PlaceStartingTown(t)
    elif s.phase is Phase.DRAFT:
        for a, c in permutations(s.players[seat].hand, 2):
            yield cmd.KeepCards((a, c))
    elif s.phase is Phase.LEAD:
        for t in lead_towns(s):
            yield cmd.ChooseActiveTown(t)
    elif s.phase is Phase.PLAY:
        for c in playable_cards(s, seat):
            yield cmd.PlayCard(c)


def advance(state: State, chance: Chance | None = None) -> tuple[Any, ...]:
    """The automatic events from ``state`` on, until a seat must act (used by tests and
    tools that build a position directly, e.g. an upkeep program)."""
    b = _Builder(state, chance)
    _advance(b)
    return tuple(b.events)

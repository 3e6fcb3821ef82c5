"""Properties of the occupation effects over whole random games: games with every deck end
normally, the folded state is the live one, legal means accepted for the card commands and
the near-misses around them, no card's effect shows a seat another seat's hidden cards, and
the option ``occupations`` off gives the game without effects."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from skald.cli.autoplay.pickers import feast as pick
from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game import events as ev
from skald.domain.feast.game.cards.registry import BY_ID
from skald.domain.feast.game.state import State
from skald.domain.kernel import ServerChance, SkaldError, resolve_options
from skald.domain.kernel.codec import from_data, to_data
from skald.domain.kernel.fast import replace
from skald.domain.kernel.play import fold, is_legal
from tests.test_contract import Vocabulary, _near_misses

CARD_COMMANDS = (cmd.UseOccupation, cmd.ResolveOccupation, cmd.PlayOccupation)
PROBE = ServerChance(b"probe", "cards")


def _start(
    players: int, seed: str, cards: int, **options: Any
) -> tuple[State, list[Any], ServerChance]:
    """Set up, then give every seat ``cards`` built occupations in play and in hand (state
    surgery, so the cards' effects come up early and often)."""
    chance = ServerChance(b"cards-props", seed)
    events = list(RULES.setup(players, resolve_options(RULES.options, options), chance))
    state = fold(RULES, players, events)
    dealt = {c for p in state.players for c in p.hand}
    pool = random.Random(seed).sample(sorted(set(BY_ID) - dealt), 2 * cards * players)
    for seat in range(players):
        chosen = pool[2 * cards * seat : 2 * cards * (seat + 1)]
        p = state.players[seat]
        p = replace(p, played=tuple(chosen[:cards]), hand=(*p.hand, *chosen[cards:]), silver=6)
        state = state.with_player(seat, p)
    taken = set(pool)  # each card exists once: out of the deck and the unused starting cards
    state = replace(
        state,
        occupation_deck=tuple(c for c in state.occupation_deck if c not in taken),
        starting_pool=tuple(c for c in state.starting_pool if c not in taken),
    )
    return state, events, chance


def _play(state: State, chance: ServerChance, seed: str, check: bool) -> tuple[State, int, int]:
    picker = random.Random(seed)
    vocab = Vocabulary()
    cards_seen = checked = 0
    for step in range(6_000):
        if RULES.outcome(state) is not None:
            return state, cards_seen, checked
        acting = sorted(RULES.to_act(state))
        assert acting and {p.seat for p in RULES.pending(state)} == set(acting)
        seat = picker.choice(acting)
        legal = list(RULES.legal_commands(state, seat))
        assert legal
        if check and (step % 7 == 0 or any(isinstance(c, cmd.ResolveOccupation) for c in legal)):
            checked += _legal_means_accepted(state, legal, seat, vocab, picker)
        command = pick(legal, picker)
        cards_seen += isinstance(command, CARD_COMMANDS)
        new = RULES.decide(state, seat, command, chance)
        for event in new:
            assert from_data(type(event), to_data(event)) == event
            state = RULES.evolve(state, event)
    pytest.fail("game did not end")


def _legal_means_accepted(
    state: State, legal: list[Any], seat: int, vocab: Vocabulary, picker: random.Random
) -> int:
    cards = [c for c in legal if isinstance(c, CARD_COMMANDS)]
    for c in cards + picker.sample(legal, min(3, len(legal))):
        vocab.learn(c)
        RULES.check(state, seat, c)
        assert RULES.decide(state, seat, c, PROBE)
    listed = {seat: set(legal)} | {
        s: set(RULES.legal_commands(state, s)) for s in range(state.count) if s != seat
    }
    for who, c in _near_misses(RULES, state, state.count, listed, vocab, picker):
        with pytest.raises(SkaldError) as by_check:
            RULES.check(state, who, c)
        with pytest.raises(SkaldError) as by_decide:
            RULES.decide(state, who, c, PROBE)
        assert by_check.value.rule == by_decide.value.rule, c
        assert not is_legal(RULES, state, who, c)
    return len(cards)


@pytest.mark.parametrize(("players", "seed"), [(2, "a"), (4, "b")])
def test_random_games_with_cards_in_play_end_and_keep_the_contract(players: int, seed: str) -> None:
    state, _, chance = _start(players, seed, cards=10)
    final, cards_seen, checked = _play(state, chance, seed, check=True)
    assert final.scores and len(final.winners) >= 1
    assert cards_seen > 5 and checked > 5  # card commands were sent and checked


def test_the_folded_state_is_the_live_state_with_every_deck() -> None:
    for players, decks in ((1, "A"), (3, "BC"), (4, "ABC")):
        chance = ServerChance(b"cards-fold", decks)
        events = list(
            RULES.setup(players, resolve_options(RULES.options, {"decks": decks}), chance)
        )
        state = fold(RULES, players, events)
        picker = random.Random(decks)
        uses = 0
        while RULES.outcome(state) is None:
            seat = picker.choice(sorted(RULES.to_act(state)))
            new = RULES.decide(
                state, seat, pick(list(RULES.legal_commands(state, seat)), picker), chance
            )
            for e in new:
                state = RULES.evolve(state, e)
            uses += sum(isinstance(e, ev.OccupationUsed | ev.OccupationAnswered) for e in new)
            events += new
        assert fold(RULES, players, events) == state and state.scores
        assert uses  # the dealt and drawn cards did something


def test_no_card_effect_shows_another_seats_hidden_cards() -> None:
    state, events, chance = _start(4, "leak", cards=8)
    picker = random.Random("leak")
    stream = list(events)
    for step in range(500):
        if RULES.outcome(state) is not None:
            break
        if step % 5 == 0 or state.offers:
            for viewer in (*range(4), None):
                secrets = RULES.secrets(state, viewer)
                view = json.dumps(to_data(RULES.view(state, viewer)))
                seen = "".join(json.dumps(to_data(RULES.redact(e, viewer))) for e in stream[-60:])
                pending = json.dumps([to_data(p) for p in RULES.pending(state)])
                for text in (view, seen, pending):
                    assert not [s for s in secrets if f'"{s}"' in text], (viewer, step)
        seat = picker.choice(sorted(RULES.to_act(state)))
        new = RULES.decide(
            state, seat, pick(list(RULES.legal_commands(state, seat)), picker), chance
        )
        state = fold(RULES, 4, new, state)
        stream += new


def test_occupations_off_plays_the_cards_for_their_points_only() -> None:
    state, events, chance = _start(2, "off", cards=10, occupations=False)
    assert isinstance(events[0], ev.GameStarted) and not events[0].occupation_effects
    assert not state.effects
    picker = random.Random("off")
    while RULES.outcome(state) is None:
        seat = picker.choice(sorted(RULES.to_act(state)))
        legal = list(RULES.legal_commands(state, seat))
        assert not any(isinstance(c, cmd.UseOccupation | cmd.ResolveOccupation) for c in legal)
        new = RULES.decide(state, seat, pick(legal, picker), chance)
        card_events = (ev.OccupationUsed, ev.OccupationOffered, ev.OccupationAnswered)
        assert not any(isinstance(e, card_events) for e in new)
        state = fold(RULES, 2, new, state)
    assert state.scores and state.round == state.length.rounds

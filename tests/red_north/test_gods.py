"""Invoke: the eight Gods, once per game, Ragnarok only, the God then discarded."""

from __future__ import annotations

from dataclasses import replace

import pytest

from skald.domain.kernel.errors import IllegalMove, NotYourTurn
from skald.domain.red_north import RULES
from skald.domain.red_north import events as ev
from skald.domain.red_north.commands import Invoke, Pass, PlaceFreyaCard, SagaTarget
from skald.domain.red_north.components import HIDDEN, End, God, god_card
from skald.domain.red_north.state import Player
from tests.red_north.kit import act, down, table, up


def ragnarok(god: God, **kw: object):  # type: ignore[no-untyped-def]
    me = Player(
        hand=("raider-red-01",),
        party=up("raider-green-01", "jarl-01") + down("raider-red-02", "jarl-02"),
        gods=(god_card(god),),
        glory=1,
    )
    foe = Player(
        hand=("raider-red-05",), party=up("raider-blue-01") + down("raider-blue-02", "jarl-03")
    )
    bare = Player(party=up("raider-purple-01"))
    defaults: dict[str, object] = {
        "round": 3,
        "deck": ("raider-red-07", "jarl-07", "raider-red-08", "jarl-08", "raider-red-09"),
    }
    defaults.update(kw)
    return table([me, foe, bare], **defaults)  # type: ignore[arg-type]


def test_invoke_discards_the_god_and_only_once() -> None:
    state, events = act(ragnarok(God.ODIN), 0, Invoke(God.ODIN))
    assert events[:2] == (ev.GodInvoked(0, God.ODIN), ev.VictoryPointsGained(0, 2, "Odin"))
    assert state.players[0].vp == 2 and state.players[0].gods == ()
    assert "god-odin" in state.removed and state.players[0].invoked
    again = replace(state, current=0)
    again = again.with_player(0, replace(again.players[0], gods=("god-tyr",)))
    with pytest.raises(IllegalMove) as err:
        act(again, 0, Invoke(God.TYR))
    assert err.value.rule == "red_north/invoke-once-per-game"


def test_invoke_needs_the_god() -> None:
    with pytest.raises(IllegalMove) as err:
        act(ragnarok(God.ODIN), 0, Invoke(God.TYR))
    assert err.value.rule == "red_north/invoke-god-not-controlled"


def test_thor_retrieves_the_set_aside_hero() -> None:
    state, events = act(ragnarok(God.THOR, set_aside=("hero-blue",)), 0, Invoke(God.THOR))
    assert events[1] == ev.HeroRetrieved(0, "hero-blue")
    assert state.players[0].hand[-1] == "hero-blue" and state.set_aside == ()


def test_loki_places_two_supply_glory_even_face_down_never_on_jarls() -> None:
    state = ragnarok(God.LOKI)
    with pytest.raises(IllegalMove) as err:
        act(state, 0, Invoke(God.LOKI, positions=(0, 3)))
    assert err.value.rule == "red_north/loki-not-on-jarl"
    with pytest.raises(IllegalMove):
        act(state, 0, Invoke(God.LOKI, positions=(0,)))
    after, _ = act(state, 0, Invoke(God.LOKI, positions=(2, 2)))
    assert after.players[0].party[2].glory == 2 and not after.players[0].party[2].face_up
    assert after.players[0].glory == 1  # from the supply, not the player's Glory
    legal = [c for c in RULES.legal_commands(state, 0) if isinstance(c, Invoke)]
    assert Invoke(God.LOKI, positions=(0, 2)) in legal and len(legal) == 3


def test_freya_draws_a_secret_card_looks_at_it_then_places_it_face_down_at_an_end() -> None:
    """Gods/Freya: "Draw 1 card from the deck, look at it secretly, and place it face-down at
    either end" — the end is chosen after seeing the card, within the same action."""
    state, events = act(ragnarok(God.FREYA), 0, Invoke(God.FREYA))
    assert events == (ev.GodInvoked(0, God.FREYA), ev.FreyaCardDrawn(0, "raider-red-07"))
    assert RULES.redact(events[1], 1) == ev.FreyaCardDrawn(0, HIDDEN)
    assert state.players[0].drawn == "raider-red-07" and state.current == 0
    assert RULES.to_act(state) == {0}
    assert RULES.view(state, 0).players[0].drawn == "raider-red-07"
    assert RULES.view(state, 1).players[0].drawn == HIDDEN
    assert "raider-red-07" in RULES.secrets(state, 1)
    assert list(RULES.legal_commands(state, 0)) == [
        PlaceFreyaCard(End.LEFT),
        PlaceFreyaCard(End.RIGHT),
    ]
    with pytest.raises(IllegalMove) as err:  # the same action is not over yet
        act(state, 0, Pass())
    assert err.value.rule == "red_north/freya-place-first"
    with pytest.raises(NotYourTurn):
        act(state, 1, Pass())
    right, events = act(state, 0, PlaceFreyaCard(End.RIGHT))
    assert events == (ev.FreyaCardPlaced(0, "raider-red-07", 4), ev.TurnStarted(1))
    assert RULES.redact(events[0], 2) == ev.FreyaCardPlaced(0, HIDDEN, 4)
    party = right.players[0].party
    assert party[-1].card == "raider-red-07" and not party[-1].face_up
    assert right.players[0].drawn is None
    assert RULES.view(right, 1).players[0].party[-1].card == HIDDEN
    left, _ = act(state, 0, PlaceFreyaCard(End.LEFT))
    assert left.players[0].party[0].card == "raider-red-07"


def test_freya_may_make_a_party_of_four_face_down_cards() -> None:
    """Gods/Freya: "This may result in your Party consisting of 4 face-down cards"."""
    state = ragnarok(God.FREYA)
    state = state.with_player(
        0, replace(state.players[0], party=down("raider-green-01", "jarl-01", "raider-red-02"))
    )
    state, _ = act(state, 0, Invoke(God.FREYA))
    state, _ = act(state, 0, PlaceFreyaCard(End.LEFT))
    assert [pc.face_up for pc in state.players[0].party] == [False] * 4


def test_freya_refusals() -> None:
    with pytest.raises(IllegalMove) as err:  # Freya takes no field (the end comes later)
        act(ragnarok(God.FREYA), 0, Invoke(God.FREYA, positions=(0, 1)))
    assert err.value.rule == "red_north/invoke-fields"
    with pytest.raises(IllegalMove) as err:  # nothing drawn to place
        act(ragnarok(God.FREYA), 0, PlaceFreyaCard(End.LEFT))
    assert err.value.rule == "red_north/no-freya-card"
    # RULINGS.md: deck and discard both empty -> the draw yields nothing; the action ends.
    _, events = act(ragnarok(God.FREYA, deck=()), 0, Invoke(God.FREYA))
    assert events == (ev.GodInvoked(0, God.FREYA), ev.TurnStarted(1))


def test_nornir_retrieves_all_glory_from_the_party() -> None:
    state = ragnarok(God.NORNIR)
    me = state.players[0]
    party = (replace(me.party[0], glory=2), me.party[1], replace(me.party[2], glory=1), me.party[3])
    state = state.with_player(0, replace(me, party=party))
    state, events = act(state, 0, Invoke(God.NORNIR))
    assert events[1] == ev.GloryRetrieved(0, 3)
    assert state.players[0].glory == 4 and all(pc.glory == 0 for pc in state.players[0].party)


def test_tyr_draws_four_cards() -> None:
    state, events = act(ragnarok(God.TYR), 0, Invoke(God.TYR))
    drawn = ("raider-red-07", "jarl-07", "raider-red-08", "jarl-08")
    assert events[1] == ev.CardsDrawn(0, drawn, "Tyr")
    assert state.players[0].hand[-4:] == drawn and state.deck == ("raider-red-09",)


def test_saga_reveals_one_card_of_each_opponent_with_face_down_cards() -> None:
    state = ragnarok(God.SAGA)
    legal = [c for c in RULES.legal_commands(state, 0) if isinstance(c, Invoke)]
    assert legal == [
        Invoke(God.SAGA, targets=(SagaTarget(1, 1),)),
        Invoke(God.SAGA, targets=(SagaTarget(1, 2),)),
    ]  # seat 2 has no face-down card: skipped
    for bad in ((), (SagaTarget(1, 0),), (SagaTarget(1, 1), SagaTarget(2, 0))):
        with pytest.raises(IllegalMove):
            act(state, 0, Invoke(God.SAGA, targets=bad))
    state, events = act(state, 0, Invoke(God.SAGA, targets=(SagaTarget(1, 2),)))
    assert events[1] == ev.CardRevealed(1, 2, "jarl-03")
    assert state.players[1].party[2].face_up


def test_hel_takes_a_jarl_or_raider_from_the_discard_anywhere() -> None:
    state = ragnarok(God.HEL, discard=("hero-red", "jarl-09", "raider-blue-09"))
    with pytest.raises(IllegalMove):
        act(state, 0, Invoke(God.HEL, card="hero-red", position=0))
    with pytest.raises(IllegalMove):
        act(state, 0, Invoke(God.HEL))
    with pytest.raises(IllegalMove):
        act(state, 0, Invoke(God.HEL, card="jarl-09", position=5))
    after, events = act(state, 0, Invoke(God.HEL, card="jarl-09", position=2))
    assert events[1] == ev.CardTakenFromDiscard(0, "jarl-09", 2, "Hel")
    party = after.players[0].party
    assert party[2].card == "jarl-09" and party[2].face_up and len(party) == 5
    assert after.discard == ("hero-red", "raider-blue-09")
    legal = [c for c in RULES.legal_commands(state, 0) if isinstance(c, Invoke)]
    assert len(legal) == 2 * 5
    empty = ragnarok(God.HEL, discard=("hero-red",))
    assert [c for c in RULES.legal_commands(empty, 0) if isinstance(c, Invoke)] == [Invoke(God.HEL)]
    act(empty, 0, Invoke(God.HEL))


def test_extra_fields_are_refused() -> None:
    with pytest.raises(IllegalMove) as err:
        act(ragnarok(God.ODIN), 0, Invoke(God.ODIN, card="raider-red-01"))
    assert err.value.rule == "red_north/invoke-fields"


def test_invoke_is_an_action_then_the_turn_moves_on() -> None:
    state, events = act(ragnarok(God.ODIN), 0, Invoke(God.ODIN))
    assert events[-1] == ev.TurnStarted(1)
    state, _ = act(state, 1, Pass())
    assert state.current == 2

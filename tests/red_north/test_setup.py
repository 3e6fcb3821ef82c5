"""Game Setup 1–4 (rulebook) with RULINGS.md: outposts, removals, starting stuff, Spring groups."""

from __future__ import annotations

from collections import Counter

import pytest

from skald.domain.kernel.chance import TableChance
from skald.domain.kernel.errors import ChanceNeeded, Malformed
from skald.domain.kernel.options import OptionKind, resolve_options
from skald.domain.red_north import RULES
from skald.domain.red_north import events as ev
from skald.domain.red_north.components import ALL_JARLS, Colour, Kind, Token, hero, kind_of, raiders
from skald.domain.red_north.state import Phase
from tests.red_north.kit import chance, every_card, new_game


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", ["a", "b", "c"])
def test_setup_for_each_player_count(players: int, seed: str) -> None:
    state, events = new_game(players, seed)
    colours = [o.colour for o in state.outposts]
    # RULINGS.md: players + 1 Outposts, green included.
    assert len(colours) == players + 1
    assert Colour.GREEN in colours
    assert all(o.owner is None and o.raid_points == 1 for o in state.outposts)
    # Jarls removed by player count; 1 Jarl + 6 cards + 1 Glory each.
    removed_jarls = [c for c in state.removed if kind_of(c) is Kind.JARL]
    assert len(removed_jarls) == {2: 4, 3: 2, 4: 0}[players]
    for p in state.players:
        assert len(p.hand) == 7
        assert p.glory == 1
        assert p.vp == 0 and p.party == () and p.gods == ()
    for seat, given in enumerate(e for e in events if isinstance(e, ev.JarlGiven)):
        assert given.seat == seat and state.players[seat].hand[0] == given.card
    # Spring Muster Groups: one per colour in play, a Hero and 2 cards each.
    assert [g.leader for g in state.muster] == [hero(c) for c in colours]
    assert all(len(g.cards) == 2 for g in state.muster)
    assert len(state.muster) == players + 1
    # Every card of the game is in exactly one zone; unused colours are gone.
    expected = (
        [c for col in colours for c in raiders(col)] + [hero(c) for c in colours] + list(ALL_JARLS)
    )
    assert Counter(every_card(state)) == Counter(expected)
    assert len(state.deck) == len(expected) - len(removed_jarls) - 7 * players - 3 * (players + 1)
    assert state.first_player in range(players)
    assert state.round == 1 and state.phase is Phase.DEPLOYMENT
    assert RULES.to_act(state) == frozenset(range(players))


def test_first_player_is_a_recorded_chance_event() -> None:
    """House ruling: 'largest feet' cannot be known; the token is given by lot, recorded."""
    _, events = new_game(3)
    firsts = [e for e in events if isinstance(e, ev.TokenPassed)]
    assert len(firsts) == 1 and firsts[0].token is Token.FIRST_PLAYER


def test_setup_is_deterministic_from_the_seed() -> None:
    assert new_game(4, "x")[1] == new_game(4, "x")[1]
    assert new_game(4, "x")[1] != new_game(4, "y")[1]


def test_outpost_raid_points_option_overrides_the_ruling_default() -> None:
    state, events = new_game(
        4, options={"outpost_raid_points_green": 3, "outpost_raid_points_red": 0}
    )
    points = {o.colour: o.raid_points for o in state.outposts}
    assert points[Colour.GREEN] == 3 and points[Colour.RED] == 0 and points[Colour.BLUE] == 1
    assert isinstance(events[0], ev.GameStarted)


@pytest.mark.parametrize(
    "options",
    [
        {"outpost_raid_points_pink": 1},
        {"colour": "red"},
        {"outpost_raid_points_red": -1},
        {"outpost_raid_points_red": True},
    ],
)
def test_bad_options_are_malformed(options: dict[str, object]) -> None:
    with pytest.raises(Malformed):
        resolve_options(RULES.options, options)
    with pytest.raises(Malformed):
        RULES.setup(3, options, chance())  # type: ignore[arg-type]


def test_options_are_declared_with_their_schema() -> None:
    """RULINGS.md (Red North): printed Raid Points unknown, default 1, overridable per colour."""
    specs = {s.name: s for s in RULES.options}
    assert set(specs) == {f"outpost_raid_points_{c.value}" for c in Colour}
    for spec in specs.values():
        assert spec.kind is OptionKind.NUMBER and spec.default == 1 and spec.minimum == 0
        assert "RULINGS.md" in spec.overrides
    resolved = resolve_options(RULES.options, {"outpost_raid_points_blue": "3"})
    assert resolved["outpost_raid_points_blue"] == 3 and resolved["outpost_raid_points_red"] == 1
    assert RULES.anytime == frozenset()


@pytest.mark.parametrize("players", [1, 5])
def test_player_count_is_two_to_four(players: int) -> None:
    with pytest.raises(Malformed):
        RULES.setup(players, {}, chance())


def test_table_chance_needs_entered_outcomes() -> None:
    """A physical table's order is entered, never guessed."""
    with pytest.raises(ChanceNeeded):
        RULES.setup(2, {}, TableChance([]))


def test_table_chance_reproduces_a_table_setup() -> None:
    others = ("red", "yellow", "blue", "purple")
    jarls = tuple(reversed(ALL_JARLS))
    entries: list[int | tuple[str, ...]] = [others, jarls]
    # deck: remaining 4 Jarls + 33 Raiders of green/red/yellow in the order entered
    deck = jarls[6:] + tuple(raiders(Colour.GREEN) + raiders(Colour.RED) + raiders(Colour.YELLOW))
    entries += [deck, 1]
    events = RULES.setup(2, {}, TableChance(entries))
    started = events[0]
    assert isinstance(started, ev.GameStarted)
    assert started.outposts == (Colour.GREEN, Colour.RED, Colour.YELLOW)
    assert events[1] == ev.JarlsRemoved(jarls[:4])
    assert events[2] == ev.JarlGiven(0, jarls[4])
    assert ev.DeckShuffled(deck) in events
    assert ev.CardsDrawn(0, deck[:6], "deal") in events
    assert ev.TokenPassed(Token.FIRST_PLAYER, 1, "setup: chosen by lot") in events
    assert ev.MusterGroupFormed(hero(Colour.GREEN), deck[12:14]) in events

"""A card all saw may still lie where no one else may know: previews and move lists.

Found by an audit: a Red North card taken face-up and then deployed face-down is no secret as a
card (``rules.secrets`` leaves it out), so a seat's ``CheckCommand`` of a ``Pass`` (whose
Resolution turns every Party up) or of a Saga showed where an opponent's once-public cards lay,
and a seat's page wrote out another seat's ``Deploy`` of such cards (it now reads how many went
down: ``Rules.public_command``). In a table-chance game a
refusal listed the whole hidden occupation deck, and a seat could try entries in a check card
by card. Each test shows the case it guards happened (the old cut would have let it through).
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest

from skald.cli.records.timeline import HIDDEN_MOVE, Timeline, move_text
from skald.domain.kernel import TableChance
from skald.domain.kernel.errors import ChanceNeeded
from skald.domain.kernel.unseen import strings_in, unseen
from skald.service.app.games import GameService
from skald.service.app.requests import CheckCommand, CreateGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.model.auth import Principal
from skald.service.model.errors import Forbidden
from skald.service.store.event_store import EventStore

RULES = registry().rules("red_north")


@pytest.fixture
def svc(tmp_path: Any) -> Iterator[GameService]:
    store = EventStore(str(tmp_path / "places.db"))
    yield GameService(store, registry())
    store.close()


def _face_down(state: Any, seat: int) -> set[str]:
    """The other seats' face-down Party cards (the referee's truth)."""
    return {
        pc.card
        for s, p in enumerate(state.players)
        if s != seat
        for pc in p.party
        if not pc.face_up
    }


def _random_games(svc: GameService, games: int, players: int) -> Iterator[tuple[str, Any, int]]:
    """(game id, state, acting seat) at every position of random Red North games (fixed deals:
    a random one left the tests below with nothing to check now and then), before the
    seat's random legal command is played."""
    for n in range(games):
        gid = svc.create(
            CreateGame("red_north", players, seed=f"places-{n}".encode())
        ).game_id  # fixed deal
        rng = random.Random(f"places-{n}")
        while True:
            loaded = svc.load(gid)
            if RULES.outcome(loaded.state) is not None:
                break
            seat = rng.choice(sorted(RULES.to_act(loaded.state)))
            yield gid, loaded.state, seat
            command = rng.choice(list(RULES.legal_commands(loaded.state, seat)))
            svc.submit(SubmitMove(gid, seat, command, who=Principal("referee")))


def test_a_seats_check_never_places_a_face_down_card(svc: GameService) -> None:
    once_public = 0
    for gid, state, seat in _random_games(svc, 4, 3):
        hidden_places = _face_down(state, seat)
        if not hidden_places:
            continue
        at = svc.load(gid).version
        for command in RULES.legal_commands(state, seat):
            if type(command).__name__ not in ("Pass", "Invoke"):
                continue
            real = svc.check(CheckCommand(gid, at, seat, command, who=Principal("referee")))
            revealed = {v for r in real for v in strings_in(r.data)} & hidden_places
            once_public += bool(revealed - RULES.secrets(state, seat))
            answer = svc.check(CheckCommand(gid, at, seat, command, who=Principal("seat", seat)))
            shown = {v for r in answer for v in strings_in(r.data)}
            assert not shown & hidden_places, (type(command).__name__, shown & hidden_places)
    assert once_public >= 3, f"only {once_public} checks would turn up a once-public card"


def test_a_seats_page_hides_a_face_down_deploy_of_cards_all_saw(svc: GameService) -> None:
    positions = list(_random_games(svc, 1, 3))  # one game, to its end
    gid = positions[0][0]
    timeline = Timeline("t", svc.repo.read(gid))
    deploys = seen_before = 0
    for move in timeline.moves:
        if move.command is None or move.command["type"] != "Deploy":
            continue
        cards = set(move.command["data"]["cards"])
        before = timeline.states[move.first - 1]
        for viewer in (0, 1, 2, None):
            text = timeline.text(move, viewer, referee=False)
            if viewer == move.seat:
                assert text == move_text(RULES, move.command) != f"Deploy {HIDDEN_MOVE}"
                continue
            deploys += 1
            seen_before += not cards & RULES.secrets(before, viewer)
            # how many went down, and no card (a card all saw is named by no slot either)
            assert text == f"deploy {len(cards)} face down", text
    assert deploys and seen_before, (deploys, seen_before)


def test_unseen_holds_secrets_and_what_the_view_does_not_show(svc: GameService) -> None:
    for _, state, seat in _random_games(svc, 1, 4):
        hidden = unseen(RULES, state, seat)
        assert RULES.secrets(state, seat) <= hidden
        assert _face_down(state, seat) <= hidden
        assert not set(state.players[seat].hand) & hidden  # its own hand it sees
        assert not set(state.discard) & hidden


# ------------------------------------------------------------------------- table chance


def test_a_pick_refusal_counts_the_pool_and_names_none_of_it() -> None:
    pool = ["occupation-017", "occupation-101", "occupation-150"]
    with pytest.raises(ChanceNeeded) as needed:
        TableChance([]).pick(pool, "feast: draw an occupation")
    with pytest.raises(ChanceNeeded) as bad:
        TableChance([("occupation-999",)]).pick(pool, "feast: draw an occupation")
    for error in (needed.value, bad.value):
        assert "3" in error.reason and not any(card in error.reason for card in pool)
    assert TableChance([("occupation-101",)]).pick(pool, "x") == "occupation-101"


def _table_game(svc: GameService) -> Any:
    """A 3-player Red North table-chance game, its setup entered as a referee would (the
    shuffles' refusals list their public items; numbers take 0)."""
    entries: list[Any] = []
    for _ in range(40):
        try:
            return svc.create(CreateGame("red_north", 3, chance="table", table_entries=entries))
        except ChanceNeeded as needed:
            order = re.search(r"an order of \d+ items (\[.*\])", needed.reason)
            entries.append(tuple(ast.literal_eval(order.group(1))) if order else 0)
    raise AssertionError("setup never completed")


def test_a_seat_may_not_try_table_entries_in_a_check(svc: GameService) -> None:
    created = _table_game(svc)
    gid = created.game_id
    loaded = svc.load(gid)
    seat = min(RULES.to_act(loaded.state))
    command = next(RULES.legal_commands(loaded.state, seat))
    before = svc.load(gid).version
    with pytest.raises(Forbidden) as refused:
        svc.check(CheckCommand(gid, before, seat, command, [0], who=Principal("seat", seat)))
    assert refused.value.rule == "chance/referee-only"
    assert svc.check(
        CheckCommand(gid, before, seat, command, who=Principal("seat", seat))
    )  # no entries: answered
    assert svc.load(gid).version == before


def test_a_seat_may_not_test_entries_against_a_retried_command(svc: GameService) -> None:
    """A seat resending a command id with entries was answered by the retry check first —
    replayed when its entries matched the referee's, id-reused when not: an oracle for what
    the referee entered. Entries from a seat are refused before it."""
    gid = _table_game(svc).game_id
    loaded = svc.load(gid)
    seat = min(RULES.to_act(loaded.state))
    command = next(RULES.legal_commands(loaded.state, seat))
    done = svc.submit(
        SubmitMove(gid, seat, command, command_id="c-oracle", who=Principal("referee"))
    )
    for guess in ([], [0], [("red",)]):
        if not guess:
            again = svc.submit(
                SubmitMove(gid, seat, command, command_id="c-oracle", who=Principal("seat", seat))
            )
            assert again.replayed and again.version == done.version  # a plain retry still works
            continue
        with pytest.raises(Forbidden) as refused:
            svc.submit(SubmitMove(gid, seat, command, command_id="c-oracle", chance=guess, who=Principal("seat", seat)))  # fmt: skip
        assert refused.value.rule == "chance/referee-only"
    assert svc.load(gid).version == done.version

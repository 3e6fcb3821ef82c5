"""Placements listed without listing them all (issue 9, "Through the whole system").

The compact form (``domain/feast/game/compact.py``) must name exactly the commands
``legal_commands`` lists, on many random positions; the service pages the full list and sends
the grouped form over gRPC, and the grouped drops are accepted by ``check``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.compact import compact_legal
from skald.domain.kernel import Malformed, ServerChance, resolve_options
from skald.domain.kernel.play import fold
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ListLegal, SubmitMove
from skald.service.bootstrap import registry
from skald.service.contract import wire
from skald.service.grpc.server import create_server
from skald.service.model.auth import OPERATOR
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import Rpc, pb

PLACING = (cmd.PlaceGood, cmd.ServeFood)


def _positions(players: int, seed: str, steps: int, every: int) -> Iterator[Any]:
    """States of a random game whose picker chooses a command *type* first, so games move on
    through dice, voyages and feasts instead of drowning in placements."""
    chance = ServerChance(b"compact", seed)
    picker = random.Random(seed)
    state = fold(RULES, players, RULES.setup(players, resolve_options(RULES.options, {}), chance))
    for step in range(steps):
        if RULES.outcome(state) is not None:
            return
        if step % every == 0:
            yield state
        seat = picker.choice(sorted(RULES.to_act(state)))
        by_type: dict[str, list[Any]] = {}
        for c in RULES.legal_commands(state, seat):
            by_type.setdefault(type(c).__name__, []).append(c)
        command = picker.choice(by_type[picker.choice(sorted(by_type))])
        state = fold(RULES, players, RULES.decide(state, seat, command, chance), state)


def _agree(state: Any, seat: int) -> int:
    listed = list(RULES.legal_commands(state, seat))
    compact = compact_legal(state, seat)
    assert list(compact.commands) == [c for c in listed if not isinstance(c, PLACING)]
    expanded = [c for g in compact.placements for c in g.commands()]
    assert Counter(expanded) == Counter(c for c in listed if isinstance(c, PLACING))
    assert len(expanded) == len(set(expanded))  # each drop once
    keys = [(g.command, g.board, g.piece) for g in compact.placements]
    assert len(keys) == len(set(keys)) and all(g.anchors for g in compact.placements)
    assert sum(g.count for g in compact.placements) == len(expanded)
    return len(expanded)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_compact_form_expands_to_exactly_the_listed_placements(players: int) -> None:
    """Every position of three whole random games per player count, every seat."""
    drops = positions = 0
    phases: set[str] = set()
    for seed in ("a", "b", "c"):
        for state in _positions(players, seed, steps=5000, every=1):
            positions += 1
            phases.add(state.phase.name)
            for seat in range(players):
                drops += _agree(state, seat)
    assert positions > 90 and drops > 5000
    assert phases == {"ACTIONS", "FEAST", "FINAL"}
    # a seat out of range lists nothing, grouped or not
    assert compact_legal(state, players).placements == () == compact_legal(state, players).commands


def test_the_feast_groups_serve_food_on_the_banquet() -> None:
    for state in _positions(2, "feast", steps=3000, every=1):
        if state.phase.name == "FEAST" and any(
            isinstance(c, cmd.ServeFood) for c in RULES.legal_commands(state, 0)
        ):
            break
    else:
        pytest.fail("no feast with food reached")
    groups = [g for g in compact_legal(state, 0).placements if g.command == "ServeFood"]
    assert groups and {g.board for g in groups} == {"banquet"}
    assert {a.row for g in groups for a in g.anchors} == {0}
    _agree(state, 0)


def test_every_grouped_drop_is_accepted_and_its_neighbours_are_checked() -> None:
    """Legal means accepted for the grouped form, and a drop one square off is refused
    exactly when it is not in the group."""
    state = next(s for s in _positions(2, "drops", 400, 1) if _drops(s) > 200)
    for g in compact_legal(state, 0).placements:
        inside = set(g.commands())
        for c in inside:
            RULES.check(state, 0, c)
        if g.command != "PlaceGood":
            continue
        for c in list(inside)[:20]:
            assert isinstance(c, cmd.PlaceGood)
            for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
                near = cmd.PlaceGood(c.board, c.piece, c.row + dr, c.col + dc, c.rotation)
                try:
                    RULES.check(state, 0, near)
                except Exception:
                    assert near not in inside
                else:
                    assert near in inside


def _drops(state: Any) -> int:
    return sum(g.count for g in compact_legal(state, 0).placements)


# ---------------------------------------------------------------------------- service, gRPC


def _feast_game(svc: GameService) -> tuple[str, str]:
    """A 2-player game played by the service until seat 0 has many placements; its id and
    seat 0's token."""
    created = svc.create(CreateGame("feast", 2, seed=b"compact"))
    gid = created.game_id
    picker = random.Random(7)
    for _ in range(300):
        legal = svc.legal(ListLegal(gid, 0, compact=True, who=OPERATOR))
        if sum(len(a.rotations) for g in legal.placements for a in g.anchors) > 300:
            return gid, created.seat_tokens[0]
        loaded = svc.repo.load(gid)
        seat = sorted(loaded.rules.to_act(loaded.state))[0]
        options = [
            c
            for c in loaded.rules.legal_commands(loaded.state, seat)
            if not isinstance(c, cmd.PlaceGood)
        ]
        svc.submit(SubmitMove(gid, seat, picker.choice(options), who=OPERATOR))
    raise AssertionError("no position with many placements")


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[GameService, Rpc, int]]:
    store = EventStore(str(tmp_path_factory.mktemp("compact") / "skald.db"))
    svc = GameService(store, registry())
    server, port = create_server(svc, "127.0.0.1:0")
    rpc = Rpc(port)
    try:
        yield svc, rpc, port
    finally:
        rpc.close()
        server.stop(0)
        store.close()


def test_pages_join_to_the_full_list_even_after_the_game_moves_on(
    served: tuple[GameService, Rpc, int],
) -> None:
    svc, _, _ = served
    gid, _ = _feast_game(svc)
    full = svc.legal(ListLegal(gid, 0, who=OPERATOR))
    first = svc.legal(ListLegal(gid, 0, page_size=97, who=OPERATOR))
    assert len(first.commands) == 97 and first.next_page_token
    # another command lands between pages: the pages still list the first page's version
    loaded = svc.repo.load(gid)
    seat = sorted(loaded.rules.to_act(loaded.state))[0]
    moved = next(
        c for c in loaded.rules.legal_commands(loaded.state, seat) if not isinstance(c, PLACING)
    )
    svc.submit(SubmitMove(gid, seat, moved, who=OPERATOR))
    pages, token = [first], first.next_page_token
    while token:
        pages.append(svc.legal(ListLegal(gid, 0, page_size=97, page_token=token, who=OPERATOR)))
        token = pages[-1].next_page_token
    assert {p.version for p in pages} == {full.version}
    assert [c for p in pages for c in p.commands] == full.commands
    assert svc.legal(ListLegal(gid, 0, who=OPERATOR)).version == full.version + 1
    with pytest.raises(Malformed) as bad:
        svc.legal(ListLegal(gid, 0, page_size=5, page_token="latest", who=OPERATOR))
    assert bad.value.rule == "request/page-token"
    # a token is bound to its listing: the same offset counts other commands in another one
    other_game, _ = _feast_game(svc)
    second = first.next_page_token
    for elsewhere in (
        lambda: svc.legal(
            ListLegal(gid, 0, page_size=97, page_token=second, compact=True, who=OPERATOR)
        ),
        lambda: svc.legal(ListLegal(gid, 1, page_size=97, page_token=second, who=OPERATOR)),
        lambda: svc.legal(ListLegal(other_game, 0, page_size=97, page_token=second, who=OPERATOR)),
    ):
        with pytest.raises(Malformed, match="another listing") as other:
            elsewhere()
        assert other.value.rule == "request/page-token"
    with pytest.raises(Malformed):
        svc.legal(ListLegal(gid, 0, page_size=-1, who=OPERATOR))


def test_grpc_answers_grouped_placements_that_expand_to_the_full_list(
    served: tuple[GameService, Rpc, int],
) -> None:
    svc, rpc, _ = served
    gid, token = _feast_game(svc)
    full = rpc.call("ListLegalCommands", pb.ListLegalCommandsRequest(game_id=gid, seat=0), token)
    grouped = rpc.call(
        "ListLegalCommands",
        pb.ListLegalCommandsRequest(game_id=gid, seat=0, compact_placements=True),
        token,
    )
    assert grouped.version == full.version and not grouped.next_page_token
    rules = svc.rules_of(gid)
    everything = [wire.command_from_proto(rules, c) for c in full.commands]
    drops = [
        cmd.PlaceGood(g.board, g.piece, a.row, a.col, r)
        if g.command == "PlaceGood"
        else cmd.ServeFood(g.piece, a.col, r)
        for g in grouped.placements
        for a in g.anchors
        for r in a.rotations
    ]
    others = [wire.command_from_proto(rules, c) for c in grouped.commands]
    assert len(drops) > 300 and not any(isinstance(c, PLACING) for c in others)
    assert Counter(others + drops) == Counter(everything)
    assert grouped.ByteSize() * 2 < full.ByteSize()
    paged = rpc.call(
        "ListLegalCommands",
        pb.ListLegalCommandsRequest(game_id=gid, seat=0, page_size=50),
        token,
    )
    assert len(paged.commands) == 50 and paged.next_page_token
    bad = rpc.fails(
        "ListLegalCommands",
        pb.ListLegalCommandsRequest(game_id=gid, seat=0, page_size=5, page_token="x"),
        token,
    )
    assert bad.code().name == "INVALID_ARGUMENT"


def test_the_remote_client_gets_the_same_groups_as_the_local_one(
    served: tuple[GameService, Rpc, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from skald.service.client import LocalClient, RemoteClient

    for name in ("SKALD_TLS_CA", "SKALD_TLS_CERT", "SKALD_TLS_KEY"):
        monkeypatch.delenv(name, raising=False)
    svc, _, port = served
    gid, token = _feast_game(svc)
    remote = RemoteClient(f"127.0.0.1:{port}", token)
    try:
        here = LocalClient(svc).legal(ListLegal(gid, 0, compact=True, who=OPERATOR))
        there = remote.legal(ListLegal(gid, 0, compact=True, who=OPERATOR))
    finally:
        remote.channel.close()
    assert here == there and len(there[1]) > 1
    assert sum(len(a["rotations"]) for g in there[1] for a in g["anchors"]) > 300

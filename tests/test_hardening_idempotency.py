"""A ``command_id`` names one command of one seat, on every replica, even mid-race.

Two ``GameService`` instances over one PostgreSQL store are two replicas; two gRPC servers over
one store are two replicas as clients see them. The same id raced to both from threads must
give both callers the one result (one of them ``replayed``), with or without
``expected_version``; the same id with another command or seat is refused and writes nothing;
different ids with the same ``expected_version`` still end in one OK and one ABORTED.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import grpc
import pytest

from skald.domain.kernel.errors import Malformed
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.grpc.server import create_server
from skald.service.model.auth import OPERATOR, Principal
from skald.service.model.errors import IdReused, Stale
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import GAME, Rpc, pb, rule_of
from tests.toy_game import Roll


def race(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run ``calls`` at once from threads (released together); each result or exception."""
    start = threading.Barrier(len(calls))
    out: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        start.wait()
        try:
            out[i] = calls[i]()
        except Exception as error:
            out[i] = error

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    return out


def batches(service: GameService, gid: str) -> dict[str, list[int]]:
    """command id → the versions its records hold, from the store itself."""
    out: dict[str, list[int]] = {}
    for record in service.store.read(gid):
        out.setdefault(record.command_id, []).append(record.version)
    return out


# ---------------------------------------------------------------------------- the service


def test_the_same_id_with_another_command_or_seat_is_refused(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"ids")).game_id
    first = service.submit(SubmitMove(gid, 0, Roll(), command_id="c-1", who=OPERATOR))
    version = first.version
    with pytest.raises(IdReused) as other_command:
        service.submit(SubmitMove(gid, 0, Roll(bonus=True), command_id="c-1", who=OPERATOR))
    assert other_command.value.rule == "command/id-reused"
    assert other_command.value.kind == "conflict"
    with pytest.raises(IdReused):  # seat 1 is to act now, but c-1 was seat 0's
        service.submit(SubmitMove(gid, 1, Roll(), command_id="c-1", who=OPERATOR))
    with pytest.raises(IdReused):  # a seat's own token cannot reuse another seat's id either
        service.submit(SubmitMove(gid, 1, Roll(), command_id="c-1", who=Principal("seat", 1)))
    assert service.load(gid).version == version
    again = service.submit(SubmitMove(gid, 0, Roll(), command_id="c-1", who=Principal("seat", 0)))
    assert again.replayed and [r.hash for r in again.records] == [r.hash for r in first.records]
    assert batches(service, gid)["c-1"] == [r.version for r in first.records]


def test_reserved_and_oversized_ids_are_malformed(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"bad-ids")).game_id
    for bad, rule in (
        ("setup", "command/id-reserved"),
        ("x" * 129, "command/id-malformed"),
        ("tab\there", "command/id-malformed"),
    ):
        with pytest.raises(Malformed) as caught:
            service.submit(SubmitMove(gid, 0, Roll(), command_id=bad, who=OPERATOR))
        assert caught.value.rule == rule and len(caught.value.reason) < 200
    assert service.load(gid).version == 5
    assert (
        service.submit(SubmitMove(gid, 0, Roll(), command_id="y" * 128, who=OPERATOR)).version == 6
    )


def test_a_retry_after_the_end_returns_the_last_result(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"end")).game_id
    last = None
    for turn in range(6):
        last = service.submit(
            SubmitMove(gid, turn % 2, Roll(), command_id=f"t-{turn}", who=OPERATOR)
        )
    assert last is not None and last.records[-1].type == "skald.GameEnded"
    again = service.submit(SubmitMove(gid, 1, Roll(), command_id="t-5", who=OPERATOR))
    assert again.replayed and again.version == last.version
    assert [r.hash for r in again.records] == [r.hash for r in last.records]


@pytest.mark.postgres
def test_two_replicas_racing_one_command_id(pg_url: str) -> None:
    """Many rounds on one PostgreSQL store: each command raced to two replicas under one id,
    alternately without and with ``expected_version``; every third round two *different* ids
    race with ``expected_version`` instead, which must stay one OK and one ABORTED."""
    a = GameService(EventStore(pg_url), registry())
    b = GameService(EventStore(pg_url), registry())
    same_id_rounds = different_id_rounds = 0
    try:
        for g in range(10):
            gid = a.create(CreateGame("toy", 2, seed=f"race-{g}".encode())).game_id
            for step in range(100):
                loaded = a.load(gid)
                b.load(gid)  # both caches current: the two decisions collide on the append
                if loaded.ended is not None:
                    break
                seat = min(loaded.rules.to_act(loaded.state))
                cid = f"r{g}-{step}"
                if step % 3 == 2:
                    outcome = race(
                        [
                            partial(
                                svc.submit,
                                SubmitMove(
                                    gid,
                                    seat,
                                    Roll(),
                                    command_id=f"{cid}-{tag}",
                                    expected_version=loaded.version,
                                    who=OPERATOR,
                                ),
                            )
                            for svc, tag in ((a, "a"), (b, "b"))
                        ]
                    )
                    stale = [o for o in outcome if isinstance(o, Stale)]
                    done = [o for o in outcome if not isinstance(o, Exception)]
                    assert len(stale) == 1 and len(done) == 1, outcome
                    assert not done[0].replayed
                    different_id_rounds += 1
                    continue
                expected = loaded.version if step % 2 else None
                outcome = race(
                    [
                        partial(
                            svc.submit,
                            SubmitMove(
                                gid,
                                seat,
                                Roll(),
                                command_id=cid,
                                expected_version=expected,
                                who=OPERATOR,
                            ),
                        )
                        for svc in (a, b)
                    ]
                )
                assert not any(isinstance(o, Exception) for o in outcome), outcome
                first, second = outcome
                assert first.version == second.version
                assert [r.hash for r in first.records] == [r.hash for r in second.records]
                assert sorted([first.replayed, second.replayed]) == [False, True]
                assert batches(a, gid)[cid] == [r.version for r in first.records]
                same_id_rounds += 1
            assert a.load(gid).ended is not None
            assert all(
                versions == list(range(versions[0], versions[-1] + 1))
                for versions in batches(a, gid).values()
            )
    finally:
        a.store.close()
        b.store.close()
    assert same_id_rounds >= 30 and different_id_rounds >= 15


# ---------------------------------------------------------------------------- over gRPC


@pytest.fixture
def replicas(pg_url: str) -> Iterator[list[Rpc]]:
    """Two gRPC servers, each with its own service and store connection, on one database."""
    stores = [EventStore(pg_url) for _ in range(2)]
    servers = [create_server(GameService(s, registry())) for s in stores]
    rpcs = [Rpc(port) for _, port in servers]
    try:
        yield rpcs
    finally:
        for rpc in rpcs:
            rpc.close()
        for server, _ in servers:
            server.stop(0)
        for store in stores:
            store.close()


def _deploy(rpc: Rpc, gid: str, seat: int, token: str, which: int = 0) -> Any:
    commands = rpc.call(
        "ListLegalCommands", pb.ListLegalCommandsRequest(game_id=gid, seat=seat), token
    ).commands
    return commands[which]


@pytest.mark.postgres
def test_replicas_over_grpc_give_the_one_result_and_refuse_reuse(replicas: list[Rpc]) -> None:
    a, b = replicas
    races = 0
    for g in range(4):
        game = a.call("CreateGame", pb.CreateGameRequest(game=GAME, players=3))
        gid, tokens = game.game_id, list(game.seat_tokens)
        b.version(gid)  # replica b has the game cached too
        for seat in range(3):
            command = _deploy(a, gid, seat, tokens[seat])
            request = pb.SubmitCommandRequest(
                game_id=gid, seat=seat, command=command, command_id=f"g{g}-deploy-{seat}"
            )
            outcome = race(
                [partial(rpc.call, "SubmitCommand", request, tokens[seat]) for rpc in (a, b)]
            )
            assert not any(isinstance(o, Exception) for o in outcome), outcome
            first, second = outcome
            assert first.version == second.version
            assert sorted([first.replayed, second.replayed]) == [False, True]
            assert [e.hash for e in first.events] == [e.hash for e in second.events]
            races += 1
            if seat == 0:
                _refuse_reuse(a, b, gid, tokens, f"g{g}-deploy-0")
    assert races == 12


def _refuse_reuse(a: Rpc, b: Rpc, gid: str, tokens: list[str], used: str) -> None:
    """Seat 0's command id reused by seat 1 for its own deploy: refused on both replicas, and
    the refusal says nothing of seat 0's command; nothing is written."""
    version = a.version(gid)
    mine = _deploy(a, gid, 1, tokens[1])
    reused = pb.SubmitCommandRequest(game_id=gid, seat=1, command=mine, command_id=used)
    for rpc in (a, b):
        error = rpc.fails("SubmitCommand", reused, tokens[1])
        assert error.code() is grpc.StatusCode.FAILED_PRECONDITION
        assert rule_of(error) == "command/id-reused"
        assert "seat 0" not in (error.details() or "")
    assert a.version(gid) == version and b.version(gid) == version

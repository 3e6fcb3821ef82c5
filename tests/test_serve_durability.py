"""Group commit (``service/durability.py``) on a real server over a real SQLite file: a commit
is in the log before the disk has it, and nothing of it — answer, refusal, view or stream
event — leaves the server until a sync begun after it has ended; a failed sync is UNAVAILABLE
for that call and every later one; checkpoints keep the log bounded; stopping the server gives
the store back SQLite's synced commits.

The fsync is held, not replaced: the tests wrap the real one in a gate (it still runs once the
gate opens), which is how they can see a commit that the disk does not have yet."""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import grpc
import pytest

from service import durability
from service.bootstrap import registry
from service.games import GameService
from service.grpc_server import create_server
from service.store import EventStore
from tests.e2e_helpers import GAME, pb, rule_of


class Gate:
    """The real fsync of the log, run only while the gate is open; counts the syncs asked."""

    def __init__(self, real: Callable[[Path], None]) -> None:
        self.real = real
        self.open = threading.Event()
        self.open.set()
        self.asked = 0
        self.failure: OSError | None = None

    def __call__(self, path: Path) -> None:
        self.asked += 1
        self.open.wait(30)
        if self.failure is not None:
            raise self.failure
        self.real(path)


@pytest.fixture
def gated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Gate, Path]]:
    gate = Gate(durability._fsync_path)
    monkeypatch.setattr(durability, "_fsync_path", gate)
    db = tmp_path / "skald.db"
    store = EventStore(str(db))
    server, port = create_server(GameService(store, registry()))
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    from service._generated.skald.v1 import skald_pb2_grpc

    yield skald_pb2_grpc.SkaldStub(channel), gate, db
    gate.open.set()
    channel.close()
    server.stop(0)
    store.close()


def _md(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def _stored_versions(db: Path, game_id: str) -> int:
    """How many records of the game a separate reader finds in the file (committed, synced
    or not)."""
    store = EventStore(str(db))
    try:
        return len(store.read(game_id))
    finally:
        store.close()


def _a_legal_command(stub: Any, game: Any) -> tuple[int, Any]:
    view = stub.GetView(pb.GetViewRequest(game_id=game.game_id), metadata=_md(game.referee_token))
    seat = random.Random(3).choice(list(view.to_act))
    legal = stub.ListLegalCommands(
        pb.ListLegalCommandsRequest(game_id=game.game_id, seat=seat),
        metadata=_md(game.referee_token),
    )
    return seat, legal.commands[0]


def test_nothing_of_a_commit_leaves_the_server_before_its_sync(gated: Any) -> None:
    stub, gate, db = gated
    game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
    seat, command = _a_legal_command(stub, game)
    watched: list[int] = []
    stream = stub.WatchGame(pb.WatchGameRequest(game_id=game.game_id, after_version=game.version))

    def watch() -> None:
        try:
            for event in stream:
                watched.append(event.version)
        except grpc.RpcError:
            pass  # cancelled at the end

    threading.Thread(target=watch, daemon=True).start()
    time.sleep(0.3)  # the stream is open and has sent its (empty) backlog
    before = _stored_versions(db, game.game_id)
    gate.open.clear()
    with ThreadPoolExecutor(2) as pool:
        submitted: Future[Any] = pool.submit(
            stub.SubmitCommand,
            pb.SubmitCommandRequest(game_id=game.game_id, seat=seat, command=command),
            metadata=_md(game.referee_token),
            timeout=20,
        )
        deadline = time.time() + 10
        while _stored_versions(db, game.game_id) == before and time.time() < deadline:
            time.sleep(0.02)
        committed = _stored_versions(db, game.game_id)
        viewed: Future[Any] = pool.submit(
            stub.GetView,
            pb.GetViewRequest(game_id=game.game_id),
            metadata=_md(game.referee_token),
            timeout=20,
        )
        time.sleep(0.3)
        # the command is in the log, and nobody has heard of it
        assert committed > before
        assert not submitted.done() and not viewed.done()
        assert watched == []
        gate.open.set()
        done = submitted.result(timeout=20)
        assert viewed.result(timeout=20).version == done.version == committed
    deadline = time.time() + 10
    while (not watched or watched[-1] < done.version) and time.time() < deadline:
        time.sleep(0.02)
    stream.cancel()
    assert watched == list(range(before + 1, committed + 1))


def test_a_refusal_waits_for_the_sync_too(gated: Any) -> None:
    """An error tells of the state as much as an answer does (a stale version says the game
    moved on): a refusal given while a commit is unsynced waits for the sync."""
    stub, gate, _ = gated
    game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
    gate.open.clear()
    with ThreadPoolExecutor(2) as pool:
        created = pool.submit(stub.CreateGame, pb.CreateGameRequest(game=GAME, players=3))
        time.sleep(0.3)  # committed, waiting for the held sync
        refused = pool.submit(
            stub.GetView,
            pb.GetViewRequest(game_id=game.game_id, seat=0),
            metadata=_md("not-a-token"),
            timeout=20,
        )
        time.sleep(0.3)
        assert not refused.done() and not created.done()
        gate.open.set()
        with pytest.raises(grpc.RpcError) as error:
            refused.result(timeout=20)
        assert created.result(timeout=20).game_id
    assert error.value.code() == grpc.StatusCode.UNAUTHENTICATED


def test_one_sync_answers_many_commits(gated: Any) -> None:
    """Group commit: commits made while a sync runs share the next one."""
    stub, gate, _ = gated
    stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3))
    gate.open.clear()
    asked = gate.asked
    with ThreadPoolExecutor(8) as pool:
        created = [
            pool.submit(stub.CreateGame, pb.CreateGameRequest(game=GAME, players=3), timeout=20)
            for _ in range(8)
        ]
        time.sleep(0.5)
        assert not any(c.done() for c in created)
        gate.open.set()
        assert len({c.result(timeout=20).game_id for c in created}) == 8
    assert 1 <= gate.asked - asked <= 2  # the held sync and, at most, the one after it


def test_a_read_with_nothing_new_in_the_log_asks_for_no_sync(gated: Any) -> None:
    """A view of a log that no connection has written to since the last sync began (the
    probe's ``data_version`` says so) is already on disk: it is answered at once."""
    stub, gate, _ = gated
    game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
    asked = gate.asked
    gate.open.clear()
    for _ in range(3):
        view = stub.GetView(
            pb.GetViewRequest(game_id=game.game_id), metadata=_md(game.referee_token), timeout=5
        )
        assert view.version == game.version
    assert gate.asked == asked


def test_a_commit_by_another_connection_makes_a_read_wait(gated: Any) -> None:
    """A write the server did not make (another process on the same file) is seen through
    the probe: a read after it waits for a sync, as after the server's own."""
    stub, gate, db = gated
    game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
    other = EventStore(str(db))
    other.defer_sync(durability.RELAXED)  # another server's connection, say
    GameService(other, registry()).create(GAME, 3)
    other.close()
    gate.open.clear()
    asked = gate.asked
    with ThreadPoolExecutor(1) as pool:
        viewed = pool.submit(
            stub.GetView,
            pb.GetViewRequest(game_id=game.game_id),
            metadata=_md(game.referee_token),
            timeout=20,
        )
        time.sleep(0.3)
        assert not viewed.done() and gate.asked == asked + 1
        gate.open.set()
        assert viewed.result(timeout=20).version == game.version


def test_a_failed_sync_is_unavailable_for_that_call_and_every_later_one(gated: Any) -> None:
    stub, gate, _ = gated
    game = stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
    gate.failure = OSError(5, "Input/output error")
    with pytest.raises(grpc.RpcError) as error:
        stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
    failures = [error.value]
    with pytest.raises(grpc.RpcError) as error:  # nothing new to sync: refused all the same
        stub.GetView(
            pb.GetViewRequest(game_id=game.game_id), metadata=_md(game.referee_token), timeout=10
        )
    failures.append(error.value)
    for failure in failures:
        assert failure.code() == grpc.StatusCode.UNAVAILABLE
        assert rule_of(failure) == "store/unsynced"
        assert "Input/output error" in (failure.details() or "")


def _synchronous(store: EventStore) -> tuple[int, int]:
    with store.recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
        cursor.execute("PRAGMA synchronous")
        sync = cursor.fetchone()[0]
        cursor.execute("PRAGMA wal_autocheckpoint")
        return sync, cursor.fetchone()[0]


def test_serving_relaxes_the_commits_and_stopping_restores_them(tmp_path: Path) -> None:
    db = tmp_path / "skald.db"
    store = EventStore(str(db))
    assert _synchronous(store) == (2, 1000)  # FULL, SQLite's checkpoints: the CLI's writes
    server, _ = create_server(GameService(store, registry()))
    try:
        assert _synchronous(store) == (1, 0)  # NORMAL, no checkpoint on the loop
    finally:
        server.stop(0)
    assert _synchronous(store) == (2, 1000)
    store.close()


def test_checkpoints_keep_the_log_bounded_and_the_last_one_empties_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(durability, "CHECKPOINT_EVERY", 0.05)
    db = tmp_path / "skald.db"
    store = EventStore(str(db))
    server, port = create_server(GameService(store, registry()))
    from service._generated.skald.v1 import skald_pb2_grpc

    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    stub = skald_pb2_grpc.SkaldStub(channel)
    wal = Path(f"{db}-wal")
    sizes = []
    for _ in range(6):
        for _ in range(10):
            stub.CreateGame(pb.CreateGameRequest(game=GAME, players=3), timeout=10)
        time.sleep(0.15)
        sizes.append(wal.stat().st_size)
    channel.close()
    server.stop(0)
    # checkpointed while serving: the log was reused from its start, not grown by every game
    with sqlite3.connect(db) as reader:
        games = reader.execute("SELECT COUNT(DISTINCT originator_id) FROM stored_events").fetchone()
    assert games[0] >= 60
    assert max(sizes) < 60 * _bytes_per_game(tmp_path)
    assert not wal.exists() or wal.stat().st_size == 0  # the stop's TRUNCATE checkpoint
    store.close()


def _bytes_per_game(tmp_path: Path) -> int:
    """How much of log one CreateGame writes, with no checkpoint at all (the log only grows)."""
    db = tmp_path / "alone.db"
    store = EventStore(str(db))
    store.defer_sync(durability.RELAXED)
    service = GameService(store, registry())
    before = os.stat(f"{db}-wal").st_size
    for _ in range(5):
        service.create(GAME, 3)
    grown = os.stat(f"{db}-wal").st_size - before
    store.close()
    return max(1, grown // 5)

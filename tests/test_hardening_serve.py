"""``skald serve`` as an operator runs it: the real console script on a real port.

* the games registry is complete before any request can see it (requests queued while the
  server starts, from many threads, all answered);
* the operator token comes from ``$SKALD_OPERATOR_TOKEN`` or ``--operator-token-file``, never a
  flag (which ``ps`` shows); CreateGame and ImportGame need it unless ``--open``;
* a bug is logged on the server's stderr with its traceback and a correlation id, and the
  client gets INTERNAL with that id only.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
import pytest

from skald.service.app.games import GameService
from skald.service.app.requests import SubmitMove
from skald.service.bootstrap import registry
from skald.service.model import catalog
from skald.service.model.auth import OPERATOR
from skald.service.model.registry import Registry
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import GAME, cli_env, invoke_skald, metadata, pb, pb_grpc, rule_of
from tests.e2e_helpers import skald_executable as skald
from tests.hardening_broken_game import MARKER
from tests.toy_game import Roll

ROOT = Path(__file__).resolve().parents[1]


@dataclass
class Served:
    proc: subprocess.Popen[str]
    address: str
    log: Path
    db: Path

    def stub(self) -> Any:
        return pb_grpc.SkaldStub(grpc.insecure_channel(self.address))

    def stop(self) -> str:
        """Stop the server; everything it wrote on stderr."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.proc.kill()
                self.proc.wait()
        return self.log.read_text()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(tmp: Path, *args: str, env: dict[str, str] | None = None, port: int = 0) -> Served:
    """``skald serve`` in a subprocess; with ``port`` 0 it waits for the address line."""
    log = tmp / f"serve-{time.monotonic_ns()}.log"
    db = tmp / "served.db"
    environment = {**cli_env(), "PYTHONPATH": str(ROOT), **(env or {})}
    proc = subprocess.Popen(
        [skald(), "serve", "--port", str(port), "--db", str(db), *args],
        stdout=subprocess.PIPE,
        stderr=log.open("w"),
        text=True,
        env=environment,
        cwd=ROOT,
    )
    address = f"127.0.0.1:{port}"
    if port == 0:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"skald serving on ([\d.]+):(\d+)", line)
        assert found, f"no address in {line!r}; stderr: {log.read_text()}"
        address = f"{found.group(1)}:{found.group(2)}"
    return Served(proc, address, log, db)


@pytest.fixture
def closed(tmp_path: Path) -> Iterator[tuple[Served, str]]:
    """A server started the default way: operator token in the environment, not open."""
    token = "op-" + os.urandom(12).hex()
    served = start(tmp_path, env={"SKALD_OPERATOR_TOKEN": token})
    try:
        yield served, token
    finally:
        served.stop()


# ---------------------------------------------------------------------------- the registry


def test_concurrent_first_calls_to_the_registry_see_it_whole(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Thirty-two threads ask for the catalog at once while building it is slow: each gets
    the same, complete catalog (none sees it half-filled)."""
    monkeypatch.setattr(catalog, "_built", [])
    register = Registry.register

    def slow_register(self: Registry, rules: Any) -> None:
        time.sleep(0.02)
        register(self, rules)

    monkeypatch.setattr(Registry, "register", slow_register)
    expected = set(catalog.build_registry(("tests.toy_game", "tests.dice_game")).names())
    monkeypatch.setenv("SKALD_EXTRA_GAMES", "tests.toy_game,tests.dice_game")
    go = threading.Barrier(32)
    seen: list[tuple[int, set[str]]] = []

    def ask() -> None:
        go.wait()
        found = catalog.registry()
        seen.append((id(found), set(found.names())))

    threads = [threading.Thread(target=ask) for _ in range(32)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    assert len(seen) == 32
    assert {ident for ident, _ in seen} == {id(catalog._built[0])}
    assert all(names == expected for _, names in seen), seen


def test_requests_queued_while_the_server_starts_all_succeed(tmp_path: Path) -> None:
    """Sixty-four threads send GetRules and CreateGame to the port before the server is up
    (``wait_for_ready``): every one is answered, none with ``no game named 'red-north'``."""
    token = "op-" + os.urandom(12).hex()
    port = free_port()
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    stub = pb_grpc.SkaldStub(channel)
    results: list[Any] = []
    go = threading.Barrier(65)

    def ask(i: int) -> None:
        go.wait()
        try:
            if i % 2:
                game = ("red-north", "brian-boru", "feast")[i % 3]
                rules = stub.GetRules(
                    pb.GetRulesRequest(game=game), wait_for_ready=True, timeout=60
                )
                results.append(rules.title)
            else:
                created = stub.CreateGame(
                    pb.CreateGameRequest(game=GAME, players=2 + i % 3),
                    metadata=metadata(token),
                    wait_for_ready=True,
                    timeout=60,
                )
                results.append(created.game_id)
        except grpc.RpcError as error:
            results.append(error)

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(64)]
    for t in threads:
        t.start()
    go.wait()  # every request is queued: now start the server
    served = start(tmp_path, env={"SKALD_OPERATOR_TOKEN": token}, port=port)
    try:
        for t in threads:
            t.join(timeout=90)
        errors = [r for r in results if isinstance(r, grpc.RpcError)]
        assert not errors, [(e.code(), e.details()) for e in errors]
        assert len(results) == 64
    finally:
        channel.close()
        served.stop()


# ---------------------------------------------------------------------------- the operator token


def test_the_token_flag_is_refused_saying_why(tmp_path: Path) -> None:
    run = invoke_skald(["serve", "--operator-token", "s3cret", "--db", str(tmp_path / "a.db")])
    assert run.code == 2
    assert "serve/token-flag" in run.stderr and "ps" in run.stderr
    assert "SKALD_OPERATOR_TOKEN" in run.stderr and "--operator-token-file" in run.stderr


def test_serving_needs_an_operator_token_or_open(tmp_path: Path) -> None:
    run = invoke_skald(["serve", "--port", "0", "--db", str(tmp_path / "a.db")])
    assert run.code == 2 and "serve/no-operator" in run.stderr and "--open" in run.stderr
    empty = tmp_path / "empty.token"
    empty.write_text("\n")
    run = invoke_skald(["serve", "--operator-token-file", str(empty), "--db", str(tmp_path / "b")])
    assert run.code == 2 and "serve/token-file" in run.stderr
    missing = tmp_path / "missing.token"
    run = invoke_skald(
        ["serve", "--operator-token-file", str(missing), "--db", str(tmp_path / "c")]
    )
    assert run.code == 2 and "serve/token-file" in run.stderr


def test_serve_help_documents_tokens_and_open() -> None:
    run = invoke_skald(["serve", "--help"])
    assert run.code == 0
    text = " ".join(run.stdout.split())
    for words in ("--open", "--operator-token-file", "SKALD_OPERATOR_TOKEN", "ps"):
        assert words in text, words
    assert "--operator-token " not in text.replace("--operator-token-file", "")


def _create(stub: Any, token: str | None) -> Any:
    return stub.CreateGame(
        pb.CreateGameRequest(game=GAME, players=3), metadata=metadata(token), timeout=30
    )


def _refused(call: Any) -> grpc.RpcError:
    try:
        call()
    except grpc.RpcError as error:
        return error
    raise AssertionError("the call was accepted")


def test_creating_and_importing_need_the_operator_token(closed: tuple[Served, str]) -> None:
    served, token = closed
    stub = served.stub()
    anonymous = _refused(lambda: _create(stub, None))
    assert anonymous.code() is grpc.StatusCode.UNAUTHENTICATED
    assert rule_of(anonymous) == "auth/operator-only"
    game = _create(stub, token)
    seat = _refused(lambda: _create(stub, game.seat_tokens[0]))
    referee = _refused(lambda: _create(stub, game.referee_token))
    for error in (seat, referee):
        assert error.code() is grpc.StatusCode.PERMISSION_DENIED
        assert rule_of(error) == "auth/operator-only"

    # a finished toy game (played here on the server's own SQLite file) is what we import
    toy = stub.CreateGame(
        pb.CreateGameRequest(game="toy", players=2), metadata=metadata(token), timeout=30
    )
    local = GameService(EventStore(str(served.db)), registry())
    try:
        for turn in range(6):
            local.submit(SubmitMove(toy.game_id, turn % 2, Roll(), who=OPERATOR))
    finally:
        local.store.close()
    exported = stub.ExportGame(
        pb.ExportGameRequest(game_id=toy.game_id), metadata=metadata(toy.referee_token)
    ).jsonl
    request = pb.ImportGameRequest(jsonl=exported)
    for who in (None, game.referee_token, toy.seat_tokens[0]):
        error = _refused(lambda who=who: stub.ImportGame(request, metadata=metadata(who)))
        assert rule_of(error) == "auth/operator-only"
    listed = stub.ListGames(pb.ListGamesRequest()).games
    assert [g.game_id for g in listed] == [game.game_id, toy.game_id]  # nothing imported
    imported = stub.ImportGame(request, metadata=metadata(token), timeout=30).game
    assert imported.game_id and imported.game_id != toy.game_id
    # everything else works as before: a seat plays with its own token
    view = stub.GetView(
        pb.GetViewRequest(game_id=game.game_id, seat=0), metadata=metadata(game.seat_tokens[0])
    )
    assert view.seat == 0


def test_a_token_file_is_read_and_a_bug_is_logged_not_shown(tmp_path: Path) -> None:
    token = "file-" + os.urandom(12).hex()
    path = tmp_path / "operator.token"
    path.write_text(token + "\n")
    path.chmod(0o600)
    served = start(
        tmp_path,
        "--operator-token-file",
        str(path),
        env={"SKALD_EXTRA_GAMES": "tests.toy_game,tests.hardening_broken_game"},
    )
    try:
        cmdline = Path(f"/proc/{served.proc.pid}/cmdline").read_bytes()
        assert token.encode() not in cmdline  # `ps` shows the file's name, not the token
        stub = served.stub()
        assert _refused(lambda: _create(stub, None)).code() is grpc.StatusCode.UNAUTHENTICATED
        assert _create(stub, token).game_id

        broken = _refused(
            lambda: stub.CreateGame(
                pb.CreateGameRequest(game="broken", players=2), metadata=metadata(token)
            )
        )
        assert broken.code() is grpc.StatusCode.INTERNAL
        details = broken.details() or ""
        assert MARKER not in details and "RuntimeError" not in details
        assert MARKER not in repr(broken.trailing_metadata())
        correlation = re.search(r"correlation id ([0-9a-f]+)", details)
        assert correlation, details
        assert stub.GetRules(pb.GetRulesRequest(game=GAME)).playable  # still serving
    finally:
        log = served.stop()
    entry = log[log.index(correlation.group(1)) :]
    assert "Traceback" in entry and "RuntimeError" in entry and MARKER in entry
    assert "CreateGame" in log[: log.index(correlation.group(1))].splitlines()[-1]


def test_an_open_server_lets_anyone_create(tmp_path: Path) -> None:
    served = start(tmp_path, "--open")
    try:
        assert _create(served.stub(), None).game_id
    finally:
        served.stop()

"""How many RPCs a move costs through ``--server``, counted on a real server's channel.

``skald play GAME MOVE --seat N --server …`` reads the seat's legal moves (to read the move's
number or notation) and submits: two RPCs, the legal list's answer naming the game (no
GetHistory to learn its name, as there was before: three). A move typed in the interactive
session is one SubmitCommand: the session holds the legal list and the game's rules already.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest
from rich.console import Console

from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ViewGame
from skald.service.bootstrap import registry
from skald.service.client import RemoteClient
from skald.service.grpc.server import create_server
from skald.service.model.auth import OPERATOR
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import invoke_skald


class _Counting(grpc.UnaryUnaryClientInterceptor, grpc.UnaryStreamClientInterceptor):  # type: ignore[misc]
    """Every RPC's method name, in call order."""

    def __init__(self) -> None:
        self.methods: list[str] = []

    def _seen(self, details: Any) -> None:
        self.methods.append(str(details.method).rsplit("/", 1)[-1])

    def intercept_unary_unary(self, continuation: Any, details: Any, request: Any) -> Any:
        self._seen(details)
        return continuation(details, request)

    def intercept_unary_stream(self, continuation: Any, details: Any, request: Any) -> Any:
        self._seen(details)
        return continuation(details, request)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[str, dict[str, Any]]]:
    store = EventStore(str(tmp_path / "served.db"))
    server, port = create_server(GameService(store, registry()), "127.0.0.1:0")
    address = f"127.0.0.1:{port}"
    operator = RemoteClient(address)
    try:
        yield address, operator.create(CreateGame("red-north", 2, b"counted", "server", {}, []))
    finally:
        operator.close()
        server.stop(0)
        store.close()


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> _Counting:
    """Every channel a client opens from here on counts its RPCs."""
    counter = _Counting()
    plain = grpc.insecure_channel

    def channel(*args: Any, **kwargs: Any) -> Any:
        return grpc.intercept_channel(plain(*args, **kwargs), counter)

    monkeypatch.setattr(grpc, "insecure_channel", channel)
    return counter


def _to_act(address: str, gid: str) -> int:
    client = RemoteClient(address)
    try:
        return client.view(ViewGame(gid, None, None, who=OPERATOR)).to_act[0]
    finally:
        client.close()


def test_skald_play_over_grpc_is_the_legal_list_and_one_submit(
    served: tuple[str, dict[str, Any]], counted: _Counting
) -> None:
    address, created = served
    gid = created["game_id"]
    seat = _to_act(address, gid)
    counted.methods.clear()
    run = invoke_skald(
        [
            *("play", gid, "1", "--seat", str(seat)),
            *("--server", address, "--token", created["seat_tokens"][seat], "--json"),
        ]
    )
    assert run.code == 0, run.stderr
    assert run.json["version"] > created["version"]
    assert counted.methods == ["ListLegalCommands", "SubmitCommand"]


def test_a_session_move_over_grpc_is_one_submit(
    served: tuple[str, dict[str, Any]], counted: _Counting
) -> None:
    from skald.cli.tui.session import run_session

    address, created = served
    gid = created["game_id"]
    seat = _to_act(address, gid)
    client = RemoteClient(address, created["seat_tokens"][seat])
    per_move: list[list[str]] = []
    submit = client.submit

    def counted_submit(*args: Any, **kwargs: Any) -> Any:
        before = len(counted.methods)
        try:
            return submit(*args, **kwargs)
        finally:
            per_move.append(counted.methods[before:])

    client.submit = counted_submit  # type: ignore[method-assign]
    answers = iter(["1"])

    class Screen:
        console = Console(file=io.StringIO(), width=120, color_system=None)

        def clear(self) -> None:
            pass

        def ask(self, prompt: str, words: list[str]) -> str | None:
            return next(answers, "q")

        def poll(self, timeout: float) -> str | None:
            return "q"

    try:
        run_session(client, gid, seat, False, Screen())
    finally:
        client.close()
    assert per_move == [["SubmitCommand"]]
    played = RemoteClient(address)
    try:
        assert played.view(ViewGame(gid, None, None, who=OPERATOR)).version > created["version"]
    finally:
        played.close()

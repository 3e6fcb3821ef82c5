"""The request log names what each call was about, also for calls that never reach a handler
(found by an audit: bytes that did not parse were not logged, a public view was logged as
seat 0, CreateGame as no game)."""

from __future__ import annotations

import logging
from pathlib import Path

import grpc
import pytest

from skald.service.app.games import GameService
from skald.service.bootstrap import registry
from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
from skald.service.grpc.server import create_server
from skald.service.store.event_store import EventStore


def test_the_log_names_the_game_the_seat_and_refused_bytes(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    svc = GameService(EventStore(str(tmp_path / "g.db")), registry())
    server, port = create_server(svc)
    caplog.set_level(logging.INFO, logger="skald.grpc")
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = pb_grpc.SkaldStub(channel)
            created = stub.CreateGame(pb.CreateGameRequest(game="red_north", players=2))
            gid = created.game_id
            stub.GetView(pb.GetViewRequest(game_id=gid))  # the public view: no seat
            token = (("authorization", f"Bearer {created.seat_tokens[1]}"),)
            stub.GetView(pb.GetViewRequest(game_id=gid, seat=1), metadata=token)
            for method in ("GetView", "SubmitCommand"):
                raw = channel.unary_unary(f"/skald.v1.Skald/{method}")
                with pytest.raises(grpc.RpcError) as bad:
                    raw(b"\xff\xff\xff")
                assert bad.value.code() is grpc.StatusCode.INVALID_ARGUMENT
            watch = channel.unary_stream("/skald.v1.Skald/WatchGame")
            with pytest.raises(grpc.RpcError) as bad:
                list(watch(b"\xff\xff\xff"))
            assert bad.value.code() is grpc.StatusCode.INVALID_ARGUMENT
    finally:
        server.stop(0)
        svc.store.close()
    lines = [r for r in caplog.records if r.name == "skald.grpc" and r.msg.startswith("rpc ")]
    got = [(r.rpc_method, r.rpc_game, r.rpc_seat, r.rpc_status) for r in lines]  # type: ignore[attr-defined]
    assert got == [
        ("CreateGame", gid, "-", "OK"),
        ("GetView", gid, "-", "OK"),
        ("GetView", gid, "1", "OK"),
        ("GetView", "-", "-", "INVALID_ARGUMENT"),
        ("SubmitCommand", "-", "-", "INVALID_ARGUMENT"),
        ("WatchGame", "-", "-", "INVALID_ARGUMENT"),
    ]

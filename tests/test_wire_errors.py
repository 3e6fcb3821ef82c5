"""The error contract from a client's side, against a real server on a real port: every refusal
carries the rule as ``google.rpc.Status``/``ErrorInfo`` (reason = rule, domain = skald, kind and
reason in its metadata) in ``grpc-status-details-bin``, the same rule in the ``skald-rule``
trailer, and the client turns it back into the same ``SkaldError`` subclass."""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator

import grpc
import pytest
from google.rpc import error_details_pb2
from grpc_status import rpc_status

from skald.domain.kernel import errors
from skald.domain.kernel.errors import SkaldError
from skald.domain.red_north import commands as rn
from skald.service.app.requests import ListLegal, SubmitMove
from skald.service.bootstrap import open_service
from skald.service.client import RemoteClient, remote_error
from skald.service.contract import wire
from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc
from skald.service.grpc.server import create_server
from skald.service.model import errors as service_errors
from skald.service.model.auth import OPERATOR


class Server:
    def __init__(self, port: int) -> None:
        self.address = f"127.0.0.1:{port}"
        self.channel = grpc.insecure_channel(self.address)
        self.stub = skald_pb2_grpc.SkaldStub(self.channel)
        self.game = self.stub.CreateGame(pb.CreateGameRequest(game="red_north", players=3))

    def token(self, seat: int) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.game.seat_tokens[seat]}"),)

    def first_deploy(self, seat: int) -> pb.Command:
        reply = self.stub.ListLegalCommands(
            pb.ListLegalCommandsRequest(game_id=self.game.game_id, seat=seat),
            metadata=self.token(seat),
        )
        command: pb.Command = reply.commands[0]
        return command


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    service = open_service(str(tmp_path_factory.mktemp("wire") / "skald.db"))
    grpc_server, port = create_server(service, "127.0.0.1:0")
    client = Server(port)
    try:
        yield client
    finally:
        client.channel.close()
        grpc_server.stop(0)


def refusal(call: Callable[[], object]) -> grpc.RpcError:
    try:
        call()
    except grpc.RpcError as error:
        return error
    raise AssertionError("the call was accepted")


def submit(server: Server, seat: int, command: pb.Command, token_seat: int, **extra: int) -> object:
    request = pb.SubmitCommandRequest(game_id=server.game.game_id, seat=seat, command=command)
    for key, value in extra.items():
        setattr(request, key, value)
    return server.stub.SubmitCommand(request, metadata=server.token(token_seat))


def bogus_deploy() -> pb.Command:
    return wire.command_to_proto("red_north", rn.Deploy(("nope-0", "nope-1", "nope-2")))


CASES: dict[str, tuple[Callable[[Server], object], grpc.StatusCode, str, type[SkaldError]]] = {
    "an illegal move": (
        lambda s: submit(s, 0, bogus_deploy(), 0),
        grpc.StatusCode.FAILED_PRECONDITION,
        "red_north/card-not-in-hand",
        errors.IllegalMove,
    ),
    "a malformed command": (
        lambda s: submit(s, 0, pb.Command(), 0),
        grpc.StatusCode.INVALID_ARGUMENT,
        "command/empty",
        errors.Malformed,
    ),
    "an unknown game": (
        lambda s: s.stub.CreateGame(pb.CreateGameRequest(game="chess", players=2)),
        grpc.StatusCode.NOT_FOUND,
        "game/unknown",
        errors.UnknownGame,
    ),
    "an unknown game id": (
        lambda s: s.stub.GetView(pb.GetViewRequest(game_id=str(uuid.uuid4()))),
        grpc.StatusCode.NOT_FOUND,
        "game/unknown",
        service_errors.NotFound,
    ),
    "a stale version": (
        lambda s: submit(s, 1, s.first_deploy(1), 1, expected_version=0),
        grpc.StatusCode.ABORTED,
        "version/stale",
        service_errors.Stale,
    ),
    "a wrong seat": (
        lambda s: submit(s, 1, s.first_deploy(0), 0),
        grpc.StatusCode.PERMISSION_DENIED,
        "auth/wrong-seat",
        service_errors.Forbidden,
    ),
}


@pytest.mark.parametrize("case", CASES)
def test_a_refusal_carries_error_info_and_the_trailer(server: Server, case: str) -> None:
    call, code, rule, cls = CASES[case]
    before = server.stub.GetView(pb.GetViewRequest(game_id=server.game.game_id)).version
    error = refusal(lambda: call(server))
    assert error.code() is code

    status = rpc_status.from_call(error)
    assert status is not None and status.code == code.value[0]
    infos = []
    for detail in status.details:
        info = error_details_pb2.ErrorInfo()
        assert detail.Unpack(info)
        infos.append(info)
    assert len(infos) == 1
    info = infos[0]
    assert info.domain == "skald"
    assert info.reason == rule
    assert info.metadata["kind"] == cls.kind
    assert info.metadata["reason"] and status.message == f"{info.reason}: {info.metadata['reason']}"
    trailer = dict(error.trailing_metadata() or ())
    assert trailer["skald-rule"] == info.reason
    assert trailer["skald-kind"] == cls.kind

    back = remote_error(error)
    assert type(back) is cls
    assert (back.rule, back.reason, back.kind) == (info.reason, info.metadata["reason"], cls.kind)
    after = server.stub.GetView(pb.GetViewRequest(game_id=server.game.game_id)).version
    assert after == before, "a refused call wrote nothing"


def test_the_remote_client_raises_the_same_class(server: Server) -> None:
    client = RemoteClient(server.address, server.game.seat_tokens[0])
    try:
        with pytest.raises(errors.IllegalMove) as illegal:
            client.submit(
                SubmitMove(
                    server.game.game_id,
                    0,
                    rn.Deploy(("nope-0", "nope-1", "nope-2")),
                    None,
                    None,
                    [],
                    who=OPERATOR,
                )
            )
        assert illegal.value.rule == "red_north/card-not-in-hand"
        with pytest.raises(service_errors.Forbidden) as forbidden:
            client.legal(ListLegal(server.game.game_id, 2, who=OPERATOR))[0]
        assert forbidden.value.rule.startswith("auth/")
    finally:
        client.close()


def test_a_plain_grpc_error_still_maps_by_code() -> None:
    """A status without Skald's ErrorInfo (a proxy, another server) maps by its code alone."""

    class Plain(grpc.RpcError):  # type: ignore[misc]
        def code(self) -> grpc.StatusCode:
            return grpc.StatusCode.NOT_FOUND

        def details(self) -> str:
            return "no route"

        def trailing_metadata(self) -> tuple[()]:
            return ()

    error = remote_error(Plain())
    assert (type(error), error.rule, error.kind) == (SkaldError, "grpc/not_found", "not_found")

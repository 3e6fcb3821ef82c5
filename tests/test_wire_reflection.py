"""Server reflection, as grpcurl or Postman use it: the service is listed, and its files name the
packages ``skald.v1`` and ``skald.<game>.v1`` at the paths ``protos/`` holds them."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from google.protobuf import descriptor_pb2
from grpc_reflection.v1alpha import reflection_pb2, reflection_pb2_grpc

from skald.service.bootstrap import open_service
from skald.service.contract import protogen, protonames
from skald.service.grpc.server import create_server


@pytest.fixture(scope="module")
def stub(
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[reflection_pb2_grpc.ServerReflectionStub]:
    service = open_service(str(tmp_path_factory.mktemp("reflect") / "skald.db"))
    server, port = create_server(service, "127.0.0.1:0")
    channel = grpc.insecure_channel(f"127.0.0.1:{port}")
    try:
        yield reflection_pb2_grpc.ServerReflectionStub(channel)
    finally:
        channel.close()
        server.stop(0)


def ask(
    stub: reflection_pb2_grpc.ServerReflectionStub, **request: str
) -> reflection_pb2.ServerReflectionResponse:
    replies = list(
        stub.ServerReflectionInfo(
            iter([reflection_pb2.ServerReflectionRequest(**request)]), timeout=10
        )
    )
    assert len(replies) == 1
    reply: reflection_pb2.ServerReflectionResponse = replies[0]
    return reply


def files(
    reply: reflection_pb2.ServerReflectionResponse,
) -> dict[str, descriptor_pb2.FileDescriptorProto]:
    out = {}
    for raw in reply.file_descriptor_response.file_descriptor_proto:
        file = descriptor_pb2.FileDescriptorProto.FromString(raw)
        out[file.name] = file
    return out


def test_reflection_lists_the_service(stub: reflection_pb2_grpc.ServerReflectionStub) -> None:
    names = {s.name for s in ask(stub, list_services="").list_services_response.service}
    assert "skald.v1.Skald" in names
    assert "grpc.health.v1.Health" in names


def test_reflection_serves_skald_v1_and_every_games_package(
    stub: reflection_pb2_grpc.ServerReflectionStub,
) -> None:
    found = files(ask(stub, file_containing_symbol="skald.v1.Skald"))
    service_file = found["skald/v1/skald.proto"]
    assert service_file.package == "skald.v1"
    assert [s.name for s in service_file.service] == ["Skald"]
    for game in protogen.games():
        path = protonames.proto_path(game)
        assert path in service_file.dependency
        by_name = files(ask(stub, file_by_filename=path))
        assert by_name[path].package == f"skald.{game}.v1"
        assert (protogen.PROTO_DIR / path).exists()
        symbol = files(ask(stub, file_containing_symbol=f"skald.{game}.v1.AnyCommand"))
        assert path in symbol
    assert Path(protogen.PROTO_DIR / "skald/v1/skald.proto").exists()

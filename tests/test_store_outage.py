"""PostgreSQL lost while serving: calls answer UNAVAILABLE within seconds and the server serves
again once it is back (found by an audit: each call held the event loop 52 s, then INTERNAL,
and the log took a traceback a second). The database is reached through a TCP relay the test
cuts and restores; the server and the database are real."""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Iterator
from urllib.parse import urlparse

import grpc
import pytest

from skald.service.app.requests import CreateGame
from skald.service.bootstrap import open_service
from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
from skald.service.grpc.server import create_server

pytestmark = pytest.mark.postgres


class Relay:
    """127.0.0.1:<port> → PostgreSQL until :meth:`cut` (every connection closed, new ones
    refused: the listener is shut down, which wakes its blocked ``accept``) and after
    :meth:`restore` (the same port again)."""

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self.port = 0
        self._listener: socket.socket | None = None
        self._open: list[socket.socket] = []
        self._lock = threading.Lock()
        self.restore()

    def restore(self) -> None:
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", self.port))
        listener.listen(64)
        self.port = listener.getsockname()[1]
        self._listener = listener
        threading.Thread(target=self._accept, args=(listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            if self._listener is not listener:  # cut meanwhile
                client.close()
                return
            upstream = socket.create_connection(self.target)
            with self._lock:
                self._open += [client, upstream]
            for a, b in ((client, upstream), (upstream, client)):
                threading.Thread(target=self._pipe, args=(a, b), daemon=True).start()

    @staticmethod
    def _pipe(a: socket.socket, b: socket.socket) -> None:
        try:
            while data := a.recv(65536):
                b.sendall(data)
        except OSError:
            pass
        finally:
            for s in (a, b):
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        listener, self._listener = self._listener, None
        if listener is not None:
            with contextlib.suppress(OSError):
                listener.shutdown(socket.SHUT_RDWR)
            listener.close()
        with self._lock:
            for s in self._open:
                with contextlib.suppress(OSError):
                    s.shutdown(socket.SHUT_RDWR)
                s.close()
            self._open.clear()


@pytest.fixture
def relayed(pg_url: str) -> Iterator[tuple[str, Relay]]:
    url = urlparse(pg_url)
    relay = Relay(url.hostname or "127.0.0.1", url.port or 5432)
    yield pg_url.replace(f":{url.port or 5432}/", f":{relay.port}/"), relay
    relay.cut()


def test_a_lost_database_is_unavailable_in_seconds_and_served_again_after(
    relayed: tuple[str, Relay], caplog: pytest.LogCaptureFixture
) -> None:
    url, relay = relayed
    svc = open_service(url)
    gid = svc.create(CreateGame("red_north", 2)).game_id
    server, port = create_server(svc)
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = pb_grpc.SkaldStub(channel)
            assert stub.GetView(pb.GetViewRequest(game_id=gid)).version >= 1
            relay.cut()
            svc.repo.forget(gid)  # nothing cached: the call must reach the database
            for _ in range(2):  # a dropped pooled connection, then none to be had
                # UNAVAILABLE, not DEADLINE_EXCEEDED: answered within the call's 30 s, where
                # the library's retries once held a call 52 s
                with pytest.raises(grpc.RpcError) as lost:
                    stub.GetView(pb.GetViewRequest(game_id=gid), timeout=30)
                assert lost.value.code() is grpc.StatusCode.UNAVAILABLE
                assert "store/unavailable" in (lost.value.details() or "")
            relay.restore()
            deadline = time.monotonic() + 20
            while True:
                try:
                    stub.GetView(pb.GetViewRequest(game_id=gid), timeout=30)
                    break
                except grpc.RpcError as error:
                    assert error.code() is grpc.StatusCode.UNAVAILABLE
                    assert time.monotonic() < deadline, "never served again"
    finally:
        server.stop(0)
        svc.store.close()
    assert not [r for r in caplog.records if r.exc_info], "an outage logged a traceback"

"""TLS on the gRPC port (``service/grpc/tls.py``): a certificate made in the test with the ``openssl``
CLI; the CLI client trusts it with ``--tls-ca``; with ``--tls-client-ca`` a client without a
certificate signed by that CA is refused, one with it served."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path
from typing import Any

import grpc
import pytest
from typer.testing import CliRunner

from skald.domain.kernel.errors import SkaldError
from skald.service.app.games import GameService
from skald.service.app.requests import RulesInfo
from skald.service.bootstrap import registry
from skald.service.client import ClientTls, RemoteClient
from skald.service.grpc.server import create_server
from skald.service.grpc.tls import TlsFiles
from skald.service.store.event_store import EventStore

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl CLI")


def _openssl(*args: str) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True)


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A CA, a server certificate for 127.0.0.1/localhost and a client certificate."""
    d = tmp_path_factory.mktemp("pki")
    _openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=test-ca",
             "-keyout", str(d / "ca.key"), "-out", str(d / "ca.pem"))  # fmt: skip
    (d / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    for name in ("server", "client"):
        _openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", f"/CN={name}",
                 "-keyout", str(d / f"{name}.key"), "-out", str(d / f"{name}.csr"))  # fmt: skip
        _openssl("x509", "-req", "-in", str(d / f"{name}.csr"), "-CA", str(d / "ca.pem"),
                 "-CAkey", str(d / "ca.key"), "-CAcreateserial", "-days", "2",
                 "-extfile", str(d / "san.ext"), "-out", str(d / f"{name}.pem"))  # fmt: skip
    return d


def _served(tmp_path: Path, tls: TlsFiles) -> tuple[Any, int, EventStore]:
    store = EventStore(str(tmp_path / "skald.db"))
    server, port = create_server(GameService(store, registry()), tls=tls)
    return server, port, store


def test_cli_client_trusts_the_server_with_tls_ca(
    pki: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from skald.cli.main import app

    server, port, store = _served(tmp_path, TlsFiles(pki / "server.pem", pki / "server.key"))
    for name in ("SKALD_TLS_CA", "SKALD_TLS_CERT", "SKALD_TLS_KEY"):
        monkeypatch.delenv(name, raising=False)  # only --tls-ca here
    try:
        address = f"127.0.0.1:{port}"
        made = CliRunner().invoke(
            app,
            [
                *("--tls-ca", str(pki / "ca.pem"), "new", "red-north", "--players", "3"),
                *("--server", address, "--json"),
            ],
        )
        assert made.exit_code == 0, made.output
        assert '"game_id"' in made.output
        plain = grpc.insecure_channel(address)  # a plaintext client gets no answer
        with pytest.raises(grpc.FutureTimeoutError):
            grpc.channel_ready_future(plain).result(timeout=1)
        plain.close()
    finally:
        server.stop(0)
        store.close()


def test_client_certificates_are_required_when_configured(
    pki: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tls = TlsFiles(pki / "server.pem", pki / "server.key", client_ca=pki / "ca.pem")
    server, port, store = _served(tmp_path, tls)
    ca = str(pki / "ca.pem")
    try:
        anonymous = RemoteClient(f"127.0.0.1:{port}", tls=ClientTls(ca=ca))
        with pytest.raises(SkaldError):
            anonymous.rules_info(RulesInfo("red-north"))  # handshake refused: no client certificate
        anonymous.close()
        pair = ClientTls(ca=ca, cert=str(pki / "client.pem"), key=str(pki / "client.key"))
        known = RemoteClient(f"127.0.0.1:{port}", tls=pair)
        assert known.rules_info(RulesInfo("red-north"))["game"] == "red-north"
        known.close()
    finally:
        server.stop(0)
        store.close()


def test_bad_tls_files_are_one_line_errors(pki: Path, tmp_path: Path) -> None:
    with pytest.raises(SkaldError, match=r"cannot read"):
        TlsFiles(tmp_path / "missing.pem", pki / "server.key").server_credentials()
    (tmp_path / "junk.pem").write_text("not a certificate")
    with pytest.raises(SkaldError) as junk:
        ClientTls(ca=str(tmp_path / "junk.pem")).credentials()
    assert junk.value.rule == "tls/not-pem"
    with pytest.raises(SkaldError) as half:
        ClientTls(cert=str(pki / "client.pem")).credentials()
    assert half.value.rule == "tls/pair"

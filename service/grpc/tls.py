"""TLS for the gRPC port: the server's certificate and key, optionally verified client certificates.

``skald serve --tls-cert server.pem --tls-key server.key`` serves TLS; ``--tls-client-ca ca.pem``
also requires every client to present a certificate signed by that CA (mutual TLS). Clients
(``skald.service.client.RemoteClient`` with its ``ClientTls``, every ``--server`` command) trust
``--tls-ca`` and present ``--tls-cert``/``--tls-key`` when the server asks (the command line
reads ``$SKALD_TLS_*`` as those options' defaults). Files are read once at start; a missing or unreadable one is a
:class:`~skald.domain.kernel.errors.SkaldError` naming the file, never a traceback.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skald.domain.kernel.errors import SkaldError

__all__ = ["TlsFiles", "read_pem"]


def read_pem(path: str | Path, what: str) -> bytes:
    try:
        data = Path(path).read_bytes()
    except OSError as exc:
        raise SkaldError(
            "tls/unreadable", f"cannot read the {what} {path}: {exc.strerror}"
        ) from None
    if b"-----BEGIN" not in data:
        raise SkaldError("tls/not-pem", f"the {what} {path} is not a PEM file")
    return data


@dataclass(frozen=True, slots=True)
class TlsFiles:
    """The server side: certificate chain and key, and the CA of accepted client certificates."""

    cert: Path
    key: Path
    client_ca: Path | None = None
    """When set, clients must present a certificate signed by this CA."""

    def server_credentials(self) -> Any:
        import grpc

        pair = [(read_pem(self.key, "TLS key"), read_pem(self.cert, "TLS certificate"))]
        if self.client_ca is None:
            return grpc.ssl_server_credentials(pair)
        roots = read_pem(self.client_ca, "client CA")
        return grpc.ssl_server_credentials(pair, root_certificates=roots, require_client_auth=True)

"""The server's TLS files checked before ``skald serve`` announces anything.

Why: gRPC reads the certificate and key only when it binds the port, so a key that does not
match the certificate, a corrupt PEM body or the two files swapped came out as C-core log lines
and a ``serve/port`` error blaming the port (under ``--workers``, after the server had said it
was serving); and it serves an expired certificate without a word, which every client then
refuses. Here each is a :class:`~skald.domain.kernel.errors.SkaldError` naming the file: the stdlib's
OpenSSL parses the certificates and matches the key (``ssl``), and the validity dates are read
from the certificate's DER (the stdlib has no public decoder, and a crypto package is not worth
a dependency for two dates).
"""

from __future__ import annotations

import base64
import binascii
import re
import ssl
from datetime import UTC, datetime
from pathlib import Path

from skald.domain.kernel.errors import SkaldError
from skald.service.grpc.tls import TlsFiles, read_pem

__all__ = ["check_server_files", "validity"]

_BLOCK = re.compile(rb"-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", re.DOTALL)


class _Encrypted(Exception):
    """Raised by the password callback: the key asks for a passphrase gRPC cannot give."""


def _no_password() -> str:
    raise _Encrypted


def check_server_files(files: TlsFiles, now: datetime | None = None) -> None:
    """Refuse what gRPC would fail on at bind time or clients on at handshake: rules
    ``tls/bad-pem``, ``tls/encrypted-key``, ``tls/key-mismatch``, ``tls/expired`` and
    ``tls/not-yet-valid``, and ``tls/rejected`` for an algorithm gRPC's TLS does not take
    (:data:`UNSUPPORTED`; missing files and non-PEM ones are :func:`skald.service.grpc.tls.read_pem`'s)."""
    now = now or datetime.now(UTC)
    chain = _certificates(files.cert, "--tls-cert")
    for position, der in enumerate(chain):
        refused = [UNSUPPORTED[oid] for oid in algorithms(der) if oid in UNSUPPORTED]
        if refused:
            which = f"--tls-cert {files.cert}" + (
                f" (certificate {position + 1} of its chain)" if position else ""
            )
            raise SkaldError(
                "tls/rejected",
                f"{which} uses {refused[0]}, which gRPC's TLS library does not support: use "
                "an EC (P-256), RSA or Ed25519 key and certificate",
            )
        dates = validity(der)
        if dates is None:  # OpenSSL read it, the DER walk did not: leave the dates to OpenSSL
            continue
        which = f"--tls-cert {files.cert}" + (
            f" (certificate {position + 1} of its chain)" if position else ""
        )
        not_before, not_after = dates
        if now > not_after:
            raise SkaldError(
                "tls/expired", f"{which} expired on {_shown(not_after)}; clients refuse it"
            )
        if now < not_before:
            raise SkaldError(
                "tls/not-yet-valid",
                f"{which} is not valid until {_shown(not_before)} (this machine's clock says "
                f"{_shown(now)}); clients refuse it",
            )
    _check_key(files.cert, files.key)
    if files.client_ca is not None:
        _certificates(files.client_ca, "--tls-client-ca")


def _context() -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.set_ciphers("DEFAULT:@SECLEVEL=0")  # parse and match only; gRPC has its own policy
    return context


def _certificates(path: Path, flag: str) -> list[bytes]:
    """The DER certificates of a PEM file, each one parsed by OpenSSL."""
    data = read_pem(path, "client CA" if flag == "--tls-client-ca" else "TLS certificate")
    blocks = _BLOCK.findall(data)
    if not blocks:
        if b"PRIVATE KEY-----" not in data:
            raise SkaldError("tls/bad-pem", f"{flag} {path} holds no BEGIN CERTIFICATE block")
        swapped = " (swapped with --tls-key?)" if flag == "--tls-cert" else ""
        raise SkaldError(
            "tls/bad-pem", f"{flag} {path} holds a private key, not a certificate{swapped}"
        )
    context = _context()
    out: list[bytes] = []
    for position, block in enumerate(blocks):
        which = f"{flag} {path}" + (f" (certificate {position + 1})" if len(blocks) > 1 else "")
        try:
            der = base64.b64decode(b"".join(block.split()), validate=True)
            context.load_verify_locations(cadata=der)
        except (binascii.Error, ssl.SSLError):
            raise SkaldError(
                "tls/bad-pem", f"{which} is corrupt: its PEM body is not a certificate"
            ) from None
        out.append(der)
    return out


def _check_key(cert: Path, key: Path) -> None:
    data = read_pem(key, "TLS key")
    if b"PRIVATE KEY-----" not in data:
        held = "a certificate" if b"CERTIFICATE-----" in data else "no private key"
        raise SkaldError("tls/bad-pem", f"--tls-key {key} holds {held}, not a private key")
    try:
        _context().load_cert_chain(cert, key, password=_no_password)
    except _Encrypted:
        raise SkaldError(
            "tls/encrypted-key",
            f"--tls-key {key} is encrypted and gRPC takes no passphrase: give it decrypted "
            "(openssl pkey -in KEY -out PLAIN)",
        ) from None
    except ssl.SSLError as error:
        if error.reason == "KEY_VALUES_MISMATCH":
            raise SkaldError(
                "tls/key-mismatch", f"--tls-key {key} does not match --tls-cert {cert}"
            ) from None
        raise SkaldError(
            "tls/bad-pem", f"--tls-key {key} is corrupt: its PEM body is not a private key"
        ) from None


UNSUPPORTED = {bytes.fromhex("2b6571"): "Ed448"}
"""Algorithm OIDs the stdlib's OpenSSL reads and gRPC's TLS library (BoringSSL) refuses: a
certificate or key of these failed at bind time with three C-core log lines first."""


def _tbs(der: bytes) -> tuple[list[int], int]:
    """Where each field of a DER certificate's tbsCertificate begins, past the optional
    version (serial, signature, issuer, validity, subject, subjectPublicKeyInfo, …), and
    where the certificate's own signature algorithm begins (RFC 5280)."""
    _, start, _ = _header(der, 0, 0x30)  # Certificate
    _, at, tbs_end = _header(der, start, 0x30)  # tbsCertificate
    tag, _, end = _header(der, at)
    if tag == 0xA0:  # the optional version
        at = end
    fields: list[int] = []
    while at < tbs_end and len(fields) < 6:
        fields.append(at)
        _, _, at = _header(der, at)
    return fields, tbs_end


def algorithms(der: bytes) -> list[bytes]:
    """The OIDs of a DER certificate's signature algorithm (as signed, and as stated after)
    and of its subject's key; empty if its layout is another."""
    try:
        fields, outer = _tbs(der)
        found = []
        for at in (fields[1], _header(der, fields[5], 0x30)[1], outer):
            _, inner, _ = _header(der, at, 0x30)  # an AlgorithmIdentifier
            found.append(_oid(der, inner))
    except (IndexError, ValueError):
        return []
    return found


def _oid(der: bytes, at: int) -> bytes:
    _, start, end = _header(der, at, 0x06)
    return der[start:end]


def validity(der: bytes) -> tuple[datetime, datetime] | None:
    """A DER certificate's (notBefore, notAfter), in UTC; ``None`` if its layout is not the
    RFC 5280 one (tbsCertificate: [0] version, serial, signature, issuer, validity)."""
    try:
        fields, _ = _tbs(der)
        _, at, _ = _header(der, fields[3], 0x30)  # validity
        not_before, at = _time(der, at)
        not_after, _ = _time(der, at)
    except (IndexError, ValueError):
        return None
    return not_before, not_after


def _header(der: bytes, at: int, expected: int | None = None) -> tuple[int, int, int]:
    """(tag, start of contents, end of contents) of the DER element at ``at``."""
    tag, length = der[at], der[at + 1]
    at += 2
    if expected is not None and tag != expected:
        raise ValueError(f"tag {tag:#x} where {expected:#x} belongs")
    if length & 0x80:
        size = length & 0x7F
        if not 1 <= size <= 4:
            raise ValueError("unsupported length")
        length = int.from_bytes(der[at : at + size], "big")
        at += size
    if at + length > len(der):
        raise ValueError("truncated")
    return tag, at, at + length


def _time(der: bytes, at: int) -> tuple[datetime, int]:
    """A UTCTime (two-digit year, 1950..2049) or GeneralizedTime, and where the next begins."""
    tag, start, end = _header(der, at)
    text = der[start:end].decode("ascii")
    if tag == 0x17:
        year = int(text[:2])
        text = f"{19 if year >= 50 else 20}{text}"
    elif tag != 0x18:
        raise ValueError(f"tag {tag:#x} is not a time")
    return datetime.strptime(text, "%Y%m%d%H%M%SZ").replace(tzinfo=UTC), end


def _shown(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")

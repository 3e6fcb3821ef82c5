"""``skald serve`` starting up: bad TLS files are one ``tls/...`` line before anything is
announced (one worker or several), IPv6 addresses are served, ``--workers`` announces only
once every worker is bound, and the ready line is one line (one JSON object with ``--json``).
Real ``skald serve`` processes on real ports; certificates made with the ``openssl`` CLI."""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from skald.domain.kernel.errors import SkaldError
from skald.service.grpc.tls import TlsFiles
from skald.service.grpc.tls_check import check_server_files
from tests.e2e_helpers import cli_env, skald_executable

ROOT = Path(__file__).resolve().parent.parent
LONG_DIR = "a-directory-name-long-enough-that-the-ready-line-passes-eighty-columns"

pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl CLI")


def _openssl(*args: str, cwd: Path | None = None) -> None:
    subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=cwd)


def _dated(d: Path, name: str, start: str, end: str) -> None:
    """A self-signed certificate ``name``.pem valid from ``start`` to ``end`` (openssl 3.0's
    ``x509`` takes only ``-days``; ``ca`` takes both dates)."""
    (d / "ca.cnf").write_text(
        "[ca]\ndefault_ca = d\n[d]\ndatabase = index.txt\nnew_certs_dir = .\nserial = serial\n"
        "policy = p\nunique_subject = no\ndefault_md = sha256\n[p]\ncommonName = supplied\n"
    )
    (d / "index.txt").write_text("")
    (d / "serial").write_text("01\n")
    _openssl("req", "-new", "-key", "server.key", "-subj", "/CN=127.0.0.1", "-out", f"{name}.csr",
             cwd=d)  # fmt: skip
    _openssl("ca", "-batch", "-config", "ca.cnf", "-selfsign", "-keyfile", "server.key",
             "-in", f"{name}.csr", "-startdate", start, "-enddate", end, "-notext",
             "-out", f"{name}.pem", cwd=d)  # fmt: skip


@pytest.fixture(scope="module")
def pki(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Good, mismatched, corrupt, expired and future server files (EC keys: made in ms)."""
    d = tmp_path_factory.mktemp("pki")
    for name in ("server", "other"):
        _openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256",
                 "-out", str(d / f"{name}.key"))  # fmt: skip
    _openssl("req", "-x509", "-key", str(d / "server.key"), "-days", "2", "-subj", "/CN=127.0.0.1",
             "-addext", "subjectAltName=IP:127.0.0.1", "-out", str(d / "server.pem"))  # fmt: skip
    lines = (d / "server.pem").read_text().splitlines()
    lines[2] = "A" * len(lines[2])  # still base64, no longer a certificate
    (d / "corrupt.pem").write_text("\n".join(lines) + "\n")
    lines = (d / "server.key").read_text().splitlines()
    lines[1] = "A" * len(lines[1])
    (d / "corrupt.key").write_text("\n".join(lines) + "\n")
    _dated(d, "expired", "20200101000000Z", "20200102000000Z")
    _dated(d, "future", "20990101000000Z", "20991231000000Z")
    (d / "chain.pem").write_text((d / "server.pem").read_text() + (d / "expired.pem").read_text())
    _openssl("pkey", "-in", str(d / "server.key"), "-aes128", "-passout", "pass:x",
             "-out", str(d / "encrypted.key"))  # fmt: skip
    return d


# ---------------------------------------------------------------------------- the TLS checks


@pytest.mark.parametrize(
    ("cert", "key", "client_ca", "rule", "words"),
    [
        ("server.pem", "other.key", None, "tls/key-mismatch", "--tls-key {d}/other.key does not"),
        ("corrupt.pem", "server.key", None, "tls/bad-pem", "corrupt.pem is corrupt"),
        ("server.key", "server.key", None, "tls/bad-pem", "holds a private key, not a cert"),
        ("server.pem", "server.pem", None, "tls/bad-pem", "holds a certificate, not a private"),
        ("server.pem", "corrupt.key", None, "tls/bad-pem", "corrupt.key is corrupt"),
        ("server.pem", "server.key", "corrupt.pem", "tls/bad-pem", "--tls-client-ca {d}/corr"),
        ("server.pem", "server.key", "server.key", "tls/bad-pem", "--tls-client-ca {d}/server.k"),
        ("expired.pem", "server.key", None, "tls/expired", "expired on 2020-01-02 00:00:00 UTC"),
        ("future.pem", "server.key", None, "tls/not-yet-valid", "until 2099-01-01 00:00:00 UTC"),
        ("chain.pem", "server.key", None, "tls/expired", "(certificate 2 of its chain) expired"),
        ("server.pem", "encrypted.key", None, "tls/encrypted-key", "is encrypted"),
    ],
)
def test_bad_server_tls_files_are_refused_by_rule(
    pki: Path, cert: str, key: str, client_ca: str | None, rule: str, words: str
) -> None:
    files = TlsFiles(pki / cert, pki / key, pki / client_ca if client_ca else None)
    with pytest.raises(SkaldError) as refused:
        check_server_files(files)
    assert refused.value.rule == rule and words.format(d=pki) in refused.value.reason


def test_good_server_tls_files_pass(pki: Path) -> None:
    check_server_files(TlsFiles(pki / "server.pem", pki / "server.key", pki / "server.pem"))


# ---------------------------------------------------------------------------- skald serve


def _serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [skald_executable(), "serve", "--open", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**cli_env(), "COLUMNS": "40"},  # narrow: the ready line must not wrap
    )


def _refused(*args: str) -> tuple[str, str]:
    """A ``skald serve`` that must not start: its stdout and its one ``error`` line."""
    proc = _serve(*args)
    try:
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 2, err
    errors = [line for line in err.splitlines() if line.startswith("error ")]
    assert len(errors) == 1 and "Traceback" not in err and "skald worker" not in err, err
    assert "serving" not in out
    return out, errors[0]


@contextmanager
def _running(*args: str) -> Iterator[tuple[subprocess.Popen[str], str]]:
    """A ``skald serve`` that starts: the process and its ready line; stopped afterwards."""
    proc = _serve(*args)
    try:
        assert proc.stdout is not None
        yield proc, proc.stdout.readline()
    finally:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
            raise AssertionError(
                f"skald serve did not stop within 15 s of SIGTERM: {err}"
            ) from None
        finally:
            proc.kill()
            proc.communicate()


def _healthy(address: str, credentials: grpc.ChannelCredentials | None = None) -> bool:
    with (
        grpc.secure_channel(address, credentials) if credentials else grpc.insecure_channel(address)
    ) as channel:
        stub = health_pb2_grpc.HealthStub(channel)
        answer = stub.Check(health_pb2.HealthCheckRequest(service=""), timeout=10)
    return bool(answer.status == health_pb2.HealthCheckResponse.SERVING)


def _listening(pid: int, port: int) -> bool:
    """Whether process ``pid`` holds a socket listening on TCP ``port`` (``/proc``)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with suppress(OSError):
            target = os.readlink(fd)
            if target.startswith("socket:["):
                inodes.add(target[8:-1])
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for row in Path(table).read_text().splitlines()[1:]:
            fields = row.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == "0A" and int(local.rsplit(":", 1)[1], 16) == port and inode in inodes:
                return True
    return False


@pytest.mark.parametrize(
    ("cert", "key", "workers", "line"),
    [
        ("server.pem", "other.key", "1", "error tls/key-mismatch: --tls-key {d}/other.key does "
         "not match --tls-cert {d}/server.pem"),
        ("expired.pem", "server.key", "2", "error tls/expired: --tls-cert {d}/expired.pem "
         "expired on 2020-01-02 00:00:00 UTC; clients refuse it"),
    ],
)  # fmt: skip
def test_serve_refuses_bad_tls_in_one_line_before_anything(
    pki: Path, tmp_path: Path, cert: str, key: str, workers: str, line: str
) -> None:
    db = tmp_path / "s.db"
    tls = ("--tls-cert", str(pki / cert), "--tls-key", str(pki / key))
    out, error = _refused("--port", "0", "--db", str(db), "--workers", workers, *tls)
    assert error == line.format(d=pki) and out == ""
    assert not db.exists()  # refused before the store is opened, let alone a port


def test_serve_json_refusals_are_one_json_object(pki: Path, tmp_path: Path) -> None:
    out, error = _refused("--json", "--port", "0", "--db", "mysql://x/y")
    assert json.loads(out)["error"]["rule"] == "store/unknown-scheme"
    assert json.loads(out)["error"]["kind"] == "unavailable"
    assert error.startswith("error store/unknown-scheme: ")
    tls = ("--tls-cert", str(pki / "server.pem"), "--tls-key", str(pki / "other.key"))
    out, _ = _refused(
        "--json", "--port", "0", "--db", str(tmp_path / "s.db"), "--workers", "2", *tls
    )
    reason = f"--tls-key {pki}/other.key does not match --tls-cert {pki}/server.pem"
    assert json.loads(out) == {
        "error": {"rule": "tls/key-mismatch", "reason": reason, "kind": "error"}
    }


@pytest.fixture(scope="module")
def ed448(pki: Path) -> tuple[Path, Path]:
    """An Ed448 pair: the stdlib's OpenSSL reads it, gRPC's TLS library (BoringSSL) will not."""
    try:
        _openssl("req", "-x509", "-newkey", "ed448", "-nodes", "-days", "2", "-subj", "/CN=e",
                 "-keyout", str(pki / "ed448.key"), "-out", str(pki / "ed448.pem"))  # fmt: skip
    except subprocess.CalledProcessError:
        pytest.skip("this openssl makes no Ed448 keys")
    return pki / "ed448.pem", pki / "ed448.key"


def test_tls_grpc_will_not_use_is_named_not_blamed_on_the_port(
    ed448: tuple[Path, Path], tmp_path: Path
) -> None:
    """An algorithm gRPC's TLS library refuses is named before anything binds, in one line:
    found only at bind time, it came after three C-core log lines (under ``--workers``, in
    the workers); what is found only there is still ``tls/rejected``, not the port's fault
    (``skald.cli.commands.serve``)."""
    cert, key = ed448
    args = ("--port", "0", "--db", str(tmp_path / "s.db"), "--workers", "2")
    proc = _serve(*args, "--tls-cert", str(cert), "--tls-key", str(key))
    try:
        out, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 2 and "serving" not in out
    assert err.splitlines() == [
        f"error tls/rejected: --tls-cert {cert} uses Ed448, which gRPC's TLS library does not "
        "support: use an EC (P-256), RSA or Ed25519 key and certificate"
    ], err


def test_the_ready_line_is_one_line_however_narrow(tmp_path: Path) -> None:
    db = tmp_path / LONG_DIR / "s.db"
    with _running("--port", "0", "--db", str(db), "--workers", "2") as (_, line):
        store = re.escape(str(db))
        pattern = rf"skald serving on 127\.0\.0\.1:\d+ with 2 workers \(store {store}; anyone"
        assert re.fullmatch(pattern + r" may create games\)\n", line), line


def test_json_ready_line_comes_once_every_worker_listens(pki: Path, tmp_path: Path) -> None:
    db = tmp_path / LONG_DIR / "s.db"
    tls = ("--tls-cert", str(pki / "server.pem"), "--tls-key", str(pki / "server.key"))
    with _running("--json", "--port", "0", "--db", str(db), "--workers", "2", *tls) as (
        proc,
        line,
    ):
        ready = json.loads(line)
        workers = [
            int(p) for p in Path(f"/proc/{proc.pid}/task/{proc.pid}/children").read_text().split()
        ]
        port = int(ready["serving"].rsplit(":", 1)[1])
        assert [_listening(pid, port) for pid in workers] == [True, True]
        assert ready == {
            "serving": f"127.0.0.1:{port}",
            "workers": 2,
            "store": str(db),
            "tls": True,
        }
        trusted = grpc.ssl_channel_credentials((pki / "server.pem").read_bytes())
        assert _healthy(f"127.0.0.1:{port}", trusted)


def _ipv6_loopback() -> bool:
    try:
        with socket.socket(socket.AF_INET6) as probe:
            probe.bind(("::1", 0))
    except OSError:
        return False
    return True


needs_ipv6 = pytest.mark.skipif(not _ipv6_loopback(), reason="this machine has no IPv6 ::1")


@needs_ipv6
@pytest.mark.parametrize(
    ("host", "workers", "shown"),
    [("::1", "1", "[::1]"), ("[::1]", "2", "[::1]"), ("::", "1", "[::]")],
)
def test_ipv6_hosts_are_served(tmp_path: Path, host: str, workers: str, shown: str) -> None:
    args = ("--host", host, "--port", "0", "--db", str(tmp_path / "s.db"), "--workers", workers)
    with _running(*args) as (_, line):
        found = re.match(rf"skald serving on {re.escape(shown)}:(\d+) ", line)
        assert found, line
        assert _healthy(f"[::1]:{found.group(1)}")
        if host == "::":  # every address, IPv4 too
            assert _healthy(f"127.0.0.1:{found.group(1)}")


@needs_ipv6
def test_an_ipv6_port_in_use_is_refused(tmp_path: Path) -> None:
    with socket.socket(socket.AF_INET6) as holder:
        holder.bind(("::1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        _, error = _refused("--host", "::1", "--port", str(port), "--db", str(tmp_path / "s.db"))
    assert error == f"error serve/port: cannot listen on [::1]:{port}: Address already in use"


# ---------------------------------------------------------------------------- run_workers

STAND_IN = textwrap.dedent(
    """
    import os, sys, time
    from pathlib import Path
    from skald.domain.kernel.errors import SkaldError
    from skald.service.grpc.workers import ready, run_workers

    work, mode = Path(sys.argv[1]), sys.argv[2]

    def serve_one(index: int) -> None:
        if index == 1 and mode != "serves":
            if mode == "fails":
                raise SkaldError("serve/port", "cannot listen on 127.0.0.1:1")
            if mode == "raises":
                raise RuntimeError("boom")
            if mode == "dies":
                os._exit(3)
            time.sleep(60)  # hangs
        time.sleep(0.2)  # a server's start: the parent must not announce it before this ends
        (work / f"up-{index}").touch()
        try:
            ready()
            while True:
                time.sleep(0.05)
        except KeyboardInterrupt:
            (work / f"stopped-{index}").touch()

    def started() -> None:
        print("started", all((work / f"up-{i}").exists() for i in (0, 1)), flush=True)

    try:
        sys.exit(run_workers(2, serve_one, started, ready_within=1))
    except SkaldError as error:
        print(f"error {error.rule}: {error.reason}", file=sys.stderr)
        sys.exit(2)
    """
)


def _stand_in(tmp_path: Path, mode: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", STAND_IN, str(tmp_path), mode],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def test_workers_are_announced_once_all_are_ready(tmp_path: Path) -> None:
    proc = _stand_in(tmp_path, "serves")
    try:
        assert proc.stdout is not None and proc.stdout.readline() == "started True\n"
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=15)
    finally:
        proc.kill()
    assert proc.returncode == 0 and err == ""
    assert (tmp_path / "stopped-0").exists() and (tmp_path / "stopped-1").exists()


def test_a_stop_while_starting_announces_nothing_and_fails_nothing(tmp_path: Path) -> None:
    proc = _stand_in(tmp_path, "hangs")  # worker 1 never gets ready
    try:
        deadline = time.monotonic() + 10
        while not (tmp_path / "up-0").exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=15)
    finally:
        proc.kill()
    assert (proc.returncode, out, err) == (0, "", "")
    assert (tmp_path / "stopped-0").exists()


@pytest.mark.parametrize(
    ("mode", "line"),
    [
        ("fails", "error serve/port: cannot listen on 127.0.0.1:1"),
        ("raises", "error serve/worker: worker 1 could not start: boom"),
        ("dies", "error serve/worker: worker 1 exited with status 3 before it was serving"),
        ("hangs", "error serve/worker: worker 1 was not serving within 1 s"),
    ],
)
def test_a_worker_that_does_not_start_stops_the_rest_with_its_one_line(
    tmp_path: Path, mode: str, line: str
) -> None:
    proc = _stand_in(tmp_path, mode)
    try:
        out, err = proc.communicate(timeout=20)
    finally:
        proc.kill()
    assert (proc.returncode, out, err) == (2, "", line + "\n")
    assert (tmp_path / "stopped-0").exists()  # the one serving was stopped, not abandoned


def test_every_serve_option_comes_from_skald_variables_and_logs_are_json_lines(
    tmp_path: Path,
) -> None:
    """Issue 27: ``SKALD_*`` variables set what the options would (the option wins), and
    ``--log-format json`` (here ``$SKALD_LOG_FORMAT``) logs one JSON object per line, the
    stop's line (calls drained, seconds) among them."""
    from skald.cli.commands.serve import ENVIRONMENT

    db = tmp_path / "env.db"
    variables = {
        "SKALD_DB": str(db),
        "SKALD_PORT": "0",
        "SKALD_HOST": "127.0.0.1",
        "SKALD_OPEN": "1",
        "SKALD_JSON": "true",
        "SKALD_LOG_FORMAT": "json",
        "SKALD_LOG_LEVEL": "info",
        "SKALD_SHUTDOWN_GRACE": "3",
        "SKALD_WORKERS": "1",
    }
    env = {**cli_env(), **variables}
    proc = subprocess.Popen(
        [skald_executable(), "serve"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    try:
        assert proc.stdout is not None
        ready = json.loads(proc.stdout.readline())
        assert ready["store"] == str(db) and ready["workers"] == 1
        assert _healthy(ready["serving"])
        proc.send_signal(signal.SIGTERM)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0, err
    lines = [json.loads(line) for line in err.splitlines()]  # every line one object
    assert all({"time", "level", "message", "fields"} <= set(line) for line in lines), lines
    (stop,) = [line for line in lines if "drained" in line["fields"]]
    assert stop["level"] == "info" and stop["fields"]["grace"] == 3.0
    assert stop["fields"]["seconds"] >= 0 and "calls drained" in stop["message"]
    assert set(ENVIRONMENT.values()) >= set(variables)
    help_text = subprocess.run(
        [skald_executable(), "serve", "--help"],
        capture_output=True,
        text=True,
        env={**cli_env(), "COLUMNS": "300"},
        check=True,
    ).stdout
    assert "$SKALD_SHUTDOWN_GRACE" in help_text and "$SKALD_WORKERS" in help_text


def test_a_busy_store_at_start_is_tried_again_then_refused_in_one_line(tmp_path: Path) -> None:
    """Issue 27: "database is locked" at start (another process holds SQLite's write lock) is
    tried again within a bound; still locked, it is ``store/busy``, no traceback."""
    import sqlite3

    from skald.service.bootstrap import open_service
    from skald.service.grpc.startup import ServeSettings, open_store

    db = tmp_path / "busy.db"
    open_service(str(db)).store.close()
    tries: list[int] = []

    def flaky() -> object:
        tries.append(1)
        if len(tries) < 3:
            raise sqlite3.OperationalError("database is locked")
        return open_service(str(db))

    settings = ServeSettings(str(db), flaky, "127.0.0.1", 0)  # type: ignore[arg-type]
    open_store(settings, within=10).store.close()
    assert len(tries) == 3
    holder = sqlite3.connect(db, isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")  # the write lock, held
    try:
        held = ServeSettings(str(db), lambda: open_service(str(db)), "127.0.0.1", 0)
        with pytest.raises(SkaldError) as refused:
            open_store(held, within=0.5)
    finally:
        holder.rollback()
        holder.close()
    assert refused.value.rule == "store/busy"
    assert "\n" not in refused.value.reason

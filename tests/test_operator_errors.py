"""What an operator sees when the store or the port is wrong: the cause in one line, within
seconds, as JSON with ``--json``, and nothing created on the way (``service/store/check.py``);
and the request log, one line per call (``service/grpc/edge.py``)."""

from __future__ import annotations

import json
import logging
import os
import re
import signal
import socket
import subprocess
import threading
from pathlib import Path
from typing import Any

import grpc
import pytest

from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame
from skald.service.bootstrap import registry
from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
from skald.service.grpc.server import create_server
from skald.service.store.check import StoreUnavailable
from skald.service.store.event_store import EventStore
from tests.conftest import PG_URL
from tests.e2e_helpers import Run, cli_env, invoke_skald, skald_executable

PG_BASE = PG_URL.rsplit("/", 1)[0]


def _refused(*args: str) -> dict[str, Any]:
    """``skald ARGS --json``: its JSON error (exit 1, one stderr line). The call runs on a
    thread of its own and fails the test only if it hangs: a minute, where a store it cannot
    reach refuses it within :data:`skald.service.store.check.CONNECT_TIMEOUT` (not a timed test:
    it passes on a loaded machine too)."""
    runs: list[Run] = []
    call = threading.Thread(target=lambda: runs.append(invoke_skald([*args, "--json"])))
    call.daemon = True
    call.start()
    call.join(timeout=60)
    assert not call.is_alive(), f"skald {' '.join(args)} hung"
    (run,) = runs
    assert run.code == 1, run.stdout
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error "), run.stderr
    return dict(json.loads(run.stdout)["error"])


def test_an_unknown_scheme_is_refused_and_creates_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    error = _refused("games", "--db", "mysql://root@localhost/skald")
    assert error["rule"] == "store/unknown-scheme" and "'mysql'" in error["reason"]
    assert error["kind"] == "unavailable"
    assert list(tmp_path.iterdir()) == []  # no folder named mysql:


@pytest.mark.parametrize(
    ("target", "rule", "words"),
    [
        ("{tmp}", "store/not-a-file", "is a directory"),
        ("/proc/x.db", "store/cannot-open", "unable to open"),
        ("{tmp}/text.db", "store/not-sqlite", "not a SQLite database"),
    ],
)
def test_a_bad_sqlite_target_is_one_line(
    tmp_path: Path, target: str, rule: str, words: str
) -> None:
    (tmp_path / "text.db").write_text("hello, not a database\n")
    # a command that creates games: one that only reads refuses a missing file as store/missing
    error = _refused("new", "red-north", "-p", "2", "--db", target.format(tmp=tmp_path))
    assert error["rule"] == rule and words in error["reason"]
    assert (tmp_path / "text.db").read_text() == "hello, not a database\n"


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_a_sqlite_file_without_permission_is_one_line(tmp_path: Path) -> None:
    db = tmp_path / "locked.db"
    EventStore(str(db)).close()
    db.chmod(0o400)
    error = _refused("games", "--db", str(db))
    assert error["rule"] == "store/cannot-open" and "permission" in error["reason"]


@pytest.mark.postgres
@pytest.mark.parametrize(
    ("url", "words"),
    [
        (f"{PG_BASE}/skald_no_such_database", 'database "skald_no_such_database" does not exist'),
        ("postgresql://postgres@127.0.0.1:1/test", "refused"),
        (f"postgresql://skald_no_such_user@{PG_BASE.rsplit('@', 1)[1]}/test", "skald_no_such_user"),
    ],
)
def test_a_bad_postgres_url_is_one_line_within_seconds(url: str, words: str) -> None:
    error = _refused("games", "--db", url)
    assert error["rule"] == "store/unreachable" and words in error["reason"]


def test_the_store_refuses_before_the_library_opens_anything(tmp_path: Path) -> None:
    with pytest.raises(StoreUnavailable) as refused:
        EventStore("postgres+mysql://x/y")
    assert refused.value.rule == "store/unknown-scheme"


def test_export_to_an_unwritable_path_is_one_line(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    created = invoke_skald(["new", "red-north", "--players", "2", "--db", db, "--json"])
    gid = json.loads(created.stdout)["game_id"]
    error = _refused("export", gid[:8], "-o", "/proc/skald/x.jsonl", "--db", db)
    assert error["rule"] == "io/error" and "/proc/skald/x.jsonl" in error["reason"]


def _serve(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [skald_executable(), "serve", "--open", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
    )


def test_serve_on_a_port_in_use_is_an_error(tmp_path: Path) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        proc = _serve("--port", str(port), "--db", str(tmp_path / "s.db"))
        _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and f"serve/port: cannot listen on 127.0.0.1:{port}" in err
    assert "Address already in use" in err
    assert list(tmp_path.iterdir()) == []  # a refused start made no store


def test_a_second_server_on_the_same_port_refuses(tmp_path: Path) -> None:
    first = _serve("--port", "0", "--db", str(tmp_path / "a.db"))
    try:
        assert first.stdout is not None
        found = re.search(r":(\d+) ", first.stdout.readline())
        assert found
        second = _serve("--port", found.group(1), "--db", str(tmp_path / "b.db"))
        _, err = second.communicate(timeout=60)
        assert second.returncode == 2 and "serve/port" in err
        assert not (tmp_path / "b.db").exists()
    finally:
        first.send_signal(signal.SIGINT)
        first.wait(timeout=20)


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_serve_stops_gracefully_on_sigterm_and_on_sigint_even_started_in_the_background(
    tmp_path: Path, stop: signal.Signals
) -> None:
    """A shell's background job starts with SIGINT ignored, and SIGTERM is what systemd and
    containers send: either one stops the server with exit 0 (calls in flight drained)."""
    proc = subprocess.Popen(
        [skald_executable(), "serve", "--open", "--port", "0", "--db", str(tmp_path / "s.db")],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
        preexec_fn=_ignore_sigint,
    )
    assert proc.stdout is not None and "skald serving on" in proc.stdout.readline()
    proc.send_signal(stop)
    try:
        assert proc.wait(timeout=20) == 0
    finally:
        proc.kill()
        proc.communicate()


def test_serve_refuses_a_bad_store_and_a_bad_log_level(tmp_path: Path) -> None:
    proc = _serve("--port", "0", "--db", "mysql://x/y")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "store/unknown-scheme" in err and "Traceback" not in err
    proc = _serve("--port", "0", "--log-level", "loud", "--db", str(tmp_path / "s.db"))
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2 and "serve/log-level" in err


def test_every_call_is_one_request_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    svc = GameService(EventStore(str(tmp_path / "g.db")), registry())
    gid = svc.create(CreateGame("red_north", 2, seed=b"log")).game_id
    server, port = create_server(svc)
    caplog.set_level(logging.INFO, logger="skald.grpc")
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = pb_grpc.SkaldStub(channel)
            stub.ListGames(pb.ListGamesRequest())
            stub.GetView(pb.GetViewRequest(game_id=gid))
            with pytest.raises(grpc.RpcError):
                stub.GetView(pb.GetViewRequest(game_id="ffffffff"))
            with pytest.raises(grpc.RpcError):
                list(stub.WatchGame(pb.WatchGameRequest(game_id="ffffffff")))
    finally:
        server.stop(0)
        svc.store.close()
    lines = [r for r in caplog.records if r.name == "skald.grpc" and r.msg.startswith("rpc ")]
    assert [(r.rpc_method, r.rpc_status) for r in lines] == [  # type: ignore[attr-defined]
        ("ListGames", "OK"),
        ("GetView", "OK"),
        ("GetView", "NOT_FOUND"),
        ("WatchGame", "NOT_FOUND"),
    ]
    text = lines[1].getMessage()
    assert re.fullmatch(rf"rpc method=GetView game={gid} seat=\S+ status=OK ms=[\d.]+", text)

"""SIGTERM under load drains (issue 27): a real ``skald serve``, client threads submitting
commands without a pause, a SIGTERM in the middle. Every answered call is answered OK or
with a refusal of its own (``UNAVAILABLE`` once the server drains: retryable), none is
``CANCELLED``; every command a client saw answered OK is in the store afterwards, and none it
saw refused is. Health says ``NOT_SERVING`` from the moment the drain starts. Generous
deadlines, no wall-clock assertions."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
from tests.e2e_helpers import cli_env, skald_executable

CLIENTS = 6


def _serve(db: Path, *args: str) -> tuple[subprocess.Popen[str], str]:
    """``skald serve`` on ``db``, its log (stderr) to ``db``'s folder: a pipe nobody reads
    fills with the request log and stops the server."""
    proc = subprocess.Popen(
        [skald_executable(), "serve", "--open", "--db", str(db), "--port", "0", *args],
        stdout=subprocess.PIPE,
        stderr=(db.parent / "log.txt").open("w"),
        text=True,
        env={**cli_env(), "COLUMNS": "200"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"127\.0\.0\.1:(\d+)", line)
    if not found:
        proc.kill()
        proc.wait()
        raise AssertionError(f"skald serve did not start: {line!r}")
    return proc, f"127.0.0.1:{found.group(1)}"


class Player(threading.Thread):
    """Plays games on the server as fast as it answers; stops at its first refusal."""

    def __init__(self, address: str, go: threading.Event) -> None:
        super().__init__(daemon=True)
        self.channel = grpc.insecure_channel(address)
        self.stub = pb_grpc.SkaldStub(self.channel)
        self.go = go
        self.codes: Counter[str] = Counter()
        self.ok_versions: dict[str, int] = {}
        """game → the version of the last SubmitCommand answered OK (0: created)."""
        self.refused: list[tuple[str, int, str]] = []
        """(game, expected version, code) of every SubmitCommand refused."""

    def call(self, method: str, request: object) -> object | None:
        try:
            answer = getattr(self.stub, method)(request, timeout=60)
        except grpc.RpcError as error:
            self.codes[error.code().name] += 1
            return None
        self.codes["OK"] += 1
        return answer

    def run(self) -> None:
        try:
            self.go.wait()
            while True:
                made = self.call("CreateGame", pb.CreateGameRequest(game="red_north", players=3))
                if made is None:
                    return
                gid = made.game_id  # type: ignore[attr-defined]
                self.ok_versions[gid] = made.version  # type: ignore[attr-defined]
                md = (("authorization", f"Bearer {made.referee_token}"),)  # type: ignore[attr-defined]
                if not self.play(gid, md):
                    return
        finally:
            self.channel.close()

    def play(self, gid: str, md: tuple[tuple[str, str], ...]) -> bool:
        while True:
            try:
                view = self.stub.GetView(pb.GetViewRequest(game_id=gid), metadata=md, timeout=60)
                self.codes["OK"] += 1
                if view.finished or not view.to_act:
                    return True
                legal = self.stub.ListLegalCommands(
                    pb.ListLegalCommandsRequest(game_id=gid, seat=view.to_act[0]),
                    metadata=md,
                    timeout=60,
                )
                self.codes["OK"] += 1
            except grpc.RpcError as error:
                self.codes[error.code().name] += 1
                return False
            request = pb.SubmitCommandRequest(
                game_id=gid,
                seat=view.to_act[0],
                command=legal.commands[0],
                expected_version=legal.version,
                skip_receipt=True,
            )
            try:
                answer = self.stub.SubmitCommand(request, metadata=md, timeout=60)
            except grpc.RpcError as error:
                self.codes[error.code().name] += 1
                self.refused.append((gid, legal.version, error.code().name))
                return False
            self.codes["OK"] += 1
            self.ok_versions[gid] = answer.version


def _stored_versions(db: Path) -> dict[str, int]:
    from skald.service.app.requests import PageGames
    from skald.service.bootstrap import open_service
    from skald.service.store.index import GamesQuery

    svc = open_service(str(db))
    try:
        versions: dict[str, int] = {}
        token = ""
        while True:
            page = svc.games_page(PageGames(GamesQuery(page_size=200, page_token=token)))
            versions.update({row.game_id: row.version for row in page.rows})
            token = page.next_page_token
            if not token:
                return versions
    finally:
        svc.store.close()


def test_sigterm_under_load_drains_in_flight_commands(tmp_path: Path) -> None:
    db = tmp_path / "skald.db"
    proc, address = _serve(db, "--shutdown-grace", "30", "--log-format", "json")
    go = threading.Event()
    players = [Player(address, go) for _ in range(CLIENTS)]
    for player in players:
        player.start()
    go.set()
    time.sleep(1.5)  # under load
    proc.send_signal(signal.SIGTERM)
    with grpc.insecure_channel(address) as channel:  # drains: not serving from its start
        for _ in range(1000):  # until the signal is handled
            try:
                status = (
                    health_pb2_grpc.HealthStub(channel)
                    .Check(health_pb2.HealthCheckRequest(service=""), timeout=10)
                    .status
                )
            except grpc.RpcError as error:
                status = error.code()  # already gone: the port refuses (UNAVAILABLE)
            if status != health_pb2.HealthCheckResponse.SERVING:
                break
            time.sleep(0.005)
        assert status in (health_pb2.HealthCheckResponse.NOT_SERVING, grpc.StatusCode.UNAVAILABLE)
    for player in players:
        player.join(120)
        assert not player.is_alive()
    assert proc.wait(120) == 0
    err = (tmp_path / "log.txt").read_text()
    codes: Counter[str] = Counter()
    for player in players:
        codes.update(player.codes)
    assert codes["OK"] > 0, codes
    assert codes["CANCELLED"] == 0, codes
    assert set(codes) <= {"OK", "UNAVAILABLE"}, codes
    stored = _stored_versions(db)
    for player in players:
        for gid, version in player.ok_versions.items():
            assert stored.get(gid) == version, (gid, version, stored.get(gid))  # none refused
        for gid, expected, _code in player.refused:
            assert stored[gid] == expected  # the refused command was not applied
    assert "Traceback" not in err
    stops = [json.loads(line) for line in err.splitlines() if '"drained"' in line]
    assert len(stops) == 1, err
    print(codes, stops[0])

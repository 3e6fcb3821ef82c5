"""The native load clients (``tools/loadtest/cpp/loadclient.cc``): built as the harness builds them,
run against a real server, and held to the same integrity check as the Python clients."""

from __future__ import annotations

import shutil
import subprocess
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from skald.tools.loadtest.native import build, race_native, spectate_native
from skald.tools.loadtest.servers import Served, create_games, integrity


def test_build_says_why_it_cannot() -> None:
    assert build(compiler="no-such-compiler") == "no C++ compiler (no-such-compiler) on PATH"
    assert str(build(pkg_config="no-such-pkg-config")).startswith("no no-such-pkg-config on PATH")


def _has_grpcpp() -> bool:
    if shutil.which("pkg-config") is None or shutil.which("g++") is None:
        return False
    return subprocess.run(["pkg-config", "--exists", "grpc++"], check=False).returncode == 0


native_only = pytest.mark.skipif(
    not _has_grpcpp(), reason="no g++ or grpc++ development files (.ci/run installs them)"
)


@pytest.fixture(scope="module")
def binary() -> Path:
    built = build()
    assert isinstance(built, Path), built  # with g++ and grpc++ present it must build
    return built


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    work = tmp_path_factory.mktemp("native")
    server = Served(str(work / "games.db"), 1, work / "serve.log")
    try:
        yield server
    finally:
        server.stop()


@native_only
def test_native_players_and_spectators_agree_with_the_store(binary: Path, served: Served) -> None:
    games = create_games(served.address, 12)
    start_at = time.time() + 1.0
    stop_at = start_at + 2.0
    with ThreadPoolExecutor(3) as pool:
        watching = pool.submit(
            spectate_native, binary, [served.address], [g for g, _ in games], 24, start_at, stop_at
        )
        playing = [
            pool.submit(race_native, binary, [served.address], games, 4, start_at, stop_at, seed)
            for seed in (0, 1)
        ]
        played = [p.result() for p in playing]
        watched = watching.result()
    acks = [a for p in played for a in p["acks"]]
    assert sum(p["commands"] for p in played) > 20
    assert all(p["internal"] == 0 for p in played)  # a move on a just-ended game is a refusal
    assert len(acks) >= sum(p["commands"] for p in played)  # a command writes 1+ records
    assert watched["events"] > 0 and watched["gaps"] == watched["duplicates"] == 0
    assert watched["delivery_ms"] and min(watched["delivery_ms"]) >= 0
    assert all(isinstance(v, int) for seen in watched["seen"].values() for v in seen)
    checked = integrity(served.address, games, acks, watched["seen"])
    assert checked == {
        "lost_events": 0,
        "duplicate_events": 0,
        "mismatched_events": 0,
        "failed_verifications": 0,
    }


@native_only
def test_refusals_are_counted_not_played(binary: Path, served: Served) -> None:
    games = [(game_id, "not-a-token") for game_id, _ in create_games(served.address, 2)]
    start_at = time.time() + 0.3
    out = race_native(binary, [served.address], games, 2, start_at, start_at + 0.8, 0)
    assert out["commands"] == 0 and out["acks"] == []
    assert out["refused"] > 0 and out["internal"] == 0


@native_only
def test_streams_resume_after_the_server_is_killed(binary: Path, tmp_path: Path) -> None:
    server = Served(str(tmp_path / "games.db"), 1, tmp_path / "serve.log")
    try:
        games = create_games(server.address, 8)
        start_at = time.time() + 0.5
        stop_at = start_at + 4.0
        with ThreadPoolExecutor(2) as pool:
            watching = pool.submit(
                spectate_native, binary, [server.address], [g for g, _ in games], 8, start_at,
                stop_at,
            )  # fmt: skip
            playing = pool.submit(
                race_native, binary, [server.address], games, 4, start_at, stop_at, 0, 40.0
            )  # paced: no game ends before the kill
            time.sleep(max(0.0, start_at + 1.5 - time.time()))
            server.kill9()
            server.start()
            played, watched = playing.result(), watching.result()
        assert watched["reconnects"] > 0  # every stream broke, and came back
        assert watched["gaps"] == watched["duplicates"] == 0
        checked = integrity(server.address, games, played["acks"], watched["seen"])
        assert set(checked.values()) == {0}
        assert played["commands"] > 0 and played["internal"] == 0
    finally:
        server.stop()


def test_native_asked_for_and_unavailable_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer.testing import CliRunner

    from skald.tools.loadtest.harness import app

    monkeypatch.setattr(
        "skald.tools.loadtest.native.build", lambda: "no C++ compiler (g++) on PATH"
    )
    result = CliRunner().invoke(
        app, ["--client", "native", "--only", "hostile"], env={"COLUMNS": "200"}
    )
    assert result.exit_code == 2
    assert "native clients unavailable: no C++ compiler (g++) on PATH" in result.output

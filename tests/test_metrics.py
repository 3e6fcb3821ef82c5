"""Prometheus metrics (issue 27): a real server on a real port with ``--metrics-port``'s
:class:`~skald.service.grpc.metrics.Metrics`, real calls, and its HTTP endpoint scraped; and
without the option, nothing of prometheus_client is loaded."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import grpc
import pytest

from skald.domain.kernel.errors import SkaldError
from skald.service.app.games import GameService
from skald.service.bootstrap import registry
from skald.service.grpc.metrics import Metrics
from skald.service.grpc.server import create_server
from skald.service.grpc.startup import ServeSettings, metrics_for
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import GAME, Rpc, pb, rule_of

ROOT = Path(__file__).resolve().parents[1]


def scrape(port: int) -> dict[str, float]:
    """The endpoint's samples: ``name{labels}`` → value (labels as Prometheus prints them)."""
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/metrics", timeout=10) as answer:
        text = answer.read().decode()
    samples: dict[str, float] = {}
    for line in text.splitlines():
        if line and not line.startswith("#"):
            name, _, value = line.rpartition(" ")
            samples[name] = float(value)
    return samples


def test_the_endpoint_shows_calls_commands_refusals_latency_watchers_and_store(
    tmp_path: Path,
) -> None:
    store = EventStore(str(tmp_path / "skald.db"))
    metrics = Metrics()
    server, port = create_server(GameService(store, registry()), "127.0.0.1:0", metrics=metrics)
    http = metrics.serve("127.0.0.1", 0)
    rpc = Rpc(port)
    stream: Any = None
    try:
        game = rpc.call("CreateGame", pb.CreateGameRequest(game=GAME, players=3))
        gid, tokens = game.game_id, list(game.seat_tokens)
        for seat in range(3):  # every seat deploys: three accepted commands
            commands = rpc.call(
                "ListLegalCommands",
                pb.ListLegalCommandsRequest(game_id=gid, seat=seat),
                tokens[seat],
            ).commands
            rpc.call(
                "SubmitCommand",
                pb.SubmitCommandRequest(game_id=gid, seat=seat, command=commands[0]),
                tokens[seat],
            )
        refused = rpc.fails(  # seat 0 deploys again
            "SubmitCommand",
            pb.SubmitCommandRequest(game_id=gid, seat=0, command=commands[0]),
            tokens[0],
        )
        rule = rule_of(refused)
        assert rule is not None and rule.startswith("red_north/")

        stream = rpc.stub.WatchGame(pb.WatchGameRequest(game_id=gid, after_version=0), timeout=60)
        first = threading.Event()
        threading.Thread(target=lambda: (next(stream), first.set()), daemon=True).start()
        assert first.wait(30)  # the stream is open and delivering
        deadline = time.monotonic() + 30
        seen = scrape(http)
        while seen["skald_watchers"] < 1 and time.monotonic() < deadline:
            time.sleep(0.05)
            seen = scrape(http)

        assert seen[f'skald_commands_total{{game="{GAME}",rule="ok"}}'] == 3
        assert seen[f'skald_commands_total{{game="{GAME}",rule="{rule}"}}'] == 1
        code = refused.code().name
        assert seen['skald_calls_total{code="OK",method="SubmitCommand"}'] == 3
        assert seen[f'skald_calls_total{{code="{code}",method="SubmitCommand"}}'] == 1
        assert seen['skald_calls_total{code="OK",method="CreateGame"}'] == 1
        assert seen['skald_call_seconds_count{method="SubmitCommand"}'] == 4
        assert seen['skald_call_seconds_count{method="ListLegalCommands"}'] == 3
        assert seen["skald_watchers"] == 1
        assert seen["skald_store_up"] == 1

        stream.cancel()
        deadline = time.monotonic() + 30
        while scrape(http)["skald_watchers"] > 0 and time.monotonic() < deadline:
            time.sleep(0.05)
        seen = scrape(http)
        assert seen["skald_watchers"] == 0
        assert seen['skald_call_seconds_count{method="WatchGame"}'] == 1
    finally:
        if stream is not None:
            stream.cancel()
        rpc.close()
        server.stop(0)
        store.close()


def test_unknown_game_is_counted_without_a_name(tmp_path: Path) -> None:
    store = EventStore(str(tmp_path / "skald.db"))
    metrics = Metrics()
    server, port = create_server(GameService(store, registry()), "127.0.0.1:0", metrics=metrics)
    http = metrics.serve("127.0.0.1", 0)
    rpc = Rpc(port)
    try:
        missing = rpc.fails(
            "SubmitCommand", pb.SubmitCommandRequest(game_id="0" * 32, seat=0), "x" * 20
        )
        assert missing.code() is grpc.StatusCode.NOT_FOUND
        seen = scrape(http)
        assert seen[f'skald_commands_total{{game="-",rule="{rule_of(missing)}"}}'] == 1
    finally:
        rpc.close()
        server.stop(0)
        store.close()


def test_metrics_are_opt_in_and_refuse_workers() -> None:
    def settings(**extra: Any) -> ServeSettings:
        return ServeSettings("x.db", lambda: None, "127.0.0.1", 0, **extra)  # type: ignore[arg-type,return-value]

    assert metrics_for(settings()) is None
    assert isinstance(metrics_for(settings(metrics_port=0)), Metrics)
    with pytest.raises(SkaldError) as refused:
        metrics_for(settings(metrics_port=0, workers=2))
    assert refused.value.rule == "serve/metrics-workers"
    with pytest.MonkeyPatch.context() as patch:  # the package missing: one line naming the extra
        patch.setitem(sys.modules, "skald.service.grpc.metrics", None)
        with pytest.raises(SkaldError) as missing:
            metrics_for(settings(metrics_port=0))
    assert (
        missing.value.rule == "serve/metrics-missing" and "skald[metrics]" in missing.value.reason
    )
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, skald.cli.commands.serve, skald.service.grpc.startup, "
            "skald.service.grpc.server; print('prometheus_client' in sys.modules)",
        ],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
    )
    assert loaded.stdout.strip() == "False"

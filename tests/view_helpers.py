"""Shared by the viewer's tests (``test_view.py``, ``test_view_browser.py``): pages built with
the real ``skald view`` command in this process, their data read back, a game and its fork
in a real store, and a real gRPC server on a real port."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from skald.cli.html.pack import unpack, unpayload
from skald.cli.main import app
from skald.service.app.requests import ForkGame, ImportGame, ListLegal, SubmitMove
from skald.service.model.auth import OPERATOR

ROOT = Path(__file__).resolve().parent.parent
REPLAYS = ROOT / "replays"
RN2 = REPLAYS / "red-north" / "red-north-2p.jsonl"
BB3 = REPLAYS / "brian-boru" / "brian-boru-3p.jsonl"
FEAST2 = REPLAYS / "feast" / "feast-2p-short.jsonl"
FEAST4 = REPLAYS / "feast" / "feast-4p-long.jsonl"
DATA = re.compile(r'<script type="application/json" id="skald-data">(.*?)</script>', re.S)
HIDDEN = re.compile(r"<[^>]*class=\"(?:hand|hidden-card)\"[^>]*>")
SEAT_OF = re.compile(r'data-seat="(\d+)"')


def run(*args: str) -> dict[str, Any]:
    """``skald ARGS --json`` in this process: its JSON output (a failure raises)."""
    result = CliRunner().invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    out: dict[str, Any] = json.loads(result.stdout.strip().splitlines()[-1])
    return out


def build(out: Path, *args: str, jobs: int = 1) -> dict[str, Any]:
    """``skald view ARGS -o OUT`` (drawn in this process unless ``jobs``); its JSON report."""
    report = run("view", *args, "-o", str(out), "--jobs", str(jobs))
    assert report.get("undrawn", 0) == 0, f"{report['undrawn']} views could not be drawn"
    return report


def page_data(html: str) -> dict[str, Any]:
    match = DATA.search(html)
    assert match, "the page holds no data element"
    data: dict[str, Any] = json.loads(match.group(1))
    return data


def pictures(data: dict[str, Any], game: int = 0) -> dict[str, list[str]]:
    """Each series' pictures of game ``game`` of a page, unpacked as the page's script does."""
    nodes = unpayload(data["nodes"])
    return {
        key: [p if isinstance(p, str) else unpack(nodes, p) for p in roots]
        for key, roots in data["games"][game]["pictures"].items()
    }


def hidden_seats(svg: str) -> set[int]:
    """The seats whose hidden cards (``class="hand"``/``"hidden-card"``) a picture shows."""
    return {int(s) for tag in HIDDEN.findall(svg) for s in SEAT_OF.findall(tag)}


@dataclass
class Forked:
    db: str
    a: str
    b: str
    at: int
    """The version B was forked from A at (B's events after it differ)."""


def forked_pair(folder: Path) -> Forked:
    """Red North's 2-player golden imported into a new store, forked before its 14th move (a
    withdrawal, seen by all), and the fork played on with another kind of legal move."""
    from skald.cli.records.timeline import Timeline
    from skald.service.bootstrap import open_service
    from skald.service.client import LocalClient
    from skald.service.model.folding import decode_command
    from skald.service.store import replay_file

    db = str(folder / "fork.db")
    client = LocalClient(open_service(db))
    try:
        created, _ = client.import_text(ImportGame(RN2.read_text()))
        a = created["game_id"]
        timeline = Timeline("a", replay_file.load_bytes(RN2.read_bytes()).records)
        move = timeline.moves[13]
        at = move.first - 1
        b = client.fork(ForkGame(a, at, False, who=OPERATOR))["game_id"]
        assert move.seat is not None and move.command is not None
        original = decode_command(timeline.rules, move.command["type"], move.command["data"])
        other = next(
            c
            for c in client.legal(ListLegal(b, move.seat, who=OPERATOR))[0]
            if type(c) is not type(original)
        )
        client.submit(SubmitMove(b, move.seat, other, None, None, [], who=OPERATOR))
    finally:
        client.close()
    return Forked(db, a, b, at)


@contextmanager
def grpc_server(folder: Path) -> Iterator[int]:
    """A real Skald gRPC server on a free loopback port, over a SQLite file; its port."""
    from skald.service.bootstrap import open_service
    from skald.service.grpc.server import create_server

    svc = open_service(str(folder / "live.db"))
    server, port = create_server(svc, "127.0.0.1:0")
    try:
        yield port
    finally:
        server.stop(0)
        svc.store.close()

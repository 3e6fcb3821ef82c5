"""``skald view`` without a browser: the page is one file holding every event and picture,
a seat's page holds nothing another seat may not see, a diff marks the fork and the first
difference, and the live server streams a move played over gRPC as it happens."""

from __future__ import annotations

import json
import os
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from skald.cli.draw.svg_draw import draw
from skald.cli.html.pack import Packer, unpayload
from skald.cli.main import app
from skald.cli.records.timeline import Timeline
from skald.domain.kernel.codec import to_data
from skald.service.app.audit import diff as service_diff
from skald.service.app.requests import CreateGame, GetHistory, ListLegal, SubmitMove
from skald.service.model.auth import OPERATOR
from skald.service.store import replay_file
from tests.view_helpers import (
    BB3,
    FEAST4,
    RN2,
    build,
    forked_pair,
    grpc_server,
    hidden_seats,
    page_data,
    pictures,
)


def _timeline(path: Path) -> Timeline:
    return Timeline(path.name, replay_file.load_bytes(path.read_bytes()).records)


def test_pictures_are_stored_once_and_unpack_to_themselves() -> None:
    tl = _timeline(RN2)
    drawn = [
        draw("red-north", to_data(tl.rules.view(tl.states[v], seat)), seat)
        for v in range(1, 30)
        for seat in (None, 0)
    ]
    packer = Packer()
    roots = [packer.add(svg) for svg in drawn]
    assert [packer.unpack(r) for r in roots] == drawn
    assert packer.add(drawn[0]) == roots[0]
    assert unpayload(packer.payload()) == packer.nodes
    raw = sum(len(s) for s in drawn)
    assert len(packer.payload()) < raw / 10  # consecutive pictures share almost everything
    with pytest.raises(ValueError, match="open"):
        Packer().add("<svg><g>")


def test_a_page_is_one_file_with_every_event_its_moves_and_its_verify_report(
    tmp_path: Path,
) -> None:
    out = tmp_path / "rn.html"
    report = build(out, str(RN2), "--to", "40")
    html = out.read_text()
    assert report["events"] == [40] and report["verified"] == [True]
    assert report["series"] == ["public", "seat0", "seat1"]
    for external in ("http://", "https://", "<link", " src=", "@import", "url("):
        assert external not in html, f"the page refers outside itself: {external}"
    data = page_data(html)
    game = data["games"][0]
    tl = _timeline(RN2)
    records = tl.records[:40]
    assert [e[:4] for e in game["events"]] == [
        [r.version, r.type, r.seat, r.command_id] for r in records
    ]
    assert game["verify"]["ok"] is True and "re-decision" in game["verify"]["checked"]
    assert game["verify"]["at"]
    texts = [m[3] for m in game["moves"]]
    assert texts[:3] == ["setup", tl.text(tl.moves[1]), tl.text(tl.moves[2])]
    assert texts[1].startswith("deploy ")
    shown = pictures(data)
    for v in (1, 20, 40):
        for key, seat in (("public", None), ("seat0", 0), ("seat1", 1)):
            want = draw("red-north", to_data(tl.rules.view(tl.states[v], seat)), seat)
            assert shown[key][v - 1] == want
    assert hidden_seats(shown["seat1"][20]) == {1}
    assert hidden_seats(shown["public"][20]) == set()


@pytest.mark.parametrize(
    ("path", "seat", "to"), [(RN2, 1, 60), (BB3, 2, 60)], ids=["red-north", "brian-boru"]
)
def test_a_seat_page_holds_nothing_another_seat_may_not_see(
    tmp_path: Path, path: Path, seat: int, to: int
) -> None:
    out = tmp_path / "seat.html"
    report = build(out, str(path), "--seat", str(seat), "--to", str(to))
    assert report["series"] == [f"seat{seat}"]
    data = page_data(out.read_text())
    shown = pictures(data)
    assert list(shown) == [f"seat{seat}"]
    tl = _timeline(path)
    never_known: set[str] | None = None
    for v, svg in enumerate(shown[f"seat{seat}"], start=1):
        secret = tl.rules.secrets(tl.states[v], seat)
        assert not [s for s in secret if f'"{s}"' in svg], f"v{v} shows a hidden card"
        assert hidden_seats(svg) <= {seat}
        if secret:  # hidden from the seat since the deal, at every version after
            never_known = set(secret) if never_known is None else never_known & secret
    assert never_known, "the game hid nothing from the seat: the test would prove nothing"
    text = json.dumps(data["games"][0]) + "".join(shown[f"seat{seat}"])
    assert not [s for s in never_known if s in text]


def test_diff_marks_the_fork_point_and_the_first_difference(tmp_path: Path) -> None:
    pair = forked_pair(tmp_path)
    out = tmp_path / "diff.html"
    report = build(out, pair.a, pair.b, "--db", pair.db, "--public")
    data = page_data(out.read_text())
    assert data["mode"] == "diff" and len(data["games"]) == 2
    marks = data["diff"]
    assert marks["fork"] == pair.at
    assert marks["diverge"] == pair.at + 1
    a, b = (replay_file_records(pair.db, g) for g in (pair.a, pair.b))
    assert marks["diverge"] == service_diff(a, b)["first_different_event"]
    assert f"fork point v{pair.at}" in marks["summary"]
    assert report["diff"]["diverge"] == pair.at + 1
    shown_a, shown_b = pictures(data, 0)["public"], pictures(data, 1)["public"]
    assert shown_a[: pair.at] == shown_b[: pair.at]  # one origin: the same pictures up to it
    assert data["games"][0]["events"][pair.at] != data["games"][1]["events"][pair.at]
    assert any(x != y for x, y in zip(shown_a[pair.at :], shown_b[pair.at :], strict=False))


def replay_file_records(db: str, game_id: str) -> list[Any]:
    from skald.service.bootstrap import open_service
    from skald.service.client import LocalClient

    client = LocalClient(open_service(db))
    try:
        return client.history(GetHistory(game_id, who=OPERATOR))
    finally:
        client.close()


@pytest.mark.parametrize(
    ("args", "says"),
    [
        ([str(RN2)], "-o FILE"),
        ([str(RN2), "-o", "x.html", "--seat", "0", "--public"], "exclude"),
        ([str(RN2), "--serve"], "not a file"),
        ([str(RN2), str(BB3), "-o", "x.html"], "one game"),
    ],
    ids=["no-output", "seat-and-public", "serve-a-file", "two-games"],
)
def test_refusals_say_why(tmp_path: Path, args: list[str], says: str) -> None:
    result = CliRunner().invoke(app, ["view", *args], catch_exceptions=False)
    assert result.exit_code == 1
    assert says in result.output


def _sse_frames(url: str, want: int, seconds: float) -> list[dict[str, Any]]:
    """The first ``want`` frames of a Server-Sent Events stream (or what came in time)."""
    frames: list[dict[str, Any]] = []
    with urllib.request.urlopen(url, timeout=seconds) as stream:
        deadline = time.monotonic() + seconds
        while len(frames) < want and time.monotonic() < deadline:
            line = stream.readline().decode()
            if line.startswith("data: ") and frames is not None:
                frames.append(json.loads(line[6:]))
    return frames


def test_the_live_server_streams_a_move_played_over_grpc_to_a_seat_page(tmp_path: Path) -> None:
    from skald.cli.commands.view import start_live
    from skald.service.client import RemoteClient

    with grpc_server(tmp_path) as port:
        address = f"127.0.0.1:{port}"
        created = RemoteClient(address).create(
            CreateGame("red_north", 2, b"live", "server", {}, [])
        )
        gid, tokens = created["game_id"], created["seat_tokens"]
        seat0, seat1 = RemoteClient(address, tokens[0]), RemoteClient(address, tokens[1])
        live = start_live(seat0, gid, jobs=1)
        try:
            assert [s.key for s in live.live.follower.frames.series] == ["seat0"]
            page = urllib.request.urlopen(live.url, timeout=10).read().decode()
            data = page_data(page)
            start = data["games"][0]["events"][-1][0]
            got: list[dict[str, Any]] = []
            reader = threading.Thread(
                target=lambda: got.extend(_sse_frames(f"{live.url}events?after={start}", 1, 20))
            )
            reader.start()
            version, _ = seat1.submit(
                SubmitMove(
                    gid,
                    1,
                    seat1.legal(ListLegal(gid, 1, who=OPERATOR))[0][0],
                    None,
                    None,
                    [],
                    who=OPERATOR,
                )
            )
            reader.join(25)
            assert got, "no frame arrived"
            frame = got[0]
            assert frame["event"][0] == start + 1 and frame["event"][2] == 1
            assert list(frame["pictures"]) == ["seat0"]
            assert hidden_seats(frame["pictures"]["seat0"]) <= {0}
            assert version >= start + 1
        finally:
            live.stop()
            seat0.close()
            seat1.close()


@pytest.mark.slow  # draws 5,460 pictures (about 25 s of CPU): `pytest -m slow` runs it
def test_a_four_player_feast_page_is_under_two_megabytes(tmp_path: Path) -> None:
    out = tmp_path / "feast.html"
    report = build(out, str(FEAST4), jobs=os.cpu_count() or 1)
    assert report["series"] == ["public", "seat0", "seat1", "seat2", "seat3"]
    events = len(replay_file.load_bytes(FEAST4.read_bytes()).records)  # one picture per event
    assert report["events"] == [events]
    assert out.stat().st_size < 2_000_000, f"{out.stat().st_size} bytes"
    shown = pictures(page_data(out.read_text()))
    assert len(shown["seat3"]) == events and all(s.startswith("<svg") for s in shown["seat3"])


def test_a_page_written_over_grpc_holds_what_the_token_is_served(tmp_path: Path) -> None:
    from skald.service.client import RemoteClient

    with grpc_server(tmp_path) as port:
        address = f"127.0.0.1:{port}"
        created = RemoteClient(address).create(
            CreateGame("red_north", 2, b"remote", "server", {}, [])
        )
        gid, tokens = created["game_id"], created["seat_tokens"]
        seat1 = RemoteClient(address, tokens[1])
        seat1.submit(
            SubmitMove(
                gid,
                1,
                seat1.legal(ListLegal(gid, 1, who=OPERATOR))[0][0],
                None,
                None,
                [],
                who=OPERATOR,
            )
        )
        seat1.close()
        for token, series, verified in (
            (tokens[0], "seat0", None),
            (created["referee_token"], "public", True),
        ):
            out = tmp_path / f"{series}.html"
            report = build(out, gid, "--server", address, "--token", token)
            assert report["series"][0] == series and report["verified"] == [verified]
            data = page_data(out.read_text())
            shown = pictures(data)
            assert data["games"][0]["events"][-1][0] == report["events"][0]
            if series == "seat0":  # the server's redaction: seat 0's own view, nothing more
                assert list(shown) == ["seat0"]
                assert set().union(*map(hidden_seats, shown["seat0"])) == {0}
                assert data["games"][0]["moves"][-1][3] == "deploy 3 face down"  # seat 1's
            else:  # the referee's history is whole: every view, every move by name
                assert list(shown) == ["public", "seat0", "seat1"]
                assert data["games"][0]["moves"][-1][3].startswith("deploy ")


def test_a_view_that_cannot_be_drawn_is_a_stand_in_naming_the_error() -> None:
    from skald.cli.html.draw import draw_one, undrawn

    stand_in = draw_one("no-such-game", None, {})
    assert stand_in.startswith("<svg")
    assert "could not be drawn: ValueError: no SVG drawing for 'no-such-game'" in stand_in
    tl = _timeline(RN2)
    real = draw_one("red-north", None, to_data(tl.rules.view(tl.states[20], None)))
    assert undrawn([real, stand_in, real]) == [1]

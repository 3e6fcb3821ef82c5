"""The ``skald`` CLI with ``--json`` output, on a SQLite file under ``tmp_path`` — never the
user's default database. No mocks.

Most tests run the Typer app in this process (``invoke_skald``): the same commands, options and
output as the console script, without a Python start-up per call. A few stay true end to end,
running the installed console script as a subprocess: ``--help``, ``skald demo`` and the server
flow (``skald serve`` as its own process, driven over gRPC)."""

from __future__ import annotations

import json
import re
import signal
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skald.service.app.requests import GetHistory
from tests.e2e_helpers import Run, cli_env, invoke_skald, run_skald, skald_executable


class Cli:
    """``skald`` bound to one database file."""

    def __init__(self, db: Path) -> None:
        self.db = str(db)

    def run(self, *args: str) -> Run:
        return invoke_skald([*args, "--db", self.db])

    def ok(self, *args: str) -> Any:
        run = self.run(*args, "--json")
        assert run.code == 0, f"skald {' '.join(args)} failed: {run.stdout} {run.stderr}"
        return run.json

    def refused(self, *args: str) -> dict[str, Any]:
        """A command that must fail: its JSON error (rule, reason, kind)."""
        run = self.run(*args, "--json")
        assert run.code != 0, f"skald {' '.join(args)} unexpectedly succeeded: {run.stdout}"
        assert "error" in run.stderr
        return dict(run.json["error"])

    def version(self, game_id: str) -> int:
        return int(self.ok("show", game_id)["version"])

    def games(self) -> dict[str, dict[str, Any]]:
        return {g["game_id"]: g for g in self.ok("games")["games"]}

    def legal(self, game_id: str, seat: int) -> list[str]:
        return [json.dumps(c) for c in self.ok("legal", game_id, "--seat", str(seat))["commands"]]

    def play(self, game_id: str, seat: int, command: str) -> int:
        return int(self.ok("play", game_id, "--seat", str(seat), command)["version"])


@pytest.fixture
def cli(tmp_path: Path) -> Cli:
    return Cli(tmp_path / "skald.db")


@pytest.fixture
def finished(cli: Cli) -> str:
    """One finished game made by ``skald simulate``."""
    result = cli.ok("simulate", "red-north", "--games", "1", "--players", "3", "--seed", "fin")
    return str(result["game_ids"][0])


def new_game(cli: Cli, seed: str = "s", players: int = 3) -> dict[str, Any]:
    created = cli.ok("new", "red-north", "--players", str(players), "--seed", seed)
    assert len(created["seat_tokens"]) == players
    return dict(created)


def deploy_all(cli: Cli, gid: str) -> int:
    version = 0
    for seat in range(3):
        version = cli.play(gid, seat, cli.legal(gid, seat)[0])
    return version


# ---------------------------------------------------------------------------- playing


def test_new_legal_play_show_log_games(cli: Cli) -> None:
    created = new_game(cli)
    gid, start = created["game_id"], created["version"]
    assert created["game"] == "red-north" and created["players"] == 3
    assert created["referee_token"] and len(set(created["seat_tokens"])) == 3

    listed = cli.ok("legal", gid, "--seat", "0")
    assert listed["seat"] == 0 and listed["commands"]
    command = listed["commands"][0]
    played = cli.ok("play", gid, "--seat", "0", json.dumps(command))
    assert played["version"] > start and played["events"]
    assert played["events"][0]["command"] == {
        "type": "Deploy",
        "data": {"cards": command["deploy"]["cards"]},
    }
    version = played["version"]

    shown = cli.ok("show", gid)
    assert shown["version"] == version and 0 not in shown["to_act"] and not shown["finished"]
    past = cli.ok("show", gid, "--at", str(start), "--seat", "1")
    assert past["version"] == start and past["seat"] == 1 and past["to_act"] == [0, 1, 2]
    hands = [p["hand"] for p in past["view"]["players"]]
    assert hands[1] and "hidden" not in hands[1]
    assert set(hands[0]) == {"hidden"} and set(hands[2]) == {"hidden"}

    log = cli.ok("log", gid)
    assert [e["version"] for e in log["events"]] == list(range(1, version + 1))
    assert log["events"][0]["type"] == "skald.GameCreated"
    assert log["events"][-1]["type"] == "PartyDeployed"

    row = cli.games()[gid]
    assert row["status"] == "running" and row["version"] == version and row["players"] == 3


def test_simulate_finishes_games(cli: Cli) -> None:
    result = cli.ok("simulate", "red-north", "--games", "3", "--players", "4", "--seed", "x")
    ids = result["game_ids"]
    assert len(ids) == 3 == len(set(ids)) and result["commands"] > 0
    rows = cli.games()
    for gid in ids:
        assert rows[gid]["status"] == "finished", rows[gid]
        assert rows[gid]["players"] == 4 and len(rows[gid]["scores"]) == 4
        assert rows[gid]["winners"]
        assert cli.ok("show", gid)["finished"]


# ---------------------------------------------------------------------------- files and audit


def test_export_import_verify_round_trip(cli: Cli, finished: str, tmp_path: Path) -> None:
    out = tmp_path / "f.jsonl"
    exported = cli.ok("export", finished, "-o", str(out))
    assert exported["lines"] == len(out.read_text().splitlines()) == cli.version(finished) + 2

    again = cli.ok("import", str(out))  # the store holds this game: not stored twice
    assert again == {
        "already_imported": finished,
        "version": cli.version(finished),
        "file": str(out),
    }
    said = cli.run("import", str(out))
    assert said.code == 0 and finished in said.stdout and "--copy" in said.stdout
    assert len(cli.games()) == 1

    imported = cli.ok("import", str(out), "--copy")
    new = imported["game_id"]
    assert new != finished and imported["report"]["ok"]
    assert len(cli.games()) == 2

    offline = cli.ok("verify", str(out))
    assert offline["ok"] and offline["first_bad"] is None
    assert offline["events"] == cli.version(finished)
    stored = cli.ok("verify", new)
    assert stored["ok"] and stored["events"] == offline["events"]
    assert cli.ok("show", new)["outcome"] == cli.ok("show", finished)["outcome"]


def _tamper_one_digit(lines: list[str]) -> tuple[list[str], int]:
    """Change one digit of a data value in a record line halfway through the file."""
    for index in range(len(lines) // 2, len(lines) - 1):
        row = json.loads(lines[index])
        numbers = [k for k, v in row["data"].items() if isinstance(v, int) and 0 <= v <= 8]
        if not numbers:
            continue
        row["data"][numbers[0]] += 1
        changed = json.dumps(row, sort_keys=True, ensure_ascii=False)
        original = lines[index]
        assert len(changed) == len(original)
        assert sum(a != b for a, b in zip(changed, original, strict=True)) == 1
        return [*lines[:index], changed, *lines[index + 1 :]], int(row["version"])
    raise AssertionError("no record with a one-digit number to tamper with")


def test_tampered_and_truncated_files_are_refused(cli: Cli, finished: str, tmp_path: Path) -> None:
    good = tmp_path / "good.jsonl"
    cli.ok("export", finished, "-o", str(good))
    lines = good.read_text().splitlines()

    tampered_lines, bad_version = _tamper_one_digit(lines)
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(tampered_lines) + "\n")
    run = cli.run("verify", str(tampered), "--json")
    assert run.code != 0
    assert run.json["ok"] is False and run.json["first_bad"] == bad_version
    assert f"v{bad_version}" in run.stderr

    truncated = tmp_path / "truncated.jsonl"
    truncated.write_text("\n".join(lines[:-2]) + "\n")
    error = cli.refused("verify", str(truncated))
    assert error["rule"] == "replay/truncated"

    count = len(cli.games())
    for path in (tampered, truncated):
        error = cli.refused("import", str(path))
        assert error["rule"].startswith("replay/")
        assert len(cli.games()) == count
    assert cli.ok("verify", str(good))["ok"]


def test_fork_and_diff(cli: Cli) -> None:
    gid = new_game(cli, "fork")["game_id"]
    at = cli.play(gid, 0, cli.legal(gid, 0)[0])
    options = cli.legal(gid, 1)
    assert len(options) >= 2
    cli.play(gid, 1, options[0])

    fork = cli.ok("fork", gid, "--at", str(at))
    fid = fork["game_id"]
    assert fid != gid and fork["version"] == at
    assert cli.version(fid) == at
    assert cli.legal(fid, 1) == options
    cli.play(fid, 1, options[1])
    assert cli.games()[fid]["forked_from"] == {"game_id": gid, "version": at}

    diff = cli.ok("diff", gid, fid)
    assert diff["first_divergence"] == at and diff["common_prefix"] == at
    assert diff["first_different_event"] == at + 1
    assert diff["a_version"] > at and diff["b_version"] > at
    same = cli.ok("diff", gid, gid)
    assert same["first_divergence"] is None and same["common_prefix"] == cli.version(gid)


def test_check_writes_nothing(cli: Cli) -> None:
    created = new_game(cli, "check")
    gid, start = created["game_id"], created["version"]
    command = cli.legal(gid, 1)[0]
    cli.play(gid, 0, cli.legal(gid, 0)[0])
    version = cli.version(gid)
    records = len(cli.ok("log", gid)["events"])

    run = cli.run("check", gid, command, "--at", str(start), "--seat", "1", "--json")
    assert run.code == 0, run.stderr
    assert run.json["legal"] is True and run.json["events"]
    assert run.json["events"][0]["version"] == start + 1

    cards = json.loads(command)["deploy"]["cards"]
    bogus = json.dumps({"deploy": {"cards": [f"nope-{i}" for i in range(len(cards))]}})
    run = cli.run("check", gid, bogus, "--at", str(start), "--seat", "1", "--json")
    assert run.code == 1
    assert run.json["legal"] is False and run.json["rule"] == "red_north/card-not-in-hand"

    assert cli.version(gid) == version
    assert len(cli.ok("log", gid)["events"]) == records


def test_replay_to_a_version(cli: Cli, tmp_path: Path) -> None:
    gid = new_game(cli, "replay")["game_id"]
    mid = cli.play(gid, 0, cli.legal(gid, 0)[0])
    cli.play(gid, 1, cli.legal(gid, 1)[0])
    replayed = cli.ok("replay", gid, "--to", str(mid))
    assert replayed["version"] == mid and replayed["events"] == mid
    assert replayed["view"] == cli.ok("show", gid, "--at", str(mid))["view"]

    path = tmp_path / "running.jsonl"
    cli.ok("export", gid, "-o", str(path))
    from_file = cli.ok("replay", str(path), "--to", str(mid))
    assert from_file["version"] == mid and from_file["view"] == replayed["view"]
    assert cli.refused("replay", gid, "--to", "9999")["rule"] == "version/out-of-range"


def test_bad_input_changes_nothing(cli: Cli) -> None:
    gid = new_game(cli, "bad")["game_id"]
    deploy_all(cli, gid)
    # Play on (first legal command) until one seat alone is to act in Player Actions.
    for _ in range(50):
        shown = cli.ok("show", gid)
        if shown["view"]["phase"] == "actions":
            break
        seat = shown["to_act"][0]
        cli.play(gid, seat, cli.legal(gid, seat)[0])
    assert shown["view"]["phase"] == "actions" and len(shown["to_act"]) == 1
    current = shown["to_act"][0]
    other = (current + 1) % 3
    move = cli.legal(gid, current)[0]
    version = shown["version"]

    error = cli.refused("show", "00000000-0000-0000-0000-000000000000")
    assert error["rule"] == "game/unknown"
    run = cli.run("play", "zzzzzzzz", "--seat", "0", move)
    assert run.code != 0 and "no game" in " ".join(run.stderr.split())

    error = cli.refused("play", gid, "--seat", str(current), '{"deploy": ')
    assert error["rule"] == "command/bad-json"

    error = cli.refused("play", gid, "--seat", str(other), move)
    assert error["rule"] == "red_north/not-your-turn" and error["kind"] == "not_your_turn"

    error = cli.refused("play", gid, "--seat", str(current), move, "--expect", str(version - 1))
    assert error["rule"] == "version/stale"

    assert cli.version(gid) == version
    assert cli.play(gid, current, move) > version  # the refused move itself was fine


@pytest.mark.parametrize(
    ("game", "playable"),
    [("red-north", True), ("brian-boru", True), ("feast", True), ("saga", False)],
)
def test_rules(cli: Cli, game: str, playable: bool) -> None:
    info = cli.ok("rules", game)
    assert info["game"] == game and info["playable"] is playable and info["title"]
    assert isinstance(info["components"], dict) and info["components"]


# ---------------------------------------------------------------------------- server and demo


@pytest.fixture
def server(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    db = tmp_path / "served.db"
    proc = subprocess.Popen(
        [skald_executable(), "serve", "--port", "0", "--open", "--db", str(db)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=cli_env(),
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        found = re.search(r"skald serving on ([\d.]+):(\d+)", line)
        assert found, f"no address in {line!r}"
        yield f"{found.group(1)}:{found.group(2)}", db
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:  # pragma: no cover
            proc.kill()
            proc.wait()


def test_server_mode(server: tuple[str, Path]) -> None:
    address, db = server

    def remote(*args: str, token: str | None = None) -> Run:
        extra = ["--token", token] if token else []
        return invoke_skald([*args, "--server", address, *extra, "--json"])

    # the console script as a gRPC client once; the other calls run the same app in-process
    made = run_skald(
        ["new", "red-north", "--players", "3", "--seed", "srv", "--server", address, "--json"]
    )
    assert made.code == 0, made.stderr
    gid, tokens = made.json["game_id"], made.json["seat_tokens"]

    options = remote("legal", gid, "--seat", "0", token=tokens[0]).json["commands"]
    assert options
    denied = remote("legal", gid, "--seat", "0", token=tokens[1])
    assert denied.code != 0 and denied.json["error"]["rule"] == "auth/wrong-seat"
    played = remote("play", gid, "--seat", "0", json.dumps(options[0]), token=tokens[0])
    assert played.code == 0, played.stderr
    version = played.json["version"]

    shown = remote("show", gid, "--seat", "0", token=tokens[0])
    assert shown.code == 0 and shown.json["version"] == version and shown.json["seat"] == 0
    local = Cli(db).ok("show", gid, "--seat", "0")
    assert shown.json == local
    hands = [p["hand"] for p in shown.json["view"]["players"]]
    assert "hidden" not in hands[0] and set(hands[1]) == {"hidden"}

    games = remote("games")
    assert games.code == 0
    assert [(g["game_id"], g["version"]) for g in games.json["games"]] == [(gid, version)]

    # random games through gRPC, each played by its own referee token
    sim = remote("simulate", "red-north", "--games", "2", "--players", "2", "--seed", "net")
    assert sim.code == 0, sim.stderr
    listed = {g["game_id"]: g for g in remote("games").json["games"]}
    assert all(listed[g]["status"] == "finished" for g in sim.json["game_ids"])


def test_help_through_the_console_script() -> None:
    run = run_skald(["--help"])
    assert run.code == 0, run.stderr
    for command in ("new", "play", "show", "verify", "replay", "rules", "serve", "demo", "bench"):
        assert command in run.stdout


def test_demo(tmp_path: Path) -> None:
    out = tmp_path / "demo.jsonl"
    run = run_skald(["demo", "--db", str(tmp_path / "d.db"), "--out", str(out), "--json"])
    assert run.code == 0, run.stderr
    result = run.json
    assert result["verified"] is True and result["winners"]
    assert result["spectator_saw"] == result["events"]
    assert out.is_file() and len(out.read_text().splitlines()) == result["events"] + 2
    assert result["db"] == str(tmp_path / "d.db")


def test_demo_keeps_out_of_the_default_store_and_its_hints_work_as_printed() -> None:
    import shlex

    run = invoke_skald(["demo", "--players", "2", "--seed", "hint"])
    assert run.code == 0, run.stderr
    assert "True" not in run.stdout  # words, not Python values
    assert not re.search(r"\[\d+(, \d+)*\]|\{'", run.stdout)
    # one drawing for seat 0 beside one for a spectator: only the seat's shows its hand
    assert "as seat 0" in run.stdout and "spectator view" in run.stdout
    assert run.stdout.count("Your hand") == 1
    hints = [line.strip() for line in run.stdout.splitlines() if line.strip().startswith("skald ")]
    assert len(hints) == 4 and all("--db" in h for h in hints if " verify " not in h)
    store = shlex.split(hints[0])[-1]
    assert "skald-demo-" in store and not store.startswith(str(Path.home() / ".local"))
    for hint in hints:
        done = invoke_skald(shlex.split(hint)[1:])
        assert done.code == 0, f"{hint}: {done.stderr}"


def test_import_into_a_fresh_store_prints_the_id_and_every_token(
    cli: Cli, finished: str, tmp_path: Path
) -> None:
    out = tmp_path / "g.jsonl"
    cli.ok("export", finished, "-o", str(out))
    other = Cli(tmp_path / "other.db")
    run = other.run("import", str(out))
    assert run.code == 0, run.stderr
    game = other.ok("games")["games"][0]
    assert game["game_id"] == finished  # a free id is kept
    assert finished in run.stdout and "referee token" in run.stdout
    assert len(re.findall(r"seat \d token", run.stdout)) == 3


def test_log_says_whose_view_it_is_and_a_seat_gets_exactly_its_own(cli: Cli) -> None:
    from skald.service.bootstrap import open_service
    from skald.service.model.auth import Principal

    gid = new_game(cli)["game_id"]
    deploy_all(cli, gid)
    referee = cli.run("log", gid)
    assert referee.code == 0 and "referee's view, unredacted" in referee.stdout
    assert cli.ok("log", gid)["view"] == "referee (unredacted)"
    seat = cli.ok("log", gid, "--seat", "1")
    assert seat["view"] == "seat 1"
    svc = open_service(cli.db)
    try:
        served = [
            r.to_json() for r in svc.history(GetHistory(gid, 0, None, who=Principal("seat", 1)))
        ]
    finally:
        svc.store.close()
    assert seat["events"] == served
    assert seat["events"] != cli.ok("log", gid)["events"]  # others' hands are redacted
    assert "what seat 1 saw" in cli.run("log", gid, "--seat", "1").stdout
    assert cli.refused("log", gid, "--seat", "3")["rule"] == "seat/out-of-range"


def test_malformed_command_json_shows_the_shape_expected(cli: Cli) -> None:
    gid = new_game(cli)["game_id"]
    wrong_field = cli.refused("play", gid, "--seat", "0", '{"deploy": {"cardz": ["x"]}}')
    assert wrong_field["rule"] == "command/bad-json"
    assert wrong_field["reason"].endswith('expected {"deploy": {"cards": ["..."]}}')
    unknown = cli.refused("check", gid, "--at", "1", "--seat", "0", '{"jump": {}}')
    assert "no command 'jump' in Red North" in unknown["reason"]
    assert '{"withdraw": {"position": 0}}' in unknown["reason"]
    not_json = cli.refused("play", gid, "--seat", "0", "{deploy")["reason"]
    assert not_json.startswith("the command is not JSON") and '"END_LEFT | END_RIGHT"' in not_json
    assert "AnyCommand" not in not_json and "Available Fields" not in wrong_field["reason"]
    for shape in re.findall(r"\{\"[a-z_]+\": \{.*?\}\}(?=;|$)", not_json):
        json.loads(shape)  # every skeleton shown is itself JSON

"""Bad input to the ``skald`` CLI: one plain line on stderr (with ``--json`` one JSON error object
on stdout), the exact rule and exit status, no traceback and nothing changed — for the cases an
audit found ending otherwise (markup in ids, offline `view` errors, deep JSON, `simulate`'s
counts, ports, `demo`'s store, seats, altered replay files, misleading messages, ignored input,
echoes, usage errors). In this process on ``tmp_path`` stores; nothing is served."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.e2e_helpers import Run, invoke_skald

REPLAY = Path(__file__).parent.parent / "replays" / "red-north" / "red-north-2p.jsonl"


class Store:
    """One SQLite file holding one Red North game, and copies of a replay file beside it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.db = str(root / "skald.db")
        self.replay = str(root / "rn.jsonl")
        shutil.copy(REPLAY, self.replay)
        created = self.run("new", "red-north", "--players", "2", "--seed", "errors", "--json")
        assert created.code == 0, created.stderr
        self.gid = str(created.json["game_id"])

    def run(self, *args: str) -> Run:
        return invoke_skald([*args, "--db", self.db])

    def refused(self, *args: str, code: int = 1) -> dict[str, Any]:
        """The JSON error of a command that must fail with exit ``code``; its stderr is the same
        rule in one line, with no traceback."""
        run = self.run(*args, "--json")
        assert run.code == code, f"skald {' '.join(args)}: {run.code} {run.stdout} {run.stderr}"
        error = dict(run.json["error"])
        assert f"error {error['rule']}: " in run.stderr
        assert "Traceback" not in run.stderr
        return error

    def games(self) -> int:
        return len(self.run("games", "--json").json["games"])


@pytest.fixture(scope="module")
def store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    return Store(tmp_path_factory.mktemp("input-errors"))


def tampered(store: Store) -> str:
    """The replay file with one record's seat set to 10**30 (its hash no longer matches)."""
    lines = Path(store.replay).read_text().splitlines()
    record = json.loads(lines[21])
    assert "seat" in record
    record["seat"] = 10**30
    lines[21] = json.dumps(record)
    path = store.root / "tampered.jsonl"
    path.write_text("\n".join(lines) + "\n")
    return str(path)


# ---------------------------------------------------------------- 1. user text printed literally


@pytest.mark.parametrize("ref", ["[/x]", "[bold]abcd", ":-1:"])
def test_markup_and_emoji_codes_in_an_id_are_printed_as_typed(store: Store, ref: str) -> None:
    error = store.refused("show", ref)
    assert error["rule"] == "game/unknown"
    run = store.run("show", ref)
    assert run.code == 1
    assert f"no game with id {ref!r}" in run.stderr and "👎" not in run.stderr


def test_markup_in_a_move_is_printed_as_typed(store: Store) -> None:
    error = store.refused("play", store.gid, "--seat", "0", "[/oops]")
    assert error["rule"] == "notation/no-match"
    run = store.run("play", store.gid, "--seat", "0", "[/oops]")
    assert run.code == 1 and "'[/oops]'" in run.stderr and "MarkupError" not in run.stderr


def test_a_path_with_markup_is_echoed_as_typed(store: Store) -> None:
    path = store.root / "[bold]:-1:.jsonl"
    run = store.run("export", store.gid, "-o", str(path))
    assert run.code == 0 and path.is_file()
    assert f"wrote {path} (" in run.stdout


# ---------------------------------------------------------------- 2. view of replay files offline


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        (["{empty}", "-o", "{root}/x.html"], "replay/not-a-replay"),
        (["{replay}", "{root}/nosuch.jsonl", "-o", "{root}/d.html"], "replay/missing"),
        (["{replay}", "-o", "{root}"], "io/error"),
        (["{replay}", "-o", "/nonexistent/x.html"], "io/error"),
        (["{replay}", "--to", "0", "-o", "{root}/v.html"], "version/out-of-range"),
    ],
)
def test_view_of_replay_files_refuses_in_one_line(store: Store, args: list[str], rule: str) -> None:
    empty = store.root / "empty.jsonl"
    empty.write_text("")
    names = {"empty": str(empty), "replay": store.replay, "root": str(store.root)}
    error = store.refused("view", *(a.format(**names) for a in args))
    assert error["rule"] == rule
    assert not list(store.root.glob("*.html"))


# ---------------------------------------------------------------- 3. deeply nested JSON


def test_deeply_nested_json_moves_and_entries_are_bad_json(store: Store) -> None:
    deep = '{"a":' * 10000
    assert store.refused("play", store.gid, "--seat", "0", deep)["rule"] == "command/bad-json"
    check = store.refused("check", store.gid, "--at", "1", "--seat", "0", deep)
    assert check["rule"] == "command/bad-json"
    before = store.games()
    entries = ("--chance", "table", "--entries", "[" * 3000)
    created = store.refused("new", "red-north", "--players", "2", *entries)
    assert created["rule"] == "chance/bad-json" and store.games() == before


def test_numbers_too_long_to_read_in_moves_and_entries_are_bad_json(store: Store) -> None:
    """Past 4,300 digits Python's JSON reader raises a ValueError that is no JSONDecodeError
    (it was a traceback); no command or entry holds such a number."""
    huge = "9" * 5000
    move = f'{{"pass": {{"group": {huge}}}}}'
    played = store.refused("play", store.gid, "--seat", "0", move)
    assert played["rule"] == "command/bad-json" and "too long" in played["reason"]
    check = store.refused("check", store.gid, "--at", "1", "--seat", "0", move)
    assert check["rule"] == "command/bad-json"
    before = store.games()
    created = store.refused("new", "red-north", "--players", "2", "--chance", "table",
                            "--entries", f"[{huge}]")  # fmt: skip
    assert created["rule"] == "chance/bad-json" and store.games() == before


# ---------------------------------------------------------------- 4. simulate's counts


@pytest.mark.parametrize("games", ["-3", "0"])
def test_simulate_refuses_no_games(store: Store, games: str) -> None:
    before = store.games()
    error = store.refused("simulate", "red-north", "--games", games, "--players", "2")
    assert error["rule"] == "simulate/games" and store.games() == before


def test_simulate_starts_one_worker_per_game_at_most() -> None:
    from skald.cli.commands.sim import JOBS_PER_CORE, worker_count
    from skald.domain.kernel.errors import SkaldError

    assert worker_count(40, 1, 2) == 1
    assert worker_count(99999, 3, 2) == 3
    assert worker_count(2, 10, 1) == 2
    with pytest.raises(SkaldError) as refused:
        worker_count(99999, 1000, 2)
    assert refused.value.rule == "simulate/jobs" and str(JOBS_PER_CORE * 2) in refused.value.reason


def test_simulate_refuses_more_workers_than_the_cores_take(store: Store) -> None:
    too_many = str(4 * (os.cpu_count() or 1) + 1)
    args = ("simulate", "red-north", "--games", too_many, "--jobs", too_many, "--players", "2")
    assert store.refused(*args)["rule"] == "simulate/jobs"


# ---------------------------------------------------------------- 5. ports


@pytest.mark.parametrize("port", ["99999", "-1", "65536"])
def test_serve_refuses_a_port_out_of_range(store: Store, port: str) -> None:
    """Refused first, before it would ask for an operator token (and without --open, a
    regression is that refusal, not a server left running in the test process)."""
    run = store.run("serve", "--port", port)
    assert run.code == 2
    assert f"error serve/port: --port must be 0..65535 (0: any free port), not {port}" in run.stderr


@pytest.mark.parametrize("port", ["99999", "-1"])
def test_view_serve_refuses_a_port_out_of_range(store: Store, port: str) -> None:
    assert store.refused("view", store.gid, "--serve", "--port", port)["rule"] == "serve/port"


@pytest.mark.parametrize(
    "address", ["127.0.0.1:99999", "127.0.0.1:0", "127.0.0.1:-1", "127.0.0.1", "", "  "]
)
def test_a_server_address_that_names_no_server_is_refused(store: Store, address: str) -> None:
    error = store.refused("show", store.gid, "--server", address)
    assert error["rule"] == "server/address"


# ---------------------------------------------------------------- 6. demo's store


def test_demo_on_a_directory_is_the_store_error(store: Store, tmp_path: Path) -> None:
    run = invoke_skald(["demo", "--db", str(tmp_path), "--json"])
    assert run.code == 1 and run.json["error"]["rule"] == "store/not-a-file"
    assert "Traceback" not in run.stderr and "error store/not-a-file: " in run.stderr


@pytest.mark.postgres
def test_demo_on_a_missing_postgres_database_is_the_store_error() -> None:
    from tests.conftest import PG_URL

    missing = PG_URL.rsplit("/", 1)[0] + "/skald_no_such_database"
    run = invoke_skald(["demo", "--db", missing, "--json"])
    assert run.code == 1 and run.json["error"]["rule"] == "store/unreachable"


# ---------------------------------------------------------------- 7. view's seat


@pytest.mark.parametrize(("which", "seat"), [("game", "9"), ("file", "-1"), ("file", "2")])
def test_view_refuses_a_seat_out_of_range(store: Store, which: str, seat: str) -> None:
    ref = store.gid if which == "game" else store.replay
    page = store.root / "seat.html"
    error = store.refused("view", ref, "--seat", seat, "-o", str(page))
    assert error["rule"] == "seat/out-of-range" and not page.exists()


# ---------------------------------------------------------------- 8. altered replay files


def test_diff_says_which_file_does_not_verify(store: Store) -> None:
    bad = tampered(store)
    run = store.run("diff", store.replay, bad, "--json")
    assert run.code == 0
    assert run.json["verified"] == [True, False]
    assert run.json["verify_problems"][0] is None
    assert run.json["verify_problems"][1].startswith("event v21: hash mismatch")
    assert f"warning verify/failed: {bad} does NOT verify" in run.stderr
    human = store.run("diff", store.replay, bad)
    assert human.stderr.strip().splitlines()[-1].startswith("warning verify/failed: ")


def test_replay_says_a_file_does_not_verify(store: Store) -> None:
    bad = tampered(store)
    run = store.run("replay", bad, "--plain", "--json")
    assert run.code == 0
    assert run.json["verified"] is False
    assert run.json["verify_problem"].startswith("event v21: hash mismatch")
    assert "warning verify/failed: " in run.stderr and "does NOT verify" in run.stderr
    good = store.run("replay", store.replay, "--plain", "--json")
    assert good.code == 0 and good.json["verified"] is True and "warning" not in good.stderr
    stored = store.run("replay", store.gid, "--plain", "--json")
    assert stored.code == 0 and stored.json["verified"] is None


# ---------------------------------------------------------------- 9. what a path or token is


def test_verify_and_import_say_a_directory_is_not_a_file(store: Store) -> None:
    assert store.refused("verify", str(store.root))["rule"] == "replay/not-a-file"
    assert store.refused("import", str(store.root))["rule"] == "replay/not-a-file"
    error = store.refused("import", str(store.root / "none.jsonl"))
    assert error["rule"] == "replay/missing"


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero here")
def test_verify_says_a_device_is_not_a_regular_file(store: Store) -> None:
    error = store.refused("verify", "/dev/zero")
    assert error["rule"] == "replay/not-a-file" and "not a regular file" in error["reason"]


def test_fork_of_a_file_says_to_import_it(store: Store) -> None:
    error = store.refused("fork", store.replay, "--at", "5")
    assert error["rule"] == "fork/file" and "skald import" in error["reason"]


@pytest.mark.parametrize("token", ["ü", "tab\there"])
def test_a_token_that_cannot_be_sent_is_refused_before_connecting(store: Store, token: str) -> None:
    error = store.refused("show", store.gid, "--server", "127.0.0.1:9", "--token", token)
    assert error["rule"] == "auth/bad-token" and error["kind"] == "unauthenticated"


# ---------------------------------------------------------------- 10. loadtest's --pg


@pytest.mark.parametrize(
    "url", ["mysql://x", "postgresql://postgres@127.0.0.1:1/x", "postgresql://h:99999/x"]
)
def test_loadtest_refuses_a_named_postgres_it_cannot_use(url: str) -> None:
    run = invoke_skald(["loadtest", "--pg", url, "--only", "hostile", "--seconds", "1"])
    assert run.code == 2
    assert run.stderr.startswith("error loadtest/pg: --pg") and "Traceback" not in run.stderr
    assert run.stdout == ""


# ---------------------------------------------------------------- 11. input that was ignored


def test_entries_need_table_chance(store: Store) -> None:
    before = store.games()
    error = store.refused("new", "red-north", "--players", "2", "--entries", "[1]")
    assert error["rule"] == "chance/not-table" and store.games() == before


def test_hot_seat_with_a_move_is_refused(store: Store) -> None:
    version = store.run("show", store.gid, "--json").json["version"]
    error = store.refused("play", store.gid, "--hot-seat", "--seat", "0", "1")
    assert error["rule"] == "play/hot-seat-move"
    assert store.run("show", store.gid, "--json").json["version"] == version


def test_an_empty_svg_path_is_refused(store: Store) -> None:
    assert store.refused("show", store.gid, "--svg", "")["rule"] == "show/svg-file"


def test_games_refuses_an_unknown_game_as_new_does(store: Store) -> None:
    listed = store.refused("games", "--game", "chess")
    created = store.refused("new", "chess", "--players", "2")
    assert listed == created and listed["rule"] == "game/unknown"
    assert store.run("games", "--game", "red-north", "--json").code == 0


# ---------------------------------------------------------------- 12. stdout, and short echoes


def test_export_to_dash_writes_stdout(
    store: Store, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    run = store.run("export", store.gid, "-o", "-")
    assert run.code == 0 and json.loads(run.stdout.splitlines()[0])["format"] == "skald-replay"
    assert not (tmp_path / "-").exists()
    assert store.refused("export", store.gid, "-o", "-")["rule"] == "export/output"


@pytest.mark.parametrize(
    "move", ["deploy " + "x" * 100_000, "x" * 100_000, "deploy " + "x " * 50_000]
)
def test_a_long_move_is_not_echoed_back_whole(store: Store, move: str) -> None:
    error = store.refused("play", store.gid, "--seat", "0", move)
    assert error["rule"] == "notation/no-match"
    assert len(error["reason"]) < 1000 and "…" in error["reason"]


@pytest.mark.parametrize(
    "move", ['{"deploy": "' + "x" * 100_000 + '"}', '{"' + "x" * 100_000 + '": 1}']
)
def test_a_long_json_move_is_not_echoed_back_whole(store: Store, move: str) -> None:
    error = store.refused("play", store.gid, "--seat", "0", move)
    assert error["rule"] == "command/bad-json"
    assert len(error["reason"]) < 2000 and "…" in error["reason"]


def test_a_long_move_checked_is_not_echoed_back_whole(store: Store) -> None:
    error = store.refused("check", store.gid, "--at", "1", "--seat", "0", "deploy " + "y" * 100_000)
    assert error["rule"] == "notation/bad" and len(error["reason"]) < 1000


# ---------------------------------------------------------------- 13. usage errors with --json


@pytest.mark.parametrize(
    ("args", "rule"),
    [
        (["new", "red-north", "--players", "abc"], "usage/bad-value"),
        (["new", "red-north"], "usage/missing"),
        (["show", "x", "--frob"], "usage/no-such-option"),
        (["nosuch"], "usage/error"),
    ],
)
def test_usage_errors_with_json_print_one_error_object(args: list[str], rule: str) -> None:
    run = invoke_skald([*args, "--json"])
    assert run.code == 2
    assert run.json == {
        "error": {"rule": rule, "reason": run.json["error"]["reason"], "kind": "usage"}
    }
    plain = invoke_skald(args)
    assert plain.code == 2 and plain.stdout == ""

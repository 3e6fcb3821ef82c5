"""Settling a disputed move from a replay file: forgeries a re-hashing forger makes that
``skald verify`` must name (the first bad event and why), files that must be refused in one
line rather than a traceback, and the audit commands on honest games of all three games.

Every forgery here re-seals the chain (``tests.forgery``), so only the checks that do not
trust the records can catch it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from skald.service.app.requests import CreateGame, SubmitMove
from skald.service.model.records import ENDED, Record
from skald.service.model.verify import verify
from skald.service.store import replay_file
from tests import forgery
from tests.e2e_helpers import invoke_skald

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
BRIAN_BORU = REPLAYS / "brian-boru" / "brian-boru-3p.jsonl"
RED_NORTH = REPLAYS / "red-north" / "red-north-2p.jsonl"
FEAST = REPLAYS / "feast" / "feast-2p-short.jsonl"


@cache
def _records(path: Path) -> tuple[Record, ...]:
    return replay_file.load_bytes(path.read_bytes()).records


def _batches(records: tuple[Record, ...]) -> list[list[Record]]:
    """The command batches (runs of one command id begun by a record with a command)."""
    out: list[list[Record]] = []
    for r in records:
        if r.type.startswith("skald."):
            continue
        if out and r.command is None and out[-1][0].command_id == r.command_id:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def _single_batches(records: tuple[Record, ...]) -> list[Record]:
    """Records that are a whole command batch on their own (not the last batch)."""
    return [b[0] for b in _batches(records)[1:-1] if len(b) == 1 and b[0].command is not None]


def _verify_file(tmp_path: Path, records: list[Record]) -> tuple[int, dict[str, Any]]:
    path = tmp_path / "forged.jsonl"
    path.write_text(forgery.forged_file(records))
    run = invoke_skald(["verify", str(path), "--json"])
    report: dict[str, Any] = run.json  # exactly one JSON object on stdout
    return run.code, report


def _fails_at(tmp_path: Path, records: list[Record], version: int, *words: str) -> str:
    code, report = _verify_file(tmp_path, records)
    assert code == 1 and report["ok"] is False, report
    assert report["first_bad"] == version, report
    for word in words:
        assert word in report["problem"], report
    problem: str = report["problem"]
    return problem


# ------------------------------------------------------------------ the end of the game


def _ended(records: tuple[Record, ...], **changes: Any) -> list[Record]:
    last = records[-1]
    assert last.type == ENDED
    return [*records[:-1], dataclasses.replace(last, data={**last.data, **changes})]


def test_a_forged_end_reason_is_named(tmp_path: Path) -> None:
    """``skald.GameEnded`` holds the rules' reason for the end, like scores and winners."""
    records = _records(BRIAN_BORU)
    problem = _fails_at(tmp_path, _ended(records, reason="seat 1 resigned"), len(records))
    assert "end reason" in problem and "seat 1 resigned" in problem


def test_forged_winners_are_named_as_winners_not_scores(tmp_path: Path) -> None:
    records = _records(BRIAN_BORU)
    winners = records[-1].data["winners"]
    forged = [(winners[0] + 1) % 3]
    problem = _fails_at(tmp_path, _ended(records, winners=forged), len(records), "winners")
    assert str(forged) in problem and str(winners) in problem


# ------------------------------------------------------------------ command ids


def test_a_command_id_used_by_two_batches_is_refused(tmp_path: Path) -> None:
    """The service answers a retried id with its first result, so no honest game holds one id
    in two batches; a forged one would break every lookup by id (retries, fork boundaries)."""
    records = _records(BRIAN_BORU)
    single = _single_batches(records)
    early, late = single[0], single[-1]
    forged = forgery.edit(records, late.version, command_id=early.command_id)
    problem = _fails_at(tmp_path, forged, late.version, "already used", f"v{early.version}")
    assert early.command_id in problem


def test_two_adjacent_batches_under_one_id_are_two_batches(tmp_path: Path) -> None:
    records = _records(FEAST)
    batches = _batches(records)
    i = next(
        i
        for i in range(1, len(batches) - 1)
        if batches[i + 1][0].command is not None and len(batches[i + 1]) == 1
    )
    first, second = batches[i][0], batches[i + 1][0]
    forged = forgery.edit(records, second.version, command_id=first.command_id)
    _fails_at(tmp_path, forged, second.version, "already used", f"v{first.version}")


def test_an_empty_command_id_is_refused(tmp_path: Path) -> None:
    records = _records(BRIAN_BORU)
    record = _single_batches(records)[3]
    forged = forgery.edit(records, record.version, command_id="")
    _fails_at(tmp_path, forged, record.version, "command id is empty")


def test_kernel_records_carry_their_batch_ids(tmp_path: Path) -> None:
    records = _records(RED_NORTH)
    forged = forgery.edit(records, 1, command_id="golden-1")
    _fails_at(tmp_path, forged, 1, "setup")
    ended = forgery.edit(records, len(records), command_id="golden-1")
    _fails_at(tmp_path, ended, len(records), "ended the game", records[-2].command_id)


# ------------------------------------------------------------------ the game's creation


def test_an_option_set_twice_is_refused(tmp_path: Path) -> None:
    records = _records(BRIAN_BORU)
    data = records[0].data
    options = [*data["options"], data["options"][0]]
    forged = forgery.edit(records, 1, data={**data, "options": options})
    _fails_at(tmp_path, forged, 1, "more than once", repr(data["options"][0]["name"]))


def test_another_rules_version_is_noted_in_the_report(tmp_path: Path) -> None:
    """A file recorded under other rules is re-decided under this skald's (old Feast games
    verify so, with their upcasts); the report says so instead of passing it over."""
    records = _records(RED_NORTH)
    data = records[0].data
    forged = forgery.edit(records, 1, data={**data, "rules_version": "red-north-en-1999.1"})
    path = tmp_path / "other-rules.jsonl"
    path.write_text(forgery.forged_file(forged))
    report = verify(replay_file.load_bytes(path.read_bytes()).records, _seeds(path))
    assert report.ok
    assert any("red-north-en-1999.1" in note for note in report.notes), report.notes
    run = invoke_skald(["verify", str(path)])
    assert run.code == 0 and "red-north-en-1999.1" in run.stdout


def _seeds(path: Path) -> Any:
    return replay_file.load_bytes(path.read_bytes()).seeds


# ------------------------------------------------------------------ precise problems


def test_a_changed_event_names_the_field_that_differs(tmp_path: Path) -> None:
    records = _records(BRIAN_BORU)
    target = next(
        r
        for r in records[len(records) // 3 :]
        if r.command is None and isinstance(r.data.get("seat"), int)
    )
    seat = target.data["seat"]
    forged = forgery.edit(records, target.version, data={**target.data, "seat": (seat + 1) % 3})
    problem = _fails_at(tmp_path, forged, target.version, target.type)
    assert f"data.seat: stored {(seat + 1) % 3}, re-decided {seat}" in problem


def test_a_huge_forged_value_is_cut_in_the_problem(tmp_path: Path) -> None:
    records = _records(BRIAN_BORU)
    target = next(
        r
        for r in records[len(records) // 3 :]
        if r.command is None and isinstance(r.data.get("seat"), int)
    )
    forged = forgery.edit(records, target.version, data={**target.data, "seat": "ᚠ" * 10_000})
    problem = _fails_at(tmp_path, forged, target.version, "data.seat")
    assert len(problem) < 400


# ------------------------------------------------------------------ files that are no replay


def _edited_line(path: Path, tmp_path: Path, change: Callable[[str], str]) -> Path:
    lines = path.read_text().split("\n")
    lines[5] = change(lines[5])
    out = tmp_path / "edited.jsonl"
    out.write_text("\n".join(lines))
    return out


@pytest.mark.parametrize(
    "args",
    [
        ["verify", "{f}"],
        ["verify", "{f}", "--json"],
        ["replay", "{f}", "--json"],
        ["diff", "{f}", "{f}"],
        ["export", "{f}", "--format", "text"],
        ["import", "{f}", "--db", "{db}"],
    ],
)
def test_a_number_too_long_to_read_is_refused_in_one_line(tmp_path: Path, args: list[str]) -> None:
    """Python reads no integer of over 4,300 digits (a ValueError that is no JSON error): the
    file is refused naming the line, never a traceback."""
    path = _edited_line(
        RED_NORTH, tmp_path, lambda line: line.replace('"version": 5', '"version": ' + "9" * 5000)
    )
    run = invoke_skald([a.format(f=path, db=tmp_path / "s.db") for a in args])
    assert run.code == 1
    assert "replay/bad-json" in run.stderr and "line 6" in run.stderr
    if "--json" in args:
        assert run.json["error"]["rule"] == "replay/bad-json"


def test_diff_of_a_file_naming_more_seats_than_its_setup_dealt(tmp_path: Path) -> None:
    """A forged header's player count does not match the setup events: diff still compares
    the file, for inspection, under the warning that it does not verify (it once crashed
    reading the missing seat's hand)."""
    for source in (FEAST, RED_NORTH):
        records = _records(source)
        data = records[0].data
        forged = forgery.edit(records, 1, data={**data, "players": data["players"] + 1})
        path = tmp_path / f"more-seats-{source.stem}.jsonl"
        path.write_text(forgery.forged_file(forged))
        run = invoke_skald(["diff", str(path), str(path), "--json"])
        assert run.code == 0, run.stderr
        assert run.json["verified"] == [False, False]
        assert "does NOT verify" in run.stderr
        human = invoke_skald(["diff", str(path), str(path)])
        assert human.code == 0 and "no divergence" in human.stdout


# ------------------------------------------------------------------ honest games


@pytest.mark.parametrize("source", [RED_NORTH, BRIAN_BORU, FEAST], ids=lambda p: p.stem)
def test_fork_verify_diff_on_an_honest_game(tmp_path: Path, source: Path) -> None:
    """Import a recorded game, fork it at a command boundary: the fork verifies, holds the
    same events up to there, and diff says one goes on where the other stops."""
    db = str(tmp_path / "s.db")
    imported = invoke_skald(["import", str(source), "--db", db, "--json"]).json
    gid = imported["game_id"]
    records = _records(source)
    at = next(b[-1].version for b in _batches(records) if b[-1].version >= 40)
    fork = invoke_skald(["fork", gid, "--at", str(at), "--db", db, "--json"])
    assert fork.code == 0, fork.stderr
    fid = fork.json["game_id"]
    checked = invoke_skald(["verify", fid, "--db", db, "--json"])
    assert checked.code == 0 and checked.json["ok"] and checked.json["events"] == at
    report = invoke_skald(["diff", gid, fid, "--db", db, "--json"]).json
    assert report["common_prefix"] == at and report["first_divergence"] is None
    assert (report["a_version"], report["b_version"]) == (len(records), at)
    assert report["verified"] == [None, None] and report["differences"]
    assert report["scores"]["b"] is None and report["scores"]["a"] is not None
    log = invoke_skald(["log", fid, "--db", db, "--json"]).json
    assert [e["data"] for e in log["events"][1:]] == [r.data for r in records[1:at]]
    assert json.loads(json.dumps(report)) == report


# ------------------------------------------------------------------ verify --expect


def test_expect_settles_what_re_decision_cannot(tmp_path: Path) -> None:
    """A seat kept the hash it was given at v30; a file whose earlier command id was renamed and
    its chain sealed again verifies on its own (a new unique id), but not against that hash."""
    records = _records(RED_NORTH)
    given = records[29].hash
    ok = invoke_skald(["verify", str(RED_NORTH), "--expect", f"v30:{given[:16]}", "--json"])
    assert ok.code == 0, ok.stderr
    assert ok.json["expected"] == [{"version": 30, "given": given[:16], "hash": given, "ok": True}]
    first = next(b for b in _batches(records)[1:] if b[0].version == 20)
    renamed = [
        dataclasses.replace(r, command_id="renamed-by-a-forger") if r in first else r
        for r in records
    ]
    code, report = _verify_file(tmp_path, renamed)
    assert code == 0 and report["ok"], report  # the file alone cannot tell
    forged = str(tmp_path / "forged.jsonl")
    against = invoke_skald(["verify", forged, "--expect", f"v30:{given}", "--json"])
    assert against.code == 1, against.stdout
    assert "verify/unexpected-hash" in against.stderr and "not the game" in against.stderr
    cut = invoke_skald(["verify", str(RED_NORTH), "--expect", f"v100000:{given}"])
    assert cut.code == 1 and "cut short" in cut.stderr
    for bad in ("10", "v10:xyz", "v0:" + given, f"v10:{given[:8]}"):
        refused = invoke_skald(["verify", str(RED_NORTH), "--expect", bad, "--json"])
        assert refused.code == 1 and refused.json["error"]["rule"] == "verify/bad-expect", bad


def test_expect_on_a_stored_game(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    imported = invoke_skald(["import", str(RED_NORTH), "--db", db, "--json"])
    assert imported.code == 0, imported.stderr
    gid = imported.json["game_id"]
    given = _records(RED_NORTH)[-1].hash
    run = invoke_skald(["verify", gid[:8], "--db", db, "--expect", f"v110:{given}", "--json"])
    assert run.code == 0 and run.json["expected"][0]["ok"], run.stderr
    wrong = invoke_skald(["verify", gid[:8], "--db", db, "--expect", "v3:" + "ab" * 8])
    assert wrong.code == 1 and "verify/unexpected-hash" in wrong.stderr


def test_check_reads_a_brian_boru_cards_bare_number_in_the_round_at_its_version(
    tmp_path: Path,
) -> None:
    """``play 15`` needs the round; on a local store check reads it against the seat's legal
    moves at AT (it had refused every bare number, asking for ``r1-15``)."""
    import random

    from skald.service.bootstrap import open_service
    from skald.service.model.auth import OPERATOR

    db = str(tmp_path / "bb.db")
    svc = open_service(db)
    gid = svc.create(CreateGame("brian_boru", 3, seed=b"check-bare")).game_id
    rng = random.Random(1)
    while True:
        loaded = svc.load(gid)
        rules = loaded.rules
        mine = (
            list(rules.legal_commands(loaded.state, 0)) if 0 in rules.to_act(loaded.state) else []
        )
        cards = [c.card for c in mine if type(c).__name__ == "PlayCard"]
        if cards:
            break
        seat = rng.choice(sorted(rules.to_act(loaded.state)))
        svc.submit(
            SubmitMove(
                gid, seat, rng.choice(list(rules.legal_commands(loaded.state, seat))), who=OPERATOR
            )
        )
    at, card = loaded.version, cards[0]
    svc.store.close()
    number = str(int(card.rsplit("-", 1)[1]))
    run = invoke_skald(
        ["check", gid[:8], "--at", str(at), "--seat", "0", f"play {number}", "--db", db, "--json"]
    )
    assert run.code == 0, run.stderr
    assert run.json["legal"] and run.json["events"][0]["data"]["card"] == card
    absent = next(str(n) for n in range(1, 40) if all(not c.endswith(f"-{n:02d}") for c in cards))
    refused = invoke_skald(
        ["check", gid[:8], "--at", str(at), "--seat", "0", f"play {absent}", "--db", db, "--json"]
    )
    assert refused.code == 1 and refused.json["error"]["rule"] == "notation/bad"

"""Which seed segments a game may commit to follows from its ``skald.GameCreated`` alone (issue
24): a game that is no fork has one, from draw 0; a fork's start strictly increasing from 0,
each later one at the chance cursor of a command boundary no later than the fork point — a
reseed at the fork point exactly at the cursor there — and none beyond it. Verify's notes say a
game is a fork, of which game at which version, where it was reseeded, and when its chance is
its source's (open-hand once the source has ended: ``skald fork`` says so too).

The forgeries below change a fork's or a game's ``skald.GameCreated`` (a reseed dropped, moved,
duplicated, added; a fork point moved; a fork claimed or denied), re-derive every salt from the
revealed key and seal the chain again; each must be refused naming the version. On the code
before this change (370cddb), a second segment in a game that is no fork, a segment duplicated
or beyond the fork point, a fork point moved or past the records, and a fork denied were all
accepted (only a decreasing order of segments was refused; a segment inside a batch was named
at its first draw, as unrevealed), verify's report said nothing of a fork, and a fork of a
reseeded fork taken before its reseed kept the later segment.
"""

from __future__ import annotations

import dataclasses
import random
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from skald.domain.kernel.chance import commitment
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.play import random_command
from skald.domain.kernel.records import ForkOrigin, GameCreated, GameEnded, SeedReveal, Segment
from skald.service.app.games import GameService
from skald.service.app.requests import ExportGame, ForkGame, ImportGame, SubmitMove, VerifyGame
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.folding import fold_records
from skald.service.model.records import Record, kernel_record, read_kernel
from skald.service.model.verify import Report, verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests import forgery
from tests.e2e_helpers import invoke_skald

GOLDEN = Path(__file__).resolve().parent.parent / "replays" / "brian-boru" / "brian-boru-3p.jsonl"


def _play(svc: GameService, gid: str, seed: int) -> None:
    picker = random.Random(seed)
    while (loaded := svc.load(gid)).ended is None:
        pick = random_command(loaded.rules, loaded.state, picker)
        assert pick is not None
        svc.submit(SubmitMove(gid, *pick, who=OPERATOR))


@dataclass(frozen=True)
class Family:
    svc: GameService
    source: str
    """A finished Brian Boru game (the golden, imported)."""
    at: int
    """The fork point: a boundary a quarter into the game."""
    cursor: int
    """The chance cursor there."""
    reseeded: str
    """Forked at ``at`` with a chosen seed, played to its end."""
    same: str
    """Forked at ``at`` on the same stream, played to its end."""


@pytest.fixture(scope="module")
def family(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Family]:
    svc = GameService(EventStore(str(tmp_path_factory.mktemp("forks") / "s.db")), registry())
    source = svc.import_text(ImportGame(GOLDEN.read_text()))[0].game_id
    records = svc.store.read(source)
    found = forgery.boundaries(records)
    at = found[len(found) // 4]
    reseeded = svc.fork(
        ForkGame(source, at, reseed=True, seed=b"a fork's own seed", who=OPERATOR)
    ).game_id
    _play(svc, reseeded, 0)
    same = svc.fork(ForkGame(source, at, who=OPERATOR)).game_id
    _play(svc, same, 1)
    yield Family(svc, source, at, fold_records(records[:at]).cursor, reseeded, same)
    svc.store.close()


def _file(svc: GameService, gid: str) -> Report:
    parsed = replay_file.loads(svc.export(ExportGame(gid, who=OPERATOR)).split("\n"))
    return verify(parsed.records, parsed.seeds, salt_key=parsed.salt_key)


def test_a_reseeded_fork_verifies_and_its_report_says_where(family: Family) -> None:
    svc, at = family.svc, family.at
    segments = svc.load(family.reseeded).created.segments
    assert [s.start for s in segments] == [0, family.cursor]
    notes = [
        f"a fork of {family.source} at v{at}",
        f"reseeded at draw {family.cursor} (fresh chance from v{at} on)",
    ]
    for report in (
        _file(svc, family.reseeded),
        svc.verify(VerifyGame(family.reseeded, who=OPERATOR)),
    ):
        assert report.ok and report.notes == notes, (report.problem, report.notes)
        assert "salts" in report.checked


def test_an_unreseeded_fork_of_a_finished_game_is_noted_open_hand(family: Family) -> None:
    report = _file(family.svc, family.same)
    assert report.ok, report.problem
    assert report.notes[0] == f"a fork of {family.source} at v{family.at}"
    assert len(report.notes) == 2 and "open-hand" in report.notes[1]


def test_a_fork_of_a_reseeded_fork_taken_before_its_reseed_keeps_no_later_segment(
    family: Family,
) -> None:
    """The reseeded fork forked again before its reseed: the later segment lies beyond the new
    fork point, so it is not the new fork's (it draws on from the first); a reseed there
    replaces it."""
    svc = family.svc
    records = svc.store.read(family.reseeded)
    early = next(v for v in forgery.boundaries(records) if fold_records(records[:v]).cursor < 30)
    assert fold_records(records[:early]).cursor < family.cursor
    again = svc.fork(ForkGame(family.reseeded, early, who=OPERATOR)).game_id
    assert [s.start for s in svc.load(again).created.segments] == [0]
    _play(svc, again, 2)
    assert svc.verify(VerifyGame(again, who=OPERATOR)).ok and _file(svc, again).ok
    fresh = svc.fork(ForkGame(family.reseeded, early, reseed=True, who=OPERATOR)).game_id
    cursor = fold_records(records[:early]).cursor
    assert [s.start for s in svc.load(fresh).created.segments] == [0, cursor]
    _play(svc, fresh, 3)
    report = svc.verify(VerifyGame(fresh, who=OPERATOR))
    assert (
        report.ok and f"reseeded at draw {cursor} (fresh chance from v{early} on)" in report.notes
    )


# ------------------------------------------------------------------ forged segments


def _with_created(records: list[Record], **changes: object) -> list[Record]:
    created = dataclasses.replace(read_kernel(records[0], GameCreated), **changes)
    return forgery.edit(records, 1, data=to_data(created))


def _with_seeds(records: list[Record], seeds: tuple[SeedReveal, ...]) -> list[Record]:
    ended = dataclasses.replace(read_kernel(records[-1], GameEnded), seeds=seeds)
    return forgery.edit(records, len(records), data=to_data(ended))


def _report(records: list[Record]) -> Report:
    """The forged records, salts re-derived from the revealed key and the chain sealed, as a
    file verifies them (with the seeds its end reveals)."""
    text = forgery.forged_file(forgery.resealed(records))
    parsed = replay_file.loads(text.split("\n"))
    return verify(parsed.records, parsed.seeds)


def test_forged_segments_of_a_fork_are_refused(family: Family) -> None:
    records = family.svc.store.read(family.reseeded)
    created = read_kernel(records[0], GameCreated)
    first, reseed = created.segments
    ended = read_kernel(records[-1], GameEnded)
    assert _report(records).ok
    # dropped: the draws after the fork point are the reseed's, not the first segment's, so
    # the first batch drawing after it (a deal: its first event, or a later one) differs
    dropped = _with_seeds(_with_created(records, segments=(first,)), ended.seeds[:1])
    draw = next(
        r.version for r in records if r.version > family.at and r.chance and r.chance["used"]
    )
    end = next(r.version for r in records if r.version > draw and r.command) - 1
    report = _report(dropped)
    assert not report.ok and draw <= (report.first_bad or 0) <= end, report.problem
    assert "re-decided" in report.problem
    # duplicated
    twice = _report(_with_created(records, segments=(first, reseed, reseed)))
    assert twice.first_bad == 1 and "increasing" in twice.problem
    # one beyond any draw of the game, and one inside a batch
    beyond = Segment(10_000, "chosen", commitment(b"later", b"n" * 16))
    added = _report(_with_created(records, segments=(first, reseed, beyond)))
    assert added.first_bad == 1 and "beyond the fork point" in added.problem
    inside = dataclasses.replace(reseed, start=1)
    split = _report(_with_created(records, segments=(first, inside)))
    assert split.first_bad == 1 and "inside the batch" in split.problem
    # the fork point moved before the reseed's draw, past the records, or denied
    early = next(v for v in forgery.boundaries(records) if fold_records(records[:v]).cursor < 30)
    moved = _report(_with_created(records, forked_from=ForkOrigin(family.source, early)))
    assert moved.first_bad == 1 and "beyond the fork point" in moved.problem
    past = _report(_with_created(records, forked_from=ForkOrigin(family.source, len(records) + 5)))
    assert past.first_bad == 1 and "not a command boundary" in past.problem
    denied = _report(_with_created(records, forked_from=None))
    assert denied.first_bad == 1 and "no fork has one seed segment" in denied.problem


def _reseeded_in_created(
    records: list[Record], fork: ForkOrigin | None
) -> tuple[int, list[Record]]:
    """A finished game given a second segment in its own ``skald.GameCreated`` at a boundary,
    everything after it re-decided under a seed the forger chose, both seeds revealed: the
    reseed attack moved into the first record (and, with ``fork``, the game claimed a fork)."""
    at = forgery.boundaries(records)[len(forgery.boundaries(records)) // 3]
    cursor = fold_records(records[:at]).cursor
    created = read_kernel(records[0], GameCreated)
    ended = read_kernel(records[-1], GameEnded)
    nonce = b"forged nonce 16b"
    reveal = SeedReveal(cursor, "chosen", b"chosen".hex(), nonce=nonce.hex())
    segment = Segment(cursor, "chosen", commitment(b"chosen", nonce))
    first = dataclasses.replace(created, segments=(*created.segments, segment), forked_from=fork)
    seeds = (*ended.seeds, reveal)
    after, outcome = forgery.redecided(records, at, seeds, random.Random(0))
    assert outcome is not None
    end = GameEnded(outcome.scores, outcome.winners, outcome.reason, seeds, ended.salt_key)
    tail = kernel_record(after[-1].version + 1, after[-1].command_id, end)
    forged = [kernel_record(1, "setup", first), *records[1:at], *after, tail]
    return at, forgery.resealed(forged, forgery.revealed_key(records))


def test_a_game_that_is_no_fork_commits_to_one_segment(family: Family) -> None:
    records = family.svc.store.read(family.source)
    _, forged = _reseeded_in_created(records, None)
    report = _report(forged)
    assert not report.ok and report.first_bad == 1 and "no fork" in report.problem


def test_a_game_that_claims_to_be_a_fork_says_so_and_a_seats_hash_refuses_it(
    family: Family, tmp_path: Path
) -> None:
    """A forger may claim the game is a reseeded fork (its first record is the forger's): the
    file verifies as the fork it says it is, but its report says so — a fork, reseeded where —
    and a hash a seat was given for the real game refuses it."""
    records = family.svc.store.read(family.source)
    fake = str(uuid.uuid4())
    at, forged = _reseeded_in_created(records, ForkOrigin(fake, 0))
    _, forged = _reseeded_in_created(records, ForkOrigin(fake, at))
    cursor = fold_records(records[:at]).cursor
    report = _report(forged)
    assert report.ok, report.problem
    assert report.notes == [
        f"a fork of {fake} at v{at}",
        f"reseeded at draw {cursor} (fresh chance from v{at} on)",
    ]
    path = tmp_path / "fake-fork.jsonl"
    path.write_text(forgery.forged_file(forged))
    run = invoke_skald(["verify", str(path), "--expect", f"v{at}:{records[at - 1].hash}"])
    assert run.code == 1 and "verify/unexpected-hash" in run.stderr


# ------------------------------------------------------------------ skald fork


def test_skald_fork_of_a_finished_game_says_it_is_open_hand(tmp_path: Path) -> None:
    db = str(tmp_path / "s.db")
    source = invoke_skald(["import", str(GOLDEN), "--db", db, "--json"]).json["game_id"]
    records = replay_file.load_bytes(GOLDEN.read_bytes()).records
    at = str(forgery.boundaries(list(records))[3])
    same = invoke_skald(["fork", source, "--at", at, "--db", db, "--json"])
    assert same.code == 0 and same.json["open_hand"] is True, same.stderr
    said = invoke_skald(["fork", source, "--at", at, "--db", db])
    assert said.code == 0 and "open-hand" in said.stdout
    fresh = invoke_skald(["fork", source, "--at", at, "--reseed", "--db", db, "--json"])
    assert fresh.code == 0 and fresh.json["open_hand"] is False
    running = same.json["game_id"]  # a running game's fork shares a hidden seed: not open
    again = invoke_skald(["fork", running, "--at", at, "--db", db, "--json"])
    assert again.code == 0 and again.json["open_hand"] is False
    report = invoke_skald(["verify", same.json["game_id"], "--db", db, "--json"]).json
    assert report["ok"] and any("open-hand" in note for note in report["notes"])

"""Cutting the end off a game is caught: in the store the head (written in the same transaction
as every batch) still names the records that were deleted; in an exported file, whose trailer
a forger can rewrite, a game over by its rules must end with ``skald.GameEnded``, and without
it the seed is not revealed, so its chance cannot be checked either."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from skald.domain.kernel.errors import SkaldError
from skald.service.app.games import GameService
from skald.service.app.requests import (
    CreateGame,
    ExportGame,
    ImportGame,
    ListGames,
    SubmitMove,
    VerifyGame,
)
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.verify import verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests import forgery
from tests.toy_game import Roll

ORDER = ("c3", "c1", "c2", "c6", "c5", "c4")


@pytest.fixture
def svc(db_url: str) -> Iterator[GameService]:
    service = GameService(EventStore(db_url), registry())
    yield service
    service.store.close()


def _play(svc: GameService, gid: str, turns: int, table: bool = False) -> None:
    for turn in range(turns):
        svc.submit(SubmitMove(gid, turn % 2, Roll(), chance=[3] if table else (), who=OPERATOR))


def test_the_head_is_written_with_every_batch(svc: GameService) -> None:
    gid = svc.create(CreateGame("toy", 2, seed=b"h")).game_id
    _play(svc, gid, 2)
    records = svc.store.read(gid)
    assert svc.store.head(gid) == (records[-1].version, records[-1].hash)
    report = svc.verify(VerifyGame(gid, who=OPERATOR))
    assert report.ok and "head" in report.checked


def test_a_game_cut_short_in_the_database_fails_naming_the_head(svc: GameService) -> None:
    """GameEnded and the last command deleted with SQL: what is left is a valid chain of a
    running game, and only the head shows that records are missing."""
    gid = svc.create(CreateGame("toy", 2, seed=b"cut")).game_id
    _play(svc, gid, 6)
    records = svc.store.read(gid)
    assert records[-1].type == "skald.GameEnded"
    keep = records[-3].version
    forgery.cut_off(svc.store, gid, keep)
    svc.repo.forget(gid)
    assert len(svc.store.read(gid)) == keep
    report = svc.verify(VerifyGame(gid, who=OPERATOR))
    assert not report.ok and "head mismatch" in report.problem
    assert report.first_bad == keep + 1
    with pytest.raises(SkaldError) as export:  # nor can an export launder the cut
        svc.export(ExportGame(gid, who=OPERATOR))
    assert export.value.rule == "store/head-mismatch"
    assert [row.game_id for row in svc.list_games(ListGames())] == [gid]  # the index still reads it


def test_a_game_without_a_head_does_not_verify(svc: GameService) -> None:
    gid = svc.create(CreateGame("toy", 2, seed=b"nohead")).game_id
    forgery.sql(
        svc.store,
        "DELETE FROM {table} WHERE originator_id = ?",
        [svc.store._head_event(gid, svc.store.read(gid)[-1]).originator_id],
    )
    report = svc.verify(VerifyGame(gid, who=OPERATOR))
    assert not report.ok and "no head" in report.problem


def _parsed(text: str) -> replay_file.ReplayFile:
    return replay_file.loads(text.split("\n"))


def test_a_truncated_export_fails_even_with_a_rewritten_trailer(svc: GameService) -> None:
    gid = svc.create(CreateGame("toy", 2, seed=b"file")).game_id
    _play(svc, gid, 6)
    text = svc.export(ExportGame(gid, who=OPERATOR))
    lines = text.splitlines(keepends=True)
    with pytest.raises(SkaldError) as dropped:  # lines dropped, trailer kept
        _parsed("".join(lines[:-3] + lines[-1:]))
    assert dropped.value.rule == "replay/truncated"
    records = list(_parsed(text).records)
    short = forgery.forged_file(records[:-1])  # GameEnded gone, trailer rewritten to match
    parsed = _parsed(short)
    report = verify(parsed.records, parsed.seeds)
    assert not report.ok and "not revealed" in report.problem
    seeds = svc.store.get_secret(gid).seeds  # type: ignore[union-attr]
    report = verify(parsed.records, seeds)  # even with the seed, the end is missing
    assert not report.ok and "GameEnded" in report.problem
    assert report.first_bad == len(records)
    with pytest.raises(SkaldError):
        svc.import_text(ImportGame(short))


def test_a_table_chance_export_cut_after_its_end_fails(svc: GameService) -> None:
    """Table chance has no seed to withhold: the outcome rule alone catches the cut."""
    gid = svc.create(CreateGame("toy", 2, chance="table", table_entries=[ORDER])).game_id
    _play(svc, gid, 6, table=True)
    records = list(_parsed(svc.export(ExportGame(gid, who=OPERATOR))).records)
    assert records[-1].type == "skald.GameEnded"
    report = verify(records[:-1])
    assert not report.ok and "does not end with skald.GameEnded" in report.problem
    with pytest.raises(SkaldError):
        svc.import_text(ImportGame(forgery.forged_file(records[:-1])))
    # and a GameEnded moved away from the end is not the end either
    moved = [*records[:-2], dataclasses.replace(records[-1], version=records[-2].version)]
    assert not verify(forgery.reseal(moved)).ok

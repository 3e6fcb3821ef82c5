"""Imports are validated whole before anything is written, and one bad row never breaks queries
about other games. The poisoned files are re-hashed (the chain, header and trailer made to
match, :mod:`tests.forgery`), so only validation can catch them (the forger's re-hash is done on raw lines here, since a poisoned
value may not fit a ``Record``): each ends in a taxonomy error
(:class:`SkaldError`), nothing is written, and ListGames, prefix lookups and the index keep
working — in this process and in a fresh one (a restart)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import datetime
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from skald.domain.kernel.errors import SkaldError
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ExportGame, ImportGame, ListGames, SubmitMove
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.errors import Tampered
from skald.service.model.records import GENESIS, Record
from skald.service.store.event_store import EventStore, StoredRecord
from tests.toy_game import Roll


@cache
def _golden() -> str:
    """A finished 3-player toy game as a replay file."""
    svc = GameService(EventStore(":memory:"), registry())
    try:
        gid = svc.create(CreateGame("toy", 3, seed=b"import")).game_id
        for turn in range(9):
            svc.submit(SubmitMove(gid, turn % 3, Roll(), who=OPERATOR))
        assert svc.load(gid).ended is not None
        return svc.export(ExportGame(gid, who=OPERATOR))
    finally:
        svc.store.close()


@pytest.fixture(scope="module")
def shared() -> Iterator[GameService]:
    """One store for the hypothesis test, holding one game that must stay listed."""
    svc = GameService(EventStore(":memory:"), registry())
    svc.create(CreateGame("toy", 2, seed=b"bystander"))
    yield svc
    svc.store.close()


def _rows(text: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in text.splitlines()]


def _resealed_text(rows: list[dict[str, Any]]) -> str:
    """Record lines re-hashed as dicts (so a poisoned value survives even where a ``Record``
    could not hold it), the trailer's count and last hash made to match."""
    out, prev = [rows[0]], GENESIS
    for row in rows[1:-1]:
        body = {k: v for k, v in row.items() if k != "hash"}
        body["prev_hash"] = prev
        try:
            row = {**body, "hash": Record.from_json({**body, "hash": ""}).digest()}
        except SkaldError:
            row = {**body, "hash": "0" * 64}
        out.append(row)
        prev = row["hash"]
    out.append({**rows[-1], "records": len(rows) - 2, "last_hash": prev})
    return "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in out)


def _still_works(svc: GameService, before: list[str]) -> None:
    assert [row.game_id for row in svc.list_games(ListGames())] == before
    for gid in before:
        assert svc.repo.resolve(gid[:8]) == gid


def _refused(svc: GameService, text: str) -> SkaldError:
    before = [row.game_id for row in svc.list_games(ListGames())]
    with pytest.raises(SkaldError) as refused:
        svc.import_text(ImportGame(text))
    _still_works(svc, before)
    return refused.value


def _poison(line: int, key: str, value: Any) -> str:
    rows = _rows(_golden())
    rows[line] = {**rows[line], key: value}
    return _resealed_text(rows)


def test_the_resealed_golden_itself_imports(shared: GameService) -> None:
    assert _resealed_text(_rows(_golden())) == _golden()


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("at", "not-a-time", "UTC ISO 8601"),
        ("at", "2026-01-01T00:00:00", "UTC ISO 8601"),  # naive: no zone
        ("at", "2026-01-01T00:00:00+02:00", "UTC ISO 8601"),
        ("seat", 5, "seat 5"),
        ("seat", -1, "seat -1"),
        ("command_id", "", "command id"),
    ],
)
def test_a_poisoned_field_is_refused_and_nothing_is_written(
    shared: GameService, key: str, value: Any, words: str
) -> None:
    error = _refused(shared, _poison(8, key, value))
    assert isinstance(error, Tampered) and words in error.reason


def test_a_deeply_nested_line_is_refused_before_any_recursive_reader(shared: GameService) -> None:
    lines = _golden().splitlines(keepends=True)
    for depth in (900, 5000):  # below and beyond the JSON reader's own recursion limit
        nested = '{"data": ' + "[" * depth + "1" + "]" * depth + "}\n"
        text = "".join([*lines[:3], nested, *lines[4:]])
        assert _refused(shared, text).rule in {"replay/too-deep", "replay/bad-json"}
    rows = _rows(_golden())
    rows[3] = {**rows[3], "data": {**rows[3]["data"], "deep": deep_list(40)}}
    assert _refused(shared, _resealed_text(rows)).rule == "replay/too-deep"


def deep_list(depth: int) -> Any:
    out: Any = 0
    for _ in range(depth):
        out = [out]
    return out


POISONS = st.sampled_from(
    [
        ("at", "not-a-time"),
        ("at", ""),
        ("at", "2026-13-01T00:00:00+00:00"),
        ("at", 5),
        ("seat", 3),
        ("seat", 99),
        ("seat", "0"),
        ("seat", True),
        ("version", 0),
        ("version", "2"),
        ("type", "NoSuchEvent"),
        ("type", "skald.NoSuchRecord"),
        ("type", "skald.GameCreated"),
        ("type", ""),
        ("command_id", 7),
        ("command_id", ""),
        ("command", {"type": "Roll"}),
        ("command", {"type": "Fly", "data": {}}),
        ("command", {"type": "Roll", "data": {"bonus": "yes"}}),
        ("command", {"type": "Roll", "data": {"bonus": False}, "x": 1}),
        ("command", []),
        ("chance", {"from": -1, "used": 0, "mode": "server"}),
        ("chance", {"from": 0, "used": "1", "mode": "server"}),
        ("chance", {"from": 0, "used": 1, "mode": "table", "entries": [1]}),
        ("chance", {"from": 0, "used": 1}),
        ("chance", []),
        ("data", {}),
        ("data", {"seat": 0, "value": "six"}),
        ("data", {"seat": 0, "value": 6, "extra": 1}),
        ("data", {"seat": [0], "value": 6}),
        ("data", None),
        ("data", deep_list(40)),
    ]
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(line=st.integers(min_value=1), poison=POISONS)
def test_hypothesis_poisoned_files_end_in_taxonomy_errors(
    shared: GameService, line: int, poison: tuple[str, Any]
) -> None:
    rows = _rows(_golden())
    at = 1 + line % (len(rows) - 2)  # a record line
    key, value = poison
    if rows[at].get(key) == value:
        return
    rows[at] = {**rows[at], key: value}
    _refused(shared, _resealed_text(rows))


def _bad_row(svc: GameService) -> str:
    """A record row written straight into the database whose time cannot be decoded."""
    gid = str(uuid.uuid4())
    event = StoredRecord(
        originator_id=uuid.UUID(gid),
        originator_version=1,
        timestamp=datetime.now().astimezone(),
        type="skald.GameCreated",
        seat=None,
        command_id="setup",
        data={},
        command=None,
        chance=None,
        prev_hash=GENESIS,
        hash="",
    )
    stored = svc.store.mapper.to_stored_event(event)
    state = stored.state.replace(json.dumps(event.timestamp.isoformat()).encode(), b'"not-a-time"')
    assert state != stored.state
    svc.store.recorder.insert_events(
        [stored.__class__(stored.originator_id, 1, stored.topic, state)]
    )
    return gid


def test_one_unreadable_row_never_breaks_queries_about_other_games(tmp_path: Any) -> None:
    db = str(tmp_path / "s.db")
    svc = GameService(EventStore(db), registry())
    good = svc.create(CreateGame("toy", 2, seed=b"good")).game_id
    bad = _bad_row(svc)
    later = svc.create(CreateGame("toy", 2, seed=b"later")).game_id
    svc.submit(SubmitMove(later, 0, Roll(), who=OPERATOR))
    _still_works(svc, [good, later])
    skipped = svc.repo.index.unreadable
    assert [u.game_id for u in skipped] == [bad] and "not-a-time" in skipped[0].reason
    with pytest.raises(Tampered):  # the damaged game itself is a typed error, not a crash
        svc.load(bad)
    svc.store.close()
    again = GameService(EventStore(db), registry())  # a restart rebuilds the index
    _still_works(again, [good, later])
    assert again.rebuild_index() == 2
    again.store.close()

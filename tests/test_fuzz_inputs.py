"""Bad input never crashes: random bytes as a replay file, random JSON as a command, random
field values in a typed command, and replay files with any key of the header, a record or the
trailer removed or changed (with the hash chain recomputed, as a forger would) all end in the
taxonomy's errors (:class:`SkaldError`), nothing else — in the loader, ``verify``, ``import``,
the offline fold (``skald replay``) and ``diff``."""

from __future__ import annotations

import contextlib
import json
from functools import cache
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from skald.domain.kernel.codec import from_data
from skald.domain.kernel.errors import SkaldError
from skald.service.app.audit import diff
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ExportGame, ImportGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.contract import wire
from skald.service.model.auth import OPERATOR
from skald.service.model.folding import fold_records
from skald.service.model.records import GENESIS, Record
from skald.service.model.verify import verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests.toy_game import Roll


@cache
def _toy_replays() -> tuple[str, str]:
    """(a finished toy game, a running one) as replay-file text."""
    svc = GameService(EventStore(":memory:"), registry())
    try:
        done = svc.create(CreateGame("toy", 2, seed=b"fuzz")).game_id
        for turn in range(6):
            svc.submit(SubmitMove(done, turn % 2, Roll(), who=OPERATOR))
        running = svc.create(CreateGame("toy", 3, seed=b"fuzz-running")).game_id
        svc.submit(SubmitMove(running, 0, Roll(), who=OPERATOR))
        return svc.export(ExportGame(done, who=OPERATOR)), svc.export(
            ExportGame(running, who=OPERATOR)
        )
    finally:
        svc.store.close()


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_are_not_a_replay(raw: bytes) -> None:
    try:
        replay_file.load_bytes(raw)
    except SkaldError:
        return
    raise AssertionError("random bytes parsed as a replay file")


@settings(max_examples=150, deadline=None)
@given(st.booleans(), st.integers(min_value=0), st.binary(min_size=1, max_size=6))
def test_spliced_replays_fail_with_a_taxonomy_error(finished: bool, at: int, junk: bytes) -> None:
    golden = _toy_replays()[0 if finished else 1].encode()
    at %= len(golden)
    damaged = golden[:at] + junk + golden[at + len(junk) :]
    if damaged == golden:
        return
    try:
        parsed = replay_file.load_bytes(damaged)
    except SkaldError:
        return
    assert not verify(parsed.records, parsed.seeds).ok


def _reseal(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chain recomputed over the (edited) record lines and the trailer's count and last
    hash updated: what a forger does so that only deeper checks can catch the edit."""
    out, prev = [rows[0]], GENESIS
    for row in rows[1:-1]:
        try:
            sealed = Record.from_json(row).sealed(prev)
        except SkaldError:
            out.append(row)  # not a record any more: the loader must refuse it
            continue
        out.append(sealed.to_json())
        prev = sealed.hash
    out.append({**rows[-1], "records": len(rows) - 2, "last_hash": prev})
    return out


def _nudge(value: Any, replacement: Any) -> Any:
    """A value of the same type, changed a little (the edits only deep checks can catch)."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value[:-1] if value else "x"
    if isinstance(value, list):
        return value[:-1]
    return replacement


def _mutate(obj: Any, path: list[int], action: int, value: Any) -> Any:
    """``obj`` with one key removed (action 0), one value replaced (1) or nudged (2), chosen
    by ``path`` (indices into sorted keys / list items, walking down as far as it goes)."""
    if isinstance(obj, dict) and obj:
        key = sorted(obj)[path[0] % len(obj)] if path else None
        if key is not None and len(path) > 1 and isinstance(obj[key], dict | list) and obj[key]:
            return {**obj, key: _mutate(obj[key], path[1:], action, value)}
        key = key if key is not None else sorted(obj)[0]
        if action == 0:
            return {k: v for k, v in obj.items() if k != key}
        return {**obj, key: _nudge(obj[key], value) if action == 2 else value}
    if isinstance(obj, list) and obj:
        i = path[0] % len(obj) if path else 0
        return [*obj[:i], _mutate(obj[i], path[1:], action, value), *obj[i + 1 :]]
    return _nudge(obj, value) if action == 2 else value


def _refused_or_handled(text: str) -> None:
    """Every reader of a replay file ends in a SkaldError or a report, never a traceback; an
    import succeeds only for a file that loads and verifies."""
    try:
        parsed = replay_file.loads(text.split("\n"))
    except SkaldError:
        parsed = None
    if parsed is not None:
        report = verify(parsed.records, parsed.seeds)  # returns a report, never raises
        for offline in (
            lambda: fold_records(parsed.records),
            lambda: diff(parsed.records, parsed.records),
        ):
            with contextlib.suppress(SkaldError):
                offline()
    svc = GameService(EventStore(":memory:"), registry())
    try:
        try:
            _, imported = svc.import_text(ImportGame(text))
        except SkaldError:
            return
        assert parsed is not None and report.ok and imported.ok
    finally:
        svc.store.close()


@settings(max_examples=200, deadline=None)
@given(
    finished=st.booleans(),
    line=st.integers(min_value=0),
    path=st.lists(st.integers(min_value=0, max_value=50), min_size=1, max_size=5),
    action=st.integers(min_value=0, max_value=2),
    value=json_values,
    reseal=st.booleans(),
)
def test_replay_files_with_keys_removed_or_changed_end_in_taxonomy_errors(
    finished: bool, line: int, path: list[int], action: int, value: Any, reseal: bool
) -> None:
    text = _toy_replays()[0 if finished else 1]
    rows = [json.loads(x) for x in text.splitlines()]
    at = line % len(rows)
    rows[at] = _mutate(rows[at], path, action, value)
    if reseal:
        rows = _reseal(rows)
    edited = "".join(json.dumps(r, sort_keys=True, ensure_ascii=False) + "\n" for r in rows)
    if edited == text:
        return
    _refused_or_handled(edited)
    if not reseal:  # every byte is bound: an edit nobody re-hashed is always refused
        try:
            parsed = replay_file.loads(edited.split("\n"))
        except SkaldError:
            return
        assert not verify(parsed.records, parsed.seeds).ok


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["red_north", "brian_boru"]), json_values)
def test_random_json_commands_are_refused_cleanly(game: str, value: object) -> None:
    rules = registry().rules(game)
    try:
        command = wire.command_from_json(rules, json.dumps(value))
    except SkaldError:
        return
    assert type(command) in rules.commands.values()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["red_north", "brian_boru"]), st.data())
def test_random_fields_for_every_command_are_refused_or_typed(
    game: str, data: st.DataObject
) -> None:
    rules = registry().rules(game)
    name = data.draw(st.sampled_from(sorted(rules.commands)))
    fields = data.draw(
        st.dictionaries(
            st.sampled_from([*rules.commands[name].__dataclass_fields__, "x"]),
            json_values,
            max_size=4,
        )
    )
    try:
        command = from_data(rules.commands[name], fields)
    except SkaldError:
        return
    assert type(command).__name__ == name


def test_a_first_record_without_rules_version_is_refused_everywhere() -> None:
    """The hypothesis-found failure: ``KeyError: 'rules_version'`` in the loader once the first
    record lost a key; resealed so that only the typed read of ``GameCreated`` can catch it."""
    rows = [json.loads(x) for x in _toy_replays()[0].splitlines()]
    del rows[1]["data"]["rules_version"]
    text = "".join(json.dumps(r, sort_keys=True) + "\n" for r in _reseal(rows))
    try:
        replay_file.loads(text.split("\n"))
    except SkaldError as error:
        assert error.rule == "replay/bad-record" and "rules_version" in error.reason
    else:
        raise AssertionError("a GameCreated without rules_version was read")
    records = [Record.from_json(r) for r in _reseal(rows)[1:-1]]
    report = verify(records)
    assert not report.ok and report.first_bad == 1 and "rules_version" in report.problem
    _refused_or_handled(text)

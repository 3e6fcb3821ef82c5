"""The breaking-change check: the generated protos keep every number the lock gave, and the
checker itself fails on a renumbered field, a changed type, a removal without ``reserved`` and a
reused reserved number, while a removal the generator reserves passes."""

from __future__ import annotations

import re
import shutil
from dataclasses import dataclass, make_dataclass
from pathlib import Path
from types import SimpleNamespace

import pytest

from skald.service.contract import protogen, protolock


def _generate(tmp: Path) -> tuple[Path, Path]:
    lock = tmp / "skald.lock.json"
    shutil.copy(protogen.LOCK, lock)
    protogen.generate(tmp / "protos", tmp / "gen", lock)
    return tmp / "protos", lock


def test_generated_protos_keep_every_locked_number(tmp_path: Path) -> None:
    protos, lock = _generate(tmp_path)
    new = protolock.contract(protolock.descriptor_set(protos))
    committed = protolock.load_lock(protogen.LOCK)
    assert protolock.breaking_changes(protolock.lock_contract(committed), new) == []
    assert lock.read_text() == protogen.LOCK.read_text(), (
        "the lock is stale: run python -m skald.service.contract.protogen"
    )


def test_committed_protos_are_compatible_with_the_generated_ones(tmp_path: Path) -> None:
    protos, _ = _generate(tmp_path)
    committed = protolock.contract(protolock.descriptor_set(protogen.PROTO_DIR))
    fresh = protolock.contract(protolock.descriptor_set(protos))
    assert protolock.breaking_changes(committed, fresh) == []
    assert {"skald.v1.GameEvent", "skald.red_north.v1.AnyCommand"} <= set(committed["messages"])


def _edited(tmp: Path, rel: str, old: str, new: str) -> protolock.Contract:
    copy = tmp / "edited"
    shutil.copytree(protogen.PROTO_DIR, copy)
    path = copy / rel
    text = path.read_text()
    assert re.search(old, text, flags=re.M), old
    path.write_text(re.sub(old, new, text, count=1, flags=re.M))
    return protolock.contract(protolock.descriptor_set(copy))


def test_the_checker_fails_on_a_renumbered_field(tmp_path: Path) -> None:
    committed = protolock.contract(protolock.descriptor_set(protogen.PROTO_DIR))
    number = committed["messages"]["skald.v1.GameEvent"]["fields"]["hash"]["number"]
    edited = _edited(
        tmp_path, "skald/v1/skald.proto", rf"^  string hash = {number};", "  string hash = 99;"
    )
    problems = protolock.breaking_changes(committed, edited)
    assert f"skald.v1.GameEvent.hash: renumbered from {number} to 99" in problems
    assert f"skald.v1.GameEvent.hash = {number}: removed without `reserved {number}`" in problems
    locked = protolock.lock_contract(protolock.load_lock(protogen.LOCK))
    assert protolock.breaking_changes(locked, edited)


def test_the_checker_fails_on_a_changed_type_and_a_renumbered_enum_value(tmp_path: Path) -> None:
    committed = protolock.contract(protolock.descriptor_set(protogen.PROTO_DIR))
    edited = _edited(
        tmp_path, "skald/v1/skald.proto", r"^  (optional )?int32 seat = 3;", r"  string seat = 3;"
    )
    assert any(
        "GameEvent.seat = 3: type changed" in p
        for p in protolock.breaking_changes(committed, edited)
    )
    again = _edited(
        tmp_path / "2", "skald/v1/skald.proto", r"CHANCE_MODE_TABLE = 2;", "CHANCE_MODE_TABLE = 7;"
    )
    assert "skald.v1.ChanceMode.CHANCE_MODE_TABLE: renumbered from 2 to 7" in (
        protolock.breaking_changes(committed, again)
    )


def test_the_generator_refuses_a_break_and_writes_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    template = protogen.SERVICE_TEMPLATE()
    assert "  string hash = 10;" in template
    renumbered = template.replace("  string hash = 10;", "  string hash = 13;")
    monkeypatch.setattr(protogen, "SERVICE_TEMPLATE", lambda: renumbered)
    lock = tmp_path / "skald.lock.json"
    shutil.copy(protogen.LOCK, lock)
    with pytest.raises(SystemExit) as refused:
        protogen.generate(tmp_path / "protos", tmp_path / "gen", lock)
    assert "skald.v1.GameEvent.hash: renumbered from 10 to 13" in str(refused.value)
    assert not (tmp_path / "protos").exists() and not (tmp_path / "gen").exists()
    assert lock.read_text() == protogen.LOCK.read_text()


# ---------------------------------------------------------------- a field removed by the generator


@dataclass(frozen=True, slots=True)
class Ping:
    """A toy command."""

    seat: int


@dataclass(frozen=True, slots=True)
class ToyView:
    """What a seat sees."""

    pings: int


PINGED_BEFORE = make_dataclass(
    "Pinged", [("seat", int), ("note", str), ("loud", bool)], frozen=True
)
PINGED_AFTER = make_dataclass(
    "Pinged", [("seat", int), ("loud", bool), ("volume", int)], frozen=True
)
"""A toy event before and after its ``note`` field was removed and ``volume`` added."""
EMPTY: protolock.Contract = {"messages": {}, "enums": {}}


def _toy_proto(event: type, lock: protolock.Contract) -> str:
    rules = SimpleNamespace(
        name="toy", title="Toy", commands={"Ping": Ping}, events={"Pinged": event}, views=(ToyView,)
    )
    return protogen.game_proto(rules, lock)


def _publish(tmp: Path, text: str) -> protolock.Contract:
    path = tmp / "skald" / "toy" / "v1" / "toy.proto"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return protolock.contract(protolock.descriptor_set(tmp))


def test_a_removed_field_is_reserved_and_stays_in_the_lock(tmp_path: Path) -> None:
    before = _publish(tmp_path / "before", _toy_proto(PINGED_BEFORE, EMPTY))
    lock = protolock.extend_lock(EMPTY, before)
    assert lock["messages"]["skald.toy.v1.Pinged"]["note"]["number"] == 2

    text = _toy_proto(PINGED_AFTER, lock)
    block = text[text.index("message Pinged {") :].split("}", 1)[0]
    assert "  reserved 2;" in block and '  reserved "note";' in block
    assert "int32 volume = 4;" in block, "a new field takes the next free number, never 2"
    after = _publish(tmp_path / "after", text)
    assert protolock.breaking_changes(before, after) == []
    assert protolock.breaking_changes(protolock.lock_contract(lock), after) == []
    relocked = protolock.extend_lock(lock, after)
    note = relocked["messages"]["skald.toy.v1.Pinged"]["note"]
    assert note == {**lock["messages"]["skald.toy.v1.Pinged"]["note"], "removed": True}
    assert _toy_proto(PINGED_AFTER, relocked) == text, "regenerating changes nothing"

    # The name may come back with its old number and type, but not with another type.
    revived = _publish(tmp_path / "revived", _toy_proto(PINGED_BEFORE, relocked))
    assert protolock.breaking_changes(protolock.lock_contract(relocked, revived), revived) == []
    assert revived["messages"]["skald.toy.v1.Pinged"]["fields"]["note"]["number"] == 2
    retyped = make_dataclass("Pinged", [("seat", int), ("note", int), ("loud", bool)])
    wrong = _publish(tmp_path / "retyped", _toy_proto(retyped, relocked))
    problems = protolock.breaking_changes(protolock.lock_contract(relocked, wrong), wrong)
    assert "skald.toy.v1.Pinged.note = 2: type changed from 'string' to 'int32'" in problems


def test_the_checker_fails_on_removal_without_reservation_and_on_reuse(tmp_path: Path) -> None:
    before = _publish(tmp_path / "before", _toy_proto(PINGED_BEFORE, EMPTY))
    lock = protolock.extend_lock(EMPTY, before)
    text = _toy_proto(PINGED_AFTER, lock)
    unreserved = text.replace("  reserved 2;\n", "").replace('  reserved "note";\n', "")
    bare = _publish(tmp_path / "bare", unreserved)
    problems = protolock.breaking_changes(before, bare)
    assert "skald.toy.v1.Pinged.note = 2: removed without `reserved 2`" in problems
    assert 'skald.toy.v1.Pinged.note: removed without `reserved "note"`' in problems

    relocked = protolock.extend_lock(lock, _publish(tmp_path / "after", text))
    reused = _publish(tmp_path / "reused", unreserved.replace("volume = 4;", "volume = 2;"))
    problems = protolock.breaking_changes(protolock.lock_contract(relocked), reused)
    assert "skald.toy.v1.Pinged: reserved number 2 is reused" in problems
    assert "skald.toy.v1.Pinged.volume: renumbered from 4 to 2" in problems

"""The event store on real databases: records go through the library's mapper and recorder,
the bytes stored are exactly the stock ``eventsourcing`` format (so a stock application reads
our stores and we read its), timestamps survive exactly, and a configured compressor applies
to every record."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest
from eventsourcing.persistence import (
    DatetimeAsISO,
    DecimalAsStr,
    JSONTranscoder,
    Mapper,
    UUIDAsHex,
)

from skald.domain.kernel.records import SeedReveal
from skald.service.model.errors import Stale
from skald.service.model.records import GENESIS, Record
from skald.service.store.event_store import EventStore, Secret


def _stock_mapper() -> Mapper:  # type: ignore[type-arg]
    """The mapper a stock ``eventsourcing.Application`` builds (its default transcodings)."""
    transcoder = JSONTranscoder()
    for transcoding in (UUIDAsHex(), DecimalAsStr(), DatetimeAsISO()):
        transcoder.register(transcoding)
    return Mapper(transcoder=transcoder)


def _records() -> list[Record]:
    """Every shape a record takes: a kernel record (no seat), nested data with non-ASCII text,
    a command, table chance with entries (numbers and orders)."""
    out = [
        Record(
            1,
            "skald.GameCreated",
            None,
            "setup",
            {"game": "toy", "nested": {"a": [1, {"b": None}]}},
        ),
        Record(2, "Dealt", None, "setup", {"seat": 0, "card": "Ælfgifu’s ring ✓"}),
        Record(
            3,
            "Rolled",
            1,
            "c-1",
            {"seat": 1, "value": 6},
            {"type": "Roll", "data": {"bonus": False}},
            {"from": 0, "used": 2, "mode": "table", "entries": [4, ["c2", "c1"]]},
        ),
    ]
    sealed, prev = [], GENESIS
    for r in out:
        sealed.append(r.sealed(prev))
        prev = sealed[-1].hash
    return sealed


@pytest.fixture
def store(db_url: str) -> Iterator[EventStore]:
    s = EventStore(db_url)
    yield s
    s.close()


def test_records_round_trip_exactly(store: EventStore) -> None:
    gid = str(uuid.uuid4())
    records = _records()
    store.append(gid, records)
    back = store.read(gid)
    assert back == records and [r.at for r in back] == [r.at for r in records]
    assert all(r.digest() == r.hash for r in back)  # the hash still binds what was read
    assert store.read(gid, after=1, upto=2) == records[1:2]
    assert [(g, r) for _, g, r in store.scan()] == [(gid, r) for r in records]


def test_stored_bytes_are_the_stock_library_format(store: EventStore) -> None:
    gid = str(uuid.uuid4())
    store.append(gid, _records())
    stock = _stock_mapper()
    oid = uuid.UUID(gid)
    stored = list(store.recorder.select_events(oid))
    assert len(stored) == 3
    for event, raw in zip(store.events.get(oid), stored, strict=True):
        assert stock.to_stored_event(event) == raw  # what a stock application would write
        assert vars(stock.to_domain_event(raw)) == vars(event)  # and how it would read it
        assert store.mapper.transcoder.decode(raw.state) == stock.transcoder.decode(raw.state)


def test_a_version_taken_refuses_the_whole_batch(store: EventStore) -> None:
    gid = str(uuid.uuid4())
    first, second, third = _records()
    store.append(gid, [first, second])
    with pytest.raises(Stale):
        store.append(gid, [third, second])  # version 2 is taken: version 3 is not written
    assert [r.version for r in store.read(gid)] == [1, 2]


def test_secrets_stay_out_of_the_game_stream(store: EventStore) -> None:
    gid = str(uuid.uuid4())
    secret = Secret((SeedReveal(0, gid, "ab" * 32),), ("h1", "h2"), "ref")
    store.put_secret(gid, secret)
    store.append(gid, _records()[:1])
    assert store.get_secret(gid) == secret
    assert [r.type for _, _, r in store.scan()] == ["skald.GameCreated"]
    assert "ab" * 32 not in json.dumps([r.to_json() for r in store.read(gid)])


def test_a_configured_compressor_applies_to_every_record(
    tmp_path: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COMPRESSOR_TOPIC", "eventsourcing.compressor:ZlibCompressor")
    store = EventStore(str(tmp_path / "zlib.db"))  # type: ignore[operator]
    try:
        gid = str(uuid.uuid4())
        records = _records()
        store.append(gid, records)
        raw = list(store.recorder.select_events(uuid.UUID(gid)))
        with pytest.raises(UnicodeDecodeError):
            raw[0].state.decode()  # compressed, not JSON
        assert store.read(gid) == records
        assert [r for _, _, r in store.scan()] == records
    finally:
        store.close()


def test_timestamps_are_kept_to_the_microsecond(store: EventStore) -> None:
    gid = str(uuid.uuid4())
    at = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC).isoformat()  # no fraction: isoformat omits it
    record = Record(1, "skald.GameCreated", None, "setup", {}).sealed(GENESIS, at)
    store.append(gid, [record])
    assert store.read(gid)[0].at == at and store.read(gid)[0].hash == record.hash

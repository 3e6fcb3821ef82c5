"""Stored topics are a promise: the classes moved into ``skald.service.store.event_store`` (issue
25) and still write and read the names the first stores were written under."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from eventsourcing.utils import get_topic, resolve_topic

from skald.service.store import event_store
from skald.service.store.event_store import (
    DisputeRecorded,
    HeadMoved,
    SecretRecorded,
    ServerKeyRecorded,
    StoredRecord,
)
from tests.e2e_helpers import invoke_skald

STORED = (HeadMoved, StoredRecord, SecretRecorded, DisputeRecorded, ServerKeyRecorded)


def test_each_stored_class_keeps_its_first_topic_both_ways() -> None:
    for cls in STORED:
        topic = f"service.store:{cls.__qualname__}"
        assert get_topic(cls) == topic
        assert resolve_topic(topic) is cls
    assert event_store.STORED_MODULE == "service.store"


def test_a_new_store_writes_the_old_topics(tmp_path: Path) -> None:
    db = tmp_path / "skald.db"
    assert invoke_skald(["new", "red-north", "--players", "2", "--db", str(db)]).code == 0
    with sqlite3.connect(db) as conn:
        topics = {row[0] for row in conn.execute("SELECT DISTINCT topic FROM stored_events")}
    assert topics == {
        "service.store:HeadMoved",
        "service.store:StoredRecord",
        "service.store:SecretRecorded",
    }

"""PostgreSQL sessions of the store plan without parallel workers (``skald.service.store.event_store``'s
``_serial_plans``): a fresh process's first reads of a large, recently filled log cost what
they cost on an empty one (``benchmarks/index.py``), and an operator's own ``PGOPTIONS`` stay."""

from __future__ import annotations

import pytest

from skald.service.store.event_store import EventStore

pytestmark = pytest.mark.postgres


def _setting(store: EventStore, name: str) -> str:
    with store.recorder.datastore.transaction(commit=False) as cursor:  # type: ignore[attr-defined]
        cursor.execute(f"SHOW {name}")
        return str(cursor.fetchone()[name])


def test_sessions_plan_serially_and_keep_the_operators_options(
    pg_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("PGOPTIONS", "-c statement_timeout=12345")
    store = EventStore(pg_url)
    try:
        assert _setting(store, "max_parallel_workers_per_gather") == "0"
        assert _setting(store, "statement_timeout") == "12345ms"
    finally:
        store.close()

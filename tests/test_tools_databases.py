"""Tools and benchmarks never default to the shared database ``test`` (issue 27): each run makes a
database of its own (``tools/loadtest/databases.py``) and drops it, however it ends; nothing
under ``tools/`` or ``benchmarks/`` names ``test`` as a default. No load runs here."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlparse

import pytest

from skald.tools.loadtest import databases

ROOT = Path(__file__).resolve().parents[1]


def test_default_urls_name_no_shared_database() -> None:
    from skald.benchmarks import index, reads, store_writers
    from skald.tools.loadtest import harness

    server = urlparse(databases.SERVER_URL)
    assert server.path.lstrip("/") != "test"
    name = databases.fresh_name("loadtest")
    assert re.fullmatch(r"skald_loadtest_[0-9a-f]{10}", name)
    assert name != databases.fresh_name("loadtest")
    url = databases.database_url("postgresql://u@h:5433/postgres?schema=x", name)
    assert url == f"postgresql://u@h:5433/{name}"
    for default in (harness.PG_URL, index.PG, reads.PG, store_writers.PG_URL):
        assert default is None or urlparse(default).path.lstrip("/") != "test"


def test_only_made_databases_are_dropped() -> None:
    for url in ("postgresql://postgres@127.0.0.1:5432/test", "postgresql://p@h/postgres"):
        with pytest.raises(ValueError):
            databases.drop(url)
    with pytest.raises(ValueError):
        databases.fresh_name("Bad-Name")


def test_nothing_under_tools_or_benchmarks_defaults_to_test() -> None:
    named = re.compile(r"postgres(?:ql)?://[^\s\"'`]*/test\b")
    found = [
        f"{path.relative_to(ROOT)}:{n}"
        for folder in ("tools", "benchmarks")
        for path in sorted((ROOT / folder).rglob("*.py"))
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if named.search(line) or "SKALD_TEST_PG" in line
    ]
    assert found == []


@pytest.mark.postgres
def test_own_database_exists_during_and_is_gone_after() -> None:
    problem = databases.reachable()
    if problem is not None:
        pytest.skip(f"PostgreSQL unreachable: {problem}")
    with databases.own_database("probe") as url:
        assert urlparse(url).path.startswith("/skald_probe_")
        assert databases.exists(url)
        from skald.service.store.check import connect
        from skald.service.store.event_store import settings_for

        left_open = connect(settings_for(url))  # as a killed server's would be
    assert not databases.exists(url)
    left_open.close()


@pytest.mark.postgres
def test_own_database_is_dropped_on_failure_and_interrupt() -> None:
    problem = databases.reachable()
    if problem is not None:
        pytest.skip(f"PostgreSQL unreachable: {problem}")
    seen: list[str] = []
    for raised in (RuntimeError("load failed"), KeyboardInterrupt()):
        with pytest.raises(type(raised)), databases.own_database("probe") as url:
            seen.append(url)
            assert databases.exists(url)
            raise raised
    assert len(set(seen)) == 2
    assert not any(databases.exists(url) for url in seen)


def test_given_url_is_used_as_it_is() -> None:
    given = "postgresql://postgres@127.0.0.1:5432/mine"
    with databases.given_or_own(given, "probe") as url:
        assert url == given

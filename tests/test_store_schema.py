"""``--db postgresql://…?schema=NAME``: NAME is a plain SQL identifier, checked before anything
is created (``store/bad-schema``, one line); a good one still works. The library writes the name
into its SQL unquoted in places, so ``a;b`` used to be created as a schema and then fail in a
syntax error, leaving the empty schema behind (and ``Mixed`` failed at the first write)."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from urllib.parse import quote

import pytest

from skald.service.store.check import StoreUnavailable
from skald.service.store.event_store import settings_for
from tests.conftest import PG_URL, _drop_schema
from tests.e2e_helpers import invoke_skald

BAD = [
    "a;b",
    "skald_x; DROP TABLE y; --",
    "two words",
    "1starts_with_a_digit",
    "with-hyphen",
    "dotted.name",
    'quo"te',
    "ünïcode",
    "Mixed_Case",
    "pg_reserved",
    "n" * 64,
]


def _url(schema: str) -> str:
    return f"{PG_URL}?schema={quote(schema, safe='')}"


def _schemas_named(*names: str) -> list[str]:
    import psycopg

    with psycopg.connect(PG_URL, autocommit=True) as conn:
        rows = conn.execute(
            "SELECT nspname FROM pg_namespace WHERE nspname = ANY(%s)", (list(names),)
        ).fetchall()
    return [row[0] for row in rows]


@pytest.mark.parametrize("name", BAD)
def test_a_bad_schema_name_is_refused_before_the_store_is_opened(name: str) -> None:
    with pytest.raises(StoreUnavailable) as refused:
        settings_for(_url(name))
    assert refused.value.rule == "store/bad-schema"
    assert "plain SQL identifier" in refused.value.reason


@pytest.mark.parametrize("name", ["skald", "lower_case_1", "_leading", "n" * 63])
def test_a_plain_identifier_is_kept(name: str) -> None:
    assert settings_for(_url(name))["POSTGRES_SCHEMA"] == name


def _refused(*args: str, code: int = 1) -> dict[str, str]:
    run = invoke_skald([*args, "--json"])
    assert run.code == code, run.stdout
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error "), run.stderr
    error: dict[str, str] = json.loads(run.stdout)["error"]
    return error


@pytest.mark.postgres
@pytest.mark.parametrize("name", ["skald_bad;schema", "1skald_digit", "skald bad", "Skald_Mixed"])
def test_the_cli_refuses_a_bad_schema_in_one_line_and_creates_nothing(name: str) -> None:
    for args in (["games"], ["new", "red-north", "-p", "2"]):
        error = _refused(*args, "--db", _url(name))
        assert error["rule"] == "store/bad-schema" and error["kind"] == "unavailable"
        assert repr(name) in error["reason"]
    error = _refused("serve", "--open", "--port", "0", "--db", _url(name), code=2)
    assert error["rule"] == "store/bad-schema"
    assert _schemas_named(name) == []


@pytest.fixture
def fresh_schema() -> Iterator[str]:
    name = f"skald_test_{uuid.uuid4().hex[:12]}"
    yield name
    _drop_schema(name)


@pytest.mark.postgres
def test_a_good_schema_name_still_works(fresh_schema: str) -> None:
    run = invoke_skald(["new", "red-north", "-p", "2", "--db", _url(fresh_schema), "--json"])
    assert run.code == 0, run.stderr
    game_id = json.loads(run.stdout)["game_id"]
    assert _schemas_named(fresh_schema) == [fresh_schema]
    listed = invoke_skald(["games", "--db", _url(fresh_schema), "--json"])
    assert listed.code == 0, listed.stderr
    assert game_id in listed.stdout

"""Service-side refusals an audit found missing (the CLI had covered for some): fork advice
that named a version it then refused, a PostgreSQL URL whose port is not a port, JSON moves
nested past the parser, and table entries sent to a game that draws its own chance."""

from __future__ import annotations

from pathlib import Path

import pytest

from skald.domain.kernel.errors import Malformed
from skald.service.app.requests import (
    CheckCommand,
    CreateGame,
    ForkGame,
    ListGames,
    ListLegal,
    WatchGame,
)
from skald.service.bootstrap import open_service, registry
from skald.service.contract.wire import command_from_json
from skald.service.model.auth import Principal
from skald.service.store.check import StoreUnavailable
from skald.service.store.event_store import settings_for


def test_advice_names_only_versions_that_are_accepted(tmp_path: Path) -> None:
    svc = open_service(str(tmp_path / "s.db"))
    created = svc.create(CreateGame("red_north", 2, seed=b"edges"))
    gid, operator = created.game_id, Principal("operator")
    setup_end = svc.load(gid).batches["setup"][1]
    with pytest.raises(Malformed) as inside_setup:
        svc.fork(ForkGame(gid, 2, who=operator))
    assert f"version ≥ {setup_end}" in inside_setup.value.reason
    assert svc.fork(ForkGame(gid, setup_end, who=operator)).version == setup_end
    with pytest.raises(Malformed) as checked:  # a check inside setup: 1 or its end
        svc.check(
            CheckCommand(
                gid, 2, 0, svc.legal(ListLegal(gid, 0, who=operator)).commands[0], who=operator
            )
        )
    assert f"use 1 or {setup_end}" in checked.value.reason
    svc.store.close()


@pytest.mark.parametrize("port", ["99999", "x1", "-5"])
def test_a_postgres_url_whose_port_is_no_port_is_one_line(port: str) -> None:
    with pytest.raises(StoreUnavailable) as refused:
        settings_for(f"postgresql://postgres@127.0.0.1:{port}/test")
    assert refused.value.rule == "store/bad-url"


def test_json_nested_past_the_parser_is_bad_json() -> None:
    rules = registry().rules("red_north")
    with pytest.raises(Malformed) as deep:
        command_from_json(rules, '{"a":' * 10_000)
    assert deep.value.rule == "command/bad-json"


def test_table_entries_for_a_server_chance_game_are_refused(tmp_path: Path) -> None:
    svc = open_service(str(tmp_path / "s.db"))
    with pytest.raises(Malformed) as refused:
        svc.create(CreateGame("red_north", 2, chance="server", table_entries=[1]))
    assert refused.value.rule == "chance/not-table"
    assert svc.list_games(ListGames()) == []
    svc.store.close()


def test_a_local_watch_after_the_games_version_is_refused(tmp_path: Path) -> None:
    """As WatchGame: every record, the end included, is at or before such a version, so the
    watch waited for good."""
    svc = open_service(str(tmp_path / "w.db"))
    gid = svc.create(CreateGame("red_north", 2)).game_id
    head = svc.load(gid).version
    with pytest.raises(Malformed) as refused:
        next(iter(svc.watch(WatchGame(gid, head + 5, who=Principal("referee")))))
    assert refused.value.rule == "version/out-of-range"
    assert f"version {head}" in refused.value.reason
    svc.store.close()

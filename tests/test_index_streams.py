"""Which running games may share a seed, found by public chance stream (the games index's
``skald_game_streams``): a game's end reads the secrets of those few, not of every running game.

A random seed's stream is the id of the game that drew it, so only that game's unreseeded forks
(and reseeded ones, for the prefix they keep) draw from it; every chosen seed is the stream
``chosen``. An index from before the table is built again once when the store opens.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import pytest

from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ForkGame
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.store.event_store import EventStore
from tests.test_secrets_seeds import finish


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "streams.db")


@pytest.fixture
def svc(db: str) -> Iterator[GameService]:
    store = EventStore(db)
    yield GameService(store, registry())
    store.close()


def _family(svc: GameService) -> dict[str, str]:
    games = {
        "a": svc.create(CreateGame("red_north", 2)).game_id,
        "lone": svc.create(CreateGame("red_north", 3)).game_id,
    }
    at = svc.load(games["a"]).version
    games["fork"] = svc.fork(ForkGame(games["a"], at, reseed=False, who=OPERATOR)).game_id
    games["reseeded"] = svc.fork(ForkGame(games["a"], at, reseed=True, who=OPERATOR)).game_id
    games["chosen1"] = svc.create(CreateGame("red_north", 2, seed=b"table-7")).game_id
    games["chosen2"] = svc.create(CreateGame("brian_boru", 3, seed=b"other")).game_id
    return games


def test_sharing_is_the_games_of_a_common_stream(svc: GameService) -> None:
    g = _family(svc)
    assert svc.repo.sharing(g["a"]) == sorted([g["fork"], g["reseeded"]])
    assert svc.repo.sharing(g["fork"]) == sorted([g["a"], g["reseeded"]])
    assert svc.repo.sharing(g["lone"]) == []
    assert svc.repo.sharing(g["chosen1"]) == [g["chosen2"]]  # compared seed by seed after
    reseeded_streams = {s.stream for s in svc.load(g["reseeded"]).created.segments}
    assert reseeded_streams == {g["a"], g["reseeded"]}


def test_finished_games_share_nothing_and_an_end_reads_only_candidates(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    g = _family(svc)
    others = [svc.create(CreateGame("red_north", 2)).game_id for _ in range(20)]
    finish(svc, g["fork"])
    assert g["fork"] not in svc.repo.sharing(g["a"])
    fresh = GameService(EventStore(svc.store.target), registry())  # no secret cached
    read: list[str] = []
    original = fresh.store.get_secret

    def counted(game_id: str) -> object:
        read.append(game_id)
        return original(game_id)

    monkeypatch.setattr(fresh.store, "get_secret", counted)
    ended = finish(fresh, g["a"], seed=3)
    assert g["reseeded"] in read and not set(others) & set(read)
    assert not {g["lone"], g["chosen1"], g["chosen2"]} & set(read)
    assert [s.withheld for s in ended.seeds] == [True]  # the reseeded fork keeps a's prefix
    fresh.store.close()


def test_an_index_from_before_the_streams_table_is_built_again_once(
    db: str, svc: GameService, caplog: pytest.LogCaptureFixture
) -> None:
    g = _family(svc)
    assert len(svc.repo.rows()) == len(g)  # indexed, streams and all
    datastore = svc.store.recorder.datastore
    with datastore.transaction(commit=True) as c:  # as a store indexed by an older release
        c.execute("DROP TABLE skald_game_streams")
        c.execute("DELETE FROM skald_index_position WHERE name = 'streams'")
    svc.store.close()
    with caplog.at_level(logging.WARNING, logger="skald.service.store.index"):
        reopened = GameService(EventStore(db), registry())
    assert any("built again once" in r.getMessage() for r in caplog.records)
    assert reopened.repo.sharing(g["a"]) == sorted([g["fork"], g["reseeded"]])
    assert len(reopened.repo.rows()) == len(g)
    reopened.store.close()
    caplog.clear()
    with caplog.at_level(logging.WARNING, logger="skald.service.store.index"):
        again = GameService(EventStore(db), registry())
    assert not any("built again" in r.getMessage() for r in caplog.records)
    assert again.repo.sharing(g["chosen2"]) == [g["chosen1"]]
    again.store.close()


def test_streams_on_postgresql(pg_url: str) -> None:
    store = EventStore(pg_url)
    svc = GameService(store, registry())
    g = _family(svc)
    assert svc.repo.sharing(g["a"]) == sorted([g["fork"], g["reseeded"]])
    assert svc.repo.sharing(g["lone"]) == []
    store.close()

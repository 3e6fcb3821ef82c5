"""The persisted games index: it survives restarts without a rebuild, pages, filters and sorts
by indexed columns, finds id prefixes by range, and two processes catching up at once agree.
Run on SQLite and PostgreSQL (the ``service`` fixture)."""

from __future__ import annotations

import threading
from typing import Any

import grpc
import pytest

from skald.domain.kernel.errors import Malformed
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ListGames, PageGames
from skald.service.bootstrap import registry
from skald.service.contract._generated.skald.v1 import skald_pb2 as pb
from skald.service.contract._generated.skald.v1 import skald_pb2_grpc as pb_grpc
from skald.service.grpc.server import create_server
from skald.service.model.errors import NotFound
from skald.service.store.event_store import EventStore
from skald.service.store.index import CATCH_UP_EVERY, GamesQuery
from tests.test_service import play_to_end


def _games(svc: GameService, n: int, players: int = 2) -> list[str]:
    return [svc.create(CreateGame("toy", players, seed=f"g{i}".encode())).game_id for i in range(n)]


def _all(svc: GameService, query: GamesQuery) -> list[str]:
    """Every id ``query`` selects, page after page."""
    ids: list[str] = []
    page = svc.games_page(PageGames(query))
    while True:
        ids += [row.game_id for row in page.rows]
        if not page.next_page_token:
            return ids
        page = svc.games_page(
            PageGames(GamesQuery(**{**_fields(query), "page_token": page.next_page_token}))
        )


def _fields(query: GamesQuery) -> dict[str, Any]:
    return {name: getattr(query, name) for name in GamesQuery.__slots__}


def test_the_index_is_kept_in_the_store_and_a_restart_reads_no_log(db_url: str) -> None:
    store = EventStore(db_url)
    svc = GameService(store, registry())
    ids = _games(svc, 3)
    assert [row.game_id for row in svc.list_games(ListGames())] == ids
    position = svc.repo.index.tables.position()
    store.close()
    again = EventStore(db_url)
    calls: list[int] = []
    page = again.log_page

    def counted(after: int, limit: int = 1000, sparse: bool = False) -> Any:
        calls.append(after)
        return page(after, limit, sparse)

    again.log_page = counted  # type: ignore[method-assign]
    restarted = GameService(again, registry())
    assert [row.game_id for row in restarted.list_games(ListGames())] == ids
    assert calls == [position]  # one look for anything newer, from the stored position
    again.close()


def test_pages_cover_every_game_once_in_order_and_tokens_are_checked(
    service: GameService,
) -> None:
    ids = _games(service, 7)
    first = service.games_page(PageGames(GamesQuery(page_size=3)))
    assert [row.game_id for row in first.rows] == ids[:3] and first.next_page_token
    assert _all(service, GamesQuery(page_size=3)) == ids
    assert _all(service, GamesQuery(page_size=2, order="-created")) == ids[::-1]
    assert service.games_page(PageGames(GamesQuery())).next_page_token == ""
    with pytest.raises(Malformed) as refused:
        service.games_page(PageGames(GamesQuery(page_token="not-a-token")))
    assert refused.value.rule == "games/bad-page-token"
    with pytest.raises(Malformed):  # a token of another order
        service.games_page(PageGames(GamesQuery(order="updated", page_token=first.next_page_token)))
    with pytest.raises(Malformed):
        service.games_page(PageGames(GamesQuery(order="sideways")))


def test_filters_by_game_status_players_and_creation_time(service: GameService) -> None:
    two = _games(service, 2)
    three = _games(service, 2, players=3)
    play_to_end(service, two[0])
    assert _all(service, GamesQuery(status="ended")) == [two[0]]
    assert _all(service, GamesQuery(status="running")) == [two[1], *three]
    assert _all(service, GamesQuery(players=3)) == three
    assert _all(service, GamesQuery(game="toy", players=2, status="running")) == [two[1]]
    assert _all(service, GamesQuery(game="red-north")) == []
    created = {row.game_id: row.created_at for row in service.list_games(ListGames())}
    since = created[three[0]]
    assert _all(service, GamesQuery(created_since=since)) == three
    assert _all(service, GamesQuery(created_before=since)) == two
    assert _all(service, GamesQuery(created_since="2000-01-01", created_before="2000-01-02")) == []
    with pytest.raises(Malformed):
        service.games_page(PageGames(GamesQuery(created_since="yesterday")))
    with pytest.raises(Malformed):
        service.games_page(PageGames(GamesQuery(status="paused")))


def test_updated_order_follows_the_last_record(service: GameService) -> None:
    a, b, c = _games(service, 3)
    play_to_end(service, a)
    assert _all(service, GamesQuery(order="-updated"))[0] == a
    assert _all(service, GamesQuery(order="updated")) == [b, c, a]
    row = {r.game_id: r for r in service.list_games(ListGames())}[a]
    assert row.updated_at > row.created_at and row.version == service.load(a).version


def test_prefix_lookup_is_a_range_and_names_ambiguity(service: GameService) -> None:
    ids = _games(service, 20)
    for gid in ids:
        assert service.resolve(gid[:8]) == gid
        assert service.resolve(gid[:8].upper()) == gid
    with pytest.raises(NotFound) as unknown:
        service.resolve("ffffffff-ffff")
    assert unknown.value.rule == "game/unknown"
    shared = {gid[:1] for gid in ids}
    common = next(p for p in sorted(shared) if sum(g.startswith(p) for g in ids) >= 2)
    with pytest.raises(NotFound):  # a single character is refused before any lookup
        service.resolve(common)


def test_two_processes_catching_up_at_once_agree(db_url: str) -> None:
    writer = GameService(EventStore(db_url), registry())
    ids = _games(writer, 5)
    for gid in ids[:2]:
        play_to_end(writer, gid)
    readers = [GameService(EventStore(db_url), registry()) for _ in range(3)]
    for reader in readers:
        reader.rebuild_index()
    ids += _games(writer, 3)
    seen: list[list[Any]] = []
    threads = [
        threading.Thread(
            target=lambda r=r: seen.append([x.to_json() for x in r.list_games(ListGames())])
        )
        for r in readers
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    expected = [row.to_json() for row in writer.list_games(ListGames())]
    assert [row["game_id"] for row in expected] == ids
    assert seen == [expected] * 3
    for svc in (writer, *readers):
        svc.store.close()


def test_a_writer_catches_up_as_it_goes(service: GameService) -> None:
    service.create(CreateGame("toy", 2, seed=b"w"))
    before = service.repo.index.tables.position()
    for _ in range(CATCH_UP_EVERY):  # every game created is one batch appended
        service.create(CreateGame("toy", 2))
    assert service.repo.index.tables.position() > before  # no query was made


def test_list_games_over_grpc_pages_and_filters(tmp_path: Any) -> None:
    svc = GameService(EventStore(str(tmp_path / "g.db")), registry())
    ids = _games(svc, 5)
    play_to_end(svc, ids[4])
    server, port = create_server(svc)  # started, on a port of its own
    try:
        with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
            stub = pb_grpc.SkaldStub(channel)
            first = stub.ListGames(pb.ListGamesRequest(page_size=2))
            assert [g.game_id for g in first.games] == ids[:2] and first.next_page_token
            rest = stub.ListGames(
                pb.ListGamesRequest(page_size=10, page_token=first.next_page_token)
            )
            assert [g.game_id for g in rest.games] == ids[2:] and not rest.next_page_token
            ended = stub.ListGames(pb.ListGamesRequest(status="ended", order_by="-updated"))
            assert [g.game_id for g in ended.games] == [ids[4]] and ended.games[0].updated_at
            with pytest.raises(grpc.RpcError) as refused:
                stub.ListGames(pb.ListGamesRequest(page_token="x"))
            assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
    finally:
        server.stop(0)
        svc.store.close()


def test_text_with_a_nul_names_no_game_on_every_store(db_url: str) -> None:
    """PostgreSQL fails a query whose text holds NUL: such an id prefix, game filter or page
    token is refused before any query, the same on both stores (found by fuzzing)."""
    import base64
    import json

    from skald.domain.kernel.errors import UnknownGame
    from skald.service.bootstrap import open_service

    svc = open_service(db_url)
    try:
        made = svc.create(CreateGame("red_north", 3))
        for text in ("abcd\x00", made.game_id[:6] + "\x00", "\x00" * 4, "zzzz"):
            with pytest.raises(NotFound, match="no game"):
                svc.repo.resolve(text)
        with pytest.raises(UnknownGame, match="no game named"):  # no game's name at all
            svc.games_page(PageGames(GamesQuery(game="red\x00north")))
        with pytest.raises(Malformed, match="not a game name"):  # the index's own guard
            svc.repo.games_page(GamesQuery(game="red\x00north"))
        forged = json.dumps(["created", "\x00", made.game_id]).encode()
        token = base64.urlsafe_b64encode(forged).decode().rstrip("=")
        with pytest.raises(Malformed, match="page_token"):
            svc.games_page(PageGames(GamesQuery(page_token=token)))
        assert svc.repo.resolve(made.game_id[:8]) == made.game_id  # a real prefix still works
    finally:
        svc.store.close()

"""Numbers beyond the wire's integer ranges are refused with a rule where they enter, locally
and over gRPC, and change nothing (README, "How it is built": every game integer and every
seat is int32 on the wire; versions, cursors and counts int64).

Before, an option beyond 32 bits was stored and the game could never be served again (every
call on it INTERNAL), the gRPC client raised a bare ``ValueError`` while building a request,
and a local store was handed numbers SQLite cannot bind (``OverflowError``). Real stores (a
SQLite file, a PostgreSQL schema), a real server on a real port, no mocks of the code under
test.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

import skald.domain.kernel.options as kernel_options
from skald.domain.brian_boru.commands import PlaceStartingTown
from skald.domain.kernel.errors import ChanceNeeded, Malformed, SkaldError
from skald.domain.kernel.options import resolve_options
from skald.domain.red_north import setup as red_north_setup
from skald.domain.red_north.commands import Pass, Withdraw
from skald.service.app.games import GameService
from skald.service.app.requests import (
    CheckCommand,
    CreateGame,
    ExportGame,
    ForkGame,
    GetHistory,
    ImportGame,
    ListGames,
    ListLegal,
    PageGames,
    SubmitMove,
    ViewGame,
    WatchGame,
)
from skald.service.bootstrap import registry
from skald.service.client import Client, LocalClient, RemoteClient
from skald.service.contract import wire
from skald.service.grpc.server import create_server
from skald.service.model.auth import OPERATOR
from skald.service.model.errors import Tampered
from skald.service.store.event_store import EventStore
from skald.service.store.index import GamesQuery
from tests.e2e_helpers import Rpc, invoke_skald, pb, rule_of

BEYOND_64 = 10**23
"""A number past every integer the wire has (the audit's ``99999999999999999999999``)."""
OUTPOST = "outpost_raid_points_blue"


# ---------------------------------------------------------------------------- fixtures


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[GameService, int]]:
    """A real server on a real port over a SQLite file, and the service behind it."""
    store = EventStore(str(tmp_path_factory.mktemp("ranges") / "skald.db"))
    svc = GameService(store, registry())
    server, port = create_server(svc, "127.0.0.1:0")
    try:
        yield svc, port
    finally:
        server.stop(0)
        store.close()


@pytest.fixture(scope="module")
def game(served: tuple[GameService, int]) -> tuple[str, str]:
    """A running Red North game of that server: its id and referee token."""
    created = served[0].create(CreateGame("red_north", 2, seed=b"ranges"))
    return created.game_id, created.referee_token


# ---------------------------------------------------------------------------- 1. options


@pytest.mark.parametrize(
    ("game_name", "options", "rule", "words"),
    [
        ("red_north", {OUTPOST: "3000000000"}, "options/out-of-range", "≤ 999"),
        ("red_north", {OUTPOST: 3000000000}, "options/out-of-range", "≤ 999"),
        ("red_north", {OUTPOST: "1000"}, "options/out-of-range", "≤ 999"),
        ("red_north", {OUTPOST: str(BEYOND_64)}, "options/out-of-range", "32 bits"),
        ("red_north", {OUTPOST: "9" * 5000}, "options/out-of-range", "32 bits"),
        ("red_north", {OUTPOST: "-3000000000"}, "options/out-of-range", "≥ 0"),
        ("brian_boru", {"dubhlinn": "1,3000000000"}, "options/out-of-range", "≤ 999"),
        (
            "brian_boru",
            {"viking_strengths": "9,10,11,12,13,13,99999999999999999999"},
            "options/out-of-range",
            "each number of option 'viking_strengths'",
        ),
        ("brian_boru", {"viking_strengths": "9,10,11,12,13,13,-1"}, "options/out-of-range", "≥ 0"),
        ("brian_boru", {"dubhlinn": "2,²"}, "options/type", "whole numbers"),
        ("brian_boru", {"dubhlinn": "2,"}, "options/type", "whole numbers"),
    ],
)
def test_the_kernel_refuses_option_numbers_beyond_32_bits_and_each_spec_bound(
    game_name: str, options: dict[str, object], rule: str, words: str
) -> None:
    with pytest.raises(Malformed) as refused:
        resolve_options(registry().rules(game_name).options, options)
    assert refused.value.rule == rule and words in refused.value.reason
    assert len(refused.value.reason) < 200  # never the 5,000 digits back


def test_the_largest_numbers_an_option_allows_are_accepted_as_given() -> None:
    red_north = registry().rules("red_north").options
    assert resolve_options(red_north, {OUTPOST: "999"})[OUTPOST] == 999
    brian_boru = registry().rules("brian_boru").options
    text = "999, 0,1,2,3,4,5"  # kept as written: a stored game re-resolves to what it holds
    assert resolve_options(brian_boru, {"viking_strengths": text})["viking_strengths"] == text


TRACK = "none,none,{},coin1,coin1,coin2,coin2,renown1,town,none"

BAD_CREATIONS: list[tuple[str, int, dict[str, object], str]] = [
    ("red_north", 2, {OUTPOST: "3000000000"}, "options/out-of-range"),
    ("red_north", 2, {OUTPOST: str(BEYOND_64)}, "options/out-of-range"),
    ("brian_boru", 3, {"dubhlinn": "1,3000000000"}, "options/out-of-range"),
    (
        "brian_boru",
        3,
        {"marriage_track": TRACK.format("coin99999999999999")},
        "brian_boru/bad-option",
    ),
    ("brian_boru", 3, {"marriage_track": TRACK.format("coin²")}, "brian_boru/bad-option"),
]


def test_creating_with_an_out_of_range_option_stores_nothing(service: GameService) -> None:
    for game_name, players, options, rule in BAD_CREATIONS:
        with pytest.raises(Malformed) as refused:
            service.create(CreateGame(game_name, players, seed=b"x", options=options))
        assert refused.value.rule == rule, (options, refused.value)
    assert service.list_games(ListGames()) == []


def test_create_game_over_grpc_refuses_out_of_range_options_before_storing(
    served: tuple[GameService, int],
) -> None:
    svc, port = served
    before = len(svc.list_games(ListGames()))
    rpc = Rpc(port)
    try:
        request = pb.CreateGameRequest(game="red_north", players=2)
        request.options[OUTPOST].text = "3000000000"
        error = rpc.fails("CreateGame", request)
        assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert rule_of(error) == "options/out-of-range"
    finally:
        rpc.close()
    remote = RemoteClient(f"127.0.0.1:{port}")
    try:
        for value in ("99999999999999999999999", 3000000000):  # text (the CLI's), a number
            with pytest.raises(Malformed) as refused:
                remote.create(CreateGame("red_north", 2, b"x", "server", {OUTPOST: value}, ()))
            assert refused.value.rule == "options/out-of-range"
    finally:
        remote.close()
    assert len(svc.list_games(ListGames())) == before


def test_a_game_stored_with_an_option_beyond_32_bits_is_neither_forked_nor_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game stored before the kernel held options to 32 bits (made here by widening the
    bound while it is created) is not copied into a new game by ForkGame or ImportGame."""
    store = EventStore(str(tmp_path / "s.db"))
    svc = GameService(store, registry())
    rules = registry().rules("red_north")
    with monkeypatch.context() as wider:
        wider.setattr(kernel_options, "INT32_MAX", 2**40)
        unbounded = tuple(dataclasses.replace(o, maximum=None) for o in rules.options)
        wider.setattr(type(rules), "options", unbounded)
        wider.setattr(red_north_setup, "OPTIONS", unbounded)
        old = svc.create(CreateGame("red_north", 2, seed=b"old", options={OUTPOST: 3000000000}))
    with pytest.raises(Malformed) as refused:
        svc.fork(ForkGame(old.game_id, old.version, who=OPERATOR))
    assert refused.value.rule == "options/out-of-range"
    with pytest.raises(Tampered) as bad_file:
        svc.import_text(ImportGame(svc.export(ExportGame(old.game_id, who=OPERATOR))))
    assert bad_file.value.rule == "replay/does-not-verify" and "≤ 999" in bad_file.value.reason
    assert [row.game_id for row in svc.list_games(ListGames())] == [old.game_id]
    store.close()


# ---------------------------------------------------------------------------- 2. the client


Call = Callable[[Client, str], object]

CALLS: list[tuple[str, Call, str]] = [
    (
        "view --seat",
        lambda c, g: c.view(ViewGame(g, 3000000000, None, who=OPERATOR)),
        "seat/out-of-range",
    ),
    (
        "view --at",
        lambda c, g: c.view(ViewGame(g, None, BEYOND_64, who=OPERATOR)),
        "version/out-of-range",
    ),
    (
        "legal --seat",
        lambda c, g: c.legal(ListLegal(g, 3000000000, who=OPERATOR))[0],
        "seat/out-of-range",
    ),
    (
        "log --after",
        lambda c, g: c.history(GetHistory(g, BEYOND_64, who=OPERATOR)),
        "version/out-of-range",
    ),
    (
        "log --after 2**63",
        lambda c, g: c.history(GetHistory(g, 2**63, who=OPERATOR)),
        "version/out-of-range",
    ),
    (
        "log --after -huge",
        lambda c, g: c.history(GetHistory(g, -BEYOND_64, who=OPERATOR)),
        "version/out-of-range",
    ),
    (
        "history upto",
        lambda c, g: c.history(GetHistory(g, 0, BEYOND_64, who=OPERATOR)),
        "version/out-of-range",
    ),
    (
        "watch after",
        lambda c, g: next(iter(c.watch(WatchGame(g, BEYOND_64, who=OPERATOR)))),
        "version/out-of-range",
    ),
    (
        "games --players",
        lambda c, g: c.games_page(PageGames(GamesQuery(players=BEYOND_64))),
        "games/bad-page",
    ),
    (
        "games --limit",
        lambda c, g: c.games_page(PageGames(GamesQuery(page_size=BEYOND_64))),
        "games/bad-page",
    ),
    (
        "new --players",
        lambda c, g: c.create(CreateGame("red_north", BEYOND_64, None, "server", {}, ())),
        "players/out-of-range",
    ),
    (
        "play --expect",
        lambda c, g: c.submit(SubmitMove(g, 0, Pass(), BEYOND_64, None, (), who=OPERATOR)),
        "version/out-of-range",
    ),
    (
        "play withdraw @huge",
        lambda c, g: c.submit(SubmitMove(g, 0, Withdraw(10**20), None, None, (), who=OPERATOR)),
        "command/malformed",
    ),
    (
        "check withdraw @huge",
        lambda c, g: c.check(CheckCommand(g, 13, 0, Withdraw(10**20), (), who=OPERATOR)),
        "command/malformed",
    ),
    (
        "check --at",
        lambda c, g: c.check(CheckCommand(g, BEYOND_64, 0, Pass(), (), who=OPERATOR)),
        "version/out-of-range",
    ),
    (
        "fork --at",
        lambda c, g: c.fork(ForkGame(g, BEYOND_64, False, who=OPERATOR)),
        "version/out-of-range",
    ),
]


@pytest.mark.parametrize(("name", "call", "rule"), CALLS, ids=[c[0] for c in CALLS])
def test_the_remote_client_refuses_what_the_wire_cannot_carry_as_the_local_service_does(
    served: tuple[GameService, int], game: tuple[str, str], name: str, call: Call, rule: str
) -> None:
    svc, port = served
    game_id, referee = game
    version = svc.load(game_id).version
    games = len(svc.list_games(ListGames()))
    remote = RemoteClient(f"127.0.0.1:{port}", referee)
    try:
        for client in (LocalClient(svc), remote):
            with pytest.raises(SkaldError) as refused:
                call(client, game_id)
            assert isinstance(refused.value, Malformed), (name, type(client), refused.value)
            assert refused.value.rule == rule, (name, type(client), refused.value)
    finally:
        remote.close()
    assert svc.load(game_id).version == version and len(svc.list_games(ListGames())) == games


def test_the_cli_prints_one_line_for_a_seat_beyond_32_bits_over_grpc(
    served: tuple[GameService, int], game: tuple[str, str]
) -> None:
    game_id, referee = game
    address = f"127.0.0.1:{served[1]}"
    args = ["show", game_id, "--seat", "3000000000", "--server", address, "--token", referee]
    run = invoke_skald([*args, "--json"])
    assert run.code != 0 and run.json["error"]["rule"] == "seat/out-of-range"
    assert "Traceback" not in run.stdout + run.stderr


def test_a_command_holding_a_number_beyond_32_bits_is_malformed_on_the_wire() -> None:
    for game_name, command, field in (
        ("red_north", Withdraw(2**31), "Withdraw.position"),
        ("red_north", Withdraw(-(2**31) - 1), "Withdraw.position"),
        ("brian_boru", PlaceStartingTown(3000000000), "PlaceStartingTown.town"),
    ):
        for encode in (wire.command_to_proto, wire.command_to_json):
            with pytest.raises(Malformed) as refused:
                encode(game_name, command)
            assert refused.value.rule == "command/malformed" and field in refused.value.reason
    assert wire.command_to_proto("red_north", Withdraw(2**31 - 1)).red_north.withdraw.position
    with pytest.raises(ChanceNeeded) as entry:
        wire.chance_entries_to_proto([1, 3000000000])
    assert entry.value.rule == "chance/bad-entry" and "entry #2" in entry.value.reason


# ---------------------------------------------------------------------------- 3. the stores


def test_numbers_beyond_64_bits_never_reach_the_store(service: GameService) -> None:
    """SQLite cannot bind them (OverflowError) and PostgreSQL compares them as numeric: both
    are refused alike, before any query."""
    game_id = service.create(CreateGame("red_north", 2, seed=b"s")).game_id
    refusals: list[tuple[Callable[[], object], str]] = [
        (
            lambda: service.view(ViewGame(game_id, None, BEYOND_64, who=OPERATOR)),
            "version/out-of-range",
        ),
        (
            lambda: service.view(ViewGame(game_id, None, 2**63, who=OPERATOR)),
            "version/out-of-range",
        ),
        (lambda: service.history(GetHistory(game_id, 2**63, who=OPERATOR)), "version/out-of-range"),
        (
            lambda: service.history(GetHistory(game_id, -(2**63) - 1, who=OPERATOR)),
            "version/out-of-range",
        ),
        (
            lambda: service.history(GetHistory(game_id, 0, BEYOND_64, who=OPERATOR)),
            "version/out-of-range",
        ),
        (lambda: service.games_page(PageGames(GamesQuery(players=BEYOND_64))), "games/bad-page"),
        (lambda: service.games_page(PageGames(GamesQuery(players=2**31))), "games/bad-page"),
        (lambda: service.games_page(PageGames(GamesQuery(page_size=BEYOND_64))), "games/bad-page"),
        (
            lambda: service.legal(
                ListLegal(game_id, 0, page_size=1, page_token=f"{BEYOND_64}.0", who=OPERATOR)
            ),
            "request/page-token",
        ),
    ]
    for call, rule in refusals:
        with pytest.raises(Malformed) as refused:
            call()
        assert refused.value.rule == rule
    # the largest 64-bit numbers are still asked and answered as before
    assert service.history(GetHistory(game_id, 2**63 - 1, who=OPERATOR)) == []
    with pytest.raises(Malformed) as beyond_the_game:
        service.view(ViewGame(game_id, None, 2**63 - 1, who=OPERATOR))
    assert beyond_the_game.value.reason.endswith("is not in 1..13")
    assert [
        r.game_id for r in service.games_page(PageGames(GamesQuery(players=2**31 - 1))).rows
    ] == []


@pytest.mark.parametrize(
    "token", [f"{BEYOND_64}.0", f"13.{BEYOND_64}", f"13.{2**63 - 1}.{{listing}}", "1².0"]
)
def test_a_legal_commands_page_token_beyond_64_bits_is_refused_over_grpc_not_internal(
    served: tuple[GameService, int], game: tuple[str, str], token: str
) -> None:
    game_id, referee = game
    token = token.replace("{listing}", f"{game_id[:8]}.0.a")  # the listing a token is bound to
    rpc = Rpc(served[1])
    try:
        request = pb.ListLegalCommandsRequest(
            game_id=game_id, seat=0, page_size=2, page_token=token
        )
        if token.startswith(f"13.{2**63 - 1}."):  # a far offset: empty
            response: Any = rpc.call("ListLegalCommands", request, referee)
            assert list(response.commands) == [] and response.next_page_token == ""
            return
        error = rpc.fails("ListLegalCommands", request, referee)
        assert error.code() is grpc.StatusCode.INVALID_ARGUMENT
        assert rule_of(error) == "request/page-token"
    finally:
        rpc.close()

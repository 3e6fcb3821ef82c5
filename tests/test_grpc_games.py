"""Every playable game end to end over a real gRPC server: seats play with their own tokens
through the service's RemoteClient, each seat watches its own stream, the game exports, imports
and verifies, and no seat's stream or view ever names a card that seat may not know."""

from __future__ import annotations

import json
import random
import threading
from dataclasses import replace
from pathlib import Path

import pytest

from skald.cli.autoplay.pickers import picker_for
from skald.domain.kernel.codec import from_stored, to_data
from skald.domain.kernel.play import fold
from skald.service.app.games import GameService
from skald.service.app.requests import (
    CreateGame,
    ExportGame,
    GetHistory,
    ImportGame,
    ListLegal,
    SubmitMove,
    VerifyGame,
    ViewGame,
    WatchGame,
)
from skald.service.bootstrap import registry
from skald.service.client import RemoteClient
from skald.service.grpc.server import create_server
from skald.service.model.auth import OPERATOR
from skald.service.model.records import Record
from skald.service.model.verify import verify
from skald.service.store.event_store import EventStore
from skald.service.store.replay_file import loads
from tests.command_leaks import batch_ends

GAMES = [
    ("red_north", 4, {}),
    ("brian_boru", 5, {}),
    ("brian_boru", 3, {}),
    ("feast", 1, {"length": "long"}),
    ("feast", 4, {"length": "short"}),
]


def _named(secrets: frozenset[str], record: Record) -> list[str]:
    text = json.dumps([record.data, record.command], sort_keys=True)
    return [s for s in secrets if f'"{s}"' in text]


@pytest.mark.parametrize(
    ("game", "players", "options"),
    GAMES,
    ids=[f"{g}-{n}{''.join(o.values())}" for g, n, o in GAMES],
)
def test_a_game_over_grpc_exports_imports_and_verifies(
    game: str, players: int, options: dict[str, str], tmp_path: Path
) -> None:
    svc = GameService(EventStore(str(tmp_path / "skald.db")), registry())
    server, port = create_server(svc)
    address = f"127.0.0.1:{port}"
    try:
        created = RemoteClient(address).create(
            CreateGame(game, players, b"grpc-" + game.encode(), "server", options, ())
        )
        gid = created["game_id"]
        seats = [RemoteClient(address, token) for token in created["seat_tokens"]]
        streams: list[list[Record]] = [[] for _ in range(players)]
        watchers = [
            threading.Thread(
                target=lambda s=s: streams[s].extend(
                    seats[s].watch(WatchGame(gid, 0, who=OPERATOR))
                ),
                daemon=True,
            )
            for s in range(players)
        ]
        for w in watchers:
            w.start()
        picker = random.Random(players)
        choose = picker_for(game)  # A Feast for Odin: emigrates, places goods, rolls dice
        while True:
            now = seats[0].view(ViewGame(gid, 0, None, who=OPERATOR))
            if now.outcome is not None:
                break
            seat = picker.choice(list(now.to_act))
            legal = seats[seat].legal(ListLegal(gid, seat, who=OPERATOR))[0]
            assert legal, f"seat {seat} is to act but has no legal command"
            seats[seat].submit(
                SubmitMove(gid, seat, choose(legal, picker), now.version, None, (), who=OPERATOR)
            )
        for w in watchers:
            w.join(timeout=20)
            assert not w.is_alive()

        referee = RemoteClient(address, created["referee_token"])
        full = referee.history(GetHistory(gid, who=OPERATOR))
        played = {o["name"]: o for o in full[0].data["options"]}
        for name, value in options.items():  # the setup option reached the game
            assert value in played[name].values()
        assert all(len(s) == len(full) for s in streams)
        rules = registry().rules(game)
        states = [rules.initial(players)]
        for record in full:
            event = None if record.type.startswith("skald.") else record
            states.append(
                states[-1]
                if event is None
                else rules.evolve(states[-1], from_stored(rules.events[event.type], event.data))
            )
        ends = batch_ends(full)  # a command's card may be played face up later in its batch
        for i, record in enumerate(full):
            for seat in range(players):
                shown = streams[seat][i]
                assert shown.hash == record.hash and shown.version == record.version
                assert not _named(
                    rules.secrets(states[i + 1], seat), replace(shown, command=None)
                ), f"seat {seat} saw a secret at v{i + 1}"
                assert not _named(
                    rules.secrets(states[ends[record.version]], seat), replace(shown, data={})
                ), f"seat {seat} saw a secret in the command at v{i + 1}"

        text = referee.export(ExportGame(gid, who=OPERATOR))
        parsed = loads(text.split("\n"))
        assert verify(parsed.records, parsed.seeds).ok
        again, report = referee.import_text(ImportGame(text))
        assert report["ok"]
        assert RemoteClient(address, again["referee_token"]).verify(
            VerifyGame(again["game_id"], who=OPERATOR)
        )["ok"]
        final = fold(
            rules,
            players,
            [
                from_stored(rules.events[r.type], r.data)
                for r in full
                if not r.type.startswith("skald.")
            ],
        )
        # a seat token asking for "the" view gets its own seat's
        assert to_data(rules.view(final, 0)) == to_data(
            seats[0].view(ViewGame(gid, None, None, who=OPERATOR)).view
        )
        assert to_data(rules.view(final, None)) == to_data(
            RemoteClient(address).view(ViewGame(gid, None, None, who=OPERATOR)).view
        )
    finally:
        server.stop(0)
        svc.store.close()


@pytest.mark.postgres
def test_two_server_replicas_share_one_postgres_store(pg_url: str) -> None:
    """Two stateless servers on one PostgreSQL database: seats alternate between them, a
    spectator watches through the other, and the game verifies whole."""
    services = [GameService(EventStore(pg_url), registry()) for _ in range(2)]
    servers = [create_server(svc) for svc in services]
    addresses = [f"127.0.0.1:{port}" for _, port in servers]
    try:
        created = RemoteClient(addresses[0]).create(
            CreateGame("red_north", 3, b"replicas", "server", {}, ())
        )
        gid = created["game_id"]
        watched: list[Record] = []
        watcher = threading.Thread(
            target=lambda: watched.extend(
                RemoteClient(addresses[1]).watch(WatchGame(gid, 0, who=OPERATOR))
            ),
            daemon=True,
        )
        watcher.start()
        picker = random.Random(11)
        turn = 0
        while True:
            here = addresses[turn % 2]
            now = RemoteClient(here).view(ViewGame(gid, None, None, who=OPERATOR))
            if now.outcome is not None:
                break
            seat = picker.choice(list(now.to_act))
            client = RemoteClient(here, created["seat_tokens"][seat])
            client.submit(
                SubmitMove(
                    gid,
                    seat,
                    picker.choice(client.legal(ListLegal(gid, seat, who=OPERATOR))[0]),
                    now.version,
                    None,
                    (),
                    who=OPERATOR,
                )
            )
            turn += 1
        watcher.join(timeout=20)
        assert not watcher.is_alive()
        final = RemoteClient(addresses[1]).view(ViewGame(gid, None, None, who=OPERATOR))
        assert [r.version for r in watched] == list(range(1, final.version + 1))
        assert RemoteClient(addresses[0], created["referee_token"]).verify(
            VerifyGame(gid, who=OPERATOR)
        )["ok"]
        assert services[0].load(gid).state == services[1].load(gid).state
    finally:
        for server, _ in servers:
            server.stop(0)
        for svc in services:
            svc.store.close()

"""The state the command path caches (from the games' ``decide_folded``) is the state a rebuild
from the store folds, after every command of random games of Red North and Brian Boru."""

from __future__ import annotations

import random

import pytest

from skald.domain.kernel.play import random_command
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.store.event_store import EventStore


@pytest.mark.parametrize(("game", "players"), [("red_north", 3), ("brian_boru", 4)])
def test_the_cached_state_is_the_rebuilt_state(game: str, players: int) -> None:
    svc = GameService(EventStore(":memory:"), registry())
    gid = svc.create(CreateGame(game, players, seed=b"cache")).game_id
    picker, commands = random.Random(7), 0
    while (cached := svc.repo.cached(gid)) is not None and cached.ended is None:
        pick = random_command(cached.rules, cached.state, picker)
        assert pick is not None
        svc.submit(SubmitMove(gid, *pick, who=OPERATOR))
        after = svc.repo.cached(gid)
        assert after is not None
        rebuilt = svc.repo.load(gid, upto=after.version)  # folded anew from the stored records
        assert after.state == rebuilt.state
        assert (after.version, after.last_hash, after.cursor) == (
            rebuilt.version,
            rebuilt.last_hash,
            rebuilt.cursor,
        )
        commands += 1
    assert commands > 10 and svc.repo.cached(gid) is not None
    svc.store.close()

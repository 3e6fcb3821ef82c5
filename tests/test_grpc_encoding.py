"""The SubmitCommand answer is encoded from the decided events and command it already holds; it
must be byte for byte what decoding the stored records gives, for every audience and game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skald.domain.kernel import ServerChance
from skald.domain.kernel.play import Step, random_game
from skald.service.app.lifecycle import CHOSEN_STREAM
from skald.service.app.requests import CreateGame, SubmitMove, ViewGame
from skald.service.bootstrap import open_service, registry
from skald.service.contract import wire
from skald.service.model.auth import OPERATOR, SPECTATOR, Principal

SEED = b"encoding"
GAMES = [("red_north", 3, 50), ("brian_boru", 3, 50), ("feast", 1, 12)]
"""(game, players, commands played): enough to meet hidden draws, kernel records and enums."""


def _old_view(rules: Any, view: Any) -> bytes:
    """The encoding before the fill-in-place path: a message built, then copied in."""
    out = wire.pb.View()
    getattr(out, rules.name).view.CopyFrom(wire.to_message(view, wire.game_module(rules.name)))
    return out.SerializeToString()


@pytest.mark.parametrize(("game", "players", "limit"), GAMES)
def test_answers_encode_as_the_stored_records_do(game: str, players: int, limit: int) -> None:
    svc = open_service(":memory:")
    rules = registry().rules(game)
    gid = svc.create(CreateGame(game, players, seed=SEED)).game_id
    audiences = [OPERATOR, SPECTATOR, Principal("referee")]
    audiences += [Principal("seat", s) for s in range(players)]
    chance = ServerChance(SEED, CHOSEN_STREAM)
    compared = 0
    for item in random_game(rules, players, chance, random.Random(7)):
        if not isinstance(item, Step):
            continue
        done = svc.submit(SubmitMove(gid, item.seat, item.command, who=OPERATOR))
        for who in audiences:
            for record, event in svc.shown_events(rules, done, who):
                fast = wire.record_to_proto(rules, record, event, item.command)
                slow = wire.record_to_proto(rules, record)
                assert fast.SerializeToString() == slow.SerializeToString()
                compared += 1
        if limit % 10 == 0:
            seen = svc.view(ViewGame(gid, item.seat, who=OPERATOR))
            fresh = wire.view_to_proto(rules, seen.view).SerializeToString()
            assert fresh == _old_view(rules, seen.view)
        limit -= 1
        if limit == 0:
            break
    assert compared > 50
    svc.store.close()


def test_a_command_without_fields_is_still_named_on_the_wire() -> None:
    rules = registry().rules("red_north")
    empty = next(c for c in rules.commands.values() if not c.__dataclass_fields__)
    msg = wire.command_to_proto("red_north", empty())
    assert msg.red_north.WhichOneof("command") == wire.member_name(empty.__name__)
    assert type(wire.command_from_proto(rules, msg)) is empty

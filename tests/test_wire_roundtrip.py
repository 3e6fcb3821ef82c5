"""Dataclass ⇄ protobuf for every game and the kernel: every command, event and view of random
games, and every kernel record, survives the wire unchanged (through bytes, not just objects),
with protobuf's names (``pass``) and the lock's enum numbers."""

from __future__ import annotations

import random
from typing import Any

import pytest

from skald.cli.autoplay.pickers import feast as feast_pick
from skald.domain.kernel.chance import ServerChance
from skald.domain.kernel.contract import Outcome, Pending
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.options import resolve_options
from skald.domain.kernel.play import Step, fold, random_game
from skald.domain.kernel.records import (
    ChanceMode,
    ForkOrigin,
    GameCreated,
    GameEnded,
    OptionSetting,
    Reseeded,
    SeedReveal,
    Segment,
)
from skald.service.bootstrap import registry
from skald.service.contract import protogen, wire
from skald.service.model.records import Record, kernel_record


def through_bytes(message: Any) -> Any:
    return type(message).FromString(message.SerializeToString())


def game_objects(game: str, players: int, seed: int) -> list[tuple[str, Any]]:
    rules = registry().rules(game)
    state = rules.initial(players)
    seen: list[tuple[str, Any]] = []
    steps = random_game(rules, players, ServerChance(b"wire", game), random.Random(seed))
    for step in steps:
        events = step.events if isinstance(step, Step) else step
        if isinstance(step, Step):
            seen.append(("command", step.command))
        for event in events:
            seen.append(("event", event))
            state = rules.evolve(state, event)
        if len(seen) > 400:
            break
    seen += [("view", rules.view(state, seat)) for seat in (None, *range(players))]
    return seen


@pytest.mark.parametrize(("game", "players"), [("red_north", 3), ("brian_boru", 4)])
def test_every_command_event_and_view_round_trips(game: str, players: int) -> None:
    assert len(_round_trips(game, game_objects(game, players, seed=11))) > 5


def feast_objects(players: int, length: str, seed: int) -> list[tuple[str, Any]]:
    """Every command and event of a whole A Feast for Odin game played by the simulate picker
    (so dice, occupations, emigration and placements occur), each event also as every seat
    sees it (occupations redacted to null), and every seat's view each round."""
    rules = registry().rules("feast")
    chance = ServerChance(b"wire", f"feast-{players}-{length}")
    picker = random.Random(seed)
    options = resolve_options(rules.options, {"length": length})
    events = list(rules.setup(players, options, chance))
    state = fold(rules, players, events)
    seen: list[tuple[str, Any]] = []
    while rules.outcome(state) is None:
        seat = picker.choice(sorted(rules.to_act(state)))
        command = feast_pick(list(rules.legal_commands(state, seat)), picker)
        seen.append(("command", command))
        new = rules.decide(state, seat, command, chance)
        events += new
        if type(command).__name__ == "EndFeast":
            seen += [("view", rules.view(state, s)) for s in (None, *range(players))]
        state = fold(rules, players, new, state)
    for event in events:
        seen += [("event", rules.redact(event, s)) for s in (None, *range(players))]
    seen += [("view", rules.view(state, s)) for s in (None, *range(players))]
    return seen


def _round_trips(game: str, objects: list[tuple[str, Any]]) -> set[str]:
    rules = registry().rules(game)
    module = wire.game_module(game)
    kinds: set[str] = set()
    for kind, obj in objects:
        kinds.add(type(obj).__name__)
        if kind == "command":
            back = wire.command_from_proto(rules, through_bytes(wire.command_to_proto(game, obj)))
            assert back == obj
            assert wire.command_from_json(rules, wire.command_to_json(game, obj)) == obj
        elif kind == "view":
            assert wire.view_from_proto(rules, through_bytes(wire.view_to_proto(rules, obj))) == obj
        else:
            message = through_bytes(wire.to_message(obj, module))
            assert wire.from_message(type(obj), message) == obj
    return kinds


@pytest.mark.parametrize(("players", "length"), [(1, "long"), (4, "short")])
def test_every_feast_command_event_and_view_round_trips(players: int, length: str) -> None:
    kinds = _round_trips("feast", feast_objects(players, length, seed=players))
    rules = registry().rules("feast")
    assert {"PlaceVikings", "PlaceGood", "ServeFood", "EndFeast", "Pass"} <= kinds
    assert {"DieRolled", "OccupationDealt", "GoodPlaced", "GameScored", "FeastView"} <= kinds
    assert len(kinds & set(rules.commands)) >= 8 and len(kinds & set(rules.events)) >= 20


def test_json_uses_protobuf_names_and_reads_the_python_spelling() -> None:
    rules = registry().rules("red_north")
    pass_type = next(c for c in rules.commands.values() if c.__name__ == "Pass")
    text = wire.command_to_json("red_north", pass_type())
    assert text == '{"pass": {}}'
    assert wire.command_from_json(rules, '{"pass": {}}') == pass_type()
    assert wire.command_from_json(rules, '{"pass_": {}}') == pass_type()
    with pytest.raises(Malformed) as bad:
        wire.command_from_json(rules, '{"fly": {}}')
    assert bad.value.rule == "command/bad-json"


SEGMENT = Segment(start=0, stream="g", commitment="ab" * 32)
KERNEL = [
    GameCreated(
        game_id="g",
        game="red_north",
        players=3,
        options=(OptionSetting.of("raid", 3), OptionSetting.of("house", True)),
        chance=ChanceMode.TABLE,
        segments=(SEGMENT,),
        rules_version="1",
        format=1,
        forked_from=ForkOrigin("f", 12),
    ),
    GameEnded((3, 9, 9), (1, 2), "final scoring", (SeedReveal(0, "g", "cd" * 32),)),
    GameEnded((), (), "", (SeedReveal(5, "g", withheld=True),)),
    Reseeded(Segment(start=2**40, stream="g", commitment="ef" * 32)),
]


@pytest.mark.parametrize("record", KERNEL, ids=lambda r: type(r).__name__)
def test_kernel_records_round_trip_without_a_seat(record: Any) -> None:
    rules = registry().rules("red_north")
    stored = kernel_record(4, "setup", record)
    message = through_bytes(wire.record_to_proto(rules, stored))
    assert not message.HasField("seat"), "kernel records have no seat: absent, not -1"
    assert message.event.WhichOneof("game") == "kernel"
    back = wire.record_from_proto(rules, message)
    assert back == stored and back.seat is None


def test_a_game_event_keeps_its_seat_and_command() -> None:
    rules = registry().rules("red_north")
    objects = game_objects("red_north", 3, seed=5)
    command = next(obj for kind, obj in objects if kind == "command")
    event = next(obj for kind, obj in objects if kind == "event")
    from skald.domain.kernel.codec import to_data

    name = next(n for n, c in rules.events.items() if c is type(event))
    record = Record(
        7,
        name,
        2,
        "c1",
        to_data(event),
        {"type": type(command).__name__, "data": to_data(command)},
        {"from": 3, "used": 1, "mode": "server"},
    )
    message = through_bytes(wire.record_to_proto(rules, record))
    assert message.seat == 2
    assert wire.record_from_proto(rules, message) == record


def test_outcome_and_pending_use_the_kernel_messages() -> None:
    outcome = Outcome((4, 7), (1,), "most VP")
    message = through_bytes(wire.outcome_to_proto(outcome))
    assert wire.from_message(Outcome, message) == outcome
    pending = (Pending(1, "red_north/deploy", "Deploy three cards", ("Deploy",)),)
    sent = [through_bytes(p) for p in wire.pending_to_proto(pending)]
    assert wire.pending_from_proto(sent) == pending


def test_enum_numbers_come_from_the_lock_not_member_order() -> None:
    from skald.service.contract import protolock

    lock = protolock.load_lock(protogen.LOCK)
    values = lock["enums"]["skald.v1.ChanceMode"]
    message = wire.to_message(KERNEL[0], wire.pb)
    assert isinstance(message, wire.pb.GameCreated)
    assert message.chance == values["CHANCE_MODE_TABLE"]["number"]

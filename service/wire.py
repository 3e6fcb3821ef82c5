"""Domain dataclasses ⇄ generated protobuf messages, by name, for every game.

The generator (:mod:`service.protogen`) makes one message per dataclass with the same name and
field names, so one generic converter serves all games: enums map by member order, ``X | None``
by field presence, tuples to repeated fields.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from google.protobuf import json_format
from google.protobuf.message import Message

import service._generated  # noqa: F401  (puts the generated package on the import path)
from domain.kernel.chance import ChanceEntry
from domain.kernel.codec import field_types
from domain.kernel.contract import Outcome, Rules
from domain.kernel.errors import Malformed
from service.protogen import _unwrap, enum_number, snake
from service.records import Record

pb: Any = importlib.import_module("skald.v1.skald_pb2")


@cache
def game_module(game: str) -> Any:
    return importlib.import_module(f"skald.v1.{game}_pb2")


def to_message(obj: Any, module: Any) -> Message:
    cls = type(obj)
    msg: Message = getattr(module, cls.__name__)()
    _fill(msg, obj, module)
    return msg


def _fill(msg: Any, obj: Any, module: Any) -> None:
    for name, tp in field_types(type(obj)).items():
        value = getattr(obj, name)
        if value is None:
            continue
        inner, _, repeated = _unwrap(tp)
        is_msg = isinstance(inner, type) and dataclasses.is_dataclass(inner)
        is_enum = isinstance(inner, type) and issubclass(inner, enum.Enum)
        if repeated:
            target = getattr(msg, name)
            for item in value:
                if is_msg:
                    _fill(target.add(), item, module)
                elif is_enum:
                    target.append(enum_number(item))
                else:
                    target.append(item)
        elif is_msg:
            _fill(getattr(msg, name), value, module)
        elif is_enum:
            setattr(msg, name, enum_number(value))
        else:
            setattr(msg, name, value)


def from_message(cls: type, msg: Any) -> Any:
    kwargs: dict[str, Any] = {}
    for name, tp in field_types(cls).items():
        inner, optional, repeated = _unwrap(tp)
        is_msg = isinstance(inner, type) and dataclasses.is_dataclass(inner)
        is_enum = isinstance(inner, type) and issubclass(inner, enum.Enum)
        if repeated:
            raw = getattr(msg, name)
            if is_msg:
                kwargs[name] = tuple(from_message(inner, m) for m in raw)
            elif is_enum:
                kwargs[name] = tuple(_enum(inner, n, f"{cls.__name__}.{name}") for n in raw)
            else:
                kwargs[name] = tuple(raw)
            continue
        if (optional or is_msg) and not msg.HasField(name):
            if optional:
                kwargs[name] = None
                continue
            raise Malformed("command/malformed", f"{cls.__name__}.{name} is required")
        raw = getattr(msg, name)
        if is_msg:
            kwargs[name] = from_message(inner, raw)
        elif is_enum:
            kwargs[name] = _enum(inner, raw, f"{cls.__name__}.{name}")
        else:
            kwargs[name] = raw
    return cls(**kwargs)


def _enum(cls: Any, number: int, where: str) -> Any:
    members = list(cls)
    if not 1 <= number <= len(members):
        allowed = ", ".join(str(m.value) for m in members)
        raise Malformed("command/malformed", f"{where} must be one of {allowed}")
    return members[number - 1]


# ---------------------------------------------------------------- commands


def command_to_proto(game: str, command: Any) -> Any:
    module = game_module(game)
    wrapper = module.AnyCommand()
    getattr(wrapper, snake(type(command).__name__)).CopyFrom(to_message(command, module))
    out = pb.Command()
    getattr(out, game).CopyFrom(wrapper)
    return out


def command_from_proto(rules: Rules, msg: Any) -> Any:
    """The domain command inside a ``skald.v1.Command`` for the game ``rules``."""
    which = msg.WhichOneof("game")
    if which is None:
        raise Malformed("command/empty", "the command names no game")
    if which != rules.name:
        raise Malformed("command/wrong-game", f"a {which} command was sent to a {rules.name} game")
    return _any_command(rules, getattr(msg, which))


def _any_command(rules: Rules, wrapper: Any) -> Any:
    kind = wrapper.WhichOneof("command")
    if kind is None:
        raise Malformed("command/empty", f"the {rules.name} command is empty")
    inner = getattr(wrapper, kind)
    cls = rules.commands[type(inner).DESCRIPTOR.name]
    return from_message(cls, inner)


def command_from_json(rules: Rules, text: str) -> Any:
    """A command from protobuf JSON of the game's ``AnyCommand``, e.g. ``{"pass_": {}}``."""
    module = game_module(rules.name)
    wrapper = module.AnyCommand()
    try:
        json_format.Parse(text, wrapper)
    except json_format.ParseError as exc:
        known = ", ".join(snake(n) for n in rules.commands)
        raise Malformed("command/bad-json", f"{exc}. Commands: {known}") from None
    return _any_command(rules, wrapper)


def command_to_json(game: str, command: Any) -> str:
    module = game_module(game)
    wrapper = module.AnyCommand()
    getattr(wrapper, snake(type(command).__name__)).CopyFrom(to_message(command, module))
    return json_format.MessageToJson(wrapper, indent=None, preserving_proto_field_name=True)


# ---------------------------------------------------------------- records, views, outcomes


def _options(target: Any, options: Mapping[str, Any]) -> None:
    for key, value in options.items():
        slot = target[key]
        if isinstance(value, bool):
            slot.flag = value
        elif isinstance(value, int):
            slot.number = value
        else:
            slot.text = str(value)


def options_from_proto(options: Mapping[str, Any]) -> dict[str, str | int | bool]:
    out: dict[str, str | int | bool] = {}
    for key, value in options.items():
        which = value.WhichOneof("value")
        out[key] = getattr(value, which) if which else ""
    return out


def _segment(s: Mapping[str, Any]) -> Any:
    return pb.Segment(
        from_cursor=int(s.get("from", 0)),
        stream=str(s.get("stream", "")),
        commitment=str(s.get("commitment", "")),
        seed=str(s.get("seed", "")),
        withheld=bool(s.get("withheld", False)),
    )


def chance_entries_to_proto(entries: Sequence[Any]) -> list[Any]:
    out = []
    for e in entries:
        if isinstance(e, int):
            out.append(pb.ChanceEntry(value=e))
        else:
            out.append(pb.ChanceEntry(order=pb.Order(items=[str(x) for x in e])))
    return out


def chance_entries_from_proto(entries: Sequence[Any]) -> list[ChanceEntry]:
    out: list[ChanceEntry] = []
    for e in entries:
        if e.WhichOneof("entry") == "order":
            out.append(tuple(e.order.items))
        else:
            out.append(int(e.value))
    return out


def record_to_proto(rules: Rules, record: Record) -> Any:
    msg = pb.GameEvent(
        version=record.version,
        type=record.type,
        seat=record.seat,
        command_id=record.command_id,
        prev_hash=record.prev_hash,
        hash=record.hash,
        at=record.at,
    )
    data = record.data
    if record.type == "skald.GameCreated":
        created = msg.event.kernel.created
        created.game = data["game"]
        created.players = int(data["players"])
        _options(created.options, data.get("options", {}))
        created.chance = data["chance"]
        created.segments.extend(_segment(s) for s in data.get("segments", []))
        created.rules_version = data["rules_version"]
        created.format = int(data.get("format", 1))
        if data.get("forked_from"):
            created.forked_from.game_id = data["forked_from"]["game_id"]
            created.forked_from.version = int(data["forked_from"]["version"])
    elif record.type == "skald.GameEnded":
        ended = msg.event.kernel.ended
        ended.scores.extend(data["scores"])
        ended.winners.extend(data["winners"])
        ended.reason = data.get("reason", "")
        ended.seeds.extend(_segment(s) for s in data.get("seeds", []))
    elif record.type == "skald.Reseeded":
        msg.event.kernel.reseeded.CopyFrom(_segment(data))
    else:
        from domain.kernel.codec import from_data

        event = from_data(rules.events[record.type], data)
        module = game_module(rules.name)
        wrapper = getattr(msg.event, rules.name)
        getattr(wrapper, snake(record.type)).CopyFrom(to_message(event, module))
    if record.command is not None:
        msg.command_type = str(record.command["type"])
        if "data" in record.command:
            from domain.kernel.codec import from_data

            cmd = from_data(rules.commands[record.command["type"]], record.command["data"])
            msg.command.CopyFrom(command_to_proto(rules.name, cmd))
    if record.chance is not None:
        msg.chance.from_cursor = int(record.chance["from"])
        msg.chance.used = int(record.chance["used"])
        msg.chance.mode = str(record.chance.get("mode", ""))
        msg.chance.entries.extend(chance_entries_to_proto(record.chance.get("entries", [])))
    return msg


def view_to_proto(rules: Rules, view: Any) -> Any:
    out = pb.View()
    getattr(out, rules.name).view.CopyFrom(to_message(view, game_module(rules.name)))
    return out


def outcome_to_proto(outcome: Outcome | None) -> Any:
    if outcome is None:
        return None
    return pb.Outcome(
        scores=list(outcome.scores), winners=list(outcome.winners), reason=outcome.reason
    )


def _segment_dict(s: Any, public: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"from": int(s.from_cursor), "stream": s.stream}
    if public:
        out["commitment"] = s.commitment
    else:
        if s.withheld:
            out["withheld"] = True
        else:
            out["seed"] = s.seed
    return out


def record_from_proto(rules: Rules, msg: Any) -> Record:
    """A record back from the wire, with the same JSON data a local read gives."""
    from domain.kernel.codec import to_data

    which = msg.event.WhichOneof("game")
    data: dict[str, Any]
    if which == "kernel":
        kind = msg.event.kernel.WhichOneof("kind")
        k = getattr(msg.event.kernel, kind)
        if kind == "created":
            data = {
                "game": k.game,
                "players": k.players,
                "options": options_from_proto(k.options),
                "chance": k.chance,
                "segments": [_segment_dict(s, True) for s in k.segments],
                "rules_version": k.rules_version,
                "format": k.format,
                "forked_from": {
                    "game_id": k.forked_from.game_id,
                    "version": int(k.forked_from.version),
                }
                if k.HasField("forked_from")
                else None,
            }
        elif kind == "ended":
            data = {
                "scores": [int(x) for x in k.scores],
                "winners": list(k.winners),
                "reason": k.reason,
                "seeds": [_segment_dict(s, False) for s in k.seeds],
            }
        else:
            data = _segment_dict(k, True)
    else:
        wrapper = getattr(msg.event, str(which))
        inner = getattr(wrapper, str(wrapper.WhichOneof("event")))
        data = to_data(from_message(rules.events[type(inner).DESCRIPTOR.name], inner))
    command = None
    if msg.command_type:
        command = {"type": msg.command_type}
        if msg.HasField("command"):
            command["data"] = to_data(command_from_proto(rules, msg.command))
    chance = None
    if msg.HasField("chance"):
        chance = {
            "from": int(msg.chance.from_cursor),
            "used": int(msg.chance.used),
            "mode": msg.chance.mode,
        }
        if msg.chance.entries:
            chance["entries"] = [
                e if isinstance(e, int) else list(e)
                for e in chance_entries_from_proto(msg.chance.entries)
            ]
    return Record(
        int(msg.version),
        msg.type,
        msg.seat,
        msg.command_id,
        data,
        command,
        chance,
        msg.prev_hash,
        msg.hash,
        msg.at,
    )


def view_from_proto(rules: Rules, msg: Any) -> Any:
    return from_message(rules.views[0], getattr(msg, rules.name).view)

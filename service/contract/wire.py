"""Domain dataclasses ⇄ generated protobuf messages, by name, for every game.

The generator (:mod:`skald.service.contract.protogen`) makes one message per dataclass with the same name and
field names (Python's keyword escape dropped: ``pass_`` is ``pass``), so one generic converter
serves all games and the kernel's records: enums map by value name (numbers come from the lock),
``X | None`` by field presence, tuples to repeated fields.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import json
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any, overload

from google.protobuf import json_format
from google.protobuf.message import Message

from skald.domain.kernel.chance import ChanceEntry
from skald.domain.kernel.codec import field_types, from_data, to_data
from skald.domain.kernel.contract import AnyRules, Outcome, Pending
from skald.domain.kernel.errors import ChanceNeeded, Malformed
from skald.domain.kernel.ranges import (
    INT32_MAX,
    INT32_MIN,
    fits_int32,
    require_command_fits,
    require_int32,
    shown_number,
)
from skald.domain.kernel.records import KERNEL_RECORDS
from skald.service.contract._generated.skald.v1 import skald_pb2
from skald.service.contract.protonames import enum_value_name, proto_name, snake, unwrap
from skald.service.model.errors import echo
from skald.service.model.records import Record, RecordedChance, RecordedCommand

pb = skald_pb2
"""The ``skald.v1`` messages (typed by the generated stubs)."""

KERNEL_KINDS = {"GameCreated": "created", "GameEnded": "ended", "Reseeded": "reseeded"}
"""KernelEvent's oneof member per kernel record class."""


@cache
def game_module(game: str) -> Any:
    """The generated ``skald.<game>.v1`` module (games are looked up by name at run time)."""
    return importlib.import_module(f"skald.service.contract._generated.skald.{game}.v1.{game}_pb2")


Plan = tuple[tuple[str, str, Any, bool, bool, str], ...]
_PLANS: dict[type, Plan] = {}


def _plan(cls: type) -> Plan:
    """Per field: (python name, proto name, inner type, optional, repeated, kind), once."""
    found = _PLANS.get(cls)
    if found is not None:
        return found
    out = []
    for name, tp in field_types(cls).items():
        inner, optional, repeated = unwrap(tp)
        if isinstance(inner, type) and dataclasses.is_dataclass(inner):
            kind = "message"
        elif isinstance(inner, type) and issubclass(inner, enum.Enum):
            kind = "enum"
        else:
            kind = "scalar"
        out.append((name, proto_name(name), inner, optional, repeated, kind))
    _PLANS[cls] = tuple(out)
    return _PLANS[cls]


@cache
def _enum_numbers(cls: type[enum.Enum], descriptor: Any) -> dict[Any, int]:
    return {m: descriptor.values_by_name[enum_value_name(m)].number for m in cls}


@cache
def _enum_members(cls: type[enum.Enum], descriptor: Any) -> dict[int, Any]:
    return {n: m for m, n in _enum_numbers(cls, descriptor).items()}


def _enum_type(msg: Message, name: str) -> Any:
    """The enum descriptor of field ``name`` (numbers by value name, as the lock gave them)."""
    enum_type = msg.DESCRIPTOR.fields_by_name[name].enum_type
    assert enum_type is not None
    return enum_type


def to_message(obj: Any, module: Any) -> Message:
    msg: Message = getattr(module, type(obj).__name__)()
    _fill(msg, obj)
    return msg


Fill = tuple[tuple[str, str, bool, str, "dict[Any, int] | None"], ...]
_FILLS: dict[type, tuple[Any, Fill]] = {}


def _fill_plan(cls: type, descriptor: Any) -> Fill:
    """Per field of ``cls`` filled into a message of ``descriptor``: (python name, proto name,
    repeated, kind, enum numbers) — the enum lookups done once, not per value."""
    found = _FILLS.get(cls)
    if found is not None and found[0] is descriptor:
        return found[1]
    out = []
    for name, pname, inner, _, repeated, kind in _plan(cls):
        numbers = None
        if kind == "enum":
            enum_type = descriptor.fields_by_name[pname].enum_type
            numbers = _enum_numbers(inner, enum_type)
        out.append((name, pname, repeated, kind, numbers))
    plan = tuple(out)
    _FILLS[cls] = (descriptor, plan)  # a class is (almost) always filled into one message
    return plan


def _fill(msg: Any, obj: Any) -> None:
    for name, pname, repeated, kind, numbers in _fill_plan(type(obj), msg.DESCRIPTOR):
        value = getattr(obj, name)
        if value is None:
            continue
        if repeated:
            target = getattr(msg, pname)
            if kind == "message":
                for item in value:
                    _fill(target.add(), item)
            elif numbers is not None:
                target.extend([numbers[item] for item in value])
            else:
                target.extend(value)
        elif kind == "message":
            _fill(getattr(msg, pname), value)
        elif numbers is not None:
            setattr(msg, pname, numbers[value])
        else:
            setattr(msg, pname, value)


def _fill_member(oneof_holder: Any, obj: Any) -> None:
    """``obj`` into the oneof member of ``oneof_holder`` named after its class, set even when
    ``obj`` has no fields (what ``CopyFrom(to_message(obj))`` did, without the copy)."""
    member = getattr(oneof_holder, member_name(type(obj).__name__))
    member.SetInParent()
    _fill(member, obj)


@cache
def member_name(class_name: str) -> str:
    """A oneof member's name for a message class (:func:`snake`, remembered)."""
    return snake(class_name)


def from_message(cls: type, msg: Any) -> Any:
    kwargs: dict[str, Any] = {}
    for name, pname, inner, optional, repeated, kind in _plan(cls):
        where = f"{cls.__name__}.{pname}"
        if repeated:
            raw = getattr(msg, pname)
            if kind == "message":
                kwargs[name] = tuple(from_message(inner, m) for m in raw)
            elif kind == "enum":
                kwargs[name] = tuple(_enum(inner, msg, pname, n, where) for n in raw)
            else:
                kwargs[name] = tuple(raw)
            continue
        if (optional or kind == "message") and not msg.HasField(pname):
            if optional:
                kwargs[name] = None
                continue
            raise Malformed("command/malformed", f"{where} is required")
        raw = getattr(msg, pname)
        if kind == "message":
            kwargs[name] = from_message(inner, raw)
        elif kind == "enum":
            kwargs[name] = _enum(inner, msg, pname, raw, where)
        else:
            kwargs[name] = raw
    return cls(**kwargs)


def _enum(cls: Any, msg: Any, pname: str, number: int, where: str) -> Any:
    descriptor = _enum_type(msg, pname)
    member = _enum_members(cls, descriptor).get(number)
    if member is None:
        # In the names the client sends (the proto's), saying what it sent: an unset field
        # arrives as the zero ..._UNSPECIFIED value.
        allowed = ", ".join(enum_value_name(m) for m in cls)
        sent = descriptor.values_by_number.get(number)
        shown = sent.name if sent is not None else str(number)
        raise Malformed("command/malformed", f"{where} must be one of {allowed}, not {shown}")
    return member


# ---------------------------------------------------------------- commands


def command_to_proto(game: str, command: Any) -> pb.Command:
    """A domain command on the wire; one holding a number the wire cannot carry (a game
    integer beyond 32 bits, say a notation's ``withdraw @99999999999``) → ``Malformed``
    naming the field, as the service refuses it, where protobuf would raise ``ValueError``."""
    out = pb.Command()
    try:
        _fill_command(out, game, command)
    except (ValueError, TypeError) as error:
        raise _unsendable(command, error) from None
    return out


def _unsendable(command: Any, error: Exception) -> Malformed:
    """The refusal of a command protobuf would not encode (only ever built on that path)."""
    require_command_fits(command)  # raises, naming the field, when a number is out of range
    return Malformed(
        "command/malformed", f"{type(command).__name__} cannot be sent: {str(error)[:80]}"
    )


def _fill_command(out: pb.Command, game: str, command: Any) -> None:
    _fill_member(getattr(out, game), command)


def command_from_proto(rules: AnyRules, msg: Any) -> Any:
    """The domain command inside a ``skald.v1.Command`` for the game ``rules``."""
    which = msg.WhichOneof("game")
    if which is None:
        raise Malformed("command/empty", "the command names no game")
    if which != rules.name:
        raise Malformed("command/wrong-game", f"a {which} command was sent to a {rules.name} game")
    return _any_command(rules, getattr(msg, which))


def _any_command(rules: AnyRules, wrapper: Any) -> Any:
    kind = wrapper.WhichOneof("command")
    if kind is None:
        raise Malformed("command/empty", f"the {rules.name} command is empty")
    inner = getattr(wrapper, kind)
    cls = rules.commands[type(inner).DESCRIPTOR.name]
    return from_message(cls, inner)


def command_from_json(rules: AnyRules, text: str) -> Any:
    """A command from protobuf JSON of the game's ``AnyCommand``, e.g. ``{"pass": {}}``.

    The proto names are protobuf's (``pass``; ``json_name`` forms like ``giveFirstPlayer`` are
    read too); a top-level key in the Python spelling (``pass_``) is still understood."""
    module = game_module(rules.name)
    wrapper = module.AnyCommand()
    try:
        value = json.loads(text)
        members = wrapper.DESCRIPTOR.fields_by_name
        if isinstance(value, dict) and any(
            k not in members and proto_name(k) in members for k in value
        ):
            text = json.dumps(
                {proto_name(k) if proto_name(k) in members else k: v for k, v in value.items()}
            )
    except ValueError:
        pass  # not JSON: protobuf's parser says so below
    except RecursionError:  # nested past what any command holds
        raise Malformed("command/bad-json", "the JSON is nested too deeply") from None
    try:
        json_format.Parse(text, wrapper)
    except json_format.ParseError as exc:
        known = ", ".join(snake(n) for n in rules.commands)
        raise Malformed("command/bad-json", f"{str(exc)[:300]}. Commands: {known}") from None
    except RecursionError:
        raise Malformed("command/bad-json", "the JSON is nested too deeply") from None
    return _any_command(rules, wrapper)


def command_to_json(game: str, command: Any) -> str:
    wrapper = game_module(game).AnyCommand()
    try:
        _fill_member(wrapper, command)
    except (ValueError, TypeError) as error:
        raise _unsendable(command, error) from None
    return json_format.MessageToJson(wrapper, indent=None, preserving_proto_field_name=True)


# ---------------------------------------------------------------- records, views, outcomes


def options_to_proto(target: Any, options: Mapping[str, Any]) -> None:
    """Fill a ``map<string, OptionValue>`` from plain option values. A number beyond 32 bits
    cannot be sent; it is refused as the kernel refuses it (``options/out-of-range``)."""
    for key, value in options.items():
        if isinstance(value, int) and not isinstance(value, bool):
            require_int32(value, "options/out-of-range", f"option {echo(key)}")
        option_value_to_proto(target[key], value)


_options = options_to_proto  # the name the client used before


def options_from_proto(options: Mapping[str, Any]) -> dict[str, str | int | bool]:
    return {key: option_value_from_proto(value) for key, value in options.items()}


def option_value_to_proto(slot: Any, value: str | int | bool) -> None:
    """One ``OptionValue`` (a flag, a 32-bit number or text) from a plain value."""
    if isinstance(value, bool):
        slot.flag = value
    elif isinstance(value, int):
        slot.number = value
    else:
        slot.text = str(value)


def option_value_from_proto(value: Any) -> str | int | bool:
    which = value.WhichOneof("value")
    return getattr(value, which) if which else ""


def setup_option_to_proto(target: Any, spec: Any) -> None:
    """A game's :class:`~skald.domain.kernel.options.OptionSpec` as a ``SetupOption`` (GetRules)."""
    target.name, target.kind, target.help = spec.name, spec.kind.value, spec.help
    target.overrides = spec.overrides
    option_value_to_proto(target.default, spec.default)
    for allowed in spec.allowed:
        option_value_to_proto(target.allowed.add(), allowed)
    if spec.minimum is not None:
        target.minimum = spec.minimum
    if spec.maximum is not None:
        target.maximum = spec.maximum


def setup_option_from_proto(option: Any) -> dict[str, object]:
    """A ``SetupOption`` as ``OptionSpec.describe()`` gives it (``skald rules --json``)."""
    out: dict[str, object] = {
        "name": option.name,
        "kind": option.kind,
        "default": option_value_from_proto(option.default),
        "help": option.help,
    }
    if option.overrides:
        out["overrides"] = option.overrides
    if option.allowed:
        out["allowed"] = [option_value_from_proto(v) for v in option.allowed]
    if option.HasField("minimum"):
        out["minimum"] = option.minimum
    if option.HasField("maximum"):
        out["maximum"] = option.maximum
    return out


def chance_entries_to_proto(entries: Sequence[Any]) -> list[pb.ChanceEntry]:
    """Table-chance entries on the wire; a number beyond 32 bits is no outcome of any die or
    draw, and is refused as a table game refuses a wrong entry (``chance/bad-entry``)."""
    out = []
    for n, e in enumerate(entries, 1):
        if isinstance(e, int):
            if not fits_int32(e):
                raise ChanceNeeded(
                    "chance/bad-entry",
                    f"entry #{n} must be {INT32_MIN}..{INT32_MAX} (32 bits), not {shown_number(e)}",
                )
            out.append(pb.ChanceEntry(value=e))
        else:
            out.append(pb.ChanceEntry(order=pb.Order(items=[str(x) for x in e])))
    return out


def chance_entries_from_proto(entries: Sequence[pb.ChanceEntry]) -> list[ChanceEntry]:
    out: list[ChanceEntry] = []
    for e in entries:
        if e.WhichOneof("entry") == "order":
            out.append(tuple(e.order.items))
        else:
            out.append(int(e.value))
    return out


def record_to_proto(
    rules: AnyRules, record: Record, event: Any = None, command: Any = None
) -> pb.GameEvent:
    """A record on the wire. ``event`` is the record's domain event as ``record`` shows it (the
    redacted one, when redacted) and ``command`` the batch's command, when the caller holds them
    already (a command just decided): neither is decoded again from the record's data. The
    command is used only as the record shows it (another seat's record may show it with its
    secret fields hidden: ``queries.public_command``)."""
    msg = pb.GameEvent(**_header(record))
    _fill_record(msg, rules, record, event, command)
    return msg


def add_record(
    events: Any, rules: AnyRules, record: Record, event: Any = None, command: Any = None
) -> pb.GameEvent:
    """:func:`record_to_proto` as a new element of ``events`` (a response's repeated
    ``GameEvent`` field), so the response holds it without a copy."""
    msg: pb.GameEvent = events.add(**_header(record))
    _fill_record(msg, rules, record, event, command)
    return msg


def _header(record: Record) -> dict[str, Any]:
    """The fields every wire record carries as they are stored."""
    return {
        "version": record.version,
        "type": record.type,
        "command_id": record.command_id,
        "prev_hash": record.prev_hash,
        "hash": record.hash,
        "at": record.at,
    }


def _fill_record(
    msg: pb.GameEvent, rules: AnyRules, record: Record, event: Any, command: Any
) -> None:
    if record.seat is not None and record.seat >= 0:
        msg.seat = record.seat
    if record.salt is not None:
        msg.salt = record.salt
    kernel = KERNEL_RECORDS.get(record.type)
    if kernel is not None:
        typed: object = from_data(kernel, record.data)
        kind = getattr(msg.event.kernel, KERNEL_KINDS[kernel.__name__])
        kind.SetInParent()
        _fill(kind, typed)
    else:
        if event is None:
            event = from_data(rules.events[record.type], record.data)
        _fill_member(getattr(msg.event, rules.name), event)
    if record.command is not None:
        msg.command_type = str(record.command["type"])
        if "data" in record.command:
            data = record.command["data"]
            # the caller's command is the one sent: another seat's record shows less of it
            if command is None or to_data(command) != data:
                command = from_data(rules.commands[record.command["type"]], data)
            _fill_command(msg.command, rules.name, command)
    if record.chance is not None:
        msg.chance.from_cursor = int(record.chance["from"])
        msg.chance.used = int(record.chance["used"])
        msg.chance.mode = str(record.chance.get("mode", ""))
        msg.chance.entries.extend(chance_entries_to_proto(record.chance.get("entries", [])))


def view_to_proto(rules: AnyRules, view: Any) -> pb.View:
    out = pb.View()
    target = getattr(out, rules.name).view
    target.SetInParent()
    _fill(target, view)
    return out


@overload
def outcome_to_proto(outcome: Outcome) -> pb.Outcome: ...
@overload
def outcome_to_proto(outcome: None) -> None: ...
def outcome_to_proto(outcome: Outcome | None) -> pb.Outcome | None:
    if outcome is None:
        return None
    msg = to_message(outcome, pb)
    assert isinstance(msg, pb.Outcome)
    return msg


def pending_to_proto(pending: Sequence[Pending]) -> list[pb.Pending]:
    """The decisions a game waits for, for ``GetViewResponse.pending``."""
    return [
        pb.Pending(seat=p.seat, decision=p.decision, prompt=p.prompt, answers=p.answers)
        for p in pending
    ]


def pending_from_proto(pending: Sequence[pb.Pending]) -> tuple[Pending, ...]:
    return tuple(from_message(Pending, p) for p in pending)


def record_from_proto(rules: AnyRules, msg: pb.GameEvent) -> Record:
    """A record back from the wire, with the same JSON data a local read gives."""
    which = msg.event.WhichOneof("game")
    data: dict[str, Any]
    if which == "kernel":
        kind = msg.event.kernel.WhichOneof("kind")
        if kind is None:
            raise Malformed("record/malformed", f"version {msg.version}: an empty kernel record")
        inner = getattr(msg.event.kernel, kind)
        data = to_data(from_message(KERNEL_RECORDS[msg.type], inner))
    elif which is not None:
        wrapper = getattr(msg.event, which)
        inner = getattr(wrapper, str(wrapper.WhichOneof("event")))
        data = to_data(from_message(rules.events[type(inner).DESCRIPTOR.name], inner))
    else:
        raise Malformed("record/malformed", f"version {msg.version}: the record holds no event")
    command: RecordedCommand | None = None
    if msg.command_type:
        command = {"type": msg.command_type}
        if msg.HasField("command"):
            command["data"] = to_data(command_from_proto(rules, msg.command))
    chance: RecordedChance | None = None
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
        msg.seat if msg.HasField("seat") else None,
        msg.command_id,
        data,
        command,
        chance,
        msg.prev_hash,
        msg.hash,
        msg.at,
        msg.salt if msg.HasField("salt") else None,
    )


def view_from_proto(rules: AnyRules, msg: pb.View) -> Any:
    return from_message(rules.views[0], getattr(msg, rules.name).view)


def placements_to_proto(groups: Sequence[Any]) -> list[pb.PlacementOptions]:
    """Grouped placements (``queries.Legal.placements``) for ``ListLegalCommandsResponse``."""
    return [
        pb.PlacementOptions(
            command=g.command,
            board=g.board,
            piece=g.piece,
            anchors=[
                pb.PlacementAnchor(row=a.row, col=a.col, rotations=a.rotations) for a in g.anchors
            ],
        )
        for g in groups
    ]


RECEIPT_FIELDS = (
    "format",
    "game_id",
    "first_version",
    "version",
    "record_hash",
    "command_id",
    "seat",
    "acted_at_version",
    "view_hash",
    "legal_hash",
    "key",
    "signature",
)
"""The fields of a receipt, named alike in ``skald.v1.Receipt`` and :class:`Receipt`."""


def receipt_to_proto(receipt: Any) -> Any:
    """A :class:`skald.service.model.receipts.Receipt` as ``skald.v1.Receipt``."""
    return skald_pb2.Receipt(**{name: getattr(receipt, name) for name in RECEIPT_FIELDS})


def receipt_from_proto(message: Any) -> Any:
    """``skald.v1.Receipt`` as a :class:`skald.service.model.receipts.Receipt` (fields checked there)."""
    from skald.service.model.receipts import Receipt

    return Receipt.from_json({name: _plain_int(getattr(message, name)) for name in RECEIPT_FIELDS})


def _plain_int(value: Any) -> Any:
    return int(value) if isinstance(value, int) and not isinstance(value, bool) else value


def dispute_to_proto(dispute: Any) -> pb.Dispute:
    """A :class:`skald.service.app.disputes.DisputeView` as ``skald.v1.Dispute`` (its ruling, if any)."""
    msg = pb.Dispute(
        number=dispute.number,
        at_version=dispute.at_version,
        at_hash=dispute.at_hash,
        seat=dispute.seat,
        text=dispute.text,
        filed_at=dispute.filed_at,
        hash=dispute.hash,
    )
    ruling = dispute.ruling
    if ruling is not None:
        msg.ruling.CopyFrom(
            pb.Ruling(
                upheld=ruling.upheld,
                text=ruling.text,
                ruled_at=ruling.ruled_at,
                fork_game_id=ruling.fork_game_id,
                fork_version=ruling.fork_version,
                hash=ruling.hash,
            )
        )
    return msg


def dispute_from_proto(msg: pb.Dispute) -> Any:
    """``skald.v1.Dispute`` as a :class:`skald.service.app.disputes.DisputeView`."""
    from skald.service.app.disputes import DisputeView, RulingView

    ruling = None
    if msg.HasField("ruling"):
        r = msg.ruling
        ruling = RulingView(
            r.upheld, r.text, r.ruled_at, r.fork_game_id, int(r.fork_version), r.hash
        )
    return DisputeView(
        int(msg.number),
        int(msg.at_version),
        msg.at_hash,
        int(msg.seat),
        msg.text,
        msg.filed_at,
        msg.hash,
        ruling,
    )

"""Commands typed as protobuf JSON, with errors that show what was expected: the JSON skeleton
of the command type meant, or every command type of the game as a skeleton, instead of the
protobuf parser's text (``skald play``, ``skald check``)."""

from __future__ import annotations

import json
from typing import Any

from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.errors import Malformed
from skald.service.contract import wire
from skald.service.contract.protonames import proto_name
from skald.service.model.errors import ECHO_LIMIT, echo

_SCALARS = {"TYPE_STRING": '"..."', "TYPE_BOOL": "false", "TYPE_BYTES": '"..."'}
"""Placeholders of a skeleton (itself JSON): text, flags; numbers are 0, enums list their values."""


def parse_command(rules: AnyRules, text: str) -> Any:
    """The command ``text`` names, or :class:`Malformed` (``command/bad-json``) saying what is
    wrong in plain words and the shape expected. Text not starting with ``{`` is the game's
    move notation (``skald.cli.words.notation.parse``: no position, so a move that is not legal is still
    read and the kernel names the rule it breaks; ``notation/bad``)."""
    from skald.cli.words.notation import NotationError, is_json, parse

    if not is_json(text):
        try:
            return parse(rules.name, text)
        except NotationError as error:
            raise Malformed("notation/bad", str(error)) from None
    try:
        return wire.command_from_json(rules, text)
    except Malformed as error:
        if error.rule != "command/bad-json":
            raise
    except RecursionError:  # ``{"a":{"a":...`` thousands deep: no command is nested so
        raise Malformed(
            "command/bad-json", "the command is nested too deeply to be one of this game's"
        ) from None
    types = _command_fields(rules)
    try:
        value = json.loads(text)
    except RecursionError:
        raise Malformed("command/bad-json", "the command is nested too deeply") from None
    except json.JSONDecodeError as exc:
        problem = f"the command is not JSON ({exc.msg} at character {exc.pos})"
        value = None
    except ValueError:  # no JSONDecodeError: a number past the 4,300 digits Python reads
        problem = "the command holds a number too long to read (no command's number is)"
        value = None
    else:
        problem = "a command is one JSON object with one key, its type"
    if isinstance(value, dict) and len(value) == 1:
        (name,) = value
        known = proto_name(str(name))
        if known in types:
            given = json.dumps(value[name])
            given = given if len(given) <= ECHO_LIMIT else given[:ECHO_LIMIT] + "…"
            raise Malformed(
                "command/bad-json",
                f'{name} does not take {given}; expected {{"{known}": {types[known]}}}',
            ) from None
        problem = f"there is no command {echo(name)} in {rules.title}"
    shapes = "; ".join(f'{{"{n}": {shape}}}' for n, shape in types.items())
    raise Malformed("command/bad-json", f"{problem}; the commands are: {shapes}") from None


def _command_fields(rules: AnyRules) -> dict[str, str]:
    """Command type → the JSON skeleton of its fields, in the order of the game's proto."""
    wrapper = wire.game_module(rules.name).AnyCommand.DESCRIPTOR
    return {f.name: _skeleton(f.message_type) for f in wrapper.fields}


def _skeleton(message: Any, depth: int = 0) -> str:
    parts = []
    for f in message.fields:
        parts.append(f'"{f.name}": {_value(f, depth)}')
    return "{" + ", ".join(parts) + "}"


def _value(field: Any, depth: int) -> str:
    kind = field.type
    if kind == field.TYPE_MESSAGE:
        one = _skeleton(field.message_type, depth + 1) if depth < 3 else "{}"
    elif kind == field.TYPE_ENUM:
        values = [v.name for v in field.enum_type.values if v.number != 0] or ["..."]
        one = '"' + " | ".join(values) + '"'
    else:
        names = {v: k for k, v in vars(type(field)).items() if k.startswith("TYPE_")}
        one = _SCALARS.get(names.get(kind, ""), "0")
    repeated = getattr(field, "is_repeated", None)
    if repeated is None:
        repeated = field.label == field.LABEL_REPEATED
    return f"[{one}]" if repeated else one

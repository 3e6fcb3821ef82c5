"""Golden serialized messages: one file per message type, so an old message still decodes.

Each golden is a deterministic sample of its type with *every* field set (scalars to
recognisable values, enums to their last value, nested messages and repeated fields filled, one
oneof member each), serialized deterministically to ``tests/wire_goldens/<full name>.binpb``.
``tests/test_wire_goldens.py`` decodes every committed golden with the current generated code and
checks it re-encodes to the same bytes (a removed field survives as an unknown field; a type
change does not). Goldens are written only for types that have none yet
(``python -m skald.service.contract.wire_goldens``): an existing golden is never rewritten.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from google.protobuf import symbol_database
from google.protobuf.descriptor import Descriptor, FileDescriptor
from google.protobuf.message import Message

from skald.service.contract._generated.skald.v1 import skald_pb2
from skald.service.contract.protolock import project_root

GOLDEN_DIR = project_root() / "tests" / "wire_goldens"
"""In the project around this file: a checkout or an unpacked sdist alike."""
DEPTH = 8
"""How deep samples nest (recursive types such as google.protobuf.Struct stop here)."""


def _files(root: FileDescriptor) -> Iterator[FileDescriptor]:
    seen: set[str] = set()
    todo = [root]
    while todo:
        file = todo.pop()
        if file.name in seen:
            continue
        seen.add(file.name)
        yield file
        todo.extend(file.dependencies)


def message_types() -> list[Descriptor]:
    """Every message type of the ``skald.*`` packages (map entries excepted), by full name."""
    found: list[Descriptor] = []

    def walk(d: Descriptor) -> None:
        if d.GetOptions().map_entry:
            return
        found.append(d)
        for nested in d.nested_types:
            walk(nested)

    for file in _files(skald_pb2.DESCRIPTOR):
        if file.package.startswith("skald."):
            for d in file.message_types_by_name.values():
                walk(d)
    return sorted(found, key=lambda d: d.full_name)


def message_class(descriptor: Descriptor) -> type[Message]:
    cls: type[Message] = symbol_database.Default().GetSymbol(descriptor.full_name)
    return cls


def _scalar(field: Any, index: int) -> object:
    t = field.type
    if t == field.TYPE_BOOL:
        return True
    if t == field.TYPE_STRING:
        return f"{field.name}-{index}"
    if t == field.TYPE_BYTES:
        return bytes([field.number, index])
    if t == field.TYPE_ENUM:
        return field.enum_type.values[-1].number
    if t in (field.TYPE_DOUBLE, field.TYPE_FLOAT):
        return float(field.number) + index / 2
    return field.number * 10 + index


def fill(msg: Message, depth: int = 0) -> Message:
    """``msg`` with every field set (one member per oneof), deterministically."""
    if depth >= DEPTH:
        return msg
    seen_oneofs: set[str] = set()
    for field in msg.DESCRIPTOR.fields:
        oneof = field.containing_oneof
        if oneof is not None:  # proto3 `optional` is a oneof of one: always set
            if oneof.name in seen_oneofs:
                continue
            seen_oneofs.add(oneof.name)
        target = getattr(msg, field.name)
        is_message = field.type == field.TYPE_MESSAGE
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            key_field, value_field = field.message_type.fields
            key = _scalar(key_field, 0)
            if value_field.type == value_field.TYPE_MESSAGE:
                fill(target[key], depth + 1)
            else:
                target[key] = _scalar(value_field, 0)
        elif field.is_repeated:
            for index in range(2):
                if is_message:
                    fill(target.add(), depth + 1)
                else:
                    target.append(_scalar(field, index))
        elif is_message:
            fill(target, depth + 1)
            target.SetInParent()
        else:
            setattr(msg, field.name, _scalar(field, 0))
    return msg


def sample(descriptor: Descriptor) -> bytes:
    return fill(message_class(descriptor)()).SerializeToString(deterministic=True)


def golden_path(descriptor: Descriptor, folder: Path = GOLDEN_DIR) -> Path:
    return folder / f"{descriptor.full_name}.binpb"


def write_missing(folder: Path = GOLDEN_DIR, reset: bool = False) -> list[Path]:
    """Write a golden for every message type that has none; return the new files.

    ``reset`` deletes every golden first: only with a reset lock (``protogen --reset-lock``)."""
    folder.mkdir(parents=True, exist_ok=True)
    if reset:
        for old in folder.glob("*.binpb"):
            old.unlink()
    written = []
    for descriptor in message_types():
        path = golden_path(descriptor, folder)
        if not path.exists():
            path.write_bytes(sample(descriptor))
            written.append(path)
    return written


if __name__ == "__main__":
    import sys

    new = write_missing(reset="--reset" in sys.argv[1:])
    print(f"{len(new)} new goldens in {GOLDEN_DIR}")

"""How a domain dataclass reads as protobuf: names, field types and comments.

Shared by the generator (:mod:`skald.service.contract.protogen`) and the converter (:mod:`skald.service.contract.wire`), so
both spell a message, a field and an enum value the same way.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import inspect
import itertools
import re
import textwrap
import types
import typing
from collections.abc import Iterable
from typing import Any

from skald.domain.kernel.codec import field_types

INT64_FIELDS = {("Segment", "start"), ("SeedReveal", "start"), ("ForkOrigin", "version")}
"""Kernel fields that hold a chance cursor or a version: ``int64``; every other int is int32."""


def snake(name: str) -> str:
    """``GiveFirstPlayer`` → ``give_first_player`` (a oneof member's name)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


def proto_name(field: str) -> str:
    """A dataclass field's proto name: Python's keyword escape dropped (``pass_`` → ``pass``)."""
    return field.removesuffix("_")


def enum_prefix(cls: type) -> str:
    return snake(cls.__name__).upper()


def enum_value_name(member: enum.Enum) -> str:
    value = re.sub(r"[^A-Za-z0-9]+", "_", str(member.value)).upper()
    return f"{enum_prefix(type(member))}_{value}"


def package(game: str) -> str:
    return f"skald.{game}.v1"


def proto_path(game: str) -> str:
    return f"skald/{game}/v1/{game}.proto"


def unwrap(tp: Any) -> tuple[Any, bool, bool]:
    """(inner type, optional, repeated)."""
    optional = repeated = False
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        tp = next(a for a in typing.get_args(tp) if a is not type(None))
        optional = True
    if typing.get_origin(tp) is tuple:
        tp = typing.get_args(tp)[0]
        repeated = True
    return tp, optional, repeated


def is_message(tp: Any) -> bool:
    return isinstance(tp, type) and dataclasses.is_dataclass(tp)


def is_enum(tp: Any) -> bool:
    return isinstance(tp, type) and issubclass(tp, enum.Enum)


def scalar(owner: type, field: str, tp: Any) -> str:
    if tp is bool:
        return "bool"
    if tp is int:
        return "int64" if (owner.__name__, field) in INT64_FIELDS else "int32"
    if tp is str:
        return "string"
    if is_message(tp) or is_enum(tp):
        return str(tp.__name__)
    raise TypeError(f"{owner.__name__}.{field}: unsupported field type {tp!r}")


def reachable(roots: Iterable[type]) -> tuple[list[type], list[type[enum.Enum]]]:
    messages: list[type] = []
    enums: list[type[enum.Enum]] = []
    todo = list(roots)
    while todo:
        cls = todo.pop(0)
        if cls in messages:
            continue
        messages.append(cls)
        for tp in field_types(cls).values():
            inner, _, _ = unwrap(tp)
            if is_message(inner):
                todo.append(inner)
            elif is_enum(inner) and inner not in enums:
                enums.append(inner)
    return messages, enums


# ---------------------------------------------------------------- comments


def plain(text: str) -> str:
    """Docstring markup to plain words: ``x`` → x, :class:`~a.B` → B."""
    text = re.sub(r":\w+:`~?(?:[\w.]+\.)?([^`]+)`", r"\1", text)
    return re.sub(r"``([^`]*)``", r"\1", " ".join(text.split()))


def comment(doc: str | None, indent: str, skip: str = "") -> list[str]:
    """The first paragraph of ``doc`` as ``//`` lines (none for dataclass's own ``Cls(...)``)."""
    paragraph = inspect.cleandoc(doc or "").split("\n\n")[0]
    if not paragraph or (skip and paragraph.startswith(skip + "(")):
        return []
    width = 100 - len(indent) - 3
    return [f"{indent}// {line}" for line in textwrap.wrap(plain(paragraph), width)]


def attribute_docs(cls: type) -> dict[str, str]:
    """The string literal written under each field or enum member (its attribute docstring)."""
    try:
        tree = ast.parse(textwrap.dedent(inspect.getsource(cls)))
    except (OSError, TypeError):
        return {}
    body = tree.body[0].body if tree.body and isinstance(tree.body[0], ast.ClassDef) else []
    docs: dict[str, str] = {}
    for node, after in itertools.pairwise(body):
        target: ast.expr | None = node.target if isinstance(node, ast.AnnAssign) else None
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
        if (
            isinstance(target, ast.Name)
            and isinstance(after, ast.Expr)
            and isinstance(after.value, ast.Constant)
            and isinstance(after.value.value, str)
        ):
            docs[target.id] = after.value.value
    return docs

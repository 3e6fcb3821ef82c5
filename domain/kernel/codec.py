"""Frozen dataclasses ⇄ JSON-friendly dicts, for events, commands and views of every game.

Supported field types (the same set the proto generator accepts): ``int``, ``str``, ``bool``,
``StrEnum`` subclasses, ``X | None``, ``tuple[X, ...]`` and nested frozen dataclasses. Each class
gets a compiled plan once (type hints resolved, converters chosen), because decoding is on the
hot path of every replay.
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from skald.domain.kernel.errors import Malformed

T = TypeVar("T")

Encoder = Callable[[Any], Any]
Decoder = Callable[[Any, str], Any]

_ENCODE_PLANS: dict[type, tuple[tuple[str, Encoder], ...]] = {}
_DECODE_PLANS: dict[type, tuple[tuple[str, Decoder, bool, bool], ...]] = {}


def _identity(value: Any) -> Any:
    return value


_FIELD_TYPES: dict[type, dict[str, Any]] = {}


def field_types(cls: type) -> dict[str, Any]:
    """Resolved annotations of a dataclass (string annotations included), cached per class:
    ``typing.get_type_hints`` is slow and every encode, decode and proto render asks."""
    found = _FIELD_TYPES.get(cls)
    if found is None:
        hints = typing.get_type_hints(cls)
        found = {f.name: hints[f.name] for f in dataclasses.fields(cls)}
        _FIELD_TYPES[cls] = found
    return found


def _unwrap_optional(tp: Any) -> tuple[Any, bool]:
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(tp) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(tp)) == 2:
            return args[0], True
        raise TypeError(f"unsupported union {tp!r}")
    return tp, False


def _encoder(tp: Any) -> Encoder:
    inner, _ = _unwrap_optional(tp)
    if typing.get_origin(inner) is tuple:
        item = _encoder(typing.get_args(inner)[0])
        if item is _identity:
            return list
        return lambda v: [item(x) for x in v]
    if isinstance(inner, type) and dataclasses.is_dataclass(inner):
        return lambda v: None if v is None else to_data(v)
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        return lambda v: None if v is None else v.value
    return _identity


def _decoder(tp: Any, owner: str) -> tuple[Decoder, bool]:
    inner, optional = _unwrap_optional(tp)
    if typing.get_origin(inner) is tuple:
        item, _ = _decoder(typing.get_args(inner)[0], owner)

        def dec_tuple(v: Any, where: str) -> Any:
            if not isinstance(v, list | tuple):
                raise Malformed("command/malformed", f"{where} must be a list")
            return tuple(item(x, where) for x in v)

        return dec_tuple, optional
    if isinstance(inner, type) and dataclasses.is_dataclass(inner):
        cls = inner

        def dec_obj(v: Any, where: str) -> Any:
            if not isinstance(v, Mapping):
                raise Malformed("command/malformed", f"{where} must be an object")
            return from_data(cls, v)

        return dec_obj, optional
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        enum_cls = inner

        def dec_enum(v: Any, where: str) -> Any:
            try:
                return enum_cls(v)
            except ValueError:
                allowed = ", ".join(str(m.value) for m in enum_cls)
                raise Malformed(
                    "command/malformed", f"{where}: {v!r} is not one of {allowed}"
                ) from None

        return dec_enum, optional
    if inner is bool:

        def dec_bool(v: Any, where: str) -> Any:
            if not isinstance(v, bool):
                raise Malformed("command/malformed", f"{where} must be true or false")
            return v

        return dec_bool, optional
    if inner is int:

        def dec_int(v: Any, where: str) -> Any:
            if isinstance(v, bool) or not isinstance(v, int):
                raise Malformed("command/malformed", f"{where} must be an integer")
            return v

        return dec_int, optional
    if inner is str:

        def dec_str(v: Any, where: str) -> Any:
            if not isinstance(v, str):
                raise Malformed("command/malformed", f"{where} must be a string")
            return v

        return dec_str, optional
    raise TypeError(f"{owner}: unsupported field type {tp!r}")


def to_data(obj: Any) -> dict[str, Any]:
    """A dataclass instance as a JSON-friendly dict (field order kept)."""
    cls = type(obj)
    plan = _ENCODE_PLANS.get(cls)
    if plan is None:
        plan = tuple((name, _encoder(tp)) for name, tp in field_types(cls).items())
        _ENCODE_PLANS[cls] = plan
    return {name: enc(getattr(obj, name)) for name, enc in plan}


_TRUSTED_PLANS: dict[type, tuple[tuple[str, Callable[[Any], Any] | None], ...]] = {}


def _trusted_converter(tp: Any) -> Callable[[Any], Any] | None:
    inner, _ = _unwrap_optional(tp)
    if typing.get_origin(inner) is tuple:
        item = _trusted_converter(typing.get_args(inner)[0])
        if item is None:
            return tuple
        return lambda v: tuple(item(x) for x in v)
    if isinstance(inner, type) and dataclasses.is_dataclass(inner):
        cls = inner
        return lambda v: from_stored(cls, v)
    if isinstance(inner, type) and issubclass(inner, enum.Enum):
        return inner
    return None


def from_stored(cls: type[T], data: Mapping[str, Any]) -> T:
    """Decode data this codec wrote itself (stored events): no validation, the fast path of
    every rebuild. Untrusted input (commands from clients, files) goes through :func:`from_data`."""
    plan = _TRUSTED_PLANS.get(cls)
    if plan is None:
        plan = tuple((name, _trusted_converter(tp)) for name, tp in field_types(cls).items())
        _TRUSTED_PLANS[cls] = plan
    kwargs = {}
    for name, conv in plan:
        if name in data:
            value = data[name]
            kwargs[name] = value if conv is None or value is None else conv(value)
    return cls(**kwargs)


def from_data(cls: type[T], data: Mapping[str, Any]) -> T:
    """Build ``cls`` from a dict; a missing, extra or ill-typed field raises :class:`Malformed`."""
    plan = _DECODE_PLANS.get(cls)
    if plan is None:
        fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
        built = []
        for name, tp in field_types(cls).items():
            dec, optional = _decoder(tp, cls.__name__)
            has_default = (
                fields[name].default is not dataclasses.MISSING
                or fields[name].default_factory is not dataclasses.MISSING
            )
            built.append((name, dec, optional, has_default))
        plan = tuple(built)
        _DECODE_PLANS[cls] = plan
    kwargs: dict[str, Any] = {}
    for name, dec, optional, has_default in plan:
        if name in data and data[name] is not None:
            kwargs[name] = dec(data[name], f"{cls.__name__}.{name}")
        elif has_default:
            continue
        elif optional:
            kwargs[name] = None
        else:
            raise Malformed("command/malformed", f"{cls.__name__}.{name} is required")
    extra = set(data) - {plan_item[0] for plan_item in plan}
    if extra:
        raise Malformed("command/malformed", f"{cls.__name__} has no field {sorted(extra)[0]!r}")
    return cls(**kwargs)

"""The integer ranges every number of a game keeps to, so every game can always be served.

Every game integer and every seat is a 32-bit signed number on the wire, and versions,
chance cursors and counts are 64-bit (README, "How it is built"; ``service/contract/protogen.py``). A
number outside its range can be held by Python and even stored, but never encoded: a game whose
options or records held one could be played locally and then never shown over gRPC again (every
call on it failed as INTERNAL). So what comes in — options, commands, versions, page sizes — is
checked against these ranges where it enters, and refused with a rule, before anything is kept.
"""

from __future__ import annotations

import dataclasses

from skald.domain.kernel.errors import Malformed

__all__ = [
    "INT32_MAX",
    "INT32_MIN",
    "INT64_MAX",
    "INT64_MIN",
    "field_names",
    "fits_int32",
    "fits_int64",
    "int32_overflow",
    "require_command_fits",
    "require_int32",
    "require_int64",
    "shown_number",
]

INT32_MIN, INT32_MAX = -(2**31), 2**31 - 1
"""A game integer or a seat (``int32`` on the wire)."""
INT64_MIN, INT64_MAX = -(2**63), 2**63 - 1
"""A version, a chance cursor or a count (``int64`` on the wire, ``INTEGER``/``bigint`` in the
stores)."""


def fits_int32(value: int) -> bool:
    return INT32_MIN <= value <= INT32_MAX


def fits_int64(value: int) -> bool:
    return INT64_MIN <= value <= INT64_MAX


def shown_number(value: int) -> str:
    """``value`` for an error message: its digits, or its size when they would be too many to
    show (an error must not grow with the input, and ``str`` of an int of more than 4,300
    digits raises)."""
    if value.bit_length() > 128:
        return f"a number of {value.bit_length()} bits"
    return str(value)


def require_int32(value: int, rule: str, what: str) -> None:
    """Refuse ``value`` unless it fits 32 bits: ``Malformed(rule)``, naming ``what``."""
    if not fits_int32(value):
        raise Malformed(rule, _beyond(value, INT32_MIN, INT32_MAX, 32, what))


def require_int64(value: int, rule: str, what: str) -> None:
    """Refuse ``value`` unless it fits 64 bits: ``Malformed(rule)``, naming ``what``."""
    if not fits_int64(value):
        raise Malformed(rule, _beyond(value, INT64_MIN, INT64_MAX, 64, what))


def _beyond(value: int, low: int, high: int, bits: int, what: str) -> str:
    bound = f"at most {high}" if value > high else f"at least {low}"
    return f"{what} must be {bound} (a {bits}-bit number), not {shown_number(value)}"


_FIELDS: dict[type, tuple[str, ...]] = {}
"""Field names per dataclass (``()`` for a class that is none: nothing in it is looked at)."""


def field_names(cls: type) -> tuple[str, ...]:
    """The field names of a dataclass, cached per class (``()`` for any other class)."""
    found = _FIELDS.get(cls)
    if found is None:
        is_data = dataclasses.is_dataclass(cls)
        found = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls)) if is_data else ()
    return found


def _fits(value: object) -> bool:
    """Whether every integer in ``value`` fits 32 bits, with no paths built: the answer is
    almost always yes, and the service asks it of every command it decides."""
    if isinstance(value, str):
        return True
    if isinstance(value, int):  # bool and IntEnum members too
        return INT32_MIN <= value <= INT32_MAX
    if isinstance(value, tuple):
        return all(map(_fits, value))
    return all(_fits(getattr(value, name)) for name in field_names(type(value)))


def int32_overflow(value: object, where: str) -> tuple[str, int] | None:
    """The first integer in ``value`` (a frozen dataclass of a game, a tuple, a scalar) that
    does not fit 32 bits, with its path from ``where`` (``Withdraw.position``); ``None`` when
    every one fits. A game's commands hold only game integers, so this says whether one can be
    recorded and sent at all, and names the field a refusal should name."""
    if _fits(value):
        return None
    if isinstance(value, int):
        return where, value
    if isinstance(value, tuple):
        items = [(f"{where}[{i}]", item) for i, item in enumerate(value)]
    else:
        items = [(f"{where}.{n}", getattr(value, n)) for n in field_names(type(value))]
    for path, item in items:
        found = int32_overflow(item, path)
        if found is not None:
            return found
    raise AssertionError("unreachable: _fits found an integer out of range")


def require_command_fits(command: object) -> None:
    """Refuse a command holding an integer beyond 32 bits (``command/malformed``, naming the
    field), as a command read from the wire would be: no game integer can be recorded or sent
    beyond that, so such a command is not one of the game's, whatever its rules would say."""
    found = int32_overflow(command, type(command).__name__)
    if found is not None:
        where, value = found
        raise Malformed("command/malformed", _beyond(value, INT32_MIN, INT32_MAX, 32, where))

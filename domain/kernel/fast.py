"""A faster ``dataclasses.replace`` for the frozen, slotted records of game state.

``evolve`` runs once per stored event on every rebuild, and ``dataclasses.replace`` (which calls
``__init__`` through keyword plumbing) was the largest cost of a rebuild. Replay applies recorded
events only, so there is nothing to validate: copying the slots and setting the changed ones is
enough. Works for ``@dataclass(frozen=True, slots=True)`` classes (and plain frozen ones).
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
_set = object.__setattr__


def replace(obj: T, /, **changes: Any) -> T:
    """``obj`` with ``changes`` applied (field names are checked)."""
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        _FIELDS[cls] = names
    new = object.__new__(cls)
    for name in names:
        _set(new, name, changes.pop(name) if name in changes else getattr(obj, name))
    if changes:
        raise TypeError(f"{cls.__name__} has no field(s) {sorted(changes)}")
    return new

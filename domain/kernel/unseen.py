"""What a seat cannot place now: the ids a preview or a move list must not name for it.

``rules.secrets`` answers which *identities* a seat may not know; that is what a view or a
stream is checked against, where a card shown to all earlier may be named again. A preview of
what a command would do, or another seat's move written out, can reveal more: *where* a known
card lies. A Red North card taken face-up from a Muster Group and deployed face-down is no
secret as a card, but naming it at a Party slot (the Resolution a ``Pass`` would start), or
in the ``Deploy`` that put it there, tells which of the hand went down. So these ask
:func:`unseen`: every id the state holds that the seat's own view does not show, with the
game's secrets. Cutting a preview at such an id may cut more than needed (an id held in
state but drawn nowhere); it never shows less than the seat's view already does.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Mapping
from typing import Any

from skald.domain.kernel.contract import AnyRules, Seat
from skald.domain.kernel.ranges import field_names

__all__ = ["strings_in", "unseen"]


def strings_in(value: Any) -> set[str]:
    """Every string inside ``value``: dataclass fields, tuples, lists, sets and mappings (keys
    and values), recursively; enum members are names, not ids, and are left out."""
    out: set[str] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            out.add(item)
        elif isinstance(item, enum.Enum) or item is None or isinstance(item, int | float):
            continue
        elif isinstance(item, Mapping):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, tuple | list | set | frozenset):
            stack.extend(item)
        elif dataclasses.is_dataclass(item) and not isinstance(item, type):
            stack.extend(getattr(item, name) for name in field_names(type(item)))
    return out


def unseen(rules: AnyRules, state: Any, seat: Seat | None) -> frozenset[str]:
    """The ids ``seat`` (``None``: a spectator) cannot place in ``state``: the game's secrets
    and every string of the state that the seat's view does not hold."""
    shown = strings_in(rules.view(state, seat))
    return rules.secrets(state, seat) | frozenset(strings_in(state) - shown)

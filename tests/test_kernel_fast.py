"""``skald.domain.kernel.fast.replace`` (a copier generated per class) gives what
``dataclasses.replace`` gives — for slotted and plain frozen records, any subset of fields —
and refuses unknown fields the same way, leaving the original untouched."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import pytest
from hypothesis import given
from hypothesis import strategies as st

from skald.domain.brian_boru.state import State as BrianBoruState
from skald.domain.kernel.fast import replace
from skald.domain.red_north.state import initial


@dataclass(frozen=True, slots=True)
class Slotted:
    a: int
    b: tuple[str, ...] = ()
    obj: str | None = None  # a field named like the copier's own argument
    changes: int = 0


@dataclass(frozen=True)
class Plain:
    x: int
    y: str = "y"


VALUES = st.one_of(st.integers(), st.text(max_size=4), st.none(), st.tuples(st.integers()))


@given(st.dictionaries(st.sampled_from(["a", "b", "obj", "changes"]), VALUES))
def test_slotted_records_copy_like_dataclasses_replace(changes: dict[str, object]) -> None:
    before = Slotted(1, ("x",), "o", 2)
    got = replace(before, **changes)
    assert got == dataclasses.replace(before, **changes)  # type: ignore[arg-type]
    assert type(got) is Slotted and got is not before
    assert before == Slotted(1, ("x",), "o", 2)


@given(st.dictionaries(st.sampled_from(["x", "y"]), VALUES))
def test_plain_frozen_records_copy_too(changes: dict[str, object]) -> None:
    before = Plain(3)
    expected = dataclasses.replace(before, **changes)  # type: ignore[arg-type]
    assert replace(before, **changes) == expected


def test_game_states_copy_every_field() -> None:
    red = initial(4)
    assert replace(red, round=2, current=1) == dataclasses.replace(red, round=2, current=1)
    boru = BrianBoruState(players_count=5)
    assert replace(boru, round=3) == dataclasses.replace(boru, round=3)
    assert replace(boru) == boru


def test_unknown_fields_are_refused_by_name() -> None:
    with pytest.raises(TypeError, match=r"Slotted has no field\(s\) \['nope', 'zz'\]"):
        replace(Slotted(1), a=2, zz=1, nope=0)
    with pytest.raises(TypeError):
        replace(object())

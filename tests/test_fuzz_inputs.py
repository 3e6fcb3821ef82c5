"""Bad input never crashes: random bytes as a replay file, random JSON as a command, and
random field values in a typed command all end in the taxonomy's errors, nothing else."""

from __future__ import annotations

import json
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from service.bootstrap import registry
from domain.kernel.codec import from_data
from domain.kernel.errors import SkaldError
from service import replay_file, wire

GOLDEN = sorted((Path(__file__).resolve().parent.parent / "replays").glob("*/*.jsonl"))[
    0
].read_bytes()
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes_are_not_a_replay(raw: bytes) -> None:
    try:
        replay_file.load_bytes(raw)
    except SkaldError:
        return
    raise AssertionError("random bytes parsed as a replay file")


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=len(GOLDEN) - 1), st.binary(min_size=1, max_size=6))
def test_spliced_replays_fail_with_a_taxonomy_error(at: int, junk: bytes) -> None:
    damaged = GOLDEN[:at] + junk + GOLDEN[at + len(junk) :]
    if damaged == GOLDEN:
        return
    try:
        parsed = replay_file.load_bytes(damaged)
    except SkaldError:
        return
    from service.verify import verify

    assert not verify(parsed.records, parsed.seeds).ok


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["red_north", "brian_boru"]), json_values)
def test_random_json_commands_are_refused_cleanly(game: str, value: object) -> None:
    rules = registry().rules(game)
    try:
        command = wire.command_from_json(rules, json.dumps(value))
    except SkaldError:
        return
    assert type(command) in rules.commands.values()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(["red_north", "brian_boru"]), st.data())
def test_random_fields_for_every_command_are_refused_or_typed(
    game: str, data: st.DataObject
) -> None:
    rules = registry().rules(game)
    name = data.draw(st.sampled_from(sorted(rules.commands)))
    fields = data.draw(
        st.dictionaries(
            st.sampled_from([*rules.commands[name].__dataclass_fields__, "x"]),
            json_values,
            max_size=4,
        )
    )
    try:
        command = from_data(rules.commands[name], fields)
    except SkaldError:
        return
    assert type(command).__name__ == name

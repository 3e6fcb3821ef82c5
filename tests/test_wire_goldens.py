"""Committed golden messages (``tests/wire_goldens/``, one per message type) still decode with
the current generated code and re-encode to the same bytes; every type has one."""

from __future__ import annotations

from pathlib import Path

import pytest

from skald.service.contract import wire_goldens

TYPES = {d.full_name: d for d in wire_goldens.message_types()}
GOLDENS = sorted(wire_goldens.GOLDEN_DIR.glob("*.binpb"))


def test_every_message_type_has_a_golden() -> None:
    missing = [n for n, d in TYPES.items() if not wire_goldens.golden_path(d).exists()]
    assert not missing, (
        f"no golden for {missing}: run python -m skald.service.contract.wire_goldens"
    )
    assert len(GOLDENS) >= len(TYPES) > 100


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.stem)
def test_golden_decodes_and_reencodes_identically(path: Path) -> None:
    data = path.read_bytes()
    assert path.stem in TYPES, f"{path.stem} has a golden but is no longer generated"
    message = wire_goldens.message_class(TYPES[path.stem]).FromString(data)
    assert message.ListFields() or not TYPES[path.stem].fields, f"{path.stem}: decodes empty"
    assert message.SerializeToString(deterministic=True) == data


def test_goldens_are_written_only_for_new_types(tmp_path: Path) -> None:
    first = wire_goldens.write_missing(tmp_path)
    assert len(first) == len(TYPES)
    first[0].write_bytes(b"an older golden")  # an existing golden is never rewritten
    first[1].unlink()  # as if its type were new
    again = wire_goldens.write_missing(tmp_path)
    assert again == [first[1]]
    assert first[0].read_bytes() == b"an older golden"
    assert first[1].read_bytes() == wire_goldens.sample(TYPES[first[1].stem])

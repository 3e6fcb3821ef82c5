"""What another seat's command, as a reader is served it, tells beyond the events beside it.

A command is served with its batch's events. Whatever ``redact`` takes out of those events
for a reader, the command must not say either: no id the reader cannot place before or after
the batch (``skald.domain.kernel.unseen``: a hidden hand's card, a face-down card, even one all saw
before it went down) unless a served event of the batch names it too, and no value redaction
changed (A Feast for Odin's #99 Preceptor hand position is a number, no id). Shared by the
contract test (every game, in memory) and the leak tests (over a real gRPC server).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.unseen import unseen
from skald.service.model.records import Record


def leaves(value: Any, key: str = "") -> set[tuple[str, str]]:
    """Every (field, value) at the leaves of encoded data (a list's items under its field)."""
    if isinstance(value, dict):
        return {leaf for k, v in value.items() for leaf in leaves(v, str(k))}
    if isinstance(value, list | tuple):
        return {leaf for v in value for leaf in leaves(v, key)}
    return {(key, repr(value))}


def cut_leaves(full: Any, shown: Any, key: str = "") -> set[tuple[str, str]]:
    """The (field, value) leaves of ``full`` that redaction changed in ``shown``."""
    if isinstance(full, dict) and isinstance(shown, dict):
        return {leaf for k, v in full.items() for leaf in cut_leaves(v, shown.get(k), str(k))}
    if isinstance(full, list) and isinstance(shown, list) and len(full) == len(shown):
        return {leaf for x, y in zip(full, shown, strict=True) for leaf in cut_leaves(x, y, key)}
    return set() if full == shown else leaves(full, key)


def strings_of(data: Any) -> set[str]:
    """Every string value in encoded data (not its field names)."""
    if isinstance(data, str):
        return {data}
    if isinstance(data, dict):
        return set().union(*(strings_of(v) for v in data.values()))
    if isinstance(data, list | tuple):
        return set().union(*(strings_of(v) for v in data))
    return set()


def batch_leaks(
    command: Any, hidden: frozenset[str], full: Sequence[Any], shown: Sequence[Any]
) -> list[str]:
    """What ``command`` (encoded data, as served) tells beyond ``shown``, the batch's event
    data as served, where ``full`` is the same unredacted and ``hidden`` the ids the reader
    cannot place before or after the batch. Empty when nothing."""
    out = []
    told = set().union(*(strings_of(data) for data in shown))
    named = (strings_of(command) & hidden) - told
    if named:
        out.append(f"names {sorted(named)}, which the served events do not")
    cut = set().union(*(cut_leaves(a, b) for a, b in zip(full, shown, strict=True)))
    said = cut & leaves(command)
    if said:
        out.append(f"holds {sorted(said)}, which redaction took out of its events")
    return out


def served_leaks(
    rules: AnyRules,
    truth: Mapping[int, Record],
    states: Sequence[Any],
    reader: int | None,
    served: Mapping[int, Record],
) -> Iterator[str]:
    """Each leak of another seat's command in ``served`` (records by version, as ``reader``
    got them: every version of a batch whose command it got), against ``truth`` (the
    referee's records by version) and ``states`` (``states[v]``: the state after version
    ``v``), as :func:`batch_leaks` finds them."""
    last = max(truth)
    for version, record in sorted(served.items()):
        real = truth[version]
        if record.command is None or real.seat == reader or "data" not in record.command:
            continue
        end = version
        while (
            end < last
            and truth[end + 1].command_id == real.command_id
            and truth[end + 1].command is None
        ):
            end += 1
        span = range(version, end + 1)
        hidden = (
            unseen(rules, states[version - 1], reader)
            | unseen(rules, states[end], reader)
            | unseen(rules, states[version - 1], None)
            | unseen(rules, states[end], None)
        )
        for problem in batch_leaks(
            record.command["data"],
            hidden,
            [truth[v].data for v in span],
            [served[v].data for v in span],
        ):
            yield f"v{version} {record.command['type']} to {reader}: {problem}"


def _carries_command(event: Any) -> bool:
    if hasattr(event, "command_type"):  # a wire GameEvent
        return bool(event.command_type)
    return event.command is not None  # a Record


def batch_ends(events: Sequence[Any]) -> dict[int, int]:
    """Each version of ``events`` (wire ``GameEvent`` messages or records, every version of
    the game in order) → the last version of its batch: one command id, the command on the
    first record only. A command rides on its batch's first event, but it is checked against
    the state after the batch: a card it names may be played face up by a later event of it."""
    ends: dict[int, int] = {}
    following: Any = None
    for event in reversed(events):
        same = (
            following is not None
            and following.command_id == event.command_id
            and not _carries_command(following)
        )
        ends[event.version] = ends[following.version] if same else event.version
        following = event
    return ends


def without_command(event: Any) -> Any:
    """A wire ``GameEvent`` without the command it carries (the rest of it: the event)."""
    bare = type(event)()
    bare.CopyFrom(event)
    bare.ClearField("command")
    return bare

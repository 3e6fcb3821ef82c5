"""Verification: settle a disputed game from its records alone.

Checks, in order, and reports the first record that fails:

1. **chain** — versions run 1, 2, 3…; each record names its predecessor's hash; each hash is
   SHA-256 of the record's canonical encoding (one changed byte anywhere breaks it);
2. **commitments** — every revealed seed hashes to the commitment published in
   ``skald.GameCreated`` (or a later ``skald.Reseeded``) before any outcome was drawn;
3. **re-decision** — setup and every stored command are decided again from the state before
   them, with chance re-derived from the seed (server chance) or from the entered outcomes
   (table chance); the resulting events must equal the stored ones exactly, and each command's
   chance must start where the previous one stopped;
4. **outcome** — ``skald.GameEnded`` holds the scores and winners the final state gives.

Without the seed (a running game read from a file) step 3 cannot re-derive server chance; the
report says so and still folds every event to prove it applies.

The records may come from anywhere (a file whose chain was recomputed by a forger): every
kernel record is read as its typed class and every field is checked before use, so a bad
record is a failed report naming its version, never an exception.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.kernel.chance import Chance, ChanceEntry, TableChance, commitment
from domain.kernel.codec import to_data
from domain.kernel.contract import AnyRules
from domain.kernel.errors import Malformed, SkaldError
from domain.kernel.records import ChanceMode, GameCreated, GameEnded, Reseeded, SeedReveal, Segment
from service import catalog
from service.batches import build_records, chance_for
from service.folding import chance_span, decode_command, decode_event
from service.records import CREATED, ENDED, GENESIS, RESEEDED, SETUP, Record, read_kernel
from service.registry import Registry
from service.upcasting import upcast

__all__ = ["Report", "verify"]


@dataclass
class Report:
    ok: bool = True
    game: str = ""
    events: int = 0
    first_bad: int | None = None
    problem: str = ""
    checked: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def fail(self, version: int, problem: str) -> Report:
        self.ok = False
        self.first_bad = version
        self.problem = problem
        return self

    def to_json(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "game": self.game,
            "events": self.events,
            "first_bad": self.first_bad,
            "problem": self.problem,
            "checked": self.checked,
            "notes": self.notes,
        }


class _Bad(Exception):
    """A record that fails a check: its version and the problem (turned into the report)."""

    def __init__(self, version: int, problem: str) -> None:
        super().__init__(problem)
        self.version = version
        self.problem = problem


def _batches(records: Sequence[Record]) -> list[list[Record]]:
    out: list[list[Record]] = []
    for r in records:
        if out and out[-1][0].command_id == r.command_id and r.type != ENDED:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def _chain(records: Sequence[Record]) -> None:
    prev = GENESIS
    for i, r in enumerate(records, start=1):
        if r.version != i:
            raise _Bad(i, f"expected version {i}, found {r.version} (missing or reordered record)")
        if r.prev_hash != prev:
            raise _Bad(i, "chain broken: prev_hash does not name the previous record")
        if r.digest() != r.hash:
            raise _Bad(i, "hash mismatch: the record was altered after it was written")
        prev = r.hash


def _typed(record: Record, cls: type[Any]) -> Any:
    try:
        return read_kernel(record, cls)
    except Malformed as error:
        raise _Bad(record.version, error.reason) from None


def _seeds(
    records: Sequence[Record], segments: Sequence[Segment], given: Sequence[SeedReveal]
) -> list[SeedReveal]:
    """The seed of every segment that has one revealed (given, or in ``skald.GameEnded``),
    each checked against its public commitment."""
    known = {(s.start, s.stream): s.seed for s in given if s.seed is not None}
    if records[-1].type == ENDED:
        ended: GameEnded = _typed(records[-1], GameEnded)
        known.update({(s.start, s.stream): s.seed for s in ended.seeds if s.seed is not None})
    full = []
    for seg in segments:
        seed = known.get((seg.start, seg.stream))
        if seed is None:
            continue
        try:
            matches = commitment(bytes.fromhex(seed)) == seg.commitment
        except ValueError:
            matches = False
        if not matches:
            raise _Bad(
                records[-1].version,
                f"revealed seed for stream {seg.stream} does not match its commitment",
            )
        full.append(SeedReveal(seg.start, seg.stream, seed))
    return full


def _entries(head: Record) -> list[ChanceEntry]:
    raw = (head.chance or {}).get("entries", [])
    ok = isinstance(raw, list) and all(
        (isinstance(e, int) and not isinstance(e, bool))
        or (isinstance(e, list) and all(isinstance(x, str) for x in e))
        for e in raw
    )
    if not ok:
        raise _Bad(head.version, "table chance entries are ill-formed")
    return [e if isinstance(e, int) else tuple(e) for e in raw]


def _command(rules: AnyRules, head: Record) -> Any:
    cmd = head.command
    if not isinstance(cmd, dict) or not isinstance(cmd.get("type"), str):
        raise _Bad(head.version, "command missing from the batch's first record")
    if not isinstance(cmd.get("data"), dict):
        raise _Bad(head.version, "the command's data is missing")
    try:
        return decode_command(rules, cmd["type"], cmd["data"])
    except SkaldError as error:
        raise _Bad(head.version, f"stored command unreadable: {error.reason}") from None


def verify(
    records: Sequence[Record],
    seeds: Sequence[SeedReveal] | None = None,
    games: Registry | None = None,
) -> Report:
    """Check ``records`` (a whole game, in order); ``seeds`` from the secret store if any;
    ``games`` defaults to the process catalog."""
    report = Report(events=len(records))
    if not records:
        return report.fail(1, "no records")
    try:
        _verify(records, seeds or (), games or catalog.registry(), report)
    except _Bad as bad:
        return report.fail(bad.version, bad.problem)
    return report


def _verify(
    records: Sequence[Record], seeds: Sequence[SeedReveal], games: Registry, report: Report
) -> None:
    _chain(records)
    report.checked.append("chain")

    if records[0].type != CREATED:
        raise _Bad(1, f"first record must be {CREATED}")
    created: GameCreated = _typed(records[0], GameCreated)
    try:
        rules = games.rules(created.game)
    except SkaldError as exc:
        raise _Bad(1, exc.reason) from None
    report.game = rules.name
    if not rules.min_players <= created.players <= rules.max_players:
        raise _Bad(1, f"{created.players} players cannot play {rules.title}")
    segments = list(created.segments)
    segments += [_typed(r, Reseeded).segment for r in records if r.type == RESEEDED]
    full = _seeds(records, segments, seeds)
    table = created.chance == ChanceMode.TABLE
    can_rederive = table or (len(full) == len(segments) and bool(segments))
    if not table:
        if can_rederive:
            report.checked.append("commitments")
        else:
            report.notes.append("seed not revealed yet: chance not re-derived, events folded only")

    state = rules.initial(created.players)
    cursor = 0
    for batch in _batches(records[1:]):
        head = batch[0]
        if head.type == ENDED:
            _outcome(rules, state, head, head is records[-1])
            report.checked.append("outcome")
            continue
        if head.type == RESEEDED:
            continue
        if head.type == CREATED:
            raise _Bad(head.version, f"a second {CREATED}")
        try:
            span = chance_span(head)
        except Malformed as error:
            raise _Bad(head.version, error.reason) from None
        if can_rederive and span is not None:
            state = _redecide(rules, created, state, batch, cursor, full)
        else:
            state = _fold(rules, state, batch)
        if span is not None:
            cursor = span[0] + span[1]
    report.checked.append("re-decision" if can_rederive else "fold")


def _outcome(rules: AnyRules, state: Any, head: Record, last: bool) -> None:
    ended: GameEnded = _typed(head, GameEnded)
    outcome = rules.outcome(state)
    if outcome is None:
        raise _Bad(head.version, "game marked ended but the rules say it is still running")
    if (tuple(outcome.scores), tuple(outcome.winners)) != (ended.scores, ended.winners):
        raise _Bad(
            head.version,
            f"stored result {list(ended.scores)} differs from the rules' {list(outcome.scores)}",
        )
    if not last:
        raise _Bad(head.version + 1, "records after the end of the game")


def _redecide(
    rules: AnyRules,
    created: GameCreated,
    state: Any,
    batch: list[Record],
    cursor: int,
    seeds: Sequence[SeedReveal],
) -> Any:
    head = batch[0]
    span = chance_span(head)
    assert span is not None
    if span[0] != cursor:
        raise _Bad(head.version, f"chance starts at {span[0]}, expected {cursor}")
    table = created.chance == ChanceMode.TABLE
    try:
        source: Chance = TableChance(_entries(head)) if table else chance_for(seeds, cursor)
    except Malformed as error:
        raise _Bad(head.version, error.reason) from None
    setup = head.command_id == SETUP
    seat = head.seat
    if not setup and (not isinstance(seat, int) or not 0 <= seat < created.players):
        raise _Bad(head.version, "a command record names no seat of the game")
    command = None if setup else _command(rules, head)
    try:
        if seat is None or setup:
            events = rules.setup(created.players, created.option_values(), source)
        else:
            events = rules.decide(state, seat, command, source)
    except SkaldError as exc:
        raise _Bad(
            head.version, f"re-decision refused the stored command: {exc.rule}: {exc.reason}"
        ) from None
    again = build_records(
        head.version,
        None if setup else seat,
        head.command_id,
        command,
        source,
        created.chance,
        cursor,
        events,
    )
    for mine, stored in zip(again, batch, strict=False):
        stored_type, stored_data = upcast(rules.name, stored.type, stored.data)
        if (mine.type, mine.seat, mine.data, mine.command, mine.chance) != (
            stored_type,
            stored.seat,
            stored_data,
            stored.command,
            stored.chance,
        ):
            raise _Bad(
                stored.version, f"stored {stored.type} differs from the re-decided {mine.type}"
            )
    if len(again) != len(batch):
        bad = batch[min(len(again), len(batch) - 1)].version
        raise _Bad(bad, f"the command makes {len(again)} events, {len(batch)} are stored")
    for e in events:
        state = rules.evolve(state, e)
    return state


def _fold(rules: AnyRules, state: Any, batch: list[Record]) -> Any:
    for r in batch:
        try:
            event = decode_event(rules, r)
        except SkaldError:
            raise _Bad(r.version, f"unknown or malformed event {r.type}") from None
        if to_data(event) != upcast(rules.name, r.type, r.data)[1]:
            raise _Bad(r.version, "event data does not round-trip")
        try:
            state = rules.evolve(state, event)
        except Exception:  # evolve never validates: a forged event may break it anywhere
            raise _Bad(r.version, f"{r.type} does not apply to the game") from None
    return state

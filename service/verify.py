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
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.bootstrap import registry
from domain.kernel.chance import Chance, TableChance, commitment
from domain.kernel.codec import from_data, to_data
from domain.kernel.errors import SkaldError
from service.records import GENESIS, Record
from service.upcasting import upcast

CREATED = "skald.GameCreated"
ENDED = "skald.GameEnded"
RESEEDED = "skald.Reseeded"


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


def _batches(records: Sequence[Record]) -> list[list[Record]]:
    out: list[list[Record]] = []
    for r in records:
        if out and out[-1][0].command_id == r.command_id and r.type != ENDED:
            out[-1].append(r)
        else:
            out.append([r])
    return out


def verify(records: Sequence[Record], seeds: Sequence[Mapping[str, Any]] | None = None) -> Report:
    """Check ``records`` (a whole stored game, in order); ``seeds`` from the secret store if any."""
    from service.folding import build_records, chance_for, decode_command

    report = Report(events=len(records))
    if not records:
        return report.fail(1, "no records")
    prev = GENESIS
    for i, r in enumerate(records, start=1):
        if r.version != i:
            return report.fail(
                i, f"expected version {i}, found {r.version} (missing or reordered record)"
            )
        if r.prev_hash != prev:
            return report.fail(i, "chain broken: prev_hash does not name the previous record")
        if r.digest() != r.hash:
            return report.fail(i, "hash mismatch: the record was altered after it was written")
        prev = r.hash
    report.checked.append("chain")

    created = records[0]
    if created.type != CREATED:
        return report.fail(1, f"first record must be {CREATED}")
    try:
        rules = registry().rules(str(created.data["game"]))
    except SkaldError as exc:
        return report.fail(1, exc.reason)
    report.game = rules.name
    players = int(created.data["players"])
    mode = str(created.data["chance"])
    segments = [dict(s) for s in created.data.get("segments", [])]
    segments += [dict(r.data) for r in records if r.type == RESEEDED]

    known = {}
    for s in seeds or ():
        known[(int(s["from"]), str(s["stream"]))] = str(s["seed"])
    for r in records:
        if r.type == ENDED:
            for s in r.data.get("seeds", []):
                if not s.get("withheld"):
                    known[(int(s["from"]), str(s["stream"]))] = str(s["seed"])
    full: list[dict[str, Any]] = []
    for seg in segments:
        key = (int(seg["from"]), str(seg["stream"]))
        if key in known:
            if commitment(bytes.fromhex(known[key])) != seg["commitment"]:
                return report.fail(
                    records[-1].version,
                    f"revealed seed for stream {key[1]} does not match its commitment",
                )
            full.append({"from": key[0], "stream": key[1], "seed": known[key]})
    can_rederive = mode == "table" or (len(full) == len(segments) and segments)
    if mode == "server":
        if can_rederive:
            report.checked.append("commitments")
        else:
            report.notes.append("seed not revealed yet: chance not re-derived, events folded only")

    state = rules.initial(players)
    cursor = 0
    for batch in _batches(records[1:]):
        head = batch[0]
        if head.type == ENDED:
            outcome = rules.outcome(state)
            if outcome is None:
                return report.fail(
                    head.version, "game marked ended but the rules say it is still running"
                )
            if list(outcome.scores) != list(head.data["scores"]) or list(outcome.winners) != list(
                head.data["winners"]
            ):
                return report.fail(
                    head.version,
                    f"stored result {head.data['scores']} differs from the rules' {list(outcome.scores)}",
                )
            if head is not records[-1]:
                return report.fail(head.version + 1, "records after the end of the game")
            report.checked.append("outcome")
            continue
        if head.type == RESEEDED:
            continue
        if can_rederive and head.chance is not None:
            if int(head.chance["from"]) != cursor:
                return report.fail(
                    head.version, f"chance starts at {head.chance['from']}, expected {cursor}"
                )
            source: Chance = (
                TableChance(head.chance.get("entries", []))
                if mode == "table"
                else chance_for(full, cursor)
            )
            try:
                if head.command_id == "setup":
                    command = None
                    events = rules.setup(players, dict(created.data.get("options", {})), source)
                else:
                    if head.command is None:
                        return report.fail(
                            head.version, "command missing from the batch's first record"
                        )
                    command = decode_command(rules, head.command["type"], head.command["data"])
                    events = rules.decide(state, head.seat, command, source)
            except SkaldError as exc:
                return report.fail(
                    head.version,
                    f"re-decision refused the stored command: {exc.rule}: {exc.reason}",
                )
            again = build_records(
                rules,
                head.version,
                head.seat,
                head.command_id,
                command,
                source,
                mode,
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
                    return report.fail(
                        stored.version,
                        f"stored {stored.type} differs from the re-decided {mine.type}",
                    )
            if len(again) != len(batch):
                bad = batch[min(len(again), len(batch) - 1)].version
                return report.fail(
                    bad, f"the command makes {len(again)} events, {len(batch)} are stored"
                )
            for e in events:
                state = rules.evolve(state, e)
        else:
            for r in batch:
                try:
                    name, data = upcast(rules.name, r.type, r.data)
                    event = from_data(rules.events[name], data)
                except (KeyError, SkaldError):
                    return report.fail(r.version, f"unknown or malformed event {r.type}")
                if to_data(event) != data:
                    return report.fail(r.version, "event data does not round-trip")
                state = rules.evolve(state, event)
        if head.chance is not None:
            cursor = int(head.chance["from"]) + int(head.chance["used"])
    if can_rederive:
        report.checked.append("re-decision")
    else:
        report.checked.append("fold")
    return report

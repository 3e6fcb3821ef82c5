"""Verification: settle a disputed game from its records alone.

What must be checked follows from the game's kind (its ``skald.GameCreated``), never from what
the records say about themselves: a forger who re-hashes the chain controls every byte, so a
``chance: null`` or an empty list of segments must not switch a check off. In order, naming the
first record that fails:

1. **chain** — versions run 1, 2, 3…; each record names its predecessor's hash; each hash is
   SHA-256 of the record's canonical encoding (one changed byte anywhere breaks it);
2. **head** (a stored game) — the store's head for the game, written in the same transaction
   as every batch, names the last record: a game cut short in the database is caught here;
3. **commitments** (server chance) — the game commits to a seed from draw 0 on, and every
   revealed or supplied seed hashes to the commitment of its segment;
4. **re-decision** — setup and *every* command batch are decided again from the state before
   them, with chance from the seed (server chance) or the entered outcomes (table chance);
   verify counts the draws itself, so each batch's chance cursor is re-derived, not read; the
   resulting records must equal the stored ones exactly (a mismatch names the first field
   that differs); each batch's command id names it alone (the service answers a retried id
   once, never plays it again), and the kernel records carry the ids of their batches;
5. **outcome** — ``skald.GameEnded`` holds the scores, winners and end reason the final state
   gives, and a game whose final state has an outcome must end with it (the end cut off an
   export is caught here even when its trailer was rewritten).

A game recorded under another rules version than this skald's is re-decided under this one's
(older games read through :mod:`service.upcasting` and the options' ``absent`` values), and
the report's notes say so.

A check that cannot run is a failure with its reason, never a note: a server-chance game whose
seed is not revealed yet (running) or withheld (a fork sharing a running game's seed) verifies
only with the seeds supplied by the caller — the store's operator view does. The records may
come from anywhere: every field is checked before use, so a bad record is a failed report
naming its version, never an exception. What verify knows of the seeds is
:mod:`service.chance_check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from domain.kernel.chance import Chance, ChanceEntry, TableChance
from domain.kernel.contract import AnyRules
from domain.kernel.errors import Malformed, SkaldError
from domain.kernel.options import resolve_options, stored_values
from domain.kernel.records import ChanceMode, GameCreated, GameEnded, Reseeded, SeedReveal
from service import catalog
from service.batches import build_records
from service.chance_check import Bad, KnownChance, Unrevealed
from service.folding import decode_command
from service.records import CREATED, ENDED, GENESIS, KERNEL, RESEEDED, SETUP, Record, read_kernel
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


def verify(
    records: Sequence[Record],
    seeds: Sequence[SeedReveal] | None = None,
    games: Registry | None = None,
    head: tuple[int, str] | None = None,
) -> Report:
    """Check ``records`` (a whole game, in order). ``seeds``: from the store's secrets, if the
    caller may use them; ``games`` defaults to the process catalog; ``head`` is the store's
    (last version, last hash) of the game — ``(0, GENESIS)`` when it keeps none."""
    report = Report(events=len(records))
    if not records:
        return report.fail(1, "no records")
    try:
        _verify(records, seeds or (), games or catalog.registry(), head, report)
    except Bad as bad:
        return report.fail(bad.version, bad.problem)
    return report


def _kernel(record: Record) -> bool:
    return record.type.startswith(f"{KERNEL}.")


def _batches(records: Sequence[Record]) -> list[list[Record]]:
    """Runs of one command id, each begun by the record carrying its command (setup's by the
    first); every kernel record stands alone. A record carrying a command always begins a
    batch, so two batches under one id are two batches (and refused as such), not one."""
    out: list[list[Record]] = []
    for r in records:
        if (
            out
            and not _kernel(r)
            and not _kernel(out[-1][0])
            and out[-1][0].command_id == r.command_id
            and r.command is None
        ):
            out[-1].append(r)
        else:
            out.append([r])
    return out


def _chain(records: Sequence[Record]) -> None:
    prev = GENESIS
    for i, r in enumerate(records, start=1):
        if r.version != i:
            raise Bad(i, f"expected version {i}, found {r.version} (missing or reordered record)")
        if r.prev_hash != prev:
            raise Bad(i, "chain broken: prev_hash does not name the previous record")
        if r.digest() != r.hash:
            raise Bad(i, "hash mismatch: the record was altered after it was written")
        prev = r.hash


def _head(records: Sequence[Record], head: tuple[int, str]) -> None:
    version, digest = head
    last = records[-1]
    if version == 0:
        raise Bad(last.version, "the store keeps no head for this game (written outside it?)")
    if (version, digest) != (last.version, last.hash):
        raise Bad(
            min(version, last.version) + (version > last.version),
            f"head mismatch: the store's head is v{version} {digest[:12]}…, the records end at "
            f"v{last.version} {last.hash[:12]}… (records cut off or written outside the store)",
        )


def _typed(record: Record, cls: type[Any]) -> Any:
    try:
        return read_kernel(record, cls)
    except Malformed as error:
        raise Bad(record.version, error.reason) from None


def _verify(
    records: Sequence[Record],
    seeds: Sequence[SeedReveal],
    games: Registry,
    head: tuple[int, str] | None,
    report: Report,
) -> None:
    _chain(records)
    report.checked.append("chain")
    if head is not None:
        _head(records, head)
        report.checked.append("head")

    if records[0].type != CREATED:
        raise Bad(1, f"first record must be {CREATED}")
    created: GameCreated = _typed(records[0], GameCreated)
    if (records[0].seat, records[0].command, records[0].chance) != (None, None, None):
        raise Bad(1, f"{CREATED} carries a seat, command or chance")
    try:
        rules = games.rules(created.game)
    except SkaldError as exc:
        raise Bad(1, exc.reason) from None
    report.game = rules.name
    if records[0].command_id != SETUP:
        raise Bad(1, f"{CREATED} belongs to the setup batch (command id {SETUP!r})")
    if not rules.min_players <= created.players <= rules.max_players:
        raise Bad(1, f"{created.players} players cannot play {rules.title}")
    names = [o.name for o in created.options]
    twice = sorted({name for name in names if names.count(name) > 1})
    if twice:
        raise Bad(1, f"the stored options set {', '.join(map(repr, twice))} more than once")
    if created.rules_version != rules.rules_version:
        report.notes.append(
            f"recorded under rules {created.rules_version}; re-decided under "
            f"{rules.rules_version}, this skald's (with its registered upcasts)"
        )
    options = stored_values(rules.options, created.option_values())
    try:  # setup is re-run with the stored options (plus those added since, as then played)
        if resolve_options(rules.options, options) != options:
            raise Bad(1, "the stored options are not complete")
    except Malformed as error:
        raise Bad(1, f"stored options: {error.reason}") from None
    server = created.chance == ChanceMode.SERVER
    known = list(seeds)
    if records[-1].type == ENDED:
        known += _typed(records[-1], GameEnded).seeds
    chance = KnownChance(created, known, records[-1].version) if server else None
    if chance is not None:
        report.checked.append("commitments")

    state = rules.initial(created.players)
    cursor = 0
    used: dict[str, int] = {}  # command id → the version its batch begins at
    for n, batch in enumerate(_batches(records[1:])):
        first = batch[0]
        if _kernel(first) and (first.seat, first.command, first.chance) != (None, None, None):
            raise Bad(first.version, f"{first.type} carries a seat, command or chance")
        if not _kernel(first):
            _command_id(first, used)
        if first.type == ENDED:
            before = records[first.version - 2]
            if first.command_id != before.command_id:
                raise Bad(
                    first.version,
                    f"{ENDED} names command id {first.command_id!r}, not that of the batch "
                    f"that ended the game ({before.command_id!r} at v{before.version})",
                )
            _outcome(rules, state, first, first is records[-1])
            report.checked.append("outcome")
        elif first.type == RESEEDED:
            if chance is None:
                raise Bad(first.version, "a table-chance game has no seed to reseed")
            chance.add(first.version, _typed(first, Reseeded).segment, cursor)
        elif _kernel(first):
            raise Bad(first.version, f"{first.type} cannot appear here")
        else:
            if (first.command_id == SETUP) != (n == 0):
                raise Bad(first.version, "setup must be the first batch, and only the first")
            if n and rules.outcome(state) is not None:
                raise Bad(first.version, "a command after the game was over by its rules")
            state, cursor = _redecide(rules, created, state, batch, cursor, chance)
    if records[-1].type != ENDED and rules.outcome(state) is not None:
        raise Bad(
            records[-1].version + 1,
            f"the game is over by its rules but does not end with {ENDED} (cut off?)",
        )
    report.checked.append("re-decision")


def _command_id(first: Record, used: dict[str, int]) -> None:
    """A batch's command id names it alone: the service answers a retried id with the first
    result and refuses it for another command, so no honest game holds one id twice (every
    reader finds a batch by its id: the game's boundaries, its retries)."""
    cid = first.command_id
    if not isinstance(cid, str) or not cid:
        raise Bad(first.version, "the command id is empty")
    if cid in used:
        raise Bad(
            first.version,
            f"command id {cid!r} was already used by the batch at v{used[cid]} (a retried "
            "command is answered once, never played again)",
        )
    used[cid] = first.version


def _outcome(rules: AnyRules, state: Any, head: Record, last: bool) -> None:
    ended: GameEnded = _typed(head, GameEnded)
    outcome = rules.outcome(state)
    if outcome is None:
        raise Bad(head.version, "game marked ended but the rules say it is still running")
    for what, stored, derived in (
        ("scores", list(ended.scores), list(outcome.scores)),
        ("winners", list(ended.winners), list(outcome.winners)),
        ("end reason", ended.reason, outcome.reason),
    ):
        if stored != derived:
            raise Bad(
                head.version,
                f"stored {what}: {_shown(stored)}, but the rules give {_shown(derived)}",
            )
    if not last:
        raise Bad(head.version + 1, "records after the end of the game")


def _entries(head: Record) -> list[ChanceEntry]:
    raw = head.chance.get("entries") if isinstance(head.chance, dict) else None
    ok = isinstance(raw, list) and all(
        (isinstance(e, int) and not isinstance(e, bool))
        or (isinstance(e, list) and all(isinstance(x, str) for x in e))
        for e in raw
    )
    if not ok or not isinstance(raw, list):
        raise Bad(head.version, "a table-chance batch must list its entered outcomes")
    return [e if isinstance(e, int) else tuple(e) for e in raw]


def _command(rules: AnyRules, head: Record) -> Any:
    cmd = head.command
    if not isinstance(cmd, dict) or not isinstance(cmd.get("type"), str):
        raise Bad(head.version, "command missing from the batch's first record")
    if not isinstance(cmd.get("data"), dict):
        raise Bad(head.version, "the command's data is missing")
    try:
        return decode_command(rules, cmd["type"], cmd["data"])
    except SkaldError as error:
        raise Bad(head.version, f"stored command unreadable: {error.reason}") from None


def _redecide(
    rules: AnyRules,
    created: GameCreated,
    state: Any,
    batch: list[Record],
    cursor: int,
    chance: KnownChance | None,
) -> tuple[Any, int]:
    """Decide ``batch`` again from ``state`` with chance at verify's own ``cursor``; the state
    after it and the cursor after its draws."""
    head = batch[0]
    setup = head.command_id == SETUP
    seat = -1 if head.seat is None else head.seat
    if not setup and (isinstance(seat, bool) or not 0 <= seat < created.players):
        raise Bad(head.version, f"a command record names no seat of the game ({head.seat!r})")
    command = None if setup else _command(rules, head)
    segment = None
    source: Chance
    if chance is None:
        source = TableChance(_entries(head))
    else:
        source, segment = chance.at(cursor)
    try:
        if setup:
            events = rules.setup(
                created.players, stored_values(rules.options, created.option_values()), source
            )
        else:
            events = rules.decide(state, seat, command, source)
    except Unrevealed:
        assert chance is not None and segment is not None
        raise Bad(head.version, chance.why_missing(segment)) from None
    except SkaldError as exc:
        raise Bad(
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
        if mine.chance != stored.chance and mine is again[0]:
            raise Bad(
                stored.version,
                f"stored chance {stored.chance} differs from the re-derived {mine.chance}",
            )
        fields = (
            ("type", mine.type, stored_type),
            ("seat", mine.seat, stored.seat),
            ("command id", mine.command_id, stored.command_id),
            ("data", mine.data, stored_data),
            ("command", mine.command, stored.command),
            ("chance", mine.chance, stored.chance),
        )
        for name, derived, kept in fields:
            if derived != kept:
                raise Bad(
                    stored.version,
                    f"stored {stored.type} differs from the re-decided {mine.type}: "
                    f"{_difference(name, derived, kept)}",
                )
    if len(again) != len(batch):
        bad = batch[min(len(again), len(batch) - 1)].version
        raise Bad(bad, f"the command makes {len(again)} events, {len(batch)} are stored")
    for e in events:
        state = rules.evolve(state, e)
    return state, cursor + source.used


def _difference(path: str, derived: Any, stored: Any) -> str:
    """The first place two encoded values differ, as ``data.placement.col: stored 5, re-decided
    4`` (values cut to 80 characters: a forged field may be huge)."""
    while True:
        if isinstance(derived, dict) and isinstance(stored, dict):
            keys = sorted(set(derived) | set(stored), key=str)
            key = next(
                (k for k in keys if derived.get(k, _MISSING) != stored.get(k, _MISSING)), None
            )
            if key is None:
                break
            path, derived, stored = (
                f"{path}.{key}",
                derived.get(key, _MISSING),
                stored.get(key, _MISSING),
            )
        elif isinstance(derived, list) and isinstance(stored, list) and len(derived) == len(stored):
            i = next(
                (i for i, (x, y) in enumerate(zip(derived, stored, strict=True)) if x != y), -1
            )
            if i < 0:
                break
            path, derived, stored = f"{path}[{i}]", derived[i], stored[i]
        else:
            break
    return f"{path}: stored {_shown(stored)}, re-decided {_shown(derived)}"


class _Missing:
    def __repr__(self) -> str:
        return "(absent)"


_MISSING = _Missing()


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:79] + "…"

"""Verification: settle a disputed game from its records alone.

What must be checked follows from the game's kind (its ``skald.GameCreated``), never from what
the records say about themselves: a forger who re-hashes the chain controls every byte, so a
``chance: null`` or an empty list of segments must not switch a check off. In order, naming the
first record that fails:

1. **chain** — versions run 1, 2, 3…; each record names its predecessor's hash; each hash is
   SHA-256 of the record's canonical encoding (one changed byte anywhere breaks it);
2. **head** (a stored game) — the store's head for the game, written in the same transaction
   as every batch, names the last record: a game cut short in the database is caught here;
3. **kernel records, from ``skald.GameCreated`` alone** — it stands at v1 and nowhere else, of
   this skald's record format (2: every record salted); ``skald.Reseeded`` stands nowhere (the
   kernel never writes one: a reseeded fork commits to its new segment in its own
   ``skald.GameCreated``); ``skald.GameEnded`` only as the last record, right after the batch
   that ended the game (step 5), revealing one seed per segment (or withholding it); no other
   ``skald.`` type at all. The segments: a game that is no fork has one, from draw 0; a
   fork's start strictly increasing from 0, each later one at the chance cursor of a command
   boundary no later than the fork point (``forked_from.version``, itself such a boundary) —
   a reseed at the fork point exactly at the cursor there — and none beyond it
   (:mod:`skald.service.model.chance_check`). The notes say a fork is one, and where it was reseeded;
4. **commitments** (server chance) — the game commits to a seed from draw 0 on, and every
   revealed or supplied seed hashes to the commitment of its segment;
5. **re-decision** — setup and *every* command batch are decided again from the state before
   them, with chance from the seed (server chance) or the entered outcomes (table chance);
   verify counts the draws itself, so each batch's chance cursor is re-derived, not read; the
   resulting records must equal the stored ones exactly (a mismatch names the first field
   that differs); each batch's command id names it alone (the service answers a retried id
   once, never plays it again), and the kernel records carry the ids of their batches;
6. **outcome** — ``skald.GameEnded`` holds the scores, winners and end reason the final state
   gives, and a game whose final state has an outcome must end with it (the end cut off an
   export is caught here even when its trailer was rewritten);
7. **salts** — every record carries ``salt_for(key, game_id, version)`` of the game's salt key
   (:mod:`skald.service.model.records`): the key ``skald.GameEnded`` reveals, else the caller's (the
   store's secret for its referee and operator, a running game's replay-file header); a
   supplied key that differs from the revealed one fails, and so does a ``skald.GameEnded``
   that withholds the key while no seed is withheld, or reveals it while one is. A forger who
   re-seals the chain must then re-derive every salt from the real key, or be named at the
   first record whose salt it did not.

A game recorded under another rules version than this skald's is re-decided under this one's
(older games read through :mod:`skald.service.model.upcasting` and the options' ``absent`` values), and
the report's notes say so.

A check that cannot run is a failure with its reason, never a note: a server-chance game whose
seed is not revealed yet (running) or withheld (a fork sharing a running game's seed) verifies
only with the seeds supplied by the caller — the store's operator view does — and a game whose
salt key is not revealed only with the key supplied. The records may
come from anywhere: every field is checked before use, so a bad record is a failed report
naming its version, never an exception. What verify knows of the seeds is
:mod:`skald.service.model.chance_check`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from skald.domain.kernel.chance import Chance, ChanceEntry, TableChance
from skald.domain.kernel.contract import AnyRules, Outcome
from skald.domain.kernel.errors import Malformed, SkaldError
from skald.domain.kernel.options import resolve_options, stored_values
from skald.domain.kernel.records import ChanceMode, GameCreated, GameEnded, SeedReveal
from skald.service.model import catalog
from skald.service.model.batches import build_records
from skald.service.model.chance_check import (
    Bad,
    KnownChance,
    LaterSegments,
    Unrevealed,
    check_segments,
)
from skald.service.model.folding import decode_command
from skald.service.model.records import (
    CREATED,
    ENDED,
    GENESIS,
    KERNEL,
    RESEEDED,
    RULES_FORMAT,
    SETUP,
    Record,
    read_kernel,
    salt_for,
)
from skald.service.model.registry import Registry
from skald.service.model.upcasting import upcast

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
    receipts: int = 0
    """Seat receipts checked against the records (all agreed, when ``ok``)."""

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
            "receipts": self.receipts,
        }


def verify(
    records: Sequence[Record],
    seeds: Sequence[SeedReveal] | None = None,
    games: Registry | None = None,
    head: tuple[int, str] | None = None,
    *,
    salt_key: bytes | None = None,
) -> Report:
    """Check ``records`` (a whole game, in order). ``seeds``: from the store's secrets, if the
    caller may use them; ``games`` defaults to the process catalog; ``head`` is the store's
    (last version, last hash) of the game — ``(0, GENESIS)`` when it keeps none; ``salt_key``:
    the game's record salt key, if the caller holds it (the store's secret, or a running
    game's replay-file header), for a game whose end does not reveal it."""
    report = Report(events=len(records))
    if not records:
        return report.fail(1, "no records")
    try:
        _verify(records, seeds or (), games or catalog.registry(), head, report, salt_key)
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
    salt_key: bytes | None = None,
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
    if created.format != RULES_FORMAT:
        raise Bad(
            1,
            f"record format {created.format!r}: this skald verifies format {RULES_FORMAT} "
            "(every record salted; a reseed committed in a fork's own record), which every "
            "game it writes has",
        )
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
    check_segments(created)
    _kernel_places(records)
    server = created.chance == ChanceMode.SERVER
    last = records[-1].version
    known = [(s, last) for s in seeds]
    for r in records:  # a misplaced end is named by the walk; its seeds are checked all the same
        if r.type == ENDED:
            known += [(s, r.version) for s in _typed(r, GameEnded).seeds]
    chance = KnownChance(created, known) if server else None
    if chance is not None:
        report.checked.append("commitments")

    state = rules.initial(created.players)
    over = None
    cursor = 0
    later = LaterSegments(created)
    used: dict[str, int] = {}  # command id → the version its batch begins at
    for n, batch in enumerate(_batches(records[1:])):
        first = batch[0]
        if _kernel(first) and (first.seat, first.command, first.chance) != (None, None, None):
            raise Bad(first.version, f"{first.type} carries a seat, command or chance")
        if not _kernel(first):
            _command_id(first, used)
        if first.type == ENDED:
            if over is not None:  # the segments GameCreated commits to, before its end's
                later.end(cursor)
            _ended(rules, created, over, first, records)
            report.checked.append("outcome")
        else:  # _kernel_places let no other kernel record through
            if (first.command_id == SETUP) != (n == 0):
                raise Bad(first.version, "setup must be the first batch, and only the first")
            if n and over is not None:
                raise Bad(first.version, "a command after the game was over by its rules")
            state, cursor = _redecide(rules, created, state, batch, cursor, chance)
            over = rules.outcome(state)
            later.boundary(batch[-1].version, cursor, over is None)
    later.end(cursor)
    if records[-1].type != ENDED and over is not None:
        raise Bad(
            records[-1].version + 1,
            f"the game is over by its rules but does not end with {ENDED} (cut off?)",
        )
    report.checked.append("re-decision")
    if created.forked_from is not None:
        report.notes += _fork_notes(created, later)
    _salts(records, created, salt_key)
    report.checked.append("salts")


def _kernel_places(records: Sequence[Record]) -> None:
    """The kernel records ``skald.GameCreated`` allows, by place alone (the first misplaced
    one named): itself at v1 only, never ``skald.Reseeded`` (the kernel no longer writes it:
    a reseeded fork commits to its segment in its own ``skald.GameCreated``), no other
    ``skald.`` type; ``skald.GameEnded`` only as the last record is the walk's (it knows
    when the game ended)."""
    for r in records[1:]:
        if not _kernel(r) or r.type == ENDED:
            continue
        if r.type == CREATED:
            raise Bad(r.version, f"{CREATED} stands at v1 only; another one at v{r.version}")
        if r.type == RESEEDED:
            raise Bad(
                r.version,
                f"{RESEEDED} at v{r.version}: a game of format {RULES_FORMAT} never holds one "
                f"(a reseeded fork commits to its new segment in its own {CREATED}; no later "
                "record may start a segment)",
            )
        raise Bad(r.version, f"{r.type} is no kernel record")


def _fork_notes(created: GameCreated, later: LaterSegments) -> list[str]:
    """What a reader of a fork's report must see: that it is one, where it was reseeded, and
    when its chance is the source's (predictable by anyone once the source has ended)."""
    fork = created.forked_from
    assert fork is not None
    notes = [f"a fork of {fork.game_id} at v{fork.version}"]
    if created.chance != ChanceMode.SERVER:
        return notes
    at_fork = later.running[fork.version]
    reseeds = list(later.placed)
    if created.segments[0].stream == created.game_id:  # a random seed of its own from draw 0
        reseeds.insert(0, (0, fork.version))
    fresh = False
    for start, version in reseeds:
        fresh = fresh or start == at_fork
        since = fork.version if start == at_fork else version
        notes.append(f"reseeded at draw {start} (fresh chance from v{since} on)")
    if not fresh:
        notes.append(
            f"not reseeded at the fork point: after v{fork.version} it draws the chance of "
            f"{fork.game_id} (its seed and stream); once that game has ended its seed is "
            "public, and a fork of it then deals open-hand (anyone can predict every draw)"
        )
    return notes


def _ended(
    rules: AnyRules,
    created: GameCreated,
    outcome: Outcome | None,
    record: Record,
    records: Sequence[Record],
) -> None:
    """``skald.GameEnded`` at ``record``: right after the batch that ended the game, its last
    record, with the outcome the rules give and one seed reveal per segment."""
    if outcome is None:
        raise Bad(record.version, "game marked ended but the rules say it is still running")
    before = records[record.version - 2]
    if record.command_id != before.command_id:
        raise Bad(
            record.version,
            f"{ENDED} names command id {record.command_id!r}, not that of the batch "
            f"that ended the game ({before.command_id!r} at v{before.version})",
        )
    _outcome(rules, outcome, record, record is records[-1])
    _reveals(created, _typed(record, GameEnded), record.version)


def _reveals(created: GameCreated, ended: GameEnded, version: int) -> None:
    """The seeds a game's end reveals follow from its segments: one per segment, in order,
    either revealed (a seed) or withheld (neither seed nor nonce); none for table chance."""
    if created.chance != ChanceMode.SERVER:
        if ended.seeds:
            raise Bad(version, f"{ENDED} of a table-chance game reveals seeds it has not")
        return
    wanted = [(s.start, s.stream) for s in created.segments]
    given = [(s.start, s.stream) for s in ended.seeds]
    if given != wanted:
        raise Bad(
            version,
            f"{ENDED} reveals seeds for segments {_shown(given)}, the game commits to "
            f"{_shown(wanted)}",
        )
    for s in ended.seeds:
        if s.withheld != (s.seed is None) or (s.withheld and s.nonce is not None):
            raise Bad(
                version,
                f"{ENDED}: the seed of stream {s.stream} (draws from {s.start}) is neither "
                "revealed nor withheld",
            )


def _salts(records: Sequence[Record], created: GameCreated, supplied: bytes | None) -> None:
    """Every record's salt is ``salt_for(key, game_id, version)``: the key the end reveals
    (unless a seed is withheld, when it must not), else the one the caller holds."""
    last = records[-1]
    key = None
    if last.type == ENDED:
        ended: GameEnded = _typed(last, GameEnded)
        withheld = any(s.withheld for s in ended.seeds)
        if withheld and ended.salt_key is not None:
            raise Bad(
                last.version,
                f"{ENDED} reveals the salt key while a seed is withheld (the salts would open "
                "the hidden records a game sharing the seed draws again)",
            )
        if not withheld and ended.salt_key is None:
            raise Bad(
                last.version,
                f"{ENDED} does not reveal the game's salt key, though it withholds no seed",
            )
        if ended.salt_key is not None:
            key = _key(ended.salt_key, last.version)
            if supplied is not None and supplied != key:
                raise Bad(
                    last.version,
                    f"{ENDED} reveals another salt key than the game's own (the store's "
                    "secret or the file's header holds another)",
                )
    key = key or supplied
    if key is None:
        raise Bad(
            1,
            "salts cannot be checked: the game's salt key is not revealed (it has not ended, "
            "or a seed is withheld); verify the stored game as its referee or operator, or a "
            "file exported by this skald (its header carries a running game's key)",
        )
    for r in records:
        if r.salt is None:
            raise Bad(r.version, "the record carries no salt (every record of the game has one)")
        if r.salt != salt_for(key, created.game_id, r.version):
            none = all(x.salt != salt_for(key, created.game_id, x.version) for x in records)
            raise Bad(
                r.version,
                "the record's salt is not the one the game's salt key derives"
                + (" (nor is any record's: the salts or the key were changed)" if none else ""),
            )


def _key(text: str, version: int) -> bytes:
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) != 32 or key.hex() != text:
        raise Bad(version, f"{ENDED}: the salt key is not 32 bytes of lowercase hex")
    return key


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


def _outcome(rules: AnyRules, outcome: Outcome, head: Record, last: bool) -> None:
    ended: GameEnded = _typed(head, GameEnded)
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
    if len(again) != len(batch):  # the first extra record, or the place of the first missing
        bad = batch[len(again)].version if len(again) < len(batch) else batch[-1].version + 1
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

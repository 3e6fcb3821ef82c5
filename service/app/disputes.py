"""Disputes and rulings: records beside a game's own, never changing it (issue 24).

A seat disputes the game at a version (``skald dispute``: its own token, or the referee or
operator naming the seat); the referee or operator upholds or dismisses it (``skald rule``),
and an upheld dispute may name the game's continuation — a fork of it at a version, made by
the ruling with :func:`skald.service.app.lifecycle.fork` (so the fork's rules hold: a command boundary,
not at the end, ``reseed`` as asked), whose id and version the ruling records. Disputes are
public: everybody who may see the game may list them.

**Records.** Each dispute and each ruling is a :class:`~skald.service.model.records.Record` in a hash
chain of the game's own disputes — versions 1, 2, …, ``prev_hash`` from ``GENESIS``, ``hash``
= :meth:`Record.digest` — and carries no salt, command or chance (nothing in it is hidden):

* ``skald.Disputed``: ``seat`` the disputing seat, ``command_id`` a fresh id, data
  ``{"number", "at_version", "at_hash", "text"}`` — numbers 1, 2, … in the order filed, and
  the hash of the game's record at ``at_version``, which binds the dispute to the game as
  the seat saw it (a game altered afterwards no longer matches it);
* ``skald.Ruled``: ``seat`` null, data ``{"number", "upheld", "text", "fork"}``, ``fork``
  ``{"game_id", "version"}`` or null.

**Where.** Kept out of the game's stream, so the game's versions, head, receipts,
``expected_version`` and end stay as they were: a store aggregate of their own
(:class:`skald.service.store.event_store.DisputeRecorded`, id uuid5 of a namespace and the game id). Appends
use the library's optimistic concurrency: a place in the chain taken by another writer is
:class:`~skald.service.model.errors.Stale`, and the use case decides again on the newer chain (a second
ruling on one dispute is then refused), so no two disputes share a number. An export writes
the chain in its trailer (``disputes``); an import checks it first and stores it with the game.

**Verify.** :func:`check` checks a chain against the game's records; :func:`apply` adds it to
a verify report (the stored game's, or a replay file's): a bad chain fails the report with
``dispute record N: …``, and an upheld ruling that names a fork adds the note
``superseded: dispute #n upheld, continued as fork GAME at vV``.
"""

from __future__ import annotations

import unicodedata
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skald.domain.kernel.errors import IllegalMove, Malformed
from skald.domain.kernel.ranges import require_int32
from skald.service.app import policy
from skald.service.model.auth import Principal
from skald.service.model.errors import NotFound, Stale, echo
from skald.service.model.records import GENESIS, RECORD_KEYS, Record, utc_iso
from skald.service.model.verify import Report
from skald.service.store.repository import Repository

if TYPE_CHECKING:
    from skald.service.app.lifecycle import Created

    Forker = Callable[[Repository, str, Principal, int, bool], Created]
    """:func:`skald.service.app.lifecycle.fork` (given by the caller: lifecycle reads disputes itself)."""

__all__ = [
    "DISPUTED",
    "RULED",
    "TEXT_LIMIT",
    "DisputeCheck",
    "DisputeView",
    "RulingView",
    "apply",
    "check",
    "file",
    "list_disputes",
    "parse",
    "rule",
    "shown",
    "verify_stored",
    "views",
]

DISPUTED = "skald.Disputed"
RULED = "skald.Ruled"
TEXT_LIMIT = 2000
"""Characters a dispute's or a ruling's text may hold (after trimming)."""
DISPUTES_LIMIT = 256
"""Disputes one game may hold: a seat cannot grow a game's record (and its exports) at will."""
RETRIES = 8
"""Races a use case may lose while the chain stands still (a writer that took its place and
added a record is progress, and not counted: see :func:`_chains`)."""
_DISPUTED_KEYS = frozenset({"number", "at_version", "at_hash", "text"})
_RULED_KEYS = frozenset({"number", "upheld", "text", "fork"})
_BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Embeddings, overrides and isolates: they reorder the line a text is printed on."""


# ---------------------------------------------------------------------------- what is shown


@dataclass(frozen=True, slots=True)
class RulingView:
    upheld: bool
    text: str
    ruled_at: str
    fork_game_id: str = ""
    """The fork that continues the game (an upheld dispute's), ``""`` when none."""
    fork_version: int = 0
    hash: str = ""

    def to_json(self) -> dict[str, Any]:
        fork = (
            {"game_id": self.fork_game_id, "version": self.fork_version}
            if self.fork_game_id
            else None
        )
        return {
            "upheld": self.upheld,
            "text": self.text,
            "ruled_at": self.ruled_at,
            "fork": fork,
            "hash": self.hash,
        }


@dataclass(frozen=True, slots=True)
class DisputeView:
    """One dispute with its ruling once made (what ``ListDisputes`` and ``skald log`` show)."""

    number: int
    at_version: int
    at_hash: str
    seat: int
    text: str
    filed_at: str
    hash: str
    ruling: RulingView | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "number": self.number,
            "at_version": self.at_version,
            "at_hash": self.at_hash,
            "seat": self.seat,
            "text": self.text,
            "filed_at": self.filed_at,
            "hash": self.hash,
            "ruling": None if self.ruling is None else self.ruling.to_json(),
        }


def views(chain: Sequence[Record]) -> list[DisputeView]:
    """The disputes of a chain with their rulings, in number order (the chain is trusted:
    :func:`check` says whether it should be; a record that does not fit is passed over)."""
    out: list[DisputeView] = []
    for r in chain:
        data = r.data
        if r.type == DISPUTED and r.seat is not None:
            out.append(
                DisputeView(
                    int(data["number"]),
                    int(data["at_version"]),
                    str(data["at_hash"]),
                    r.seat,
                    str(data["text"]),
                    r.at,
                    r.hash,
                )
            )
        elif r.type == RULED:
            number = data.get("number")
            if not isinstance(number, int) or not 1 <= number <= len(out):
                continue
            fork = data.get("fork") or {}
            ruling = RulingView(
                bool(data["upheld"]),
                str(data["text"]),
                r.at,
                str(fork.get("game_id", "")),
                int(fork.get("version", 0)),
                r.hash,
            )
            d = out[number - 1]
            out[number - 1] = DisputeView(
                d.number, d.at_version, d.at_hash, d.seat, d.text, d.filed_at, d.hash, ruling
            )
    return out


def shown(objects: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """A replay file's disputes as JSON to show (browser, page), ``[]`` if they cannot be
    read; whether they hold is :func:`check`'s answer, in the file's verify report."""
    try:
        return [d.to_json() for d in views(parse(objects))]
    except (Malformed, KeyError, TypeError, ValueError):
        return []


# ---------------------------------------------------------------------------- use cases


def clean_text(text: str, what: str) -> str:
    """``text`` trimmed, or :class:`Malformed`: empty, longer than :data:`TEXT_LIMIT`, or
    holding a control character (a line break, an escape, a bidi override)."""
    trimmed = text.strip() if isinstance(text, str) else ""
    if not trimmed:
        raise Malformed("dispute/empty-text", f"{what} needs text (1–{TEXT_LIMIT} characters)")
    if len(trimmed) > TEXT_LIMIT:
        raise Malformed(
            "dispute/text-too-long",
            f"{what} holds {len(trimmed)} characters; at most {TEXT_LIMIT}",
        )
    bad = _control(trimmed)
    if bad is not None:
        raise Malformed(
            "dispute/bad-text", f"{what} holds a control character (U+{ord(bad):04X}); plain text"
        )
    return trimmed


def _control(text: str) -> str | None:
    for ch in text:
        if ch in _BIDI_CONTROLS or unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp"):
            return ch
    return None


def _game(repo: Repository, game_id: str) -> None:
    if not repo.read(game_id, upto=1):
        raise NotFound("game/unknown", f"no game with id {echo(game_id)}")


def list_disputes(repo: Repository, game_id: str, principal: Principal) -> list[DisputeView]:
    """Every dispute of a game with its ruling: for everybody who may see the game."""
    _game(repo, game_id)
    return views(repo.read_disputes(game_id))


def file(
    repo: Repository,
    game_id: str,
    principal: Principal,
    at_version: int,
    seat: int,
    text: str,
) -> DisputeView:
    """Seat ``seat`` disputes the game at ``at_version`` (1..the game's version), running or
    ended; ``text`` says what. Nothing is written unless every check passes."""
    loaded = repo.load(game_id)
    policy.may_dispute(principal, seat, loaded.players)
    text = clean_text(text, "a dispute")
    if isinstance(at_version, bool) or not 1 <= at_version <= loaded.version:
        raise Malformed(
            "version/out-of-range",
            f"a dispute names a version in 1..{loaded.version}, not {at_version}",
        )
    [disputed] = repo.read(game_id, after=at_version - 1, upto=at_version)
    for chain in _chains(repo, game_id):
        number = sum(1 for r in chain if r.type == DISPUTED) + 1
        if number > DISPUTES_LIMIT:
            raise IllegalMove(
                "dispute/too-many", f"game {game_id} holds {DISPUTES_LIMIT} disputes already"
            )
        data = {"number": number, "at_version": at_version, "at_hash": disputed.hash, "text": text}
        record = _sealed(chain, Record(len(chain) + 1, DISPUTED, seat, uuid.uuid4().hex, data))
        try:
            repo.append_disputes(game_id, [record])
        except Stale:
            continue
        return views([*chain, record])[number - 1]
    raise AssertionError("unreachable: _chains ends by raising")


def rule(
    repo: Repository,
    game_id: str,
    principal: Principal,
    number: int,
    uphold: bool,
    text: str,
    fork_at: int | None = None,
    reseed: bool = False,
    *,
    forker: Forker,
) -> tuple[DisputeView, Created | None]:
    """The referee or operator upholds or dismisses dispute ``number``; with ``fork_at`` (an
    upheld one only) the game is forked at that version by ``forker``
    (:func:`skald.service.app.lifecycle.fork`) and the ruling names the fork as the game's
    continuation. A refused fork writes no ruling. If another ruling on the same
    dispute lands between the fork and this ruling's write, this one is refused and its fork
    stays an ordinary game that no ruling names."""
    policy.require_full_access(principal, "ruling on a dispute")
    require_int32(number, "request/out-of-range", "number")  # as a request could carry it
    text = clean_text(text, "a ruling")
    if fork_at is not None and not uphold:
        raise Malformed(
            "dispute/fork-needs-uphold",
            "only an upheld dispute names a fork as the game's continuation (not a dismissal)",
        )
    if reseed and fork_at is None:
        raise Malformed("dispute/reseed-needs-fork", "reseed goes with a fork (fork_at)")
    _game(repo, game_id)
    _open(repo.read_disputes(game_id), number, game_id)
    fork: Created | None = None
    if fork_at is not None:
        fork = forker(repo, game_id, principal, fork_at, reseed)
    for chain in _chains(repo, game_id):
        _open(chain, number, game_id)
        data = {
            "number": number,
            "upheld": bool(uphold),
            "text": text,
            "fork": None if fork is None else {"game_id": fork.game_id, "version": fork_at},
        }
        record = _sealed(chain, Record(len(chain) + 1, RULED, None, uuid.uuid4().hex, data))
        try:
            repo.append_disputes(game_id, [record])
        except Stale:
            continue
        return views([*chain, record])[number - 1], fork
    raise AssertionError("unreachable: _chains ends by raising")


def _chains(repo: Repository, game_id: str) -> Iterator[list[Record]]:
    """The dispute chain to decide on, read again after each race lost to another writer.

    A race lost to a writer whose record is now in the chain is progress, so it does not count:
    twelve filers at once all get their numbers, however the races fall (a fixed number of
    attempts made one of four busy replicas give up). The chain is bounded (``DISPUTES_LIMIT``
    disputes and a ruling each), so this ends. ``RETRIES`` races lost while the chain stood
    still are ``dispute/busy``."""
    stalls, seen = 0, -1
    while stalls < RETRIES:
        chain = repo.read_disputes(game_id)
        if len(chain) <= seen:
            stalls += 1
        seen = len(chain)
        yield chain
    raise Stale("dispute/busy", f"game {game_id}'s disputes kept moving on; retry")


def _open(chain: Sequence[Record], number: int, game_id: str) -> None:
    """Refuse unless dispute ``number`` was filed and is not ruled on yet."""
    filed = sum(1 for r in chain if r.type == DISPUTED)
    if isinstance(number, bool) or not 1 <= number <= filed:
        held = f"its disputes are #1..#{filed}" if filed else "it has none"
        raise NotFound("dispute/unknown", f"game {game_id} has no dispute #{number} ({held})")
    if any(r.type == RULED and r.data.get("number") == number for r in chain):
        raise IllegalMove("dispute/already-ruled", f"dispute #{number} is ruled on already")


def _sealed(chain: Sequence[Record], record: Record) -> Record:
    return record.sealed(chain[-1].hash if chain else GENESIS)


# ---------------------------------------------------------------------------- checks


class _Bad(Exception):
    def __init__(self, reason: str, at_version: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.at_version = at_version


@dataclass
class DisputeCheck:
    """What :func:`check` found: ``ok``, else the first bad dispute record (``record``, its
    place 1.. in the chain), the game version the report names (``first_bad``) and why; and
    notes on the disputes of a good chain (rulings, forks, disputes still open)."""

    ok: bool = True
    record: int | None = None
    first_bad: int | None = None
    problem: str = ""
    notes: list[str] = field(default_factory=list)


def parse(objects: Sequence[Record | Mapping[str, Any]]) -> list[Record]:
    """Dispute records from a replay file's JSON objects (records pass through): every field
    of the right type and ``at`` a UTC ISO 8601 time as the store writes it, else
    :class:`Malformed` naming the record (``dispute record N: …``)."""
    out: list[Record] = []
    for n, obj in enumerate(objects, start=1):
        try:
            out.append(_parsed(obj))
        except _Bad as bad:
            raise Malformed("dispute/malformed", f"dispute record {n}: {bad.reason}") from None
    return out


def _parsed(obj: Record | Mapping[str, Any]) -> Record:
    if isinstance(obj, Record):
        return obj
    if not isinstance(obj, Mapping) or set(obj) != RECORD_KEYS:
        raise _Bad("it is not a record (its fields are not a record's)")
    try:
        record = Record.from_json(obj)
    except Malformed as error:
        raise _Bad(error.reason) from None
    if not utc_iso(record.at):
        raise _Bad("'at' is not a UTC ISO 8601 timestamp")
    return record


def check(records: Sequence[Record], chain: Sequence[Record | Mapping[str, Any]]) -> DisputeCheck:
    """Check a game's dispute chain against its records: each record parses, links to the one
    before (``GENESIS`` first), hashes to its ``hash`` and stands at its place (versions
    1..n) with no salt, command or chance; each ``skald.Disputed`` names a seat of the game,
    the next number, a version of the game (``at_version`` ≤ its last) and that record's hash,
    with plain text; each ``skald.Ruled`` names an earlier dispute not yet ruled on, with plain
    text and a fork only when upheld (a version of the game, a game id).

    On a bad record, ``first_bad`` is the game version the problem concerns: the disputed
    ``at_version`` (of the dispute, or of the dispute a ruling names) when it is a version of
    the game, else the game's last version."""
    result = DisputeCheck()
    players = records[0].data.get("players") if records else None
    last = len(records)
    filed: list[tuple[int, int]] = []  # (at_version, seat) per dispute number
    ruled: dict[int, int] = {}  # dispute number -> the chain place of its ruling
    prev = GENESIS
    for n, obj in enumerate(chain, start=1):
        try:
            r = _parsed(obj)
            _check_link(r, n, prev)
            if r.type == DISPUTED:
                at, seat = _check_disputed(r, records, players, len(filed) + 1)
                filed.append((at, seat))
            elif r.type == RULED:
                number = _check_ruled(r, filed, ruled, last)
                ruled[number] = n
                result.notes.append(_ruling_note(r, number))
            else:
                raise _Bad(f"type {echo(r.type)} is neither {DISPUTED} nor {RULED}")
            prev = r.hash
        except _Bad as bad:
            where = bad.at_version
            result.ok = False
            result.record = n
            result.first_bad = where if where is not None and 1 <= where <= last else max(last, 1)
            result.problem = bad.reason
            result.notes = []
            return result
    for number, (at, seat) in enumerate(filed, start=1):
        if number not in ruled:
            result.notes.append(f"dispute #{number} (seat {seat} at v{at}) awaits a ruling")
    return result


def _check_link(r: Record, n: int, prev: str) -> None:
    if r.version != n:
        raise _Bad(f"it stands at place {n} of the chain but says version {r.version}")
    if r.prev_hash != prev:
        before = "the start of the chain" if n == 1 else f"dispute record {n - 1}"
        raise _Bad(f"it does not link to {before} (prev_hash)")
    if r.digest() != r.hash:
        raise _Bad("its hash does not match its contents")
    if r.salt is not None or r.command is not None or r.chance is not None:
        raise _Bad("a dispute record carries no salt, command or chance")
    if not r.command_id:
        raise _Bad("its command id is empty")


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _check_text(value: Any, what: str, at: int | None) -> None:
    """``what`` (``the dispute``, ``the ruling``) holds text a use case would have written."""
    if not isinstance(value, str):
        raise _Bad(f"{what}'s text is not text", at)
    try:
        cleaned = clean_text(value, what)
    except Malformed as error:
        raise _Bad(error.reason, at) from None
    if cleaned != value:
        raise _Bad(f"{what}'s text is not trimmed", at)


def _check_disputed(
    r: Record, records: Sequence[Record], players: Any, number: int
) -> tuple[int, int]:
    data = r.data
    if set(data) != _DISPUTED_KEYS:
        raise _Bad(f"a dispute's data is {sorted(_DISPUTED_KEYS)}, not {sorted(data)}")
    at = data["at_version"]
    where = at if _whole(at) else None
    if data["number"] != number or not _whole(data["number"]):
        raise _Bad(f"it files dispute #{data['number']!r}, but the next is #{number}", where)
    if not _whole(players) or r.seat is None or not 0 <= r.seat < players:
        raise _Bad(f"seat {r.seat!r} is not a seat of this {players}-player game", where)
    if where is None or not 1 <= at <= len(records):
        raise _Bad(f"it disputes v{at!r}, but the game ends at v{len(records)}")
    held = records[at - 1].hash
    if data["at_hash"] != held:
        raise _Bad(
            f"it disputes v{at} as {str(data['at_hash'])[:16]}…, but the game's v{at} hashes "
            f"to {held[:16]}…",
            at,
        )
    _check_text(data["text"], "the dispute", at)
    return at, r.seat


def _check_ruled(
    r: Record, filed: Sequence[tuple[int, int]], ruled: Mapping[int, int], last: int
) -> int:
    data = r.data
    if set(data) != _RULED_KEYS:
        raise _Bad(f"a ruling's data is {sorted(_RULED_KEYS)}, not {sorted(data)}")
    number = data["number"]
    if not _whole(number) or not 1 <= number <= len(filed):
        raise _Bad(f"it rules on dispute #{number!r}, which was not filed before it")
    at = filed[number - 1][0]
    if number in ruled:
        raise _Bad(
            f"it rules again on dispute #{number} (ruled in dispute record {ruled[number]})", at
        )
    if r.seat is not None:
        raise _Bad("a ruling is made by no seat (seat null)", at)
    if not isinstance(data["upheld"], bool):
        raise _Bad("a ruling's upheld is not true or false", at)
    _check_text(data["text"], "the ruling", at)
    fork = data["fork"]
    if fork is None:
        return int(number)
    if not data["upheld"]:
        raise _Bad("a dismissal names a fork (only an upheld dispute is continued)", at)
    if not isinstance(fork, dict) or set(fork) != {"game_id", "version"}:
        raise _Bad("the fork is not {game_id, version}", at)
    if not _whole(fork["version"]) or not 1 <= fork["version"] <= last:
        raise _Bad(f"the fork is at v{fork['version']!r}, not a version of the game", at)
    try:
        canonical = str(uuid.UUID(fork["game_id"])) == fork["game_id"]
    except (ValueError, TypeError, AttributeError):
        canonical = False
    if not canonical:
        raise _Bad(f"the fork's game id {echo(fork['game_id'])} is not a game id", at)
    return int(number)


def _ruling_note(r: Record, number: int) -> str:
    fork = r.data["fork"]
    if fork is not None:
        return (
            f"superseded: dispute #{number} upheld, continued as fork {fork['game_id']} "
            f"at v{fork['version']}"
        )
    return f"dispute #{number} {'upheld' if r.data['upheld'] else 'dismissed'}"


def apply(
    report: Report, records: Sequence[Record], chain: Sequence[Record | Mapping[str, Any]]
) -> Report:
    """``report`` (the game's verify report) with its dispute chain checked: unchanged when
    there is none or the game already failed; else ``disputes`` among what was checked, and
    the rulings' notes, or the report failed with ``dispute record N: …``."""
    if not chain or not report.ok:
        return report
    found = check(records, chain)
    report.checked.append("disputes")
    if not found.ok:
        assert found.first_bad is not None
        return report.fail(found.first_bad, f"dispute record {found.record}: {found.problem}")
    report.notes.extend(found.notes)
    return report


def verify_stored(repo: Repository, game_id: str, report: Report) -> Report:
    """A stored game's verify report with its dispute chain checked (:func:`apply`)."""
    if not report.ok:
        return report
    chain = repo.read_disputes(game_id)
    if not chain:
        return report
    return apply(report, repo.read(game_id), chain)

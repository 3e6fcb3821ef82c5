"""Issue 24: verify must not accept a forged export. Which kernel records may stand where follows
from ``skald.GameCreated`` alone, and every salt derives from the game's key.

The forger re-seals everything (:mod:`tests.forgery`): after inserting, dropping, moving or
duplicating a kernel record it renumbers the records, re-derives every salt from the key the
game's end revealed and seals the chain again, and writes a header and trailer to match. Each
forgery is tried on a finished game of each of the three games (the golden replays: fixed
games, cheap to verify), as a file — ``verify`` must name the exact first bad record and
``import`` must refuse it, writing nothing — and, for a representative subset, written into a
SQLite and a PostgreSQL store with plain SQL (head rewritten too), where the store's own seeds
and salt key are supplied.

The attack as found (main at 370cddb): records 1..N of a finished game kept byte for byte, a
``skald.Reseeded`` at N+1 committing to a seed the forger chose, the game's own commands
re-decided under it, salts re-derived from the revealed key: the winner moved, and ``skald
verify`` said ok, also with a seat's ``--expect vN:HASH`` from before the insertion.

On the code before this change (370cddb), these fail: the attack (accepted by verify and
import, in all three games, from a file and in a store); a ``skald.Reseeded`` inserted with the
game's own seed, or two in a row (accepted); one inside a batch (named one record early); a
``skald.GameEnded`` moved into the middle of a file, or a ``skald.Reseeded`` after its end
(named v2, "not revealed": only the last record's seeds were read); every salt forgery
(accepted: salts were bound by the hashes, never derived from the key); and the goldens'
import, which kept no key the revealed one could be checked against. GameCreated inserted,
dropped, moved or duplicated, and GameEnded inserted, dropped or duplicated, were refused
naming the same record before.
"""

from __future__ import annotations

import dataclasses
import json
import secrets
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path

import pytest

from skald.domain.kernel.chance import commitment
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.errors import SkaldError
from skald.domain.kernel.records import GameCreated, GameEnded, Reseeded, SeedReveal, Segment
from skald.service.app.games import GameService
from skald.service.app.requests import ExportGame, ImportGame, ListGames, VerifyGame
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.errors import Tampered
from skald.service.model.folding import fold_records
from skald.service.model.records import ENDED, Record, kernel_record, read_kernel
from skald.service.model.verify import Report, verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests import forgery
from tests.conftest import PG_URL, _drop_schema
from tests.e2e_helpers import invoke_skald

REPLAYS = Path(__file__).resolve().parent.parent / "replays"
GOLDENS = {
    "red_north": REPLAYS / "red-north" / "red-north-2p.jsonl",
    "brian_boru": REPLAYS / "brian-boru" / "brian-boru-3p.jsonl",
    "feast": REPLAYS / "feast" / "feast-2p-short.jsonl",
}


@pytest.fixture(scope="module")
def games() -> dict[str, list[Record]]:
    """Each golden game's records, read once."""
    return {
        game: list(replay_file.load_bytes(path.read_bytes()).records)
        for game, path in GOLDENS.items()
    }


@pytest.fixture(scope="module")
def importer(tmp_path_factory: pytest.TempPathFactory) -> Iterator[GameService]:
    """A store the forged files are offered to (each refusal must write nothing)."""
    svc = GameService(EventStore(str(tmp_path_factory.mktemp("imports") / "s.db")), registry())
    yield svc
    svc.store.close()


@pytest.fixture(
    scope="module", params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)]
)
def stored(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[GameService, dict[str, str]]]:
    """A store holding the three golden games (imported once), and their ids."""
    schema = f"skald_test_{uuid.uuid4().hex[:12]}"
    postgres = request.param == "postgres"
    url = f"{PG_URL}?schema={schema}" if postgres else str(tmp_path_factory.mktemp("s") / "s.db")
    svc = GameService(EventStore(url), registry())
    ids = {
        game: svc.import_text(ImportGame(path.read_text()))[0].game_id
        for game, path in GOLDENS.items()
    }
    yield svc, ids
    svc.store.close()
    if postgres:
        _drop_schema(schema)


# ------------------------------------------------------------------ the forgeries


@dataclass(frozen=True)
class Forged:
    records: list[Record]
    file: int | None
    """The first bad version verify names for the file (``None``: the file alone verifies)."""
    store: int
    """... for the stored game, the store's seeds and salt key supplied."""


def _mid(records: list[Record]) -> int:
    """A command boundary in the middle of the game."""
    found = forgery.boundaries(records)
    return found[len(found) // 2]


def _cursor(records: list[Record], at: int) -> int:
    return fold_records(records[:at]).cursor


def _inside_a_batch(records: list[Record], after: int) -> int:
    """The version of the second record of the first batch of two or more after ``after``."""
    return next(
        r.version + 1
        for r, nxt in pairwise(records)
        if r.version > after and r.command is not None and nxt.command is None
        if not nxt.type.startswith("skald.")
    )


def _first_draw(records: list[Record]) -> int:
    return next(r.version for r in records if r.chance and r.chance["used"])


def _created(records: list[Record]) -> GameCreated:
    return read_kernel(records[0], GameCreated)


def _ended(records: list[Record]) -> GameEnded:
    return read_kernel(records[-1], GameEnded)


def _same_seed_reseed(records: list[Record], at: int) -> tuple[Record, Record]:
    """A ``skald.Reseeded`` at the cursor after ``at`` committing (with a new nonce) to the
    very seed and stream in force there — every outcome stays the same — and the game's
    ``skald.GameEnded`` revealing it too: what the old verify took for a reseed."""
    cursor = _cursor(records, at)
    ended = _ended(records)
    old = [s for s in ended.seeds if s.start <= cursor][-1]
    nonce = b"another nonce 16"
    seed = bytes.fromhex(old.seed or "")
    segment = Segment(cursor, old.stream, commitment(seed, nonce))
    reveal = SeedReveal(cursor, old.stream, old.seed, nonce=nonce.hex())
    end = dataclasses.replace(records[-1], data=to_data(_with_seed(ended, reveal)))
    return kernel_record(0, "reseed", Reseeded(segment)), end


def _with_seed(ended: GameEnded, reveal: SeedReveal) -> GameEnded:
    return dataclasses.replace(ended, seeds=(*ended.seeds, reveal))


def _created_insert(r: list[Record]) -> Forged:
    b = _mid(r)
    seg = Segment(_cursor(r, b), "chosen", commitment(b"forged", b"n" * 16))
    created = _created(r)
    other = kernel_record(
        0, "setup", dataclasses.replace(created, segments=(*created.segments, seg))
    )
    return Forged(forgery.resealed([*r[:b], other, *r[b:]]), b + 1, b + 1)


def _created_drop(r: list[Record]) -> Forged:
    gid = _created(r).game_id
    return Forged(forgery.resealed(r[1:], game_id=gid), 1, 1)


def _created_move(r: list[Record]) -> Forged:
    b = _mid(r)
    return Forged(forgery.resealed([*r[1:b], r[0], *r[b:]]), 1, 1)


def _created_duplicate(r: list[Record]) -> Forged:
    return Forged(forgery.resealed([r[0], r[0], *r[1:]]), 2, 2)


def _ended_insert(r: list[Record]) -> Forged:
    b = _mid(r)
    early = dataclasses.replace(r[-1], command_id=r[b - 1].command_id)
    return Forged(forgery.resealed([*r[:b], early, *r[b:]]), b + 1, b + 1)


def _ended_drop(r: list[Record]) -> Forged:
    """The file reveals no seed then: its first draw cannot be re-derived (a check that
    cannot run fails); the store supplies the seed and names the missing end."""
    key = forgery.revealed_key(r)
    return Forged(forgery.resealed(r[:-1], key), _first_draw(r), len(r))


def _ended_move(r: list[Record]) -> Forged:
    b = _mid(r)
    key = forgery.revealed_key(r)
    return Forged(forgery.resealed([*r[:b], r[-1], *r[b:-1]], key), b + 1, b + 1)


def _ended_duplicate(r: list[Record]) -> Forged:
    n = len(r)
    return Forged(forgery.resealed([*r, r[-1]]), n + 1, n + 1)


def _reseeded_insert(r: list[Record]) -> Forged:
    b = _mid(r)
    marker, end = _same_seed_reseed(r, b)
    return Forged(forgery.resealed([*r[:b], marker, *r[b:-1], end]), b + 1, b + 1)


def _reseeded_inside_a_batch(r: list[Record]) -> Forged:
    b = _mid(r)
    p = _inside_a_batch(r, b)
    marker, end = _same_seed_reseed(r, b)
    return Forged(forgery.resealed([*r[: p - 1], marker, *r[p - 1 : -1], end]), p, p)


def _reseeded_after_the_end(r: list[Record]) -> Forged:
    n = len(r)
    marker, _ = _same_seed_reseed(r, _mid(r))
    key = forgery.revealed_key(r)
    return Forged(forgery.resealed([*r, marker], key), n + 1, n + 1)


def _reseeded_duplicate(r: list[Record]) -> Forged:
    b = _mid(r)
    marker, end = _same_seed_reseed(r, b)
    return Forged(forgery.resealed([*r[:b], marker, marker, *r[b:-1], end]), b + 1, b + 1)


KERNEL: dict[str, Callable[[list[Record]], Forged]] = {
    "GameCreated-insert": _created_insert,
    "GameCreated-drop": _created_drop,
    "GameCreated-move": _created_move,
    "GameCreated-duplicate": _created_duplicate,
    "GameEnded-insert": _ended_insert,
    "GameEnded-drop": _ended_drop,
    "GameEnded-move": _ended_move,
    "GameEnded-duplicate": _ended_duplicate,
    # An honest game of format 2 holds no skald.Reseeded, so none can be dropped: it is
    # inserted at a boundary, moved inside a batch or past the end, and duplicated. (The
    # reseed a fork commits to in its skald.GameCreated is dropped and moved in
    # tests/test_fork_segments.py.)
    "Reseeded-insert": _reseeded_insert,
    "Reseeded-move-inside-a-batch": _reseeded_inside_a_batch,
    "Reseeded-move-after-the-end": _reseeded_after_the_end,
    "Reseeded-duplicate": _reseeded_duplicate,
}


def _other_key() -> bytes:
    return bytes(range(32))


def _salts_dropped(r: list[Record]) -> Forged:
    return Forged(forgery.reseal([dataclasses.replace(x, salt=None) for x in r]), 1, 1)


def _salts_random(r: list[Record]) -> Forged:
    forged = [dataclasses.replace(x, salt=secrets.token_hex(32)) for x in r]
    return Forged(forgery.reseal(forged), 1, 1)


def _one_salt_random(r: list[Record]) -> Forged:
    b = _mid(r)
    return Forged(forgery.reseal(forgery.edit(r, b, salt=secrets.token_hex(32))), b, b)


def _salts_from_another_key(r: list[Record]) -> Forged:
    return Forged(forgery.resealed(r, _other_key()), 1, 1)


def _key(r: list[Record], key: str | None) -> list[Record]:
    end = dataclasses.replace(_ended(r), salt_key=key)
    return forgery.edit(r, len(r), data=to_data(end))


def _key_nulled(r: list[Record]) -> Forged:
    return Forged(forgery.reseal(_key(r, None)), len(r), len(r))


def _key_changed(r: list[Record]) -> Forged:
    """The salts no longer derive from the key revealed: in a file, which of the two was
    changed cannot be told (the first record is named); the store holds the key."""
    return Forged(forgery.reseal(_key(r, _other_key().hex())), 1, len(r))


def _key_in_capitals(r: list[Record]) -> Forged:
    key = forgery.revealed_key(r).hex().upper()
    return Forged(forgery.reseal(_key(r, key)), len(r), len(r))


def _key_changed_and_salts_rederived(r: list[Record]) -> Forged:
    """Nothing in a file binds the key but the salts themselves: re-keyed whole, the file
    alone verifies (the hashes a seat holds do not: see the --expect test); the store's key
    catches it."""
    other = _other_key()
    return Forged(forgery.resealed(_key(r, other.hex()), other), None, len(r))


SALTS: dict[str, Callable[[list[Record]], Forged]] = {
    "salts-dropped": _salts_dropped,
    "salts-random": _salts_random,
    "one-salt-random": _one_salt_random,
    "salts-from-another-key": _salts_from_another_key,
    "key-nulled": _key_nulled,
    "key-changed": _key_changed,
    "key-in-capitals": _key_in_capitals,
    "key-changed-salts-rederived": _key_changed_and_salts_rederived,
}
FORGERIES = {**KERNEL, **SALTS}


# ------------------------------------------------------------------ checking a forgery


def _text(original: list[Record], forged: list[Record]) -> str:
    """The forged records as a file with the header and trailer they imply (the original
    game's header when no skald.GameCreated leads them; a running game's with its key, as an
    export of one carries it)."""
    first = forged[0] if forged[0].type == "skald.GameCreated" else original[0]
    created = read_kernel(first, GameCreated)
    ended = read_kernel(forged[-1], GameEnded) if forged[-1].type == ENDED else None
    key = None if ended is not None else forgery.revealed_key(original)
    lines = [
        replay_file.header_for(created, key),
        *(r.to_json() for r in forged),
        replay_file.trailer_for(forged, ended),
    ]
    return "".join(json.dumps(line, sort_keys=True, ensure_ascii=False) + "\n" for line in lines)


def _file_report(svc: GameService, original: list[Record], forged: list[Record]) -> Report:
    """Offer the forged file to import, which must refuse it writing nothing, and return the
    verify report naming its first bad record: the one import's own verify made (it verifies
    the file as ``skald verify FILE`` does, and names the version in its refusal), or, when the
    file is refused before that (a first record that is no skald.GameCreated, a running game),
    verify's of the records themselves."""
    text = _text(original, forged)
    before = svc.list_games(ListGames())
    try:
        svc.import_text(ImportGame(text))
    except SkaldError as error:
        assert svc.list_games(ListGames()) == before
        if error.rule == "replay/does-not-verify":
            version, _, problem = error.reason.partition(": ")
            return Report(ok=False, first_bad=int(version.removeprefix("v")), problem=problem)
        try:
            parsed = replay_file.loads(text.split("\n"))
        except Tampered:
            return verify(forged)
        report = verify(parsed.records, parsed.seeds, salt_key=parsed.salt_key)
        assert not report.ok, f"import refused ({error.reason}) what verify accepts"
        return report
    return Report()  # imported: the file verified


def _store_report(
    svc: GameService, gid: str, original: list[Record], forged: Forged, exported: bool = False
) -> Report:
    """The forged records written over the stored game (head too), verified there with the
    store's seeds and key; with ``exported``, its export is refused by import too (the file
    tests offer every forged file to import). The stored game is put back afterwards."""
    try:
        forgery.replace_game(svc.store, gid, forged.records)
        svc.repo.forget(gid)
        report = svc.verify(VerifyGame(gid, who=OPERATOR))
        if exported:
            with pytest.raises(SkaldError):
                svc.import_text(ImportGame(svc.export(ExportGame(gid, who=OPERATOR))))
    finally:
        forgery.replace_game(svc.store, gid, original)
        svc.repo.forget(gid)
    return report


@pytest.mark.parametrize("game", list(GOLDENS))
def test_the_golden_games_verify_with_their_salts(
    games: dict[str, list[Record]], stored: tuple[GameService, dict[str, str]], game: str
) -> None:
    """The unforged games, as files and in the store (imported with their revealed key)."""
    records = games[game]
    parsed = replay_file.load_bytes(GOLDENS[game].read_bytes())
    report = verify(parsed.records, parsed.seeds)
    assert report.ok and "salts" in report.checked and not report.notes, report.problem
    svc, ids = stored
    secret = svc.repo.secret(ids[game])
    assert secret is not None and secret.salt_key == forgery.revealed_key(records)
    assert svc.verify(VerifyGame(ids[game], who=OPERATOR)).ok


@pytest.mark.parametrize("game", list(GOLDENS))
@pytest.mark.parametrize("case", list(FORGERIES))
def test_a_forged_file_is_refused_naming_the_first_bad_record(
    games: dict[str, list[Record]], importer: GameService, game: str, case: str
) -> None:
    original = games[game]
    forged = FORGERIES[case](original)
    report = _file_report(importer, original, forged.records)
    if forged.file is None:
        assert report.ok, report.problem
        return
    assert not report.ok and report.first_bad == forged.file, (report.first_bad, report.problem)


STORE_CASES = ["GameEnded-drop", "Reseeded-insert", "key-changed"]
"""Where the store and the file differ (the store's seed and key name the record), and the
reseed, on the longer games."""


@pytest.mark.parametrize(
    ("game", "case"),
    [("red_north", case) for case in FORGERIES]
    + [(game, case) for game in ("brian_boru", "feast") for case in STORE_CASES],
)
def test_a_forged_stored_game_is_refused_naming_the_first_bad_record(
    games: dict[str, list[Record]],
    stored: tuple[GameService, dict[str, str]],
    game: str,
    case: str,
) -> None:
    """Every forgery on Red North, a representative set on the others (a store rewrite costs
    more than a file)."""
    svc, ids = stored
    original = games[game]
    forged = FORGERIES[case](original)
    report = _store_report(svc, ids[game], original, forged)
    assert not report.ok and report.first_bad == forged.store, (report.first_bad, report.problem)
    assert svc.store.read(ids[game])[-1].hash == original[-1].hash  # put back


# ------------------------------------------------------------------ the attack as found


_ATTACKS: dict[str, tuple[int, list[Record]]] = {}


def _attack(game: str, records: list[Record]) -> tuple[int, list[Record]]:
    """The forgery of issue 24 at a boundary near v18 (Red North) or a third into the game,
    under the first chosen seed (of a fixed list) that moves the winner (made once)."""
    if game not in _ATTACKS:
        found = forgery.boundaries(records)
        at = max(v for v in found if v <= 18) if len(records) < 200 else found[len(found) // 3]
        winners = _ended(records).winners
        for n in range(30):
            forged = forgery.reseeded(records, at, f"chosen by the forger {n}".encode())
            if _ended(forged).winners != winners:
                _ATTACKS[game] = at, forged
                break
        else:
            raise AssertionError("no seed of thirty moved the winner")
    return _ATTACKS[game]


@pytest.mark.parametrize("game", list(GOLDENS))
def test_a_reseeded_record_inserted_into_a_finished_game_is_refused(
    games: dict[str, list[Record]], importer: GameService, game: str, tmp_path: Path
) -> None:
    original = games[game]
    at, forged = _attack(game, original)
    assert [r.hash for r in forged[:at]] == [r.hash for r in original[:at]]  # byte for byte
    assert forged[at].type == "skald.Reseeded"
    assert _ended(forged).winners != _ended(original).winners  # the winner moved
    report = _file_report(importer, original, forged)
    assert not report.ok and report.first_bad == at + 1
    assert "skald.Reseeded" in report.problem and f"v{at + 1}" in report.problem
    # a seat's hash from before the insertion holds, and verify still fails; so does import
    path = tmp_path / "forged.jsonl"
    path.write_text(_text(original, forged))
    given = original[at - 1].hash
    run = invoke_skald(["verify", str(path), "--expect", f"v{at}:{given}", "--json"])
    assert run.code == 1 and run.json["first_bad"] == at + 1, run.stdout
    assert invoke_skald(["import", str(path), "--db", str(tmp_path / "cli.db")]).code == 1


@pytest.mark.parametrize("game", list(GOLDENS))
def test_a_reseeded_record_written_into_the_store_is_refused(
    games: dict[str, list[Record]], stored: tuple[GameService, dict[str, str]], game: str
) -> None:
    svc, ids = stored
    original = games[game]
    at, forged = _attack(game, original)
    report = _store_report(svc, ids[game], original, Forged(forged, at + 1, at + 1), True)
    assert not report.ok and report.first_bad == at + 1 and "skald.Reseeded" in report.problem


def test_a_rekeyed_file_fails_against_a_hash_a_seat_holds(
    games: dict[str, list[Record]], tmp_path: Path
) -> None:
    """A file whose key and every salt were replaced verifies on its own (nothing in a file
    binds the key but the salts), but every hash moved: a seat's --expect refuses it."""
    original = games["red_north"]
    forged = _key_changed_and_salts_rederived(original).records
    path = tmp_path / "rekeyed.jsonl"
    path.write_text(_text(original, forged))
    alone = invoke_skald(["verify", str(path), "--json"])
    assert alone.code == 0, alone.stderr
    run = invoke_skald(["verify", str(path), "--expect", f"v5:{original[4].hash}", "--json"])
    assert run.code == 1 and "verify/unexpected-hash" in run.stderr

"""Record salts: what a full record and a redacted copy carry, and how the chain stays checkable.

Every stored record carries ``salt = HMAC-SHA256(salt key, f"{game_id}:{version}")`` and is
hashed with it; redacted copies (seats, spectators) keep the hash but never the salt; the full
history and exports carry it, so a file verifies offline, and a changed salt breaks the hash;
``skald.GameEnded`` reveals the key, from which anyone re-derives every salt; a fork re-seals
its copied prefix under its own key.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from skald.domain.kernel.records import GameEnded
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ExportGame, ForkGame, GetHistory
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR, SPECTATOR, Principal
from skald.service.model.records import read_kernel, salt_for
from skald.service.model.verify import verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests.test_attack_leaks import candidates, crack
from tests.test_secrets_seeds import finish


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[GameService]:
    store = EventStore(str(tmp_path / "salts.db"))
    yield GameService(store, registry())
    store.close()


def test_full_records_are_salted_and_redacted_copies_are_not(svc: GameService) -> None:
    gid = svc.create(CreateGame("brian_boru", 3)).game_id
    secret = svc.repo.secret(gid)
    assert secret is not None and secret.salt_key is not None and len(secret.salt_key) == 32
    stored = svc.store.read(gid)
    assert all(r.salt == salt_for(secret.salt_key, gid, r.version) for r in stored)
    assert all(r.hash == r.digest() for r in stored)
    assert all(replace(r, salt=None).digest() != r.hash for r in stored)  # the salt is hashed
    assert [r.salt for r in svc.history(GetHistory(gid, who=OPERATOR))] == [r.salt for r in stored]
    for reader in (SPECTATOR, Principal("seat", 0)):
        shown = svc.history(GetHistory(gid, who=reader))
        assert [r.hash for r in shown] == [r.hash for r in stored]
        assert all(r.salt is None for r in shown)
        assert all(secret.salt_key.hex() not in json.dumps(r.to_json()) for r in shown)


def test_the_end_reveals_the_key_and_the_export_verifies_offline(svc: GameService) -> None:
    gid = svc.create(CreateGame("red_north", 2)).game_id
    ended = finish(svc, gid)
    secret = svc.repo.secret(gid)
    assert secret is not None and secret.salt_key is not None
    assert ended.salt_key == secret.salt_key.hex()
    # A spectator holding only the redacted history re-derives every salt from the reveal.
    shown = svc.history(GetHistory(gid, who=SPECTATOR))
    revealed = read_kernel(shown[-1], GameEnded).salt_key
    assert revealed is not None
    full = svc.history(GetHistory(gid, who=OPERATOR))
    assert [salt_for(bytes.fromhex(revealed), gid, r.version) for r in shown] == [
        r.salt for r in full
    ]
    # ... and with the salts, the hidden fields of single cards are open to checking again: the
    # game is over and its seed is public, so this is the chain made checkable, not a leak.
    ids = candidates(registry().rules("red_north"))
    given = [r for r in shown if r.type == "JarlGiven"]
    assert given and all(crack(r, ids) is None for r in given)
    for r, real in ((r, next(f for f in full if f.version == r.version)) for r in given):
        salt = salt_for(bytes.fromhex(revealed), gid, r.version)
        assert crack(r, ids, salt) == (("card",), real.data["card"])
    text = svc.export(ExportGame(gid, who=OPERATOR))
    rows = [json.loads(line) for line in text.splitlines()[1:-1]]
    assert all(row["salt"] == r.salt for row, r in zip(rows, full, strict=True))
    parsed = replay_file.loads(text.split("\n"))
    assert verify(parsed.records, parsed.seeds).ok


def test_a_changed_salt_breaks_the_chain(svc: GameService) -> None:
    gid = svc.create(CreateGame("red_north", 2)).game_id
    finish(svc, gid)
    records = list(svc.store.read(gid))
    records[3] = replace(records[3], salt="0" * 64)
    report = verify(records, svc.repo.secret(gid).seeds)
    assert not report.ok and report.first_bad == 4


def test_a_fork_reseals_its_prefix_under_its_own_key(svc: GameService) -> None:
    gid = svc.create(CreateGame("red_north", 3)).game_id
    at = svc.load(gid).version
    fork = svc.fork(ForkGame(gid, at, who=OPERATOR))
    source, copied = svc.store.read(gid), svc.store.read(fork.game_id)
    key = svc.repo.secret(fork.game_id).salt_key
    assert key is not None and key != svc.repo.secret(gid).salt_key
    assert [r.data for r in copied[1:]] == [r.data for r in source[1:at]]
    assert all(r.salt == salt_for(key, fork.game_id, r.version) for r in copied)
    assert not {r.salt for r in copied} & {r.salt for r in source}
    assert not {r.hash for r in copied} & {r.hash for r in source}

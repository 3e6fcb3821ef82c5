"""Seeds stay secret until they may be told: salted commitments, chosen seeds, shared seeds, and
secrets encrypted at rest.

* The commitment is ``sha256(nonce || seed)`` with a 16-byte server nonce per segment, so a
  spectator trying guessable seeds (``table-7``) against it finds nothing, while the seed and
  nonce revealed at the end open it and the game verifies;
* a chosen seed deals the same game again (same seed, game, players → same setup events);
* a game's seed is revealed at its end only when no running game draws from it, whatever the
  reason they share it (two games given the same chosen seed, not only a fork);
* with the store's cipher configured, no seed, nonce, salt key or token hash is readable in the
  database file.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from skald.domain.kernel.chance import commitment
from skald.domain.kernel.play import random_command
from skald.domain.kernel.records import GameEnded
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ExportGame, ForkGame, SubmitMove
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.records import read_kernel
from skald.service.model.verify import verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore

GUESSES = [b"table-7", b"table-8", b"seed", b"1", b"42", b"test", b"golden-red-north-3p"]


@pytest.fixture
def svc(tmp_path: Path) -> Iterator[GameService]:
    store = EventStore(str(tmp_path / "seeds.db"))
    yield GameService(store, registry())
    store.close()


def finish(svc: GameService, game_id: str, seed: int = 0) -> GameEnded:
    picker = random.Random(seed)
    while svc.load(game_id).ended is None:
        loaded = svc.load(game_id)
        pick = random_command(loaded.rules, loaded.state, picker)
        assert pick is not None
        svc.submit(SubmitMove(game_id, pick[0], pick[1], who=OPERATOR))
    return read_kernel(svc.store.read(game_id)[-1], GameEnded)


def test_a_guessable_seed_cannot_be_found_from_its_commitment(svc: GameService) -> None:
    created = svc.create(CreateGame("red_north", 3, seed=b"table-7"))
    published = svc.load(created.game_id).created.segments[0].commitment
    assert published == created.commitment
    # The spectator's dictionary attack of the former scheme, the true seed among the guesses.
    assert all(hashlib.sha256(guess).hexdigest() != published for guess in GUESSES)
    assert all(commitment(guess) != published for guess in GUESSES)
    ended = finish(svc, created.game_id)
    (reveal,) = ended.seeds
    assert reveal.seed == b"table-7".hex() and reveal.nonce is not None
    assert len(bytes.fromhex(reveal.nonce)) == 16
    assert commitment(bytes.fromhex(reveal.seed), bytes.fromhex(reveal.nonce)) == published
    parsed = replay_file.loads(svc.export(ExportGame(created.game_id, who=OPERATOR)).split("\n"))
    report = verify(parsed.records, parsed.seeds)
    assert report.ok and "commitments" in report.checked, report.problem


def test_each_segment_gets_its_own_nonce(svc: GameService) -> None:
    a = svc.create(CreateGame("red_north", 2, seed=b"same"))
    b = svc.create(CreateGame("red_north", 2, seed=b"same"))
    assert a.commitment != b.commitment  # the same seed twice is not even linkable
    fork = svc.fork(
        ForkGame(a.game_id, svc.load(a.game_id).version, reseed=True, seed=b"same", who=OPERATOR)
    )
    segments = svc.load(fork.game_id).created.segments
    assert len(segments) == 2 and segments[1].commitment not in (a.commitment, b.commitment)


def test_a_chosen_seed_deals_the_same_game_again(svc: GameService) -> None:
    def setup(seed: bytes | None, game: str, players: int) -> list[tuple[str, object]]:
        records = svc.store.read(svc.create(CreateGame(game, players, seed=seed)).game_id)
        return [(r.type, r.data) for r in records[1:] if r.command_id == "setup"]

    for game, players in (("red_north", 3), ("brian_boru", 4)):
        assert len(setup(b"table-7", game, players)) > 1
        first = setup(b"table-7", game, players)
        assert setup(b"table-7", game, players) == first
        assert setup(b"table-8", game, players) != first
    # a random seed draws on its own game's stream: two such games deal differently
    assert setup(None, "red_north", 3) != setup(None, "red_north", 3)


def test_a_seed_shared_with_a_running_game_is_withheld_at_the_end(svc: GameService) -> None:
    """Two games given the same chosen seed draw the same outcomes: the one that ends first
    must not reveal the seed (or the salt key), the other then may."""
    first = svc.create(CreateGame("red_north", 2, seed=b"table-7")).game_id
    second = svc.create(CreateGame("red_north", 2, seed=b"table-7")).game_id
    ended = finish(svc, first)
    (withheld,) = ended.seeds
    assert withheld.withheld and withheld.seed is None and withheld.nonce is None
    assert ended.salt_key is None
    text = svc.export(ExportGame(first, who=OPERATOR))
    assert b"table-7".hex() not in text
    secret = svc.repo.secret(first)
    assert secret is not None  # the store verifies, with its seeds and salt key
    assert verify(svc.store.read(first), secret.seeds, salt_key=secret.salt_key).ok
    later = finish(svc, second, seed=1)
    (revealed,) = later.seeds
    assert revealed.seed == b"table-7".hex() and not revealed.withheld
    assert later.salt_key is not None


def test_a_random_seed_is_revealed_at_the_end(svc: GameService) -> None:
    gid = svc.create(CreateGame("red_north", 2)).game_id
    ended = finish(svc, gid)
    secret = svc.repo.secret(gid)
    assert secret is not None and secret.salt_key is not None
    assert [s.seed for s in ended.seeds] == [s.seed for s in secret.seeds]
    assert ended.salt_key == secret.salt_key.hex()


def test_secrets_are_encrypted_by_the_stores_cipher(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def written(db: Path) -> tuple[bytes, list[str]]:
        store = EventStore(str(db))
        svc = GameService(store, registry())
        gid = svc.create(CreateGame("red_north", 2, seed=b"table-7")).game_id
        secret = svc.repo.secret(gid)
        assert secret is not None and secret.salt_key is not None
        svc.repo._secrets.clear()  # read back through the store, not the cache
        assert store.get_secret(gid) == secret
        store.close()
        values = [b"table-7".hex(), secret.salt_key.hex(), *secret.token_hashes]
        values += [s.nonce or "" for s in secret.seeds]
        return db.read_bytes(), values

    plain, values = written(tmp_path / "plain.db")
    assert all(v.encode() in plain for v in values)  # the check below has teeth
    from eventsourcing.cipher import AESCipher

    monkeypatch.setenv("CIPHER_TOPIC", "eventsourcing.cipher:AESCipher")
    monkeypatch.setenv("CIPHER_KEY", AESCipher.create_key(32))
    sealed, values = written(tmp_path / "sealed.db")
    assert not any(v.encode() in sealed for v in values)

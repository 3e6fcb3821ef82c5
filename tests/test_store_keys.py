"""A store opened with the wrong cipher key, without its key, or with a key it was not written
with is refused in one line before anything is read or written (found by an audit: a server
with the wrong key started, wrote new games under its own key, and its games index passed
every old row over as unreadable, for good)."""

from __future__ import annotations

from pathlib import Path

import pytest
from eventsourcing.cipher import AESCipher

from skald.service.app.requests import CreateGame
from skald.service.bootstrap import open_service
from skald.service.store.check import StoreUnavailable

TOPIC = "eventsourcing.cipher:AESCipher"


def _written(db: Path) -> str:
    svc = open_service(str(db))
    gid = svc.create(CreateGame("red_north", 2)).game_id
    svc.store.close()
    return gid


def test_a_store_opens_only_with_the_key_it_was_written_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "sealed.db"
    key = AESCipher.create_key(32)
    monkeypatch.setenv("CIPHER_TOPIC", TOPIC)
    monkeypatch.setenv("CIPHER_KEY", key)
    gid = _written(db)
    monkeypatch.setenv("CIPHER_KEY", AESCipher.create_key(32))
    with pytest.raises(StoreUnavailable) as wrong:
        open_service(str(db))
    assert wrong.value.rule == "store/wrong-key"
    monkeypatch.delenv("CIPHER_TOPIC")
    monkeypatch.delenv("CIPHER_KEY")
    with pytest.raises(StoreUnavailable) as keyless:
        open_service(str(db))
    assert keyless.value.rule == "store/needs-key"
    monkeypatch.setenv("CIPHER_TOPIC", TOPIC)
    monkeypatch.setenv("CIPHER_KEY", key)
    svc = open_service(str(db))  # the right key: every game is there, the index intact
    assert [row.game_id for row in svc.repo.rows()] == [gid]
    svc.store.close()


def test_a_plain_store_is_refused_with_a_key_and_an_empty_one_takes_any(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    plain = tmp_path / "plain.db"
    _written(plain)
    monkeypatch.setenv("CIPHER_TOPIC", TOPIC)
    monkeypatch.setenv("CIPHER_KEY", AESCipher.create_key(32))
    with pytest.raises(StoreUnavailable) as refused:
        open_service(str(plain))
    assert refused.value.rule == "store/wrong-key"
    open_service(str(tmp_path / "new.db")).store.close()  # nothing stored: nothing to check

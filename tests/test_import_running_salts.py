"""An export of a running game carries the salt key it continues under (header ``salt_key``), and
an import goes on under it (issue 24): so every record of a table-chance game moved from one
store to another is salted under one key, and the game verifies at its end — salts checked.

On the code before this change (370cddb) an export carried no key and an import made a new one:
the imported game's later records were salted under another key than its earlier ones, so a
salt check (which verify did not make then) would have failed the honest game at its end.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from pathlib import Path

import pytest

from skald.domain.kernel.codec import to_data
from skald.domain.kernel.errors import SkaldError
from skald.domain.kernel.records import GameEnded
from skald.service.app.games import GameService
from skald.service.app.requests import (
    CreateGame,
    ExportGame,
    ForkGame,
    ImportGame,
    ListGames,
    SubmitMove,
    VerifyGame,
)
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.records import read_kernel, salt_for
from skald.service.model.verify import verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests import forgery
from tests.toy_game import Roll

ORDER = ("c3", "c1", "c2", "c6", "c5", "c4")


@pytest.fixture
def two(tmp_path: Path) -> Iterator[tuple[GameService, GameService]]:
    first = GameService(EventStore(str(tmp_path / "a.db")), registry())
    second = GameService(EventStore(str(tmp_path / "b.db")), registry())
    yield first, second
    first.store.close()
    second.store.close()


def _roll(svc: GameService, gid: str, times: int) -> None:
    for _ in range(times):
        loaded = svc.load(gid)
        (seat,) = loaded.rules.to_act(loaded.state)
        svc.submit(SubmitMove(gid, seat, Roll(), chance=[4], who=OPERATOR))


def _running_table_game(svc: GameService) -> tuple[str, str]:
    gid = svc.create(CreateGame("toy", 2, chance="table", table_entries=[ORDER])).game_id
    _roll(svc, gid, 2)
    return gid, svc.export(ExportGame(gid, who=OPERATOR))


def test_a_running_table_game_moves_stores_and_verifies_at_its_end(
    two: tuple[GameService, GameService],
) -> None:
    here, there = two
    gid, text = _running_table_game(here)
    key = here.repo.secret(gid).salt_key  # type: ignore[union-attr]
    parsed = replay_file.loads(text.split("\n"))
    assert parsed.salt_key == key and key is not None
    assert verify(parsed.records, parsed.seeds, salt_key=parsed.salt_key).ok
    created, report = there.import_text(ImportGame(text))
    assert report.ok and "salts" in report.checked
    moved = created.game_id
    assert there.repo.secret(moved).salt_key == key  # type: ignore[union-attr]
    _roll(there, moved, 4)
    assert there.load(moved).ended is not None
    assert there.verify(VerifyGame(moved, who=OPERATOR)).ok
    final = replay_file.loads(there.export(ExportGame(moved, who=OPERATOR)).split("\n"))
    assert final.salt_key is None  # an ended game reveals its key in GameEnded instead
    report = verify(final.records, final.seeds)
    assert report.ok and "salts" in report.checked, report.problem
    revealed = read_kernel(final.records[-1], GameEnded).salt_key
    assert revealed == key.hex()
    assert all(r.salt == salt_for(key, gid, r.version) for r in final.records)
    # and back into a third store, ended: it keeps the revealed key, and verifies there
    again, _ = here.import_text(ImportGame(there.export(ExportGame(moved, who=OPERATOR))))
    assert here.repo.secret(again.game_id).salt_key == key  # type: ignore[union-attr]
    assert here.verify(VerifyGame(again.game_id, who=OPERATOR)).ok


def test_a_running_games_file_without_its_key_is_refused(
    two: tuple[GameService, GameService],
) -> None:
    """A running game's file from an older skald carries no key: the import cannot go on
    under the key its records are salted with, so it is refused (export it again); verify
    of such a file fails saying why (a check that cannot run)."""
    here, there = two
    gid, _ = _running_table_game(here)
    records = here.store.read(gid)
    bare = replay_file.dumps(gid, records)  # no salt_key
    with pytest.raises(SkaldError) as refused:
        there.import_text(ImportGame(bare))
    assert refused.value.rule == "replay/no-salt-key" and "export it again" in refused.value.reason
    assert there.list_games(ListGames()) == []
    report = verify(records)
    assert not report.ok and report.first_bad == 1 and "salts cannot be checked" in report.problem


def test_a_running_games_file_with_another_key_is_refused(
    two: tuple[GameService, GameService],
) -> None:
    here, there = two
    gid, _ = _running_table_game(here)
    records = here.store.read(gid)
    other = replay_file.dumps(gid, records, salt_key=bytes(32))
    with pytest.raises(SkaldError) as refused:
        there.import_text(ImportGame(other))
    assert refused.value.rule == "replay/does-not-verify" and refused.value.reason.startswith("v1:")
    assert there.list_games(ListGames()) == []
    # a forger who re-derives every salt from their own key is caught by the store's key
    forged = forgery.resealed(records, bytes(32))
    report = verify(forged, salt_key=here.repo.secret(gid).salt_key)  # type: ignore[union-attr]
    assert not report.ok and report.first_bad == 1


def test_an_end_that_reveals_the_key_while_a_seed_is_withheld_is_refused(
    two: tuple[GameService, GameService],
) -> None:
    """A fork of a running game withholds the shared seed, and the salt key with it, at its
    end (the salts would open the hidden records the source draws again); verify needs the
    store's key then, and refuses an end that reveals one anyway."""
    svc, _ = two
    source = svc.create(CreateGame("toy", 2, seed=b"shared")).game_id
    svc.submit(SubmitMove(source, 0, Roll(), who=OPERATOR))
    fork = svc.fork(ForkGame(source, svc.load(source).version, who=OPERATOR)).game_id
    while svc.load(fork).ended is None:
        loaded = svc.load(fork)
        (seat,) = loaded.rules.to_act(loaded.state)
        svc.submit(SubmitMove(fork, seat, Roll(), who=OPERATOR))
    records = svc.store.read(fork)
    ended = read_kernel(records[-1], GameEnded)
    assert ended.salt_key is None and ended.seeds[0].withheld
    secret = svc.repo.secret(fork)
    assert secret is not None and secret.salt_key is not None
    assert svc.verify(VerifyGame(fork, who=OPERATOR)).ok
    alone = verify(records, secret.seeds)
    assert not alone.ok and alone.first_bad == 1 and "salts cannot be checked" in alone.problem
    revealed = dataclasses.replace(ended, salt_key=secret.salt_key.hex())
    forged = forgery.reseal(forgery.edit(records, len(records), data=to_data(revealed)))
    report = verify(forged, secret.seeds, salt_key=secret.salt_key)
    assert not report.ok and report.first_bad == len(records)
    assert "withheld" in report.problem

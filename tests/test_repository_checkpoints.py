"""A game's past states at every 64th version are kept (``Repository._at``): a view at any
version folds from the nearest one below it, and is the very state a fold from the first record
gives — at every version of the long 4-player Feast golden, in order and out of order, on a store
that also holds another game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from skald.domain.kernel.errors import Malformed
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ImportGame
from skald.service.bootstrap import registry
from skald.service.model.folding import fold_into
from skald.service.store.event_store import EventStore
from skald.service.store.repository import CHECKPOINT_EVERY

GOLDEN = Path(__file__).resolve().parent.parent / "replays" / "feast" / "feast-4p-long.jsonl"


def test_every_past_version_equals_a_fold_from_the_start(tmp_path: Path) -> None:
    svc = GameService(EventStore(str(tmp_path / "s.db")), registry())
    try:
        gid = svc.import_text(ImportGame(GOLDEN.read_text()))[0].game_id
        svc.create(CreateGame("red_north", 3))  # another game's records in the same store
        records = svc.repo.read(gid)
        assert len(records) > 10 * CHECKPOINT_EVERY
        versions = [r.version for r in records]
        order = versions[::-1] + random.Random(3).sample(versions, len(versions))
        straight, folded = {}, None  # record by record from the first one
        for record in records:
            folded = fold_into(folded, gid, [record], svc.repo.games)
            straight[record.version] = folded
        for version in order:
            at = svc.repo.load(gid, upto=version)
            want = straight[version]
            assert (at.version, at.last_hash, at.ended) == (
                want.version,
                want.last_hash,
                want.ended,
            )
            assert at.state == want.state
            assert at.batches == want.batches
        kept = {v for (g, v) in svc.repo._checkpoints if g == gid}
        assert kept == {v for v in versions if v % CHECKPOINT_EVERY == 0}
        with pytest.raises(Malformed):
            svc.repo.load(gid, upto=versions[-1] + 1)
        with pytest.raises(Malformed):
            svc.repo.load(gid, upto=0)
    finally:
        svc.store.close()


def test_a_version_far_past_the_end_is_refused_at_once(tmp_path: Path) -> None:
    """At 2**62 the search for a kept state once stepped down 64 at a time from there: one
    GetView held the server's loop for good (found by ``skald loadtest``'s hostile phase). The
    loads run on a thread of their own: only a hang outlasts the join's minute."""
    import re
    import threading

    svc = GameService(EventStore(str(tmp_path / "s.db")), registry())
    try:
        gid = svc.import_text(ImportGame(GOLDEN.read_text()))[0].game_id
        last = svc.repo.read(gid)[-1].version
        svc.repo.load(gid, upto=3 * CHECKPOINT_EVERY + 5)  # checkpoints kept on the way
        refused: list[str] = []

        def load_far() -> None:
            for far in (last + 1, 2**62, 2**63 - 1):
                try:
                    svc.repo.load(gid, upto=far)
                except Malformed as error:
                    refused.append(str(error))

        loads = threading.Thread(target=load_far, daemon=True)
        loads.start()
        loads.join(timeout=60)
        assert not loads.is_alive(), "a load far past the end hung"
        assert len(refused) == 3 and all(re.search(r"is not in 1\.\.", r) for r in refused)
        with pytest.raises(Exception, match="no game"):
            svc.repo.load("0" * 8 + "-0000-0000-0000-" + "0" * 12, upto=2**62)
    finally:
        svc.store.close()

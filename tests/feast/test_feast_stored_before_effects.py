"""A Feast for Odin game stored before the occupation effects were built (rules version
feast-ja-2026.1, the golden as it was recorded then) still replays and verifies as it was
played: its ``GameStarted`` has no ``occupation_effects`` and is read as off
(``service/model/upcasting.py``), and its ``GameCreated`` lacks the ``occupations`` option, which
``OptionSpec.absent`` fills the same way when verify re-runs setup."""

from __future__ import annotations

from pathlib import Path

from skald.service.model.folding import fold_records
from skald.service.model.verify import verify
from skald.service.store import replay_file

OLD = Path(__file__).parent / "data" / "feast-2p-short-before-effects.jsonl"


def test_an_old_game_verifies_and_replays_with_the_effects_off() -> None:
    parsed = replay_file.load_bytes(OLD.read_bytes())
    created = parsed.records[0].data
    assert "occupations" not in {o["name"] for o in created["options"]}
    assert any(r.type == "OccupationPlayed" for r in parsed.records)  # cards were played
    report = verify(parsed.records, parsed.seeds)
    assert report.ok, report
    loaded = fold_records(parsed.records)
    assert not loaded.state.effects
    assert loaded.rules.outcome(loaded.state) is not None


LATE = Path(__file__).parent / "data" / "feast-3p-short-before-late-cards.jsonl"
"""The 3-player golden as recorded before the last 8 effects were built (commit 191b666): #99
Preceptor was played in it and did nothing then."""


def test_a_game_stored_before_the_last_cards_verifies_with_them_off() -> None:
    parsed = replay_file.load_bytes(LATE.read_bytes())
    created = parsed.records[0].data
    assert "late_occupations" not in {o["name"] for o in created["options"]}
    played = [r for r in parsed.records if r.type == "OccupationPlayed"]
    assert any("occupation-099" in str(r.data) for r in played)  # the card that acts now
    assert not any(r.type == "OccupationEffectsAdded" for r in parsed.records)
    report = verify(parsed.records, parsed.seeds)
    assert report.ok, report
    loaded = fold_records(parsed.records)
    assert loaded.state.effects and not loaded.state.late_effects
    assert loaded.rules.outcome(loaded.state) is not None

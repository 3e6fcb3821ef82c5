"""What every seat was shown in the golden games: each view at every version, re-derived from
the replay file, hashes to what ``python -m skald.tools.goldens`` recorded beside it; each golden still
verifies and re-decides exactly; and recording is deterministic (same bytes twice), so a
re-recorded golden differs only where the rules now decide or show something else."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from skald.service.model.verify import verify
from skald.service.store import replay_file
from skald.tools.goldens import Golden, goldens, record, view_hashes

ROOT = Path(__file__).resolve().parent.parent / "replays"
GOLDENS = goldens()


def test_the_goldens_cover_every_game_and_player_count() -> None:
    assert sorted((g.game, g.players, g.length) for g in GOLDENS) == [
        ("brian-boru", 3, ""),
        ("brian-boru", 4, ""),
        ("brian-boru", 5, ""),
        ("feast", 1, "long"),
        ("feast", 2, "short"),
        ("feast", 3, "short"),
        ("feast", 4, "long"),
        ("red-north", 2, ""),
        ("red-north", 3, ""),
        ("red-north", 4, ""),
    ]


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_every_view_at_every_version_matches_the_recording(golden: Golden) -> None:
    parsed = replay_file.load_bytes(golden.replay_path(ROOT).read_bytes())
    report = verify(parsed.records, parsed.seeds)
    assert report.ok, f"v{report.first_bad}: {report.problem}"
    assert "re-decision" in report.checked and "commitments" in report.checked

    recorded = [json.loads(line) for line in golden.views_path(ROOT).read_text().splitlines()]
    assert [row["version"] for row in recorded] == [r.version for r in parsed.records]
    derived = view_hashes(parsed.records)
    for want, got in zip(recorded, derived, strict=True):
        assert len(want["seats"]) == parsed.header["players"]
        assert got["public"] == want["public"], f"public view differs at v{want['version']}"
        for seat, (a, b) in enumerate(zip(want["seats"], got["seats"], strict=True)):
            assert a == b, f"seat {seat}'s view differs at v{want['version']}"


@pytest.mark.parametrize("golden", GOLDENS, ids=lambda g: g.name)
def test_each_golden_is_the_pinned_recording(golden: Golden) -> None:
    """The committed file is the script's game: its pinned id (the chance stream) and clock."""
    parsed = replay_file.load_bytes(golden.replay_path(ROOT).read_bytes())
    assert parsed.header["game_id"] == golden.game_id
    assert parsed.records[0].at == "2026-01-01T00:00:01+00:00"
    assert parsed.records[-1].type == "skald.GameEnded"


def test_recording_twice_gives_the_same_bytes() -> None:
    golden = Golden("red-north", 2)
    first, second = record(golden), record(golden)
    assert first == second
    parsed = replay_file.loads(first[0].split("\n"))
    assert verify(parsed.records, parsed.seeds).ok
    assert parsed.header["game_id"] == golden.game_id
    assert len(first[1].splitlines()) == len(parsed.records)

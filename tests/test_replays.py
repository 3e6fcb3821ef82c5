"""Golden recorded games in ``replays/``: each replays exactly (every command re-decided to the
stored events, every chance outcome re-derived from the revealed seed), imports into a real
store, and any single changed byte makes verification fail."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from skald.domain.kernel.errors import SkaldError
from skald.service.app.games import GameService, fold_records
from skald.service.app.requests import ExportGame, ImportGame, VerifyGame
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.verify import verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore

ROOT = Path(__file__).resolve().parent.parent / "replays"
FILES = sorted(p for p in ROOT.glob("*/*.jsonl") if not p.name.endswith(".views.jsonl"))


def test_every_game_and_player_count_has_a_golden_game() -> None:
    names = {p.relative_to(ROOT).as_posix() for p in FILES}
    for game, counts in (("red-north", (2, 3, 4)), ("brian-boru", (3, 4, 5))):
        for n in counts:
            assert f"{game}/{game}-{n}p.jsonl" in names
    feast = {n.removeprefix("feast/").removesuffix(".jsonl") for n in names if "feast/" in n}
    assert {n.split("-")[1] for n in feast} == {"1p", "2p", "3p", "4p"}
    assert {n.split("-")[2] for n in feast} == {"long", "short"}


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_golden_game_replays_exactly(path: Path) -> None:
    parsed = replay_file.load_bytes(path.read_bytes())
    report = verify(parsed.records, parsed.seeds)
    assert report.ok, report.problem
    assert report.checked == ["chain", "commitments", "outcome", "re-decision", "salts"]
    loaded = fold_records(parsed.records)
    outcome = loaded.rules.outcome(loaded.state)
    assert outcome is not None
    assert list(outcome.scores) == parsed.records[-1].data["scores"]
    assert loaded.players == parsed.header["players"]


@pytest.mark.parametrize("path", FILES[:2], ids=lambda p: p.name)
def test_golden_game_imports_and_verifies_in_a_store(path: Path, tmp_path: Path) -> None:
    svc = GameService(EventStore(str(tmp_path / "s.db")), registry())
    created, report = svc.import_text(ImportGame(path.read_text()))
    assert report.ok
    assert svc.verify(VerifyGame(created.game_id, who=OPERATOR)).ok
    # a fresh store keeps the recorded id, and exporting gives back the very same bytes
    assert created.game_id == replay_file.load_bytes(path.read_bytes()).header["game_id"]
    assert svc.export(ExportGame(created.game_id, who=OPERATOR)) == path.read_text()
    svc.store.close()


def _fails(raw: bytes) -> bool:
    try:
        parsed = replay_file.load_bytes(raw)
    except SkaldError:
        return True
    return not verify(parsed.records, parsed.seeds).ok


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_one_changed_byte_fails_verification(path: Path) -> None:
    raw = path.read_bytes()
    picker = random.Random(path.name)
    line_starts = [0, *[i + 1 for i, b in enumerate(raw) if b == 10][:-1]]
    # the header, the first record, the trailer, and random bytes all over the file
    positions = [5, line_starts[1] + 10, line_starts[-1] + 12]
    positions += [picker.randrange(len(raw) - 1) for _ in range(16)]
    for at in positions:
        original = raw[at]
        for replacement in {original ^ 0x01, ord(" ") if original != 0x20 else ord("_")}:
            changed = raw[:at] + bytes([replacement]) + raw[at + 1 :]
            assert _fails(changed), (
                f"byte {at} ({chr(original)!r}→{chr(replacement)!r}) went unnoticed"
            )


@pytest.mark.parametrize("path", FILES[:1], ids=lambda p: p.name)
def test_truncated_or_reordered_files_fail(path: Path) -> None:
    lines = path.read_bytes().split(b"\n")
    assert _fails(b"\n".join(lines[:-2]) + b"\n")
    assert _fails(b"\n".join(lines[:5] + lines[6:]))
    swapped = lines[:]
    swapped[5], swapped[6] = swapped[6], swapped[5]
    assert _fails(b"\n".join(swapped))

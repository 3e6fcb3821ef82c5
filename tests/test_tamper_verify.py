"""Verify cannot be switched off by the data it checks. Each test is an attack: a forger with
write access edits finished games — a dealt card, Brian Boru's Viking deck order, ``chance:
null`` on every batch, no seed segments — recomputes every hash (:mod:`tests.forgery`), and
writes the result into the store with SQL or into an exported file. ``verify`` must fail
naming the record, and ``import`` must refuse the file and write nothing."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from skald.domain.kernel.errors import SkaldError
from skald.domain.kernel.play import random_command
from skald.service.app.games import GameService
from skald.service.app.requests import (
    CreateGame,
    ExportGame,
    ImportGame,
    ListGames,
    SubmitMove,
    VerifyGame,
)
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.records import Record
from skald.service.model.verify import Report, verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests import forgery
from tests.toy_game import Roll


@pytest.fixture
def svc(db_url: str) -> Iterator[GameService]:
    service = GameService(EventStore(db_url), registry())
    yield service
    service.store.close()


def _finished(svc: GameService, game: str, players: int, seed: int = 0) -> str:
    gid = svc.create(CreateGame(game, players)).game_id
    picker = random.Random(seed)
    while (loaded := svc.load(gid)).ended is None:
        pick = random_command(loaded.rules, loaded.state, picker)
        assert pick is not None
        svc.submit(SubmitMove(gid, *pick, who=OPERATOR))
    return gid


def _file_report(text: str) -> Report:
    parsed = replay_file.loads(text.split("\n"))
    return verify(parsed.records, parsed.seeds)


def _refused_everywhere(svc: GameService, gid: str, forged: list[Record]) -> tuple[Report, Report]:
    """The forged records fail verify in the store (SQL-edited rows) and as an exported file,
    which import refuses without writing anything; both reports."""
    forgery.write_rows(svc.store, gid, forged)
    svc.repo.forget(gid)
    stored = svc.verify(VerifyGame(gid, who=OPERATOR))
    assert not stored.ok, "the store's forged game verified"
    text = svc.export(ExportGame(gid, who=OPERATOR))
    from_file = _file_report(text)
    assert not from_file.ok, "the forged export verified"
    games = [row.game_id for row in svc.list_games(ListGames())]
    with pytest.raises(SkaldError):
        svc.import_text(ImportGame(text))
    assert [row.game_id for row in svc.list_games(ListGames())] == games
    assert (stored.first_bad, stored.problem) == (from_file.first_bad, from_file.problem)
    return stored, from_file


def _version_of(records: list[Record], kind: str) -> int:
    return next(r.version for r in records if r.type == kind)


def test_chance_null_on_every_batch_is_refused(svc: GameService) -> None:
    gid = _finished(svc, "toy", 2)
    assert svc.verify(VerifyGame(gid, who=OPERATOR)).ok
    forged = forgery.reseal(forgery.chance_nulled(svc.store.read(gid)))
    report, _ = _refused_everywhere(svc, gid, forged)
    assert report.first_bad == 2 and "chance" in report.problem
    assert "re-decision" not in report.checked


def test_a_changed_dealt_card_is_refused_with_or_without_chance(svc: GameService) -> None:
    """Red North: seat 0's and seat 1's first dealt cards swapped (so every card still exists
    once), the chain re-hashed; once with ``chance: null`` everywhere, once with it intact, when
    the swapped deal is named."""
    gid = _finished(svc, "red_north", 2)
    records = svc.store.read(gid)
    deals = [r for r in records if r.type == "CardsDrawn" and r.data.get("reason") == "deal"]
    a, b = deals[0], deals[1]
    cards_a, cards_b = list(a.data["cards"]), list(b.data["cards"])
    cards_a[0], cards_b[0] = cards_b[0], cards_a[0]
    swapped = forgery.edit(records, a.version, data={**a.data, "cards": cards_a})
    swapped = forgery.edit(swapped, b.version, data={**b.data, "cards": cards_b})
    report, _ = _refused_everywhere(svc, gid, forgery.reseal(swapped))
    assert report.first_bad == a.version and "CardsDrawn" in report.problem
    nulled, _ = _refused_everywhere(svc, gid, forgery.reseal(forgery.chance_nulled(swapped)))
    assert nulled.first_bad == 2 and "chance" in nulled.problem


def test_brian_boru_viking_deck_order_changed_is_refused(svc: GameService) -> None:
    gid = _finished(svc, "brian_boru", 3)
    records = svc.store.read(gid)
    deck = next(r for r in records if r.type == "VikingDeckShuffled")
    order = list(deck.data["order"])
    order[0], order[-1] = order[-1], order[0]
    changed = forgery.edit(records, deck.version, data={**deck.data, "order": order})
    report, _ = _refused_everywhere(svc, gid, forgery.reseal(changed))
    assert report.first_bad == deck.version and "VikingDeckShuffled" in report.problem
    nulled, _ = _refused_everywhere(svc, gid, forgery.reseal(forgery.chance_nulled(changed)))
    assert not nulled.ok and nulled.first_bad is not None and nulled.first_bad <= deck.version


def test_empty_segments_on_an_ended_game_is_refused(svc: GameService) -> None:
    gid = _finished(svc, "toy", 3)
    records = svc.store.read(gid)
    created = records[0]
    bare = forgery.edit(records, 1, data={**created.data, "segments": []})
    report, _ = _refused_everywhere(svc, gid, forgery.reseal(bare))
    assert report.first_bad == 1 and "segments" in report.problem and not report.notes


def test_a_table_chance_batch_without_its_entries_is_refused(svc: GameService) -> None:
    order = ("c3", "c1", "c2", "c6", "c5", "c4")
    gid = svc.create(CreateGame("toy", 2, chance="table", table_entries=[order])).game_id
    svc.submit(SubmitMove(gid, 0, Roll(), chance=[4], who=OPERATOR))
    assert svc.verify(VerifyGame(gid, who=OPERATOR)).ok
    records = svc.store.read(gid)
    roll = records[-1]
    moved = forgery.edit(records, roll.version, data={**roll.data, "value": 6})
    report, _ = _refused_everywhere(svc, gid, forgery.reseal(forgery.chance_nulled(moved)))
    assert report.first_bad == 2 and "entered outcomes" in report.problem


def test_a_check_verify_cannot_run_is_a_failure_not_a_note(svc: GameService) -> None:
    """A running game's export has no seed: its chance cannot be re-derived, so verify fails
    saying why; the store's operator view supplies the seed and verifies it in full."""
    gid = svc.create(CreateGame("toy", 2)).game_id
    svc.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    report = _file_report(svc.export(ExportGame(gid, who=OPERATOR)))
    assert not report.ok and report.first_bad == 2 and "not revealed" in report.problem
    assert not report.notes
    stored = svc.verify(VerifyGame(gid, who=OPERATOR))
    assert stored.ok and stored.checked == ["chain", "head", "commitments", "re-decision", "salts"]


GOLDENS = sorted(
    p
    for p in (Path(__file__).resolve().parent.parent / "replays").glob("*/*.jsonl")
    if not p.name.endswith(".views.jsonl")
)


@pytest.mark.parametrize("path", GOLDENS, ids=lambda p: p.name)
def test_golden_games_forged_and_re_hashed_fail_verification(path: Path) -> None:
    """The recorded games, attacked as files: ``chance: null`` everywhere, and the first
    shuffled order (Brian Boru's Viking deck, Red North's deck) with two cards swapped, or A
    Feast for Odin's first drawn occupation replaced by another card."""
    records = list(replay_file.load_bytes(path.read_bytes()).records)
    nulled = _file_report(forgery.forged_file(forgery.chance_nulled(records)))
    assert not nulled.ok and nulled.first_bad == 2
    drawn = ("VikingDeckShuffled", "DeckShuffled", "OccupationDrawn")
    shuffled = next(r for r in records if r.type in drawn)
    if shuffled.type == "OccupationDrawn":  # A Feast for Odin draws by chance at each draw
        other = "occupation-002" if shuffled.data["card"] == "occupation-001" else "occupation-001"
        data = {**shuffled.data, "card": other}
    else:
        order = list(shuffled.data["order"])
        order[0], order[1] = order[1], order[0]
        data = {**shuffled.data, "order": order}
    swapped = forgery.edit(records, shuffled.version, data=data)
    report = _file_report(forgery.forged_file(swapped))
    assert not report.ok and report.first_bad == shuffled.version, report.problem


def test_options_the_game_does_not_have_are_refused(svc: GameService) -> None:
    """Setup is re-run with the stored options, so they are checked against the game's schema
    first: a forged option is a failed record, not an exception inside setup."""
    gid = _finished(svc, "toy", 2)
    records = svc.store.read(gid)
    bogus = [{"name": "dragons", "text": None, "number": 3, "flag": None}]
    forged = forgery.edit(records, 1, data={**records[0].data, "options": bogus})
    report, _ = _refused_everywhere(svc, gid, forgery.reseal(forged))
    assert report.first_bad == 1 and "dragons" in report.problem

"""Signed receipts, end to end: a real server signs each acknowledged command; seats keep the
receipts (the Python client and ``skald play``); ``skald verify FILE --receipts DIR`` and
VerifyGame check them. A forgery that verify alone cannot see — the chain re-sealed after an
edit no re-decision compares (a record's time) — is refused by a receipt; so is a file cut
short, a file whose server keys were swapped, and a receipt that was tampered with."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skald.service.app.evidence import check_receipts
from skald.service.app.requests import (
    CreateGame,
    ExportGame,
    ImportGame,
    ListLegal,
    SubmitMove,
    VerifyGame,
    ViewGame,
)
from skald.service.bootstrap import open_service
from skald.service.client import RemoteClient
from skald.service.grpc.server import create_server
from skald.service.model.auth import OPERATOR, new_token
from skald.service.model.receipts import Receipt, ReceiptBox, Signer, served_hashes
from skald.service.model.verify import verify
from skald.service.store import replay_file
from tests import forgery
from tests.e2e_helpers import invoke_skald


@dataclasses.dataclass
class Played:
    address: str
    game_id: str
    text: str
    box: ReceiptBox
    key: str
    referee: str
    operator: str


def _play(address: str, operator: str, game: str, players: int, box: ReceiptBox) -> Played:
    lobby = RemoteClient(address, operator)
    created = lobby.create(CreateGame(game, players, b"receipts", "server", {}, ()))
    gid = created["game_id"]
    seats = [RemoteClient(address, token) for token in created["seat_tokens"]]
    for seat in seats:
        seat.receipts = box
    picker = random.Random(7)
    while (now := lobby.view(ViewGame(gid, None, None, who=OPERATOR))).outcome is None:
        seat = picker.choice(sorted(now.to_act))
        seats[seat].submit(
            SubmitMove(
                gid,
                seat,
                picker.choice(seats[seat].legal(ListLegal(gid, seat, who=OPERATOR))[0]),
                None,
                None,
                (),
                who=OPERATOR,
            )
        )
    text = RemoteClient(address, created["referee_token"]).export(ExportGame(gid, who=OPERATOR))
    for client in (lobby, *seats):
        client.close()
    return Played(address, gid, text, box, lobby_key(address), created["referee_token"], operator)


def lobby_key(address: str) -> str:
    client = RemoteClient(address)
    try:
        return client.receipt_key()
    finally:
        client.close()


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str, Any]]:
    folder = tmp_path_factory.mktemp("receipts-server")
    operator = new_token()
    svc = open_service(str(folder / "skald.db"), operator_token=operator, open_creation=False)
    server, port = create_server(svc)
    try:
        yield f"127.0.0.1:{port}", operator, svc
    finally:
        server.stop(0)
        svc.store.close()


@pytest.fixture(scope="module")
def played(served: tuple[str, str, Any], tmp_path_factory: pytest.TempPathFactory) -> Played:
    address, operator, _ = served
    box = ReceiptBox(tmp_path_factory.mktemp("seat-receipts"))
    return _play(address, operator, "red_north", 2, box)


def _write(tmp_path: Path, text: str, name: str = "game.jsonl") -> Path:
    path = tmp_path / name
    path.write_text(text)
    return path


def _receipts_dir(played: Played) -> str:
    return str(played.box.root)


def test_every_command_gets_a_signed_receipt_the_seat_keeps(played: Played) -> None:
    parsed = replay_file.loads(played.text.split("\n"))
    kept = played.box.of([played.game_id])
    commands = [r for r in parsed.records if r.command is not None]
    assert len(kept) == len(commands) > 0
    assert all(r.signed() and r.key == played.key for r in kept)
    by_version = {r.version: r for r in parsed.records}
    for receipt in kept:
        assert by_version[receipt.version].hash == receipt.record_hash
        assert by_version[receipt.first_version].command_id == receipt.command_id
    assert parsed.server_keys == (played.key,), "the export names the key that signed"


def test_verify_with_the_seats_receipts_passes(played: Played, tmp_path: Path) -> None:
    path = _write(tmp_path, played.text)
    run = invoke_skald(["verify", str(path), "--receipts", _receipts_dir(played), "--json"])
    assert run.code == 0, run.stdout + run.stderr
    report = run.json
    assert report["ok"] and "receipts" in report["checked"]
    assert report["receipts"] == len(played.box.of([played.game_id]))


def test_a_resealed_edit_verify_alone_accepts_is_refused_by_a_receipt(
    played: Played, tmp_path: Path
) -> None:
    """A record's time is not re-decided: edit it and re-seal the chain, and verify alone
    passes; the receipts of every command from there on name other hashes."""
    parsed = replay_file.loads(played.text.split("\n"))
    target = next(r for r in parsed.records[5:] if r.command is not None)
    edited = forgery.edit(list(parsed.records), target.version, at="2020-01-01T00:00:00+00:00")
    sealed = forgery.reseal(edited)
    forged = replay_file.dumps(parsed.created.game_id, sealed, server_keys=parsed.server_keys)
    path = _write(tmp_path, forged)
    alone = invoke_skald(["verify", str(path), "--json"])
    assert alone.code == 0, "this forgery is one only evidence held outside the file can catch"
    run = invoke_skald(["verify", str(path), "--receipts", _receipts_dir(played), "--json"])
    assert run.code != 0
    report = json.loads(run.stdout.splitlines()[0])
    first_receipt = min(
        r.version for r in played.box.of([played.game_id]) if r.version >= target.version
    )
    assert report["first_bad"] == first_receipt
    assert "not those the server wrote" in report["problem"]


def test_swapped_server_keys_make_the_receipts_fail(played: Played, tmp_path: Path) -> None:
    parsed = replay_file.loads(played.text.split("\n"))
    other = Signer(Signer.new_private()).key
    forged = replay_file.dumps(parsed.created.game_id, parsed.records, server_keys=[other])
    path = _write(tmp_path, forged)
    run = invoke_skald(["verify", str(path), "--receipts", _receipts_dir(played), "--json"])
    assert run.code != 0
    report = json.loads(run.stdout.splitlines()[0])
    assert "does not name as its server's" in report["problem"]
    # ... and a verifier who pins the real key accepts the honest receipts again
    pinned = invoke_skald(
        ["verify", str(path), "--receipts", _receipts_dir(played), "--key", played.key]
    )
    assert pinned.code == 0, pinned.stdout + pinned.stderr


def test_a_tampered_or_foreign_receipt_is_refused(played: Played, tmp_path: Path) -> None:
    parsed = replay_file.loads(played.text.split("\n"))
    records = list(parsed.records)
    honest = played.box.of([played.game_id])[0]
    keys = list(parsed.server_keys)

    def report_of(receipt: Receipt) -> Any:
        base = verify(records, parsed.seeds, salt_key=parsed.salt_key)
        return check_receipts(base, records, [receipt], keys, None, [played.game_id])

    flipped = dataclasses.replace(honest, view_hash="0" * 64)  # signature no longer holds
    report = report_of(flipped)
    assert not report.ok and "not validly signed" in report.problem
    attacker = Signer(Signer.new_private())
    forged = attacker.sign(dataclasses.replace(honest, view_hash="0" * 64))
    report = report_of(forged)
    assert not report.ok and "does not name as its server's" in report.problem
    elsewhere = dataclasses.replace(honest, game_id="another-game")
    report = report_of(elsewhere)
    assert report.ok and report.receipts == 0
    assert any("other games" in note for note in report.notes)


def test_the_served_hashes_are_what_the_seat_was_shown(played: Played) -> None:
    """A receipt's view and legal hashes are those of the state before its command."""
    from skald.service.model.folding import fold_records

    parsed = replay_file.loads(played.text.split("\n"))
    receipt = played.box.of([played.game_id])[-1]
    before = fold_records(parsed.records[: receipt.acted_at_version])
    assert served_hashes(before.rules, before.state, receipt.seat) == (
        receipt.view_hash,
        receipt.legal_hash,
    )


def test_verify_game_over_grpc_checks_receipts(played: Played, served: Any) -> None:
    referee = RemoteClient(played.address, played.referee)
    try:
        kept = played.box.of([played.game_id])
        report = referee.verify(VerifyGame(played.game_id, kept, who=OPERATOR))
        assert report["ok"] and report["receipts"] == len(kept)
        attacker = Signer(Signer.new_private())
        bad = attacker.sign(dataclasses.replace(kept[0], record_hash="1" * 64))
        report = referee.verify(VerifyGame(played.game_id, [bad], who=OPERATOR))
        assert not report["ok"] and report["first_bad"] == kept[0].version
    finally:
        referee.close()


def test_a_stored_game_rewritten_in_the_database_fails_with_receipts(
    served: Any, tmp_path_factory: pytest.TempPathFactory
) -> None:
    address, operator, svc = served
    box = ReceiptBox(tmp_path_factory.mktemp("rewritten"))
    game = _play(address, operator, "red_north", 2, box)
    records = svc.store.read(game.game_id)
    target = next(r for r in records[4:] if r.command is not None)
    forged = forgery.reseal(forgery.edit(records, target.version, at="2021-06-01T00:00:00+00:00"))
    forgery.write_rows(svc.store, game.game_id, forged)
    svc.repo.forget(game.game_id)
    assert svc.verify(VerifyGame(game.game_id, who=OPERATOR)).ok, (
        "verify alone cannot see this edit"
    )
    report = svc.verify(VerifyGame(game.game_id, box.of([game.game_id]), who=OPERATOR))
    assert not report.ok
    assert report.first_bad is not None and report.first_bad >= target.version


def test_skald_play_keeps_receipts_and_verify_uses_them(tmp_path: Path, monkeypatch: Any) -> None:
    """On a local store, `skald play` keeps the seat's receipt where $SKALD_RECEIPTS says."""
    folder = tmp_path / "kept"
    monkeypatch.setenv("SKALD_RECEIPTS", str(folder))
    db = str(tmp_path / "local.db")
    made = invoke_skald(["new", "red-north", "--players", "2", "--db", db, "--json"])
    assert made.code == 0, made.stderr
    gid = made.json["game_id"]
    legal = invoke_skald(["legal", gid, "--seat", "0", "--db", db, "--json"])
    assert legal.code == 0, legal.stderr
    moved = invoke_skald(["play", gid, "--seat", "0", "1", "--db", db])
    assert moved.code == 0, moved.stdout + moved.stderr
    kept = ReceiptBox(folder).of([gid])
    assert len(kept) == 1 and kept[0].signed() and kept[0].seat == 0
    run = invoke_skald(["verify", gid, "--db", db, "--receipts", str(folder), "--json"])
    assert run.code == 0, run.stdout + run.stderr
    assert run.json["receipts"] == 1


def test_no_receipts_is_said(played: Played, tmp_path: Path) -> None:
    path = _write(tmp_path, played.text)
    empty = tmp_path / "empty"
    empty.mkdir()
    run = invoke_skald(["verify", str(path), "--receipts", str(empty), "--json"])
    assert run.code == 0
    assert any("no receipts" in note for note in run.json["notes"])


def test_an_imported_game_keeps_naming_the_keys_that_signed(played: Played, tmp_path: Path) -> None:
    """Imported into another store, the game still names the first server's key: the seat's
    receipts verify against the stored copy, and its export names the key again."""
    other = open_service(str(tmp_path / "other.db"))
    try:
        created, _ = other.import_text(ImportGame(played.text))
        kept = played.box.of([played.game_id])
        report = other.verify(VerifyGame(created.game_id, kept, who=OPERATOR))
        assert report.ok and report.receipts == len(kept)
        again = replay_file.loads(
            other.export(ExportGame(created.game_id, who=OPERATOR)).split("\n")
        )
        assert played.key in again.server_keys
    finally:
        other.store.close()


def test_skald_play_over_grpc_keeps_the_servers_receipt(
    served: Any, tmp_path: Path, monkeypatch: Any
) -> None:
    """The round trip the issue names: a real server, `skald play --server` as a seat, the
    receipt kept, the export verified with it — and refused once the export is re-sealed."""
    address, operator, _ = served
    folder = tmp_path / "seat0"
    monkeypatch.setenv("SKALD_RECEIPTS", str(folder))
    lobby = RemoteClient(address, operator)
    created = lobby.create(CreateGame("red_north", 2, None, "server", {}, ()))
    lobby.close()
    gid = created["game_id"]
    seat0 = created["seat_tokens"][0]
    moved = invoke_skald(["play", gid, "--seat", "0", "1", "--server", address, "--token", seat0])
    assert moved.code == 0, moved.stdout + moved.stderr
    kept = ReceiptBox(folder).of([gid])
    assert len(kept) == 1 and kept[0].signed() and kept[0].key == lobby_key(address)
    exported = invoke_skald(
        ["export", gid, "--server", address, "--token", created["referee_token"], "-o", "-"]
    )
    assert exported.code == 0, exported.stderr
    path = _write(tmp_path, exported.stdout)
    run = invoke_skald(["verify", str(path), "--receipts", str(folder), "--json"])
    assert run.code != 0 or run.json["receipts"] == 1  # a running game: its seed is not revealed
    parsed = replay_file.loads(exported.stdout.split("\n"))
    report = check_receipts(
        verify(parsed.records, parsed.seeds, salt_key=parsed.salt_key),
        list(parsed.records),
        kept,
        parsed.server_keys,
        None,
        [gid],
    )
    assert report.receipts == 1, report.notes
    resealed = forgery.reseal(forgery.edit(list(parsed.records), 2, at="2001-01-01T00:00:00+00:00"))
    report = check_receipts(
        verify(resealed, parsed.seeds, salt_key=parsed.salt_key),
        resealed,
        kept,
        parsed.server_keys,
        None,
        [gid],
    )
    assert not report.ok and report.first_bad is not None and report.first_bad <= kept[0].version

"""Disputes and rulings (issue 24): records beside a game's own that never change it.

On real stores (a SQLite file and a PostgreSQL schema): a seat files, the referee rules (upheld
with a fork as the continuation, dismissed), every refusal writes nothing, replicas filing at
once never share a number; an export carries them and an import keeps them; a forged dispute
chain fails verify of the file naming the dispute record; over gRPC on a real port; the CLI
(``dispute``, ``rule``, ``log``), the replay browser's input and the HTML page."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import grpc
import pytest

from skald.domain.kernel import IllegalMove, SkaldError
from skald.domain.kernel.errors import Malformed
from skald.service.app import disputes
from skald.service.app.games import GameService
from skald.service.app.requests import (
    CreateGame,
    ExportGame,
    FileDispute,
    ImportGame,
    ListDisputes,
    ListGames,
    RuleDispute,
    VerifyGame,
)
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR, SPECTATOR, Principal
from skald.service.model.errors import Forbidden, NotFound, Stale, Tampered, Unauthenticated
from skald.service.model.records import GENESIS, Record
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests.e2e_helpers import Rpc, invoke_skald, pb, rule_of
from tests.test_service import play_to_end

RN2 = Path(__file__).resolve().parent.parent / "replays" / "red-north" / "red-north-2p.jsonl"
FORK_AT = 7
"""A command boundary of the toy game (setup ends at v5; one record per roll)."""


def _game(svc: GameService, end: bool = True) -> str:
    gid = svc.create(CreateGame("toy", 2, seed=b"disputed")).game_id
    if end:
        play_to_end(svc, gid)
    return gid


def _stored(svc: GameService, gid: str) -> tuple[list[Record], Any, list[Record], int | None]:
    """Everything a refusal must leave as it was: the game's records and head, its dispute
    chain, and the store's last row."""
    return (
        svc.store.read(gid),
        svc.store.head(gid),
        svc.store.read_disputes(gid),
        svc.store.recorder.max_notification_id(),
    )


# ---------------------------------------------------------------------------- the service


def test_disputes_and_rulings_are_kept_beside_the_game_and_change_nothing(
    service: GameService,
) -> None:
    gid = _game(service, end=False)
    early = service.file_dispute(
        FileDispute(gid, 3, 1, "  setup dealt me twice  ", who=Principal("seat", 1))
    )
    assert (early.number, early.at_version, early.seat) == (1, 3, 1)
    assert early.text == "setup dealt me twice"  # trimmed
    assert early.at_hash == service.store.read(gid)[2].hash and early.ruling is None
    play_to_end(service, gid)  # filing changed nothing a command depends on
    records, head, _, _ = _stored(service, gid)

    second = service.file_dispute(
        FileDispute(gid, 9, 0, "the referee files for seat 0", who=OPERATOR)
    )
    dispute, fork = service.rule_dispute(
        RuleDispute(gid, 1, True, "replay from v7", FORK_AT, who=OPERATOR)
    )
    assert second.number == 2 and fork is not None and fork.version == FORK_AT
    assert dispute.ruling is not None and dispute.ruling.upheld
    assert (dispute.ruling.fork_game_id, dispute.ruling.fork_version) == (fork.game_id, FORK_AT)
    forked = service.store.read(fork.game_id)
    assert forked[0].data["forked_from"] == {"game_id": gid, "version": FORK_AT}
    dismissed, none = service.rule_dispute(
        RuleDispute(gid, 2, False, "the roll stands", who=OPERATOR)
    )
    assert none is None and dismissed.ruling is not None and not dismissed.ruling.upheld

    assert service.store.read(gid) == records and service.store.head(gid) == head
    assert [r.type for r in service.store.read_disputes(gid)] == [
        disputes.DISPUTED,
        disputes.DISPUTED,
        disputes.RULED,
        disputes.RULED,
    ]
    listed = service.disputes(ListDisputes(gid, who=SPECTATOR))  # public: a spectator lists them
    assert [d.to_json() for d in listed] == [
        d.to_json() for d in service.disputes(ListDisputes(gid, who=Principal("seat", 0)))
    ]
    assert [(d.number, d.ruling is not None) for d in listed] == [(1, True), (2, True)]
    report = service.verify(VerifyGame(gid, who=OPERATOR))
    assert report.ok, report.problem
    assert report.checked[-1] == "disputes"
    assert report.notes[-2:] == [
        f"superseded: dispute #1 upheld, continued as fork {fork.game_id} at v{FORK_AT}",
        "dispute #2 dismissed",
    ]
    assert service.verify(VerifyGame(fork.game_id, who=OPERATOR)).ok
    rows = service.list_games(ListGames())  # the index sees two games, not a third made of disputes
    assert {r.game_id for r in rows} == {gid, fork.game_id}
    assert service.rebuild_index() == 2


def test_every_refusal_names_its_rule_and_writes_nothing(service: GameService) -> None:
    gid = _game(service)
    service.file_dispute(FileDispute(gid, 8, 0, "first", who=Principal("seat", 0)))
    service.rule_dispute(RuleDispute(gid, 1, False, "no", who=OPERATOR))
    service.file_dispute(FileDispute(gid, 8, 1, "second", who=Principal("seat", 1)))
    before = _stored(service, gid)
    last = len(before[0])
    seat1 = Principal("seat", 1)
    refusals: list[tuple[type[SkaldError], str, Any]] = [
        (Forbidden, "auth/wrong-seat", lambda: service.file_dispute(FileDispute(gid, 8, 0, "x", who=seat1))),
        (Unauthenticated, "auth/missing-token", lambda: service.file_dispute(FileDispute(gid, 8, 0, "x", who=SPECTATOR))),
        (Malformed, "seat/out-of-range", lambda: service.file_dispute(FileDispute(gid, 8, 2, "x", who=OPERATOR))),
        (Malformed, "version/out-of-range", lambda: service.file_dispute(FileDispute(gid, 0, 1, "x", who=seat1))),
        (Malformed, "version/out-of-range", lambda: service.file_dispute(FileDispute(gid, last + 1, 1, "x", who=seat1))),
        (Malformed, "dispute/empty-text", lambda: service.file_dispute(FileDispute(gid, 8, 1, "  \t ", who=seat1))),
        (Malformed, "dispute/text-too-long", lambda: service.file_dispute(FileDispute(gid, 8, 1, "x" * 2001, who=seat1))),
        (Malformed, "dispute/bad-text", lambda: service.file_dispute(FileDispute(gid, 8, 1, "a\x1b[2Jb", who=seat1))),
        (Malformed, "dispute/bad-text", lambda: service.file_dispute(FileDispute(gid, 8, 1, "a\u202eb", who=seat1))),
        (NotFound, "game/unknown", lambda: service.file_dispute(FileDispute("0" * 8 + "-0000-4000-8000-" + "0" * 12, 8, 1, "x", who=seat1))),
        (Forbidden, "auth/referee-only", lambda: service.rule_dispute(RuleDispute(gid, 2, True, "x", who=seat1))),
        (Unauthenticated, "auth/missing-token", lambda: service.rule_dispute(RuleDispute(gid, 2, True, "x", who=SPECTATOR))),
        (NotFound, "dispute/unknown", lambda: service.rule_dispute(RuleDispute(gid, 3, True, "x", who=OPERATOR))),
        (IllegalMove, "dispute/already-ruled", lambda: service.rule_dispute(RuleDispute(gid, 1, True, "x", who=OPERATOR))),
        (Malformed, "dispute/fork-needs-uphold", lambda: service.rule_dispute(RuleDispute(gid, 2, False, "x", FORK_AT, who=OPERATOR))),
        (Malformed, "dispute/reseed-needs-fork", lambda: service.rule_dispute(RuleDispute(gid, 2, True, "x", None, True, who=OPERATOR))),
        (Malformed, "dispute/empty-text", lambda: service.rule_dispute(RuleDispute(gid, 2, True, "", who=OPERATOR))),
        (Malformed, "version/not-a-boundary", lambda: service.rule_dispute(RuleDispute(gid, 2, True, "x", 3, who=OPERATOR))),
        (Malformed, "version/out-of-range", lambda: service.rule_dispute(RuleDispute(gid, 2, True, "x", last + 5, who=OPERATOR))),
    ]  # fmt: skip
    for cls, rule, call in refusals:
        with pytest.raises(cls) as caught:
            call()
        assert caught.value.rule == rule, (rule, caught.value)
        assert _stored(service, gid) == before, rule  # not a row, not a fork
    with pytest.raises(Malformed, match=r"in 1\.\.12, not 99"):
        service.file_dispute(FileDispute(gid, 99, 1, "x", who=seat1))


def test_replicas_filing_at_once_never_share_a_number(db_url: str) -> None:
    stores = [EventStore(db_url) for _ in range(2)]
    try:
        replicas = [GameService(store, registry()) for store in stores]
        gid = _game(replicas[0])
        errors: list[BaseException] = []

        def file(svc: GameService, seat: int) -> None:
            try:
                for n in range(3):
                    svc.file_dispute(
                        FileDispute(gid, 6 + n, seat, f"s{seat} {n}", who=Principal("seat", seat))
                    )
            except BaseException as error:  # pragma: no cover - reported below
                errors.append(error)

        threads = [
            threading.Thread(target=file, args=(svc, seat)) for svc in replicas for seat in (0, 1)
        ]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert errors == []
        listed = replicas[1].disputes(ListDisputes(gid, who=SPECTATOR))
        assert [d.number for d in listed] == list(range(1, 13))
        assert sorted(d.text for d in listed) == sorted(
            f"s{s} {n}" for s in (0, 1) for n in range(3) for _ in replicas
        )
        assert replicas[0].verify(VerifyGame(gid, who=OPERATOR)).ok
    finally:
        for store in stores:
            store.close()


def test_a_place_in_the_chain_taken_is_stale_and_writes_nothing(service: GameService) -> None:
    gid = _game(service)
    service.file_dispute(FileDispute(gid, 6, 0, "first", who=OPERATOR))
    [first] = service.store.read_disputes(gid)
    rival = Record(1, disputes.DISPUTED, 1, "rival", dict(first.data)).sealed(GENESIS)
    with pytest.raises(Stale):
        service.store.append_disputes(gid, [rival])
    assert service.store.read_disputes(gid) == [first]


# ---------------------------------------------------------------------------- files


def _disputed_file(svc: GameService) -> tuple[str, str, str]:
    """An ended toy game with two disputes (one upheld with a fork, one dismissed) and a third
    open, exported: (game id, fork id, file text)."""
    gid = _game(svc)
    svc.file_dispute(FileDispute(gid, FORK_AT, 1, "the roll at v7", who=OPERATOR))
    svc.file_dispute(FileDispute(gid, 9, 0, "the roll at v9", who=OPERATOR))
    _, fork = svc.rule_dispute(RuleDispute(gid, 1, True, "replayed", FORK_AT, who=OPERATOR))
    svc.rule_dispute(RuleDispute(gid, 2, False, "stands", who=OPERATOR))
    svc.file_dispute(FileDispute(gid, 10, 1, "still open", who=OPERATOR))
    assert fork is not None
    return gid, fork.game_id, svc.export(ExportGame(gid, who=OPERATOR))


def test_export_carries_them_and_import_keeps_and_verifies_them(
    service: GameService, tmp_path: Path
) -> None:
    gid, fork, text = _disputed_file(service)
    parsed = replay_file.loads(text.split("\n"))
    assert [d["hash"] for d in parsed.disputes] == [
        r.hash for r in service.store.read_disputes(gid)
    ]
    other = GameService(EventStore(str(tmp_path / "other.db")), registry())
    try:
        created, report = other.import_text(ImportGame(text))
        assert report.ok and "disputes" in report.checked
        assert f"superseded: dispute #1 upheld, continued as fork {fork} at v{FORK_AT}" in (
            report.notes
        )
        assert "dispute #3 (seat 1 at v10) awaits a ruling" in report.notes
        assert other.store.read_disputes(created.game_id) == service.store.read_disputes(gid)
        assert [
            d.to_json() for d in other.disputes(ListDisputes(created.game_id, who=SPECTATOR))
        ] == [d.to_json() for d in service.disputes(ListDisputes(gid, who=SPECTATOR))]
        assert other.export(ExportGame(created.game_id, who=OPERATOR)) == text  # byte for byte
        assert (
            other.verify(VerifyGame(created.game_id, who=OPERATOR)).notes
            == service.verify(VerifyGame(gid, who=OPERATOR)).notes
        )
    finally:
        other.store.close()


def _trailer(text: str) -> tuple[list[str], dict[str, Any]]:
    lines = text.rstrip("\n").split("\n")
    return lines, json.loads(lines[-1])


def _with(text: str, chain: list[dict[str, Any]]) -> str:
    """``text`` with its trailer's disputes replaced (in canonical form, so the file parses)."""
    lines, trailer = _trailer(text)
    trailer["disputes"] = chain
    lines[-1] = json.dumps(trailer, sort_keys=True, ensure_ascii=False)
    return "\n".join(lines) + "\n"


def _resealed(chain: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The chain sealed again as a forger would, each record's hash over what it now holds."""
    out: list[dict[str, Any]] = []
    prev = GENESIS
    for obj in chain:
        r = Record.from_json(obj)
        sealed = Record(r.version, r.type, r.seat, r.command_id, r.data).sealed(prev, at=r.at)
        out.append(sealed.to_json())
        prev = sealed.hash
    return out


def _forgeries(text: str) -> dict[str, tuple[str, int, str]]:
    """Forged chains: name -> (file text, the dispute record named, what the problem says)."""
    _, trailer = _trailer(text)
    chain = trailer["disputes"]

    def edited(n: int, **data: Any) -> list[dict[str, Any]]:
        out: list[dict[str, Any]] = json.loads(json.dumps(chain))
        out[n]["data"].update(data)
        return out

    text_only = edited(0, text="the roll at v7, and more")
    one_hash = json.loads(json.dumps(text_only))
    one_hash[0] = _resealed(text_only[:1])[0]  # its own hash redone, the next link not
    return {
        "edited text": (_with(text, text_only), 1, "its hash does not match its contents"),
        "one hash redone": (_with(text, one_hash), 2, "does not link to dispute record 1"),
        "wrong at_hash": (
            _with(text, _resealed(edited(0, at_hash="ab" * 32))),
            1,
            "it disputes v7 as abababab",
        ),
        "ruling on a missing dispute": (
            _with(text, _resealed(edited(2, number=7))),
            3,
            "it rules on dispute #7, which was not filed before it",
        ),
        "second ruling": (
            _with(text, _resealed([*chain[:4], {**chain[3], "version": 5}])),
            5,
            "it rules again on dispute #2",
        ),
        "escape in the text": (
            _with(text, _resealed(edited(1, text="\x1b[31mred"))),
            2,
            "control character",
        ),
        "dismissal with a fork": (
            _with(text, _resealed(edited(3, fork={"game_id": chain[2]["data"]["fork"]["game_id"], "version": 7}))),
            4,
            "a dismissal names a fork",
        ),
        "not a record": (_with(text, [*chain[:1], {"type": "skald.Disputed"}]), 2, "not a record"),
    }  # fmt: skip


def test_a_forged_dispute_chain_fails_verify_of_the_file_and_import_writes_nothing(
    tmp_path: Path,
) -> None:
    svc = GameService(EventStore(str(tmp_path / "skald.db")), registry())
    try:
        _, _, text = _disputed_file(svc)
        honest = tmp_path / "honest.jsonl"
        honest.write_text(text)
        good = invoke_skald(["verify", str(honest), "--json"])
        assert good.code == 0 and "disputes" in good.json["checked"]
        assert any(note.startswith("superseded: dispute #1 upheld") for note in good.json["notes"])
        rows = svc.store.recorder.max_notification_id()
        for name, (forged, record, says) in _forgeries(text).items():
            path = tmp_path / f"{name.replace(' ', '-')}.jsonl"
            path.write_text(forged)
            run = invoke_skald(["verify", str(path), "--json"])
            report = json.loads(run.stdout.splitlines()[0])
            assert run.code == 1 and report["ok"] is False, name
            assert report["problem"].startswith(f"dispute record {record}: "), report["problem"]
            assert says in report["problem"], (name, report["problem"])
            assert 1 <= report["first_bad"] <= report["events"]
            assert f"dispute record {record}" in run.stderr
            with pytest.raises(Tampered, match=f"dispute record {record}: "):
                svc.import_text(ImportGame(forged))
            assert svc.store.recorder.max_notification_id() == rows, name  # nothing written
    finally:
        svc.store.close()


def test_check_names_the_disputed_version_or_the_last() -> None:
    records = list(replay_file.load_bytes(RN2.read_bytes()).records)
    filed = Record(
        1,
        disputes.DISPUTED,
        0,
        "c",
        {"number": 1, "at_version": 20, "at_hash": records[19].hash, "text": "t"},
    ).sealed(GENESIS)
    assert disputes.check(records, [filed]).ok
    beyond = Record(1, disputes.DISPUTED, 0, "c", {**filed.data, "at_version": 10**6})
    found = disputes.check(records, [beyond.sealed(GENESIS)])
    assert (found.ok, found.record, found.first_bad) == (False, 1, len(records))
    wrong = Record(1, disputes.DISPUTED, 0, "c", {**filed.data, "at_hash": records[0].hash})
    assert disputes.check(records, [wrong.sealed(GENESIS)]).first_bad == 20


# ---------------------------------------------------------------------------- gRPC


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Rpc, GameService, int]]:
    from skald.service.grpc.server import create_server

    svc = GameService(EventStore(str(tmp_path / "served.db")), registry())
    server, port = create_server(svc, "127.0.0.1:0")
    rpc = Rpc(port)
    try:
        yield rpc, svc, port
    finally:
        rpc.close()
        server.stop(0)
        svc.store.close()


def test_disputes_over_grpc_on_a_real_port(served: tuple[Rpc, GameService, int]) -> None:
    from skald.service.client import RemoteClient

    rpc, svc, port = served
    created = svc.create(CreateGame("toy", 2, seed=b"grpc"))
    gid = created.game_id
    play_to_end(svc, gid)
    seat1, referee = created.seat_tokens[1], created.referee_token

    filed = rpc.call(
        "FileDispute", pb.FileDisputeRequest(game_id=gid, at_version=7, seat=1, text="v7!"), seat1
    ).dispute
    assert (filed.number, filed.seat, filed.text, filed.HasField("ruling")) == (1, 1, "v7!", False)
    assert filed.at_hash == svc.store.read(gid)[6].hash
    refused = [
        ("FileDispute", pb.FileDisputeRequest(game_id=gid, at_version=7, seat=0, text="x"), seat1,
         grpc.StatusCode.PERMISSION_DENIED, "auth/wrong-seat"),
        ("FileDispute", pb.FileDisputeRequest(game_id=gid, at_version=7, seat=1, text="x"), None,
         grpc.StatusCode.UNAUTHENTICATED, "auth/missing-token"),
        ("FileDispute", pb.FileDisputeRequest(game_id=gid, at_version=99, seat=1, text="x"), seat1,
         grpc.StatusCode.INVALID_ARGUMENT, "version/out-of-range"),
        ("RuleDispute", pb.RuleDisputeRequest(game_id=gid, number=1, uphold=True, text="x"), seat1,
         grpc.StatusCode.PERMISSION_DENIED, "auth/referee-only"),
        ("RuleDispute", pb.RuleDisputeRequest(game_id=gid, number=2, uphold=True, text="x"), referee,
         grpc.StatusCode.NOT_FOUND, "dispute/unknown"),
    ]  # fmt: skip
    for method, request, token, code, rule in refused:
        error = rpc.fails(method, request, token)
        assert (error.code(), rule_of(error)) == (code, rule)

    ruled = rpc.call(
        "RuleDispute",
        pb.RuleDisputeRequest(
            game_id=gid, number=1, uphold=True, text="ok", fork_at_version=FORK_AT
        ),
        referee,
    )
    assert ruled.dispute.ruling.upheld and ruled.fork.version == FORK_AT
    assert ruled.dispute.ruling.fork_game_id == ruled.fork.game_id
    assert len(ruled.fork.seat_tokens) == 2 and ruled.fork.referee_token
    again = rpc.fails(
        "RuleDispute", pb.RuleDisputeRequest(game_id=gid, number=1, text="x"), referee
    )
    assert (again.code(), rule_of(again)) == (
        grpc.StatusCode.FAILED_PRECONDITION,
        "dispute/already-ruled",
    )
    listed = rpc.call("ListDisputes", pb.ListDisputesRequest(game_id=gid)).disputes  # no token
    assert [d.number for d in listed] == [1] and listed[0].ruling.fork_version == FORK_AT
    report = rpc.call("VerifyGame", pb.VerifyGameRequest(game_id=gid), referee)
    assert report.ok and any(n.startswith("superseded: dispute #1") for n in report.notes)

    client = RemoteClient(f"127.0.0.1:{port}", referee)  # the CLI's remote client
    try:
        second = client.dispute(FileDispute(gid, 9, 0, "through the client", who=OPERATOR))
        assert second["number"] == 2 and second["ruling"] is None
        out = client.rule(
            RuleDispute(gid, 2, False, "dismissed remotely", None, False, who=OPERATOR)
        )
        assert out["fork"] is None and out["dispute"]["ruling"]["upheld"] is False
        assert client.disputes(ListDisputes(gid, who=OPERATOR)) == [
            d.to_json() for d in svc.disputes(ListDisputes(gid, who=SPECTATOR))
        ]
    finally:
        client.close()


# ---------------------------------------------------------------------------- the CLI


def test_dispute_rule_and_log_in_the_cli(tmp_path: Path) -> None:
    db = str(tmp_path / "skald.db")
    svc = GameService(EventStore(db), registry())
    gid = _game(svc)
    svc.store.close()

    def skald(*args: str) -> Any:
        return invoke_skald([*args, "--db", db])

    text = "[bold]not bold[/] :-1: my roll"
    filed = skald("dispute", gid[:8], "--at", "7", "--seat", "1", text, "--json")
    assert filed.code == 0, filed.stderr
    assert (filed.json["game_id"], filed.json["number"], filed.json["text"]) == (gid, 1, text)
    human = skald("dispute", gid, "--at", "9", "--seat", "0", "plain")
    assert human.code == 0 and "dispute #2 filed" in human.stdout and "plain" in human.stdout

    no_verdict = skald("rule", gid, "1", "x", "--json")
    assert no_verdict.code == 1 and no_verdict.json["error"]["rule"] == "rule/verdict"
    both = skald("rule", gid, "1", "x", "--uphold", "--dismiss", "--json")
    assert both.json["error"]["rule"] == "rule/verdict"
    on_dismiss = skald("rule", gid, "1", "x", "--dismiss", "--fork-at", "7", "--json")
    assert on_dismiss.json["error"]["rule"] == "dispute/fork-needs-uphold"
    ruled = skald("rule", gid, "1", "replay it", "--uphold", "--fork-at", "7", "--json")
    assert ruled.code == 0, ruled.stderr
    fork = ruled.json["fork"]
    assert ruled.json["dispute"]["ruling"]["fork"] == {"game_id": fork["game_id"], "version": 7}
    dismissed = skald("rule", gid, "2", "it stands", "--dismiss")
    assert dismissed.code == 0 and "dismissed" in dismissed.stdout
    twice = skald("rule", gid, "2", "again", "--dismiss", "--json")
    assert twice.json["error"]["rule"] == "dispute/already-ruled"

    log = skald("log", gid, "--json").json
    assert [d["number"] for d in log["disputes"]] == [1, 2]
    assert log["disputes"][0]["text"] == text and len(log["events"]) == 12
    shown = skald("log", gid).stdout
    assert "disputes (2):" in shown
    assert text in shown  # literally: no markup read, no emoji code
    assert f"continued as fork {fork['game_id']} at v7" in shown
    assert "disputes (" not in skald("log", fork["game_id"]).stdout
    seat_log = skald("log", gid, "--seat", "0", "--json").json
    assert seat_log["disputes"] == log["disputes"]  # public
    verified = skald("verify", gid)
    assert verified.code == 0
    assert f"superseded: dispute #1 upheld, continued as fork {fork['game_id']}" in " ".join(
        verified.stdout.split()
    )


# ---------------------------------------------------------------------------- browser, page


def test_the_replay_browser_gets_a_files_disputes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import skald.cli.commands.audit
    import skald.cli.tui.browser

    svc = GameService(EventStore(str(tmp_path / "skald.db")), registry())
    try:
        _, _, text = _disputed_file(svc)
    finally:
        svc.store.close()
    path = tmp_path / "disputed.jsonl"
    path.write_text(text)
    opened: list[tuple[list[dict[str, Any]], dict[str, Any]]] = []
    monkeypatch.setattr(skald.cli.commands.audit, "_on_terminal", lambda: True)
    monkeypatch.setattr(
        skald.cli.tui.browser,
        "browse",
        lambda tl, verifier, start: opened.append((tl.disputes, verifier())),
    )
    assert invoke_skald(["replay", str(path)]).code == 0
    [(shown, report)] = opened
    assert [(d["number"], d["at_version"]) for d in shown] == [(1, 7), (2, 9), (3, 10)]
    assert report["ok"] and "disputes" in report["checked"]


def test_the_html_page_holds_the_disputes(tmp_path: Path) -> None:
    from tests.view_helpers import build, page_data

    svc = GameService(EventStore(str(tmp_path / "skald.db")), registry())
    try:
        created, _ = svc.import_text(ImportGame(RN2.read_text()))
        gid = created.game_id
        svc.file_dispute(FileDispute(gid, 8, 1, "<script>alert(1)</script> at v8", who=OPERATOR))
        svc.file_dispute(FileDispute(gid, 30, 0, "after the page's end", who=OPERATOR))
        svc.rule_dispute(RuleDispute(gid, 1, False, "dismissed", who=OPERATOR))
        path = tmp_path / "rn.jsonl"
        path.write_text(svc.export(ExportGame(gid, who=OPERATOR)))
    finally:
        svc.store.close()
    out = tmp_path / "page.html"
    report = build(out, str(path), "--public", "--to", "12")
    assert report["verified"] == [True]
    html = out.read_text()
    assert "<script>alert(1)" not in html  # the data element escapes every <
    game = page_data(html)["games"][0]
    [dispute] = game["disputes"]  # only those about the events shown
    assert dispute["text"] == "<script>alert(1)</script> at v8"
    assert dispute["ruling"]["upheld"] is False
    assert "disputes" in game["verify"]["checked"]
    assert 'el("h3", { text: "Disputes" })' in html

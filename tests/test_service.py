"""The game service on real stores (a SQLite file and a PostgreSQL schema): commands, errors
that change nothing, concurrency between replicas, forks, table chance, verify, files, index."""

from __future__ import annotations

import hashlib
import random
import threading
from typing import Any

import pytest

from skald.domain.kernel import ChanceNeeded, GameOver, IllegalMove, NotYourTurn, SkaldError
from skald.domain.kernel.play import random_command
from skald.service.app.games import GameService
from skald.service.app.requests import (
    CheckCommand,
    CreateGame,
    ExportGame,
    ForkGame,
    GetHistory,
    ImportGame,
    ListGames,
    SubmitMove,
    VerifyGame,
    ViewGame,
    WatchGame,
)
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR, SPECTATOR, Principal
from skald.service.model.errors import Forbidden, NotFound, Stale, Tampered, Unauthenticated
from skald.service.model.registry import Registry
from skald.service.model.verify import verify
from skald.service.store import replay_file
from skald.service.store.event_store import EventStore
from tests.toy_game import Roll, ToyRules


def play_to_end(svc: GameService, game_id: str, seed: int = 0) -> None:
    picker = random.Random(seed)
    while svc.load(game_id).ended is None:
        loaded = svc.load(game_id)
        pick = random_command(loaded.rules, loaded.state, picker)
        assert pick is not None
        svc.submit(SubmitMove(game_id, pick[0], pick[1], who=OPERATOR))


def test_create_publishes_the_commitment_not_the_seed(service: GameService) -> None:
    created = service.create(CreateGame("toy", 2, seed=b"secret seed"))
    records = service.store.read(created.game_id)
    head = records[0]
    assert head.type == "skald.GameCreated" and head.version == 1
    nonce = bytes.fromhex(service.repo.secret(created.game_id).seeds[0].nonce)
    assert len(nonce) == 16
    opened = hashlib.sha256(nonce + b"secret seed").hexdigest()
    assert head.data["segments"][0]["commitment"] == opened
    assert b"secret seed".hex() not in str([r.to_json() for r in records])
    assert created.version == records[-1].version == 5


def test_commands_append_and_end_with_the_seed_reveal(service: GameService) -> None:
    created = service.create(CreateGame("toy", 2, seed=b"s1"))
    for turn in range(6):
        service.submit(SubmitMove(created.game_id, turn % 2, Roll(), who=OPERATOR))
    ended = service.store.read(created.game_id)[-1]
    assert ended.type == "skald.GameEnded"
    assert ended.data["seeds"][0]["seed"] == b"s1".hex()
    assert service.verify(VerifyGame(created.game_id, who=OPERATOR)).ok


def _unchanged(svc: GameService, game_id: str, version: int) -> None:
    assert svc.store.read(game_id)[-1].version == version


def test_errors_write_nothing(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"e")).game_id
    v = 5
    with pytest.raises(Stale):
        service.submit(SubmitMove(gid, 0, Roll(), expected_version=3, who=OPERATOR))
    _unchanged(service, gid, v)
    with pytest.raises(NotYourTurn):
        service.submit(SubmitMove(gid, 1, Roll(), who=OPERATOR))
    _unchanged(service, gid, v)
    with pytest.raises(IllegalMove) as illegal:
        service.submit(SubmitMove(gid, 0, Roll(bonus=True), who=OPERATOR))
    assert illegal.value.rule == "toy/no-bonus"
    _unchanged(service, gid, v)
    with pytest.raises(Forbidden):
        service.submit(SubmitMove(gid, 0, Roll(), who=Principal("seat", 1)))
    with pytest.raises(Unauthenticated):
        service.submit(SubmitMove(gid, 0, Roll(), who=SPECTATOR))
    with pytest.raises(SkaldError) as seat:
        service.submit(SubmitMove(gid, 5, Roll(), who=OPERATOR))
    assert seat.value.rule == "seat/out-of-range"
    with pytest.raises(NotFound):
        service.submit(SubmitMove("00000000-0000-0000-0000-000000000000", 0, Roll(), who=OPERATOR))
    _unchanged(service, gid, v)


def test_game_over_refuses_further_commands(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"o")).game_id
    play_to_end(service, gid)
    last = service.store.read(gid)[-1].version
    with pytest.raises(GameOver):
        service.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    _unchanged(service, gid, last)


def test_command_id_makes_retries_idempotent(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"i")).game_id
    first = service.submit(SubmitMove(gid, 0, Roll(), command_id="c-1", who=OPERATOR))
    again = service.submit(SubmitMove(gid, 0, Roll(), command_id="c-1", who=OPERATOR))
    assert again.replayed and again.version == first.version
    assert [r.hash for r in again.records] == [r.hash for r in first.records]
    _unchanged(service, gid, first.version)


def test_two_replicas_on_one_store(db_url: str) -> None:
    """A second service instance (another replica) with a stale cache: an explicit expected
    version is refused; a command without one is decided again on the newer state."""
    a, b = GameService(EventStore(db_url), registry()), GameService(EventStore(db_url), registry())
    gid = a.create(CreateGame("toy", 2, seed=b"r")).game_id
    b.load(gid)
    a.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    with pytest.raises(Stale):
        b.submit(SubmitMove(gid, 1, Roll(), expected_version=5, who=OPERATOR))
    done = b.submit(SubmitMove(gid, 1, Roll(), who=OPERATOR))
    assert done.version == 7
    assert a.load(gid).version == 7 and a.verify(VerifyGame(gid, who=OPERATOR)).ok
    a.store.close()
    b.store.close()


def test_a_conflicting_batch_is_written_whole_or_not_at_all(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"a")).game_id
    records = service.store.read(gid)
    clash = [r.__class__(r.version + 4, r.type, r.seat, "x", r.data) for r in records[-2:]]
    clash.insert(0, records[-1].__class__(6, "Rolled", 0, "x", {"seat": 0, "value": 1}))
    clash.append(records[-1])  # version 5 is taken: the whole batch must fail
    with pytest.raises(Stale):
        service.store.append(gid, clash)
    _unchanged(service, gid, 5)


def test_seat_views_and_history_hide_other_hands(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"h")).game_id
    full = service.load(gid).state
    mine = service.view(
        ViewGame(gid, None, who=Principal("seat", 0))
    )  # a seat token sees its own seat
    assert mine.seat == 0 and mine.view.my_card == full.hands[0]
    assert service.view(ViewGame(gid, None, who=SPECTATOR)).view.my_card == ""
    seen = str(
        [
            (r.data, r.command, r.chance)
            for r in service.history(GetHistory(gid, who=Principal("seat", 0)))
        ]
    )
    assert f"'{full.hands[1]}'" not in seen and f"'{full.hands[0]}'" in seen
    assert all(f"'{card}'" not in seen for card in full.deck)
    shown = service.history(GetHistory(gid, who=SPECTATOR))
    shuffled = next(r for r in shown if r.type == "Shuffled")
    assert shuffled.data["order"] == []
    operator = service.history(GetHistory(gid, who=OPERATOR))
    assert next(r for r in operator if r.type == "Shuffled").data["order"]


def test_others_see_a_commands_public_form(service: GameService) -> None:
    """A toy roll hides nothing (``public_command`` gives it back): every seat and a spectator
    read it whole, as they read only its type before games said what is secret."""
    gid = service.create(CreateGame("toy", 2, seed=b"c")).game_id
    service.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    theirs = service.history(GetHistory(gid, after=5, who=Principal("seat", 1)))[0]
    public = service.history(GetHistory(gid, after=5, who=SPECTATOR))[0]
    mine = service.history(GetHistory(gid, after=5, who=Principal("seat", 0)))[0]
    assert theirs.command == public.command == mine.command
    assert mine.command == {"type": "Roll", "data": {"bonus": False}}


class _Hiding(ToyRules):
    """The toy game, saying a roll is all secret (``None``) or its ``bonus`` flag is."""

    name = "hiding"
    whole = True

    def public_command(self, command: Any) -> Any:
        return None if self.whole else Roll(bonus=True)


def test_others_see_what_the_game_does_not_hide(db_url: str) -> None:
    games = Registry()
    hiding = _Hiding()
    games.register(hiding)
    svc = GameService(EventStore(db_url), games)
    try:
        gid = svc.create(CreateGame("hiding", 2, seed=b"h")).game_id
        for turn, whole in enumerate((True, False)):
            hiding.whole = whole
            done = svc.submit(SubmitMove(gid, turn, Roll(), who=OPERATOR))
            for who in (Principal("seat", 1 - turn), SPECTATOR):
                shown = svc.history(GetHistory(gid, after=done.version - 1, who=who))[0].command
                watched = next(svc.watch(WatchGame(gid, after=done.version - 1, who=who))).command
                expected = {"type": "Roll"} if whole else {"type": "Roll", "data": {"bonus": True}}
                assert shown == watched == expected
            own = svc.history(GetHistory(gid, after=done.version - 1, who=Principal("seat", turn)))[
                0
            ]
            assert own.command == {"type": "Roll", "data": {"bonus": False}}
            referee = svc.history(
                GetHistory(gid, after=done.version - 1, who=Principal("referee"))
            )[0]
            assert referee.command == own.command
    finally:
        svc.store.close()


def test_tampering_in_the_store_is_found(db_url: str) -> None:
    svc = GameService(EventStore(db_url), registry())
    gid = svc.create(CreateGame("toy", 2, seed=b"t")).game_id
    for turn in range(4):
        svc.submit(SubmitMove(gid, turn % 2, Roll(), who=OPERATOR))
    records = svc.store.read(gid)
    forged = list(records)
    bad = forged[6]
    forged[6] = bad.__class__(
        bad.version,
        bad.type,
        bad.seat,
        bad.command_id,
        {**bad.data, "value": 6 if bad.data["value"] != 6 else 5},
        bad.command,
        bad.chance,
        bad.prev_hash,
        bad.hash,
    )
    report = verify(forged, svc.store.get_secret(gid).seeds)  # type: ignore[union-attr]
    assert not report.ok and report.first_bad == 7 and "hash" in report.problem
    # a forger who also rehashes the chain is caught by re-deciding the command
    resealed = []
    prev = "0" * 64
    for r in forged:
        sealed = r.sealed(prev)
        resealed.append(sealed)
        prev = sealed.hash
    report = verify(resealed, svc.store.get_secret(gid).seeds)  # type: ignore[union-attr]
    assert not report.ok and report.first_bad == 7 and "re-decided" in report.problem
    svc.store.close()


def test_fork_keeps_the_chance_stream_unless_reseeded(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"f")).game_id
    for turn in range(4):
        service.submit(SubmitMove(gid, turn % 2, Roll(), who=OPERATOR))
    source = service.store.read(gid)
    same = service.fork(ForkGame(gid, 7, who=OPERATOR))
    again = [
        service.submit(SubmitMove(same.game_id, t % 2, Roll(), who=OPERATOR)).records[0].data
        for t in (0, 1)
    ]
    assert again == [r.data for r in source[7:9]]
    other = service.fork(ForkGame(gid, 7, reseed=True, seed=b"another seed", who=OPERATOR))
    rerolled = [
        service.submit(SubmitMove(other.game_id, t % 2, Roll(), who=OPERATOR))
        .records[0]
        .data["value"]
        for t in (0, 1)
    ]
    assert rerolled != [r.data["value"] for r in source[7:9]]
    for game in (same.game_id, other.game_id):
        assert service.verify(VerifyGame(game, who=OPERATOR)).ok
    forked = service.store.read(other.game_id)
    assert forked[0].data["forked_from"] == {"game_id": gid, "version": 7}
    assert [(r.type, r.data) for r in forked[1:7]] == [(r.type, r.data) for r in source[1:7]]


def test_fork_needs_a_command_boundary_and_referee(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"b")).game_id
    with pytest.raises(SkaldError) as inside:
        service.fork(ForkGame(gid, 3, who=OPERATOR))
    assert inside.value.rule == "version/not-a-boundary"
    with pytest.raises(Forbidden):
        service.fork(ForkGame(gid, 5, who=Principal("seat", 0)))
    with pytest.raises(SkaldError):
        service.fork(ForkGame(gid, 99, who=OPERATOR))


def test_a_fork_withholds_a_seed_its_running_source_still_uses(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"withheld seed material")).game_id
    service.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    fork = service.fork(ForkGame(gid, 6, who=OPERATOR))
    play_to_end(service, fork.game_id)
    ended = service.store.read(fork.game_id)[-1]
    assert ended.data["seeds"] == [
        {"start": 0, "stream": "chosen", "seed": None, "withheld": True, "nonce": None}
    ]
    assert ended.data["salt_key"] is None  # the salts would open the shared draws
    assert b"withheld seed material".hex() not in str(ended.data)
    play_to_end(service, gid)
    assert service.store.read(gid)[-1].data["seeds"][0]["seed"] == b"withheld seed material".hex()


def test_table_chance_is_entered_by_the_referee(service: GameService) -> None:
    with pytest.raises(ChanceNeeded):
        service.create(CreateGame("toy", 2, chance="table"))
    assert service.list_games(ListGames()) == []
    order = ("c3", "c1", "c2", "c6", "c5", "c4")
    created = service.create(CreateGame("toy", 2, chance="table", table_entries=[order]))
    gid = created.game_id
    assert service.load(gid).state.hands == ("c3", "c1")
    with pytest.raises(ChanceNeeded):
        service.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    with pytest.raises(Forbidden):
        service.submit(SubmitMove(gid, 0, Roll(), chance=[4], who=Principal("seat", 0)))
    with pytest.raises(ChanceNeeded):
        service.submit(SubmitMove(gid, 0, Roll(), chance=[7], who=OPERATOR))
    with pytest.raises(ChanceNeeded):
        service.submit(SubmitMove(gid, 0, Roll(), chance=[4, 4], who=OPERATOR))
    _unchanged(service, gid, 5)
    done = service.submit(SubmitMove(gid, 0, Roll(), chance=[4], who=OPERATOR))
    assert done.records[0].data == {"seat": 0, "value": 4}
    # setup used entry 0 (the shuffle), so this command's chance starts at 1
    assert done.records[0].chance == {"from": 1, "used": 1, "mode": "table", "entries": [4]}
    report = service.verify(VerifyGame(gid, who=OPERATOR))
    assert report.ok and "re-decision" in report.checked
    seen = service.history(GetHistory(gid, who=Principal("seat", 1)))
    assert all("entries" not in (r.chance or {}) for r in seen)


def test_export_import_round_trip_and_tamper_refusal(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 3, seed=b"x")).game_id
    play_to_end(service, gid)
    text = service.export(ExportGame(gid, who=OPERATOR))
    parsed = replay_file.loads(text.splitlines())
    assert verify(parsed.records, parsed.seeds).checked == [
        "chain",
        "commitments",
        "outcome",
        "re-decision",
        "salts",
    ]
    created, report = service.import_text(ImportGame(text))
    assert report.ok
    assert created.game_id != gid  # the recorded id is taken in this store: a new one is given
    assert [r.hash for r in service.store.read(created.game_id)] == [r.hash for r in parsed.records]
    games = len(service.list_games(ListGames()))
    lines = text.splitlines()
    with pytest.raises(Tampered):  # truncated: the trailer is gone
        service.import_text(ImportGame("\n".join(lines[:-2])))
    tampered = text.replace('"seat": 1', '"seat": 2', 1)
    with pytest.raises(Tampered):
        service.import_text(ImportGame(tampered))
    assert len(service.list_games(ListGames())) == games


def test_a_running_game_imports_only_when_it_can_be_verified(service: GameService) -> None:
    """A running server-chance game's seed is not in its export, so its deals cannot be
    checked: refused, nothing written. A table-chance game needs no seed: it imports and
    continues."""
    gid = service.create(CreateGame("toy", 2, seed=b"run")).game_id
    service.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    games = len(service.list_games(ListGames()))
    with pytest.raises(Tampered) as refused:
        service.import_text(ImportGame(service.export(ExportGame(gid, who=OPERATOR))))
    assert "not revealed" in refused.value.reason and len(service.list_games(ListGames())) == games
    table = service.create(CreateGame("toy", 2, chance="table", table_entries=[CARD_ORDER])).game_id
    created, report = service.import_text(
        ImportGame(service.export(ExportGame(table, who=OPERATOR)))
    )
    assert report.ok and not report.notes
    service.submit(SubmitMove(created.game_id, 0, Roll(), chance=[4], who=OPERATOR))
    assert service.verify(VerifyGame(created.game_id, who=OPERATOR)).ok


CARD_ORDER = ("c3", "c1", "c2", "c6", "c5", "c4")


def test_check_decides_at_an_old_version_and_writes_nothing(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"k")).game_id
    service.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    service.submit(SubmitMove(gid, 1, Roll(), who=OPERATOR))
    events = service.check(CheckCommand(gid, 5, 0, Roll(), who=OPERATOR))
    assert events[0].data == service.store.read(gid)[5].data
    with pytest.raises(NotYourTurn):
        service.check(CheckCommand(gid, 5, 1, Roll(), who=OPERATOR))
    _unchanged(service, gid, 7)


def test_the_index_is_a_projection_that_rebuilds(service: GameService) -> None:
    a = service.create(CreateGame("toy", 2, seed=b"1")).game_id
    b = service.create(CreateGame("toy", 3, seed=b"2")).game_id
    play_to_end(service, a)
    rows = {row.game_id: row for row in service.list_games(ListGames())}
    assert (
        rows[a].status == "finished"
        and rows[a].scores
        and rows[a].version == service.load(a).version
    )
    assert rows[b].status == "running" and rows[b].players == 3
    before = [row.to_json() for row in service.list_games(ListGames())]
    assert service.rebuild_index() == 2
    assert [row.to_json() for row in service.list_games(ListGames())] == before
    assert service.resolve(a[:8]) == a


def test_watch_streams_records_as_they_are_written(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"stream")).game_id
    got: list[Any] = []
    reader = threading.Thread(
        target=lambda: got.extend(service.watch(WatchGame(gid, who=Principal("seat", 1))))
    )
    reader.start()
    play_to_end(service, gid)
    reader.join(timeout=10)
    assert not reader.is_alive()
    assert [r.version for r in got] == list(range(1, service.load(gid).version + 1))
    assert got[-1].type == "skald.GameEnded"
    hands = service.load(gid).state.hands
    assert f"'{hands[0]}'" not in str([r.data for r in got if r.type == "Dealt"])
    assert f"'{hands[1]}'" in str([r.data for r in got if r.type == "Dealt"])


def test_renamed_and_reshaped_events_still_load_and_verify(
    service: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game whose stored events predate a rename (``Rolled`` was ``DiceRolled``, with the
    value under ``pips``) loads, replays and verifies once the steps are registered."""
    from skald.service.model import upcasting
    from skald.service.model.records import Record

    gid = service.create(CreateGame("toy", 2, seed=b"old")).game_id
    service.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    records = service.store.read(gid)
    old = []
    prev = "0" * 64
    for r in records:
        if r.type == "Rolled":
            r = Record(
                r.version,
                "DiceRolled",
                r.seat,
                r.command_id,
                {"seat": r.data["seat"], "pips": r.data["value"]},
                r.command,
                r.chance,
                salt=r.salt,
            )
        sealed = Record(
            r.version,
            r.type,
            r.seat,
            r.command_id,
            r.data,
            r.command,
            r.chance,
            at=r.at,
            salt=r.salt,
        ).sealed(prev)
        old.append(sealed)
        prev = sealed.hash
    secret = service.store.get_secret(gid)
    assert secret is not None
    seeds, key = secret.seeds, secret.salt_key
    assert not verify(old, seeds, salt_key=key).ok  # unknown type before the steps exist
    monkeypatch.setitem(upcasting.RENAMES, ("toy", "DiceRolled"), "Rolled")
    monkeypatch.setitem(
        upcasting.RESHAPES,
        ("toy", "Rolled"),
        lambda d: {"seat": d["seat"], "value": d["pips"]} if "pips" in d else d,
    )
    assert verify(old, seeds, salt_key=key).ok
    from skald.service.model.folding import fold_records

    assert fold_records(old).state == service.load(gid).state


def test_watching_an_ended_game_from_its_end_returns_at_once(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"end")).game_id
    play_to_end(service, gid)
    last = service.load(gid).version
    assert list(service.watch(WatchGame(gid, after=last, who=SPECTATOR))) == []
    tail = list(service.watch(WatchGame(gid, after=last - 1, who=SPECTATOR)))
    assert [r.type for r in tail] == ["skald.GameEnded"]


def test_a_seat_cannot_peek_at_future_draws_with_check(service: GameService) -> None:
    """``check`` by a seat draws from a throwaway seed; the referee sees the game's own."""
    gid = service.create(CreateGame("toy", 2, seed=b"peek")).game_id
    real = service.check(CheckCommand(gid, 5, 0, Roll(), who=OPERATOR))[0].data["value"]
    assert all(
        service.check(CheckCommand(gid, 5, 0, Roll(), who=OPERATOR))[0].data["value"] == real
        for _ in range(5)
    )
    seen = {
        service.check(CheckCommand(gid, 5, 0, Roll(), who=Principal("seat", 0)))[0].data["value"]
        for _ in range(40)
    }
    assert len(seen) > 1  # not the game's stream: 40 throws of a d6 are not all equal by chance
    assert service.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR)).records[0].data["value"] == real

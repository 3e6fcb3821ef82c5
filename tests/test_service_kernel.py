"""The service on kernel v2: options validated once against the schema, typed kernel records
(``seat`` is ``None`` for them), pending decisions in the view, and one pass on the data path
(a command on a current cache reads nothing, evolves each event once, and its redaction needs
no second decode)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.options import OptionKind, OptionSpec
from skald.domain.kernel.records import ChanceMode, GameCreated, GameEnded, OptionSetting
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ListGames, SubmitMove, VerifyGame, ViewGame
from skald.service.model.auth import OPERATOR, Principal
from skald.service.model.records import read_kernel
from skald.service.model.registry import Registry
from skald.service.store.event_store import EventStore
from tests.toy_game import Roll, State, ToyRules


class CountingToy(ToyRules):
    """The toy game with a declared option, counting how often ``evolve`` runs."""

    name = "counting_toy"
    options: tuple[OptionSpec, ...] = (  # type: ignore[assignment]
        OptionSpec("turns", OptionKind.NUMBER, 3, "rolls per seat", minimum=1, maximum=5),
        OptionSpec("house", OptionKind.FLAG, False, "a house rule flag"),
    )

    def __init__(self) -> None:
        self.evolved = 0
        self.setups: list[dict[str, Any]] = []

    def setup(self, players: int, options: Any, chance: Any) -> tuple[Any, ...]:
        self.setups.append(dict(options))
        return super().setup(players, options, chance)

    def evolve(self, state: State, event: Any) -> State:
        self.evolved += 1
        return super().evolve(state, event)


@pytest.fixture
def toy() -> CountingToy:
    return CountingToy()


@pytest.fixture
def svc(db_url: str, toy: CountingToy) -> Iterator[GameService]:
    games = Registry()
    games.register(toy)
    service = GameService(EventStore(db_url), games)
    yield service
    service.store.close()


def test_options_are_resolved_once_and_stored_complete(svc: GameService, toy: CountingToy) -> None:
    gid = svc.create(CreateGame("counting_toy", 2, seed=b"o", options={"turns": "4"})).game_id
    assert toy.setups == [{"turns": 4, "house": False}]  # converted, defaults filled in
    head = svc.store.read(gid)[0]
    created = read_kernel(head, GameCreated)
    assert head.seat is None and created.chance is ChanceMode.SERVER
    assert created.options == (OptionSetting("turns", number=4), OptionSetting("house", flag=False))
    assert svc.verify(
        VerifyGame(gid, who=OPERATOR)
    ).ok  # verify re-runs setup with the stored options


@pytest.mark.parametrize(
    ("options", "rule"),
    [
        ({"rounds": 2}, "options/unknown"),
        ({"turns": "many"}, "options/type"),
        ({"turns": 9}, "options/out-of-range"),
    ],
)
def test_bad_options_are_refused_and_write_nothing(
    svc: GameService, options: dict[str, Any], rule: str
) -> None:
    with pytest.raises(Malformed) as refused:
        svc.create(CreateGame("counting_toy", 2, options=options))
    assert refused.value.rule == rule
    assert svc.list_games(ListGames()) == []


def test_kernel_records_are_typed_and_seatless(svc: GameService) -> None:
    gid = svc.create(CreateGame("counting_toy", 2, seed=b"k")).game_id
    for turn in range(6):
        svc.submit(SubmitMove(gid, turn % 2, Roll(), who=OPERATOR))
    records = svc.store.read(gid)
    assert [r.seat for r in records[:5]] == [None] * 5  # GameCreated and the setup events
    ended = read_kernel(records[-1], GameEnded)
    assert records[-1].seat is None and ended.seeds[0].seed == b"k".hex()
    assert svc.load(gid).ended == ended


def test_the_view_lists_pending_decisions(svc: GameService, toy: CountingToy) -> None:
    gid = svc.create(CreateGame("counting_toy", 2, seed=b"p")).game_id
    seen = svc.view(ViewGame(gid, None, who=Principal("seat", 1)))
    assert seen.pending == toy.pending(svc.load(gid).state)
    assert [(p.seat, p.answers) for p in seen.pending] == [(0, ("Roll",))]
    assert seen.to_act == (0,) and seen.seat == 1 and seen.outcome is None


def test_a_command_on_a_current_cache_reads_nothing_and_evolves_once(
    svc: GameService, toy: CountingToy, monkeypatch: pytest.MonkeyPatch
) -> None:
    gid = svc.create(CreateGame("counting_toy", 2, seed=b"d")).game_id
    svc.submit(SubmitMove(gid, 0, Roll(), who=OPERATOR))
    reads: list[tuple[Any, ...]] = []
    real_read = svc.store.read

    def counted(*args: Any, **kwargs: Any) -> Any:
        reads.append(args)
        return real_read(*args, **kwargs)

    monkeypatch.setattr(svc.store, "read", counted)
    toy.evolved = 0
    who = Principal("seat", 1)
    rules = svc.rules_of(gid)  # what SubmitCommand does: the rules, the command, the redaction
    done = svc.submit(SubmitMove(gid, 1, Roll(), who=who))
    shown = svc.shown(rules, done, who)
    assert reads == []
    assert toy.evolved == len(done.events) == 1
    assert [r.hash for r in shown] == [r.hash for r in done.records]
    assert svc.load(gid).state == svc.load(gid, upto=done.version).state


def test_the_last_command_ends_the_game_in_the_same_batch(svc: GameService) -> None:
    gid = svc.create(CreateGame("counting_toy", 2, seed=b"e")).game_id
    last = None
    for turn in range(6):
        last = svc.submit(SubmitMove(gid, turn % 2, Roll(), who=OPERATOR))
    assert last is not None
    assert [r.type for r in last.records] == ["Rolled", "skald.GameEnded"]
    assert last.events[-1] is None  # the kernel record has no domain event
    assert [r.command_id for r in last.records] == [last.records[0].command_id] * 2

"""The service as a state machine (Hypothesis): any interleaving of legal commands, stale
commands, commands from seats not to act, and forks keeps the store consistent — the fold of
the stored records equals the live state, refusals write nothing, and every game verifies."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from skald.domain.kernel.errors import SkaldError
from skald.service.app.games import GameService
from skald.service.app.requests import CreateGame, ForkGame, SubmitMove, VerifyGame
from skald.service.bootstrap import registry
from skald.service.model.auth import OPERATOR
from skald.service.model.folding import fold_records
from skald.service.store.event_store import EventStore


class ServiceMachine(RuleBasedStateMachine):
    @initialize(
        players=st.integers(min_value=2, max_value=3), seed=st.binary(min_size=1, max_size=8)
    )
    def start(self, players: int, seed: bytes) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.svc = GameService(EventStore(str(Path(self.folder.name) / "s.db")), registry())
        self.games = [self.svc.create(CreateGame("toy", players, seed=seed)).game_id]

    def teardown(self) -> None:
        if hasattr(self, "svc"):
            for gid in self.games:
                report = self.svc.verify(VerifyGame(gid, who=OPERATOR))
                assert report.ok, (gid, report.problem)
            self.svc.store.close()
            self.folder.cleanup()

    def _running(self, index: int) -> str | None:
        gid = self.games[index % len(self.games)]
        return None if self.svc.load(gid).ended is not None else gid

    @rule(index=st.integers(min_value=0), pick=st.integers(min_value=0))
    def legal_command(self, index: int, pick: int) -> None:
        gid = self._running(index)
        if gid is None:
            return
        loaded = self.svc.load(gid)
        seat = sorted(loaded.rules.to_act(loaded.state))[
            pick % len(loaded.rules.to_act(loaded.state))
        ]
        options = list(loaded.rules.legal_commands(loaded.state, seat))
        done = self.svc.submit(
            SubmitMove(
                gid,
                seat,
                options[pick % len(options)],
                expected_version=loaded.version,
                who=OPERATOR,
            )
        )
        assert done.version > loaded.version

    @rule(index=st.integers(min_value=0), back=st.integers(min_value=1, max_value=5))
    def stale_command(self, index: int, back: int) -> None:
        gid = self._running(index)
        if gid is None:
            return
        loaded = self.svc.load(gid)
        seat = sorted(loaded.rules.to_act(loaded.state))[0]
        command = next(iter(loaded.rules.legal_commands(loaded.state, seat)))
        try:
            self.svc.submit(
                SubmitMove(gid, seat, command, expected_version=loaded.version - back, who=OPERATOR)
            )
        except SkaldError as error:
            assert error.rule == "version/stale"
        else:
            raise AssertionError("a stale command was accepted")
        assert self.svc.store.read(gid)[-1].version == loaded.version

    @rule(index=st.integers(min_value=0))
    def idle_seat_is_refused(self, index: int) -> None:
        gid = self._running(index)
        if gid is None:
            return
        loaded = self.svc.load(gid)
        acting = loaded.rules.to_act(loaded.state)
        idle = [s for s in range(loaded.players) if s not in acting]
        if not idle:
            return
        command = next(iter(loaded.rules.legal_commands(loaded.state, sorted(acting)[0])))
        try:
            self.svc.submit(SubmitMove(gid, idle[0], command, who=OPERATOR))
        except SkaldError:
            pass
        else:
            raise AssertionError("a seat not to act was accepted")
        assert self.svc.store.read(gid)[-1].version == loaded.version

    @precondition(lambda self: len(self.games) < 3)
    @rule(index=st.integers(min_value=0), reseed=st.booleans())
    def fork(self, index: int, reseed: bool) -> None:
        gid = self.games[index % len(self.games)]
        loaded = self.svc.load(gid)
        ends = sorted({last for cid, (_, last) in loaded.batches.items()})
        at = random.Random(index).choice(ends)
        try:
            forked = self.svc.fork(
                ForkGame(gid, at, reseed=reseed, seed=b"r" if reseed else None, who=OPERATOR)
            )
        except SkaldError as error:  # a finished position is not a game to go on with
            assert error.rule == "game/over" and loaded.ended is not None
            return
        self.games.append(forked.game_id)

    @invariant()
    def stored_fold_equals_live_state(self) -> None:
        if not hasattr(self, "svc"):
            return
        for gid in self.games:
            assert fold_records(self.svc.store.read(gid)).state == self.svc.load(gid).state


ServiceMachine.TestCase.settings = settings(
    max_examples=12,
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestServiceMachine = ServiceMachine.TestCase

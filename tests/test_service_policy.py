"""The one authorization policy (``service/app/policy.py``), as the service enforces it for every
caller — the gRPC servicer only translates, so these hold for the local CLI and the wire alike."""

from __future__ import annotations

import pytest

from skald.domain.kernel.errors import Malformed
from skald.service.app import policy
from skald.service.app.games import GameService
from skald.service.app.requests import (
    CheckCommand,
    CreateGame,
    ExportGame,
    ForkGame,
    ListLegal,
    VerifyGame,
    ViewGame,
)
from skald.service.model.auth import OPERATOR, SPECTATOR, Principal
from skald.service.model.errors import Forbidden, NotFound, Unauthenticated
from tests.toy_game import Roll

REFEREE = Principal("referee")
SEAT0, SEAT1 = Principal("seat", 0), Principal("seat", 1)


def test_who_may_act_for_a_seat() -> None:
    for principal in (SEAT0, REFEREE, OPERATOR):
        policy.may_act(principal, 0, 2)
    with pytest.raises(Forbidden):
        policy.may_act(SEAT1, 0, 2)
    with pytest.raises(Unauthenticated):
        policy.may_act(SPECTATOR, 0, 2)
    with pytest.raises(Malformed):
        policy.may_act(OPERATOR, 2, 2)


def test_whose_view_a_principal_gets() -> None:
    assert policy.viewer(SEAT1, None, 2) == 1  # a seat token sees its own seat by default
    assert policy.viewer(SEAT1, 1, 2) == 1
    assert policy.viewer(SPECTATOR, None, 2) is None
    assert policy.viewer(REFEREE, 0, 2) == 0 and policy.viewer(OPERATOR, None, 2) is None
    with pytest.raises(Forbidden):
        policy.viewer(SEAT1, 0, 2)
    with pytest.raises(Unauthenticated):
        policy.viewer(SPECTATOR, 0, 2)
    with pytest.raises(Malformed):
        policy.viewer(REFEREE, 5, 2)


def test_full_access_is_for_the_referee_and_operator() -> None:
    for principal in (REFEREE, OPERATOR):
        policy.require_full_access(principal, "x")
        policy.may_enter_chance(principal)
    with pytest.raises(Forbidden):
        policy.require_full_access(SEAT0, "x")
    with pytest.raises(Forbidden):
        policy.may_enter_chance(SEAT0)
    # no token at all: UNAUTHENTICATED, as everywhere a call needs one (it was forbidden)
    with pytest.raises(Unauthenticated) as missing:
        policy.require_full_access(SPECTATOR, "x")
    assert missing.value.rule == "auth/missing-token"
    with pytest.raises(Unauthenticated):
        policy.may_enter_chance(SPECTATOR)


def test_the_service_refuses_what_the_policy_refuses(service: GameService) -> None:
    gid = service.create(CreateGame("toy", 2, seed=b"pol")).game_id
    with pytest.raises(Unauthenticated):
        service.view(ViewGame(gid, 0, who=SPECTATOR))  # a spectator never sees a seat's hidden card
    with pytest.raises(Forbidden):
        service.view(ViewGame(gid, 1, who=SEAT0))
    for call in (
        lambda: service.export(ExportGame(gid, who=SEAT0)),
        lambda: service.verify(VerifyGame(gid, who=SEAT0)),
        lambda: service.fork(ForkGame(gid, 5, who=SEAT0)),
        lambda: service.legal(ListLegal(gid, 0, who=SEAT1)),
        lambda: service.check(CheckCommand(gid, 5, 0, Roll(), who=SEAT1)),
    ):
        with pytest.raises(Forbidden):
            call()
    assert service.legal(ListLegal(gid, 0, who=SEAT0)).commands == [Roll()]
    assert service.store.read(gid)[-1].version == 5


def test_tokens_resolve_to_principals(service: GameService) -> None:
    created = service.create(CreateGame("toy", 2, seed=b"tok"))
    gid = created.game_id
    assert service.authenticate(gid, None) == SPECTATOR
    assert service.authenticate(gid, created.seat_tokens[1]) == SEAT1
    assert service.authenticate(gid, created.referee_token) == REFEREE
    other = service.create(CreateGame("toy", 2, seed=b"tok2"))
    with pytest.raises(Unauthenticated):
        service.authenticate(gid, other.seat_tokens[0])  # a token of another game
    with pytest.raises(NotFound):
        service.authenticate("00000000-0000-0000-0000-000000000000", "anything")

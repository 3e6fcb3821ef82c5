"""The load harness's hostile phase (``tools/loadtest/hostile.py``) against a real server: a
sound server passes with every kind of refusal reached, and a server that breaks a property
is caught — an unhandled bug, and a refusal that wrote to the store."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from skald.domain.kernel.errors import Malformed
from skald.service.app.requests import CreateGame
from skald.service.bootstrap import open_service
from skald.service.grpc.server import create_server
from skald.tools.loadtest.hostile import hostile

pytestmark = pytest.mark.slow  # real servers fuzzed for seconds each; CI runs them (-m slow)


def _served(tmp_path: Path) -> tuple[Any, Any, str, str]:
    db = str(tmp_path / "h.db")
    svc = open_service(db)
    server, port = create_server(svc, "127.0.0.1:0")
    return svc, server, db, f"127.0.0.1:{port}"


def _codes(found: dict[str, Any]) -> Counter[str]:
    codes: Counter[str] = Counter()
    for key, count in found["statuses"].items():
        codes[key.split()[1]] += count
    return codes


def test_a_sound_server_passes_and_every_kind_of_refusal_is_reached(tmp_path: Path) -> None:
    _, server, db, address = _served(tmp_path)
    try:
        found = hostile(address, db, examples=150, seed=1)
    finally:
        server.stop(None)
    assert found["calls"] == 150
    assert (found["internal_or_unknown"], found["imprecise"]) == (0, 0)
    assert found["state_changed_on_refusal"] == 0 and found["smallest_failure"] is None
    codes = _codes(found)
    assert {"INVALID_ARGUMENT", "NOT_FOUND", "UNAUTHENTICATED", "PERMISSION_DENIED"} <= set(codes)
    methods = {key.split()[0] for key in found["statuses"]}
    assert len(methods) >= 12  # nearly every RPC drawn in 150 calls (14 in all)


def _fuzz_broken(tmp_path: Path, name: str, broken: Any, seed: int) -> dict[str, Any]:
    """The phase against a server whose service method ``name`` is ``broken(svc)``."""
    svc, server, db, address = _served(tmp_path)
    setattr(svc, name, broken(svc))
    try:
        return hostile(address, db, examples=300, seed=seed)
    finally:
        server.stop(None)


def test_an_unhandled_bug_is_caught_and_shrunk(tmp_path: Path) -> None:
    def broken(svc: Any) -> Any:
        def history(*args: Any, **kwargs: Any) -> Any:
            raise RuntimeError("a bug")

        return history

    found = _fuzz_broken(tmp_path, "history", broken, seed=2)
    assert found["internal_or_unknown"] >= 1
    assert found["smallest_failure"].startswith("GetHistory(")
    assert "ended INTERNAL" in found["smallest_failure"]


def test_a_refusal_that_wrote_is_caught(tmp_path: Path) -> None:
    def broken(svc: Any) -> Any:
        def verify(*args: Any, **kwargs: Any) -> Any:
            svc.create(CreateGame("red_north", 3))  # a game stored ...
            raise Malformed("test/refused", "refused after writing")  # ... by a refused call

        return verify

    found = _fuzz_broken(tmp_path, "verify", broken, seed=3)
    assert found["state_changed_on_refusal"] >= 1
    assert found["smallest_failure"].startswith("VerifyGame(")
    assert "yet the store moved" in found["smallest_failure"]

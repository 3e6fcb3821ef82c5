"""Helpers for the end-to-end suites (``test_grpc.py``, ``test_cli.py``): real components only.

* a gRPC caller over a real channel (bearer-token metadata, errors with their ``skald-rule``);
* Red North's secrets per seat (``RULES.secrets``) checked against what a reader was shown;
* the CLI run in this process (Typer's ``CliRunner`` on ``skald.cli.main.app``) or, for the few true
  end-to-end tests, the console script as a subprocess; both with ``--json`` output parsed.
"""

from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from google.protobuf import json_format

from skald.service.bootstrap import registry
from skald.service.contract import wire

pb: Any = wire.pb
pb_grpc: Any = importlib.import_module("skald.service.contract._generated.skald.v1.skald_pb2_grpc")
GAME = "red_north"
RULES: Any = registry().rules(GAME)


# ---------------------------------------------------------------------------- gRPC


def metadata(token: str | None) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),) if token else ()


def rule_of(error: grpc.RpcError) -> str | None:
    return dict(error.trailing_metadata() or ()).get("skald-rule")


class Rpc:
    """A typed stub over a real channel; ``call`` sends the token as bearer metadata."""

    def __init__(self, port: int) -> None:
        self.channel = grpc.insecure_channel(f"127.0.0.1:{port}")
        grpc.channel_ready_future(self.channel).result(timeout=10)
        self.stub = pb_grpc.SkaldStub(self.channel)

    def call(self, method: str, request: Any, token: str | None = None) -> Any:
        return getattr(self.stub, method)(request, metadata=metadata(token), timeout=30)

    def fails(self, method: str, request: Any, token: str | None = None) -> grpc.RpcError:
        """The error the call ends with (an assertion error if it succeeds)."""
        try:
            response = self.call(method, request, token)
        except grpc.RpcError as error:
            return error
        raise AssertionError(f"{method} unexpectedly succeeded: {response}")

    def version(self, game_id: str) -> int:
        return int(self.call("GetView", pb.GetViewRequest(game_id=game_id)).version)

    def close(self) -> None:
        self.channel.close()


def strings(message: Any) -> set[str]:
    """Every string leaf of a protobuf message (card ids, names, hashes …)."""
    out: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)
        elif isinstance(value, str):
            out.add(value)

    walk(json_format.MessageToDict(message, preserving_proto_field_name=True))
    return out


# ---------------------------------------------------------------------------- Red North secrets


def secrets(state: Any, seat: int | None) -> frozenset[str]:
    """Card ids ``seat`` (``None``: a spectator) may not know in a Red North state (the rules
    object's own ``secrets``: the deck, removed Jarls, other seats' hands and face-down cards,
    less every card ever shown to all)."""
    return frozenset(RULES.secrets(state, seat))


def leaked(state: Any, seat: int | None, shown: Iterable[str]) -> set[str]:
    """Card ids in ``shown`` that ``seat`` may not know in ``state`` (the state after the
    record or at the version shown)."""
    return set(shown) & secrets(state, seat)


# ---------------------------------------------------------------------------- the CLI


def skald_executable() -> str:
    found = shutil.which("skald") or str(Path(sys.executable).with_name("skald"))
    assert Path(found).exists(), "the skald console script is not installed"
    return found


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str

    @property
    def json(self) -> Any:
        lines = [line for line in self.stdout.splitlines() if line.strip()]
        assert len(lines) == 1, f"expected one JSON line on stdout, got: {self.stdout!r}"
        return json.loads(lines[0])


def cli_env() -> dict[str, str]:
    env = dict(os.environ)
    for name in ("SKALD_DB", "SKALD_SERVER", "SKALD_TOKEN", "SKALD_OPERATOR_TOKEN"):
        env.pop(name, None)
    env.update(COLUMNS="240", PYTHONUNBUFFERED="1", NO_COLOR="1")
    return env


_IN_PROCESS_ENV: dict[str, str | None] = {
    **{name: None for name in ("SKALD_DB", "SKALD_SERVER", "SKALD_TOKEN", "SKALD_OPERATOR_TOKEN")},
    "COLUMNS": "240",  # rich reads the width per call: wide enough that no message wraps
}


def invoke_skald(args: Sequence[str]) -> Run:
    """``skald ARGS`` in this process: the same Typer app the console script runs, without a
    Python start-up per call. The ``SKALD_*`` environment is cleared for the call, so no test
    reaches the user's default database or server."""
    from typer.testing import CliRunner

    from skald.cli.main import app

    result = CliRunner().invoke(app, list(args), env=_IN_PROCESS_ENV, catch_exceptions=False)
    return Run(result.exit_code, result.stdout, result.stderr)


def run_skald(args: Sequence[str], cwd: Path | None = None, timeout: float = 120) -> Run:
    """``skald ARGS`` as a subprocess of the installed console script (true end to end)."""
    done = subprocess.run(
        [skald_executable(), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=cwd,
        env=cli_env(),
    )
    return Run(done.returncode, done.stdout, done.stderr)

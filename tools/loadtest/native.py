"""The load harness's native clients: the players and spectators of :mod:`skald.tools.loadtest.clients`
as one small C++ program (``tools/loadtest/cpp/loadclient.cc``, grpc++'s generic stub, messages coded
by hand on the protobuf wire), built on first use and kept under ``~/.cache/skald``.

Why: the harness runs its clients on the machine it measures. Python's gRPC clients spend
1.0–1.4 ms of CPU per command (three calls) and their spectators' processes 0.3–0.6 of this
machine's two cores at 1,000 streams — the cores ``--workers 2`` is meant to use. The native
client does the same work for 0.35–0.7 ms per command (``python -m skald.benchmarks.load_clients``:
0.47× the Python clients' CPU per command) and about 0.1 of a core for 1,000 streams, so a run
measures the server rather than the load generator. The server stays Python; this is a
measuring tool.

``skald loadtest --client auto`` (the default) uses it when it builds — a C++ compiler and the
grpc++ development files (Debian: ``apt-get install g++ libgrpc++-dev pkg-config``) — and
says why not otherwise, falling back to the Python clients; ``--client python`` keeps them.
Both answer with the same dictionaries, and the integrity check treats them alike.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

__all__ = ["SOURCE", "Unavailable", "build", "race_native", "spectate_native"]

SOURCE = Path(__file__).resolve().parent / "cpp" / "loadclient.cc"
FLAGS = ("-O2", "-std=c++17", "-pthread")


class Unavailable(RuntimeError):
    """``--client native`` was asked for and the native clients do not build (the reason)."""


def _cache_dir() -> Path:
    root = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(root) / "skald"


def build(pkg_config: str = "pkg-config", compiler: str = "g++") -> Path | str:
    """The native client's executable, compiled if this source has not been (the name holds
    a digest of the source and flags), or why it cannot be built (one line)."""
    if shutil.which(compiler) is None:
        return f"no C++ compiler ({compiler}) on PATH"
    if shutil.which(pkg_config) is None:
        return f"no {pkg_config} on PATH (Debian: apt-get install pkg-config libgrpc++-dev)"
    found = subprocess.run(
        [pkg_config, "--cflags", "--libs", "grpc++"], capture_output=True, text=True, check=False
    )
    if found.returncode != 0:
        return "grpc++ development files not found (Debian: apt-get install libgrpc++-dev)"
    flags = [*FLAGS, *found.stdout.split()]
    source = SOURCE.read_bytes()
    digest = hashlib.sha256(source + " ".join(flags).encode()).hexdigest()[:16]
    target = _cache_dir() / f"loadclient-{digest}"
    if target.is_file() and os.access(target, os.X_OK):
        return target
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory(dir=target.parent) as scratch:
            built = Path(scratch) / "loadclient"
            compiled = subprocess.run(
                [compiler, "-o", str(built), str(SOURCE), *flags],
                capture_output=True,
                text=True,
                check=False,
            )
            if compiled.returncode != 0:
                first = (compiled.stderr.strip().splitlines() or ["(no output)"])[0]
                return f"the native client did not compile: {first[:200]}"
            built.replace(target)  # atomic: a concurrent build finds a whole file or none
    except OSError as error:
        return f"cannot build the native client in {target.parent}: {error.strerror or error}"
    return target


def _run(
    binary: Path, mode: str, addresses: list[str], games: list[str], args: list[str], stop_at: float
) -> dict[str, Any]:
    """The native client's ``mode`` (``race``, ``spectate``) on ``games`` (one line each, in
    the file it reads) until ``stop_at``; its one JSON object, or why it failed."""
    limit = max(60.0, stop_at - time.time() + 60.0)  # retries may run 20 s past the stop
    with tempfile.TemporaryDirectory(prefix=f"skald-{mode}-") as scratch:
        listed = Path(scratch) / "games"
        listed.write_text("".join(f"{line}\n" for line in games))
        command = [str(binary), mode, ",".join(addresses), str(listed), *args]
        done = subprocess.run(command, capture_output=True, text=True, timeout=limit, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"native load client failed ({done.returncode}): {done.stderr[:400]}")
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def race_native(
    binary: Path,
    addresses: list[str],
    games: list[tuple[str, str]],
    threads: int,
    start_at: float,
    stop_at: float,
    seed: int,
    rate: float = 0.0,
) -> dict[str, Any]:
    """:func:`skald.tools.loadtest.clients.race`, played by the native client (``threads`` players on
    one completion queue)."""
    lines = [f"{game_id} {token}" for game_id, token in games]
    args = [str(threads), repr(start_at), repr(stop_at), str(seed), repr(rate)]
    out = _run(binary, "race", addresses, lines, args, stop_at)
    out["acks"] = [(game_id, int(version), digest) for game_id, version, digest in out["acks"]]
    return out


def spectate_native(
    binary: Path,
    addresses: list[str],
    games: list[str],
    count: int,
    start_at: float,
    stop_at: float,
) -> dict[str, Any]:
    """:func:`skald.tools.loadtest.clients.spectate`, watched by the native client (one completion
    queue drives every stream)."""
    args = [str(count), repr(start_at), repr(stop_at)]
    out = _run(binary, "spectate", addresses, games, args, stop_at)
    out["seen"] = {
        game_id: {int(version): digest for version, digest in versions.items()}
        for game_id, versions in out["seen"].items()
    }
    return out

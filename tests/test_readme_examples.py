"""Every command the README shows runs, as shown, against a store this test prepares.

The README's ``sh`` blocks are read when the test runs, so the README can never show a move
that fails. Its placeholders stand for what the test itself makes, the way a reader would fill
them in:

* a four-hex-digit id (``3f9a``, ``c0de``, ``77c0``, ``b0b0``) is the first game the latest
  command that made games made, where no placeholder names it yet;
* ``<seat token>`` is seat 0's token as the last ``skald new`` printed it;
* port 50051 is a free port, ``db.internal`` this machine (127.0.0.1), the database URL
  ``postgresql://skald@db.internal:5432/skald`` its PostgreSQL database ``test``, ``~`` a
  temporary home; the TLS files are made here with openssl;
* ``export NAME=...`` lines run in bash and set NAME for the lines after them.

``skald serve`` lines start the real server as a subprocess (replacing the block's previous
one, since they share the port); every other ``skald`` line runs the CLI in this process. The
quick start and ``skald loadtest`` are what ``.ci/run`` runs itself; the test checks they are
there. Developer lines (protoc, buf, ruff, mypy, pytest) are not ``skald`` commands and are left
to ``.ci/run`` and the tools' own users.
"""

from __future__ import annotations

import re
import shlex
import shutil
import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from skald.service.app.requests import ListGames
from tests.e2e_helpers import cli_env, skald_executable

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
PLACEHOLDER = re.compile(r"^[0-9a-f]{4}$")
PG_URL = "postgresql://postgres@127.0.0.1:5432/test"
RUN_BY_CI = ("skald loadtest",)


def blocks() -> list[list[str]]:
    """The command lines of each ``sh`` block, trailing ``# notes`` dropped."""
    found: list[list[str]] = []
    current: list[str] | None = None
    for raw in README.read_text().splitlines():
        if raw.startswith("```"):
            if current is None and raw.strip() == "```sh":
                current = []
            elif current is not None:
                found.append(current)
                current = None
        elif current is not None:
            line = raw.strip().replace("<seat token>", "<seat-token>")  # one word
            if line.startswith("export "):
                current.append(line)
            elif line.startswith("skald "):
                current.append(shlex.join(shlex.split(line, comments=True)))
    return found


@dataclass
class Reader:
    """A reader following the README: one store, the games it made, the server it runs."""

    home: Path
    env: dict[str, str | None]
    latest: list[str] = field(default_factory=list)
    bound: dict[str, str] = field(default_factory=dict)
    seat_token: str | None = None
    port: int = 0
    metrics_port: int = 0
    server: subprocess.Popen[str] | None = None

    def fill(self, words: list[str]) -> list[str]:
        out = []
        for word in words:
            if PLACEHOLDER.match(word):
                if word not in self.bound:
                    free = [g for g in self.latest if g not in self.bound.values()]
                    assert free, f"{word}: the README names a game no command made"
                    self.bound[word] = free[0]
                word = self.bound[word][:8]
            if word == "<seat-token>":
                assert self.seat_token, "<seat token> before any skald new printed one"
                word = self.seat_token
            word = word.replace("postgresql://skald@db.internal:5432/skald", PG_URL)
            word = word.replace("db.internal", "127.0.0.1").replace("50051", str(self.port))
            word = word.replace("50052", str(self.metrics_port))
            if word.startswith("~/"):
                word = str(self.home / word[2:])
            out.append(word)
        return out

    def stored_games(self) -> list[str]:
        from skald.service.bootstrap import open_service

        svc = open_service(str(self.env["SKALD_DB"]))
        try:
            return [
                row.game_id for row in sorted(svc.list_games(ListGames()), key=lambda r: r.position)
            ]
        finally:
            svc.store.close()

    def run(self, line: str) -> None:
        if line.startswith("export "):
            name = line.split()[1].split("=")[0]
            done = subprocess.run(
                ["bash", "-c", f'{line}; printf %s "${name}"'], capture_output=True, text=True
            )
            assert done.returncode == 0, done.stderr
            self.env[name] = done.stdout
            return
        chain: list[list[str]] = [[]]
        for word in shlex.split(line):
            if word == "&&":
                chain.append([])
            else:
                chain[-1].append((self.env.get(word[1:]) or word) if word[:1] == "$" else word)
        for words in chain:
            part = shlex.join(words)
            assert words[0] == "skald", f"README block runs something other than skald: {part}"
            args = self.fill(words[1:])
            if args[0] == "serve":
                self.serve(args)
            else:
                self.invoke(part, args)

    def invoke(self, shown: str, args: list[str]) -> None:
        from typer.testing import CliRunner

        from skald.cli.main import app

        before = set(self.stored_games()) if "--server" not in args else set()
        result = CliRunner().invoke(app, args, env=self.env, catch_exceptions=False)
        assert result.exit_code == 0, f"README: {shown}\n{result.stdout}\n{result.stderr}"
        tokens = re.findall(r"seat 0 token\s+(\S+)", result.stdout)
        if tokens:
            self.seat_token = tokens[0]
        if "--server" in args:
            made = re.findall(r"game ([0-9a-f-]{36})", result.stdout) if args[0] == "new" else []
        else:
            made = [g for g in self.stored_games() if g not in before]
        if made:
            self.latest = made

    def serve(self, args: list[str]) -> None:
        self.stop()
        env = {k: v for k, v in {**cli_env(), **self.env}.items() if v is not None}
        env["HOME"] = str(self.home)
        self.server = subprocess.Popen(
            [skald_executable(), *args],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            cwd=self.home,
        )
        assert self.server.stdout is not None
        line = self.server.stdout.readline()
        assert "serving on" in line, f"skald {' '.join(args)}: {line}{self.server.stderr.read()}"
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    return
            time.sleep(0.05)
        raise AssertionError(f"skald {' '.join(args)} does not listen on {self.port}")

    def stop(self) -> None:
        if self.server is not None:
            self.server.send_signal(signal.SIGINT)
            try:
                self.server.wait(timeout=15)
            except subprocess.TimeoutExpired:  # pragma: no cover
                self.server.kill()
                self.server.wait()
            self.server = None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pki(d: Path) -> None:
    """server.pem/server.key for 127.0.0.1 signed by ca.pem, as the README's TLS lines name."""

    def openssl(*args: str) -> None:
        subprocess.run(["openssl", *args], check=True, capture_output=True, cwd=d)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=ca",
            "-keyout", "ca.key", "-out", "ca.pem")  # fmt: skip
    (d / "san.ext").write_text("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=server",
            "-keyout", "server.key", "-out", "server.csr")  # fmt: skip
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
            "-CAcreateserial", "-days", "2", "-extfile", "san.ext", "-out", "server.pem")  # fmt: skip


@pytest.fixture
def reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Reader]:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "replays").symlink_to(ROOT / "replays")  # the README runs from the checkout
    _pki(tmp_path)
    env: dict[str, str | None] = {
        "SKALD_DB": str(tmp_path / "skald.db"),
        "SKALD_SERVER": None,
        "SKALD_TOKEN": None,
        "SKALD_OPERATOR_TOKEN": None,
        "SKALD_TLS_CA": None,
        "SKALD_TLS_CERT": None,
        "SKALD_TLS_KEY": None,
        "COLUMNS": "120",
    }
    r = Reader(home=tmp_path, env=env, port=_free_port(), metrics_port=_free_port())
    try:
        yield r
    finally:
        r.stop()


def test_the_readme_shows_commands() -> None:
    lines = [line for block in blocks() for line in block]
    assert sum(line.startswith("skald ") for line in lines) > 25


def _serves(block: list[str]) -> bool:
    return any(line.startswith("skald serve") for line in block)


def test_the_quick_start_and_the_load_test_are_what_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text()
    readme = README.read_text()
    assert (
        'pip install -e ".[test]" && pytest' in readme
        and "pip install -e . && skald demo" in readme
    )
    assert 'pip install -q -e ".[test]"' in ci and "\npytest\n" in ci and "skald demo" in ci
    for block in blocks():
        for line in block:
            if line.startswith(RUN_BY_CI):
                assert line in ci, f"{line}: not run by .ci/run"


@pytest.mark.skipif(shutil.which("openssl") is None, reason="needs the openssl CLI")
@pytest.mark.parametrize("part", ["local", "serving"])
def test_every_readme_command_runs_as_shown(reader: Reader, part: str) -> None:
    """The local blocks (tour, disputes, viewer) share one store; the serving blocks another."""
    ran = 0
    for block in blocks():
        if _serves(block) != (part == "serving"):
            continue
        for line in block:
            if not line.startswith(RUN_BY_CI):
                reader.run(line)
                ran += 1
        reader.stop()
    assert ran > (20 if part == "local" else 8)

"""Opening a store as an operator starts servers: several at once on one PostgreSQL database,
and a SQLite file the process may read but not write (found by an audit)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from skald.service.bootstrap import open_service

ROOT = Path(__file__).resolve().parent.parent

OPEN = """
import sys, time
from skald.service.bootstrap import open_service
start = float(sys.argv[2])
while time.time() < start:
    pass
open_service(sys.argv[1]).store.close()
print("opened")
"""


@pytest.mark.postgres
def test_servers_started_together_on_a_fresh_database_all_open_it(pg_url: str) -> None:
    """Workers and replicas open a fresh database at the same moment: each creates the
    library's tables and functions, and PostgreSQL failed one of two concurrent ``CREATE OR
    REPLACE FUNCTION`` with "tuple concurrently updated" (5 of 13 ``--workers 2`` starts;
    these eight processes, 2 runs of 5) until they took turns (``skald.service.store.event_store.schema_lock``)."""
    start = time.time() + 1.5  # after every interpreter has started
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", OPEN, pg_url, str(start)],
            cwd=ROOT,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(8)
    ]
    for proc in procs:
        out, err = proc.communicate(timeout=60)
        assert proc.returncode == 0 and "opened" in out, err[-600:]


@pytest.mark.skipif(shutil.which("setpriv") is None, reason="needs util-linux setpriv")
def test_a_sqlite_file_it_may_not_write_is_refused_in_one_line(tmp_path: Path) -> None:
    """Run without the capability that lets root write anything: SQLite opens a read-only
    file read-only without a word, and the first append failed mid-request."""
    db = tmp_path / "ro.db"
    open_service(str(db)).store.close()
    db.chmod(0o444)
    probe = (
        "import sys\nfrom skald.service.store.check import StoreUnavailable\n"
        "from skald.service.bootstrap import open_service\n"
        "try:\n    open_service(sys.argv[1])\nexcept StoreUnavailable as e:\n"
        "    print(e.rule, e.reason)\n"
    )
    caps = "-dac_override,-dac_read_search"
    done = subprocess.run(
        [
            "setpriv",
            "--bounding-set",
            caps,
            "--inh-caps",
            caps,
            sys.executable,
            "-c",
            probe,
            str(db),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.stdout.startswith("store/cannot-open"), done.stdout + done.stderr[-600:]
    assert "no permission to write it" in done.stdout

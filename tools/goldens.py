"""Re-record the golden games in ``replays/``: ``python -m skald.tools.goldens [--out DIR] [--check]``.

Each golden is one complete random legal game, played through the game service (the same
``skald.service.bootstrap.open_service`` every entry point uses) on a throwaway SQLite store, by a
random picker with a fixed seed (the game's picker of ``cli/autoplay/pickers.py``), and exported as a
replay file: ``replays/<game>/<game>-<n>p.jsonl`` (``<game>-<n>p-<length>.jsonl`` for A Feast
for Odin's long and short game). Beside it, ``….views.jsonl`` holds, for every version, the
SHA-256 of the canonical JSON of the public view and of each seat's view; the test suite
(``tests/test_replays_views.py``) re-derives every view from the replay file and compares.

Recording twice gives the same bytes. What would differ is pinned:

* the game id (the records' salts derive from it) is a UUID5 of the golden's name, given to
  ``GameService.create``; the seed is chosen, so it alone decides every die and shuffle;
* the seed is fixed, and each command gets the id ``golden-<n>`` instead of a random one;
* the commitment nonce and the record salt key (fresh randomness in any other game) are
  derived from the golden's name (``GameService.create(pinned=...)``);
* the service stamps each record with the wall-clock time it was written, inside the record's
  hash; the exported chain is re-sealed with a synthetic clock (:data:`EPOCH` plus one second
  per version). The hashes are then those of the re-stamped records: the file verifies like any
  other, and a re-recording differs only where what the rules decided differs.

Review the diff after re-recording: a changed golden means a rule change altered what a
recorded game decides or what a seat was shown.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import tempfile
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

from skald.cli.autoplay.pickers import picker_for
from skald.cli.autoplay.random_games import play_random
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.errors import SkaldError
from skald.service.app.requests import CreateGame, ExportGame
from skald.service.bootstrap import open_service
from skald.service.client import LocalClient
from skald.service.model.auth import OPERATOR
from skald.service.model.folding import fold_into, fold_records
from skald.service.model.records import GENESIS, Record, canonical
from skald.service.model.registry import canonical as game_name
from skald.service.model.registry import cli_name
from skald.service.model.verify import verify
from skald.service.store import replay_file

GOLDENS: tuple[tuple[str, int, str], ...] = (
    ("red-north", 2, ""),
    ("red-north", 3, ""),
    ("red-north", 4, ""),
    ("brian-boru", 3, ""),
    ("brian-boru", 4, ""),
    ("brian-boru", 5, ""),
    ("feast", 1, "long"),
    ("feast", 2, "short"),
    ("feast", 3, "short"),
    ("feast", 4, "long"),
)
"""Every playable game at every player count it supports; A Feast for Odin in both lengths
(its ``length`` option; ``""`` for games without one)."""

NAMESPACE = uuid.UUID("0b7c1a52-5d3e-4f0e-9a43-7d1f2c6e8b90")
"""UUID5 namespace of the golden game ids."""
EPOCH = datetime(2026, 1, 1, tzinfo=UTC)
"""The synthetic clock's start: record ``v`` is stamped ``EPOCH + v`` seconds."""
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "replays"


@dataclass(frozen=True, slots=True)
class Golden:
    game: str
    """CLI form, e.g. ``red-north``."""
    players: int
    length: str = ""
    """A Feast for Odin's ``length`` option (``long``/``short``); empty for other games."""

    @property
    def name(self) -> str:
        base = f"{self.game}-{self.players}p"
        return f"{base}-{self.length}" if self.length else base

    @property
    def options(self) -> dict[str, Any]:
        return {"length": self.length} if self.length else {}

    @property
    def game_id(self) -> str:
        return str(uuid.uuid5(NAMESPACE, self.name))

    @property
    def seed(self) -> bytes:
        return f"golden-{self.name}".encode()

    @property
    def pinned(self) -> tuple[bytes, bytes]:
        """The commitment nonce and record salt key, derived from the name."""
        nonce = hashlib.sha256(f"golden-nonce-{self.name}".encode()).digest()[:16]
        return nonce, hashlib.sha256(f"golden-salt-{self.name}".encode()).digest()

    def replay_path(self, root: Path) -> Path:
        return root / self.game / f"{self.name}.jsonl"

    def views_path(self, root: Path) -> Path:
        return root / self.game / f"{self.name}.views.jsonl"


def goldens() -> list[Golden]:
    return [Golden(cli_name(game_name(g)), n, length) for g, n, length in GOLDENS]


def restamp(records: Sequence[Record]) -> list[Record]:
    """``records`` re-sealed on the synthetic clock: same content, pinned times and hashes."""
    out: list[Record] = []
    prev = GENESIS
    for r in records:
        sealed = r.sealed(prev, (EPOCH + timedelta(seconds=r.version)).isoformat())
        out.append(sealed)
        prev = sealed.hash
    return out


def view_hash(view: Any) -> str:
    """SHA-256 of a view's canonical JSON (sorted keys, compact, UTF-8)."""
    return hashlib.sha256(canonical(to_data(view))).hexdigest()


def view_hashes(records: Sequence[Record]) -> list[dict[str, Any]]:
    """For every version 1..N: the public view's hash and each seat's, folding once."""
    rows: list[dict[str, Any]] = []
    loaded = fold_records(records[:1])
    rules, players = loaded.rules, loaded.players
    for i in range(len(records)):
        if i:
            loaded = fold_into(loaded, loaded.game_id, records[i : i + 1])
        state = loaded.state
        rows.append(
            {
                "version": loaded.version,
                "public": view_hash(rules.view(state, None)),
                "seats": [view_hash(rules.view(state, seat)) for seat in range(players)],
            }
        )
    return rows


def dumps_views(rows: Sequence[dict[str, Any]]) -> str:
    return "".join(json.dumps(row, sort_keys=True) + "\n" for row in rows)


def record(golden: Golden) -> tuple[str, str]:
    """(replay file text, views file text) of one golden, played anew through the service."""
    with tempfile.TemporaryDirectory(prefix="skald-golden-") as folder:
        svc = open_service(str(Path(folder) / "golden.db"))
        try:
            created = svc.create(
                CreateGame(
                    golden.game,
                    golden.players,
                    seed=golden.seed,
                    options=golden.options,
                    game_id=golden.game_id,
                    pinned=golden.pinned,
                )
            )
            client = LocalClient(svc)
            client.receipts = None  # the recorder keeps no receipts (and makes no store key)
            play_random(
                client,
                created.game_id,
                random.Random(golden.name),
                command_ids="golden",
                choose=picker_for(game_name(golden.game)),
            )
            exported = client.export(ExportGame(created.game_id, who=OPERATOR))
        finally:
            svc.store.close()
    records = restamp(replay_file.loads(exported.split("\n")).records)
    text = replay_file.dumps(golden.game_id, records)
    parsed = replay_file.loads(text.split("\n"))
    report = verify(parsed.records, parsed.seeds)
    if not report.ok:
        raise SkaldError(
            "goldens/does-not-verify",
            f"{golden.name}: v{report.first_bad} does not verify: {report.problem}",
        )
    return text, dumps_views(view_hashes(parsed.records))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m skald.tools.goldens", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="replays folder to write")
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if a file would change"
    )
    parser.add_argument("only", nargs="*", help="golden names to record (e.g. red-north-2p)")
    args = parser.parse_args(argv)
    unknown = set(args.only) - {g.name for g in goldens()}
    if unknown:
        parser.error(f"no golden named {', '.join(sorted(unknown))}")
    changed = 0
    for golden in goldens():
        if args.only and golden.name not in args.only:
            continue
        text, views = record(golden)
        for path, content in (
            (golden.replay_path(args.out), text),
            (golden.views_path(args.out), views),
        ):
            same = path.is_file() and path.read_text() == content
            changed += not same
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(content)
            state = "unchanged" if same else ("would change" if args.check else "written")
            print(f"{path}: {state} ({content.count(chr(10))} lines)")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())

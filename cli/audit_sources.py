"""Where the audit commands read a game from: a stored game (by id or prefix, through the
client) or a replay file (``.jsonl``), as its records and, for a file, the seeds it reveals."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from domain.kernel.records import SeedReveal
    from service.client import Client
    from service.records import Record


def is_file(ref: str) -> bool:
    return ref.endswith(".jsonl") or Path(ref).is_file()


def records_of(client: Client | None, ref: str) -> tuple[str, list[Record], list[SeedReveal]]:
    """(label, records, revealed seeds) of a game id or a replay file."""
    from domain.kernel.errors import SkaldError
    from service import replay_file

    if is_file(ref):
        path = Path(ref)
        if not path.is_file():
            raise SkaldError("replay/missing", f"no such file: {ref}")
        parsed = replay_file.load_bytes(path.read_bytes())
        return ref, list(parsed.records), list(parsed.seeds)
    assert client is not None
    gid = client.resolve(ref)
    return gid, client.history(gid), []

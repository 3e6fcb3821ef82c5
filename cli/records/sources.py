"""Where the audit commands read a game from: a stored game (by id or prefix, through the
client) or a replay file (``.jsonl``), as its records and, for a file, the seeds it reveals."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from skald.service.app.requests import GetHistory
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:
    from skald.domain.kernel.records import SeedReveal
    from skald.service.client import Client
    from skald.service.model.records import Record


def is_file(ref: str) -> bool:
    """Whether ``ref`` names a replay file rather than a game id: it ends in ``.jsonl`` or is
    anything on disk (a directory or a device too, so that it is refused as what it is, not
    looked up as a game id)."""
    return ref.endswith(".jsonl") or _on_disk(Path(ref))


def _on_disk(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):  # a name too long for the file system, a NUL: not a path
        return False


def replay_path(ref: str | Path) -> Path:
    """``ref`` as a regular file to read, else ``replay/missing`` (nothing there) or
    ``replay/not-a-file`` (a directory, a device, a pipe: nothing a replay is read from)."""
    from skald.domain.kernel.errors import SkaldError

    path = Path(ref)
    if not _on_disk(path):
        raise SkaldError("replay/missing", f"no such file: {ref}")
    if path.is_dir():
        raise SkaldError("replay/not-a-file", f"{ref} is a directory, not a replay file")
    if not path.is_file():
        raise SkaldError("replay/not-a-file", f"{ref} is not a regular file (a replay is one)")
    return path


def records_of(client: Client | None, ref: str) -> tuple[str, list[Record], list[SeedReveal]]:
    """(label, records, revealed seeds) of a game id or a replay file."""
    from skald.service.store import replay_file

    if is_file(ref):
        parsed = replay_file.load_bytes(replay_path(ref).read_bytes())
        return ref, list(parsed.records), list(parsed.seeds)
    assert client is not None
    gid = client.resolve(ref)
    return gid, client.history(GetHistory(gid, who=OPERATOR)), []


def file_disputes(ref: str) -> tuple[dict[str, Any], ...]:
    """A replay file's dispute records (its trailer's ``disputes``), as JSON objects."""
    from skald.service.store import replay_file

    return replay_file.load_bytes(replay_path(ref).read_bytes()).disputes


def file_report(
    records: list[Record], seeds: list[SeedReveal], ref: str | None = None
) -> dict[str, Any]:
    """The verify report of a replay file's records (``ok``, ``first_bad``, ``problem`` …),
    computed offline as ``skald verify`` does (with the salt key the header of file ``ref``
    carries for a running game); ``replay`` and ``diff`` show a file that fails it only as one
    that does not verify."""
    from skald.service.model.verify import verify

    key = file_salt_key(ref) if ref is not None else None
    report: dict[str, Any] = verify(records, seeds, salt_key=key).to_json()
    return report


def file_salt_key(ref: str) -> bytes | None:
    """The salt key a running game's replay file carries in its header (``None`` for an
    ended game's); its header line only, read after ``records_of`` checked the file whole."""
    import json

    with replay_path(ref).open("rb") as file:
        header = json.loads(file.readline())
    key = header.get("salt_key") if isinstance(header, dict) else None
    return bytes.fromhex(key) if isinstance(key, str) else None

"""Where a page's game comes from: a replay file, a stored game, or a server, and as whom.

A replay file and a stored game (``--db``) hold full records: the page may hold every view
(the referee's page), or one seat's, or the public one. Over ``--server`` the token decides:
a referee's or the operator's history is full (its records carry their salts) and is folded
here like a file; a seat's or a spectator's is redacted by the server, so the page is read
from the server view by view as that reader and holds nothing more than it is served.
The verify report is computed now, when the page is written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skald.cli.html.frames import Follower, GameFrames, Series, series_for
from skald.cli.html.page import stamped
from skald.cli.records.sources import is_file, replay_path
from skald.service.app.requests import GetHistory, ListDisputes, VerifyGame, ViewGame
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:
    from skald.service.client import Client
    from skald.service.model.records import Record


@dataclass
class Source:
    """One game as the page will hold it."""

    label: str
    records: list[Record]
    full: bool
    """Whether the records are unredacted (a file, a store, a referee's history)."""
    verify: dict[str, Any]
    game_id: str | None = None
    """The game's id when read from a store or server (for ``--serve``)."""
    disputes: list[dict[str, Any]] = field(default_factory=list)
    """Its disputes with their rulings (public), those about the versions shown."""


def load(client: Client | None, ref: str, to: int | None = None) -> Source:
    """The records of ``ref`` (a replay file or a game id) and their verify report (of the
    whole game), cut after version ``to`` when given."""
    from skald.domain.kernel.errors import SkaldError
    from skald.service.app import disputes
    from skald.service.model.verify import verify
    from skald.service.store import replay_file

    if is_file(ref):
        path = replay_path(ref)
        parsed = replay_file.load_bytes(path.read_bytes())
        records = list(parsed.records)
        checked = verify(records, parsed.seeds, salt_key=parsed.salt_key)
        report = disputes.apply(checked, records, parsed.disputes).to_json()
        shown = _upto(records, to)
        about = _about(disputes.shown(parsed.disputes), len(shown))
        return Source(path.name, shown, True, stamped(report), disputes=about)
    assert client is not None
    gid = client.resolve(ref)
    records = client.history(GetHistory(gid, who=OPERATOR))
    full = all(r.salt is not None for r in records)
    try:
        report = client.verify(VerifyGame(gid, who=OPERATOR))
    except SkaldError as error:  # a seat or a spectator may not verify a stored game
        report = {"ok": None, "problem": f"{error.rule}: {error.reason}"}
    shown = _upto(records, to)
    about = _about(client.disputes(ListDisputes(gid, who=OPERATOR)), len(shown))
    return Source(gid, shown, full, stamped(report), gid, about)


def _about(disputes: list[dict[str, Any]], last: int) -> list[dict[str, Any]]:
    """The disputes about versions 1..``last`` (the page's events)."""
    return [d for d in disputes if d["at_version"] <= last]


def _upto(records: list[Record], to: int | None) -> list[Record]:
    from skald.domain.kernel.errors import SkaldError

    if to is None:
        return records
    if to < 1:
        raise SkaldError("version/out-of-range", "--to must be 1 or more")
    return records[:to]  # a shorter game is shown whole (two games compared may differ)


def reader_series(client: Client, game_id: str, seat: int | None, public: bool) -> Series:
    """The one series a redacted reader gets: its seat's view (a seat token), else public."""
    from skald.domain.kernel.errors import SkaldError

    served = client.view(ViewGame(game_id, seat, None, who=OPERATOR)).seat
    if public and served is not None:
        raise SkaldError(
            "view/public-with-seat-token",
            f"this token is served seat {served}'s view; --public needs no token or the referee's",
        )
    return Series.of(served)


def frames_of(
    client: Client | None, source: Source, seat: int | None, public: bool
) -> tuple[GameFrames, Follower | None]:
    """The page data of ``source``: folded here when its records are full, else read from the
    server view by view; with the follower that extends it as the game goes on (a stored or
    served game's; ``None`` for a file)."""
    from skald.cli.html.frames import from_timeline
    from skald.cli.records.timeline import Timeline

    follower: Follower | None = None
    if source.full:
        tl = Timeline(source.label, source.records)
        if seat is not None and not 0 <= seat < tl.players:  # a server checks its own seats
            from skald.domain.kernel.errors import Malformed

            raise Malformed("seat/out-of-range", f"seats are 0..{tl.players - 1}, not {seat}")
        series = series_for(tl.players, seat, public)
        frames = from_timeline(tl, series, referee=seat is None and not public)
        if client is not None and source.game_id is not None:
            follower = Follower(client, source.game_id, frames)
            follower.resume(source.records)
    else:
        assert client is not None and source.game_id is not None
        series_one = reader_series(client, source.game_id, seat, public)
        follower = Follower.start(client, source.game_id, series_one, source.label)
        follower.extend(source.records)
        frames = follower.frames
    frames.verify = source.verify
    frames.disputes = source.disputes
    return frames, follower

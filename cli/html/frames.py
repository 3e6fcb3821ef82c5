"""What a replay page shows of one game, event by event, for each view it holds.

A page holds one or more *series* of views: the public view and each seat's (a referee page),
or one seat's alone (that seat's page holds nothing of the others), or the public one alone.
For every event (version) it holds the event as its reader is served it (type, seat, command
id), the move it belongs to in the game's notation, who is to act, the scores, and the view
of each series, as data for :mod:`skald.cli.html.draw` to draw.

Two sources: full records (a replay file, a stored game, a referee's remote history) are
folded here (:class:`skald.cli.records.timeline.Timeline`); a seat's or a spectator's remote game is read
view by view from the server (``GetView`` at each version), so the server's redaction decides
what such a page can hold.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from skald.domain.kernel.codec import to_data
from skald.service.app.requests import GetHistory, ViewGame
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:
    from skald.cli.records.timeline import Timeline
    from skald.service.client import Client, ViewResult
    from skald.service.model.records import Record

SCORE_KEYS = ("vp", "points", "score")
"""A player's running score in a view, by the first of these keys it has (Red North's ``vp``,
Brian Boru's ``points``); A Feast for Odin scores only at the end (the view's ``scores``)."""


@dataclass(frozen=True, slots=True)
class Series:
    """One kind of view a page holds: ``public`` or ``seat<N>``."""

    key: str
    seat: int | None
    label: str

    @staticmethod
    def of(seat: int | None) -> Series:
        if seat is None:
            return Series("public", None, "Public view")
        return Series(f"seat{seat}", seat, f"Seat {seat}")


def series_for(players: int, seat: int | None, public: bool) -> list[Series]:
    """The series of a page: one seat's, the public one, or all (the referee's page)."""
    if seat is not None:
        return [Series.of(seat)]
    if public:
        return [Series.of(None)]
    return [Series.of(None), *(Series.of(s) for s in range(players))]


@dataclass
class GameFrames:
    """One game's page data before drawing: rows per event, and views per series."""

    label: str
    game: str
    """CLI name (``red-north``)."""
    title: str
    players: int
    game_id: str
    series: list[Series]
    forked_from: dict[str, Any] | None = None
    events: list[list[Any]] = field(default_factory=list)
    """Per event: ``[version, type, seat, command id, move index]``."""
    moves: list[list[Any]] = field(default_factory=list)
    """Per move: ``[first version, last version, seat, notation, round]``."""
    status: list[list[Any]] = field(default_factory=list)
    """Per event: ``[to act, scores or None, finished]``."""
    views: dict[str, list[tuple[int | None, Any]]] = field(default_factory=dict)
    """Per series key, per event: ``(seat, view as JSON data)``."""
    verify: dict[str, Any] = field(default_factory=dict)
    disputes: list[dict[str, Any]] = field(default_factory=list)
    """The game's disputes with their rulings (public; ``skald.service.app.disputes`` JSON)."""

    def to_json(self, pictures: dict[str, list[int | str]]) -> dict[str, Any]:
        """The page's data for this game, ``pictures`` per series (node roots or SVG text)."""
        return {
            "label": self.label,
            "game": self.game,
            "title": self.title,
            "players": self.players,
            "game_id": self.game_id,
            "forked_from": self.forked_from,
            "series": [{"key": s.key, "seat": s.seat, "label": s.label} for s in self.series],
            "events": self.events,
            "moves": self.moves,
            "status": self.status,
            "pictures": pictures,
            "verify": self.verify,
            "disputes": self.disputes,
        }


def scores_of(view: dict[str, Any]) -> list[int] | None:
    """The scores a view shows: its final ``scores``, else each player's running score."""
    final = view.get("scores")
    if final:
        return [int(s) for s in final]
    players = view.get("players")
    if not isinstance(players, list) or not players:
        return None
    key = next((k for k in SCORE_KEYS if k in players[0]), None)
    if key is None:
        return None
    return [int(p.get(key) or 0) for p in players]


def from_timeline(tl: Timeline, series: Sequence[Series], referee: bool) -> GameFrames:
    """Every event of ``tl`` with the views of ``series``; a non-referee page (one seat, or
    the public) gets the events and moves as that reader is served them."""
    from skald.service.model.registry import cli_name

    created = tl.created
    frames = GameFrames(
        tl.label,
        cli_name(tl.rules.name),
        tl.rules.title,
        tl.players,
        created.game_id,
        list(series),
        forked_from=to_data(created.forked_from) if created.forked_from else None,
    )
    reader = None if referee else series[0].seat
    for move in tl.moves:
        text = tl.text(move, reader, referee=referee)
        frames.moves.append([move.first, move.last, move.seat, text, move.round])
        for record in tl.events(move, reader, referee=referee):
            frames.events.append(
                [record.version, record.type, record.seat, record.command_id, move.index]
            )
    rules = tl.rules
    for s in series:
        frames.views[s.key] = []
    for v in range(1, tl.version + 1):
        state = tl.states[v]
        base: dict[str, Any] | None = None
        for s in series:
            data = to_data(rules.view(state, s.seat))
            frames.views[s.key].append((s.seat, data))
            base = data if base is None else base
        assert base is not None
        to_act = sorted(rules.to_act(state))
        frames.status.append([to_act, scores_of(base), rules.outcome(state) is not None])
    return frames


def served_move_text(rules: Any, record: Record) -> str:
    """A move as a remote reader is served it: in notation when the server sent the command's
    data (the reader's own, anyone's for the referee, another seat's public form for the
    rest), else only its type."""
    from skald.cli.records.timeline import HIDDEN_MOVE, move_text
    from skald.service.model.records import CREATED, ENDED

    if record.command is None:
        return {CREATED: "setup", ENDED: "game ended"}.get(record.type, record.type)
    if "data" not in record.command:
        return f"{record.command['type']} {HIDDEN_MOVE}"
    return move_text(rules, record.command)


class Follower:
    """Extends a page's data event by event with the views a client is served (``GetView``
    at each version, as the client's token): a seat's or spectator's remote page from its
    start, and every live page as the game goes on (``--serve``)."""

    def __init__(self, client: Client, game_id: str, frames: GameFrames) -> None:
        self.client, self.game_id, self.frames = client, game_id, frames
        self.rules = client.rules_of(game_id)
        self.last: Record | None = None
        self.head: Record | None = None
        """The first record of the move the last record belongs to."""
        for key in (s.key for s in frames.series):
            frames.views.setdefault(key, [])

    @staticmethod
    def start(client: Client, game_id: str, series: Series, label: str) -> Follower:
        """A follower of an empty page of ``series``, to be extended from the game's start."""
        from skald.domain.kernel.records import GameCreated
        from skald.service.model.records import read_kernel
        from skald.service.model.registry import cli_name

        rules = client.rules_of(game_id)
        created = read_kernel(
            client.history(GetHistory(game_id, 0, 1, who=OPERATOR))[0], GameCreated
        )
        frames = GameFrames(
            label,
            cli_name(rules.name),
            rules.title,
            created.players,
            created.game_id,
            [series],
            forked_from=to_data(created.forked_from) if created.forked_from else None,
        )
        return Follower(client, game_id, frames)

    def _as_read(self, record: Record) -> Record:
        """``record`` as the page's reader is served it: a local store hands the follower full
        records (its operator's), and a seat's or the public page must not write another
        seat's secret fields out (a Red North deploy's face-down cards) where the page's own
        reader would be served them hidden (``Rules.public_command``). The referee's page
        (every series) reads all."""
        series = self.frames.series
        if len(series) != 1 or record.command is None or "data" not in record.command:
            return record
        from skald.cli.records.timeline import served_as

        return served_as(self.rules, record, series[0].seat)

    def resume(self, records: Sequence[Record]) -> None:
        """Take up after ``records``, whose events the page holds already."""
        for record in records:
            if self._starts_move(record):
                self.head = record
            self.last = record

    def _starts_move(self, record: Record) -> bool:
        last = self.last
        return last is None or record.command_id != last.command_id or record.command is not None

    def extend(self, records: Sequence[Record]) -> list[dict[str, Any]]:
        """Add ``records`` (the next ones, in order); per record, what a live page is sent:
        the event row, the status, the move (new or grown) and each series' view data."""
        frames = self.frames
        added: list[dict[str, Any]] = []
        for record in records:
            if self._starts_move(record) or self.head is None:
                self.head = record
                frames.moves.append([])
            self.last = record
            head = self.head
            index = len(frames.moves) - 1
            views: dict[str, Any] = {}
            base: tuple[ViewResult, dict[str, Any]] | None = None
            for s in frames.series:
                result = self.client.view(
                    ViewGame(self.game_id, s.seat, record.version, who=OPERATOR)
                )
                data = to_data(result.view)
                views[s.key] = data
                frames.views[s.key].append((s.seat, data))
                base = base or (result, data)
            assert base is not None
            round_ = base[1].get("round")
            frames.moves[index] = [
                head.version,
                record.version,
                head.seat,
                served_move_text(self.rules, self._as_read(head)),
                round_ if isinstance(round_, int) else None,
            ]
            event = [record.version, record.type, record.seat, record.command_id, index]
            frames.events.append(event)
            status = status_of(*base)
            frames.status.append(status)
            added.append(
                {
                    "event": event,
                    "status": status,
                    "move_index": index,
                    "move": frames.moves[index],
                    "views": views,
                }
            )
        return added


def status_of(result: ViewResult, data: dict[str, Any]) -> list[Any]:
    return [list(result.to_act), scores_of(data), result.outcome is not None]

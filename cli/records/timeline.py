"""A recorded game as a person walks through it: the state at every version, the moves (one
per command batch) with their round, each move in the game's notation, and what a seat may see
of it.

Shared by the replay browser (``cli/tui/browser.py``), ``skald diff`` (``cli/records/diffing.py``) and
``skald export --format text`` (``cli/records/export_text.py``). The records are folded once, one at a
time and validated (they may come from a file), keeping every state: states are frozen values,
so keeping them is cheap and any version is then a lookup, back as fast as forward."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.records import GameCreated, GameEnded
from skald.domain.kernel.unseen import strings_in, unseen
from skald.service.client import ViewResult
from skald.service.model.folding import Loaded, decode_command, fold_into
from skald.service.model.records import CREATED, ENDED, Record, RecordedCommand, read_kernel

HIDDEN_MOVE = "(hidden)"


@dataclass(frozen=True, slots=True)
class Move:
    """One command's batch of events (or the setup batch): versions ``first..last``."""

    index: int
    first: int
    last: int
    seat: int | None
    command_id: str
    command: RecordedCommand | None
    """The command as recorded (``{"type", "data"}``); ``None`` for setup and kernel batches."""
    round: int | None
    """The round shown by the public view once the batch's first event is applied."""

    @property
    def is_setup(self) -> bool:
        return self.command is None


def move_text(rules: AnyRules, command: RecordedCommand) -> str:
    """A recorded command in the game's notation (``skald.cli.words.notation``); a game without one yet
    gets the command's type and data."""
    from skald.cli.words.notation import NotationError, to_text

    try:
        return to_text(rules.name, decode_command(rules, command["type"], command.get("data", {})))
    except (ModuleNotFoundError, NotationError):
        data = command.get("data")
        if not data:
            return str(command["type"])
        return f"{command['type']} {json.dumps(data, separators=(',', ':'), ensure_ascii=False)}"


class Timeline:
    """Every state of one game, its moves, and views at any version for any viewer."""

    def __init__(
        self, label: str, records: Sequence[Record], disputes: Sequence[dict[str, Any]] = ()
    ) -> None:
        if not records or records[0].type != CREATED:
            from skald.domain.kernel.errors import Malformed

            raise Malformed("record/no-created", f"{label} does not start with {CREATED}")
        self.label = label
        self.records = list(records)
        self.disputes = list(disputes)
        """The game's disputes with their rulings, as JSON (``skald.service.app.disputes``), if shown."""
        self.created = read_kernel(self.records[0], GameCreated)
        loaded: Loaded | None = None
        states: list[Any] = []
        for record in self.records:
            loaded = fold_into(loaded, self.created.game_id, [record], trusted=False)
            states.append(loaded.state)
        assert loaded is not None
        self.rules: AnyRules = loaded.rules
        self.states = [self.rules.initial(self.created.players), *states]
        """``states[v]``: the state at version ``v`` (``states[0]`` before any record)."""
        self.ended = loaded.ended
        self.moves = self._moves()
        self._move_at = [0] * (len(self.records) + 1)
        self._unseen: dict[tuple[int, int | None], frozenset[str]] = {}
        for move in self.moves:
            for v in range(move.first, move.last + 1):
                self._move_at[v] = move.index

    @property
    def game(self) -> str:
        return self.rules.name

    @property
    def players(self) -> int:
        return self.created.players

    @property
    def version(self) -> int:
        return len(self.records)

    def _moves(self) -> list[Move]:
        moves: list[Move] = []
        start = 0
        for i in range(1, len(self.records) + 1):
            here = self.records[start]
            if i < len(self.records):
                nxt = self.records[i]
                if nxt.command_id == here.command_id and nxt.command is None:
                    continue
            moves.append(
                Move(
                    len(moves),
                    here.version,
                    self.records[i - 1].version,
                    here.seat if here.seat is not None and here.seat >= 0 else None,
                    here.command_id,
                    here.command,
                    self.round_at(here.version),
                )
            )
            start = i
        return moves

    def round_at(self, version: int) -> int | None:
        value = getattr(self.rules.view(self.states[version], None), "round", None)
        return value if isinstance(value, int) else None

    def move_at(self, version: int) -> Move:
        """The move whose batch holds ``version`` (the setup batch for 0)."""
        return self.moves[self._move_at[max(version, 1)]]

    def result(self, version: int, seat: int | None) -> ViewResult:
        """What ``seat`` (``None``: the public) sees at ``version``, as the drawings take it."""
        state = self.states[version]
        rules = self.rules
        return ViewResult(
            self.created.game_id,
            rules.name,
            version,
            tuple(sorted(rules.to_act(state))),
            rules.outcome(state),
            seat,
            rules.view(state, seat),
            tuple(rules.pending(state)),
        )

    def text(self, move: Move, viewer: int | None = None, referee: bool = True) -> str:
        """``move`` in notation as ``viewer`` may read it: the referee reads every move, a seat
        its own, and another seat's as it is served (``Rules.public_command``: ``deploy 3 face
        down``). That served form is checked again: it is shown only when every hidden id it
        names (any id the viewer or a spectator cannot place before or after the batch:
        :meth:`_hidden`) is named by the batch's events as the viewer is served them, and no
        value it holds is one redaction took out of those events — a played card is shown, a
        kept or face-down one is not, so the list never tells more than ``skald log --seat``."""
        if move.command is None:
            return self._kernel_text(move)
        if referee or move.seat == viewer:
            return move_text(self.rules, move.command)
        served_records = self.events(move, viewer, referee=False)
        command = served_records[0].command or {"type": move.command["type"]}
        if "data" not in command:
            return f"{command['type']} {HIDDEN_MOVE}"
        named = strings_in(command["data"]) & self._hidden(move, viewer)
        if named:
            served: set[str] = set()
            for record in served_records:
                served |= strings_in(record.data)
            if not named <= served:
                return f"{command['type']} {HIDDEN_MOVE}"
        full = self.records[move.first - 1 : move.last]
        hidden_values = set()
        for kept, shown in zip(full, served_records, strict=True):
            hidden_values |= _redacted_leaves(kept.data, shown.data)
        if hidden_values & _leaves(command["data"]):
            return f"{command['type']} {HIDDEN_MOVE}"  # it says what redaction hid
        return move_text(self.rules, command)

    def _hidden(self, move: Move, viewer: int | None) -> frozenset[str]:
        """The ids ``viewer`` cannot place before or after ``move`` (``unseen``: a Red North
        card all saw taken, then deployed face-down, is no secret but its slot is)."""
        out: set[str] = set()
        for version in (move.first - 1, move.last):
            key = (version, viewer)
            found = self._unseen.get(key)
            if found is None:
                state = self.states[version]
                found = unseen(self.rules, state, viewer) | unseen(self.rules, state, None)
                self._unseen[key] = found
            out |= found
        return frozenset(out)

    def _kernel_text(self, move: Move) -> str:
        kinds = {r.type for r in self.records[move.first - 1 : move.last]}
        if CREATED in kinds:
            return "setup"
        if ENDED in kinds:
            return "game ended"
        return ", ".join(sorted(kinds))

    def events(self, move: Move, viewer: int | None, referee: bool) -> list[Record]:
        """The records of ``move`` as ``viewer`` is served them (the referee: unredacted)."""
        batch = self.records[move.first - 1 : move.last]
        if referee:
            return batch
        return [served_as(self.rules, r, viewer) for r in batch]

    def outcome_line(self) -> str:
        """``34-28-23, winner seat 0 (reason)``, or ``*`` for a game still running."""
        ended: GameEnded | None = self.ended
        if ended is None:
            return "*"
        winners = ", ".join(f"seat {w}" for w in ended.winners) or "none"
        scores = " ".join(str(s) for s in ended.scores)
        return f"{scores}, winner {winners} ({ended.reason})"


def _leaves(value: Any, key: str = "") -> set[tuple[str, str]]:
    """Every (field, value) at the leaves of encoded data (a list's items under its field)."""
    if isinstance(value, dict):
        return {leaf for k, v in value.items() for leaf in _leaves(v, str(k))}
    if isinstance(value, list | tuple):
        return {leaf for v in value for leaf in _leaves(v, key)}
    return {(key, repr(value))}


def _redacted_leaves(full: Any, served: Any, key: str = "") -> set[tuple[str, str]]:
    """The (field, value) leaves of ``full`` that redaction changed in ``served``: what a
    reader must not learn from the command either (#99 Preceptor's hand position: no id,
    a number the served event replaces)."""
    if isinstance(full, dict) and isinstance(served, dict):
        return {
            leaf for k, v in full.items() for leaf in _redacted_leaves(v, served.get(k), str(k))
        }
    if isinstance(full, list) and isinstance(served, list) and len(full) == len(served):
        return {
            leaf for x, y in zip(full, served, strict=True) for leaf in _redacted_leaves(x, y, key)
        }
    if full == served:
        return set()
    return _leaves(full, key)


def served_as(rules: Any, record: Record, viewer: int | None) -> Record:
    """``record`` as seat ``viewer`` (``None``: a spectator) is served it."""
    from skald.service.app.queries import redact
    from skald.service.model.auth import SPECTATOR, Principal

    return redact(rules, record, SPECTATOR if viewer is None else Principal("seat", viewer))

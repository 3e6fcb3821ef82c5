"""The legal commands with their placements in compact form, for clients that draw drops.

A seat holding a few goods may have thousands of legal ``PlaceGood`` commands (every piece, on
every board, at every anchor square and rotation: rules.ja.txt 随時アクション). Listing each
one is wasteful on the wire and useless to a person; a client wants, per piece and board, the
anchor squares it may drop on and the rotations allowed there. :func:`compact_legal` gives
that, and every other legal command as it is: expanding the groups (:meth:`Options.commands`)
gives exactly the ``PlaceGood`` and ``ServeFood`` commands ``legal_commands`` lists, so legal
still means accepted for programs that enumerate (``tests/test_feast_legal_compact.py``).

The feast's ``ServeFood`` (rules.ja.txt フェイズ9) is grouped the same way on the board
``banquet``, row 0 (the table row; the command has no row or board of its own).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.legal import good_placements, other_commands
from skald.domain.feast.game.state import State

BANQUET = "banquet"
"""The board name of ``ServeFood`` groups."""


@dataclass(frozen=True, slots=True)
class Anchor:
    """A square a piece may be dropped on (its rotated bounding box's top-left, the same
    ``row``/``col`` as ``PlaceGood``), with the quarter turns allowed there."""

    row: int
    col: int
    rotations: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Options:
    """Every legal drop of one piece on one board; ``command`` is the command they expand to
    (``PlaceGood``, or ``ServeFood`` on the banquet table)."""

    command: str
    board: str
    piece: str
    anchors: tuple[Anchor, ...]

    def commands(self) -> Iterator[cmd.PlaceGood | cmd.ServeFood]:
        """The commands this group stands for, one per anchor and rotation."""
        for a in self.anchors:
            for r in a.rotations:
                if self.command == "ServeFood":
                    yield cmd.ServeFood(self.piece, a.col, r)
                else:
                    yield cmd.PlaceGood(self.board, self.piece, a.row, a.col, r)

    @property
    def count(self) -> int:
        return sum(len(a.rotations) for a in self.anchors)


@dataclass(frozen=True, slots=True)
class Compact:
    """``commands``: every legal command but the placements, in ``legal_commands`` order;
    ``placements``: the placements, grouped by command, board and piece."""

    commands: tuple[cmd.Command, ...]
    placements: tuple[Options, ...]

    def expanded(self) -> Iterator[cmd.Command]:
        yield from self.commands
        for group in self.placements:
            yield from group.commands()


Key = tuple[str, str, str]


def _grouped(drops: dict[Key, dict[tuple[int, int], list[int]]]) -> tuple[Options, ...]:
    return tuple(
        Options(
            command,
            board,
            piece,
            tuple(Anchor(r, c, tuple(rots)) for (r, c), rots in squares.items()),
        )
        for (command, board, piece), squares in drops.items()
    )


def compact_legal(state: State, seat: int) -> Compact:
    """The seat's legal commands with ``PlaceGood`` and ``ServeFood`` grouped (see module)."""
    others: list[cmd.Command] = []
    drops: dict[Key, dict[tuple[int, int], list[int]]] = {}
    for c in other_commands(state, seat):
        if isinstance(c, cmd.ServeFood):
            key = ("ServeFood", BANQUET, c.piece)
            drops.setdefault(key, {}).setdefault((0, c.col), []).append(c.rotation)
        else:
            others.append(c)
    for g in good_placements(state, seat):
        key = ("PlaceGood", g.board, g.piece)
        drops.setdefault(key, {}).setdefault((g.row, g.col), []).append(g.rotation)
    return Compact(tuple(others), _grouped(drops))

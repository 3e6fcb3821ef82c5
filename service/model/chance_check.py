"""Chance as ``verify`` knows it: the game's seed segments and the seeds it was given.

The segments are those ``skald.GameCreated`` commits to, and only those (no later record may
start one): a game that is no fork has one, from draw 0; a fork's start at increasing draws
from 0, each later one at the chance cursor of a command boundary no later than the fork point
(a reseed at the fork point starts exactly at the cursor there; the others it inherited from
its source, itself a reseeded fork) — :func:`check_segments` up front, :class:`LaterSegments`
as verify's walk reaches each boundary.

A segment's seed comes from ``skald.GameEnded`` (revealed at the end) or from the caller (the
store's secrets, for its referee and operator); each is checked against the segment's public
commitment before any outcome is derived from it. A segment without its seed still lets verify
re-decide every batch that draws nothing from it; the first draw from it stops re-decision with
the reason (not revealed yet, or withheld while a game sharing the seed runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import pairwise

from skald.domain.kernel.chance import Chance, commitment
from skald.domain.kernel.records import ChanceMode, GameCreated, SeedReveal, Segment
from skald.service.model.batches import chance_for

__all__ = ["Bad", "KnownChance", "LaterSegments", "Unrevealed", "check_segments"]


class Bad(Exception):
    """A record that fails a check: its version and the problem (turned into the report)."""

    def __init__(self, version: int, problem: str) -> None:
        super().__init__(problem)
        self.version = version
        self.problem = problem


class Unrevealed(Exception):
    """A draw from a segment whose seed verify does not have."""


class NoSeed(Chance):
    """Chance of a segment without its seed: any draw stops re-decision (a batch that draws
    nothing there is still checked in full)."""

    def below(self, n: int, what: str) -> int:
        raise Unrevealed(what)


def matches(reveal: SeedReveal, segment: Segment) -> bool:
    """Whether a revealed seed is the one ``segment`` committed to."""
    try:
        seed, nonce = bytes.fromhex(reveal.seed or ""), bytes.fromhex(reveal.nonce or "")
        return commitment(seed, nonce) == segment.commitment
    except ValueError:
        return False


class KnownChance:
    """The game's chance as verify knows it: the segments ``skald.GameCreated`` commits to (in
    cursor order, checked by :func:`check_segments`), each with its seed if revealed (in
    ``skald.GameEnded``) or supplied, each seed checked against its commitment. ``known``
    pairs each seed with the version to name if it does not match (its ``skald.GameEnded``,
    or the last record for the caller's)."""

    def __init__(self, created: GameCreated, known: Sequence[tuple[SeedReveal, int]]) -> None:
        self.withheld = {(s.start, s.stream) for s, _ in known if s.withheld}
        self.segments: list[tuple[Segment, SeedReveal | None]] = []
        for seg in created.segments:
            named = [(s, v) for s, v in known if (s.start, s.stream) == (seg.start, seg.stream)]
            reveal = next((s for s, _ in named if s.seed is not None and matches(s, seg)), None)
            wrong = [v for s, v in named if s.seed is not None and not matches(s, seg)]
            if wrong:
                raise Bad(
                    min(wrong),
                    f"revealed seed for stream {seg.stream} does not match its commitment",
                )
            self.segments.append((seg, reveal))

    def at(self, cursor: int) -> tuple[Chance, Segment]:
        seg, reveal = [s for s in self.segments if s[0].start <= cursor][-1]
        return (chance_for((reveal,), cursor) if reveal else NoSeed()), seg

    def why_missing(self, seg: Segment) -> str:
        state = "withheld" if (seg.start, seg.stream) in self.withheld else "not revealed"
        return (
            f"chance cannot be re-derived: the seed of stream {seg.stream} (draws from "
            f"{seg.start}) is {state}; verify the stored game as its referee or operator"
        )


def check_segments(created: GameCreated) -> None:
    """The segments ``created`` may list, from its kind alone (a failure names v1): at least
    one, the first from draw 0, starts strictly increasing, and one only unless it is a fork
    (only ``skald fork --reseed`` adds one, committed in the fork's own record)."""
    segments = created.segments
    if not segments:
        if created.chance == ChanceMode.SERVER:
            raise Bad(1, "a server-chance game must commit to its seed: it lists no segments")
        raise Bad(1, "a game lists its chance segment (from draw 0): this one lists no segments")
    if segments[0].start != 0:
        raise Bad(1, "the first seed segment must start at draw 0")
    if created.forked_from is None and len(segments) > 1:
        raise Bad(
            1,
            f"a game that is no fork has one seed segment, from draw 0; this one lists "
            f"{len(segments)} (only a fork commits to another, when it is forked)",
        )
    for before, seg in pairwise(segments):
        if seg.start <= before.start:
            raise Bad(
                1,
                f"seed segments must start at increasing draws: draw {seg.start} follows "
                f"draw {before.start}",
            )


class LaterSegments:
    """A fork's segments after its first, placed as verify's walk reaches each command
    boundary: each must start at the chance cursor of a boundary no later than the fork point
    (where the game still ran), never inside a batch, never past the fork point. A failure
    names v1 (``skald.GameCreated`` holds the segments), before any batch draws from it."""

    def __init__(self, created: GameCreated) -> None:
        self.fork = created.forked_from
        self.pending = [seg.start for seg in created.segments[1:]]
        self.placed: list[tuple[int, int]] = []
        """(draw, the first boundary version chance stands there) of each later segment."""
        self.running: dict[int, int] = {}
        """Cursor at each boundary (version) at which the game had not ended yet."""

    def boundary(self, version: int, cursor: int, running: bool) -> None:
        """The walk stands after the batch ending at ``version``, chance at ``cursor``."""
        if running:
            self.running[version] = cursor
        while self.pending and self.pending[0] <= cursor:
            start = self.pending.pop(0)
            if start < cursor:
                raise Bad(
                    1,
                    f"seed segment at draw {start} starts inside the batch ending at v{version} "
                    f"(chance went past it to draw {cursor}): a segment starts at a command "
                    "boundary",
                )
            if self.fork is None or version > self.fork.version:
                raise Bad(1, self._beyond(start, f"chance first stands there at v{version}"))
            self.placed.append((start, version))

    def end(self, cursor: int) -> None:
        """The walk is over, chance at ``cursor``: every segment placed, the fork point a
        boundary of the game while it ran."""
        if self.pending:
            raise Bad(1, self._beyond(self.pending[0], f"chance ends at draw {cursor}"))
        if self.fork is not None and self.fork.version not in self.running:
            raise Bad(
                1,
                f"forked from {self.fork.game_id} at v{self.fork.version}, which is not a "
                "command boundary of these records while the game ran",
            )

    def _beyond(self, start: int, where: str) -> str:
        point = f"the fork point v{self.fork.version}" if self.fork else "the start"
        return (
            f"seed segment at draw {start} lies beyond {point} ({where}): a fork commits only "
            "to segments that start where its copied records stand"
        )

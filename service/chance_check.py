"""Server chance as ``verify`` knows it: the game's seed segments and the seeds it was given.

A segment's seed comes from ``skald.GameEnded`` (revealed at the end) or from the caller (the
store's secrets, for its referee and operator); each is checked against the segment's public
commitment before any outcome is derived from it. A segment without its seed still lets verify
re-decide every batch that draws nothing from it; the first draw from it stops re-decision with
the reason (not revealed yet, or withheld while a game sharing the seed runs).
"""

from __future__ import annotations

from collections.abc import Sequence

from domain.kernel.chance import Chance, commitment
from domain.kernel.records import GameCreated, SeedReveal, Segment
from service.batches import chance_for

__all__ = ["Bad", "KnownChance", "Unrevealed"]


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
    """The game's chance as verify knows it: segments in cursor order (a later segment at the
    same draw supersedes an earlier one, as a fork's reseed does), each with its seed if
    revealed (in ``skald.GameEnded``) or supplied, each seed checked against its commitment."""

    def __init__(self, created: GameCreated, known: Sequence[SeedReveal], last: int) -> None:
        self.known = [s for s in known if s.seed is not None]
        self.withheld = {(s.start, s.stream) for s in known if s.withheld}
        self.segments: list[tuple[Segment, SeedReveal | None]] = []
        self.last = last
        if not created.segments:
            raise Bad(1, "a server-chance game must commit to its seed: it lists no segments")
        if created.segments[0].start != 0:
            raise Bad(1, "the first seed segment must start at draw 0")
        for seg in created.segments:
            self.add(1, seg, None)

    def add(self, version: int, seg: Segment, cursor: int | None) -> None:
        if self.segments and seg.start < self.segments[-1][0].start:
            raise Bad(version, f"seed segment at draw {seg.start} is out of order")
        if cursor is not None and seg.start != cursor:
            raise Bad(version, f"reseeded at draw {seg.start}, but chance stands at {cursor}")
        named = [s for s in self.known if (s.start, s.stream) == (seg.start, seg.stream)]
        reveal = next((s for s in named if matches(s, seg)), None)
        if named and reveal is None:
            raise Bad(
                self.last, f"revealed seed for stream {seg.stream} does not match its commitment"
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

"""The error taxonomy every game raises; the service maps it to transport codes once.

Each error carries a stable ``rule`` code (``"red_north/reinforce-needs-face-down"``) and a
plain-words ``reason``. Codes are part of the public contract: clients may switch on them.
"""

from __future__ import annotations


class SkaldError(Exception):
    """Base of every error a command can meet; ``rule`` is stable, ``reason`` is for people."""

    kind = "error"

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{rule}: {reason}")
        self.rule = rule
        self.reason = reason


class Malformed(SkaldError):
    """The command cannot be read: unknown type, missing or ill-typed field."""

    kind = "malformed"


class IllegalMove(SkaldError):
    """The command is well formed but the rules forbid it now."""

    kind = "illegal"


class NotYourTurn(SkaldError):
    """The seat may not act now (another seat's turn, or a finished simultaneous choice)."""

    kind = "not_your_turn"


class GameOver(SkaldError):
    """The game has ended; no further commands are accepted."""

    kind = "game_over"


class ChanceNeeded(SkaldError):
    """Table chance: the command needs outcomes the referee has not entered (or entered wrongly)."""

    kind = "chance_needed"


class UnknownGame(SkaldError):
    """No game is registered under that name (or it is not playable yet)."""

    kind = "not_found"

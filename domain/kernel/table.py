"""One way for every game to name its rule codes and to dispatch its commands (GAME_AUTHORS.md).

* :class:`RuleCodes` — a game's code prefix and its refusals: ``CODES.illegal("deploy-three",
  "deploy exactly 3 cards")`` builds the :class:`~skald.domain.kernel.errors.IllegalMove`
  ``"red_north/deploy-three"`` that a check raises (``raise CODES.illegal(...)``: Red North's way,
  the house model). A check that must not raise (a space's refusal listed by ``legal_commands``)
  returns a :data:`Refusal` (``CODES.refusal(...)``) and :func:`refuse` raises it later.
* :class:`CommandTable` — one table per game: command type → :class:`Handler` (its ``check``, the
  rule it enforces, and its ``decide``, the events it emits into the game's ``Log``).
  ``table.check(state, seat, command)`` runs the game's ``gate`` (what every command meets
  first: game over, not started, no such seat), finds the handler (an unknown type is
  ``Malformed`` ``"<game>/unknown-command"``), runs the game's ``admit`` (whose turn, which
  answers) and the handler's own check; it returns the handler so ``decide`` runs its second half.

Imports: nothing outside this folder.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from skald.domain.kernel.chance import Chance
from skald.domain.kernel.errors import GameOver, IllegalMove, Malformed, NotYourTurn

StateT = TypeVar("StateT")
LogT = TypeVar("LogT")

Seat = int

Refusal = tuple[str, str]
"""(rule code, reason in plain words): a refusal returned, not raised (``refuse`` raises it)."""

__all__ = ["CommandTable", "Handler", "Refusal", "RuleCodes", "refuse"]


@dataclass(frozen=True, slots=True)
class RuleCodes:
    """A game's rule codes, ``"<game>/<rule>"``, and the errors that carry them."""

    game: str

    def code(self, rule: str) -> str:
        """``"<game>/<rule>"``: the stable code clients switch on (also a ``Pending`` code)."""
        return f"{self.game}/{rule}"

    def illegal(self, rule: str, reason: str) -> IllegalMove:
        return IllegalMove(self.code(rule), reason)

    def not_your_turn(self, rule: str, reason: str) -> NotYourTurn:
        return NotYourTurn(self.code(rule), reason)

    def malformed(self, rule: str, reason: str) -> Malformed:
        return Malformed(self.code(rule), reason)

    def game_over(self, rule: str = "game-over", reason: str = "the game has ended") -> GameOver:
        return GameOver(self.code(rule), reason)

    def refusal(self, rule: str, reason: str) -> Refusal:
        return self.code(rule), reason


def refuse(refusal: Refusal | None) -> None:
    """Raise ``refusal`` as an :class:`IllegalMove`; nothing when there is none."""
    if refusal is not None:
        raise IllegalMove(*refusal)


Check = Callable[[StateT, Seat, Any], None]
"""A command's check: raises the rule error, or returns (reads the state only)."""

Decide = Callable[[LogT, Seat, Any, Chance], None]
"""A command's handler: emits its events into the game's ``Log`` (never refuses)."""


@dataclass(frozen=True, slots=True)
class Handler(Generic[StateT, LogT]):
    """One command type's two halves: the rule it enforces and the events it emits."""

    check: Callable[[StateT, Seat, Any], None]
    decide: Callable[[LogT, Seat, Any, Chance], None]


def _nothing(state: object, seat: Seat, command: object = None) -> None:
    """The default ``gate`` and ``admit``: nothing to refuse."""


class CommandTable(Generic[StateT, LogT]):
    """A game's commands: type → (check, decide), with the checks every command shares.

    ``gate(state, seat)`` runs before the command's type is looked up, ``admit(state, seat,
    command)`` after it (each game keeps its order of refusals: the first rule broken is the
    one reported). ``unknown(command)`` words the ``unknown-command`` reason."""

    __slots__ = ("_admit", "_gate", "_unknown", "codes", "handlers")

    def __init__(
        self,
        codes: RuleCodes,
        handlers: Mapping[type, tuple[Check[StateT], Decide[LogT]]],
        *,
        unknown: Callable[[object], str],
        gate: Callable[[StateT, Seat], None] = _nothing,
        admit: Callable[[StateT, Seat, Any], None] = _nothing,
    ) -> None:
        self.codes = codes
        self.handlers: Mapping[type, Handler[StateT, LogT]] = {
            kind: Handler(check, decide) for kind, (check, decide) in handlers.items()
        }
        self._gate = gate
        self._admit = admit
        self._unknown = unknown

    def handler(self, command: object) -> Handler[StateT, LogT]:
        """The handler of ``command``'s type, else ``Malformed`` ``"<game>/unknown-command"``."""
        handler = self.handlers.get(type(command))
        if handler is None:
            raise self.codes.malformed("unknown-command", self._unknown(command))
        return handler

    def check(self, state: StateT, seat: Seat, command: object) -> Handler[StateT, LogT]:
        """Raise the rule error ``decide`` would raise for ``command`` from ``seat``, else
        return its handler."""
        self._gate(state, seat)
        handler = self.handler(command)
        self._admit(state, seat, command)
        handler.check(state, seat, command)
        return handler

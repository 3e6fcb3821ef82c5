"""Service-level errors, in the same taxonomy as the domain's (mapped to gRPC once, in grpc)."""

from __future__ import annotations

from skald.domain.kernel.errors import SkaldError


class Stale(SkaldError):
    """The command was built against an older version of the game."""

    kind = "stale"


class Unauthenticated(SkaldError):
    """No token, or a token this game does not know."""

    kind = "unauthenticated"


class Forbidden(SkaldError):
    """A valid token acting beyond its rights (another seat, operator-only call)."""

    kind = "not_your_turn"


class NotFound(SkaldError):
    """No game with that id (or id prefix)."""

    kind = "not_found"


class Tampered(SkaldError):
    """A replay file or stored stream does not verify."""

    kind = "malformed"


class IdReused(SkaldError):
    """A ``command_id`` already names another command (or the same command for another seat)."""

    kind = "conflict"


ECHO_LIMIT = 40
"""How much of a client-sent id or name an error message quotes."""


def echo(value: object, limit: int = ECHO_LIMIT) -> str:
    """``value`` quoted for an error message, cut to ``limit`` characters plus ``…``: an error
    must never grow with what the client sent (a 100 KB game id would not fit in the status
    trailer, and the caller would get RESOURCE_EXHAUSTED instead of the real refusal)."""
    text = str(value)
    return repr(text if len(text) <= limit else text[:limit] + "…")

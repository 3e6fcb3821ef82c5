"""Service-level errors, in the same taxonomy as the domain's (mapped to gRPC once, in grpc)."""

from __future__ import annotations

from domain.kernel.errors import SkaldError


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

"""Authorization: what each principal may do, decided here and nowhere else.

Identities come from :mod:`skald.service.model.auth` (a seat, the game's referee, the server's operator, or
a spectator without a token). Every use case asks this module before it acts, so the gRPC
servicer and the local CLI enforce the same rules and the servicer only translates:

* **acting** for a seat (submit, legal, check): that seat's token, or the referee/operator;
* **seeing** a seat's view: that seat's token, or the referee/operator; a spectator sees only
  the public view; a view without a seat is the public one for everyone;
* **table chance** is entered by the referee/operator only;
* **disputes** are filed for a seat by its token or by the referee/operator naming it, ruled on
  by the referee/operator only, and listed for everybody (they are public);
* **full access** — fork (it shares the chance seed), export (every hidden card), verify of a
  stored game (its secret seed), the unredacted history: referee/operator only;
* **creating and importing** games: anyone on an open server (the default for an embedded
  service and ``skald serve --open``); otherwise the operator token only, so a server reachable
  by others does not hand out games — and storage — to whoever connects.
"""

from __future__ import annotations

from skald.domain.kernel.errors import Malformed
from skald.service.model import auth
from skald.service.model.auth import OPERATOR, Principal
from skald.service.model.errors import Forbidden, NotFound, Unauthenticated, echo
from skald.service.store.event_store import Secret

__all__ = [
    "Policy",
    "may_act",
    "may_dispute",
    "may_enter_chance",
    "require_full_access",
    "sees_everything",
    "viewer",
]


_TABLES_KEPT = 4096
"""Games whose token tables a policy keeps (then it starts again: they are cheap to build)."""


class Policy:
    """Resolves bearer tokens to principals (only token hashes are kept)."""

    def __init__(self, operator_token: str | None = None, open_creation: bool = True) -> None:
        self._operator_hash = auth.token_hash(operator_token) if operator_token else None
        self.open_creation = open_creation
        """Whether anyone may create and import games (else the operator only)."""
        self._tables: dict[str, tuple[Secret, dict[str, Principal]]] = {}

    def is_operator(self, token: str | None) -> bool:
        """Whether ``token`` is this server's operator token (compared as hashes, in constant
        time)."""
        if not token or not self._operator_hash:
            return False
        return auth.same(auth.token_hash(token), self._operator_hash)

    def may_create(self, token: str | None, what: str) -> None:
        """Refuse unless ``token`` may create a game (``what``: creating, importing)."""
        if self.open_creation or self.is_operator(token):
            return
        if not token:
            raise Unauthenticated(
                "auth/operator-only", f"{what} on this server needs the operator token"
            )
        raise Forbidden("auth/operator-only", f"{what} on this server needs the operator token")

    def authenticate(self, game_id: str, secret: Secret | None, token: str | None) -> Principal:
        """The principal behind ``token`` for the game whose stored secret is ``secret``."""
        if not token:
            return auth.SPECTATOR
        hashed = auth.token_hash(token)
        if self._operator_hash and auth.same(hashed, self._operator_hash):
            return OPERATOR
        if secret is None:
            raise NotFound("game/unknown", f"no game with id {echo(game_id)}")
        found = self._principals(game_id, secret).get(hashed)
        if found is not None:
            return found
        raise Unauthenticated("auth/bad-token", "this token belongs to no seat of this game")

    def _principals(self, game_id: str, secret: Secret) -> dict[str, Principal]:
        """A game's token hashes → principal: the referee's, then each seat's (one lookup per
        call instead of a comparison per seat; built once per game and secret). The keys are
        SHA-256 hashes, so the lookup's timing tells nothing about a token."""
        held = self._tables.get(game_id)
        if held is not None and held[0] is secret:
            return held[1]
        table = {secret.referee_hash: Principal("referee")}
        for seat, seat_hash in enumerate(secret.token_hashes):
            table.setdefault(seat_hash, Principal("seat", seat))
        if len(self._tables) >= _TABLES_KEPT:
            self._tables.clear()
        self._tables[game_id] = (secret, table)
        return table


def _seat_in_range(seat: int, players: int) -> None:
    if not 0 <= seat < players:
        raise Malformed("seat/out-of-range", f"seat must be 0..{players - 1}, not {seat}")


def may_act(principal: Principal, seat: int, players: int) -> None:
    """Refuse unless ``principal`` may send commands (or ask what is legal) for ``seat``."""
    _seat_in_range(seat, players)
    if principal.kind == "spectator":
        raise Unauthenticated("auth/missing-token", "commands need a seat or referee token")
    if principal.kind == "seat" and principal.seat != seat:
        raise Forbidden(
            "auth/wrong-seat", f"this token acts for seat {principal.seat}, not seat {seat}"
        )


def viewer(principal: Principal, seat: int | None, players: int) -> int | None:
    """The seat whose view ``principal`` gets when it asks for ``seat`` (``None``: public).

    A seat token asking for no seat gets its own view; asking for another seat is refused, as
    is a spectator asking for any seat (it would see that seat's hidden cards)."""
    if seat is not None:
        _seat_in_range(seat, players)
    if principal.kind == "seat":
        if seat is not None and seat != principal.seat:
            raise Forbidden(
                "auth/wrong-seat", f"this token sees seat {principal.seat}, not seat {seat}"
            )
        return principal.seat
    if seat is not None and principal.kind == "spectator":
        raise Unauthenticated("auth/missing-token", "a seat's view needs that seat's token")
    return seat


def may_dispute(principal: Principal, seat: int, players: int) -> None:
    """Refuse unless ``principal`` may file a dispute for ``seat`` (:mod:`skald.service.app.disputes`):
    that seat's token, or the referee's or operator's naming the seat."""
    _seat_in_range(seat, players)
    if principal.kind == "spectator":
        raise Unauthenticated(
            "auth/missing-token",
            "a dispute needs that seat's token (or the referee's, naming the seat)",
        )
    if principal.kind == "seat" and principal.seat != seat:
        raise Forbidden(
            "auth/wrong-seat", f"this token disputes for seat {principal.seat}, not seat {seat}"
        )


def may_enter_chance(principal: Principal) -> None:
    if principal.kind == "spectator":
        raise Unauthenticated(
            "auth/missing-token", "table chance needs the referee's (or operator's) token"
        )
    if not principal.sees_all:
        raise Forbidden("chance/referee-only", "only the referee may enter table chance")


def require_full_access(principal: Principal, why: str) -> None:
    """Refuse unless ``principal`` is the referee or the operator; ``why`` says what is at stake.

    No token at all is ``UNAUTHENTICATED`` (``auth/missing-token``), as everywhere a call needs
    one; a seat's token is ``PERMISSION_DENIED`` — known, and not allowed this."""
    if principal.kind == "spectator":
        raise Unauthenticated(
            "auth/missing-token", f"{why}: needs the referee's or operator's token"
        )
    if not principal.sees_all:
        raise Forbidden("auth/referee-only", f"{why}: referee or operator only")


def sees_everything(principal: Principal) -> bool:
    """Whether records reach ``principal`` unredacted (table entries and hidden data included)."""
    return principal.sees_all

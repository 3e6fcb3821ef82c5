"""Who is calling: bearer tokens and the principals they stand for (only hashes are stored).

What each principal may do is decided in one place, :mod:`skald.service.app.policy`:

* a **seat** token acts for one seat of one game and sees that seat's view;
* the game's **referee** token acts for any seat of its game, enters table chance, forks,
  exports, verifies, reads the full (unredacted) history, and may ask for any seat's view (a
  view without a seat is the public one, as for everyone);
* the server's **operator** token (``$SKALD_OPERATOR_TOKEN`` or ``--operator-token-file``,
  never a flag, which ``ps`` shows) is a referee of every game and, unless the server runs
  ``--open``, the only token that creates and imports games; the local CLI (``--db``) runs as
  operator, since it holds the database itself;
* no token is a **spectator**: public views and streams only.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any


def new_token() -> str:
    return secrets.token_urlsafe(24)


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass(frozen=True, slots=True)
class Principal:
    kind: str
    """``seat``, ``referee``, ``operator`` or ``spectator``."""
    seat: int | None = None

    @property
    def sees_all(self) -> bool:
        return self.kind in ("referee", "operator")


OPERATOR = Principal("operator")
SPECTATOR = Principal("spectator")


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def bearer(metadata: Iterable[tuple[str, Any]] | None) -> str | None:
    """The token in a call's ``authorization`` metadata (``Bearer <token>`` or the bare
    token), or ``None``: read the same way by the handlers and by the check made before a
    body is read (:mod:`skald.service.grpc.admission`)."""
    for key, value in metadata or ():
        if key == "authorization":
            text = str(value)
            return text[7:].strip() if text.lower().startswith("bearer ") else text.strip()
    return None

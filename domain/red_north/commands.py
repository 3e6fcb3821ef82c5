"""Red North commands (imperative names); every field is JSON-friendly.

Positions index a Raiding Party from the left, starting at 0. Muster Groups are named by their
leading card (``hero-red`` in Spring, ``god-thor`` in Summer).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import get_args

from skald.domain.kernel.table import RuleCodes
from skald.domain.red_north.components import End, God

CODES = RuleCodes("red_north")
"""Red North's rule codes, ``"red_north/<rule>"``: ``raise CODES.illegal(rule, reason)``."""


@dataclass(frozen=True, slots=True)
class Deploy:
    """Deployment: place cards from hand face-down, left to right (3, or the whole hand if
    it holds fewer — house ruling, see ``rules``)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GiveFirstPlayer:
    """Angleland power after Deployment: give the First Player token to another player.

    Keeping it (rulebook "Deployment": "or decide to keep it for yourself") is
    :class:`DeclinePower`; giving it to the seat that already holds it is refused."""

    seat: int


@dataclass(frozen=True, slots=True)
class TakeFromDiscard:
    """Sax power after Deployment: a Raider from the discard pile face-up at an end."""

    card: str
    end: End


@dataclass(frozen=True, slots=True)
class DeclinePower:
    """Do not use the Outpost power now offered (Angleland: keep the token as it is)."""


@dataclass(frozen=True, slots=True)
class Withdraw:
    position: int


@dataclass(frozen=True, slots=True)
class Reinforce:
    """Turn the face-down card at ``position`` face-up, then add ``card`` from hand at ``end``."""

    position: int
    card: str
    end: End


@dataclass(frozen=True, slots=True)
class Inspire:
    position: int


@dataclass(frozen=True, slots=True)
class Promote:
    position: int


@dataclass(frozen=True, slots=True)
class SagaTarget:
    seat: int
    position: int


@dataclass(frozen=True, slots=True)
class Invoke:
    """Invoke a God (Ragnarok only). Fields used per God:

    * Loki: ``positions`` — exactly 2 positions (may repeat) of non-Jarl cards.
    * Freya: no fields. The card is drawn and looked at first; the same seat then places it
      with :class:`PlaceFreyaCard` ("Draw 1 card …, look at it secretly, and place it
      face-down at either end").
    * Saga: ``targets`` — one face-down card of every opponent that has one.
    * Hel: ``card`` (a Jarl or Raider in the discard pile) and ``position`` (insertion index
      ``0..len(party)``); both omitted only when the discard pile holds no Jarl or Raider.
    * Thor, Odin, Nornir, Tyr: no fields.
    """

    god: God
    positions: tuple[int, ...] = ()
    targets: tuple[SagaTarget, ...] = ()
    card: str | None = None
    position: int | None = None


@dataclass(frozen=True, slots=True)
class PlaceFreyaCard:
    """Freya, second half of the action: place the card you drew face-down at ``end``.

    Sent right after ``Invoke(freya)`` has drawn the card and shown it to you alone."""

    end: End


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass, taking the Muster Group led by ``group`` (Spring/Summer); ``None`` in Ragnarok."""

    group: str | None = None


Command = (
    Deploy
    | GiveFirstPlayer
    | TakeFromDiscard
    | DeclinePower
    | Withdraw
    | Reinforce
    | Inspire
    | Promote
    | Invoke
    | Pass
    | PlaceFreyaCard
)
"""Every Red North command. Wire oneof numbers follow this order (new ones go last)."""

COMMANDS: dict[str, type] = {cls.__name__: cls for cls in get_args(Command)}

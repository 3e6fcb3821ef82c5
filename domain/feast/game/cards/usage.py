"""How often each occupation took effect, read off a game's stored records (``skald simulate
--cards``): the card-effect knowledge of that reading lives here, beside the cards, not in the CLI.

A record is anything with the stored record's fields (``type``, ``data``, ``command``, ``seat``,
``command_id``: ``skald.service.model.records.Record``, or a replay file's line). Pure: no I/O.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any, Protocol

__all__ = ["UNTRACED", "Recorded", "card_use"]


class Recorded(Protocol):
    """The fields of a stored record this reading uses."""

    @property
    def type(self) -> str: ...
    @property
    def data(self) -> Any: ...
    @property
    def command(self) -> Any: ...
    @property
    def seat(self) -> int | None: ...
    @property
    def command_id(self) -> str: ...


_NOT_EFFECTS = frozenset(
    {"OccupationDealt", "OccupationDrawn", "OccupationPlayed", "OccupationPlayedBy"}
    | {"OccupationOffered", "OccupationsAwaited", "OffersSettled", "OccupationDiscarded"}
)
"""Records naming a card without it doing anything (dealt, drawn, played, offered)."""
_OPENINGS = frozenset({"OccupationUsed", "OccupationAnswered"})
"""Records that open one effect of a card (its payments, gains and own events follow)."""
UNTRACED = ("occupation-138", "occupation-139", "occupation-147", "occupation-186")
"""Cards whose effect only changes a rule and leaves no record to read it off (a raid's loot
values, a knarr serving as a longship, peas lying horizontally): never counted as triggered."""


def _silent(recorded: Recorded, held: dict[int, set[str]]) -> str | None:
    """The card behind a record when its effect is a rule change with no event of its own,
    read off what only that card allows (the seat holding it played)."""
    data = recorded.data if isinstance(recorded.data, dict) else {}
    command = recorded.command if isinstance(recorded.command, dict) else {}
    raw = command.get("data")
    move: dict[str, Any] = raw if isinstance(raw, dict) else {}
    seat = data.get("seat", recorded.seat)
    cards = held.get(seat, set()) if isinstance(seat, int) else set()
    if recorded.type == "DieRolled" and data.get("roll", 0) > 3:
        found = "occupation-153"  # a 4th roll
    elif recorded.type == "VikingsPlaced" and data.get("space") == "raiding-4-1":
        found = "occupation-106" if data.get("vikings", 4) < 4 else ""  # plundering for fewer
    elif command.get("type") == "DeclareRaid" and move.get("spears"):
        found = "occupation-137"  # spears spent as long swords
    elif command.get("type") == "DeclareRaid" and move.get("stone"):
        found = "occupation-089"  # stones worth 2 each
    elif command.get("type") == "PlaceVikings":
        ones = (move.get("copy") or move.get("space")) == "exploration-1-1"
        found = "occupation-107" if ones and move.get("option", 0) >= 5 else ""  # a far board
    else:
        return None
    return found if found in cards else None


def card_use(
    records: Iterable[Recorded],
    played: Counter[str],
    effects: Counter[str],
    triggered: Counter[str] | None = None,
) -> None:
    """Count one game's plays, effect records and triggers per card.

    A play is ``OccupationPlayed`` (or played by another card). An effect record is any other
    record naming the card (``OccupationUsed``, an answered offer with a choice, its own
    events such as ``OccupationTookFromMountain``, the card that played another) or a
    payment/gain with it as reason. A trigger is one time the card took effect: each
    ``OccupationUsed`` (automatic effects, anytime ``UseOccupation``) and each offer answered
    with a choice; a command in which the card has effect records but neither counts once.
    A card whose effect is a rule change with no event of its own counts where a record shows
    what only it allows (``_silent``: a 4th roll, stones worth 2 …), except ``UNTRACED``."""
    opened: Counter[str] = Counter()
    others: set[str] = set()
    command: str | None = None

    def close() -> None:
        if triggered is not None:
            for card in others | set(opened):
                triggered[card] += opened[card] or 1
        opened.clear()
        others.clear()

    held: dict[int, set[str]] = {}
    for r in records:
        if r.command_id != command:
            close()
            command = r.command_id
        data = r.data if isinstance(r.data, dict) else {}
        card = data.get("card")
        if (silent := _silent(r, held)) is not None:
            effects[silent] += 1
            others.add(silent)
        if r.type in ("OccupationPlayed", "OccupationPlayedBy") and isinstance(card, str):
            played[card] += 1
            held.setdefault(int(data["seat"]), set()).add(card)
            if isinstance(by := data.get("by"), str):
                effects[by] += 1
                others.add(by)
        elif isinstance(card, str) and r.type not in _NOT_EFFECTS:
            if r.type != "OccupationAnswered" or data.get("option") is not None:
                effects[card] += 1
                if r.type in _OPENINGS:
                    opened[card] += 1
                else:
                    others.add(card)
        elif isinstance(reason := data.get("reason"), str) and reason.startswith("occupation-"):
            effects[reason] += 1
            others.add(reason)
    close()

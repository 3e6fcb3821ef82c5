"""Small phrases for ``skald diff``'s closing list, shared by the games' own lists
(``cli/diffing_<game>.py``): each compares one thing of two games' ends and says it as a line
(``seat 0 points: 11 → 14``), or says nothing when it is the same."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class End:
    """One game's end as the lists read it: the public view, each seat's own view (JSON
    data), and the final scores when the game ended."""

    view: dict[str, Any]
    seats: list[dict[str, Any]]
    scores: list[int] | None


def own(seat_view: dict[str, Any], seat: int) -> dict[str, Any]:
    """Seat ``seat``'s entry in its own view's ``players`` (``{}`` when the view has none: a
    forged file's header may name more seats than its setup dealt, and diff still compares
    it, for inspection)."""
    players = seat_view.get("players", [])
    entry = players[seat] if isinstance(players, list) and seat < len(players) else None
    return entry if isinstance(entry, dict) else {}


def seat_name(seat: Any) -> str:
    return "nobody" if seat is None or (isinstance(seat, int) and seat < 0) else f"seat {seat}"


def changed(label: str, a: Any, b: Any, say: Callable[[Any], str] = str) -> list[str]:
    """``label: a → b`` when they differ."""
    return [] if a == b else [f"{label}: {say(a)} → {say(b)}"]


def scores(a: End, b: End) -> list[str]:
    """Final scores (or a note that only one game ended)."""
    if a.scores is None and b.scores is None:
        return []
    if a.scores is None or b.scores is None:
        ended = "a" if b.scores is None else "b"
        return [f"only {ended} has ended (scores {_spaced(a.scores)} → {_spaced(b.scores)})"]
    return changed("final scores", a.scores, b.scores, _spaced)


def _spaced(values: Sequence[int] | None) -> str:
    return " ".join(str(v) for v in values) if values else "—"


def per_seat(
    a: list[dict[str, Any]], b: list[dict[str, Any]], fields: Iterable[tuple[str, str]]
) -> list[str]:
    """``seat N <word>: x → y`` for each ``(key, word)`` that differs, seat by seat."""
    out: list[str] = []
    for seat, (pa, pb) in enumerate(zip(a, b, strict=False)):
        for key, word in fields:
            out += changed(f"seat {seat} {word}", pa.get(key), pb.get(key))
    return out


def holdings(
    label: str, a: Iterable[str], b: Iterable[str], name: Callable[[str], str]
) -> list[str]:
    """``label: +gained −lost`` between two collections of things (counted, order ignored)."""
    ca, cb = Counter(a), Counter(b)
    gained = sorted((cb - ca).elements(), key=_natural)
    lost = sorted((ca - cb).elements(), key=_natural)
    if not gained and not lost:
        return []
    parts = [f"+{name(x)}" for x in gained] + [f"−{name(x)}" for x in lost]
    return [f"{label} (a → b): {' '.join(parts)}"]


def _natural(text: str) -> tuple[int, int, str]:
    """Numbers in order (town 2 before town 10), then names."""
    return (0, int(text), "") if text.isdigit() else (1, 0, text)


def counts(items: list[dict[str, Any]]) -> list[str]:
    """``[{"item": "wood", "count": 2}]`` as a multiset of names."""
    return [str(x["item"]) for x in items for _ in range(int(x.get("count", 1)))]


def owners(
    label: str,
    a: list[dict[str, Any]],
    b: list[dict[str, Any]],
    key: str,
    owner: str,
    name: Callable[[Any], str] = str,
) -> list[str]:
    """``<label> <name>: seat 0 → seat 2`` for each thing whose owner differs."""
    held_a = {x[key]: x.get(owner) for x in a}
    held_b = {x[key]: x.get(owner) for x in b}
    out: list[str] = []
    for thing in list(held_a) + [k for k in held_b if k not in held_a]:
        out += changed(f"{label} {name(thing)}", held_a.get(thing), held_b.get(thing), seat_name)
    return out


def held_by_seat(
    label: str,
    a: list[dict[str, Any]],
    b: list[dict[str, Any]],
    key: str,
    owner: str,
    players: int,
    name: Callable[[str], str] = str,
) -> list[str]:
    """``seat N <label> (a → b): +x −y`` per seat: what each seat holds of many owned things
    (Brian Boru's towns), one line a seat instead of one a thing."""
    out: list[str] = []
    for seat in range(players):
        mine_a = [str(x[key]) for x in a if x.get(owner) == seat]
        mine_b = [str(x[key]) for x in b if x.get(owner) == seat]
        out += holdings(f"seat {seat} {label}", mine_a, mine_b, name)
    return out


def words(item: str) -> str:
    """An id as words: ``whale-meat`` → ``whale meat``."""
    return item.replace("-", " ").replace("_", " ")

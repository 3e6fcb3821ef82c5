"""The words of A Feast for Odin's move notation: action-space codes (``hunt1b``), squares
(``c4``), rotations (``r1``), occupations (``occ17``) and numbers, each with its reader.

Kept apart from ``notation`` (the grammar) so the drawings can label spaces, squares and cards
with the same words without the grammar. Pure: no I/O.
"""

from __future__ import annotations

from collections.abc import Sequence

from skald.domain.feast.action_board import ACTION_SPACES, Group

GROUP_CODES: dict[Group, str] = {
    Group.BUILD_HOUSES: "house",
    Group.BUILD_SHIPS: "ship",
    Group.HUNTING: "hunt",
    Group.LIVESTOCK_MARKET: "live",
    Group.WEEKLY_MARKET: "market",
    Group.PRODUCTS: "prod",
    Group.CRAFTING: "craft",
    Group.MOUNTAINS_AND_TRADE: "mount",
    Group.SAILING: "sail",
    Group.RAIDING: "raid",
    Group.EXPLORATION: "expl",
    Group.EMIGRATION_AND_OCCUPATION: "emig",
}
IMITATION = "imitation-"
LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _codes() -> dict[str, str]:
    """Space id → code: ``hunting-1-2`` → ``hunt1b`` (the id's last number is its place)."""
    out: dict[str, str] = {}
    for s in ACTION_SPACES:
        place = int(s.id.rsplit("-", 1)[1])
        out[s.id] = f"{GROUP_CODES[s.group]}{s.column}{LETTERS[place - 1]}"
    return out


SPACE_CODES: dict[str, str] = _codes()
SPACE_IDS: dict[str, str] = {code: space for space, code in SPACE_CODES.items()}


def space_code(space: str) -> str:
    """``hunting-1-2`` → ``hunt1b``, ``imitation-3`` → ``imit3``; anything else as given."""
    if space.startswith(IMITATION):
        return "imit" + space.removeprefix(IMITATION)
    return SPACE_CODES.get(space, space)


def space_id(word: str) -> str:
    if word in SPACE_IDS:
        return SPACE_IDS[word]
    if word in SPACE_CODES:
        return word
    for head in ("imit", IMITATION):
        tail = word.removeprefix(head)
        if tail != word and tail.isdigit():
            return IMITATION + tail
    raise ValueError(f"{word!r} is no action space (spaces are written hunt1a, mount4b, ...)")


def occupation_code(card: str) -> str:
    """``occupation-017`` → ``occ17``."""
    tail = card.removeprefix("occupation-")
    return f"occ{int(tail)}" if tail != card and tail.isdigit() else card


def occupation_id(word: str) -> str:
    for head in ("occupation-", "occ"):
        tail = word.removeprefix(head)
        if tail != word and tail.isdigit():
            return f"occupation-{int(tail):03d}"
    raise ValueError(f"{word!r} is no occupation (occupations are written occ17)")


def square(row: int, col: int) -> str:
    """Row 0, column 2 → ``c1``."""
    return f"{LETTERS[col]}{row + 1}" if 0 <= col < len(LETTERS) else f"{col}:{row + 1}"


def parse_square(word: str) -> tuple[int, int]:
    letter, digits = word[:1], word[1:]
    if letter not in LETTERS or not digits.isdigit() or int(digits) < 1:
        raise ValueError(f"{word!r} is no square (squares are column letter, row number: c4)")
    return int(digits) - 1, LETTERS.index(letter)


def parse_rotation(words: Sequence[str]) -> int:
    if not words:
        return 0
    if len(words) == 1 and words[0][:1] == "r" and words[0][1:] in ("0", "1", "2", "3"):
        return int(words[0][1:])
    raise ValueError(f"{' '.join(words)!r}: a rotation is r1, r2 or r3")


def number(word: str, what: str, low: int = 0) -> int:
    digits = word.removeprefix("#")
    if not digits.isdigit() or int(digits) < low:
        raise ValueError(f"{word!r} is no {what}")
    return int(digits)


__all__ = [
    "GROUP_CODES",
    "LETTERS",
    "SPACE_CODES",
    "number",
    "occupation_code",
    "occupation_id",
    "parse_rotation",
    "parse_square",
    "space_code",
    "space_id",
    "square",
]

"""The numbered legal moves as lines for a person (``skald legal``, the play session).

Moves come grouped under headings (``skald.cli.words.notation.numbered``). A group whose moves all begin
with the same word is listed without it, under ``heading (word …)``, several moves to a line.
A long group of moves that differ only in where they go (A Feast for Odin's ``put fur home
c4``, ``serve beans 3``) is folded to one line per piece and board: the number range and
the squares in number order, so ``12-40 put fur home: a1 b1 c1 …`` means move 12 is ``put
fur home a1``, move 13 ``put fur home b1``, and so on.
"""

from __future__ import annotations

import re
import textwrap

PLACE_WORD = re.compile(r"^([a-z]\d+|\d+|r[1-3]|@\d+)$")
"""A word that says where (a square, a column, a rotation, a slot)."""
FOLD_AT = 24
"""Groups longer than this are folded by where their moves go, when they can be."""


def _stem(text: str) -> tuple[str, str]:
    """``put fur home c4 r1`` → (``put fur home``, ``c4 r1``)."""
    words = text.split(" ")
    cut = len(words)
    while cut > 1 and PLACE_WORD.match(words[cut - 1]):
        cut -= 1
    return " ".join(words[:cut]), " ".join(words[cut:])


def _cells(line: list[str], cells: list[str], width: int) -> None:
    size = max(len(c) for c in cells) + 2
    per = max(1, width // size)
    for i in range(0, len(cells), per):
        line.append("".join(c.ljust(size) for c in cells[i : i + per]).rstrip())


def move_lines(rows: list[tuple[int, str, str]], width: int = 100) -> list[str]:
    """Lines for numbered rows ``(number, heading, notation)``, at most ``width`` wide."""
    groups: list[tuple[str, list[tuple[int, str]]]] = []
    for number, heading, text in rows:
        if not groups or groups[-1][0] != heading:
            groups.append((heading, []))
        groups[-1][1].append((number, text))
    pad = len(str(len(rows)))
    lines: list[str] = []
    for heading, moves in groups:
        stems = [_stem(text) for _, text in moves]
        if len(moves) > FOLD_AT and len({s for s, _ in stems}) < len(moves) // 2:
            lines.append(f"{heading}:")
            start = 0
            while start < len(moves):
                end = start
                while end + 1 < len(moves) and stems[end + 1][0] == stems[start][0]:
                    end += 1
                first, last = moves[start][0], moves[end][0]
                where = ", ".join(tail for _, tail in stems[start : end + 1])
                span = f"{first}" if first == last else f"{first}-{last}"
                head = f"  {span:>{2 * pad + 1}} {stems[start][0]}: "
                lines += textwrap.wrap(
                    where,
                    width,
                    initial_indent=head,
                    subsequent_indent=" " * (2 * pad + 4),
                    break_on_hyphens=False,
                )
                start = end + 1
            continue
        verbs = {text.split(" ")[0] for _, text in moves}
        verb = verbs.pop() if len(verbs) == 1 and len(moves) > 1 else None
        if verb is not None and all(" " in text for _, text in moves):
            lines.append(f"{heading} ({verb} …):")
            cells = [f"{n:>{pad}} {text.split(' ', 1)[1]}" for n, text in moves]
        else:
            lines.append(f"{heading}:")
            cells = [f"{n:>{pad}} {text}" for n, text in moves]
        _cells(lines, ["  " + c for c in cells], width)
    return lines


def condense(
    rows: list[tuple[int, str, str]], budget: int, width: int
) -> tuple[list[tuple[int, str, str]], int]:
    """At most ``budget`` lines of moves: the first moves of every group, as many as fit,
    and how many were left out (their numbers still count)."""
    if len(move_lines(rows, width)) <= budget:
        return rows, 0
    keep = 40
    while keep > 1:
        seen: dict[str, int] = {}
        shown = []
        for row in rows:
            seen[row[1]] = seen.get(row[1], 0) + 1
            if seen[row[1]] <= keep:
                shown.append(row)
        if len(move_lines(shown, width)) <= budget:
            return shown, len(rows) - len(shown)
        keep //= 2
    firsts = {row[1]: row for row in reversed(rows)}
    shown = sorted(firsts.values())
    return shown, len(rows) - len(shown)


__all__ = ["condense", "move_lines"]

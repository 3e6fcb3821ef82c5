"""A dispute and its ruling in words, for ``skald log`` and the replay browser alike."""

from __future__ import annotations

from typing import Any

from rich.text import Text


def dispute_lines(d: dict[str, Any]) -> list[Text]:
    """A dispute and its ruling as lines (its text and the ruling's as written, no markup)."""
    head = Text.assemble(
        (f"#{d['number']}", "bold yellow"),
        (f"  seat {d['seat']} disputes v{d['at_version']}", "cyan"),
        (f" ({str(d['at_hash'])[:12]}…)  {d['filed_at']}  ", "dim"),
        str(d["text"]),
    )
    lines = [head]
    ruling = d.get("ruling")
    if ruling is None:
        lines.append(Text("    awaits a ruling", style="dim"))
        return lines
    verdict = ("upheld", "bold green") if ruling["upheld"] else ("dismissed", "bold red")
    line = Text.assemble("    ", verdict, (f"  {ruling['ruled_at']}  ", "dim"), str(ruling["text"]))
    lines.append(line)
    fork = ruling.get("fork")
    if fork is not None:
        lines.append(
            Text(f"    continued as fork {fork['game_id']} at v{fork['version']}", style="bold")
        )
    return lines

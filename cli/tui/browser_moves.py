"""The replay browser's two cheap widgets. The move list: one line a move, the cursor's line
lit and kept mid-window, drawn as the visible lines only, so a step costs the same for 50
moves or 900; its keys and clicks move the app's position. ``Lines``: the board and events,
laid out once per position and only copied on repaints."""

from __future__ import annotations

from typing import ClassVar

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.widget import Widget

from skald.cli.records.timeline import HIDDEN_MOVE

PAGE = 10
"""Moves per page up / page down."""
COLUMNS = (("round", 6), ("v", 9), ("seat", 5), ("id", 11))
"""Heading and width of each column before the move itself."""


class MoveList(Widget, can_focus=True):
    """Rows of (round, versions, seat, command id, move); ``cursor`` is the lit row."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "app.move(-1)", "move", key_display="↑↓"),
        Binding("down", "app.move(1)", "move ▶", show=False),
        Binding("pageup", f"app.move(-{PAGE})", show=False),
        Binding("pagedown", f"app.move({PAGE})", show=False),
    ]

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.rows: list[tuple[str, ...]] = []
        self.cursor = 0
        self._top = 0

    def show(self, rows: list[tuple[str, ...]], cursor: int) -> None:
        self.rows, self.cursor = rows, cursor
        self.refresh()

    def _window(self) -> int:
        """The first row shown: the cursor mid-window where the list allows."""
        height = max(1, self.size.height - 1)
        top = min(max(0, self.cursor - height // 2), max(0, len(self.rows) - height))
        self._top = top
        return top

    def render(self) -> Text:
        width = self.size.width
        head = "".join(f"{name:<{w}}" for name, w in COLUMNS) + "move"
        out = Text(head[:width], style="bold", no_wrap=True, overflow="crop", end="")
        top = self._window()
        for i in range(top, min(len(self.rows), top + max(1, self.size.height - 1))):
            row = self.rows[i]
            line = "".join(
                f"{cell[: w - 1]:<{w}}" for cell, (_, w) in zip(row, COLUMNS, strict=False)
            )
            line = f"{line}{row[-1]}"[:width].ljust(width)
            style = (
                "reverse bold"
                if i == self.cursor
                else ("dim" if row[-1].endswith(HIDDEN_MOVE) else "")
            )
            out.append("\n")
            out.append(line, style=style)
        return out

    def on_click(self, event: events.Click) -> None:
        row = self._top + event.y - 1
        if 0 <= row < len(self.rows) and event.y >= 1:
            self.app.call_later(self.app.run_action, f"pick({row})")

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        self.app.call_later(self.app.run_action, "move(1)")

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        self.app.call_later(self.app.run_action, "move(-1)")


class Lines(ScrollView, can_focus=True):
    """Lines laid out beforehand (the board and the move's events), scrolled by the view:
    a repaint copies the visible lines and measures nothing."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.lines: list[Strip] = []

    def show(self, lines: list[list[Segment]]) -> None:
        self.lines = [Strip(line) for line in lines]
        width = max((strip.cell_length for strip in self.lines), default=0)
        self.virtual_size = Size(width, len(self.lines))
        self.refresh()

    def render_line(self, y: int) -> Strip:
        x, top = self.scroll_offset
        i = top + y
        if i >= len(self.lines):
            return Strip.blank(self.size.width)
        return self.lines[i].crop_extend(x, x + self.size.width, None)

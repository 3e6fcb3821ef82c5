"""The replay browser: ``skald replay <game|file>`` at a terminal, full screen (Textual).

A move list (round, versions, seat, command id, the move in the game's notation) beside the
board at the selected version, drawn for the chosen viewer, the events of the move under the
cursor, and a status line with the verification result. The app holds one position — a
version and a viewer — and every key moves it; the move list's cursor only shows it, so the
board always matches the row that is lit. Only ``skald replay`` on a terminal imports this
module (Textual is not loaded by ``skald --help`` or any other command)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

try:
    from textual.app import App, ComposeResult
    from textual.binding import Binding, BindingType
    from textual.containers import Horizontal
    from textual.widgets import Footer, Static
except ImportError as missing:  # Textual is the optional 'tui' extra
    if (missing.name or "").partition(".")[0] != "textual":
        raise
    raise SystemExit(
        "skald: the replay browser needs the 'tui' extra: pip install 'skald[tui]' "
        "(or print the replay instead: skald replay --plain ...)"
    ) from None

from skald.cli.records.timeline import Timeline
from skald.cli.tui import browser_panes as panes
from skald.cli.tui.browser_moves import Lines, MoveList

Verifier = Callable[[], dict[str, Any]]
"""Runs verification (in a worker thread) and returns its report as JSON."""

MOVES_WIDTH = 64


class ReplayBrowser(App[None]):
    """Step through a recorded game back and forth, as any seat, and see whether it verifies."""

    TITLE = "skald replay"
    CSS = """
    #title { height: 1; background: $boost; text-style: bold; padding: 0 1; }
    #main { height: 1fr; }
    #moves { height: 1fr; }
    #right { width: 1fr; height: 1fr; padding: 0 1; }
    #status { height: 1; background: $panel; padding: 0 1; }
    """
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(-1)", "move", key_display="↑↓"),
        Binding("down", "move(1)", "move ▶", show=False),
        Binding("left,comma", "step(-1)", "event", key_display="←→"),
        Binding("right,full_stop", "step(1)", "event ▶", show=False),
        Binding("left_square_bracket", "round(-1)", "round", key_display="[ ]"),
        Binding("right_square_bracket", "round(1)", "round ▶", show=False),
        Binding("pageup", "move(-10)", show=False),
        Binding("pagedown", "move(10)", show=False),
        Binding("home", "edge(0)", "first", show=False),
        Binding("end", "edge(1)", "last", show=False),
        Binding("v", "ask('version')", "jump to version"),
        Binding("r", "ask('round')", "jump to round"),
        Binding("s", "viewer(1)", "next view"),
        Binding("d", "dispute", "next dispute"),
        Binding("S", "viewer(-1)", "previous view", show=False),
        Binding("p", "public", "public", show=False),
        Binding("a", "referee", "referee", show=False),
        Binding("0", "seat(0)", "seat", key_display="0-9"),
        *(Binding(str(n), f"seat({n})", show=False) for n in range(1, 10)),
        Binding("backspace", "erase", show=False),
        Binding("enter", "enter", show=False),
        Binding("escape", "cancel", "cancel", show=False),
        Binding("q", "quit", "quit"),
    ]

    def __init__(
        self, timeline: Timeline, verifier: Verifier | None = None, start: int | None = None
    ) -> None:
        super().__init__()
        self.timeline = timeline
        self.verifier = verifier
        self.version = timeline.version if start is None else start
        self.viewers = panes.viewers(timeline.players)
        self.viewer = self.viewers[0]
        self.verified = "[dim]not checked[/]" if verifier is None else "[yellow]checking…[/]"
        self.asking: str | None = None
        """``version`` or ``round`` while a jump is being typed (digits, Enter, Esc)."""
        self.typed = ""
        self.prompt = ""
        self._rows: dict[panes.Viewer, list[tuple[str, ...]]] = {}
        self._boards: dict[tuple[int, panes.Viewer, int], Any] = {}

    # ------------------------------------------------------------------ layout

    def compose(self) -> ComposeResult:
        t = self.timeline
        title = (
            f"skald replay  {t.label}  ·  {t.rules.title}  ·  {t.players} players  ·  "
            f"rules {t.created.rules_version}  ·  {t.version} events, {len(t.moves)} moves"
        )
        yield Static(title, id="title", markup=False)
        with Horizontal(id="main"):
            moves = MoveList(id="moves")
            moves.styles.width = MOVES_WIDTH
            yield moves
            yield Lines(id="right")
        yield Static(id="status")
        yield Footer()

    def on_resize(self) -> None:
        self.refresh_position()

    def on_mount(self) -> None:
        self.query_one(MoveList).focus()
        self.refresh_position()
        if self.verifier is not None:
            self.run_worker(self._verify, thread=True, exit_on_error=False, name="verify")

    def _verify(self) -> None:
        assert self.verifier is not None
        try:
            markup = panes.verify_markup(self.verifier())
        except Exception as error:  # a store or server failure is shown, not raised
            from rich.markup import escape

            markup = f"[bold red]✗ could not verify[/]: {escape(str(error))}"
        self.call_from_thread(self._verified, markup)

    def _verified(self, markup: str) -> None:
        self.verified = markup
        self._draw_status()

    # ------------------------------------------------------------------ drawing

    def refresh_position(self) -> None:
        """Draw everything for the current version and viewer."""
        t, v, who = self.timeline, self.version, self.viewer
        if who not in self._rows:  # each viewer reads other moves (hidden ones differ)
            self._rows[who] = list(panes.move_rows(t, who))
        self.query_one(MoveList).show(self._rows[who], t.move_at(v).index)
        width = max(40, self.size.width - MOVES_WIDTH - 2)
        key = (v, who, width)
        if key not in self._boards:  # stepping back and forth lays nothing out twice
            self._boards[key] = panes.flat(panes.board(t, v, who), width)
        events = panes.flat(panes.events(t, v, who), width)
        self.query_one(Lines).show([*self._boards[key], [], *events])
        self._draw_status()

    def _draw_status(self) -> None:
        line = panes.status(
            self.timeline, self.version, self.viewer, self.verified, self._asking_text()
        )
        self.query_one("#status", Static).update(line)

    def goto(self, version: int) -> None:
        self.prompt = ""
        self.version = max(1, min(version, self.timeline.version))
        self.refresh_position()

    # ------------------------------------------------------------------ actions

    def action_step(self, delta: int) -> None:
        """One event back or forward (a move's events one by one)."""
        self.goto(self.version + delta)

    def action_move(self, delta: int) -> None:
        """To the end of the move ``delta`` moves away (forward from inside a move counts the
        end of that move as the first step)."""
        move = self.timeline.move_at(self.version)
        inside = delta > 0 and self.version < move.last
        target = move.index + delta - (1 if inside else 0)
        moves = self.timeline.moves
        self.goto(moves[max(0, min(target, len(moves) - 1))].last)

    def action_edge(self, end: int) -> None:
        self.goto(self.timeline.version if end else self.timeline.moves[0].last)

    def action_round(self, delta: int) -> None:
        """To the first move of the next round; back: to the first move of this round, or of
        the one before when already there."""
        starts = panes.round_starts(self.timeline)
        order = sorted(starts)
        here = self.timeline.move_at(self.version).round or 0
        if delta > 0:
            later = [r for r in order if r > here]
            target = later[0] if later else None
        elif self.version > starts[here].last:
            target = here
        else:
            earlier = [r for r in order if r < here]
            target = earlier[-1] if earlier else None
        if target is not None:
            self.goto(starts[target].last)

    def action_dispute(self) -> None:
        """To the next version a dispute names (from the last, the first again)."""
        versions = panes.dispute_versions(self.timeline)
        if not versions:
            self.prompt = "no disputes"
            self._draw_status()
            return
        self.goto(next((v for v in versions if v > self.version), versions[0]))

    def action_pick(self, row: int) -> None:
        """To the end of the move in ``row`` (a click on the list)."""
        self.goto(self.timeline.moves[row].last)

    def action_viewer(self, delta: int) -> None:
        i = self.viewers.index(self.viewer)
        self._view_as(self.viewers[(i + delta) % len(self.viewers)])

    def action_public(self) -> None:
        self._view_as(self.viewers[0])

    def action_referee(self) -> None:
        self._view_as(self.viewers[-1])

    def action_seat(self, seat: int) -> None:
        """A digit: part of a jump being typed, else the seat to view as."""
        if self.asking is not None:
            self.typed += str(seat)
            self._draw_status()
        elif seat < self.timeline.players:
            self._view_as(panes.Viewer(seat))

    def _view_as(self, viewer: panes.Viewer) -> None:
        self.viewer = viewer
        self.refresh_position()

    def action_ask(self, what: str) -> None:
        """Start typing a version or a round to jump to (the status line shows it)."""
        self.asking, self.typed = what, ""
        self._draw_status()

    def action_erase(self) -> None:
        self.typed = self.typed[:-1]
        self._draw_status()

    def action_cancel(self) -> None:
        self.asking, self.typed = None, ""
        self._draw_status()

    def action_enter(self) -> None:
        """Jump to what was typed: a version, or the first move of a round."""
        what, typed = self.asking, self.typed
        self.asking, self.typed, self.prompt = None, "", ""
        if what is None or not typed:
            self._draw_status()
            return
        number = int(typed)
        if what == "version":
            self.goto(number)
            return
        start = panes.round_starts(self.timeline).get(number)
        if start is None:
            self.prompt = f"no round {number}"
            self._draw_status()
            return
        self.goto(start.last)

    def _asking_text(self) -> str:
        if self.asking is None:
            return self.prompt
        if self.asking == "version":
            span = f"1–{self.timeline.version}"
        else:
            span = f"0 setup, 1–{self.timeline.moves[-1].round or 0}"
        return f"jump to {self.asking} ({span}): {self.typed}▏ Enter, Esc"


def browse(timeline: Timeline, verifier: Verifier | None, start: int | None) -> None:
    """Open the browser full screen until the user quits."""
    ReplayBrowser(timeline, verifier, start).run()

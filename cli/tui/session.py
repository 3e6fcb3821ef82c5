"""``skald play <game> --seat N`` with no move: play at the terminal.

Each screen draws the seat's view, the last moves as this seat saw them (in the game's
notation), what the game waits for, and the seat's legal moves numbered and grouped; the
person types a number or a notation (``skald.cli.words.notation``), ``?`` for help, ``q`` to quit,
Enter alone to redraw. A text that names no legal move (or several) is answered with the
closest legal moves and nothing is played. When the seat is not to act the session waits,
redrawing as other seats' moves arrive (``skald.cli.tui.session_screen.Follower``: WatchGame through
``--server``, the store's version locally), and lists any move the seat may make out of
turn (A Feast for Odin's goods placed any time): a line typed meanwhile plays it.

**Hot-seat** (``--hot-seat``, local store): every seat at one terminal. Whenever the seat to
play changes, the screen and its scrollback are cleared and a handover screen that draws no
hand asks for the next seat ("pass to seat 1, press Enter"); only then is that seat's view
drawn. On a local store each turn reads the game *as that seat* (``Principal("seat", n)``),
so the screen holds nothing the seat may not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from rich.console import Group, RenderableType
from rich.text import Text

from skald.cli.tui.session_screen import Follower, Screen, Terminal, describe, words_of
from skald.cli.words.notation import Moves, NotationError, to_text
from skald.cli.words.session_lines import condense, move_lines
from skald.service.app.requests import GetHistory, ListLegal, SubmitMove, ViewGame
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:
    from skald.service.client import Client, ViewResult
    from skald.service.model.auth import Principal
    from skald.service.model.records import RecordedCommand

RECENT = 8
"""How many of the last moves a screen lists."""
QUIT = frozenset({"q", "quit", "exit"})
HELP = frozenset({"?", "help"})
HOW = (
    "Type a move's number, or its notation: the group's word, then the move as listed "
    "(e.g. {example!r}); a unique beginning is enough, and a beginning several moves share "
    "lists just those. Tab completes. Enter alone redraws; q quits (nothing is lost: "
    "`skald play` again resumes). Nothing was played."
)


@dataclass
class Session:
    client: Client
    game_id: str
    seats: Sequence[int]
    """The seats played at this terminal: one, or all for hot-seat."""
    hot_seat: bool
    screen: Screen
    follower: Follower
    message: Text = field(default_factory=Text)
    shown: int | None = None
    """The seat whose hand the screen may show now (hot-seat: after its handover)."""
    rules: Any = None
    game: str = ""
    only: str = ""
    """A beginning typed that several moves share: the screen lists just those."""
    who: Principal = OPERATOR
    """Whom the session reads and acts as on a local store (at first the operator, who holds
    the database; a seat once it plays; hot-seat's last screen, a spectator). Through
    ``--server`` it is not sent: the token decides."""

    def run(self) -> None:
        self.rules = self.client.rules_of(self.game_id)
        self.game = self.rules.name
        try:
            self._loop()
        except KeyboardInterrupt:
            self.screen.console.print("\nleft the game (nothing more was played)")

    def _loop(self) -> None:
        while True:
            public = self.client.view(ViewGame(self.game_id, who=self.who))
            if public.outcome is not None:
                self._finish()
                return
            seat, moves = self._turn(public)
            if seat is None or moves is None:
                if self.hot_seat:
                    self.screen.console.print("no seat can move: the game is stuck")
                    return
                if not self._wait(public):
                    return
                continue
            if self.hot_seat and seat != self.shown and not self._handover(seat):
                return
            self._as(seat)
            if not self._move(seat, moves, public.version):
                return

    # ------------------------------------------------------------------ turns

    def _turn(self, public: ViewResult) -> tuple[int | None, Moves | None]:
        """The seat to play now and its legal moves; ``(None, None)`` if none of ours."""
        ours = [s for s in public.to_act if s in self.seats]
        if self.hot_seat and self.shown in ours:
            ours.remove(self.shown)
            ours.insert(0, self.shown)  # a seat keeps the terminal while it is to act
        for seat in ours:
            self._as(seat)
            legal = self.client.legal(ListLegal(self.game_id, seat, who=self.who))[0]
            if legal:
                return seat, Moves(self.game, legal)
        return None, None

    def _as(self, seat: int) -> None:
        """Read the local store as this seat sees it (a remote token decides by itself)."""
        from skald.service.client import LocalClient
        from skald.service.model.auth import Principal

        if isinstance(self.client, LocalClient):
            self.who = Principal("seat", seat)

    def _handover(self, seat: int) -> bool:
        """A screen with no hand on it until the next seat is at the terminal (the last
        message is dropped too: it may name the cards the previous seat just played)."""
        self.shown = None
        self.message = Text()
        self.screen.clear()
        forget = getattr(self.screen, "forget", None)  # a Terminal's ↑ history of lines
        if callable(forget):
            forget()
        self.screen.console.print(
            Text.assemble(
                ("Hot-seat: ", "bold"),
                f"pass the terminal to seat {seat}. ",
                (f"Seat {seat}: press Enter to see your hand", "bold yellow"),
                " (q quits).",
            )
        )
        answer = self.screen.ask(f"seat {seat}, press Enter> ", [])
        if answer is None or answer.strip().lower() in QUIT:
            return False
        self.shown = seat
        return True

    def _move(self, seat: int, moves: Moves, version: int) -> bool:
        """Draw the seat's screen and read one line; ``False`` to quit."""
        self._draw(seat, moves)
        count = len(moves.rows)
        line = self.screen.ask(
            f"seat {seat}, your move (1-{count} or notation, ? help, q quits)> ",
            words_of(moves.rows),
        )
        if line is None or line.strip().lower() in QUIT:
            return False
        self._answer(seat, moves, line, version)
        return True

    def _answer(self, seat: int, moves: Moves, line: str, version: int) -> None:
        """Play the move ``line`` names, or say why not (the next screen's message)."""
        self.only = ""
        if not line.strip():
            self.message = Text()
            return
        if line.strip().lower() in HELP:
            self.message = Text(HOW.format(example=moves.rows[0][2]), style="bold yellow")
            return
        from skald.domain.kernel.errors import SkaldError

        try:
            command = moves.read(line)
        except NotationError as error:
            self.message = Text(f"{error}. Nothing was played.", style="bold red")
            if len(moves.starting(line)) > 1:
                self.only = line
                self.message = Text(
                    f"{len(moves.starting(line))} moves begin with {line.strip()!r}: listed "
                    "above. Type one's number, or more of its notation.",
                    style="bold yellow",
                )
            return
        try:
            move = SubmitMove(self.game_id, seat, command, version, who=self.who)
            self.client.submit(move)
        except SkaldError as error:
            self.message = Text(f"refused: {describe(error)}. Nothing was played.", "bold red")
            return
        self.message = Text(f"seat {seat} played {to_text(self.game, command)}", style="green")

    def _wait(self, public: ViewResult) -> bool:
        """Draw the seat's screen while others play; ``False`` if the person quits. Moves
        the seat may make out of turn (A Feast for Odin's goods placed any time) are listed
        and a line typed meanwhile plays one."""
        (seat,) = self.seats[:1]
        self._as(seat)
        legal = self.client.legal(ListLegal(self.game_id, seat, who=self.who))[0]
        moves = Moves(self.game, legal) if legal else None
        waiting = ", ".join(f"seat {s}" for s in public.to_act) or "nobody"
        self.message = Text.assemble(
            self.message,
            "\n" if self.message else "",
            (f"Waiting for {waiting}", "bold yellow"),
            " — their moves appear here as they are made; "
            + ("meanwhile type one of your moves above and Enter; " if moves else "")
            + "q and Enter quits.",
        )
        self._draw(seat, moves)
        self.message = Text()
        line = self.follower.wait(public.version, self.screen)
        if line is not None and line.strip().lower() in QUIT:
            return False
        if line is not None and moves is not None:
            self._answer(seat, moves, line, public.version)
        elif line is not None and line.strip():
            self.message = Text(f"seat {seat} has no move now. Nothing was played.", "bold red")
        return True

    def _finish(self) -> None:
        """The last screen: the seat's view, or at a hot-seat table the public one."""
        if self.hot_seat:
            self.shown = None
            self._as_public()
        self._draw(None if self.hot_seat else self.seats[0], None, final=True)

    def _as_public(self) -> None:
        from skald.service.client import LocalClient
        from skald.service.model.auth import SPECTATOR

        if isinstance(self.client, LocalClient):
            self.who = SPECTATOR

    # ------------------------------------------------------------------ drawing

    def _draw(self, seat: int | None, moves: Moves | None, final: bool = False) -> None:
        from skald.cli.draw.render import draw_view

        result = self.client.view(ViewGame(self.game_id, seat, who=self.who))
        console = self.screen.console
        self.screen.clear()
        parts: list[RenderableType] = [draw_view(result), self._recent(result.version)]
        if result.pending and not final:
            seats: dict[str, list[str]] = {}  # one prompt once, however many seats it asks
            for p in result.pending:
                seats.setdefault(p.prompt, []).append(f"seat {p.seat}")
            waits = [f"{', '.join(who)}: {prompt}" for prompt, who in seats.items()]
            parts.append(Text("Waiting for: " + "; ".join(waits), style="yellow"))
        if moves is not None:
            parts += self._moves(seat, moves, console.width, console.height)
        if final:
            parts.append(Text("The game is over.", style="bold green"))
        if self.message:
            parts.append(self.message)
        console.print(Group(*parts))

    def _moves(self, seat: int | None, moves: Moves, width: int, height: int) -> list[Text]:
        """The seat's moves, numbered; a long list cut to the first of each group (the
        numbers left out still count), or only those a typed beginning names."""
        width = max(60, width - 2)
        rows = moves.starting(self.only) if self.only else moves.rows
        head = f"Your moves, seat {seat}" + (
            f", beginning {self.only.strip()!r}" if self.only else ""
        )
        shown, left = condense(rows, max(12, height // 2), width)
        out = [Text(f"{head}:", style="bold"), Text("\n".join(move_lines(shown, width)))]
        if left:
            out.append(
                Text(
                    f"… and {left} more (1-{len(moves.rows)}): type the beginning of a move "
                    "(e.g. its first words) to list those.",
                    style="dim",
                )
            )
        return out

    def _recent(self, version: int) -> Text:
        records = self.client.history(
            GetHistory(self.game_id, max(0, version - 4 * RECENT - 20), who=self.who)
        )
        lines = [r for r in records if r.command is not None][-RECENT:]
        out = Text("Last moves: ", style="bold")
        if not lines:
            return out.append("—", style="dim")
        for r in lines:
            out.append(f"\n  v{r.version} seat {r.seat}: ")
            if r.command is not None:
                out.append(self._command_text(r.command))
        return out

    def _command_text(self, command: RecordedCommand) -> str:
        from skald.cli.records.timeline import move_text
        from skald.domain.kernel.errors import SkaldError

        name = command["type"]
        if "data" not in command:
            return f"{name} (not shown to you)"
        try:
            return move_text(self.rules, command)
        except (KeyError, SkaldError, ValueError):
            return name


def run_session(
    client: Client,
    game_id: str,
    seat: int | None,
    hot_seat: bool,
    screen: Screen | None = None,
) -> None:
    """Play ``game_id`` at the terminal as ``seat``, or every seat with ``hot_seat``."""
    from skald.domain.kernel.errors import Malformed
    from skald.service.client import LocalClient

    public = client.view(ViewGame(game_id, None, None, who=OPERATOR))
    players = _players(client, game_id)
    if hot_seat:
        if not isinstance(client, LocalClient):
            raise Malformed("play/hot-seat-remote", "--hot-seat plays a local game (--db)")
        seats: list[int] = list(range(players))
    else:
        assert seat is not None
        if not 0 <= seat < players:
            raise Malformed("seat/out-of-range", f"seats are 0..{players - 1}, not {seat}")
        seats = [seat]
    remote = not isinstance(client, LocalClient)
    follower = Follower(client, game_id, public.version, remote)
    Session(client, game_id, seats, hot_seat, screen or Terminal(), follower).run()


def _players(client: Client, game_id: str) -> int:
    created = client.history(GetHistory(game_id, 0, 1, who=OPERATOR))[0]
    return int(created.data["players"])


__all__ = ["Session", "run_session"]

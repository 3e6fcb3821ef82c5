"""A Feast for Odin's boards as grids of squares, for the terminal and the SVG drawings.

The CLI receives views as JSON-like dicts (``to_data`` of ``FeastView``); this module turns a
board's dict back into the engine's ``BoardState`` and lays it out square by square: the
printed kind of each square (components.md §0 legend: open, −1, income number, bonus, pillar,
wood/stone) and the piece covering it. Income, paying bonuses and the banquet's open squares
come from the placement engine itself, so the drawing never disagrees with the rules.
Names are the printed ones (goods, special tiles, occupations, boards).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from skald.domain.feast.action_board import ACTION_SPACES, ActionSpace
from skald.domain.feast.banquet import GameLength
from skald.domain.feast.boards.grid import BoardSpec, SquareKind
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.catalog import effects_built
from skald.domain.feast.game.state import Phase
from skald.domain.feast.goods import GOOD_SPECS, Colour, Good
from skald.domain.feast.occupations import OCCUPATIONS
from skald.domain.feast.placement import BoardState, Piece, PieceKind, all_pieces, income
from skald.domain.feast.placement.geometry import footprint, geometry, is_horizontal
from skald.domain.feast.placement.pieces import cells, colour
from skald.domain.feast.placement.scoring import paying_bonuses
from skald.domain.feast.ships import SHIPS
from skald.domain.feast.special_tiles import SPECIAL_SPECS, SpecialTile
from skald.domain.kernel.codec import from_data

SPACES: dict[str, ActionSpace] = {s.id: s for s in ACTION_SPACES}
_effects_built = cache(effects_built)  # the registry's summaries, read once
OCCUPATION_NAMES: dict[int, str] = {o.number: o.name for o in OCCUPATIONS}
SPECIAL_IDS = frozenset(t.value for t in SpecialTile)

_TOKEN_CODES = {"silver": "$", "ore": "Fe", "wood": "Wd", "stone": "St"}


@cache
def codes() -> dict[Piece, str]:
    """A unique 2-character code per piece (``Oi`` oil, ``SM`` salt meat, ``$`` silver)."""
    out: dict[Piece, str] = {}
    used: set[str] = set(_TOKEN_CODES.values())
    for piece in all_pieces():
        if piece.kind.value in _TOKEN_CODES:
            out[piece] = _TOKEN_CODES[piece.kind.value]
            continue
        words = [w for w in piece.name.split("-") if w != "and"]
        first = words[0][0].upper()
        tries = [first + w[0].upper() for w in words[1:]] if len(words) > 1 else []
        tries += [first + ch for ch in "".join(words)[1:]]
        tries += [first + str(n) for n in range(10)]
        code = next(t for t in tries if t not in used)
        used.add(code)
        out[piece] = code
    return out


def piece_name(piece: Piece) -> str:
    """The printed name: ``Salt meat``, ``Round Shield``, ``silver``."""
    if piece.kind is PieceKind.SPECIAL:
        try:
            return SPECIAL_SPECS[SpecialTile(piece.name)].name
        except ValueError:
            return piece.name
    return piece.name.replace("-", " ").capitalize()


def occupation_title(card: str) -> str:
    """``occupation-017`` → ``Orient Shipper: <its effect>`` (the drawings' tooltip)."""
    name = occupation_name(card)
    try:
        effect = _effects_built().get(int(card.rsplit("-", 1)[-1]), "")
    except ValueError:
        effect = ""
    return f"{name}: {effect}" if effect else name


def occupation_name(card: str) -> str:
    """``occupation-017`` → ``Orient Shipper``; an unknown id is shown as given."""
    try:
        return OCCUPATION_NAMES.get(int(card.rsplit("-", 1)[-1]), card)
    except ValueError:
        return card


def space_label(space: str) -> str:
    """A short label for an action space: its printed effect words, trimmed."""
    spec = SPACES.get(space)
    if spec is None:
        return space.replace("-", " ")
    effect = spec.effect.rstrip(".")
    return effect if len(effect) <= 48 else effect[:47] + "…"


@dataclass(frozen=True, slots=True)
class Square:
    row: int
    col: int
    kind: SquareKind
    piece: int | None
    """Index into ``Layout.pieces`` of the piece covering the square, or ``None``."""
    closed: bool = False
    """Banquet: not open this round (Vikings still waiting, or under an emigrated ship)."""


@dataclass(frozen=True, slots=True)
class Layout:
    spec: BoardSpec
    state: BoardState
    squares: tuple[Square, ...]
    pieces: tuple[tuple[Piece, Colour, tuple[tuple[int, int], ...]], ...]
    """Each placed piece: the piece, its colour and the (row, col) squares it covers."""
    income: int | None
    paying: frozenset[tuple[int, int]]
    """Bonus squares that would pay now (bare, all 8 neighbours covered)."""
    horizontal: frozenset[int] = frozenset()
    """Banquet table: indices into ``pieces`` of the tiles lying horizontally (long side along
    the table). The table is one row of squares, so a tile's squares do not show how it lies;
    the "one horizontal tile per food type" rule (rules.ja.txt フェイズ9) depends on it."""

    def horizontal_names(self) -> list[str]:
        """The printed names of the horizontal tiles, left to right."""
        ordered = sorted(self.horizontal, key=lambda i: min(self.pieces[i][2]))
        return [piece_name(self.pieces[i][0]) for i in ordered]

    def grid(self) -> list[list[Square | None]]:
        out: list[list[Square | None]] = [[None] * self.spec.width for _ in range(self.spec.height)]
        for sq in self.squares:
            out[sq.row][sq.col] = sq
        return out


def board_state(data: Any) -> BoardState | None:
    """The engine's ``BoardState`` from its JSON form, ``None`` if it is not one we know."""
    if isinstance(data, BoardState):
        return data
    if not isinstance(data, dict):
        return None
    try:
        return from_data(BoardState, data)
    except (KeyError, TypeError, ValueError):
        return None


def layout(data: Any) -> Layout | None:
    """Square-by-square layout of a board dict (home, exploration, house, banquet table)."""
    state = board_state(data)
    if state is None or state.board not in BOARD_SPECS:
        return None
    spec = BOARD_SPECS[state.board]
    try:
        geo = geometry(state.board, state.banquet)
    except ValueError:
        return None
    owner: dict[tuple[int, int], int] = {}
    pieces = []
    horizontal: set[int] = set()
    for i, pl in enumerate(state.placed):
        fp = footprint(geo, cells(pl.piece), pl.rotation)
        covered = tuple((pl.row + c.row, pl.col + c.col) for c in fp.cells)
        for rc in covered:
            owner[rc] = i
        pieces.append((pl.piece, colour(pl.piece), covered))
        if state.banquet is not None and is_horizontal(cells(pl.piece), pl.rotation):
            horizontal.add(i)
    squares = []
    for r in range(spec.height):
        for c in range(spec.width):
            kind = spec.kind_at(r, c)
            if kind is not None:
                closed = bool(geo.closed & geo.bit(r, c))
                squares.append(Square(r, c, kind, owner.get((r, c)), closed))
    return Layout(
        spec,
        state,
        tuple(squares),
        tuple(pieces),
        income(state) if spec.income else None,
        frozenset((b.row, b.col) for b in paying_bonuses(state)),
        frozenset(horizontal),
    )


def banquet_layout(player: dict[str, Any], length: str, round_: int) -> Layout | None:
    """The player's banquet table: the feast's own board while feasting, else this round's
    table with its open squares (``banquet.open_squares``) and nothing on it."""
    if player.get("banquet"):
        return layout(player["banquet"])
    if not 1 <= round_ <= rounds(length):
        return None
    emigrated = len(player.get("emigrated") or ())
    data = {
        "board": "banquet-table",
        "placed": [],
        "banquet": {"length": length, "round": round_, "emigrated_ships": emigrated},
    }
    return layout(data)


def feasted(view: dict[str, Any], player: dict[str, Any]) -> bool:
    """Whether to mark the seat as having ended its feast: only during the Feast phase
    (rules.ja.txt フェイズ9), while others may still be feasting. The view's ``feasted`` is
    set when the seat ends its feast and cleared only when the next feast begins, so read
    alone it would still say so through the next round's actions."""
    return bool(player.get("feasted")) and view.get("phase") == Phase.FEAST.value


def rounds(length: object) -> int:
    """The rounds of a game of ``length`` (``GameLength.rounds``); the long game's for a view
    without a length we know."""
    try:
        return GameLength(str(length)).rounds
    except ValueError:
        return GameLength.LONG.rounds


def printed_ore(kind: str) -> int:
    """Ore printed on a ship of ``kind`` (the whaling boat's 1), shown with the ore placed on it."""
    return next((s.printed_ore for s in SHIPS if s.kind.value == kind), 0)


def banquet_open(lay: Layout) -> int:
    """How many squares the feast must cover on this table."""
    return sum(1 for sq in lay.squares if not sq.closed)


def bonus_label(spec: BoardSpec, row: int, col: int) -> str:
    """What a bonus square pays, as words: ``ore``, ``rune stone``."""
    for b in spec.bonuses:
        if (b.row, b.col) == (row, col):
            parts = [
                (f"{r.count} " if r.count > 1 else "") + r.item.split(":")[-1].replace("-", " ")
                for r in b.rewards
            ]
            return " + ".join(parts) + (" (once)" if b.once else "")
    return "bonus"


def bonus_code(spec: BoardSpec, row: int, col: int) -> str:
    """Two characters for a bonus square's reward (the piece code where there is one)."""
    for b in spec.bonuses:
        if (b.row, b.col) == (row, col) and b.rewards:
            item = b.rewards[0].item.split(":")[-1]
            for piece, code in codes().items():
                if piece.name == item:
                    return code
            return item[:2].capitalize()
    return "B?"


def income_value(spec: BoardSpec, row: int, col: int) -> int | None:
    for track in spec.income:
        for sq in track.squares:
            if (sq.row, sq.col) == (row, col):
                return sq.value
    return None


def board_name(board: Any) -> str:
    """The printed name of a board face id (``bear-island`` → ``Bear Island``)."""
    for spec in BOARD_SPECS.values():
        if spec.board.value == board:
            return spec.name
    return str(board)


def good_colour(item: str) -> Colour | None:
    """The colour of a good or special tile by its id; ``None`` for anything else."""
    try:
        return GOOD_SPECS[Good(item)].colour
    except ValueError:
        return Colour.SPECIAL if item in SPECIAL_IDS else None

"""Final scoring exactly as the texts list it (rules.ja.txt ゲーム終了と得点計算;
refresher.en.txt; components.md §8), ties shared (同点の場合、タイブレークはありません).

Plus: ships owned 3/5/8, emigrated knarrs 18 and longships 21, claimed exploration boards
and buildings at their printed value, sheep 2 (pregnant 3), cattle 3 (pregnant 4), played
occupations' printed points, silver in supply, the final round's income (refresher.en.txt:
"add the final round's income instead of paying it out"; read at scoring, after the final
placement), the English Crown +2 wherever it lies. Minus: every bare −1 square of the home
board, exploration boards and houses (shed and stone-house resource squares included), and 3
per Thing penalty. Goods in supply score nothing.
"""

from __future__ import annotations

from skald.domain.feast.banquet import THING_PENALTY_POINTS
from skald.domain.feast.boards.registry import BOARD_SPECS
from skald.domain.feast.game.events import ScoreLine
from skald.domain.feast.game.items import SHIP_SPECS, boards, good_count
from skald.domain.feast.game.phases import board_income
from skald.domain.feast.game.setup_data import card_number
from skald.domain.feast.game.state import Player, State
from skald.domain.feast.goods import GOOD_SPECS, Good
from skald.domain.feast.occupations import OCCUPATIONS
from skald.domain.feast.placement import PieceKind, uncovered_negative
from skald.domain.feast.special_tiles import SPECIAL_SPECS, SpecialTile

_POINTS = {o.number: o.points for o in OCCUPATIONS}
_CROWN = SPECIAL_SPECS[SpecialTile.ENGLISH_CROWN]


def _has_crown(player: Player) -> bool:
    if _CROWN.tile.value in player.specials:
        return True
    return any(
        pl.piece.kind is PieceKind.SPECIAL and pl.piece.name == _CROWN.tile.value
        for _, b in boards(player)
        for pl in b.placed
    )


def score_line(state: State, seat: int) -> ScoreLine:
    p = state.players[seat]
    ships = sum(SHIP_SPECS[sh.kind].cost for sh in p.ships)
    emigrated = sum(SHIP_SPECS[k].emigrated_points or 0 for k in p.emigrated)
    exploration = sum(BOARD_SPECS[b.board].points for b in p.explored)
    buildings = sum(BOARD_SPECS[h.board].points for h in p.houses)
    animals = sum(
        GOOD_SPECS[g].points * good_count(p, g)
        for g in (Good.SHEEP, Good.PREGNANT_SHEEP, Good.CATTLE, Good.PREGNANT_CATTLE)
    )
    occupations = sum(_POINTS[card_number(c)] for c in p.played)
    income = board_income(p) if state.final_income else 0
    crown = _CROWN.points if _has_crown(p) else 0
    negative = sum(uncovered_negative(b) for _, b in boards(p))
    penalties = THING_PENALTY_POINTS * p.penalties
    total = (ships + emigrated + exploration + buildings + animals + occupations + p.silver) + (
        income + crown - negative + penalties
    )
    return ScoreLine(
        seat,
        ships,
        emigrated,
        exploration,
        buildings,
        animals,
        occupations,
        p.silver,
        income,
        crown,
        negative,
        penalties,
        total,
    )


def final_scores(state: State) -> tuple[tuple[ScoreLine, ...], tuple[int, ...], tuple[int, ...]]:
    lines = tuple(score_line(state, seat) for seat in range(state.count))
    scores = tuple(line.total for line in lines)
    best = max(scores)
    return lines, scores, tuple(i for i, v in enumerate(scores) if v == best)

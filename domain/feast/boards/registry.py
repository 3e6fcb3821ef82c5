"""Every placement surface by id: home, 8 exploration faces, 3 houses, the banquet table."""

from __future__ import annotations

from skald.domain.feast.banquet import BANQUET_TABLE
from skald.domain.feast.boards.exploration import EXPLORATION_FACES
from skald.domain.feast.boards.grid import BoardId, BoardSpec
from skald.domain.feast.boards.home import HOME
from skald.domain.feast.buildings import BUILDINGS

BOARD_SPECS: dict[BoardId, BoardSpec] = {
    spec.board: spec
    for spec in (
        HOME,
        *(f.spec for f in EXPLORATION_FACES),
        *(b.spec for b in BUILDINGS),
        BANQUET_TABLE,
    )
}

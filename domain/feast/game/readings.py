"""Which readings of the rules a game is played under (setup option ``readings``).

Where the texts left a reading open, RULINGS.md settles it; a ruling that changes what a move
does must not change a game already played. So the readings come in versions, and each game
keeps the version it was created with: option ``readings`` (a number, default ``CURRENT``).
Setup records a version above ``FIRST`` with ``ReadingsAdopted`` (``State.readings``); a game
stored before the option existed has neither the option (its ``absent`` value is ``FIRST``)
nor the event, so it re-runs (verify) and folds exactly as it was played.

* ``FIRST`` (1): the readings of the audits of 2026-12-01/02 (NOTES.md, "Not settled by the
  texts"): a raid's "five or less fails" judged on the roll plus ore, before stone and long
  swords are spent; a space refused unless its action can be carried out on the state as it is
  when the Vikings are placed (#36's own sentence aside); #166 Weapons Warden counting the
  seat's column-2 spaces occupied now.
* ``SETTLED_2026_12`` (2): RULINGS.md "A Feast for Odin, more (2026-12-06)" — the three
  functions below.
"""

from __future__ import annotations

from skald.domain.feast.game.state import State

FIRST = 1
"""The readings before RULINGS.md "A Feast for Odin, more" (every game stored before it)."""
SETTLED_2026_12 = 2
"""RULINGS.md "A Feast for Odin, more (2026-12-06)"."""
CURRENT = SETTLED_2026_12
"""What a new game plays under by default."""


def raid_judged_after_spending(state: State) -> bool:
    """RULINGS.md "A Feast for Odin, more": "five or less fails" is judged on the battle
    result — the die, plus ore where the space adds it, plus every stone and long sword spent
    (refresher.en.txt: "Your stone adds 1, bringing you to 8 ... With a result of 8"; rules.ja.txt
    襲撃: a tile whose sword value is at most the result, raised by stone and long swords). So
    5 + a stone + a long sword = 7 succeeds. Before: judged on the roll plus ore alone."""
    return state.readings >= SETTLED_2026_12


def cards_before_count(state: State) -> bool:
    """RULINGS.md "A Feast for Odin, more": cards acting "immediately before" a space's action
    or "instead" of it count when deciding whether the space may be used — it may be taken
    when its action can be carried out as the player's played cards change it (#149 Priest's
    oil, #37 Foreign Trader's ↑1, #105 Knarr Builder's knarr; ``Card.enables``). Before: the
    space's conditions were read on the state as it is when the Vikings are placed."""
    return state.readings >= SETTLED_2026_12


def warden_counts_placements(state: State) -> bool:
    """RULINGS.md "A Feast for Odin, more": #166 Weapons Warden counts the owner's 2-Viking
    column-2 placements made this round (``Player.column_2_placements``: every one, also
    before the card was played; the first gives nothing), and Vikings moved back by #60
    Inspector do not undo a placement made. Before: the seat's column-2 spaces occupied now."""
    return state.readings >= SETTLED_2026_12


__all__ = [
    "CURRENT",
    "FIRST",
    "SETTLED_2026_12",
    "cards_before_count",
    "raid_judged_after_spending",
    "warden_counts_placements",
]

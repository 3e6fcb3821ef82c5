"""A smoke run of ``benchmarks/feast_cards.py``: one game with the occupation effects and one
without, both to the end, and its tally keys (the measurement runs outside the suite)."""

from __future__ import annotations

from skald.benchmarks.feast_cards import run


def test_one_game_each_way_reports_the_ratio_and_the_tally() -> None:
    res = run(games=1)
    assert res["games_per_s_cards"] > 0 and res["games_per_s_no_cards"] > 0
    assert res["cards_vs_no_cards"] > 0
    assert res["events_per_game_cards"] > 300 and res["events_per_game_no_cards"] > 300
    assert res["cards_played"] >= 1 and isinstance(res["built_cards_never_played"], list)

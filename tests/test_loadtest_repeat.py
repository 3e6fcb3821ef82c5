"""``skald loadtest --repeat``: one process and two workers alternately, the speedup from the
medians, and every repeated run in the integrity line."""

from __future__ import annotations

import pytest

from cli.loadtest import PG_URL, _median, run


@pytest.mark.slow
def test_repeated_runs_give_the_speedup_of_the_medians() -> None:
    summary = run(False, PG_URL, ("sqlite_1", "sqlite_workers_2"), 4, 1.0, repeat=2)
    rates = summary["repeated_commands_per_s"]
    assert [len(rates["sqlite_1"]), len(rates["sqlite_workers_2"])] == [2, 2]
    assert all(rate > 0 for rates_of in rates.values() for rate in rates_of)
    expected = _median(rates["sqlite_workers_2"]) / _median(rates["sqlite_1"])
    assert summary["workers_2_speedup"] == round(expected, 2)
    assert set(summary["integrity"].values()) == {0}


def test_median() -> None:
    assert _median([3.0, 1.0, 2.0]) == 2.0
    assert _median([4.0, 1.0, 2.0, 3.0]) == 2.5

"""``skald loadtest --repeat``: one process and two workers alternately, the speedup from the
medians, and every repeated run in the integrity line."""

from __future__ import annotations

import pytest

from skald.tools.loadtest.harness import PG_URL, _ceiling, _median, run


@pytest.mark.slow
def test_repeated_runs_give_the_speedup_of_the_medians() -> None:
    summary = run(False, PG_URL, ("sqlite_1", "sqlite_workers_2"), 4, 1.0, repeat=2)
    rates = summary["repeated_commands_per_s"]
    assert [len(rates["sqlite_1"]), len(rates["sqlite_workers_2"])] == [2, 2]
    assert all(rate > 0 for rates_of in rates.values() for rate in rates_of)
    expected = _median(rates["sqlite_workers_2"]) / _median(rates["sqlite_1"])
    assert summary["workers_2_speedup"] == round(expected, 2)
    assert 0 < summary["workers_2_ceiling"] <= 2
    assert set(summary["integrity"].values()) == {0}


def test_median() -> None:
    assert _median([3.0, 1.0, 2.0]) == 2.0
    assert _median([4.0, 1.0, 2.0, 3.0]) == 2.5


def test_ceiling_is_the_cores_left_over_what_one_process_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("os.cpu_count", lambda: 2)
    one = [{"server_cores_busy": c} for c in (1.0, 1.1, 0.9)]
    two = [{"client_cores_busy": c} for c in (0.4, 0.3, 0.5)]
    assert _ceiling(one, two) == 1.6  # (2 - 0.4) / 1.0
    assert _ceiling([{"server_cores_busy": 0.5}], [{"client_cores_busy": 0.1}]) == 2.0
    assert _ceiling([{"server_cores_busy": 0.0}], two) is None

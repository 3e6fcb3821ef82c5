"""The benchmark runs and reports its keys (no timing assertions here)."""

from __future__ import annotations

from benchmarks.feast_placement import run


def test_benchmark_quick_run_reports_keys_and_agrees_with_oracle() -> None:
    res = run(quick=True)
    for key in (
        "fast_median_ms",
        "fast_p95_ms",
        "naive_median_ms",
        "naive_p95_ms",
        "ratio_median",
        "cases",
        "mismatches",
    ):
        assert key in res
    assert res["cases"] > 0
    assert res["mismatches"] == 0
    assert res["fast_median_ms"] > 0 and res["naive_p95_ms"] >= res["naive_median_ms"]

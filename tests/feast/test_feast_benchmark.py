"""A smoke run of the placement benchmark (``benchmarks/feast_placement.py``): it imports, runs
on one board, and reports its keys. The measurement itself runs outside the suite, with
``skald bench`` or ``python -m skald.benchmarks.feast_placement``; the enumerator's agreement with the
naive oracle is a property test (``test_feast_placement_properties.py``)."""

from __future__ import annotations

from skald.benchmarks.feast_placement import run


def test_a_tiny_benchmark_run_reports_well_formed_keys() -> None:
    res = run(quick=True, boards=1)
    for key in ("fast_median_ms", "fast_p95_ms", "naive_median_ms", "naive_p95_ms", "cases"):
        assert isinstance(res[key], float)
    assert res["cases"] == 4  # one board, two pieces, empty and partly filled
    assert res["mismatches"] == 0
    assert res["fast_median_ms"] > 0 and res["naive_p95_ms"] >= res["naive_median_ms"]

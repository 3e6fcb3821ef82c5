"""The per-command CPU benchmark's driver (``benchmarks/command_cpu_driver.py``) runs in a
process of its own against a given tree, through the real handler, and reports what it timed
(the benchmark itself runs outside the suite: ``python -m skald.benchmarks.command_cpu``)."""

from __future__ import annotations

from pathlib import Path

from skald.benchmarks.command_cpu import ROOT, drive


def test_the_driver_times_every_command_of_a_game_in_its_own_tree() -> None:
    got = drive(ROOT, "memory", "red_north", 2, 1)
    assert Path(got["tree"]) == ROOT
    assert got["commands"] > 10
    assert 0 < got["submit_cpu_us"] < got["handler_cpu_us"]

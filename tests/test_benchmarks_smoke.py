"""A smoke run of the service benchmarks' recording (``benchmarks/service.py``,
``benchmarks/feast_game.py``): a game recorded in memory must be the game the service then
plays command by command, or the benchmark stops with a refused command. The measurements
themselves run outside the suite (``skald bench``)."""

from __future__ import annotations

from skald.benchmarks import feast_game, service


def test_a_recorded_red_north_game_replays_through_the_service() -> None:
    numbers = service.service_numbers("red_north", 2, 1, 1)
    assert numbers["commands"] > 10 and numbers["rebuild_events_per_s"] > 0


def test_a_recorded_feast_game_replays_through_the_service_and_rebuilds() -> None:
    numbers = feast_game.service_numbers(1, 1)
    assert numbers["stored_events_per_game"] > 200
    assert numbers["rebuild_events_per_s"] > 0 and numbers["bare_rebuild_events_per_s"] > 0

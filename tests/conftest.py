"""Shared fixtures: real stores (a SQLite file, a PostgreSQL schema), the toy game.

PostgreSQL tests use the server at ``SKALD_TEST_PG`` (default the local one, database ``test``),
each in a schema of its own that is dropped afterwards. They are not skipped when the server is
down: `.ci/run` starts it, and a missing database is a failure to see, not to hide.
"""

from __future__ import annotations

import os
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Bytecode caches on, whatever the environment says: with PYTHONDONTWRITEBYTECODE set (this
# machine sets it), every run rewrote every test module's asserts again in each xdist worker
# (about 60% of collection) and every `skald` subprocess compiled the project anew. The caches
# go to the __pycache__ folders, which git ignores.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Hypothesis's timing checks measure the machine, not the code: on two cores running the suite
# in parallel, drawing inputs for a cheap property once took 2 s and failed the run (CI,
# test_kernel_fast). Properties that need a deadline or a size bound set their own.
settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
settings.load_profile("suite")

# The test games used by kernel and service tests, for this process and the CLI subprocesses:
# tests/toy_game.py, tests/dice_game.py and tests/components_game.py (components only).
# rich fixes its width when ``skald.cli.common`` is imported: wide enough that no output wraps.
os.environ.setdefault("COLUMNS", "240")
os.environ.setdefault("SKALD_EXTRA_GAMES", "tests.toy_game,tests.dice_game,tests.components_game")

# Receipts (service/model/receipts.py) that clients keep by default go to a folder of this run's own,
# never the user's ~/.local/share/skald/receipts.
os.environ.setdefault("SKALD_RECEIPTS", tempfile.mkdtemp(prefix="skald-test-receipts-"))

PG_URL = os.environ.get("SKALD_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")


def _drop_schema(schema: str) -> None:
    import psycopg
    from psycopg import sql

    with psycopg.connect(PG_URL.split("?")[0], autocommit=True) as conn:
        conn.execute(sql.SQL("DROP SCHEMA IF EXISTS {} CASCADE").format(sql.Identifier(schema)))


@pytest.fixture
def pg_url() -> Iterator[str]:
    schema = f"skald_test_{uuid.uuid4().hex[:12]}"
    yield f"{PG_URL}?schema={schema}"
    _drop_schema(schema)


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: object) -> Iterator[str]:
    """A fresh store location: a SQLite file, then a PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "skald.db")  # type: ignore[operator]
        return
    schema = f"skald_test_{uuid.uuid4().hex[:12]}"
    yield f"{PG_URL}?schema={schema}"
    _drop_schema(schema)


@pytest.fixture
def service(db_url: str) -> Iterator[object]:
    from skald.service.app.games import GameService
    from skald.service.bootstrap import registry
    from skald.service.store.event_store import EventStore

    store = EventStore(db_url)
    yield GameService(store, registry())
    store.close()


# The long end-to-end sweeps: whole random games of every game through gRPC, the README run
# command by command, the browser. `pytest` (the README's test command) leaves them out so it
# stays under two minutes; CI runs them as well, with `pytest -m slow` (.ci/run).
SLOW = frozenset(
    {
        "tests/test_readme_examples.py::test_every_readme_command_runs_as_shown[local]",
        "tests/test_store_opening.py::test_servers_started_together_on_a_fresh_database_all_open_it",
        "tests/test_readme_examples.py::test_every_readme_command_runs_as_shown[serving]",
        "tests/feast/test_feast_game_dice_play.py::test_random_four_player_games_use_the_dice_spaces",
        "tests/feast/test_feast_game_sail.py::test_random_four_player_games_reach_the_new_spaces",
        "tests/feast/test_feast_game_play.py::test_space_use_over_many_games",
        "tests/feast/test_feast_game_contract.py::test_legal_means_accepted[4]",
        "tests/test_render_feast.py::test_feast_draws_every_viewer[4-4-long]",
        "tests/test_render_feast.py::test_feast_draws_every_viewer[3-3-long]",
        "tests/test_grpc_games.py::test_a_game_over_grpc_exports_imports_and_verifies[feast-4short]",
        "tests/test_grpc_games.py::test_a_game_over_grpc_exports_imports_and_verifies[brian_boru-5]",
        "tests/test_attack_leaks.py::test_an_attacker_learns_nothing_hidden_from_what_it_receives[brian_boru-4]",
        "tests/test_attack_leaks.py::test_an_attacker_learns_nothing_hidden_from_what_it_receives[feast-2]",
        "tests/test_contract.py::test_secrets_stay_hidden_during_play[feast]",
        "tests/test_contract.py::test_secrets_stay_hidden_during_play[brian_boru]",
        "tests/test_contract.py::test_legal_means_accepted[feast-4]",
        "tests/test_cli_feast.py::test_simulate_plays_real_choices_and_counts_every_space",
        "tests/test_replays_views.py::test_every_view_at_every_version_matches_the_recording[feast-4p-long]",
        "tests/test_feast_legal_compact.py::test_the_compact_form_expands_to_exactly_the_listed_placements[4]",
        "tests/test_feast_legal_compact.py::test_the_compact_form_expands_to_exactly_the_listed_placements[3]",
        "tests/test_service_imports.py::test_each_module_imports_on_its_own",
        "tests/feast/test_feast_game_play.py::test_no_hidden_card_reaches_another_seat",
        "tests/feast/test_feast_game_play.py::test_random_games_end_with_scores[4-long]",
        "tests/feast/test_feast_game_play.py::test_random_games_end_with_scores[3-long]",
        "tests/feast/test_feast_game_contract.py::test_legal_means_accepted[3]",
        "tests/feast/test_feast_placement_properties.py::test_enumerator_equals_naive_oracle",
        "tests/feast/test_cards_properties.py::test_random_games_with_cards_in_play_end_and_keep_the_contract[4-b]",
        "tests/test_grpc_games.py::test_a_game_over_grpc_exports_imports_and_verifies[brian_boru-3]",
        "tests/test_render_feast.py::test_feast_draws_every_viewer[2-2-short]",
        "tests/test_render.py::test_brian_boru_draws_every_viewer[5-3]",
        "tests/test_render.py::test_brian_boru_draws_every_viewer[4-2]",
        "tests/red_north/test_legality.py::test_legal_commands_check_and_decide_agree[1-4]",
        "tests/red_north/test_legality.py::test_legal_commands_check_and_decide_agree[2-4]",
        "tests/feast/test_cards_benchmark.py::test_one_game_each_way_reports_the_ratio_and_the_tally",
        "tests/brian_boru/test_brian_boru_check.py::test_check_agrees_with_decide_and_pending_with_to_act[1-5]",
        "tests/brian_boru/test_brian_boru_check.py::test_check_agrees_with_decide_and_pending_with_to_act[1-4]",
        "tests/test_replays.py::test_one_changed_byte_fails_verification[brian-boru-5p.jsonl]",
        "tests/test_replays_views.py::test_every_view_at_every_version_matches_the_recording[brian-boru-5p]",
        "tests/test_render.py::test_red_north_draws_every_viewer[4-6]",
        "tests/test_contract.py::test_legal_means_accepted[feast-3]",
        "tests/test_svg_draw.py::test_golden_replays_draw[brian-boru-4p]",
        "tests/test_fuzz_inputs.py::test_replay_files_with_keys_removed_or_changed_end_in_taxonomy_errors",
        # end to end: real `skald serve --workers 2` processes, a simulation spread over jobs,
        # a server started under queued requests, every version of a long game refolded
        "tests/test_serve_workers.py::test_two_workers_share_one_port_and_one_store",
        # the native load clients: a C++ build on a fresh machine, then a real server
        "tests/test_loadtest_native.py::test_native_players_and_spectators_agree_with_the_store",
        "tests/test_loadtest_native.py::test_refusals_are_counted_not_played",
        "tests/test_loadtest_native.py::test_streams_resume_after_the_server_is_killed",
        "tests/test_serve_workers.py::test_a_watcher_hears_the_other_workers_writes_at_once",
        "tests/test_sim_cards.py::test_jobs_spread_the_same_games_and_merge_to_the_same_figures",
        "tests/test_sim_cards.py::test_card_counts_agree_with_the_events",
        "tests/test_hardening_serve.py::test_requests_queued_while_the_server_starts_all_succeed",
        "tests/test_repository_checkpoints.py::test_every_past_version_equals_a_fold_from_the_start",
        # real processes, terminals and sockets, and the longest games through them
        "tests/test_replay_browser.py::test_browsing_back_and_forth_by_event_move_round_and_version",
        "tests/test_operator_errors.py::test_a_second_server_on_the_same_port_refuses",
        "tests/test_operator_errors.py::test_serve_refuses_a_bad_store_and_a_bad_log_level",
        "tests/test_operator_errors.py::test_serve_on_a_port_in_use_is_an_error",
        "tests/test_operator_errors.py::test_serve_stops_gracefully_on_sigterm_and_on_sigint_even_started_in_the_background[2]",
        "tests/test_operator_errors.py::test_serve_stops_gracefully_on_sigterm_and_on_sigint_even_started_in_the_background[15]",
        "tests/test_replays.py::test_one_changed_byte_fails_verification[feast-4p-long.jsonl]",
        "tests/test_attack_leaks.py::test_an_attacker_learns_nothing_hidden_from_what_it_receives[red_north-3]",
        "tests/test_grpc.py::test_full_game_streams_views_seed_and_audit[postgres]",
        "tests/test_benchmarks_smoke.py::test_a_recorded_feast_game_replays_through_the_service_and_rebuilds",
        "tests/test_play_tmux.py::test_skald_play_at_a_real_terminal",
        "tests/test_grpc_games.py::test_a_game_over_grpc_exports_imports_and_verifies[feast-1long]",
        "tests/test_feast_legal_compact.py::test_the_compact_form_expands_to_exactly_the_listed_placements[2]",
        "tests/test_serve_startup.py::test_ipv6_hosts_are_served[[::1]-2-[::1]]",
        "tests/test_serve_startup.py::test_ipv6_hosts_are_served[::-1-[::]]",
        "tests/test_serve_startup.py::test_json_ready_line_comes_once_every_worker_listens",
        "tests/test_layers.py::test_each_service_module_imports_on_its_own",
        "tests/test_serve_startup.py::test_every_serve_option_comes_from_skald_variables_and_logs_are_json_lines",
        "tests/test_workers_lifecycle.py::test_a_restarted_worker_that_cannot_start_stops_the_server_in_one_line_each",
        "tests/test_workers_lifecycle.py::test_a_worker_that_cannot_start_stops_the_server",
        "tests/test_drain.py::test_sigterm_under_load_drains_in_flight_commands",
        "tests/test_workers_lifecycle.py::test_a_real_server_keeps_serving_through_workers_killed_from_outside",
        "tests/test_serve_startup.py::test_a_busy_store_at_start_is_tried_again_then_refused_in_one_line",
        "tests/test_sim_cards.py::test_the_feast_picker_only_picks_legal_commands_and_games_end",
        "tests/test_replays.py::test_one_changed_byte_fails_verification[feast-3p-short.jsonl]",
        "tests/test_replays.py::test_one_changed_byte_fails_verification[feast-2p-short.jsonl]",
        "tests/test_replays.py::test_one_changed_byte_fails_verification[brian-boru-4p.jsonl]",
    }
)
SLOW_MODULES = frozenset({"tests/test_view_browser.py", "tests/test_play_audit_browser.py"})
SLOW_ON_POSTGRES = frozenset(
    {
        "tests/test_tamper_kernel_records.py",
        "tests/test_tamper_verify.py",
        "tests/test_tamper_truncate.py",
        "tests/test_service_kernel.py",
        "tests/test_cpu_index.py",
    }
)
"""Modules whose forgeries are refused the same on both stores: their SQLite runs stay in
`pytest`, their PostgreSQL runs go to the slow tier (the fast tier keeps PostgreSQL through the
store, replica and index tests)."""
TESTS = Path(__file__).resolve().parent


@pytest.hookimpl(tryfirst=True)  # before -m/-k deselect: every collected test is seen
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        module = item.nodeid.split("::")[0]
        on_postgres = "[postgres" in item.nodeid and module in SLOW_ON_POSTGRES
        if item.nodeid in SLOW or module in SLOW_MODULES or on_postgres:
            item.add_marker(pytest.mark.slow)
    collected = {item.nodeid for item in items}
    files = {nodeid.split("::")[0] for nodeid in collected}
    whole = not config.args or all(Path(a).resolve() == TESTS for a in config.args)
    stale = sorted(n for n in SLOW if n not in collected and n.split("::")[0] in files)
    if whole and stale:  # a renamed test or parameter would silently leave the slow tier
        raise pytest.UsageError(f"tests/conftest.py SLOW names tests that do not exist: {stale}")

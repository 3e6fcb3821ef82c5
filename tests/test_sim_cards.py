"""``skald simulate feast --cards``: the biased picker stays a legal-move picker, the card counts
agree with the events of the games played, and ``--jobs`` spreads the same games over worker
processes without changing a figure."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from skald.cli.autoplay.pickers import picker_for, uniform
from skald.cli.autoplay.random_games import play_random
from skald.cli.commands.sim import card_counts
from skald.domain.feast.game.cards.usage import card_use
from skald.service.app.requests import CreateGame, GetHistory, ViewGame
from skald.service.bootstrap import open_service
from skald.service.client import LocalClient
from skald.service.model.auth import OPERATOR
from skald.service.model.records import Record
from tests.e2e_helpers import invoke_skald
from tests.test_cli import Cli


def _record(kind: str, data: dict[str, Any], command_id: str, command: Any = None) -> Record:
    return Record(1, kind, data.get("seat"), command_id, data, command)


def test_the_feast_picker_only_picks_legal_commands_and_games_end(tmp_path: Path) -> None:
    client = LocalClient(open_service(str(tmp_path / "p.db")))
    kinds: Counter[str] = Counter()

    def checked(options: Sequence[Any], rng: random.Random) -> Any:
        chosen = picker_for("feast")(options, rng)
        assert chosen in options, f"{chosen} is not among the {len(options)} legal commands"
        kinds[type(chosen).__name__] += 1
        return chosen

    gid = client.create(CreateGame("feast", 3, b"legal", "server", {}, ()))["game_id"]
    steps = play_random(client, gid, random.Random("legal"), choose=checked, game="feast")
    assert client.view(ViewGame(gid, None, None, who=OPERATOR)).outcome is not None
    assert steps == sum(kinds.values()) > 100
    assert kinds["PlayOccupation"] > 0 and kinds["PlaceVikings"] > 0
    assert picker_for("red-north") is uniform and picker_for("brian-boru") is uniform


def test_card_counts_agree_with_the_events(tmp_path: Path) -> None:
    client = LocalClient(open_service(str(tmp_path / "c.db")))
    played: Counter[str] = Counter()
    effects: Counter[str] = Counter()
    triggered: Counter[str] = Counter()
    events: Counter[str] = Counter()
    uses: Counter[str] = Counter()
    for i in range(2):
        gid = client.create(CreateGame("feast", 4, f"cards:{i}".encode(), "server", {}, ()))[
            "game_id"
        ]
        play_random(client, gid, random.Random(f"cards:{i}"), choose=picker_for("feast"))
        history = client.history(GetHistory(gid, who=OPERATOR))
        card_use(history, played, effects, triggered)
        for r in history:
            if r.type in ("OccupationPlayed", "OccupationPlayedBy"):
                events[r.data["card"]] += 1
            opens = r.type == "OccupationUsed" or (
                r.type == "OccupationAnswered" and r.data["option"] is not None
            )
            if opens:
                uses[r.data["card"]] += 1
    assert played == events and sum(played.values()) > 10
    assert sum(triggered.values()) > 0
    for card, n in triggered.items():
        assert uses[card] <= n <= effects[card], card  # each opening is one trigger
        assert played[card] > 0, f"{card} took effect without being played"
    deck = card_counts("feast", played, effects, triggered)
    assert len(deck["per_card"]) == 190
    assert deck["per_card"]["occupation-001"].keys() == {"played", "triggered", "effects"}
    assert set(deck["never_triggered"]) == {
        c for c, r in deck["per_card"].items() if not r["triggered"]
    }
    assert set(deck["effect_not_built"]) <= set(deck["never_triggered"])


def test_a_trigger_is_one_effect_however_many_records_it_makes() -> None:
    records = [
        _record("OccupationPlayed", {"seat": 0, "card": "occupation-153"}, "a"),
        _record("OccupationPlayed", {"seat": 0, "card": "occupation-155"}, "a"),
        _record("OccupationUsed", {"seat": 0, "card": "occupation-155"}, "b"),
        _record("Gained", {"seat": 0, "items": [], "reason": "occupation-155"}, "b"),
        _record("OccupationAnswered", {"seat": 0, "card": "occupation-155", "option": None}, "c"),
        _record("Paid", {"seat": 0, "items": [], "reason": "occupation-155"}, "d"),
        _record("Gained", {"seat": 0, "items": [], "reason": "occupation-155"}, "d"),
        _record("DieRolled", {"seat": 0, "space": "hunting-1-1", "roll": 4}, "e"),
        _record("DieRolled", {"seat": 1, "space": "hunting-1-1", "roll": 4}, "f"),
    ]
    played: Counter[str] = Counter()
    effects: Counter[str] = Counter()
    triggered: Counter[str] = Counter()
    card_use(records, played, effects, triggered)
    assert played == {"occupation-153": 1, "occupation-155": 1}
    # b: used + its gain; c: left unused (nothing); d: payments with no opening, once
    assert triggered["occupation-155"] == 2 and effects["occupation-155"] == 4
    # a 4th roll is Hunter's (#153) only for the seat that played it
    assert triggered["occupation-153"] == 1


def test_jobs_spread_the_same_games_and_merge_to_the_same_figures(tmp_path: Path) -> None:
    args = ("simulate", "feast", "--cards", "--spaces", "-n", "3", "-p", "2", "--seed", "jobs")
    one = Cli(tmp_path / "one.db").ok(*args)
    run = invoke_skald([*args, "--jobs", "2", "--json"])
    assert run.code == 0, run.stderr
    two = run.json
    assert (one["jobs"], two["jobs"]) == (1, 2)
    for key in ("scores", "commands", "wins_by_seat", "spaces", "cards", "mean_score"):
        assert one[key] == two[key], key
    assert len(two["game_ids"]) == 3 and sum(r["played"] for r in two["cards"]["per_card"].values())


def test_a_workers_error_is_reported_as_without_jobs(tmp_path: Path) -> None:
    cli = Cli(tmp_path / "e.db")
    alone = cli.refused("simulate", "feast", "-n", "2", "-p", "9")
    run = invoke_skald(["simulate", "feast", "-n", "2", "-p", "9", "--jobs", "2", "--json"])
    assert run.code == 1 and run.json["error"] == alone == {
        "rule": "players/out-of-range",
        "reason": "A Feast for Odin takes 1–4 players, not 9",
        "kind": "malformed",
    }

"""The refresher's worked pillaging turn, played through the CLI in table-chance mode.

refresher.en.txt, "A turn, played out": round 4 of the 7-round game, two longships with 2 and
1 ore, 1 stone and 1 long sword in supply; pillaging sails the longship with the most ore; the
blue die rolls 2, 3 and 5 (each replacing the last: 4, 5, then 7), the stone makes 8, the long
sword is kept, a blue tile of sword value 8 or less is taken and the 2 ore stay on the ship; the
new tile goes straight onto the home board (placing goods is an anytime action).

The whole game is played with ``skald`` commands on one database: ``skald new feast --chance
table --entries ...`` and an opening of three rounds (``skald play ... --chance ...``) that
reaches exactly that position: seat 0 takes 1 ore and 2 wood a round (mountains and trade,
column 2), builds a longship in rounds 1 and 2, loses a raid in round 2 for the consolation
stone and long sword, and loads its ore; seat 1 passes. The referee's entries for the opening
(setup orders, draws) are what a seeded draw gives, recorded while a domain mirror of the game
decides the same commands; the worked turn's rolls are entered by hand, as at a real table.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

from skald.domain.feast.game import RULES
from skald.domain.feast.game import commands as cmd
from skald.domain.feast.game.items import amount
from skald.domain.feast.game.state import Phase, State
from skald.domain.feast.ships import ShipKind
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.chance import Chance, ChanceEntry
from skald.domain.kernel.play import fold
from skald.service.contract import wire
from tests.e2e_helpers import invoke_skald

T = TypeVar("T")

OPENING: dict[int, list[Any]] = {
    1: [cmd.PlaceVikings("mountains-and-trade-2-1"), cmd.PlaceVikings("build-ships-3-1")],
    2: [
        cmd.PlaceVikings("mountains-and-trade-2-1"),
        cmd.PlaceVikings("build-ships-3-1"),
        cmd.PlaceVikings("raiding-1-1"),
    ],
    3: [
        cmd.PlaceVikings("mountains-and-trade-2-1"),
        cmd.LoadOre(0),
        cmd.LoadOre(0),
        cmd.LoadOre(1),
    ],
}
"""Seat 0's Viking placements and ore loads per round (it passes when a round's are done)."""


class Recorded(Chance):
    """A seeded draw written down as the referee's table entries for it (weapon cards drawn
    are never the long sword, so the supply holds the example's one)."""

    def __init__(self, seed: str) -> None:
        self.source = ServerChance(b"scenario", seed)
        self.entries: list[ChanceEntry] = []

    def below(self, n: int, what: str) -> int:
        value = self.source.below(n, what)
        self.entries.append(value)
        return value

    def roll(self, sides: int, what: str) -> int:
        value = self.source.below(sides, what) + 1
        self.entries.append(value)
        return value

    def pick(self, items: Sequence[T], what: str) -> T:
        item = items[self.source.below(len(items), what)]
        if "weapon" in what:  # the referee deals no more long swords than the example holds
            item = next((i for i in items if str(i) != "long-sword"), item)
        self.entries.append((str(item),))
        return item

    def shuffle(self, items: Sequence[T], what: str) -> tuple[T, ...]:
        order = tuple(items[i] for i in _order(self.source, len(items), what))
        self.entries.append(tuple(str(i) for i in order))
        return order


def _order(source: ServerChance, n: int, what: str) -> list[int]:
    out = list(range(n))
    for i in range(n - 1, 0, -1):
        j = source.below(i + 1, what)
        out[i], out[j] = out[j], out[i]
    return out


def _entries(entries: Sequence[ChanceEntry]) -> str:
    return json.dumps([e if isinstance(e, int) else list(e) for e in entries])


def skald(*args: str) -> Any:
    run = invoke_skald([*args, "--json"])
    assert run.code == 0, run.stdout + run.stderr
    return json.loads(run.stdout)


class Table:
    """One table-chance game in the CLI's database, with its domain mirror."""

    def __init__(self, db: Path) -> None:
        self.db = str(db)
        chance = Recorded("setup")
        setup = RULES.setup(2, resolve_options(RULES.options, {}), chance)
        self.state: State = fold(RULES, 2, setup)
        created = skald(
            "new", "feast", "--players", "2", "--chance", "table",
            "--entries", _entries(chance.entries), "--db", self.db,
        )  # fmt: skip
        self.gid = created["game_id"]
        self.version = created["version"]

    def play(self, seat: int, command: Any, chance: Sequence[ChanceEntry] | None = None) -> Any:
        """``skald play`` with the referee's entries: ``chance`` as given, else recorded."""
        source: Chance
        if chance is None:
            source = Recorded(f"v{self.version}")
        else:
            from skald.domain.kernel import TableChance

            source = TableChance(chance)
        events = RULES.decide(self.state, seat, command, source)
        entries = source.entries if isinstance(source, Recorded) else list(chance or ())
        args = ["play", self.gid, wire.command_to_json("feast", command), "--seat", str(seat)]
        if entries:
            args += ["--chance", _entries(entries)]
        out = skald(*args, "--db", self.db)
        assert [e["type"] for e in out["events"]] == [type(e).__name__ for e in events]
        self.state = fold(RULES, 2, events, self.state)
        self.version = out["version"]
        return out["events"]

    def legal(self, seat: int) -> Any:
        return skald("legal", self.gid, "--seat", str(seat), "--db", self.db)


def _opening(table: Table) -> None:
    plans = {r: list(c) for r, c in OPENING.items()}
    while True:
        s = table.state
        (first, *_) = RULES.pending(s)
        if s.round == 4 and s.phase is Phase.ACTIONS and first.seat == 0:
            return
        if first.decision == "feast/place-vikings":
            plan = plans.get(s.round, []) if first.seat == 0 else []
            table.play(first.seat, plan.pop(0) if plan else cmd.Pass())
        elif first.decision == "feast/action-step":
            table.play(first.seat, cmd.FinishAction())
        elif first.decision == "feast/after-roll":
            table.play(first.seat, cmd.DeclareRaid(False))  # the raid is lost, for consolation
        elif first.decision == "feast/feast":
            table.play(first.seat, cmd.EndFeast())
        else:
            raise AssertionError(f"the opening meets {first.decision}")


def test_the_refreshers_pillaging_turn_through_the_cli(tmp_path: Path) -> None:
    table = Table(tmp_path / "skald.db")
    _opening(table)
    me = table.state.players[0]
    # round 4, two longships with 2 and 1 ore, 1 stone and 1 long sword in supply
    assert table.state.round == 4
    assert [(s.kind, s.ore) for s in me.ships] == [(ShipKind.LONGSHIP, 2), (ShipKind.LONGSHIP, 1)]
    assert (amount(me, "stone"), amount(me, "long-sword")) == (1, 1)
    shown = skald("show", table.gid, "--seat", "0", "--db", table.db)
    assert shown["version"] == table.version

    pillage = table.legal(0)
    assert {"place_vikings": {"space": "raiding-2-1"}} in pillage["commands"]
    # first roll 2: the longship with 2 ore sails, 4, an automatic failure
    (_, rolled) = table.play(0, cmd.PlaceVikings("raiding-2-1"), [2])[:2]
    assert rolled["type"] == "DieRolled"
    assert (rolled["data"]["die"], rolled["data"]["value"], rolled["data"]["modifier"]) == (
        "d12",
        2,
        2,
    )
    after_first = table.legal(0)["commands"]
    assert {"reroll": {}} in after_first and {"declare_raid": {}} in after_first
    # second roll 3: exactly 5, still a failure; third and last roll 5: 7
    (again,) = table.play(0, cmd.Reroll(), [3])
    assert (again["data"]["roll"], again["data"]["value"]) == (2, 3)
    (last,) = table.play(0, cmd.Reroll(), [5])
    assert (last["data"]["roll"], last["data"]["value"], last["data"]["modifier"]) == (3, 5, 2)
    choices = table.legal(0)["commands"]
    assert {"reroll": {}} not in choices  # three rolls at most
    eight = {
        c["declare_raid"].get("take")
        for c in choices
        if "declare_raid" in c and c["declare_raid"].get("stone") == 1
        and not c["declare_raid"].get("swords")
    }  # fmt: skip
    assert {"chest", "silk", "rune-stone", "silverware"} <= eight and "spices" not in eight
    # the stone makes 8, the long sword is kept, the chest is taken, the ore stays on board
    events = table.play(0, cmd.DeclareRaid(True, stone=1, take="chest"))
    won = next(e for e in events if e["type"] == "DiceSucceeded")
    assert won["data"]["result"] == 8
    me = table.state.players[0]
    assert (amount(me, "stone"), amount(me, "long-sword"), amount(me, "chest")) == (0, 1, 1)
    assert [s.ore for s in me.ships] == [2, 1]

    # the new blue tile goes straight onto the home board: `skald legal` groups its drops
    grouped = table.legal(0)["placements"]
    chest = next(g for g in grouped if g["piece"] == "chest" and g["board"] == "home")
    anchor = chest["anchors"][0]
    drop = cmd.PlaceGood("home", "chest", anchor["row"], anchor["col"], anchor["rotations"][0])
    human = invoke_skald(["legal", table.gid, "--seat", "0", "--db", table.db])
    assert human.code == 0 and " put chest home: " in human.stdout
    assert len(human.stdout.splitlines()) < 80
    text = wire.command_to_json("feast", drop)
    at = str(table.version)
    checked = skald("check", table.gid, text, "--at", at, "--seat", "0", "--db", table.db)
    assert checked["legal"] and checked["events"][0]["type"] == "GoodPlaced"
    (placed,) = table.play(0, drop)
    assert placed["type"] == "GoodPlaced"
    report = skald("verify", table.gid, "--db", table.db)
    assert report["ok"], report

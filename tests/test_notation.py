"""Move notation (``cli/words/notation.py``, ``domain/*/notation.py``): every legal command of random
games of all three games, at several player counts, has one text that reads back as itself,
no two legal commands share a text, and bad texts are refused naming the closest moves."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from skald.cli.autoplay.pickers import picker_for
from skald.cli.words import notation
from skald.cli.words.notation import Moves, NotationError, from_text, numbered, to_text
from skald.domain.kernel import ServerChance, resolve_options
from skald.domain.kernel.play import fold
from skald.domain.red_north.notation import card_name
from skald.service.bootstrap import registry
from tests.e2e_helpers import Run, invoke_skald

CASES = [
    ("red_north", 2, 1),
    ("red_north", 3, 2),
    ("red_north", 4, 3),
    ("brian_boru", 3, 4),
    ("brian_boru", 5, 5),
    ("feast", 1, 6),
    ("feast", 2, 7),
    ("feast", 4, 8),
]
"""(game, players, seed): whole games, the moves chosen as ``skald simulate`` does (Feast's
biased picker, so its games reach raids, ships and the final placement); the 4-player Feast
game is cut after :data:`FEAST_4_STEPS` commands to keep the test fast."""
STEPS = 5_000
FEAST_4_STEPS = 150


def positions(game: str, players: int, seed: int) -> Iterator[list[Any]]:
    """The legal commands of every seat to act, at each position of one random game."""
    steps = FEAST_4_STEPS if (game, players) == ("feast", 4) else STEPS
    rules = registry().rules(game)
    choose = picker_for(game)
    chance = ServerChance(f"notation-{seed}".encode(), "n")
    state = fold(rules, players, rules.setup(players, resolve_options(rules.options, {}), chance))
    picker = random.Random(seed)
    for _ in range(steps):
        if rules.outcome(state) is not None:
            return
        options = [(s, list(rules.legal_commands(state, s))) for s in sorted(rules.to_act(state))]
        options = [(s, cs) for s, cs in options if cs]
        for _, cs in options:
            yield cs
        seat, cs = picker.choice(options)
        state = fold(rules, players, rules.decide(state, seat, choose(cs, picker), chance), state)
    assert steps < STEPS, f"{game} did not end in {STEPS} commands"


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_every_legal_command_round_trips(game: str, players: int, seed: int) -> None:
    """Every legal command of every position of a whole game: one text each, distinct, read
    back as the command by :class:`Moves` (and by the grammar alone), and by its number."""
    lists = 0
    for legal in positions(game, players, seed):
        texts = [to_text(game, c) for c in legal]
        assert len(set(texts)) == len(texts), [t for t in texts if texts.count(t) > 1][:3]
        moves = Moves(game, legal)
        context = moves.module.context(legal)
        for c, text in zip(legal, texts, strict=True):
            assert moves.read(text) == c, text
            assert notation.parse(game, text, context) == c, text
        rows = moves.rows
        assert sorted(r[2] for r in rows) == sorted(texts)
        assert [r[0] for r in rows] == list(range(1, len(legal) + 1))
        assert moves.read(str(len(rows))) == moves.commands[-1] == moves.read(rows[-1][2])
        lists += 1
    assert lists > 20
    assert numbered(game, legal) == rows and from_text(game, texts[0], legal) == legal[0]


def _samples() -> dict[str, list[Any]]:
    """At least one command of every type of every game, rare shapes included."""
    from skald.domain.brian_boru import commands as bb
    from skald.domain.brian_boru.marriages import PrincessOption
    from skald.domain.brian_boru.state import SecondaryChoice
    from skald.domain.feast.game import commands as fe
    from skald.domain.feast.goods import Good
    from skald.domain.feast.ships import ShipKind
    from skald.domain.feast.special_tiles import SpecialTile
    from skald.domain.red_north import commands as rn
    from skald.domain.red_north.components import End, God

    return {
        "red_north": [
            rn.Deploy(("jarl-08", "raider-red-03", "hero-green")),
            rn.Deploy(("god-thor",)),
            rn.GiveFirstPlayer(2),
            rn.TakeFromDiscard("raider-yellow-11", End.RIGHT),
            rn.DeclinePower(),
            rn.Withdraw(0),
            rn.Reinforce(3, "raider-blue-10", End.LEFT),
            rn.Inspire(1),
            rn.Promote(2),
            rn.Invoke(God.LOKI, positions=(0, 0)),
            rn.Invoke(God.SAGA, targets=(rn.SagaTarget(1, 2), rn.SagaTarget(3, 0))),
            rn.Invoke(God.HEL, card="jarl-10", position=4),
            rn.Invoke(God.HEL),
            rn.Invoke(God.FREYA),
            rn.PlaceFreyaCard(End.LEFT),
            rn.Pass("hero-purple"),
            rn.Pass("god-nornir"),
            rn.Pass(),
        ],
        "brian_boru": [
            bb.PlaceStartingTown(53),
            bb.KeepCards(("r3-card-25", "r3-card-01")),
            bb.ChooseActiveTown(1),
            bb.PlayCard("r3-card-07"),
            bb.ChooseSecondary(SecondaryChoice.B),
            bb.BuyExtras(0),
            bb.Expand(None),
            bb.Expand(12),
            bb.ChooseTown(40),
            *(bb.ChoosePrincessOption(o) for o in PrincessOption),
        ],
        "feast": [
            fe.PlaceVikings("hunting-1-2"),
            fe.PlaceVikings("crafting-4-1", option=3),
            fe.PlaceVikings("imitation-3", copy="raiding-3-1"),
            fe.PlaceVikings(
                "imitation-1", option=1, copy="hunting-1-1", occupation="occupation-007"
            ),
            fe.PlaceVikings("mountains-and-trade-4-2", occupation="occupation-144"),
            fe.Pass(),
            fe.TakeFromMountain(8, 3),
            fe.Upgrade(Good.PEAS),
            fe.Upgrade(Good.GAME_MEAT, 2),
            fe.PlayOccupation("occupation-190"),
            fe.FinishAction(),
            fe.PlaceGood("long-house-1", "silver", 2, 10, 0),
            fe.PlaceGood("home", "skin-and-bones", 11, 12, 3),
            fe.BuyShip(ShipKind.WHALING_BOAT),
            fe.LoadOre(2),
            fe.ServeFood("whale-meat", 11, 1),
            fe.EndFeast(),
            fe.FinishPlacing(),
            fe.Reroll(),
            fe.DeclareHunt(False),
            fe.DeclareHunt(True, 0, 0),
            fe.DeclareHunt(True, 3, 2),
            fe.DeclareRaid(False),
            fe.DeclareRaid(True, 1, 0, "chest"),
            fe.DeclareRaid(True, 0, 2),
            fe.TradeOverseas((Good.PEAS, Good.BEANS, Good.GRAIN)),
            fe.BuySpecials((SpecialTile.GLASS_BEADS,)),
            fe.BuySpecials((SpecialTile.HELMET, SpecialTile.BELT)),
            fe.UseOccupation("occupation-017"),
            fe.UseOccupation("occupation-017", 2),
            fe.ResolveOccupation("occupation-101", 0),
            fe.ResolveOccupation("occupation-101"),
        ],
    }


@pytest.mark.parametrize("game", ["red_north", "brian_boru", "feast"])
def test_every_command_type_reads_back_from_its_text(game: str) -> None:
    """The grammar alone (what ``skald check`` reads, legal or not) inverts ``to_text`` for
    every command type of the game, rare shapes included; the texts are all different."""
    samples = _samples()[game]
    assert {type(c).__name__ for c in samples} == set(registry().rules(game).commands)
    texts = [to_text(game, c) for c in samples]
    assert len(set(texts)) == len(texts)
    context = 3 if game == "brian_boru" else None
    for c, text in zip(samples, texts, strict=True):
        assert notation.parse(game, text, context) == c, text
        assert notation.parse(game, "  " + text.upper() + " ", context) == c


def test_examples_read_as_documented() -> None:
    """The examples of the module docstrings and the README, with the other spellings read."""
    from skald.domain.red_north.commands import Deploy, Reinforce
    from skald.domain.red_north.components import End

    assert to_text("red-north", Deploy(("jarl-08", "raider-red-03", "raider-green-07"))) == (
        "deploy jarl8 red3 green7"
    )
    assert notation.parse("red-north", "deploy jarl-08 raider-red-03 green7") == Deploy(
        ("jarl-08", "raider-red-03", "raider-green-07")
    )
    assert notation.parse("red-north", "reinforce 2 red6 r") == Reinforce(
        1, "raider-red-06", End.RIGHT
    )
    assert notation.parse("brian-boru", "play r2-7") == notation.parse("brian-boru", "play 7", 2)
    assert to_text("feast", notation.parse("feast", "vikings hunting-1-1")) == "vikings hunt1a"
    assert to_text("feast", notation.parse("feast", "take 2 #3")) == "take 2 from #3"


def _red_north_start() -> list[Any]:
    rules = registry().rules("red_north")
    chance = ServerChance(b"errors", "n")
    state = fold(rules, 2, rules.setup(2, resolve_options(rules.options, {}), chance))
    return list(rules.legal_commands(state, 0))


def test_a_text_that_is_no_legal_move_is_refused_naming_the_closest() -> None:
    legal = _red_north_start()
    hand = sorted({card for c in legal for card in c.cards})
    with pytest.raises(NotationError, match=r"'foo' is no card .*; closest legal: deploy "):
        from_text("red-north", "deploy foo", legal)
    with pytest.raises(NotationError, match=r"'withdraw @1' is not legal now; closest legal: "):
        from_text("red-north", "withdraw 1", legal)
    with pytest.raises(NotationError, match=r"'fly' is no Red North move \(deploy, withdraw"):
        from_text("red-north", "fly away", legal)
    with pytest.raises(
        NotationError, match=r"could be 210 legal moves: deploy .* \(and 205 more\)"
    ):
        from_text("red-north", "deploy", legal)
    with pytest.raises(
        NotationError, match=r"there is no move 211: the legal moves are numbered 1..210"
    ):
        from_text("red-north", "211", legal)
    with pytest.raises(NotationError, match="there is no legal move now"):
        from_text("red-north", "pass", [])
    one = next(c for c in legal if c.cards[:2] == tuple(hand[:2]))
    two = [c for c in legal if c.cards[:2] == tuple(hand[:2])]
    assert len(two) == 5 and one in two
    prefix = "deploy " + " ".join(card_name(x) for x in hand[:2])
    with pytest.raises(NotationError, match="could be 5 legal moves"):
        from_text("red-north", prefix, legal)
    last = card_name(two[0].cards[2])
    assert from_text("red-north", f"{prefix} {last[:-1] if last[-1].isalpha() else last}", legal)


def test_every_move_of_the_largest_legal_list_reads_back() -> None:
    """The largest list of a Red North turn (210 deploys), indexed once: each row's text reads
    back as its own move. What indexing and a read cost: ``python -m skald.benchmarks.reads``."""
    legal = _red_north_start()
    moves = Moves("red-north", legal)
    texts = [row[2] for row in moves.rows]
    assert len(legal) == 210 and len(texts) == 210
    assert [moves.read(text) for text in texts] == moves.commands


# ---------------------------------------------------------------------------- the CLI


def test_legal_play_and_check_take_the_notation(tmp_path: Path) -> None:
    """``skald legal`` lists the numbered notation; ``play`` takes a notation or a number,
    ``check`` a notation (legal or not: the kernel names the rule), and JSON stays for
    programs; a text that is no legal move is refused naming the closest ones."""
    db = str(tmp_path / "skald.db")

    def skald(*args: str) -> Run:
        return invoke_skald([*args, "--db", db])

    gid = skald("new", "red-north", "--players", "2", "--seed", "cli", "--json").json["game_id"]
    listed = skald("legal", gid, "--seat", "0")
    assert listed.code == 0 and listed.stdout.startswith("deploy (deploy …):\n")
    numbers = re.findall(r"(\d+) (\w+ \w+ \w+)", listed.stdout)
    assert [int(n) for n, _ in numbers] == list(range(1, 211))
    machine = skald("legal", gid, "--seat", "0", "--json").json
    assert len(machine["commands"]) == 210 and "deploy" in machine["commands"][0]

    seventh = "deploy " + numbers[6][1]
    checked = skald("check", gid, seventh, "--at", str(_version(skald, gid)), "--seat", "0")
    assert checked.code == 0 and "legal at" in checked.stdout
    played = skald("play", gid, "7", "--seat", "0", "--json").json
    assert played["events"][0]["command"]["type"] == "Deploy"
    cards = played["events"][0]["command"]["data"]["cards"]
    assert "deploy " + " ".join(card_name(c) for c in cards) == seventh

    again = skald("check", gid, seventh, "--at", str(played["version"]), "--seat", "0")
    assert again.code == 1 and "red_north/already-deployed" in " ".join(again.stdout.split())
    bad = skald("check", gid, "deploy red99", "--at", "13", "--seat", "1")
    assert bad.code == 1 and "notation/bad: 'red99' is no card" in " ".join(bad.stderr.split())

    other = skald("legal", gid, "--seat", "1").stdout
    move = "deploy " + re.findall(r"\d+ (\w+ \w+ \w+)", other)[0]
    assert skald("play", gid, move.upper(), "--seat", "1").code == 0
    refused = skald("play", gid, "deploy nothing", "--seat", "0")
    assert refused.code == 1 and "notation/no-match" in refused.stderr
    first = skald("legal", gid, "--seat", "1", "--json").json["commands"]
    turn = 1 if first else 0
    options = skald("legal", gid, "--seat", str(turn)).stdout
    assert re.search(r"^\w[\w ()'…,]*:$", options, re.M)  # group headings
    as_json = json.dumps(skald("legal", gid, "--seat", str(turn), "--json").json["commands"][0])
    assert skald("play", gid, as_json, "--seat", str(turn)).code == 0
    assert skald("play", gid, "--hot-seat", "--seat", "0", "--server", "127.0.0.1:1").code == 1


def _version(skald: Any, gid: str) -> int:
    return int(skald("show", gid, "--json").json["version"])

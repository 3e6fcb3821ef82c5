"""The kernel contract, checked against every registered game (DESIGN.md "one shared contract
test"): setup, decide/evolve agreement, **legal means accepted** (both directions, with
generated near-misses), ``check`` agreeing with ``decide``, pending decisions agreeing with
``to_act``, codec round trips, views and redaction that keep secrets, option schemas,
determinism, and games that end for every player count."""

from __future__ import annotations

import dataclasses
import enum
import json
import random
import typing
from collections.abc import Iterator
from typing import Any

import pytest

from skald.domain.kernel import AnyRules, ServerChance, SkaldError, resolve_options
from skald.domain.kernel.codec import field_types, from_data, to_data
from skald.domain.kernel.play import fold, is_legal
from skald.domain.kernel.unseen import unseen
from skald.service.app.requests import CreateGame, ListGames
from skald.service.bootstrap import registry
from tests.command_leaks import batch_leaks

GAMES = registry().names(playable_only=True)
CASES = [
    (g, n)
    for g in GAMES
    for n in range(registry().rules(g).min_players, registry().rules(g).max_players + 1)
]
PROBE = ServerChance(b"probe", "probe")


def _text(obj: Any) -> str:
    return json.dumps(to_data(obj), sort_keys=True)


def _secret_hits(secrets: frozenset[str], text: str) -> list[str]:
    return [s for s in secrets if f'"{s}"' in text]


def _defaults(rules: AnyRules) -> dict[str, Any]:
    return resolve_options(rules.options, {})


# --------------------------------------------------------------------------- near-misses


class Vocabulary:
    """Every scalar seen in any legal command so far: the "other cards or targets" to try."""

    def __init__(self) -> None:
        self.ints: set[int] = {-1, 0, 1, 99}
        self.strs: set[str] = {"", "nope"}
        self.commands: dict[str, Any] = {}
        """One command of each type seen legal at some point (commands of another phase)."""

    def learn(self, command: Any) -> None:
        self.commands.setdefault(type(command).__name__, command)
        for value in _scalars(command):
            if isinstance(value, bool):
                continue
            if isinstance(value, int):
                self.ints.add(value)
            elif isinstance(value, str):
                self.strs.add(value)


def _scalars(obj: Any) -> Iterator[Any]:
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            yield from _scalars(getattr(obj, f.name))
    elif isinstance(obj, tuple):
        for item in obj:
            yield from _scalars(item)
    elif isinstance(obj, enum.Enum):
        yield obj.value
    elif obj is not None:
        yield obj


def _variants(tp: Any, value: Any, vocab: Vocabulary, picker: random.Random) -> list[Any]:
    """Values of type ``tp`` near ``value``."""
    origin = typing.get_origin(tp)
    if origin in (typing.Union, __import__("types").UnionType):
        inner = next(a for a in typing.get_args(tp) if a is not type(None))
        out = [] if value is None else [None]
        base = value if value is not None else None
        if base is None:
            out += _variants(inner, _example(inner, vocab, picker), vocab, picker)
        else:
            out += _variants(inner, value, vocab, picker)
        return out
    if origin is tuple:
        item = typing.get_args(tp)[0]
        out: list[Any] = []
        if value:
            out += [value[:-1], (value[0], *value), value[::-1] if len(value) > 1 else value]
            i = picker.randrange(len(value))
            for alt in _variants(item, value[i], vocab, picker)[:3]:
                out.append((*value[:i], alt, *value[i + 1 :]))
        else:
            example = _example(item, vocab, picker)
            if example is not None:  # a tuple never holds None (the wire cannot say it)
                out.append((example,))
        return out
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return [m for m in _mutations(value, vocab, picker)]
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return [m for m in tp if m != value]
    if tp is bool:
        return [not value]
    if tp is int:
        pool = sorted(vocab.ints)
        return sorted({value + 1, value - 1, *picker.sample(pool, min(3, len(pool)))} - {value})
    if tp is str:
        pool = sorted(vocab.strs)
        return sorted(set(picker.sample(pool, min(4, len(pool)))) - {value})
    return []


def _example(tp: Any, vocab: Vocabulary, picker: random.Random) -> Any:
    if tp is bool:
        return True
    if tp is int:
        return picker.choice(sorted(vocab.ints))
    if tp is str:
        return picker.choice(sorted(vocab.strs))
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return next(iter(tp))
    return None


def _mutations(command: Any, vocab: Vocabulary, picker: random.Random) -> list[Any]:
    """``command`` with one field changed, every way :func:`_variants` knows."""
    out = []
    for name, tp in field_types(type(command)).items():
        for alt in _variants(tp, getattr(command, name), vocab, picker):
            try:
                out.append(dataclasses.replace(command, **{name: alt}))
            except (TypeError, ValueError):
                continue
    return out


def _near_misses(
    rules: AnyRules,
    state: Any,
    players: int,
    legal: dict[int, set[Any]],
    vocab: Vocabulary,
    picker: random.Random,
) -> list[tuple[int, Any]]:
    """Commands close to legal ones that ``legal_commands`` does not list: the same command
    from another seat, one field changed (other cards, targets, counts), another phase's."""
    tries: list[tuple[int, Any]] = []
    for seat, commands in legal.items():
        for command in picker.sample(sorted(commands, key=repr), min(len(commands), 4)):
            tries += [(other, command) for other in range(players) if other != seat]
            tries += [(seat, m) for m in _mutations(command, vocab, picker)]
        tries += [(seat, c) for c in vocab.commands.values()]
    misses = [(s, c) for s, c in tries if c not in legal[s]]
    return picker.sample(misses, min(len(misses), 40))


def _reorders(value: Any) -> Iterator[Any]:
    """``value`` with one tuple of 2+ different items (a command field, or a field of a field)
    put in another order: reversed, and rotated by one. One choice has one command, so a game
    must refuse an order its ``legal_commands`` does not list (Red North's Saga targets once
    were accepted in any order, Loki's positions in either)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            for alt in _reorders(getattr(value, f.name)):
                yield dataclasses.replace(value, **{f.name: alt})
    elif isinstance(value, tuple) and len(value) > 1 and len(set(map(repr, value))) > 1:
        reversed_, rotated = value[::-1], value[1:] + value[:1]
        yield from dict.fromkeys(a for a in (reversed_, rotated) if a != value)


REORDERS_PER_STEP = 6
"""Reordered near-misses tried at every step (they exist only where a listed command holds a
tuple of 2+ different items, so trying them everywhere costs little)."""


def _reordered_misses(legal: dict[int, set[Any]], picker: random.Random) -> list[tuple[int, Any]]:
    """Every listed command with a tuple reordered, where the new order is not listed."""
    misses = [
        (seat, alt)
        for seat, commands in legal.items()
        for command in sorted(commands, key=repr)
        for alt in _reorders(command)
        if alt not in commands
    ]
    return picker.sample(misses, min(len(misses), REORDERS_PER_STEP))


def _hashable(command: Any) -> bool:
    try:
        hash(command)
    except TypeError:
        return False
    return True


@pytest.mark.parametrize(("game", "players"), CASES)
def test_legal_means_accepted(game: str, players: int) -> None:
    """Every listed command passes ``check`` and ``decide``; near-misses that are not listed are
    refused by both, with the same rule; ``pending`` names exactly the seats ``to_act``; no
    order of a listed command's tuple that is not listed itself is accepted."""
    rules = registry().rules(game)
    assert_legal_means_accepted(rules, players)
    assert_only_listed_orders_accepted(rules, players)


REORDER_STEPS = 300
"""Commands played in the short random games of :func:`assert_only_listed_orders_accepted`
(a handful of Red North games: a God such as Saga is held in only some of them)."""


def assert_only_listed_orders_accepted(
    rules: AnyRules, players: int, steps: int = REORDER_STEPS
) -> None:
    """Short random games (other seeds than the main one) in which every acting seat's listed
    commands are reordered (:func:`_reorders`) and each order not listed must be refused by
    ``check`` and ``decide`` alike: the near-miss a rule accepting "any order" lets through."""
    picker = random.Random(f"{rules.name}-{players}-orders")
    game = 0
    while steps > 0:
        chance = ServerChance(b"orders", f"{rules.name}-{players}-{game}")
        state = fold(rules, players, rules.setup(players, _defaults(rules), chance))
        while steps > 0 and rules.outcome(state) is None:
            steps -= 1
            legal = {s: set(rules.legal_commands(state, s)) for s in sorted(rules.to_act(state))}
            for seat, command in _reordered_misses(legal, picker):
                unlisted = f"seat {seat}: {command} is another order of a listed command"
                with pytest.raises(SkaldError) as by_check:
                    rules.check(state, seat, command)
                    pytest.fail(f"{unlisted}, and check accepts it")
                with pytest.raises(SkaldError) as by_decide:
                    rules.decide(state, seat, command, PROBE)
                    pytest.fail(f"{unlisted}, and decide accepts it")
                assert by_check.value.rule == by_decide.value.rule, command
            seat = picker.choice(sorted(legal))
            command = picker.choice(sorted(legal[seat], key=repr))
            state = fold(rules, players, rules.decide(state, seat, command, chance), state)
        game += 1


def assert_legal_means_accepted(rules: AnyRules, players: int) -> None:
    """One random game of ``rules`` with every listed and near-miss command tried on the way."""
    game = rules.name
    picker = random.Random(f"{game}-{players}")
    chance = ServerChance(b"legal", f"{game}-{players}")
    state = fold(rules, players, rules.setup(players, _defaults(rules), chance))
    vocab = Vocabulary()
    reorder_picker = random.Random(f"{game}-{players}-reorders")  # leaves the game's path as it was
    checked = refused = 0
    for step in range(20_000):
        if rules.outcome(state) is not None:
            break
        pending = rules.pending(state)
        acting = rules.to_act(state)
        assert acting == frozenset(p.seat for p in pending), "to_act is the seats of pending"
        answers: dict[int, set[str]] = {}
        for p in pending:
            assert set(p.answers) <= set(rules.commands), f"{p.decision} names unknown commands"
            answers.setdefault(p.seat, set()).update(p.answers)
        legal = {s: set(rules.legal_commands(state, s)) for s in range(players)}
        for seat, commands in legal.items():
            allowed = answers.get(seat, set()) | set(rules.anytime)
            for command in sorted(commands, key=repr):  # set order varies with hash seeds
                assert _hashable(command)
                assert type(command).__name__ in allowed, (
                    f"seat {seat} may send {type(command).__name__} but awaits {sorted(allowed)}"
                )
                vocab.learn(command)
        for seat in acting:
            assert legal[seat], f"seat {seat} is awaited but has no legal command"
        misses = _reordered_misses(legal, reorder_picker)
        sample = step < 40 or picker.random() < 0.2
        if sample:
            for seat, commands in legal.items():
                for command in picker.sample(sorted(commands, key=repr), min(len(commands), 5)):
                    rules.check(state, seat, command)
                    assert rules.decide(state, seat, command, PROBE)
                    checked += 1
            misses += _near_misses(rules, state, players, legal, vocab, picker)
        for seat, command in misses:
            with pytest.raises(SkaldError) as by_check:
                rules.check(state, seat, command)
                pytest.fail(f"seat {seat}: {command} is not listed, and check accepts it")
            with pytest.raises(SkaldError) as by_decide:
                rules.decide(state, seat, command, PROBE)
                pytest.fail(f"seat {seat}: {command} is not listed, and decide accepts it")
            assert by_check.value.rule == by_decide.value.rule, command
            assert not is_legal(rules, state, seat, command)
            refused += 1
        seat = picker.choice(sorted(acting))
        command = picker.choice(sorted(legal[seat], key=repr))
        state = fold(rules, players, rules.decide(state, seat, command, chance), state)
    else:
        pytest.fail("game did not end")
    assert rules.pending(state) == () and rules.to_act(state) == frozenset()
    assert checked and refused, (checked, refused)


# --------------------------------------------------------------------------- whole games


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_games_keep_the_contract(game: str, players: int) -> None:
    rules = registry().rules(game)
    for seed in range(2):
        chance = ServerChance(b"contract", f"{game}-{players}-{seed}")
        picker = random.Random(seed)
        events = list(rules.setup(players, _defaults(rules), chance))
        state = fold(rules, players, events)
        assert rules.to_act(state), "somebody must be able to act after setup"
        for _step in range(20_000):
            if rules.outcome(state) is not None:
                break
            acting = sorted(rules.to_act(state))
            assert acting, "a running game has someone to act"
            seat = picker.choice(acting)
            legal = list(rules.legal_commands(state, seat))
            assert legal, f"seat {seat} is to act but has no legal command"
            # a seat not to act is refused, whatever non-anytime command it sends
            idle = [s for s in range(players) if s not in acting]
            ordinary = [c for c in legal if type(c).__name__ not in rules.anytime]
            if idle and ordinary:
                with pytest.raises(SkaldError):
                    rules.decide(state, idle[0], ordinary[0], PROBE)
            command = picker.choice(legal)
            assert from_data(type(command), to_data(command)) == command
            new = rules.decide(state, seat, command, chance)
            assert new, "an accepted command makes at least one event"
            for event in new:
                assert from_data(type(event), to_data(event)) == event
                state = rules.evolve(state, event)
            events += new
        else:
            pytest.fail("game did not end")
        outcome = rules.outcome(state)
        assert outcome is not None and len(outcome.scores) == players and outcome.winners
        assert rules.to_act(state) == frozenset()
        # replay = fold of the stored events
        assert fold(rules, players, events) == state
        for s in (*range(players), None):
            view = rules.view(state, s)
            assert from_data(type(view), to_data(view)) == view
            assert not _secret_hits(rules.secrets(state, s), _text(view))


@pytest.mark.parametrize("game", GAMES)
def test_same_seed_same_game(game: str) -> None:
    rules = registry().rules(game)
    players = rules.max_players

    def play() -> list[Any]:
        chance = ServerChance(b"same", "stream")
        picker = random.Random(7)
        events = list(rules.setup(players, _defaults(rules), chance))
        state = fold(rules, players, events)
        for _ in range(60):
            if rules.outcome(state) is not None:
                break
            seat = sorted(rules.to_act(state))[0]
            command = picker.choice(list(rules.legal_commands(state, seat)))
            new = rules.decide(state, seat, command, chance)
            state = fold(rules, players, new, state)
            events += new
        return events

    assert play() == play()


LEAK_STEPS = {"feast": 200}
"""Commands played in the leak test (each step re-reads the whole stream for every seat): A
Feast for Odin's 4-player game runs to about 450 commands, and its first 200 (rounds 1–4)
deal, draw and play occupations like the rest."""


@pytest.mark.parametrize("game", GAMES)
def test_secrets_stay_hidden_during_play(game: str) -> None:
    """Mid-game (where hidden information is live), no view or redacted event of one seat
    names a card that seat may not know."""
    rules = registry().rules(game)
    players = rules.max_players
    chance = ServerChance(b"leak", "stream")
    picker = random.Random(3)
    events = list(rules.setup(players, _defaults(rules), chance))
    state = fold(rules, players, events)
    for _ in range(LEAK_STEPS.get(game, 400)):
        if rules.outcome(state) is not None:
            break
        for s in (*range(players), None):
            secrets = rules.secrets(state, s)
            assert not _secret_hits(secrets, _text(rules.view(state, s))), f"view of {s} leaks"
            stream = "".join(_text(rules.redact(e, s)) for e in events)
            assert not _secret_hits(secrets, stream), f"stream of seat {s} leaks"
            for p in rules.pending(state):
                assert not _secret_hits(secrets, json.dumps(dataclasses.asdict(p)))
        seat = picker.choice(sorted(rules.to_act(state)))
        command = picker.choice(list(rules.legal_commands(state, seat)))
        new = rules.decide(state, seat, command, chance)
        state = fold(rules, players, new, state)
        events += new


@pytest.mark.parametrize("game", GAMES)
def test_a_public_command_tells_no_more_than_its_events(game: str) -> None:
    """Another seat's command as ``public_command`` serves it keeps its type, round-trips and is
    served alike again; for every other seat and a spectator it names no id the reader cannot
    place before or after its batch (``unseen``) unless the batch's events, as that reader is
    served them, name it too, and it holds no value ``redact`` took out of those events (a
    hand position is a number, no id)."""
    rules = registry().rules(game)
    players = rules.max_players
    chance = ServerChance(b"public", "commands")
    picker = random.Random(5)
    state = fold(rules, players, rules.setup(players, _defaults(rules), chance))
    readers = (*range(players), None)
    before = {r: unseen(rules, state, r) for r in readers}
    for _ in range(LEAK_STEPS.get(game, 400)):
        if rules.outcome(state) is not None:
            break
        seat = picker.choice(sorted(rules.to_act(state)))
        command = picker.choice(list(rules.legal_commands(state, seat)))
        new = rules.decide(state, seat, command, chance)
        state = fold(rules, players, new, state)
        after = {r: unseen(rules, state, r) for r in readers}
        public = rules.public_command(command)
        if public is not None:
            assert type(public) is type(command)
            assert from_data(type(public), to_data(public)) == public
            assert rules.public_command(public) == public
            full = [to_data(e) for e in new]
            for r in (r for r in readers if r != seat):
                hidden = before[None] | after[None] | before[r] | after[r]
                shown = [to_data(rules.redact(e, r)) for e in new]
                leaks = batch_leaks(to_data(public), hidden, full, shown)
                assert not leaks, (type(command).__name__, r, leaks)
        before = after


@pytest.mark.parametrize("game", GAMES)
def test_option_schema_is_complete_and_validated(game: str) -> None:
    """Every option has a unique name, help, a default its own schema accepts; unknown names and
    values of the wrong kind are refused before setup ever runs."""
    rules = registry().rules(game)
    names = [o.name for o in rules.options]
    assert len(names) == len(set(names))
    defaults = _defaults(rules)
    assert set(defaults) == set(names)
    for spec in rules.options:
        assert spec.help
        assert defaults[spec.name] == spec.default
        assert resolve_options(rules.options, {spec.name: spec.default})[spec.name] == spec.default
        assert json.dumps(spec.describe())
    with pytest.raises(SkaldError) as info:
        resolve_options(rules.options, {"no-such-option": 1})
    assert info.value.rule == "options/unknown"


@pytest.mark.parametrize("game", GAMES)
def test_player_counts_outside_the_box_are_refused(game: str) -> None:
    from skald.service.bootstrap import open_service

    rules = registry().rules(game)
    svc = open_service(":memory:")
    for players in (rules.min_players - 1, rules.max_players + 1):
        with pytest.raises(SkaldError) as info:
            svc.create(CreateGame(game, players))
        assert info.value.rule == "players/out-of-range"
    assert svc.list_games(ListGames()) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_state_before_setup_can_be_viewed(game: str) -> None:
    """``skald show --at 1`` shows the game right after its kernel record, before setup."""
    rules = registry().rules(game)
    blank = rules.initial(rules.min_players)
    for seat in (None, 0):
        view = rules.view(blank, seat)
        assert from_data(type(view), to_data(view)) == view
    assert rules.outcome(blank) is None
    assert rules.pending(blank) == ()

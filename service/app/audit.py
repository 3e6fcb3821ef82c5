"""The audit use cases: verify a stored game, check a command at an old version, diff two games.

Nothing here writes. Verification of a stored game uses its secret seed, so it is for the
referee or operator (:mod:`skald.service.app.policy`); ``check`` answers a seat too, but only with what
the seat could see without committing: a throwaway seed is not enough, since a game may
shuffle once at setup and draw from that order later (Red North's deck, Brian Boru's Viking
and marriage decks), so a seat's answer is the events as a spectator sees them, cut before
the first one that would show anything the seat cannot place now; a seat sends no table
entries (trying one card after another would tell what a hidden deck holds). ``diff``
compares two record sequences — stored games or replay files — and is what ``skald diff``
prints.
"""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from typing import Any

from skald.domain.kernel.chance import Chance, ChanceEntry, ServerChance
from skald.domain.kernel.codec import to_data
from skald.domain.kernel.contract import AnyRules, Seat
from skald.domain.kernel.errors import GameOver
from skald.domain.kernel.records import GameCreated
from skald.domain.kernel.unseen import unseen
from skald.service.app import policy
from skald.service.app.commands import chance_source
from skald.service.app.queries import redact
from skald.service.model.auth import Principal
from skald.service.model.batches import build_records
from skald.service.model.errors import NotFound
from skald.service.model.folding import Loaded, boundary, fold_records
from skald.service.model.records import CREATED, Record, read_kernel, without_entries
from skald.service.model.registry import Registry
from skald.service.model.verify import Report, verify
from skald.service.store.repository import Repository

__all__ = ["check", "diff", "verify_game"]


def verify_game(repo: Repository, game_id: str, principal: Principal) -> Report:
    """Verify a stored game with the seeds and the record salt key from this store's secrets
    (the key also checks the one the game's end reveals)."""
    policy.require_full_access(principal, "verifying a stored game uses its secret seed")
    records, head = repo.read_to_head(game_id)
    if not records:
        raise NotFound("game/unknown", f"no game with id {game_id!r}")
    secret = repo.secret(game_id)
    return verify(
        records,
        secret.seeds if secret else None,
        repo.games,
        head,
        salt_key=secret.salt_key if secret else None,
    )


def check(
    repo: Repository,
    game_id: str,
    principal: Principal,
    at: int,
    seat: Seat,
    command: Any,
    chance_entries: Sequence[ChanceEntry] = (),
) -> list[Record]:
    """Would ``command`` have been legal at version ``at``? The events it would make (nothing
    is written, redacted for ``principal``), or the rule error it meets.

    ``rules.check`` answers legality first, without drawing chance, so a refused command never
    needs table entries or a seed. Only a referee or operator sees the outcomes the game's own
    seed, state or table entries would give, and only they may send entries; a seat's answer,
    in a server or a table game, draws from a throwaway seed and is :func:`_seat_answer`."""
    latest = repo.load(game_id)
    boundary(latest, at)
    loaded = latest if at == latest.version else repo.load(game_id, upto=at)
    policy.may_act(principal, seat, loaded.players)
    if chance_entries:  # a seat trying entries would learn, card by card, what a deck holds
        policy.may_enter_chance(principal)
    if loaded.ended is not None:
        raise GameOver("game/over", f"the game had ended at version {at}")
    rules = loaded.rules
    rules.check(loaded.state, seat, command)
    source: Chance
    if not policy.sees_everything(principal):  # server or table chance: a throwaway draw
        source = ServerChance(uuid.uuid4().bytes, "check", loaded.cursor)
    else:  # the game's own seed, or hypothetical table entries (nothing is written)
        source = chance_source(repo, loaded, chance_entries)
    events = rules.decide(loaded.state, seat, command, source)
    records = build_records(
        at + 1, seat, "check", command, source, loaded.mode, loaded.cursor, events
    )
    if policy.sees_everything(principal):
        return [redact(rules, r, principal, e) for r, e in zip(records, events, strict=True)]
    return _seat_answer(rules, loaded.state, seat, records, events)


def _seat_answer(
    rules: AnyRules, state: Any, seat: Seat, records: Sequence[Record], events: Sequence[Any]
) -> list[Record]:
    """The events a seat's check may show: each as a spectator sees it (no drawn card, no deck
    order, not even the seat's own draw, which it sees only by committing), and only up to the
    first event that would still name an id the seat cannot place now
    (:func:`~skald.domain.kernel.unseen.unseen`) — a card revealed to all when the command is played
    (Brian Boru's Viking and marriage cards), or a face-down Red North card turned up by the
    Resolution a ``Pass`` would start, even one all saw before it went down. Everything after
    that event may depend on the card, so it is cut too; legality is answered in full."""
    hidden = unseen(rules, state, seat)
    shown: list[Record] = []
    for record, event in zip(records, events, strict=True):
        public = rules.redact(event, None)
        data = to_data(public)
        if _names_any(data, hidden):
            break
        chance = record.chance
        if chance is not None:
            chance = without_entries(chance)
        shown.append(
            Record(
                record.version,
                type(public).__name__,
                record.seat,
                record.command_id,
                data,
                record.command,
                chance,
            )
        )
    return shown


def _names_any(value: Any, ids: frozenset[str]) -> bool:
    """Whether ``value`` (encoded event data) holds any of ``ids`` anywhere."""
    if isinstance(value, str):
        return value in ids
    if isinstance(value, dict):
        return any(_names_any(v, ids) for v in value.values())
    if isinstance(value, list | tuple):
        return any(_names_any(v, ids) for v in value)
    return False


# ---------------------------------------------------------------------------------- diff


def _diff_values(a: Any, b: Any, path: str, out: list[dict[str, Any]]) -> None:
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            _diff_values(a.get(key), b.get(key), f"{path}.{key}" if path else key, out)
    elif (
        isinstance(a, list)
        and isinstance(b, list)
        and len(a) == len(b)
        and any(isinstance(x, dict | list) for x in a)
    ):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _diff_values(x, y, f"{path}[{i}]", out)
    elif a != b:
        out.append({"path": path, "a": a, "b": b})


def _same(x: Record, y: Record) -> bool:
    """Two records say the same thing (a fork's ``GameCreated`` differs only in its id,
    segments and origin, which is not a divergence of play)."""
    if x.type == CREATED and y.type == CREATED:
        cx, cy = read_kernel(x, GameCreated), read_kernel(y, GameCreated)
        return (cx.game, cx.players, cx.options, cx.chance) == (
            cy.game,
            cy.players,
            cy.options,
            cy.chance,
        )
    return (x.type, x.seat, x.data) == (y.type, y.seat, y.data)


def _summary(loaded: Loaded) -> dict[str, Any]:
    """The public view and every seat's own view (its private holdings) of a folded game."""
    rules, state = loaded.rules, loaded.state
    outcome = rules.outcome(state)
    return {
        "version": loaded.version,
        "scores": list(outcome.scores) if outcome else None,
        "view": to_data(rules.view(state, None)),
        "seats": [to_data(rules.view(state, s)) for s in range(loaded.players)],
    }


def diff(
    a: Sequence[Record],
    b: Sequence[Record],
    label_a: str = "a",
    label_b: str = "b",
    games: Registry | None = None,
) -> dict[str, Any]:
    """Where two games part, and how their states differ at their ends.

    ``first_divergence`` is the version at which they part: both agree up to and including it,
    and their next events differ (for a fork at V played differently, V). It is ``None`` when
    one game is a prefix of the other or both are equal. ``state_differences`` lists the public
    view's differences, then each seat's private ones (paths prefixed ``seat N sees:``)."""
    common = 0
    for x, y in zip(a, b, strict=False):
        if not _same(x, y):
            break
        common += 1
    diverged = common < len(a) and common < len(b)
    sa = _summary(fold_records(a, games=games))
    sb = _summary(fold_records(b, games=games))
    changes: list[dict[str, Any]] = []
    _diff_values(sa["view"], sb["view"], "", changes)
    public = {c["path"] for c in changes}
    for seat, (va, vb) in enumerate(zip(sa["seats"], sb["seats"], strict=False)):
        private: list[dict[str, Any]] = []
        _diff_values(va, vb, "", private)
        changes += [
            {**c, "path": f"seat {seat} sees: {c['path']}"}
            for c in private
            if c["path"] not in public
        ]
    return {
        "a": label_a,
        "b": label_b,
        "a_version": len(a),
        "b_version": len(b),
        "common_prefix": common,
        "first_divergence": common if diverged else None,
        "first_different_event": common + 1 if diverged else None,
        "scores": {"a": sa["scores"], "b": sb["scores"]},
        "state_differences": changes,
    }

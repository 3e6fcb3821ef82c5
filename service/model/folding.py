"""A game's records folded into state: the loaded game the use cases extend.

Pure functions over the rules and records (no store); new records are built in
:mod:`skald.service.model.batches`. The games catalog is a parameter: the
repository passes the one injected into the service; offline callers (a replay file) may omit
it and get the process catalog (:func:`skald.service.model.catalog.registry`). The repository uses them to
load and extend games, ``verify`` to re-decide them, the CLI to replay files. Each event is decoded and evolved once
per fold; kernel records are read as their typed classes (``domain/kernel/records.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from skald.domain.kernel.codec import from_data, from_stored
from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.records import ChanceMode, GameCreated, GameEnded
from skald.service.model import catalog
from skald.service.model.records import (
    CREATED,
    ENDED,
    GENESIS,
    RESEEDED,
    SETUP,
    Record,
    read_kernel,
)
from skald.service.model.registry import Registry
from skald.service.model.upcasting import active as upcasting_active
from skald.service.model.upcasting import upcast

__all__ = [
    "Loaded",
    "advance",
    "boundary",
    "chance_span",
    "decode_command",
    "decode_event",
    "fold_into",
    "fold_records",
]


@dataclass
class Loaded:
    """A game's folded state at ``version`` plus what the service needs to extend it."""

    game_id: str
    rules: AnyRules
    created: GameCreated
    version: int = 0
    state: Any = None
    last_hash: str = GENESIS
    cursor: int = 0
    ended: GameEnded | None = None
    batches: dict[str, tuple[int, int]] = field(default_factory=dict)
    """command id → (first version, last version), for idempotent retries and boundaries."""

    @property
    def players(self) -> int:
        return self.created.players

    @property
    def mode(self) -> ChanceMode:
        return self.created.chance

    @property
    def game(self) -> str:
        return self.created.game


def decode_event(rules: AnyRules, record: Record) -> Any:
    """A record's domain event from untrusted data (files, verify): validated field by field."""
    type_name, data = upcast(rules.name, record.type, record.data)
    cls = rules.events.get(type_name)
    if cls is None:
        raise Malformed(
            "record/unknown-type", f"v{record.version}: unknown event type {record.type!r}"
        )
    return from_data(cls, data)


def decode_command(rules: AnyRules, type_name: str, data: Mapping[str, Any]) -> Any:
    cls = rules.commands.get(type_name)
    if cls is None:
        known = ", ".join(sorted(rules.commands))
        raise Malformed(
            "command/unknown", f"{rules.name} has no command {type_name!r}; known: {known}"
        )
    return from_data(cls, data)


def chance_span(record: Record) -> tuple[int, int] | None:
    """``(from, used)`` of the chance a batch drew (on its first record), or ``None``; an
    ill-formed chance field (a file's) → :class:`Malformed`."""
    chance = record.chance
    if chance is None:
        return None
    start, used = chance.get("from"), chance.get("used")
    if not isinstance(start, int) or not isinstance(used, int) or isinstance(start, bool):
        raise Malformed("record/malformed", f"v{record.version}: chance needs integer from/used")
    return start, used


def fold_into(
    loaded: Loaded | None,
    game_id: str,
    records: Sequence[Record],
    games: Registry | None = None,
    trusted: bool = True,
) -> Loaded:
    """``loaded`` (or a new game, when ``None``) moved past ``records``: the fold of evolve.

    ``trusted`` records were written by this codec (a store): decoded without validation, the
    fast path of every load. Untrusted ones (a file) are validated field by field, and an event
    that does not apply is refused with :class:`Malformed` instead of failing inside a game."""
    if not records:
        if loaded is None:
            raise Malformed("record/no-created", f"game {game_id} has no records")
        return loaded
    if loaded is None:
        first = records[0]
        if first.type != CREATED:
            raise Malformed("record/no-created", f"game {game_id} does not start with {CREATED}")
        created = read_kernel(first, GameCreated)
        rules = (games or catalog.registry()).rules(created.game)
        if not trusted and not rules.min_players <= created.players <= rules.max_players:
            raise Malformed(
                "record/malformed", f"{created.players} players cannot play {rules.title}"
            )
        loaded = Loaded(game_id, rules, created, state=rules.initial(created.players))
    else:
        loaded = replace(loaded, batches=dict(loaded.batches))
    rules = loaded.rules
    evolve = rules.evolve
    events = rules.events
    upcasting = upcasting_active()
    state = loaded.state
    batches = loaded.batches
    for r in records:
        kind = r.type
        if kind == ENDED:
            loaded.ended = read_kernel(r, GameEnded)
        elif kind != CREATED and kind != RESEEDED:
            if not trusted:
                state = _apply_untrusted(rules, state, r)
            elif upcasting:
                name, data = upcast(rules.name, kind, r.data)
                state = evolve(state, from_stored(events[name], data))
            else:
                state = evolve(state, from_stored(events[kind], r.data))
        if r.chance is not None:
            start, used = chance_span(r) or (0, 0)
            loaded.cursor = start + used
        if kind != ENDED:
            first_last = batches.get(r.command_id)
            batches[r.command_id] = (first_last[0] if first_last else r.version, r.version)
        loaded.version = r.version
        loaded.last_hash = r.hash
    loaded.state = state
    return loaded


def _apply_untrusted(rules: AnyRules, state: Any, record: Record) -> Any:
    event = decode_event(rules, record)
    try:
        return rules.evolve(state, event)
    except Exception as error:  # evolve never validates: a forged event may break it anywhere
        raise Malformed(
            "record/does-not-apply",
            f"v{record.version}: {record.type} does not apply to the game ({type(error).__name__})",
        ) from None


def fold_records(
    records: Sequence[Record], game_id: str = "file", games: Registry | None = None
) -> Loaded:
    """The state after ``records`` (a whole game or a prefix of one) from outside the store —
    a replay file, a remote history: validated on the way (see :func:`fold_into`)."""
    return fold_into(None, game_id, records, games, trusted=False)


def advance(loaded: Loaded, sealed: Sequence[Record], state: Any) -> Loaded:
    """``loaded`` moved past the records just appended, their state already computed (the
    command path evolves each event once, here it only books versions, chance and the end)."""
    batches = dict(loaded.batches)
    ended = loaded.ended
    cursor = loaded.cursor
    for r in sealed:
        if r.type == ENDED:
            ended = read_kernel(r, GameEnded)
        else:
            first_last = batches.get(r.command_id)
            batches[r.command_id] = (first_last[0] if first_last else r.version, r.version)
        if r.chance is not None:
            start, used = chance_span(r) or (0, 0)
            cursor = start + used
    return Loaded(
        loaded.game_id,
        loaded.rules,
        loaded.created,
        sealed[-1].version,
        state,
        sealed[-1].hash,
        cursor,
        ended,
        batches,
    )


def boundary(loaded: Loaded, at: int) -> None:
    """Refuse a version inside one command's batch (its state is half-applied)."""
    if not 1 <= at <= loaded.version:
        raise Malformed("version/out-of-range", f"version {at} is not in 1..{loaded.version}")
    for cid, (first, last) in loaded.batches.items():
        if (first <= at < last and cid != SETUP) or (cid == SETUP and 1 < at < last):
            before = max(first - 1, 1)  # the setup batch starts at 1, which is a boundary
            raise Malformed(
                "version/not-a-boundary",
                f"version {at} falls inside one command's events ({first}..{last}); "
                f"use {before} or {last}",
            )

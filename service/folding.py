"""A game's records folded into state, and new records built and sealed onto the chain.

Pure functions over the rules and records (no store): the game service uses them to load and
extend games, ``verify`` to re-decide them, the CLI to replay files.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.bootstrap import registry
from domain.kernel.chance import Chance, ServerChance, TableChance
from domain.kernel.codec import from_data, from_stored, to_data
from domain.kernel.contract import Rules
from domain.kernel.errors import ChanceNeeded, Malformed
from service.records import GENESIS, KERNEL, Record
from service.upcasting import active as upcasting_active
from service.upcasting import upcast

CREATED = f"{KERNEL}.GameCreated"
ENDED = f"{KERNEL}.GameEnded"
RESEEDED = f"{KERNEL}.Reseeded"
SETUP = "setup"
RULES_FORMAT = 1


@dataclass
class Loaded:
    """A game's folded state at ``version`` plus what the service needs to extend it."""

    game_id: str
    rules: Rules
    created: dict[str, Any]
    version: int = 0
    state: Any = None
    last_hash: str = GENESIS
    cursor: int = 0
    ended: dict[str, Any] | None = None
    batches: dict[str, tuple[int, int]] = field(default_factory=dict)
    """command id → (first version, last version), for idempotent retries and boundaries."""

    @property
    def players(self) -> int:
        return int(self.created["players"])

    @property
    def mode(self) -> str:
        return str(self.created["chance"])

    @property
    def game(self) -> str:
        return str(self.created["game"])


@dataclass(frozen=True, slots=True)
class Created:
    game_id: str
    game: str
    players: int
    seat_tokens: tuple[str, ...]
    referee_token: str
    commitment: str
    version: int


@dataclass(frozen=True, slots=True)
class Submitted:
    version: int
    records: tuple[Record, ...]
    replayed: bool = False
    """True when the command id had already been applied (an idempotent retry)."""


def decode_event(rules: Rules, record: Record) -> Any:
    type_name, data = upcast(rules.name, record.type, record.data)
    cls = rules.events.get(type_name)
    if cls is None:
        raise Malformed(
            "record/unknown-type", f"v{record.version}: unknown event type {record.type!r}"
        )
    return from_data(cls, data)


def decode_command(rules: Rules, type_name: str, data: Mapping[str, Any]) -> Any:
    cls = rules.commands.get(type_name)
    if cls is None:
        known = ", ".join(sorted(rules.commands))
        raise Malformed(
            "command/unknown", f"{rules.name} has no command {type_name!r}; known: {known}"
        )
    return from_data(cls, data)


def command_json(command: Any) -> dict[str, Any]:
    return {"type": type(command).__name__, "data": to_data(command)}


def chance_for(seeds: Sequence[Mapping[str, Any]], cursor: int) -> ServerChance:
    """Server chance at ``cursor``, from the seed segment that covers it."""
    segment = [s for s in seeds if int(s["from"]) <= cursor][-1]
    return ServerChance(bytes.fromhex(str(segment["seed"])), str(segment["stream"]), cursor)


def fold_into(loaded: Loaded | None, game_id: str, records: Sequence[Record]) -> Loaded:
    """``loaded`` (or a new game, when ``None``) moved past ``records``: the fold of evolve."""
    if not records:
        assert loaded is not None
        return loaded
    if loaded is None:
        first = records[0]
        if first.type != CREATED:
            raise Malformed("record/no-created", f"game {game_id} does not start with {CREATED}")
        rules = registry().rules(str(first.data["game"]))
        loaded = Loaded(game_id, rules, dict(first.data))
        loaded.state = rules.initial(loaded.players)
    else:
        loaded = Loaded(
            loaded.game_id,
            loaded.rules,
            loaded.created,
            loaded.version,
            loaded.state,
            loaded.last_hash,
            loaded.cursor,
            loaded.ended,
            dict(loaded.batches),
        )
    rules = loaded.rules
    evolve = rules.evolve
    events = rules.events
    upcasting = upcasting_active()
    state = loaded.state
    for r in records:
        if r.type == CREATED or r.type == RESEEDED:
            pass
        elif r.type == ENDED:
            loaded.ended = dict(r.data)
        else:
            if upcasting:
                name, data = upcast(rules.name, r.type, r.data)
                state = evolve(state, from_stored(events[name], data))
            else:
                state = evolve(state, from_stored(events[r.type], r.data))
        if r.chance is not None:
            loaded.cursor = int(r.chance["from"]) + int(r.chance["used"])
        if r.type != ENDED:
            first_last = loaded.batches.get(r.command_id)
            loaded.batches[r.command_id] = (
                first_last[0] if first_last else r.version,
                r.version,
            )
        loaded.version = r.version
        loaded.last_hash = r.hash
    loaded.state = state
    return loaded


# ------------------------------------------------------------------ creating


def fold_records(records: Sequence[Record], game_id: str = "file") -> Loaded:
    """The state after ``records`` (a whole game or a prefix of one), e.g. from a replay file."""
    return fold_into(None, game_id, records)


def advance(loaded: Loaded, sealed: Sequence[Record], state: Any) -> Loaded:
    """``loaded`` moved past the records just appended (their state already computed)."""
    batches = dict(loaded.batches)
    ended = loaded.ended
    cursor = loaded.cursor
    for r in sealed:
        if r.type != ENDED:
            first_last = batches.get(r.command_id)
            batches[r.command_id] = (first_last[0] if first_last else r.version, r.version)
        if r.chance is not None:
            cursor = int(r.chance["from"]) + int(r.chance["used"])
        if r.type == ENDED:
            ended = dict(r.data)
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


def build_records(
    rules: Rules,
    version: int,
    seat: int,
    command_id: str,
    command: Any,
    source: Chance,
    mode: str,
    cursor: int,
    events: Sequence[Any],
) -> list[Record]:
    chance: dict[str, Any] = {"from": cursor, "used": source.used, "mode": mode}
    if isinstance(source, TableChance):
        chance["entries"] = [list(e) if not isinstance(e, int) else e for e in source.entries]
    out = []
    for i, event in enumerate(events):
        out.append(
            Record(
                version + i,
                type(event).__name__,
                seat,
                command_id,
                to_data(event),
                command_json(command) if (i == 0 and command is not None) else None,
                chance if i == 0 else None,
            )
        )
    return out


def seal(records: Sequence[Record], prev_hash: str) -> list[Record]:
    out = []
    for r in records:
        sealed = r.sealed(prev_hash)
        out.append(sealed)
        prev_hash = sealed.hash
    return out


def check_table_leftover(source: Chance) -> None:
    if isinstance(source, TableChance) and source.leftover():
        raise ChanceNeeded(
            "chance/unused",
            f"{source.leftover()} entered outcome(s) were not needed by this command",
        )

"""The game service: load → decide → append, for every registered game.

This is the one place that joins the pure rules (``domain``) with the event store. Each call is
load (cached state + newer records), then a pure decision, then one atomic append. It knows no
transport: the gRPC servicer and the local CLI both call it.

Kernel records around a game's own events:

* ``skald.GameCreated`` (version 1): game, players, options, chance mode, the public seed
  commitments, the chance stream, rules version, and the source when forked.
* ``skald.GameEnded`` (last): scores, winners, and the seed reveal — each segment's seed, or
  ``withheld`` while a game that shares it (an unreseeded fork's source) is still running, since
  revealing it would reveal that game's future draws.
"""

from __future__ import annotations

import threading
import uuid
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from service.bootstrap import registry
from service.registry import cli_name
from domain.kernel.chance import (
    Chance,
    ChanceEntry,
    ServerChance,
    TableChance,
    commitment,
)
from domain.kernel.codec import to_data
from domain.kernel.contract import Options, Outcome, Rules
from domain.kernel.errors import GameOver, Malformed, SkaldError
from service import auth
from service.auth import OPERATOR, Principal
from service.errors import Forbidden, NotFound, Stale, Tampered, Unauthenticated
from service.folding import (
    CREATED,
    ENDED,
    RESEEDED,
    RULES_FORMAT,
    SETUP,
    Created,
    Loaded,
    Submitted,
    advance,
    build_records,
    chance_for,
    check_table_leftover,
    command_json,
    decode_command,
    decode_event,
    fold_into,
    fold_records,
    seal,
)
from service.index import GamesIndex
from service.records import GENESIS, KERNEL, Record
from service.store import EventStore, Secret

__all__ = [
    "CREATED",
    "ENDED",
    "RESEEDED",
    "SETUP",
    "Created",
    "GameService",
    "Loaded",
    "Submitted",
    "build_records",
    "chance_for",
    "command_json",
    "decode_command",
    "decode_event",
    "fold_records",
    "rules_info",
]


class GameService:
    """All operations on games. Thread-safe; one instance per process and store."""

    def __init__(self, store: EventStore, operator_token: str | None = None, cache_size: int = 256):
        self.store = store
        self._operator_hash = auth.token_hash(operator_token) if operator_token else None
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self.index = GamesIndex()
        self._secrets: dict[str, Secret] = {}

    # ------------------------------------------------------------------ identity and auth

    def resolve(self, game_id: str) -> str:
        """A full game id from an id or a unique prefix (at least 4 characters)."""
        text = game_id.strip().lower()
        try:
            return str(uuid.UUID(text))
        except ValueError:
            pass
        if len(text) < 4:
            raise NotFound(
                "game/unknown", f"no game {game_id!r} (give at least 4 characters of its id)"
            )
        with self._lock:
            self.index.catch_up(self.store)
            hits = [g for g in self.index.rows if g.startswith(text)]
        if len(hits) == 1:
            return hits[0]
        if not hits:
            raise NotFound("game/unknown", f"no game with id {game_id!r}")
        raise NotFound(
            "game/ambiguous", f"{game_id!r} matches {len(hits)} games; give more of the id"
        )

    def authenticate(self, game_id: str, token: str | None) -> Principal:
        if not token:
            return auth.SPECTATOR
        hashed = auth.token_hash(token)
        if self._operator_hash and auth.same(hashed, self._operator_hash):
            return OPERATOR
        secret = self._secret(game_id)
        if secret is None:
            raise NotFound("game/unknown", f"no game with id {game_id!r}")
        if auth.same(hashed, secret.referee_hash):
            return Principal("referee")
        for seat, seat_hash in enumerate(secret.token_hashes):
            if auth.same(hashed, seat_hash):
                return Principal("seat", seat)
        raise Unauthenticated("auth/bad-token", "this token belongs to no seat of this game")

    # ------------------------------------------------------------------ loading

    def load(self, game_id: str, upto: int | None = None, fresh: bool = True) -> Loaded:
        """The game at its latest version, or folded anew up to ``upto``.

        The latest version comes from the cache plus any newer records (another replica may have
        written them); ``fresh=False`` trusts the cache alone — the command path does, because
        the append's version check catches a stale cache anyway."""
        if upto is not None:
            records = self.store.read(game_id, upto=upto)
            if not records:
                raise NotFound("game/unknown", f"no game with id {game_id!r}")
            if upto < 1 or upto > records[-1].version:
                raise Malformed(
                    "version/out-of-range", f"version {upto} is not in 1..{records[-1].version}"
                )
            return fold_into(None, game_id, records)
        with self._lock:
            cached = self._cache.get(game_id)
            if cached is not None and not fresh:
                return cached
            records = self.store.read(game_id, after=cached.version if cached else 0)
            if cached is None and not records:
                raise NotFound("game/unknown", f"no game with id {game_id!r}")
            loaded = fold_into(cached, game_id, records)
            self._remember(loaded)
            return loaded

    def _issue(
        self, game_id: str, seeds: Sequence[Mapping[str, Any]], players: int
    ) -> tuple[tuple[str, ...], str]:
        """New seat and referee tokens for a game; only their hashes are stored, with its seeds."""
        seat_tokens = tuple(auth.new_token() for _ in range(players))
        referee = auth.new_token()
        hashes = tuple(auth.token_hash(t) for t in seat_tokens)
        self.store.put_secret(
            game_id, Secret(tuple(dict(s) for s in seeds), hashes, auth.token_hash(referee))
        )
        return seat_tokens, referee

    def _secret(self, game_id: str) -> Secret | None:
        """A game's secrets (written once at creation, so safe to keep)."""
        found = self._secrets.get(game_id)
        if found is None:
            found = self.store.get_secret(game_id)
            if found is not None:
                self._secrets[game_id] = found
        return found

    def _remember(self, loaded: Loaded) -> None:
        self._cache[loaded.game_id] = loaded
        self._cache.move_to_end(loaded.game_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    def create(
        self,
        game: str,
        players: int,
        *,
        seed: bytes | None = None,
        chance: str = "server",
        options: Options | None = None,
        table_entries: Sequence[ChanceEntry] = (),
    ) -> Created:
        rules = registry().rules(game)
        if not rules.min_players <= players <= rules.max_players:
            raise Malformed(
                "players/out-of-range",
                f"{rules.title} takes {rules.min_players}–{rules.max_players} players, not {players}",
            )
        if chance not in ("server", "table"):
            raise Malformed("chance/mode", f"chance must be 'server' or 'table', not {chance!r}")
        game_id = str(uuid.uuid4())
        seed = seed if seed is not None else uuid.uuid4().bytes + uuid.uuid4().bytes
        seeds = ({"from": 0, "seed": seed.hex(), "stream": game_id},)
        created = {
            "game_id": game_id,
            "game": rules.name,
            "players": players,
            "options": dict(options or {}),
            "chance": chance,
            "segments": [{"from": 0, "stream": game_id, "commitment": commitment(seed)}],
            "rules_version": rules.rules_version,
            "format": RULES_FORMAT,
            "forked_from": None,
        }
        source: Chance = chance_for(seeds, 0) if chance == "server" else TableChance(table_entries)
        setup_events = rules.setup(players, dict(options or {}), source)
        check_table_leftover(source)
        records = [Record(1, CREATED, -1, SETUP, created)]
        records += build_records(rules, 2, -1, SETUP, None, source, chance, 0, setup_events)
        seat_tokens, referee = self._issue(game_id, seeds, players)
        sealed = seal(records, GENESIS)
        self.store.append(game_id, sealed)
        self._notify()
        return Created(
            game_id, rules.name, players, seat_tokens, referee, commitment(seed), sealed[-1].version
        )

    # ------------------------------------------------------------------ commands

    def submit(
        self,
        game_id: str,
        principal: Principal,
        seat: int,
        command: Any,
        *,
        expected_version: int | None = None,
        command_id: str | None = None,
        chance_entries: Sequence[ChanceEntry] = (),
    ) -> Submitted:
        """Decide and append one command; every error leaves the store unchanged.

        Without ``expected_version`` the command applies to the latest version: if another
        writer got there first, it is decided again on the newer state (up to three times)."""
        for attempt in range(3):
            cached = self._cache.get(game_id)
            fresh = (
                attempt > 0
                or cached is None
                or (expected_version is not None and expected_version != cached.version)
            )
            loaded = self.load(game_id, fresh=fresh)
            try:
                return self._submit_once(
                    loaded, principal, seat, command, expected_version, command_id, chance_entries
                )
            except Stale:
                if expected_version is not None or attempt == 2:
                    raise
            except SkaldError:
                # Decided on the cache alone: a refusal counts only if the cache was current.
                if fresh or not self.store.read(game_id, after=loaded.version):
                    raise
                with self._lock:
                    self._cache.pop(game_id, None)
        raise AssertionError("unreachable")

    def _submit_once(
        self,
        loaded: Loaded,
        principal: Principal,
        seat: int,
        command: Any,
        expected_version: int | None,
        command_id: str | None,
        chance_entries: Sequence[ChanceEntry],
    ) -> Submitted:
        game_id = loaded.game_id
        self._authorize_seat(principal, seat, loaded)
        if command_id and command_id in loaded.batches and command_id != SETUP:
            first, last = loaded.batches[command_id]
            done = [
                r
                for r in self.store.read(game_id, after=first - 1, upto=last + 1)
                if r.command_id == command_id
            ]
            return Submitted(done[-1].version, tuple(done), True)
        if loaded.ended is not None:
            raise GameOver("game/over", "the game has ended; no further commands are accepted")
        if expected_version is not None and expected_version != loaded.version:
            raise Stale(
                "version/stale",
                f"command expects version {expected_version} but the game is at {loaded.version}",
            )
        if chance_entries and not principal.sees_all:
            raise Forbidden("chance/referee-only", "only the referee may enter table chance")
        if chance_entries and loaded.mode != "table":
            raise Malformed(
                "chance/not-table", "this game draws its own chance; do not send entries"
            )
        rules = loaded.rules
        source = self._chance(loaded, chance_entries)
        events = rules.decide(loaded.state, seat, command, source)
        check_table_leftover(source)
        cid = command_id or uuid.uuid4().hex
        records = build_records(
            rules,
            loaded.version + 1,
            seat,
            cid,
            command,
            source,
            loaded.mode,
            loaded.cursor,
            events,
        )
        state = loaded.state
        for e in events:
            state = rules.evolve(state, e)
        outcome = rules.outcome(state)
        if outcome is not None:
            records.append(
                self._ended_record(loaded, outcome, loaded.version + 1 + len(events), cid)
            )
        sealed = seal(records, loaded.last_hash)
        try:
            self.store.append(game_id, sealed)
        except Stale:
            with self._lock:
                self._cache.pop(game_id, None)
            raise
        with self._lock:
            self._remember(advance(loaded, sealed, state))
        self._notify()
        return Submitted(sealed[-1].version, tuple(sealed))

    def _chance(self, loaded: Loaded, entries: Sequence[ChanceEntry]) -> Chance:
        if loaded.mode == "table":
            return TableChance(entries)
        secret = self._secret(loaded.game_id)
        if secret is None:
            raise NotFound(
                "game/no-secret", f"game {loaded.game_id} has no chance seed in this store"
            )
        return chance_for(secret.seeds, loaded.cursor)

    def _authorize_seat(self, principal: Principal, seat: int, loaded: Loaded) -> None:
        if not 0 <= seat < loaded.players:
            raise Malformed(
                "seat/out-of-range", f"seat must be 0..{loaded.players - 1}, not {seat}"
            )
        if principal.kind == "spectator":
            raise Unauthenticated("auth/missing-token", "commands need a seat or referee token")
        if principal.kind == "seat" and principal.seat != seat:
            raise Forbidden(
                "auth/wrong-seat", f"this token acts for seat {principal.seat}, not seat {seat}"
            )

    def _ended_record(self, loaded: Loaded, outcome: Outcome, version: int, cid: str) -> Record:
        secret = self._secret(loaded.game_id)
        reveal = []
        for segment in secret.seeds if secret else ():
            origin = str(segment["stream"])
            if origin != loaded.game_id and self._running(origin):
                reveal.append({"from": segment["from"], "stream": origin, "withheld": True})
            else:
                reveal.append(dict(segment))
        data = {
            "scores": list(outcome.scores),
            "winners": list(outcome.winners),
            "reason": outcome.reason,
            "seeds": reveal if loaded.mode == "server" else [],
        }
        return Record(version, ENDED, -1, cid, data)

    def _running(self, game_id: str) -> bool:
        try:
            return self.load(game_id).ended is None
        except SkaldError:
            return False

    # ------------------------------------------------------------------ queries

    def view(
        self, game_id: str, principal: Principal, seat: int | None, at: int | None = None
    ) -> tuple[Loaded, Any]:
        loaded = self.load(game_id, upto=at)
        who = principal.view_seat(seat)
        if who is not None and not 0 <= who < loaded.players:
            raise Malformed("seat/out-of-range", f"seat must be 0..{loaded.players - 1}")
        if who is None and principal.sees_all and seat is None:
            return loaded, loaded.rules.view(loaded.state, None)
        return loaded, loaded.rules.view(loaded.state, who)

    def legal(
        self, game_id: str, principal: Principal, seat: int, at: int | None = None
    ) -> list[Any]:
        loaded = self.load(game_id, upto=at)
        self._authorize_seat(principal, seat, loaded)
        if loaded.ended is not None:
            return []
        return list(loaded.rules.legal_commands(loaded.state, seat))

    def history(
        self, game_id: str, principal: Principal, after: int = 0, upto: int | None = None
    ) -> list[Record]:
        loaded = self.load(game_id)
        records = self.store.read(game_id, after=after, upto=upto)
        return [self.redact(loaded.rules, r, principal) for r in records]

    def redact(self, rules: Rules, record: Record, principal: Principal) -> Record:
        """The record as ``principal`` may see it (hash kept: it names the stored record)."""
        if principal.sees_all or record.type.startswith(f"{KERNEL}."):
            return record
        seat = principal.seat if principal.kind == "seat" else None
        shown = rules.redact(decode_event(rules, record), seat)
        command = record.command
        if command is not None and record.seat != seat:
            command = {"type": command["type"]}
        chance = record.chance
        if chance is not None and "entries" in chance:
            chance = {k: v for k, v in chance.items() if k != "entries"}
        return Record(
            record.version,
            type(shown).__name__,
            record.seat,
            record.command_id,
            to_data(shown),
            command,
            chance,
            record.prev_hash,
            record.hash,
            record.at,
        )

    def watch(
        self,
        game_id: str,
        principal: Principal,
        after: int = 0,
        stop: threading.Event | None = None,
        poll: float = 0.25,
    ) -> Iterator[Record]:
        """Records after ``after`` as they are written (redacted), until the game ends or ``stop``."""
        loaded = self.load(game_id)
        if loaded.ended is not None and after >= loaded.version:
            return  # an ended game writes nothing more
        position = after
        while stop is None or not stop.is_set():
            batch = self.store.read(game_id, after=position)
            for record in batch:
                position = record.version
                yield self.redact(loaded.rules, record, principal)
                if record.type == ENDED:
                    return
            if not batch:
                with self._changed:
                    self._changed.wait(poll)

    def _notify(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def list_games(self) -> list[Any]:
        with self._lock:
            self.index.catch_up(self.store)
            return sorted(self.index.rows.values(), key=lambda row: row.position)

    def rebuild_index(self) -> int:
        with self._lock:
            self.index = GamesIndex()
            self.index.catch_up(self.store)
            return len(self.index.rows)

    # ------------------------------------------------------------------ fork and check

    def boundary(self, loaded: Loaded, at: int) -> None:
        """Refuse a version inside one command's batch (its state is half-applied)."""
        if not 1 <= at <= loaded.version:
            raise Malformed("version/out-of-range", f"version {at} is not in 1..{loaded.version}")
        for cid, (first, last) in loaded.batches.items():
            if (first <= at < last and cid != SETUP) or (cid == SETUP and 1 < at < last):
                raise Malformed(
                    "version/not-a-boundary",
                    f"version {at} falls inside one command's events ({first}..{last}); "
                    f"use {first - 1} or {last}",
                )

    def fork(
        self,
        game_id: str,
        principal: Principal,
        at: int,
        reseed: bool = False,
        seed: bytes | None = None,
    ) -> Created:
        """A new game holding the first ``at`` events; same chance stream unless ``reseed``
        (then from ``seed``, or a fresh random one)."""
        if not principal.sees_all:
            raise Forbidden(
                "auth/referee-only", "forking shares the chance seed: referee or operator only"
            )
        source = self.load(game_id)
        self.boundary(source, at)
        if at < 2 or at < source.batches[SETUP][1]:
            raise Malformed(
                "version/not-a-boundary", f"fork after setup (version ≥ {source.batches[SETUP][1]})"
            )
        records = [r for r in self.store.read(game_id, upto=at) if r.type != ENDED]
        secret = self._secret(game_id)
        assert secret is not None
        prefix = fold_into(None, game_id, records)
        new_id = str(uuid.uuid4())
        seeds = list(secret.seeds)
        segments = list(source.created["segments"])
        if reseed:
            seed = seed if seed is not None else uuid.uuid4().bytes + uuid.uuid4().bytes
            seeds.append({"from": prefix.cursor, "seed": seed.hex(), "stream": new_id})
            segments.append(
                {"from": prefix.cursor, "stream": new_id, "commitment": commitment(seed)}
            )
        created = dict(source.created)
        created["segments"] = segments
        created["forked_from"] = {"game_id": game_id, "version": at}
        created["game_id"] = new_id
        copied = [Record(1, CREATED, -1, SETUP, created)] + [
            Record(r.version, r.type, r.seat, r.command_id, r.data, r.command, r.chance)
            for r in records[1:]
        ]
        seat_tokens, referee = self._issue(new_id, tuple(seeds), source.players)
        sealed = seal(copied, GENESIS)
        self.store.append(new_id, sealed)
        self._notify()
        return Created(
            new_id,
            source.game,
            source.players,
            seat_tokens,
            referee,
            segments[-1]["commitment"],
            at,
        )

    def check(
        self,
        game_id: str,
        principal: Principal,
        at: int,
        seat: int,
        command: Any,
        chance_entries: Sequence[ChanceEntry] = (),
    ) -> list[Record]:
        """Would ``command`` have been legal at version ``at``? The events it would make (nothing
        is written), or the rule error it meets.

        Only a referee or operator sees the outcomes the game's own seed would give. A seat's
        check draws from a throwaway seed instead: legality never depends on future chance, and
        the real draws would let a player peek at a card before committing to take it."""
        current = self.load(game_id)
        self.boundary(current, at)
        loaded = self.load(game_id, upto=at)
        self._authorize_seat(principal, seat, loaded)
        if loaded.ended is not None:
            raise GameOver("game/over", f"the game had ended at version {at}")
        source: Chance
        if loaded.mode == "server" and not principal.sees_all:
            source = ServerChance(uuid.uuid4().bytes, "check", loaded.cursor)
        else:
            source = self._chance(loaded, chance_entries)
        events = loaded.rules.decide(loaded.state, seat, command, source)
        records = build_records(
            loaded.rules, at + 1, seat, "check", command, source, loaded.mode, loaded.cursor, events
        )
        return [self.redact(loaded.rules, r, principal) for r in records]

    # ------------------------------------------------------------------ audit and files

    def verify(self, game_id: str) -> Any:
        """Verify a stored game with the seed from this store's secrets (operator view)."""
        from service.verify import verify

        records = self.store.read(game_id)
        if not records:
            raise NotFound("game/unknown", f"no game with id {game_id!r}")
        secret = self._secret(game_id)
        return verify(records, secret.seeds if secret else None)

    def export(self, game_id: str) -> str:
        from service import replay_file

        records = self.store.read(game_id)
        if not records:
            raise NotFound("game/unknown", f"no game with id {game_id!r}")
        return replay_file.dumps(game_id, records)

    def import_text(self, text: str) -> tuple[Created, Any]:
        """Store a verified replay file as a game (a new id if its id is taken).

        A server-chance game imported before its end has no seed here, so it continues on a new
        seed segment announced by a ``skald.Reseeded`` record (its commitment is public)."""
        from service import replay_file
        from service.verify import verify

        parsed = replay_file.loads(text.split("\n"))
        report = verify(parsed.records, parsed.seeds)
        if not report.ok:
            raise Tampered("replay/does-not-verify", f"v{report.first_bad}: {report.problem}")
        wanted = str(parsed.header.get("game_id", ""))
        try:
            game_id = str(uuid.UUID(wanted))
            if self.store.read(game_id, upto=1):
                game_id = str(uuid.uuid4())
        except ValueError:
            game_id = str(uuid.uuid4())
        records = list(parsed.records)
        folded = fold_into(None, game_id, records)
        seeds = [dict(s) for s in parsed.seeds]
        if folded.mode == "server" and folded.ended is None:
            seed = uuid.uuid4().bytes + uuid.uuid4().bytes
            segment = {"from": folded.cursor, "stream": game_id, "commitment": commitment(seed)}
            records.append(Record(folded.version + 1, f"{KERNEL}.Reseeded", -1, "import", segment))
            seeds.append({"from": folded.cursor, "seed": seed.hex(), "stream": game_id})
            records[-1] = records[-1].sealed(records[-2].hash)
        seat_tokens, referee = self._issue(game_id, tuple(seeds), folded.players)
        self.store.append(game_id, records)
        self._notify()
        created = Created(
            game_id,
            folded.game,
            folded.players,
            seat_tokens,
            referee,
            str(folded.created["segments"][0]["commitment"]),
            records[-1].version,
        )
        return created, report


def rules_info(game: str) -> dict[str, Any]:
    """A game's printed component data and limits (``skald rules``, GetRules)."""
    entry = registry().entry(game)
    info: dict[str, Any] = {
        "game": cli_name(entry.name),
        "title": entry.title,
        "playable": entry.rules is not None,
    }
    if entry.rules is not None:
        info.update(
            min_players=entry.rules.min_players,
            max_players=entry.rules.max_players,
            rules_version=entry.rules.rules_version,
        )
    info["components"] = entry.components()
    return info

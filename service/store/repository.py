"""The games repository: load (cache + newer records), append, secrets, and change notices.

Every use case reaches the store through here. A loaded game is kept in an LRU cache and moved
forward by the records another replica may have written since (one read of the newer records,
never a refold). An append that collides with another writer drops the cached game and raises
:class:`~skald.service.model.errors.Stale`; one that succeeds caches the state the command computed, so a
command's events are evolved once. After every append, readers waiting in ``watch`` (the
in-process client's) wake, the listeners of :meth:`Repository.listen_records` (the server's
per-game fan-out) get the records written, and those of :meth:`Repository.listen` (the
PostgreSQL notifier) the game's id.
"""

from __future__ import annotations

import logging
import threading
import uuid
from collections import OrderedDict
from collections.abc import Callable, Sequence

from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.errors import Malformed
from skald.domain.kernel.ranges import require_int64
from skald.service.model.errors import NotFound, Stale, echo
from skald.service.model.folding import Loaded, fold_into
from skald.service.model.records import Record
from skald.service.model.registry import Registry
from skald.service.store.event_store import EventStore, Head, Secret
from skald.service.store.index import GamesIndex, GamesPage, GamesQuery, IndexRow

__all__ = ["CHECKPOINTS", "CHECKPOINT_EVERY", "Repository"]

CHECKPOINT_EVERY = 64
"""Versions between a game's kept past states (a view at any version folds fewer records)."""
CHECKPOINTS = 512
"""Past states kept across games (a 4-player A Feast for Odin game has about 17)."""

log = logging.getLogger("skald.repository")

_ID_CHARACTERS = frozenset("0123456789abcdef-")
"""What a game id (a UUID's text, lower case) is made of, so what a prefix of one may hold
(other text is refused before any query: PostgreSQL itself fails on a NUL in a parameter)."""


class Repository:
    """Games of one store, for one process; thread-safe."""

    def __init__(self, store: EventStore, games: Registry, cache_size: int = 256) -> None:
        self.store = store
        self.games = games
        self.index = GamesIndex(store)
        self._cache: OrderedDict[str, Loaded] = OrderedDict()
        self._cache_size = cache_size
        self._checkpoints: OrderedDict[tuple[str, int], Loaded] = OrderedDict()
        self._secrets: dict[str, Secret] = {}
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._listeners: list[Callable[[str], None]] = []
        self._record_listeners: list[Callable[[str, Sequence[Record]], None]] = []
        self._row_listeners: list[Callable[[Sequence[int]], None]] = []

    # ------------------------------------------------------------------ ids and the index

    def resolve(self, game_id: str) -> str:
        """A full game id from an id or a unique prefix (at least 4 characters)."""
        if game_id in self._cache:  # a cached game's id is its full, canonical id
            return game_id
        text = game_id.strip().lower()
        try:
            return str(uuid.UUID(text))
        except ValueError:
            pass
        if len(text) < 4:
            raise NotFound(
                "game/unknown", f"no game {echo(game_id)} (give at least 4 characters of its id)"
            )
        if not set(text) <= _ID_CHARACTERS:  # no id holds it; not asked of the store at all
            raise NotFound("game/unknown", f"no game with id {echo(game_id)}")
        hits, count = self.index.prefix(text)
        if count == 1:
            return hits[0]
        if not count:
            raise NotFound("game/unknown", f"no game with id {echo(game_id)}")
        raise NotFound(
            "game/ambiguous", f"{echo(game_id)} matches {count} games; give more of the id"
        )

    def rows(self, status: str = "") -> list[IndexRow]:
        """The games index (of one status, if given), caught up with the store, in creation
        order (the persisted index: :mod:`skald.service.store.index`; no lock of this class is held)."""
        return self.index.rows(status)

    def sharing(self, game_id: str) -> list[str]:
        """The running games that draw from one of ``game_id``'s chance streams."""
        return self.index.sharing(game_id)

    def games_page(self, query: GamesQuery) -> GamesPage:
        """One page of the games index, filtered and sorted as ``query`` asks."""
        return self.index.page(query)

    def rebuild_index(self) -> int:
        return self.index.rebuild()

    # ------------------------------------------------------------------ loading

    def _at(self, game_id: str, upto: int) -> Loaded:
        """The game folded up to version ``upto``, from the nearest checkpoint below it.

        A game's past never changes, so its states at every :data:`CHECKPOINT_EVERY`-th version
        are kept (an LRU of :data:`CHECKPOINTS` across games) as they are folded: a page that
        asks for every version of a long game (a seat's page in ``skald view --server``, a
        replay over the API) folds at most that many records per view instead of the whole
        game again, and the state is the same as a fold from the start (evolve is pure)."""
        # No version is beyond 64 bits, and SQLite cannot even bind one: refused before reading.
        require_int64(upto, "version/out-of-range", "a version")
        if upto < 1:
            raise Malformed("version/out-of-range", f"version {upto} is not 1 or more")
        base: Loaded | None = None
        with self._lock:  # the kept states, not every multiple below ``upto`` (it may be 2**62)
            marks = [v for g, v in self._checkpoints if g == game_id and v <= upto]
            if marks:
                base = self._checkpoints[(game_id, max(marks))]
                self._checkpoints.move_to_end((game_id, base.version))
        after = base.version if base is not None else 0
        records = self.store.read(game_id, after=after, upto=upto)
        if base is None and not records:
            raise NotFound("game/unknown", f"no game with id {game_id!r}")
        last = records[-1].version if records else after
        if upto > last:
            raise Malformed("version/out-of-range", f"version {upto} is not in 1..{last}")
        loaded = base
        start = 0
        while start < len(records):  # up to each checkpoint in turn, remembering it
            version = records[start].version
            stop = start + (CHECKPOINT_EVERY - version % CHECKPOINT_EVERY) % CHECKPOINT_EVERY + 1
            loaded = fold_into(loaded, game_id, records[start:stop], self.games)
            if loaded.version % CHECKPOINT_EVERY == 0:
                self._remember_checkpoint(loaded)
            start = stop
        assert loaded is not None
        return loaded

    def _remember_checkpoint(self, loaded: Loaded) -> None:
        with self._lock:
            self._checkpoints[(loaded.game_id, loaded.version)] = loaded
            self._checkpoints.move_to_end((loaded.game_id, loaded.version))
            while len(self._checkpoints) > CHECKPOINTS:
                self._checkpoints.popitem(last=False)

    def read(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        """Records ``after`` < version ≤ ``upto``. Both are refused beyond 64 bits (as a
        request could not carry them): SQLite cannot bind such a number at all (an
        OverflowError) while PostgreSQL compares it as numeric, so the store would answer
        one way or the other; versions are 64-bit, and this says so the same way for both."""
        require_int64(after, "version/out-of-range", "the version to read after")
        if upto is not None:
            require_int64(upto, "version/out-of-range", "the version to read up to")
        return self.store.read(game_id, after=after, upto=upto)

    def read_to_head(self, game_id: str) -> tuple[list[Record], Head]:
        """A game's records up to its head (read first, so a concurrent append is not taken
        for records added around the store), and the head; ``verify`` compares the two."""
        head = self.store.head(game_id)
        return self.store.read(game_id, upto=head.version or None), head

    def load(self, game_id: str, upto: int | None = None, fresh: bool = True) -> Loaded:
        """The game at its latest version, or folded anew up to ``upto``.

        The latest version is the cache plus any newer records (another replica may have
        written them); ``fresh=False`` trusts the cache alone — the command path does, because
        the append's version check catches a stale cache anyway."""
        if upto is not None:
            return self._at(game_id, upto)
        with self._lock:
            cached = self._cache.get(game_id)
            if cached is not None and not fresh:
                self._cache.move_to_end(game_id)
                return cached
        # No lock is held while reading or folding: a command's append checks the version
        # anyway, and the newest of two concurrent loads is the one kept.
        records = self.store.read(game_id, after=cached.version if cached else 0)
        if cached is None and not records:
            raise NotFound("game/unknown", f"no game with id {game_id!r}")
        loaded = fold_into(cached, game_id, records, self.games)
        with self._lock:
            current = self._cache.get(game_id)
            if current is None or current.version <= loaded.version:
                self._remember(loaded)
        return loaded

    def cached(self, game_id: str) -> Loaded | None:
        return self._cache.get(game_id)

    def rules_of(self, game_id: str) -> AnyRules:
        """A game's rules; a game's rules never change, so the cache answers without a read."""
        cached = self._cache.get(game_id)
        return cached.rules if cached is not None else self.load(game_id).rules

    def newer_than(self, loaded: Loaded) -> bool:
        """Whether the store holds records after ``loaded`` (another writer moved on)."""
        return bool(self.store.read(loaded.game_id, after=loaded.version, upto=loaded.version + 1))

    def forget(self, game_id: str) -> None:
        with self._lock:
            self._cache.pop(game_id, None)

    def _remember(self, loaded: Loaded) -> None:
        self._cache[loaded.game_id] = loaded
        self._cache.move_to_end(loaded.game_id)
        while len(self._cache) > self._cache_size:
            self._cache.popitem(last=False)

    # ------------------------------------------------------------------ writing

    def append(self, game_id: str, sealed: Sequence[Record], after: Loaded | None = None) -> None:
        """Write one sealed batch atomically; ``after`` is the game as it stands once written
        (cached, so the next command needs no read). A collision drops the cache → Stale."""
        try:
            ids = self.store.append(game_id, sealed)
        except Stale:
            self.forget(game_id)
            raise
        if after is not None:
            with self._lock:
                current = self._cache.get(game_id)
                if current is None or current.version <= after.version:
                    self._remember(after)
        self.index.appended(game_id, sealed, ids)
        self._wrote_rows(ids)
        self.notify(game_id, sealed)

    def put_secret(self, game_id: str, secret: Secret) -> None:
        ids = self.store.put_secret(game_id, secret)
        self.index.wrote(ids)
        self._wrote_rows(ids)
        self._secrets[game_id] = secret

    def secret(self, game_id: str) -> Secret | None:
        """A game's secrets (written once at creation, so safe to keep)."""
        found = self._secrets.get(game_id)
        if found is None:
            found = self.store.get_secret(game_id)
            if found is not None:
                self._secrets[game_id] = found
        return found

    def append_disputes(self, game_id: str, sealed: Sequence[Record]) -> None:
        """Append to a game's dispute chain (:mod:`skald.service.app.disputes`); a place taken → Stale.
        Its rows are no game record: the index and the log tail only note them as this
        process's own."""
        ids = self.store.append_disputes(game_id, sealed)
        self.index.wrote(ids)
        self._wrote_rows(ids)

    def read_disputes(self, game_id: str) -> list[Record]:
        """A game's dispute chain, in order (never cached: it is short, and another replica
        may have added to it)."""
        return self.store.read_disputes(game_id)

    # ------------------------------------------------------------------ change notices

    def listen(self, listener: Callable[[str], None]) -> None:
        """Call ``listener(game_id)`` after every append in this process (the PostgreSQL
        notifier that wakes other replicas: :mod:`skald.service.store.notify`)."""
        self._listeners.append(listener)

    def unlisten(self, listener: Callable[[str], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def listen_records(self, listener: Callable[[str, Sequence[Record]], None]) -> None:
        """Call ``listener(game_id, records)`` with the sealed records of every append in this
        process, once written (the fan-out hands them to watchers without reading them back)."""
        self._record_listeners.append(listener)

    def unlisten_records(self, listener: Callable[[str, Sequence[Record]], None]) -> None:
        if listener in self._record_listeners:
            self._record_listeners.remove(listener)

    def listen_rows(self, listener: Callable[[Sequence[int]], None]) -> None:
        """Call ``listener(ids)`` with the notification ids of every row this process writes
        (the log tail skips them: :class:`skald.service.store.notify.LogTail`)."""
        self._row_listeners.append(listener)

    def unlisten_rows(self, listener: Callable[[Sequence[int]], None]) -> None:
        if listener in self._row_listeners:
            self._row_listeners.remove(listener)

    def _wrote_rows(self, ids: Sequence[int] | None) -> None:
        if ids:
            for listener in list(self._row_listeners):
                listener(ids)

    def notify(self, game_id: str, records: Sequence[Record]) -> None:
        """``records`` of ``game_id`` were written: wake this process's waiters and listeners."""
        with self._changed:
            self._changed.notify_all()
        for listener in list(self._listeners):
            try:
                listener(game_id)
            except Exception:  # a failed wake-up must not fail the written command
                log.exception("change listener failed for game %s", game_id)
        for record_listener in list(self._record_listeners):
            try:
                record_listener(game_id, records)
            except Exception:
                log.exception("change listener failed for game %s", game_id)

    def wait(self, timeout: float) -> None:
        """Sleep until the next append in this process, or ``timeout`` seconds (other replicas
        are seen by polling). The gRPC stream uses the per-game fan-out instead."""
        with self._changed:
            self._changed.wait(timeout)

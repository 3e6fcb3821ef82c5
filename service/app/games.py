"""The game service: one object over the use cases, for every registered game.

``GameService`` is a thin facade so callers (the CLI's local client, the gRPC servicer, tests,
benchmarks) hold one object, built by :func:`skald.service.bootstrap.open_service`. The work lives in
the modules it delegates to, each over one :class:`~skald.service.store.repository.Repository`:

* :mod:`skald.service.app.commands` — submit (authorize, decide, append);
* :mod:`skald.service.app.queries` — view, legal, history, watch, the games list, rules;
* :mod:`skald.service.app.lifecycle` — create, fork, export, import;
* :mod:`skald.service.app.audit` — verify, check, diff;
* :mod:`skald.service.app.disputes` — disputes and rulings, beside a game's records;
* :mod:`skald.service.app.policy` — who may do what (the one authorization policy).

It knows no transport, and the games catalog is injected (no global lookups).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from typing import Any

from skald.domain.kernel.chance import ChanceEntry
from skald.domain.kernel.contract import AnyRules, Seat
from skald.domain.kernel.ranges import require_command_fits
from skald.service.app import audit, commands, disputes, evidence, lifecycle, queries
from skald.service.app.commands import Submitted
from skald.service.app.disputes import DisputeView
from skald.service.app.lifecycle import Created
from skald.service.app.policy import Policy
from skald.service.app.queries import Legal, Viewed
from skald.service.model import catalog
from skald.service.model.auth import Principal
from skald.service.model.folding import Loaded, fold_records
from skald.service.model.receipts import Receipt, Signer
from skald.service.model.records import Record
from skald.service.model.registry import Registry
from skald.service.model.verify import Report
from skald.service.store.event_store import EventStore
from skald.service.store.index import GamesPage, GamesQuery, IndexRow
from skald.service.store.repository import Repository

__all__ = ["Created", "GameService", "Legal", "Loaded", "Submitted", "Viewed", "fold_records"]


class GameService:
    """All operations on games. Thread-safe; one instance per process and store."""

    def __init__(
        self,
        store: EventStore,
        games: Registry,
        operator_token: str | None = None,
        cache_size: int = 256,
        open_creation: bool = True,
    ) -> None:
        self.repo = Repository(store, games, cache_size)
        self.policy = Policy(operator_token, open_creation)
        self._signer: Signer | None = None
        self._signer_lock = threading.Lock()

    @property
    def store(self) -> EventStore:
        return self.repo.store

    @property
    def games(self) -> Registry:
        return self.repo.games

    # ------------------------------------------------------------------ identity

    def resolve(self, game_id: str) -> str:
        """A full game id from an id or a unique prefix (at least 4 characters)."""
        return self.repo.resolve(game_id)

    def authenticate(self, game_id: str, token: str | None) -> Principal:
        return self.policy.authenticate(game_id, self.repo.secret(game_id), token)

    def load(self, game_id: str, upto: int | None = None) -> Loaded:
        """The game at its latest version (or at ``upto``), folded."""
        return self.repo.load(game_id, upto=upto)

    def rules_of(self, game_id: str) -> AnyRules:
        """A game's rules (from the cache when it holds the game: no read)."""
        return self.repo.rules_of(game_id)

    # ------------------------------------------------------------------ lifecycle

    def create(
        self,
        game: str,
        players: int,
        *,
        seed: bytes | None = None,
        chance: str = "server",
        options: dict[str, Any] | None = None,
        table_entries: Sequence[ChanceEntry] = (),
        game_id: str | None = None,
        pinned: tuple[bytes, bytes] | None = None,
    ) -> Created:
        return lifecycle.create(
            self.repo,
            game,
            players,
            seed=seed,
            chance=chance,
            options=options,
            table_entries=table_entries,
            game_id=game_id,
            pinned=pinned,
        )

    def fork(
        self,
        game_id: str,
        principal: Principal,
        at: int,
        reseed: bool = False,
        seed: bytes | None = None,
    ) -> Created:
        return lifecycle.fork(self.repo, game_id, principal, at, reseed, seed)

    def export(self, game_id: str, principal: Principal) -> str:
        return lifecycle.export(self.repo, game_id, principal)

    def import_text(self, text: str) -> tuple[Created, Report]:
        return lifecycle.import_text(self.repo, text)

    # ------------------------------------------------------------------ commands

    def submit(
        self,
        game_id: str,
        principal: Principal,
        seat: Seat,
        command: Any,
        *,
        expected_version: int | None = None,
        command_id: str | None = None,
        chance_entries: Sequence[ChanceEntry] = (),
    ) -> Submitted:
        return commands.submit(
            self.repo,
            game_id,
            principal,
            seat,
            command,
            expected_version=expected_version,
            command_id=command_id,
            chance_entries=chance_entries,
        )

    # ------------------------------------------------------------------ queries

    def view(
        self, game_id: str, principal: Principal, seat: Seat | None, at: int | None = None
    ) -> Viewed:
        return queries.view(self.repo, game_id, principal, seat, at)

    def legal(
        self,
        game_id: str,
        principal: Principal,
        seat: Seat,
        at: int | None = None,
        *,
        compact: bool = False,
        page_size: int = 0,
        page_token: str = "",
    ) -> Legal:
        return queries.legal(
            self.repo,
            game_id,
            principal,
            seat,
            at,
            compact=compact,
            page_size=page_size,
            page_token=page_token,
        )

    def history(
        self, game_id: str, principal: Principal, after: int = 0, upto: int | None = None
    ) -> list[Record]:
        return queries.history(self.repo, game_id, principal, after, upto)

    def shown(self, rules: AnyRules, submitted: Submitted, principal: Principal) -> list[Record]:
        """A submitted command's records as ``principal`` may see them (no second decode)."""
        return [record for record, _ in self.shown_events(rules, submitted, principal)]

    def shown_events(
        self, rules: AnyRules, submitted: Submitted, principal: Principal
    ) -> list[tuple[Record, Any]]:
        """:meth:`shown`, each record with the domain event it shows (``None`` for kernel
        records and replayed commands): what the gRPC answer encodes without a decode."""
        events = submitted.events or (None,) * len(submitted.records)
        return [
            queries.redact_shown(rules, r, principal, e)
            for r, e in zip(submitted.records, events, strict=True)
        ]

    def watch(
        self,
        game_id: str,
        principal: Principal,
        after: int = 0,
        stop: threading.Event | None = None,
        poll: float = 0.25,
    ) -> Iterator[Record]:
        return queries.watch(self.repo, game_id, principal, after, stop, poll)

    def list_games(self) -> list[IndexRow]:
        return queries.list_games(self.repo)

    def games_page(self, query: GamesQuery) -> GamesPage:
        return queries.games_page(self.repo, query)

    def rebuild_index(self) -> int:
        return self.repo.rebuild_index()

    def rules_info(self, game: str) -> dict[str, Any]:
        return queries.rules_info(self.repo.games, game)

    # ------------------------------------------------------------------ audit

    def verify(
        self, game_id: str, principal: Principal, receipts: Sequence[Receipt] | None = None
    ) -> Report:
        """The stored game verified; with ``receipts`` (a seat's), each checked against it."""
        report = audit.verify_game(self.repo, game_id, principal)
        if receipts is None:
            return disputes.verify_stored(self.repo, game_id, report)
        created = self.repo.load(game_id, upto=1).created
        report = evidence.check_receipts(
            report,
            self.repo.read(game_id),
            receipts,
            lifecycle.receipt_keys(self.repo, game_id),
            self.repo.games,
            (game_id, created.game_id),
        )
        return disputes.verify_stored(self.repo, game_id, report)

    # ------------------------------------------------------------------ disputes

    def file_dispute(
        self, game_id: str, principal: Principal, at_version: int, seat: int, text: str
    ) -> DisputeView:
        return disputes.file(self.repo, game_id, principal, at_version, seat, text)

    def rule_dispute(
        self,
        game_id: str,
        principal: Principal,
        number: int,
        uphold: bool,
        text: str,
        fork_at: int | None = None,
        reseed: bool = False,
    ) -> tuple[DisputeView, Created | None]:
        return disputes.rule(
            self.repo,
            game_id,
            principal,
            number,
            uphold,
            text,
            fork_at,
            reseed,
            forker=lifecycle.fork,
        )

    def disputes(self, game_id: str, principal: Principal) -> list[DisputeView]:
        return disputes.list_disputes(self.repo, game_id, principal)

    # ------------------------------------------------------------------ evidence

    def signer(self) -> Signer:
        """The store's receipt signer (its key made on first use, shared by replicas)."""
        with self._signer_lock:
            if self._signer is None:
                private = self.store.server_key(create=True)
                assert private is not None
                self._signer = Signer(private)
            return self._signer

    def receipt_key(self) -> str:
        """The public key (hex) receipts of this store are signed with (made on first use)."""
        return self.signer().key

    def receipt(self, game_id: str, submitted: Submitted) -> Receipt:
        """The signed receipt of a command this service acknowledged."""
        return evidence.issue(self.repo, self.signer(), game_id, submitted)

    def check(
        self,
        game_id: str,
        principal: Principal,
        at: int,
        seat: Seat,
        command: Any,
        chance_entries: Sequence[ChanceEntry] = (),
    ) -> list[Record]:
        # A command no request could carry (a number beyond 32 bits) is refused as submit
        # refuses it, before the game is asked whether it would have been legal.
        require_command_fits(command)
        return audit.check(self.repo, game_id, principal, at, seat, command, chance_entries)

    def diff(
        self, a: Sequence[Record], b: Sequence[Record], label_a: str, label_b: str
    ) -> dict[str, Any]:
        return audit.diff(a, b, label_a, label_b, self.repo.games)


def rules_info(game: str, games: Registry | None = None) -> dict[str, Any]:
    """A game's printed component data, limits and options (``skald rules``, GetRules)."""
    return queries.rules_info(games or catalog.registry(), game)

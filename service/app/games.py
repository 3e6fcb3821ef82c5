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

Each use case takes one request object (:mod:`skald.service.app.requests`), the acting principal
among its fields, and unpacks it into the use-case function. It knows no transport, and the games
catalog is injected (no global lookups).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

from skald.domain.kernel.contract import AnyRules
from skald.domain.kernel.ranges import require_command_fits
from skald.service.app import audit, commands, disputes, evidence, lifecycle, queries
from skald.service.app import requests as rq
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
from skald.service.store.index import GamesPage, IndexRow
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
    # Each use case takes its request object (:mod:`skald.service.app.requests`) and unpacks
    # it into the use-case function, which keeps plain arguments.

    def create(self, request: rq.CreateGame) -> Created:
        return lifecycle.create(
            self.repo,
            request.game,
            request.players,
            seed=request.seed,
            chance=request.chance,
            options=request.options,
            table_entries=request.table_entries,
            game_id=request.game_id,
            pinned=request.pinned,
        )

    def fork(self, request: rq.ForkGame) -> Created:
        return lifecycle.fork(
            self.repo, request.game_id, request.who, request.at, request.reseed, request.seed
        )

    def export(self, request: rq.ExportGame) -> str:
        return lifecycle.export(self.repo, request.game_id, request.who)

    def import_text(self, request: rq.ImportGame) -> tuple[Created, Report]:
        return lifecycle.import_text(self.repo, request.text)

    # ------------------------------------------------------------------ commands

    def submit(self, request: rq.SubmitMove) -> Submitted:
        return commands.submit(
            self.repo,
            request.game_id,
            request.who,
            request.seat,
            request.command,
            expected_version=request.expected_version,
            command_id=request.command_id,
            chance_entries=request.chance,
        )

    # ------------------------------------------------------------------ queries

    def view(self, request: rq.ViewGame) -> Viewed:
        return queries.view(self.repo, request.game_id, request.who, request.seat, request.at)

    def legal(self, request: rq.ListLegal) -> Legal:
        return queries.legal(
            self.repo,
            request.game_id,
            request.who,
            request.seat,
            request.at,
            compact=request.compact,
            page_size=request.page_size,
            page_token=request.page_token,
        )

    def history(self, request: rq.GetHistory) -> list[Record]:
        return queries.history(self.repo, request.game_id, request.who, request.after, request.upto)

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

    def watch(self, request: rq.WatchGame) -> Iterator[Record]:
        return queries.watch(
            self.repo, request.game_id, request.who, request.after, request.stop, request.poll
        )

    def list_games(self, request: rq.ListGames) -> list[IndexRow]:
        return queries.list_games(self.repo)

    def games_page(self, request: rq.PageGames) -> GamesPage:
        return queries.games_page(self.repo, request.query)

    def rebuild_index(self) -> int:
        return self.repo.rebuild_index()

    def rules_info(self, request: rq.RulesInfo) -> dict[str, Any]:
        return queries.rules_info(self.repo.games, request.game)

    # ------------------------------------------------------------------ audit

    def verify(self, request: rq.VerifyGame) -> Report:
        """The stored game verified; with ``receipts`` (a seat's), each checked against it."""
        game_id, receipts = request.game_id, request.receipts
        report = audit.verify_game(self.repo, game_id, request.who)
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

    def file_dispute(self, request: rq.FileDispute) -> DisputeView:
        return disputes.file(
            self.repo, request.game_id, request.who, request.at, request.seat, request.text
        )

    def rule_dispute(self, request: rq.RuleDispute) -> tuple[DisputeView, Created | None]:
        return disputes.rule(
            self.repo,
            request.game_id,
            request.who,
            request.number,
            request.uphold,
            request.text,
            request.fork_at,
            request.reseed,
            forker=lifecycle.fork,
        )

    def disputes(self, request: rq.ListDisputes) -> list[DisputeView]:
        return disputes.list_disputes(self.repo, request.game_id, request.who)

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

    def check(self, request: rq.CheckCommand) -> list[Record]:
        # A command no request could carry (a number beyond 32 bits) is refused as submit
        # refuses it, before the game is asked whether it would have been legal.
        require_command_fits(request.command)
        return audit.check(
            self.repo,
            request.game_id,
            request.who,
            request.at,
            request.seat,
            request.command,
            request.chance,
        )

    def diff(self, request: rq.DiffRecords) -> dict[str, Any]:
        return audit.diff(request.a, request.b, request.label_a, request.label_b, self.repo.games)


def rules_info(game: str, games: Registry | None = None) -> dict[str, Any]:
    """A game's printed component data, limits and options (``skald rules``, GetRules)."""
    return queries.rules_info(games or catalog.registry(), game)

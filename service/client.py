"""One client interface over the service, local (``--db``) or remote (``--server``).

The CLI speaks only to this. Both clients return the same plain data (dicts of JSON values, the
domain's own dataclasses for views and commands), so every command prints the same output
whichever way it ran.

Every use case is one call taking its request object (:mod:`skald.service.app.requests`), the
same the service's facade takes. Who acts or reads is part of every request (``who``), never the
client's state: the local client hands the request to the service as it is (``who`` is whom it
authorizes); the remote client's calls carry the token it was made with, and the server decides
from that token alone (``who`` is not sent: a client cannot claim to be someone its token does
not name).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from skald.domain.kernel.codec import to_data
from skald.domain.kernel.contract import AnyRules, Outcome, Pending
from skald.domain.kernel.errors import Malformed, SkaldError
from skald.domain.kernel.ranges import require_int32, require_int64
from skald.service.app import requests as rq
from skald.service.bootstrap import registry
from skald.service.model.records import Record
from skald.service.model.registry import cli_name
from skald.service.store.index import GamesQuery

if TYPE_CHECKING:
    from skald.service.app.games import GameService
    from skald.service.app.queries import Viewed
    from skald.service.contract._generated.skald.v1 import skald_pb2
    from skald.service.model.receipts import Receipt, ReceiptBox


FIELD_RULES: dict[str, str] = {
    "seat": "seat/out-of-range",
    "players": "players/out-of-range",
    "at_version": "version/out-of-range",
    "after_version": "version/out-of-range",
    "up_to_version": "version/out-of-range",
    "expected_version": "version/out-of-range",
    "page_size": "games/bad-page",
}
"""The rule a request field's out-of-range number is refused with: the service's own for that
argument (a seat beyond the game's seats, a version beyond the game's, ``skald games``'s page),
so a remote call is refused as a local one is."""


def build_request(cls: Any, rules: dict[str, str] | None = None, **fields: Any) -> Any:
    """``cls(**fields)`` (``None`` fields left unset), each integer first checked against its
    field's wire type, int32 or int64: protobuf refuses a number beyond it with a bare
    ``ValueError`` while building the request, which reached the user as a traceback. It is
    refused instead with the rule the service gives the same argument (:data:`FIELD_RULES`,
    ``rules`` overriding it per request), before anything is sent."""
    from google.protobuf.descriptor import FieldDescriptor as F  # only a remote client's

    wide = (F.TYPE_INT64, F.TYPE_SINT64, F.TYPE_SFIXED64)  # requests hold no unsigned ints
    wanted = {**FIELD_RULES, **(rules or {})}
    given = {name: value for name, value in fields.items() if value is not None}
    for name, value in given.items():
        if isinstance(value, int) and not isinstance(value, bool):
            rule = wanted.get(name, "request/out-of-range")
            if cls.DESCRIPTOR.fields_by_name[name].type in wide:
                require_int64(value, rule, name)
            else:
                require_int32(value, rule, name)
    return cls(**given)


@dataclass(frozen=True, slots=True)
class ViewResult:
    game_id: str
    game: str
    version: int
    to_act: tuple[int, ...]
    outcome: Outcome | None
    seat: int | None
    view: Any
    pending: tuple[Pending, ...] = ()
    """The decisions the game waits for (public)."""

    @staticmethod
    def of(game_id: str, loaded: Any, seat: int | None, view: Any) -> ViewResult:
        """The view of a folded game (``skald.service.model.folding.Loaded``) as the CLI shows it."""
        rules = loaded.rules
        state = loaded.state
        return ViewResult(
            game_id,
            rules.name,
            loaded.version,
            tuple(sorted(rules.to_act(state))),
            rules.outcome(state),
            seat,
            view,
            tuple(rules.pending(state)),
        )

    @staticmethod
    def seen(game_id: str, viewed: Viewed) -> ViewResult:
        """The service's view query result as the CLI shows it."""
        return ViewResult(
            game_id,
            viewed.rules.name,
            viewed.version,
            viewed.to_act,
            viewed.outcome,
            viewed.seat,
            viewed.view,
            viewed.pending,
        )


def created_json(c: Any) -> dict[str, Any]:
    """A created game (the service's ``Created`` or the wire's ``CreateGameResponse``)."""
    return {
        "game_id": c.game_id,
        "game": cli_name(c.game),
        "players": c.players,
        "seat_tokens": list(c.seat_tokens),
        "referee_token": c.referee_token,
        "commitment": c.commitment,
        "version": int(c.version),
    }


class Client(Protocol):
    """The service's use cases, each taking its request object (:mod:`skald.service.app.requests`).

    Every request names who acts or reads (``who``). The local client passes the request to the
    service as it is: ``who`` is whom the service authorizes (the command line, holding the
    database, acts as :data:`~skald.service.model.auth.OPERATOR` unless it names a seat). The
    remote client ignores ``who``: its calls carry the token it was made with, and the server
    decides from that token alone (a client cannot claim to be someone its token does not name).
    """

    receipts: ReceiptBox | None
    """Where acknowledged commands' receipts are kept; ``None``: not kept (nor asked for)."""

    def resolve(self, game_id: str) -> str: ...
    def rules_of(self, game_id: str) -> AnyRules: ...
    def create(self, request: rq.CreateGame) -> dict[str, Any]: ...
    def submit(self, request: rq.SubmitMove) -> tuple[int, list[Record]]:
        """Submit one move: the version it reached and its records."""
        ...

    def legal(self, request: rq.ListLegal) -> tuple[list[Any], list[dict[str, Any]]]:
        """The legal commands, and (with ``compact``) the placements grouped
        (``placements_json``; else none)."""
        ...

    def view(self, request: rq.ViewGame) -> ViewResult:
        """The game as asked for (public or a seat's, at a version)."""
        ...

    def history(self, request: rq.GetHistory) -> list[Record]: ...
    def fork(self, request: rq.ForkGame) -> dict[str, Any]: ...
    def dispute(self, request: rq.FileDispute) -> dict[str, Any]:
        """File a dispute (its JSON)."""
        ...

    def rule(self, request: rq.RuleDispute) -> dict[str, Any]:
        """Rule on a dispute: ``{"dispute": …, "fork": created game or None}``."""
        ...

    def disputes(self, request: rq.ListDisputes) -> list[dict[str, Any]]:
        """Every dispute of the game with its ruling (JSON), in number order."""
        ...

    def list_games(self, request: rq.ListGames) -> list[dict[str, Any]]: ...
    def games_page(self, request: rq.PageGames) -> tuple[list[dict[str, Any]], str]: ...
    def verify(self, request: rq.VerifyGame) -> dict[str, Any]:
        """The stored game verified; with ``receipts`` (a seat's), each checked against it."""
        ...

    def receipt_key(self) -> str:
        """The public key (hex) the store or server signs receipts with."""
        ...

    def check(self, request: rq.CheckCommand) -> list[Record]: ...
    def export(self, request: rq.ExportGame) -> str: ...
    def import_text(self, request: rq.ImportGame) -> tuple[dict[str, Any], dict[str, Any]]: ...
    def watch(self, request: rq.WatchGame) -> Iterator[Record]: ...
    def rules_info(self, request: rq.RulesInfo) -> dict[str, Any]: ...
    def close(self) -> None: ...


def placements_json(groups: Sequence[Any]) -> list[dict[str, Any]]:
    """Grouped placements as JSON, from the domain's groups or the wire's ``PlacementOptions``
    (the same field names): ``command``, ``board``, ``piece``, ``anchors``."""
    return [
        {
            "command": g.command,
            "board": g.board,
            "piece": g.piece,
            "anchors": [
                {"row": int(a.row), "col": int(a.col), "rotations": [int(r) for r in a.rotations]}
                for a in g.anchors
            ],
        }
        for g in groups
    ]


class LocalClient:
    """The service in this process, on ``--db`` (SQLite path or PostgreSQL URL).

    Given a function instead of a service, the store is opened on the first call that needs
    it: a command that works on a replay file, or reads printed rules, never opens (or
    creates) the store ``--db`` names."""

    def __init__(self, svc: GameService | Callable[[], GameService]) -> None:
        self._svc: GameService | None = None
        self._open: Callable[[], GameService] | None = None
        if callable(svc):
            self._open = svc
        else:
            self._svc = svc
        self.receipts: ReceiptBox | None = _box()
        """Where each acknowledged command's receipt is kept (``None``: not issued)."""
        self.last_receipt: Receipt | None = None

    @property
    def opened(self) -> GameService | None:
        """The service if the store has been opened, else ``None`` (nothing opened for it)."""
        return self._svc

    @property
    def svc(self) -> GameService:
        if self._svc is None:
            assert self._open is not None
            self._svc = self._open()
        return self._svc

    def resolve(self, game_id: str) -> str:
        return self.svc.resolve(game_id)

    def rules_of(self, game_id: str) -> AnyRules:
        return self.svc.rules_of(game_id)

    def create(self, request: rq.CreateGame) -> dict[str, Any]:
        return created_json(self.svc.create(request))

    def submit(self, request: rq.SubmitMove) -> tuple[int, list[Record]]:
        result = self.svc.submit(request)
        if self.receipts is not None:
            self.last_receipt = self.svc.receipt(self.svc.resolve(request.game_id), result)
            self.receipts.keep(self.last_receipt)
        return result.version, list(result.records)

    def legal(self, request: rq.ListLegal) -> tuple[list[Any], list[dict[str, Any]]]:
        legal = self.svc.legal(request)
        return legal.commands, placements_json(legal.placements)

    def view(self, request: rq.ViewGame) -> ViewResult:
        return ViewResult.seen(request.game_id, self.svc.view(request))

    def history(self, request: rq.GetHistory) -> list[Record]:
        return self.svc.history(request)

    def fork(self, request: rq.ForkGame) -> dict[str, Any]:
        return created_json(self.svc.fork(request))

    def dispute(self, request: rq.FileDispute) -> dict[str, Any]:
        return self.svc.file_dispute(request).to_json()

    def rule(self, request: rq.RuleDispute) -> dict[str, Any]:
        dispute, fork = self.svc.rule_dispute(request)
        return {"dispute": dispute.to_json(), "fork": None if fork is None else created_json(fork)}

    def disputes(self, request: rq.ListDisputes) -> list[dict[str, Any]]:
        return [d.to_json() for d in self.svc.disputes(request)]

    def list_games(self, request: rq.ListGames) -> list[dict[str, Any]]:
        rows = self.svc.list_games(request)
        return [{**row.to_json(), "game": cli_name(row.game)} for row in rows]

    def games_page(self, request: rq.PageGames) -> tuple[list[dict[str, Any]], str]:
        page = self.svc.games_page(request)
        rows = [{**row.to_json(), "game": cli_name(row.game)} for row in page.rows]
        return rows, page.next_page_token

    def verify(self, request: rq.VerifyGame) -> dict[str, Any]:
        return dict(self.svc.verify(request).to_json())

    def receipt_key(self) -> str:
        return self.svc.receipt_key()

    def check(self, request: rq.CheckCommand) -> list[Record]:
        return self.svc.check(request)

    def export(self, request: rq.ExportGame) -> str:
        return self.svc.export(request)

    def import_text(self, request: rq.ImportGame) -> tuple[dict[str, Any], dict[str, Any]]:
        created, report = self.svc.import_text(request)
        return created_json(created), report.to_json()

    def watch(self, request: rq.WatchGame) -> Iterator[Record]:
        return self.svc.watch(request)

    def rules_info(self, request: rq.RulesInfo) -> dict[str, Any]:
        if self._svc is None:  # printed data only: no store to open for it
            from skald.service.app.games import rules_info

            return rules_info(request.game)
        return self._svc.rules_info(request)

    def close(self) -> None:
        if self._svc is not None:
            self._svc.store.close()


@dataclass(frozen=True, slots=True)
class ClientTls:
    """TLS of a remote client, as the command line's ``--tls-ca``/``--tls-cert``/``--tls-key``
    give it: the CA to trust, and the certificate and key to present when the server asks.
    None set: a plain channel. Read from these arguments only, never from the environment."""

    ca: str | None = None
    cert: str | None = None
    key: str | None = None

    def credentials(self) -> Any | None:
        """gRPC channel credentials (``None``: none set); a missing, unreadable or non-PEM file
        and a certificate without its key are a :class:`SkaldError`."""
        if not (self.ca or self.cert or self.key):
            return None
        if bool(self.cert) != bool(self.key):
            raise SkaldError(
                "tls/pair", "a client certificate needs its key (--tls-cert with --tls-key)"
            )
        import grpc

        from skald.service.grpc.tls import read_pem

        return grpc.ssl_channel_credentials(
            root_certificates=read_pem(self.ca, "CA certificate") if self.ca else None,
            private_key=read_pem(self.key, "TLS key") if self.key else None,
            certificate_chain=read_pem(self.cert, "TLS certificate") if self.cert else None,
        )


class RemoteClient:
    """The same calls over gRPC to ``skald serve``; ``token`` is a seat, referee or operator token."""

    if TYPE_CHECKING:
        pb = skald_pb2  # typed by the generated stubs; imported when a client is made

    def __init__(
        self, address: str, token: str | None = None, tls: ClientTls | None = None
    ) -> None:
        import grpc

        from skald.service.contract import wire

        self._grpc = grpc
        self.wire = wire
        from skald.service.contract._generated.skald.v1 import skald_pb2, skald_pb2_grpc

        self.pb = skald_pb2
        stubs = skald_pb2_grpc
        from skald.service.grpc.edge import MAX_REQUEST, MAX_RESPONSE

        options = [
            ("grpc.max_send_message_length", MAX_REQUEST),
            ("grpc.max_receive_message_length", MAX_RESPONSE),
        ]
        credentials = (tls or ClientTls()).credentials()  # None: a plain channel
        self.channel = (
            grpc.insecure_channel(address, options=options)
            if credentials is None
            else grpc.secure_channel(address, credentials, options=options)
        )
        self.stub = stubs.SkaldStub(self.channel)
        self.token = token
        self._rules: dict[str, AnyRules] = {}
        self.receipts: ReceiptBox | None = _box()
        """Where each acknowledged command's receipt is kept (``None``: not kept)."""
        self.last_receipt: Receipt | None = None

    def with_token(self, token: str | None) -> RemoteClient:
        """A client on the same channel that sends ``token`` instead (this one is unchanged)."""
        other = copy.copy(self)
        other.token = token
        return other

    def _md(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.token}"),) if self.token else ()

    def _call(self, method: str, request: Any) -> Any:
        try:
            return getattr(self.stub, method)(request, metadata=self._md(), timeout=60)
        except self._grpc.RpcError as exc:
            raise remote_error(exc) from None

    def resolve(self, game_id: str) -> str:
        return game_id

    def rules_of(self, game_id: str) -> AnyRules:
        """The game's rules: known from an earlier answer that named the game (a view, a legal
        list), else asked for (the history's first record: one GetHistory, once per game)."""
        if game_id not in self._rules:
            history = self._call(
                "GetHistory",
                build_request(self.pb.GetHistoryRequest, game_id=game_id, up_to_version=1),
            )
            self._rules[game_id] = registry().rules(history.events[0].event.kernel.created.game)
        return self._rules[game_id]

    def _named(self, game_id: str, game: str, *more: str) -> AnyRules:
        """Remember that ``game_id`` (and the ids in ``more``: the full id a prefix named)
        is a game of ``game``, as an answer said, so no call is made to learn it."""
        rules = self._rules.get(game_id) or registry().rules(game)
        for gid in (game_id, *more):
            if gid:
                self._rules[gid] = rules
        return rules

    def _commands(self, game_id: str, commands: Sequence[Any]) -> list[Any]:
        """Wire commands back into the domain's: each names its game (the oneof), which is
        also the game's rules, so a legal list needs no call to learn them."""
        if not commands:
            return []
        game = commands[0].WhichOneof("game")
        rules = self._named(game_id, game) if game else self.rules_of(game_id)
        return [self.wire.command_from_proto(rules, c) for c in commands]

    def create(self, request: rq.CreateGame) -> dict[str, Any]:
        sent = build_request(
            self.pb.CreateGameRequest,
            game=request.game,
            players=request.players,
            seed=request.seed or b"",
            chance=request.chance,
            table_entries=self.wire.chance_entries_to_proto(request.table_entries),
        )
        self.wire._options(sent.options, request.options or {})
        c = self._call("CreateGame", sent)
        return created_json(c)

    def submit(self, move: rq.SubmitMove) -> tuple[int, list[Record]]:
        rules = self.rules_of(move.game_id)
        request = build_request(
            self.pb.SubmitCommandRequest,
            game_id=move.game_id,
            seat=move.seat,
            command=self.wire.command_to_proto(rules.name, move.command),
            command_id=move.command_id or "",
            chance=self.wire.chance_entries_to_proto(move.chance),
            expected_version=move.expected_version,
            skip_receipt=self.receipts is None,
        )
        r = self._call("SubmitCommand", request)
        if r.HasField("receipt"):
            self.last_receipt = self.wire.receipt_from_proto(r.receipt)
            if self.receipts is not None:
                self.receipts.keep(self.last_receipt)
        return int(r.version), [self.wire.record_from_proto(rules, e) for e in r.events]

    def legal(self, request: rq.ListLegal) -> tuple[list[Any], list[dict[str, Any]]]:
        if request.at is not None:
            raise Malformed("legal/at-remote", "a past version's legal commands are local only")
        sent = build_request(
            self.pb.ListLegalCommandsRequest,
            game_id=request.game_id,
            seat=request.seat,
            compact_placements=request.compact or None,
            page_size=request.page_size or None,
            page_token=request.page_token or None,
        )
        r = self._call("ListLegalCommands", sent)
        return self._commands(request.game_id, r.commands), placements_json(r.placements)

    def view(self, request: rq.ViewGame) -> ViewResult:
        sent = build_request(
            self.pb.GetViewRequest,
            game_id=request.game_id,
            at_version=request.at or 0,
            seat=request.seat,
        )
        r = self._call("GetView", sent)
        rules = self._named(request.game_id, r.game, r.game_id)  # the answer names the game
        outcome = (
            Outcome(tuple(r.outcome.scores), tuple(r.outcome.winners), r.outcome.reason)
            if r.finished
            else None
        )
        return ViewResult(
            r.game_id,
            rules.name,
            int(r.version),
            tuple(r.to_act),
            outcome,
            r.seat if r.HasField("seat") else None,
            self.wire.view_from_proto(rules, r.view),
            self.wire.pending_from_proto(r.pending),
        )

    def history(self, request: rq.GetHistory) -> list[Record]:
        rules = self.rules_of(request.game_id)
        r = self._call(
            "GetHistory",
            build_request(
                self.pb.GetHistoryRequest,
                game_id=request.game_id,
                after_version=request.after,
                up_to_version=request.upto or 0,
            ),
        )
        return [self.wire.record_from_proto(rules, e) for e in r.events]

    def fork(self, request: rq.ForkGame) -> dict[str, Any]:
        if request.seed is not None:
            raise Malformed("fork/seed-remote", "a fork's chosen seed is local only")
        sent = build_request(
            self.pb.ForkGameRequest,
            game_id=request.game_id,
            at_version=request.at,
            reseed=request.reseed,
        )
        r = self._call("ForkGame", sent)
        return created_json(r.game)

    def dispute(self, request: rq.FileDispute) -> dict[str, Any]:
        sent = build_request(
            self.pb.FileDisputeRequest,
            game_id=request.game_id,
            at_version=request.at,
            seat=request.seat,
            text=request.text,
        )
        r = self._call("FileDispute", sent)
        return dict(self.wire.dispute_from_proto(r.dispute).to_json())

    def rule(self, request: rq.RuleDispute) -> dict[str, Any]:
        sent = build_request(
            self.pb.RuleDisputeRequest,
            {"fork_at_version": "version/out-of-range"},
            game_id=request.game_id,
            number=request.number,
            uphold=request.uphold,
            text=request.text,
            fork_at_version=request.fork_at or 0,
            reseed=request.reseed,
        )
        r = self._call("RuleDispute", sent)
        return {
            "dispute": self.wire.dispute_from_proto(r.dispute).to_json(),
            "fork": created_json(r.fork) if r.HasField("fork") else None,
        }

    def disputes(self, request: rq.ListDisputes) -> list[dict[str, Any]]:
        r = self._call("ListDisputes", self.pb.ListDisputesRequest(game_id=request.game_id))
        return [self.wire.dispute_from_proto(d).to_json() for d in r.disputes]

    def list_games(self, request: rq.ListGames) -> list[dict[str, Any]]:
        rows, token = self.games_page(rq.PageGames(GamesQuery(page_size=1000)))
        while token:
            page = rq.PageGames(GamesQuery(page_size=1000, page_token=token))
            more, token = self.games_page(page)
            rows += more
        return rows

    def games_page(self, request: rq.PageGames) -> tuple[list[dict[str, Any]], str]:
        query = request.query
        r = self._call(
            "ListGames",
            build_request(
                self.pb.ListGamesRequest,
                {"players": "games/bad-page"},  # a filter, as the index refuses it
                game=query.game,
                status=query.status,
                players=query.players,
                created_since=query.created_since,
                created_before=query.created_before,
                order_by=query.order,
                page_size=query.page_size,
                page_token=query.page_token,
            ),
        )
        return [
            {
                "game_id": g.game_id,
                "game": cli_name(g.game),
                "players": g.players,
                "status": g.status,
                "version": int(g.version),
                "scores": [int(s) for s in g.scores],
                "winners": list(g.winners),
                "forked_from": {
                    "game_id": g.forked_from.game_id,
                    "version": int(g.forked_from.version),
                }
                if g.HasField("forked_from")
                else None,
                "created_at": g.created_at,
                "updated_at": g.updated_at,
            }
            for g in r.games
        ], r.next_page_token

    def verify(self, request: rq.VerifyGame) -> dict[str, Any]:
        game_id, receipts = request.game_id, request.receipts
        sent = self.pb.VerifyGameRequest(
            game_id=game_id, receipts=[self.wire.receipt_to_proto(r) for r in receipts or ()]
        )
        report = _report(self._call("VerifyGame", sent))
        report["game"] = self.rules_of(game_id).name  # as the local report names it
        if receipts is not None and not receipts:
            report["notes"].append("no receipts given: what a seat was served is not checked")
        return report

    def receipt_key(self) -> str:
        return str(self._call("GetServerInfo", self.pb.GetServerInfoRequest()).receipt_key)

    def check(self, request: rq.CheckCommand) -> list[Record]:
        rules = self.rules_of(request.game_id)
        r = self._call(
            "CheckCommand",
            build_request(
                self.pb.CheckCommandRequest,
                game_id=request.game_id,
                at_version=request.at,
                seat=request.seat,
                command=self.wire.command_to_proto(rules.name, request.command),
                chance=self.wire.chance_entries_to_proto(request.chance),
            ),
        )
        if not r.legal:
            from skald.domain.kernel.errors import IllegalMove

            raise IllegalMove(r.rule, r.reason)
        return [self.wire.record_from_proto(rules, e) for e in r.events]

    def export(self, request: rq.ExportGame) -> str:
        sent = self.pb.ExportGameRequest(game_id=request.game_id)
        return str(self._call("ExportGame", sent).jsonl)

    def import_text(self, request: rq.ImportGame) -> tuple[dict[str, Any], dict[str, Any]]:
        r = self._call("ImportGame", self.pb.ImportGameRequest(jsonl=request.text))
        report = _report(r.report)
        report["game"] = r.game.game
        return created_json(r.game), report

    def watch(self, request: rq.WatchGame) -> Iterator[Record]:
        rules = self.rules_of(request.game_id)
        try:
            sent = build_request(
                self.pb.WatchGameRequest, game_id=request.game_id, after_version=request.after
            )
            for e in self.stub.WatchGame(sent, metadata=self._md()):
                yield self.wire.record_from_proto(rules, e)
        except self._grpc.RpcError as exc:
            raise remote_error(exc) from None

    def rules_info(self, request: rq.RulesInfo) -> dict[str, Any]:
        from google.protobuf import json_format

        r = self._call("GetRules", self.pb.GetRulesRequest(game=request.game))
        info: dict[str, Any] = {
            "game": cli_name(r.game),
            "title": r.title,
            "playable": r.playable,
        }
        if r.playable:
            info.update(
                min_players=r.min_players, max_players=r.max_players, rules_version=r.rules_version
            )
            info["options"] = [self.wire.setup_option_from_proto(o) for o in r.options]
        info["components"] = _whole_numbers(json_format.MessageToDict(r.components))
        return info

    def close(self) -> None:
        self.channel.close()


def _whole_numbers(value: Any) -> Any:
    """A Struct's numbers as the catalogue holds them: a Struct carries every number as a
    double, and the printed component data holds only integers (``1.0`` back to ``1``)."""
    if isinstance(value, dict):
        return {k: _whole_numbers(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole_numbers(v) for v in value]
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _report(r: Any) -> dict[str, Any]:
    return {
        "ok": r.ok,
        "game": "",
        "events": int(r.events),
        "first_bad": int(r.first_bad) if r.HasField("first_bad") else None,
        "problem": r.problem,
        "checked": list(r.checked),
        "notes": list(r.notes),
        "receipts": int(r.receipts),
    }


_KINDS = {
    "INVALID_ARGUMENT": "malformed",
    "FAILED_PRECONDITION": "illegal",
    "PERMISSION_DENIED": "not_your_turn",
    "UNAUTHENTICATED": "unauthenticated",
    "NOT_FOUND": "not_found",
    "ABORTED": "stale",
    "INTERNAL": "internal",
}


def _error_classes() -> dict[str, type[SkaldError]]:
    """Every error class of the taxonomy by name (domain and service), for ``ErrorInfo``."""
    from skald.domain.kernel import errors
    from skald.service.model import errors as service_errors

    found: dict[str, type[SkaldError]] = {}
    for module in (errors, service_errors):
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, SkaldError):
                found[name] = value
    return found


def remote_error(exc: Any) -> SkaldError:
    """A gRPC error back into the same :class:`SkaldError` subclass with the same rule: from
    the ``ErrorInfo`` in ``grpc-status-details-bin``, else the ``skald-rule`` trailer, else the
    status code alone (a server or proxy that is not Skald's)."""
    from google.rpc import error_details_pb2
    from grpc_status import rpc_status

    code = exc.code().name if exc.code() else "UNKNOWN"
    try:
        status = rpc_status.from_call(exc)
    except ValueError:  # details that contradict the call's code: trust neither
        status = None
    for detail in status.details if status is not None else ():
        info = error_details_pb2.ErrorInfo()
        if detail.Is(info.DESCRIPTOR) and detail.Unpack(info) and info.domain == "skald":
            kind = info.metadata.get("kind", _KINDS.get(code, "unavailable"))
            cls = _error_classes().get(info.metadata.get("error", ""), SkaldError)
            error = cls(info.reason, info.metadata.get("reason", ""))
            if error.kind != kind:
                error.kind = kind
            return error
    meta = dict(exc.trailing_metadata() or ())
    rule = meta.get("skald-rule", f"grpc/{code.lower()}")
    details = exc.details() or code
    reason = details.split(": ", 1)[1] if details.startswith(f"{rule}: ") else details
    plain = SkaldError(rule, reason)
    plain.kind = meta.get("skald-kind", _KINDS.get(code, "unavailable"))
    return plain


def view_json(result: ViewResult) -> dict[str, Any]:
    return {
        "game_id": result.game_id,
        "game": cli_name(result.game),
        "version": result.version,
        "to_act": list(result.to_act),
        "finished": result.outcome is not None,
        "outcome": None
        if result.outcome is None
        else {
            "scores": list(result.outcome.scores),
            "winners": list(result.outcome.winners),
            "reason": result.outcome.reason,
        },
        "seat": result.seat,
        "view": to_data(result.view),
        "pending": [to_data(p) for p in result.pending],
    }


def _box() -> ReceiptBox:
    """The default receipt folder (:func:`skald.service.model.receipts.default_dir`)."""
    from skald.service.model.receipts import ReceiptBox

    return ReceiptBox()

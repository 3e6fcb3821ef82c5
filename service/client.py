"""One client interface over the service, local (``--db``) or remote (``--server``).

The CLI speaks only to this. Both clients return the same plain data (dicts of JSON values, the
domain's own dataclasses for views and commands), so every command prints the same output
whichever way it ran. The local client acts as operator (it holds the database); the remote
client sends the token it was given.
"""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from service.bootstrap import registry
from service.registry import cli_name
from domain.kernel.chance import ChanceEntry
from domain.kernel.codec import to_data
from domain.kernel.contract import Outcome, Rules
from domain.kernel.errors import SkaldError
from service.records import Record


@dataclass(frozen=True, slots=True)
class ViewResult:
    game_id: str
    game: str
    version: int
    to_act: tuple[int, ...]
    outcome: Outcome | None
    seat: int | None
    view: Any

    @staticmethod
    def of(game_id: str, loaded: Any, seat: int | None, view: Any) -> ViewResult:
        """The view of a folded game (``service.folding.Loaded``) as the CLI shows it."""
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
    def resolve(self, game_id: str) -> str: ...
    def rules_of(self, game_id: str) -> Rules: ...
    def create(
        self,
        game: str,
        players: int,
        seed: bytes | None,
        chance: str,
        options: dict[str, Any],
        table_entries: Sequence[ChanceEntry],
    ) -> dict[str, Any]: ...
    def submit(
        self,
        game_id: str,
        seat: int,
        command: Any,
        expected_version: int | None,
        command_id: str | None,
        chance: Sequence[ChanceEntry],
    ) -> tuple[int, list[Record]]: ...
    def legal(self, game_id: str, seat: int) -> list[Any]: ...
    def view(self, game_id: str, seat: int | None, at: int | None) -> ViewResult: ...
    def history(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]: ...
    def fork(self, game_id: str, at: int, reseed: bool) -> dict[str, Any]: ...
    def list_games(self) -> list[dict[str, Any]]: ...
    def verify(self, game_id: str) -> dict[str, Any]: ...
    def check(
        self, game_id: str, at: int, seat: int, command: Any, chance: Sequence[ChanceEntry]
    ) -> list[Record]: ...
    def export(self, game_id: str) -> str: ...
    def import_text(self, text: str) -> tuple[dict[str, Any], dict[str, Any]]: ...
    def watch(self, game_id: str, after: int) -> Iterator[Record]: ...
    def rules_info(self, game: str) -> dict[str, Any]: ...
    def close(self) -> None: ...


class LocalClient:
    """The service in this process, on ``--db`` (SQLite path or PostgreSQL URL)."""

    def __init__(self, db: str | None) -> None:
        from service.auth import OPERATOR
        from service.games import GameService
        from service.store import EventStore

        self.svc = GameService(EventStore(db))
        self.who = OPERATOR

    def resolve(self, game_id: str) -> str:
        return self.svc.resolve(game_id)

    def rules_of(self, game_id: str) -> Rules:
        return self.svc.load(game_id).rules

    def create(
        self,
        game: str,
        players: int,
        seed: bytes | None,
        chance: str,
        options: dict[str, Any],
        table_entries: Sequence[ChanceEntry],
    ) -> dict[str, Any]:
        c = self.svc.create(
            game, players, seed=seed, chance=chance, options=options, table_entries=table_entries
        )
        return created_json(c)

    def submit(
        self,
        game_id: str,
        seat: int,
        command: Any,
        expected_version: int | None,
        command_id: str | None,
        chance: Sequence[ChanceEntry],
    ) -> tuple[int, list[Record]]:
        result = self.svc.submit(
            game_id,
            self.who,
            seat,
            command,
            expected_version=expected_version,
            command_id=command_id,
            chance_entries=chance,
        )
        return result.version, list(result.records)

    def legal(self, game_id: str, seat: int) -> list[Any]:
        return self.svc.legal(game_id, self.who, seat)

    def view(self, game_id: str, seat: int | None, at: int | None) -> ViewResult:
        loaded, view = self.svc.view(game_id, self.who, seat, at)
        return ViewResult.of(game_id, loaded, seat, view)

    def history(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        return self.svc.history(game_id, self.who, after, upto)

    def fork(self, game_id: str, at: int, reseed: bool) -> dict[str, Any]:
        return created_json(self.svc.fork(game_id, self.who, at, reseed))

    def list_games(self) -> list[dict[str, Any]]:
        return [
            {**row.to_json(), "game": cli_name(row.game)} for row in self.svc.list_games()
        ]

    def verify(self, game_id: str) -> dict[str, Any]:
        return dict(self.svc.verify(game_id).to_json())

    def check(
        self, game_id: str, at: int, seat: int, command: Any, chance: Sequence[ChanceEntry]
    ) -> list[Record]:
        return self.svc.check(game_id, self.who, at, seat, command, chance)

    def export(self, game_id: str) -> str:
        return self.svc.export(game_id)

    def import_text(self, text: str) -> tuple[dict[str, Any], dict[str, Any]]:
        created, report = self.svc.import_text(text)
        return created_json(created), report.to_json()

    def watch(self, game_id: str, after: int) -> Iterator[Record]:
        return self.svc.watch(game_id, self.who, after)

    def rules_info(self, game: str) -> dict[str, Any]:
        from service.games import rules_info

        return rules_info(game)

    def close(self) -> None:
        self.svc.store.close()


class RemoteClient:
    """The same calls over gRPC to ``skald serve``; ``token`` is a seat, referee or operator token."""

    def __init__(self, address: str, token: str | None = None) -> None:
        import grpc

        from service import wire

        self._grpc = grpc
        self.wire = wire
        self.pb = wire.pb
        stubs: Any = __import__("skald.v1.skald_pb2_grpc", fromlist=["*"])
        self.channel = grpc.insecure_channel(address)
        self.stub = stubs.SkaldStub(self.channel)
        self.token = token or os.environ.get("SKALD_TOKEN")
        self._rules: dict[str, Rules] = {}

    def _md(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.token}"),) if self.token else ()

    def _call(self, method: str, request: Any) -> Any:
        try:
            return getattr(self.stub, method)(request, metadata=self._md(), timeout=60)
        except self._grpc.RpcError as exc:
            raise remote_error(exc) from None

    def resolve(self, game_id: str) -> str:
        return game_id

    def rules_of(self, game_id: str) -> Rules:
        if game_id not in self._rules:
            history = self._call(
                "GetHistory", self.pb.GetHistoryRequest(game_id=game_id, up_to_version=1)
            )
            self._rules[game_id] = registry().rules(history.events[0].event.kernel.created.game)
        return self._rules[game_id]

    def create(
        self,
        game: str,
        players: int,
        seed: bytes | None,
        chance: str,
        options: dict[str, Any],
        table_entries: Sequence[ChanceEntry],
    ) -> dict[str, Any]:
        request = self.pb.CreateGameRequest(
            game=game,
            players=players,
            seed=seed or b"",
            chance=chance,
            table_entries=self.wire.chance_entries_to_proto(table_entries),
        )
        self.wire._options(request.options, options)
        c = self._call("CreateGame", request)
        return created_json(c)

    def submit(
        self,
        game_id: str,
        seat: int,
        command: Any,
        expected_version: int | None,
        command_id: str | None,
        chance: Sequence[ChanceEntry],
    ) -> tuple[int, list[Record]]:
        rules = self.rules_of(game_id)
        request = self.pb.SubmitCommandRequest(
            game_id=game_id,
            seat=seat,
            command=self.wire.command_to_proto(rules.name, command),
            command_id=command_id or "",
            chance=self.wire.chance_entries_to_proto(chance),
        )
        if expected_version is not None:
            request.expected_version = expected_version
        r = self._call("SubmitCommand", request)
        return int(r.version), [self.wire.record_from_proto(rules, e) for e in r.events]

    def legal(self, game_id: str, seat: int) -> list[Any]:
        rules = self.rules_of(game_id)
        r = self._call(
            "ListLegalCommands", self.pb.ListLegalCommandsRequest(game_id=game_id, seat=seat)
        )
        return [self.wire.command_from_proto(rules, c) for c in r.commands]

    def view(self, game_id: str, seat: int | None, at: int | None) -> ViewResult:
        rules = self.rules_of(game_id)
        request = self.pb.GetViewRequest(game_id=game_id, at_version=at or 0)
        if seat is not None:
            request.seat = seat
        r = self._call("GetView", request)
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
        )

    def history(self, game_id: str, after: int = 0, upto: int | None = None) -> list[Record]:
        rules = self.rules_of(game_id)
        r = self._call(
            "GetHistory",
            self.pb.GetHistoryRequest(
                game_id=game_id, after_version=after, up_to_version=upto or 0
            ),
        )
        return [self.wire.record_from_proto(rules, e) for e in r.events]

    def fork(self, game_id: str, at: int, reseed: bool) -> dict[str, Any]:
        r = self._call(
            "ForkGame", self.pb.ForkGameRequest(game_id=game_id, at_version=at, reseed=reseed)
        )
        return created_json(r.game)

    def list_games(self) -> list[dict[str, Any]]:
        r = self._call("ListGames", self.pb.ListGamesRequest())
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
            }
            for g in r.games
        ]

    def verify(self, game_id: str) -> dict[str, Any]:
        return _report(self._call("VerifyGame", self.pb.VerifyGameRequest(game_id=game_id)))

    def check(
        self, game_id: str, at: int, seat: int, command: Any, chance: Sequence[ChanceEntry]
    ) -> list[Record]:
        rules = self.rules_of(game_id)
        r = self._call(
            "CheckCommand",
            self.pb.CheckCommandRequest(
                game_id=game_id,
                at_version=at,
                seat=seat,
                command=self.wire.command_to_proto(rules.name, command),
                chance=self.wire.chance_entries_to_proto(chance),
            ),
        )
        if not r.legal:
            from domain.kernel.errors import IllegalMove

            raise IllegalMove(r.rule, r.reason)
        return [self.wire.record_from_proto(rules, e) for e in r.events]

    def export(self, game_id: str) -> str:
        return str(self._call("ExportGame", self.pb.ExportGameRequest(game_id=game_id)).jsonl)

    def import_text(self, text: str) -> tuple[dict[str, Any], dict[str, Any]]:
        r = self._call("ImportGame", self.pb.ImportGameRequest(jsonl=text))
        return created_json(r.game), _report(r.report)

    def watch(self, game_id: str, after: int) -> Iterator[Record]:
        rules = self.rules_of(game_id)
        try:
            for e in self.stub.WatchGame(
                self.pb.WatchGameRequest(game_id=game_id, after_version=after), metadata=self._md()
            ):
                yield self.wire.record_from_proto(rules, e)
        except self._grpc.RpcError as exc:
            raise remote_error(exc) from None

    def rules_info(self, game: str) -> dict[str, Any]:
        from google.protobuf import json_format

        r = self._call("GetRules", self.pb.GetRulesRequest(game=game))
        info: dict[str, Any] = {
            "game": cli_name(r.game),
            "title": r.title,
            "playable": r.playable,
        }
        if r.playable:
            info.update(
                min_players=r.min_players, max_players=r.max_players, rules_version=r.rules_version
            )
        info["components"] = json_format.MessageToDict(r.components)
        return info

    def close(self) -> None:
        self.channel.close()


def _report(r: Any) -> dict[str, Any]:
    return {
        "ok": r.ok,
        "game": "",
        "events": int(r.events),
        "first_bad": int(r.first_bad) if r.HasField("first_bad") else None,
        "problem": r.problem,
        "checked": list(r.checked),
        "notes": list(r.notes),
    }


_KINDS = {
    "INVALID_ARGUMENT": "malformed",
    "FAILED_PRECONDITION": "illegal",
    "PERMISSION_DENIED": "not_your_turn",
    "UNAUTHENTICATED": "unauthenticated",
    "NOT_FOUND": "not_found",
    "ABORTED": "stale",
}


def remote_error(exc: Any) -> SkaldError:
    """A gRPC error back into the taxonomy (rule from the ``skald-rule`` trailer)."""
    meta = dict(exc.trailing_metadata() or ())
    code = exc.code().name if exc.code() else "UNKNOWN"
    rule = meta.get("skald-rule", f"grpc/{code.lower()}")
    details = exc.details() or code
    reason = details.split(": ", 1)[1] if details.startswith(f"{rule}: ") else details
    error = SkaldError(rule, reason)
    error.kind = meta.get("skald-kind", _KINDS.get(code, "unavailable"))
    return error


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
    }


def connect(db: str | None, server: str | None, token: str | None = None) -> Client:
    server = server or os.environ.get("SKALD_SERVER")
    if server:
        return RemoteClient(server, token)
    return LocalClient(db)

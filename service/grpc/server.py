"""The gRPC edge: typed requests in, the game service called, errors mapped once.

``create_server(service, address)`` returns ``(server, port)``, so tests bind port 0. The
server is ``grpc.aio`` on an event-loop thread of its own; the handlers below are plain
functions, run on the loop or, for long calls, on a pool
(:mod:`skald.service.grpc.serving` says which and why); WatchGame streams are coroutines holding no
thread (:mod:`skald.service.grpc.watching`) and are fed by the per-game fan-out
(:mod:`skald.service.grpc.fanout`): this process's writes are handed to it as written, the other
``--workers``' through :mod:`skald.service.store.siblings`, other processes' and replicas' through
:mod:`skald.service.store.notify`.
It registers the standard health service and server reflection. Requests arrive as bytes and
are parsed here (:func:`skald.service.grpc.edge.parse_request`), so bytes that are not the message get
``INVALID_ARGUMENT``; every handler is guarded (:mod:`skald.service.grpc.edge`: refusals mapped
once, bugs logged with a correlation id). Messages are capped at :data:`MAX_REQUEST` bytes in
and :data:`MAX_RESPONSE` out (:mod:`skald.service.grpc.edge`).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import grpc
from google.protobuf import json_format
from grpc_health.v1 import health, health_pb2_grpc
from grpc_reflection.v1alpha import reflection

from skald.domain.kernel.errors import SkaldError
from skald.service.app import requests as rq
from skald.service.app.games import GameService
from skald.service.contract import wire
from skald.service.contract._generated.skald.v1 import skald_pb2, skald_pb2_grpc
from skald.service.grpc.admission import SERVER_OPTIONS, interceptors
from skald.service.grpc.edge import (
    ERROR_DOMAIN,
    MAX_REQUEST,
    MAX_RESPONSE,
    STATUS,
    guarded,
    rich_status,
    service_handlers,
    status_for,
)
from skald.service.grpc.serving import LONG_CALLS, Admission, Lane, Limits, unary_on_loop
from skald.service.grpc.tls import TlsFiles
from skald.service.grpc.watching import Encoder, watch_handler
from skald.service.model import auth
from skald.service.model.auth import Principal
from skald.service.model.errors import Forbidden, Unauthenticated
from skald.service.store.index import GamesQuery
from skald.service.store.siblings import Siblings

if TYPE_CHECKING:  # prometheus_client loads only with --metrics-port
    from skald.service.grpc.metrics import Metrics

log = logging.getLogger("skald.server")

__all__ = [
    "ERROR_DOMAIN",
    "MAX_REQUEST",
    "MAX_RESPONSE",
    "STATUS",
    "Limits",
    "Servicer",
    "create_server",
    "rich_status",
    "status_for",
]

pb = skald_pb2
pb_grpc = skald_pb2_grpc


def _token(context: grpc.ServicerContext) -> str | None:
    return auth.bearer(context.invocation_metadata())


class Servicer:
    """The unary methods of the Skald service, as plain functions of (request, context)
    (:func:`skald.service.grpc.edge.service_handlers` registers them by name; WatchGame is
    :func:`skald.service.grpc.watching.watch_handler`)."""

    def __init__(self, service: GameService) -> None:
        self.svc = service
        self.outcome: Callable[[str, Any, str], None] | None = None
        """Told each guarded call's method, request and rule code or ``ok`` (metrics)."""

    def _who(self, game_id: str, context: grpc.ServicerContext) -> tuple[str, Principal]:
        gid = self.svc.resolve(game_id)
        return gid, self.svc.authenticate(gid, _token(context))

    def _created(self, c: Any) -> Any:
        return pb.CreateGameResponse(
            game_id=c.game_id,
            game=c.game,
            players=c.players,
            seat_tokens=list(c.seat_tokens),
            referee_token=c.referee_token,
            commitment=c.commitment,
            version=c.version,
        )

    @guarded
    def CreateGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.svc.policy.may_create(_token(context), "creating a game")
        created = self.svc.create(
            rq.CreateGame(
                request.game,
                request.players,
                seed=bytes(request.seed) or None,
                chance=request.chance or "server",
                options=wire.options_from_proto(request.options),
                table_entries=wire.chance_entries_from_proto(request.table_entries),
            )
        )
        return self._created(created)

    @guarded
    def GetView(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        seat = request.seat if request.HasField("seat") else None
        seen = self.svc.view(rq.ViewGame(gid, seat, request.at_version or None, who=who))
        rules = seen.rules
        response = pb.GetViewResponse(
            game_id=gid,
            game=rules.name,
            version=seen.version,
            to_act=list(seen.to_act),
            finished=seen.outcome is not None,
            view=wire.view_to_proto(rules, seen.view),
        )
        if seen.seat is not None:
            response.seat = seen.seat
        if seen.outcome is not None:
            response.outcome.CopyFrom(wire.outcome_to_proto(seen.outcome))
        response.pending.extend(wire.pending_to_proto(seen.pending))
        return response

    @guarded
    def SubmitCommand(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        rules = self.svc.rules_of(gid)
        command = wire.command_from_proto(rules, request.command)
        result = self.svc.submit(
            rq.SubmitMove(
                gid,
                request.seat,
                command,
                expected_version=request.expected_version
                if request.HasField("expected_version")
                else None,
                command_id=request.command_id or None,
                chance=wire.chance_entries_from_proto(request.chance),
                who=who,
            )
        )
        decided = None if result.replayed else command  # a replay answers with what is stored
        response = pb.SubmitCommandResponse(version=result.version, replayed=result.replayed)
        for record, event in self.svc.shown_events(rules, result, who):
            wire.add_record(response.events, rules, record, event, decided)
        if not request.skip_receipt:
            response.receipt.CopyFrom(wire.receipt_to_proto(self.svc.receipt(gid, result)))
        return response

    @guarded
    def ListLegalCommands(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        legal = self.svc.legal(
            rq.ListLegal(
                gid,
                request.seat,
                compact=request.compact_placements,
                page_size=request.page_size,
                page_token=request.page_token,
                who=who,
            )
        )
        return pb.ListLegalCommandsResponse(
            version=legal.version,
            commands=[wire.command_to_proto(legal.rules.name, c) for c in legal.commands],
            placements=wire.placements_to_proto(legal.placements),
            next_page_token=legal.next_page_token,
        )

    @guarded
    def GetHistory(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        rules = self.svc.rules_of(gid)
        records = self.svc.history(
            rq.GetHistory(gid, request.after_version, request.up_to_version or None, who=who)
        )
        response = pb.GetHistoryResponse()
        for record in records:
            wire.add_record(response.events, rules, record)
        return response

    @guarded
    def ForkGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        created = self.svc.fork(rq.ForkGame(gid, request.at_version, request.reseed, who=who))
        return pb.ForkGameResponse(game=self._created(created))

    @guarded
    def ListGames(self, request: Any, context: grpc.ServicerContext) -> Any:
        page = self.svc.games_page(
            rq.PageGames(
                GamesQuery(
                    game=request.game,
                    status=request.status,
                    players=request.players,
                    created_since=request.created_since,
                    created_before=request.created_before,
                    order=request.order_by or "created",
                    page_size=request.page_size,
                    page_token=request.page_token,
                )
            )
        )
        out = pb.ListGamesResponse(next_page_token=page.next_page_token)
        for row in page.rows:
            summary = out.games.add(
                game_id=row.game_id,
                game=row.game,
                players=row.players,
                status=row.status,
                version=row.version,
                scores=row.scores,
                winners=row.winners,
                created_at=row.created_at,
                updated_at=row.updated_at,
            )
            if row.forked_from:
                summary.forked_from.game_id = row.forked_from["game_id"]
                summary.forked_from.version = int(row.forked_from["version"])
        return out

    @guarded
    def GetRules(self, request: Any, context: grpc.ServicerContext) -> Any:
        entry = self.svc.games.entry(request.game)
        response = pb.GetRulesResponse(
            game=entry.name, title=entry.title, playable=entry.rules is not None
        )
        if entry.rules is not None:
            response.min_players = entry.rules.min_players
            response.max_players = entry.rules.max_players
            response.rules_version = entry.rules.rules_version
            for spec in entry.rules.options:
                wire.setup_option_to_proto(response.options.add(), spec)
        json_format.ParseDict(_plain(entry.components()), response.components)
        return response

    @guarded
    def VerifyGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        receipts = [wire.receipt_from_proto(r) for r in request.receipts]
        return report_to_proto(
            self.svc.verify(rq.VerifyGame(gid, receipts if receipts else None, who=who))
        )

    @guarded
    def GetServerInfo(self, request: Any, context: grpc.ServicerContext) -> Any:
        from importlib.metadata import PackageNotFoundError, version

        try:
            mine = version("skald")
        except PackageNotFoundError:  # run from a checkout, not installed
            mine = ""
        return pb.GetServerInfoResponse(receipt_key=self.svc.receipt_key(), server_version=mine)

    @guarded
    def CheckCommand(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        rules = self.svc.rules_of(gid)
        command = wire.command_from_proto(rules, request.command)
        try:
            records = self.svc.check(
                rq.CheckCommand(
                    gid,
                    request.at_version,
                    request.seat,
                    command,
                    wire.chance_entries_from_proto(request.chance),
                    who=who,
                )
            )
        except SkaldError as error:
            # Who may ask is the policy's (an error, as for submit); what the rules say is
            # the answer. A wrong seat is not "illegal": it is not this caller's question.
            if isinstance(error, Forbidden | Unauthenticated):
                raise
            if error.kind in ("illegal", "not_your_turn", "game_over", "chance_needed"):
                return pb.CheckCommandResponse(legal=False, rule=error.rule, reason=error.reason)
            raise
        return pb.CheckCommandResponse(
            legal=True, events=[wire.record_to_proto(rules, r) for r in records]
        )

    @guarded
    def ExportGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        return pb.ExportGameResponse(jsonl=self.svc.export(rq.ExportGame(gid, who=who)))

    @guarded
    def ImportGame(self, request: Any, context: grpc.ServicerContext) -> Any:
        self.svc.policy.may_create(_token(context), "importing a game")
        created, report = self.svc.import_text(rq.ImportGame(request.jsonl))
        return pb.ImportGameResponse(game=self._created(created), report=report_to_proto(report))

    @guarded
    def FileDispute(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        dispute = self.svc.file_dispute(
            rq.FileDispute(gid, request.at_version, request.seat, request.text, who=who)
        )
        return pb.FileDisputeResponse(dispute=wire.dispute_to_proto(dispute))

    @guarded
    def RuleDispute(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        dispute, fork = self.svc.rule_dispute(
            rq.RuleDispute(
                gid,
                request.number,
                request.uphold,
                request.text,
                request.fork_at_version or None,
                request.reseed,
                who=who,
            )
        )
        response = pb.RuleDisputeResponse(dispute=wire.dispute_to_proto(dispute))
        if fork is not None:
            response.fork.CopyFrom(self._created(fork))
        return response

    @guarded
    def ListDisputes(self, request: Any, context: grpc.ServicerContext) -> Any:
        gid, who = self._who(request.game_id, context)
        return pb.ListDisputesResponse(
            disputes=[
                wire.dispute_to_proto(d) for d in self.svc.disputes(rq.ListDisputes(gid, who=who))
            ]
        )


def report_to_proto(report: Any) -> Any:
    msg = pb.VerifyGameResponse(
        ok=report.ok,
        events=report.events,
        problem=report.problem,
        checked=report.checked,
        notes=report.notes,
        receipts=report.receipts,
    )
    if report.first_bad is not None:
        msg.first_bad = report.first_bad
    return msg


def _plain(value: Any) -> Any:
    """JSON-friendly data for a Struct (tuples → lists, ints kept as numbers)."""
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value


STOP_SLACK = 3.0
"""Seconds past its grace a stop may take before the server is stopped regardless."""


class Server:
    """The running ``grpc.aio`` server on its event-loop thread; stopping it stops the fan-out,
    the change notices and the long-call pool with it."""

    def __init__(
        self,
        loop: asyncio.AbstractEventLoop,
        server: grpc.aio.Server,
        thread: threading.Thread,
        on_stop: Callable[[], None],
    ) -> None:
        self._loop, self._server, self._thread = loop, server, thread
        self._on_stop = on_stop
        self._stopped = threading.Event()
        self._lock = threading.Lock()

    def stop(self, grace: float | None) -> threading.Event:
        """Refuse new calls, give those in flight ``grace`` seconds, then end; the event is set
        once everything is stopped (it is, when this returns)."""
        with self._lock:
            if not self._stopped.is_set():
                if self._loop.is_running():
                    stopping = asyncio.run_coroutine_threadsafe(
                        self._server.stop(grace), self._loop
                    )
                    try:  # bounded: a stop that hangs must not keep the process up for good
                        stopping.result(timeout=(grace or 0) + STOP_SLACK)
                    except concurrent.futures.TimeoutError:
                        log.warning(
                            "the server did not stop within %.0f s of its grace; stopping anyway",
                            STOP_SLACK,
                        )
                    self._loop.call_soon_threadsafe(self._loop.stop)
                self._thread.join(10)
                self._on_stop()
                self._stopped.set()
        return self._stopped

    def wait_for_termination(self, timeout: float | None = None) -> bool:
        """Block until the server is stopped (True) or ``timeout`` seconds pass (False)."""
        return self._stopped.wait(timeout)


def create_server(
    service: GameService,
    address: str = "127.0.0.1:0",
    *,
    limits: Limits | None = None,
    tls: TlsFiles | None = None,
    reuse_port: bool = False,
    siblings: Siblings | None = None,
    metrics: Metrics | None = None,
) -> tuple[Server, int]:
    """Start the server on ``address`` (on an event-loop thread of its own); returns it and the
    bound port. ``limits`` sets every bound (:mod:`skald.service.grpc.serving`); ``tls`` serves TLS
    (:mod:`skald.service.grpc.tls`); ``reuse_port`` lets ``--workers`` processes share one port
    (SO_REUSEPORT), and is off otherwise, so a port in use is an error; ``siblings`` are the
    other workers to tell of each write and hear from (:mod:`skald.service.store.siblings`);
    ``metrics`` counts and times its calls (:mod:`skald.service.grpc.metrics`)."""
    limits = limits or Limits()
    loop = asyncio.new_event_loop()
    started: concurrent.futures.Future[tuple[Server, int]] = concurrent.futures.Future()

    def run() -> None:
        asyncio.set_event_loop(loop)
        try:
            made = loop.run_until_complete(
                _start(service, address, limits, tls, reuse_port, siblings, metrics)
            )
        except BaseException as error:  # the caller gets it (a port in use, say)
            started.set_exception(error)
            loop.close()
            return
        server, port, on_stop = made
        started.set_result((Server(loop, server, thread, on_stop), port))
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.close()

    thread = threading.Thread(target=run, name="skald-loop", daemon=True)
    thread.start()
    return started.result()


async def _start(
    service: GameService,
    address: str,
    limits: Limits,
    tls: TlsFiles | None,
    reuse_port: bool,
    siblings: Siblings | None = None,
    metrics: Metrics | None = None,
) -> tuple[grpc.aio.Server, int, Callable[[], None]]:
    from skald.service.grpc.fanout import Fanout
    from skald.service.grpc.health import Health
    from skald.service.store.notify import start_notices

    state = Health(service)  # health that tells the truth; the drain (service/grpc/health.py)
    server = grpc.aio.server(
        options=[
            ("grpc.max_receive_message_length", MAX_REQUEST),
            ("grpc.max_send_message_length", MAX_RESPONSE),
            ("grpc.so_reuseport", 1 if reuse_port else 0),
            *SERVER_OPTIONS,  # a refused body is not received (service/grpc/admission.py)
        ],
        maximum_concurrent_rpcs=limits.max_concurrent,
        interceptors=(
            *((metrics.interceptor,) if metrics is not None else ()),  # counts every call
            state.gate,
            *interceptors(service.policy),  # refusals before a body
        ),
    )
    admission = Admission(limits)
    pool = Lane("pool", limits.threads, limits)
    writes = Lane("writes", 1, limits)  # a write that would wait for a lock (serving.py)
    servicer = Servicer(service)
    if metrics is not None:
        servicer.outcome = metrics.outcome
    repo = service.repo
    encoder = Encoder(service)
    loop = asyncio.get_running_loop()
    fanout = Fanout(
        lambda game_id, after: repo.read(game_id, after=after),
        encode=encoder.encode,
        schedule=loop.call_soon_threadsafe,
    )
    if metrics is not None:
        metrics.bind(service, fanout, state)
    name, plain = service_handlers(servicer)
    handlers: dict[str, grpc.RpcMethodHandler] = {
        method: grpc.unary_unary_rpc_method_handler(
            unary_on_loop(handler.unary_unary, pool if method in LONG_CALLS else None, writes),
            response_serializer=handler.response_serializer,
        )
        for method, handler in plain.items()
    }
    handlers["WatchGame"] = grpc.unary_stream_rpc_method_handler(
        watch_handler(servicer, fanout, _token, admission, encoder)  # encoded bytes
    )
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(name, handlers),))
    server.add_registered_method_handlers(name, handlers)
    health_servicer = health.aio.HealthServicer()
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    await state.attach(health_servicer, server)  # SERVING; NOT_SERVING store down or draining
    names = (
        pb.DESCRIPTOR.services_by_name["Skald"].full_name,
        health.SERVICE_NAME,
        reflection.SERVICE_NAME,
    )
    reflection.enable_server_reflection(names, server)
    try:
        if tls is not None:
            port = server.add_secure_port(address, tls.server_credentials())
        else:
            port = server.add_insecure_port(address)
    except RuntimeError as error:  # grpc.aio says "Failed to bind" this way
        raise OSError(f"could not bind {address}: {error}") from None
    if port == 0:
        raise OSError(f"could not bind {address}")
    repo.listen_records(fanout.appended)
    if siblings is not None:  # writes are told at once; the log tail is the safety net
        repo.listen_records(siblings.wrote)
        siblings.listen(loop, fanout.changed)
    stop_notices = start_notices(
        repo, fanout.changed, tail_interval=1.0 if siblings is not None else 0.02
    )
    await server.start()

    def on_stop() -> None:
        repo.unlisten_records(fanout.appended)
        if siblings is not None:
            repo.unlisten_records(siblings.wrote)
            siblings.close()
        for stop in stop_notices:
            stop()
        fanout.close()
        pool.close()
        writes.close()

    return server, port, on_stop

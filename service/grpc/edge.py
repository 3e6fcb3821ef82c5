"""The edge of every call: requests parsed from bytes, errors mapped to gRPC status codes once.

Every refusal is a :class:`~skald.domain.kernel.errors.SkaldError` sent as a ``google.rpc.Status``
(:func:`rich_status`). Anything else is a bug: it is logged here with its traceback and a
correlation id, and the client gets ``INTERNAL`` with that id and nothing of the internals
(no exception text, which could hold state or paths). Bytes that do not parse as the request
message are the client's fault: ``INVALID_ARGUMENT`` (grpcio's own answer would be
``INTERNAL``). No message grows with what the client sent: reasons are capped here, whatever
raised them (ids and names are also cut where they are quoted, :func:`skald.service.model.errors.echo`).
:func:`service_handlers` builds the method table over raw bytes from the service descriptor.
"""

from __future__ import annotations

import functools
import logging
import time
import uuid
from collections.abc import Callable
from typing import Any

import grpc
from google.protobuf import message_factory
from google.protobuf.message import DecodeError

from skald.domain.kernel.errors import Malformed, SkaldError
from skald.service.contract._generated.skald.v1 import skald_pb2

__all__ = [
    "ERROR_DOMAIN",
    "MAX_REQUEST",
    "MAX_RESPONSE",
    "REASON_LIMIT",
    "STATUS",
    "guarded",
    "internal_status",
    "log_request",
    "parse_request",
    "rich_status",
    "service_handlers",
    "status_for",
    "store_down",
]

log = logging.getLogger("skald.grpc")

STATUS = {
    "malformed": grpc.StatusCode.INVALID_ARGUMENT,
    "illegal": grpc.StatusCode.FAILED_PRECONDITION,
    "game_over": grpc.StatusCode.FAILED_PRECONDITION,
    "chance_needed": grpc.StatusCode.FAILED_PRECONDITION,
    "conflict": grpc.StatusCode.FAILED_PRECONDITION,
    "not_your_turn": grpc.StatusCode.PERMISSION_DENIED,
    "unauthenticated": grpc.StatusCode.UNAUTHENTICATED,
    "not_found": grpc.StatusCode.NOT_FOUND,
    "stale": grpc.StatusCode.ABORTED,
    "unavailable": grpc.StatusCode.UNAVAILABLE,
}
"""The one mapping from the error taxonomy to gRPC status codes (``conflict``: a command id
reused for another command — the request is well formed, the store's state refuses it)."""

ERROR_DOMAIN = "skald"
"""``ErrorInfo.domain`` of every error this service raises."""

REASON_LIMIT = 500
"""Characters of a reason sent; status, details and plain trailers stay far below the 8 KB a
gRPC client accepts in metadata by default, whatever the reason quoted."""


MAX_REQUEST = 16 * 1024 * 1024
"""Bytes a request may have: an imported replay file is the largest (a finished Brian Boru
game exports to about 0.25 MB), with room for long games; anything bigger is refused by grpcio
with ``RESOURCE_EXHAUSTED`` before it is parsed."""
MAX_RESPONSE = 64 * 1024 * 1024
"""Bytes a response may have (an unredacted history or export of a long game)."""


def status_for(error: SkaldError) -> grpc.StatusCode:
    return STATUS.get(error.kind, grpc.StatusCode.INTERNAL)


def _cap(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit] + "…"


def _status(
    code: grpc.StatusCode, rule: str, kind: str, reason: str, error: str, **extra: str
) -> grpc.Status:
    from google.rpc import error_details_pb2, status_pb2
    from grpc_status import rpc_status

    rule, reason = _cap(rule, 100), _cap(reason, REASON_LIMIT)
    info = error_details_pb2.ErrorInfo(
        reason=rule,
        domain=ERROR_DOMAIN,
        metadata={"kind": kind, "reason": reason, "error": error, **extra},
    )
    status = status_pb2.Status(code=code.value[0], message=f"{rule}: {reason}")
    status.details.add().Pack(info)
    sent = rpc_status.to_status(status)
    plain = (("skald-rule", rule), ("skald-kind", kind))
    return sent._replace(trailing_metadata=(*sent.trailing_metadata, *plain))


def rich_status(error: SkaldError) -> grpc.Status:
    """The error as gRPC sends it: a ``google.rpc.Status`` whose ``ErrorInfo`` holds the rule
    (``reason``), ``domain="skald"`` and ``kind``/``reason``/``error`` (the class) in its
    metadata, in the ``grpc-status-details-bin`` trailer, plus ``skald-rule`` and ``skald-kind``
    trailers for clients that read plain metadata."""
    return _status(status_for(error), error.rule, error.kind, error.reason, type(error).__name__)


def internal_status(correlation: str) -> grpc.Status:
    """What a client learns of a bug: that it happened, and the id to quote to the operator."""
    return _status(
        grpc.StatusCode.INTERNAL,
        "server/internal",
        "internal",
        f"internal server error (correlation id {correlation}); the operator's log has details",
        "InternalError",
        correlation_id=correlation,
    )


def store_down(error: BaseException) -> SkaldError | None:
    """The refusal for a store that failed to answer (its server lost or unreachable, a
    connection dropped, a disk that failed a write), or ``None`` for any other error: the
    client is told UNAVAILABLE, to retry, and the operator's log gets one line with the cause
    when the outage starts and one when it ends (no traceback: an outage is not a bug;
    :class:`skald.service.store.check.StoreHealth`). Nothing was written: a failed append is one
    transaction rolled back."""
    from eventsourcing.persistence import InterfaceError, OperationalError

    from skald.service.store.check import HEALTH, StoreUnavailable

    if not isinstance(error, OperationalError | InterfaceError):
        return None
    HEALTH.failed(error)  # one line per outage, not one per call (:class:`StoreHealth`)
    return StoreUnavailable("store/unavailable", "the store did not answer; retry later")


def _unhandled(context: grpc.ServicerContext, name: str) -> None:
    """Log the exception being handled (traceback included) and end the call with INTERNAL."""
    correlation = uuid.uuid4().hex[:16]
    log.exception("unhandled error in %s (correlation id %s)", name, correlation)
    context.abort_with_status(internal_status(correlation))


def log_request(
    method: str, request: Any, status: str, started: float, response: Any = None
) -> None:
    """The request log: one line per call at info on ``skald.grpc`` — method, game, seat,
    status and duration — as ``key=value`` text and as ``LogRecord`` attributes (``rpc_*``)
    for a structured formatter. The game is the one the request names as the client wrote it
    (an id or a prefix), or the one the answer names when the request names none (CreateGame,
    ImportGame); ``-`` for none, also for a request that did not parse. A seat the request may
    leave out (a public view) is ``-`` when left out. Ids and names are cut like every echo of
    client input."""
    if not log.isEnabledFor(logging.INFO):
        return
    game, seat = "-", "-"
    if request is not None:
        fields = request.DESCRIPTOR.fields_by_name
        if "game_id" in fields and request.game_id:
            game = str(request.game_id)[:40]
        seat_field = fields.get("seat")
        if seat_field is not None and (not seat_field.has_presence or request.HasField("seat")):
            seat = str(request.seat)
    if game == "-" and response is not None and "game_id" in response.DESCRIPTOR.fields_by_name:
        game = str(response.game_id or "-")[:40]
    ms = (time.perf_counter() - started) * 1000
    log.info(
        "rpc method=%s game=%s seat=%s status=%s ms=%.1f",
        method,
        game,
        seat,
        status,
        ms,
        extra={
            "rpc_method": method,
            "rpc_game": game,
            "rpc_seat": seat,
            "rpc_status": status,
            "rpc_ms": round(ms, 1),
        },
    )


def guarded(method: Callable[..., Any]) -> Callable[..., Any]:
    """A unary handler whose refusals become :func:`rich_status` and whose bugs are logged;
    every call ends with one line in the request log (:func:`log_request`), and, when the
    servicer has an ``outcome(method, request, rule)`` hook (metrics), a call of it with the
    refusal's rule code or ``ok``."""

    @functools.wraps(method)
    def wrapped(self: Any, request: Any, context: grpc.ServicerContext) -> Any:
        started, status, response, rule = time.perf_counter(), "OK", None, "ok"
        try:
            response = method(self, request, context)
            return response
        except SkaldError as error:
            status, rule = status_for(error).name, error.rule
            context.abort_with_status(rich_status(error))
        except Exception as error:
            down = store_down(error)
            if down is not None:
                status, rule = "UNAVAILABLE", down.rule
                context.abort_with_status(rich_status(down))
            status, rule = "INTERNAL", "server/internal"
            _unhandled(context, method.__name__)
        finally:
            log_request(method.__name__, request, status, started, response)
            outcome = getattr(self, "outcome", None)  # metrics, when on (service/grpc/metrics.py)
            if outcome is not None:
                outcome(method.__name__, request, rule)
        return None

    return wrapped


def parse_request(
    cls: Any, raw: bytes, context: grpc.ServicerContext, method: str | None = None
) -> Any:
    """``raw`` as a ``cls`` message, or the call ends with INVALID_ARGUMENT
    (``request/malformed``): bytes that are not the message are the client's error. A refused
    request is logged as ``method``'s call (the handler that would log it never runs)."""
    started = time.perf_counter()
    try:
        return cls.FromString(raw)
    except (DecodeError, RecursionError, ValueError):
        if method is not None:
            log_request(method, None, "INVALID_ARGUMENT", started)
        refused = Malformed("request/malformed", f"the request is not a valid {cls.__name__}")
        context.abort_with_status(rich_status(refused))
    return None


def service_handlers(servicer: Any) -> tuple[str, dict[str, grpc.RpcMethodHandler]]:
    """The Skald service's name and its unary method handlers: each takes the raw request bytes
    and parses them with :func:`parse_request` (the generated ``add_SkaldServicer_to_server``
    would let grpcio parse them and answer garbage with ``INTERNAL``). The one stream,
    WatchGame, is the server's own coroutine (:mod:`skald.service.grpc.watching`)."""
    service = skald_pb2.DESCRIPTOR.services_by_name["Skald"]
    handlers: dict[str, grpc.RpcMethodHandler] = {}
    for method in service.methods:
        if method.server_streaming:
            continue
        request_cls = message_factory.GetMessageClass(method.input_type)
        response_cls = message_factory.GetMessageClass(method.output_type)
        handlers[method.name] = grpc.unary_unary_rpc_method_handler(
            _parsed(getattr(servicer, method.name), request_cls),
            response_serializer=response_cls.SerializeToString,
        )
    return service.full_name, handlers


def _parsed(behaviour: Any, cls: Any) -> Any:
    name = behaviour.__name__

    def handle(raw: bytes, context: grpc.ServicerContext) -> Any:
        return behaviour(parse_request(cls, raw, context, name), context)

    return handle

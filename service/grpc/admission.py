"""Calls refused before their body is read: who may make an operator-only call is known from its
metadata alone, so a caller without the operator token never gets to send the body.

gRPC's aio server finds a call's handler — and runs the server's interceptors — from the
method name and the request metadata, before it asks the transport for the request message;
a unary handler then receives the whole message (up to the 16 MB cap,
:data:`skald.service.grpc.edge.MAX_REQUEST`) and deserializes it before any code of ours runs. So
:class:`OperatorGate`, an interceptor, asks the same question the servicer asks —
:meth:`skald.service.app.policy.Policy.may_create`: the operator token, compared as hashes in constant
time — for CreateGame and ImportGame, and when the answer is no it hands back a
request-*streaming* handler that ends the call without ever reading its request iterator.
The message is never received or parsed; the server's transport answers the client's stream
with the status and a reset, and the client stops sending.

Why it matters (issue 24; ``python -m skald.benchmarks.admission``): without the gate, a body sent
without a token was received, copied into Python and parsed before the refusal; under 40 such
15 MB imports a second another client's p99 for a public view rose 18× (1.15× with the gate,
and :data:`SERVER_OPTIONS`).

The refusal is the servicer's own: ``UNAUTHENTICATED`` without a token, ``PERMISSION_DENIED``
with any token but the operator's — a seat's, a referee's, or one of no game: before a game is
named, telling them apart would mean searching every game's tokens, and the servicer has always
answered so — rule ``auth/operator-only``, with the same ``ErrorInfo`` and trailers as every
refusal (:func:`skald.service.grpc.edge.rich_status`), and one line in the request log. A server that
lets anyone create games (``--open``) lets every call through; so does the operator's token,
whose import may then be as large as the cap allows. The servicer checks again (the gate only
decides earlier). Other methods are not gated: which token may call them depends on the game
their body names.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Any

import grpc

from skald.domain.kernel.errors import SkaldError
from skald.service.app.policy import Policy
from skald.service.grpc.edge import log_request, rich_status, status_for
from skald.service.model import auth

__all__ = ["OPERATOR_ONLY", "SERVER_OPTIONS", "OperatorGate", "interceptors"]

OPERATOR_ONLY = {"CreateGame": "creating a game", "ImportGame": "importing a game"}
"""The methods only the operator may call on a server that is not open, and what each does
(the words of the refusal, as the servicer says them)."""

SERVICE = "skald.v1.Skald"

SERVER_OPTIONS = (("grpc.http2.bdp_probe", 0),)
"""The server's receive windows stay at HTTP/2's initial size until a handler reads a message.
With grpc's bandwidth-delay probing on (its default), a server advertises windows of megabytes
on a fast link, and a client pushes that much of a body before the refusal reaches it: a
refused 15 MB import still cost the server 10 ms of CPU (0.75 ms with probing off, as for a
100-byte body; without the gate, 35 ms). A handler that reads a message still opens the window
to the message's size, so an import is received whole; what probing would add is a wider window
ahead of the reads, which only a large request over a long path notices (measured through a
50 ms round-trip proxy: a 0.25 MB import 57 → 107 ms, a 15 MB one 0.16 → 0.93 s). Responses
are the client's windows, not these."""


class OperatorGate(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Refuses an operator-only call (:data:`OPERATOR_ONLY`) from its metadata, before its
    body: see the module's docstring."""

    def __init__(self, policy: Policy, service: str = SERVICE) -> None:
        self._policy = policy
        self._gated = {f"/{service}/{name}": (name, what) for name, what in OPERATOR_ONLY.items()}

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        gated = self._gated.get(details.method)
        if gated is not None and not self._policy.open_creation:
            started = time.perf_counter()
            name, what = gated
            try:
                self._policy.may_create(auth.bearer(details.invocation_metadata), what)
            except SkaldError as error:
                return _refusal(name, error, started)
        return await continuation(details)


def _refusal(name: str, error: SkaldError, started: float) -> grpc.RpcMethodHandler:
    """A handler that ends the call with ``error`` and never reads its request: a
    request-streaming handler gets an iterator that receives a message only when read."""
    status = rich_status(error)

    async def refuse(requests: Any, context: grpc.aio.ServicerContext[Any, Any]) -> None:
        log_request(name, None, status_for(error).name, started)
        await context.abort(status.code, status.details, status.trailing_metadata)

    return grpc.stream_unary_rpc_method_handler(refuse)


def interceptors(policy: Policy) -> tuple[grpc.aio.ServerInterceptor, ...]:
    """The server's interceptors (:func:`skald.service.grpc.server.create_server`)."""
    return (OperatorGate(policy),)

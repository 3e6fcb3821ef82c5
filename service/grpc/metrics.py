"""Prometheus metrics (issue 27), opt-in: ``skald serve --metrics-port PORT``.

Without the option this module is never imported, and neither is ``prometheus_client`` (the
``metrics`` extra). With it, each server has a :class:`Metrics` of its own — its own
``CollectorRegistry``, not the library's global one, so tests and several servers in one
process do not clash — and serves it over HTTP (:meth:`Metrics.serve`). What it shows:

- ``skald_calls_total{method, code}``: every Skald call by method and gRPC status code, and
  ``skald_call_seconds{method}``, a latency histogram (a WatchGame stream's is its whole life):
  from a server interceptor (:attr:`Metrics.interceptor`), so the handlers are untouched;
- ``skald_commands_total{game, rule}``: SubmitCommand by game and outcome — ``ok`` when
  accepted, else the refusal's rule code (``SkaldError.rule``), reported by the edge
  (:func:`skald.service.grpc.edge.guarded` calls :meth:`Metrics.outcome`);
- ``skald_watchers``: WatchGame streams open (the fan-out's subscribers);
- ``skald_store_up``: 1 while health says the store answers, 0 when it does not.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import grpc
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, start_http_server

if TYPE_CHECKING:
    from skald.service.app.games import GameService
    from skald.service.grpc.fanout import Fanout
    from skald.service.grpc.health import Health

__all__ = ["COMMANDS", "Metrics"]

SERVICE_PREFIX = "/skald.v1.Skald/"
COMMANDS = frozenset({"SubmitCommand"})
"""The methods counted in ``skald_commands_total``."""


class Metrics:
    """One server's metrics; :meth:`bind` attaches it to the server's parts as they are made."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry(auto_describe=True)
        self.calls = Counter(
            "skald_calls",
            "Skald calls by method and gRPC status code.",
            ["method", "code"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "skald_call_seconds",
            "Seconds from a call's start to its end, by method.",
            ["method"],
            registry=self.registry,
        )
        self.commands = Counter(
            "skald_commands",
            "Commands submitted, by game and outcome: ok, or the refusal's rule code.",
            ["game", "rule"],
            registry=self.registry,
        )
        self.watchers = Gauge("skald_watchers", "WatchGame streams open.", registry=self.registry)
        self.store_up = Gauge(
            "skald_store_up",
            "1 while the store answers (health SERVING), 0 when it does not.",
            registry=self.registry,
        )
        self.interceptor = _Timing(self)
        self._service: GameService | None = None

    def bind(self, service: GameService, fanout: Fanout, health: Health) -> None:
        """Read the watchers and the store's health from the server's own parts at each
        scrape."""
        self._service = service
        self.watchers.set_function(
            lambda: float(sum(fanout.watchers(game) for game in fanout.watched()))
        )
        self.store_up.set_function(lambda: 1.0 if health.store_ok else 0.0)

    def outcome(self, method: str, request: Any, rule: str) -> None:
        """A guarded call ended: ``rule`` is ``ok`` or the refusal's rule code."""
        if method in COMMANDS:
            self.commands.labels(self._game(request), rule).inc()

    def _game(self, request: Any) -> str:
        """The game's name (its rules'), ``-`` for a game not found."""
        game_id = getattr(request, "game_id", "")
        if self._service is None or not game_id:
            return "-"
        try:
            return str(self._service.rules_of(self._service.resolve(game_id)).name)
        except Exception:
            return "-"

    def serve(self, host: str, port: int) -> int:
        """Serve the registry over HTTP on ``host:port`` (a daemon thread); returns the port
        bound (``port`` 0: any free one)."""
        server, _ = start_http_server(port, addr=host, registry=self.registry)
        return int(server.server_address[1])

    def observe(self, method: str, code: grpc.StatusCode, started: float) -> None:
        self.calls.labels(method, code.name).inc()
        self.latency.labels(method).observe(time.perf_counter() - started)


def _code(context: Any, error: BaseException | None) -> grpc.StatusCode:
    code = context.code() if hasattr(context, "code") else None
    if isinstance(code, grpc.StatusCode):
        return code
    if isinstance(code, int):  # grpc.aio keeps the raw cygrpc code on some versions
        for status in grpc.StatusCode:
            if status.value[0] == code:
                return status
    if error is None:
        return grpc.StatusCode.OK
    if isinstance(error, asyncio.CancelledError):
        return grpc.StatusCode.CANCELLED
    return grpc.StatusCode.UNKNOWN


class _Timing(grpc.aio.ServerInterceptor):  # type: ignore[misc]
    """Counts and times every Skald call (unary and WatchGame), by method and status code."""

    def __init__(self, metrics: Metrics) -> None:
        self._metrics = metrics

    async def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], Awaitable[grpc.RpcMethodHandler]],
        details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler:
        handler = await continuation(details)
        method = details.method
        if handler is None or not method.startswith(SERVICE_PREFIX):
            return handler
        name = method[len(SERVICE_PREFIX) :]
        observe = self._metrics.observe
        if handler.unary_unary is not None:
            inner = handler.unary_unary

            async def unary(request: Any, context: Any) -> Any:
                started, error = time.perf_counter(), None
                try:
                    return await inner(request, context)
                except BaseException as exc:
                    error = exc
                    raise
                finally:
                    observe(name, _code(context, error), started)

            return handler._replace(unary_unary=unary)
        if handler.unary_stream is not None:
            stream = handler.unary_stream

            async def streaming(request: Any, context: Any) -> Any:
                started, error = time.perf_counter(), None
                try:
                    async for item in stream(request, context):
                        yield item
                except BaseException as exc:
                    error = exc
                    raise
                finally:
                    observe(name, _code(context, error), started)

            return handler._replace(unary_stream=streaming)
        if handler.stream_unary is not None:  # a refusal before the body (admission.py)
            refusal = handler.stream_unary

            async def refused(requests: Any, context: Any) -> Any:
                started, error = time.perf_counter(), None
                try:
                    return await refusal(requests, context)
                except BaseException as exc:
                    error = exc
                    raise
                finally:
                    observe(name, _code(context, error), started)

            return handler._replace(stream_unary=refused)
        return handler

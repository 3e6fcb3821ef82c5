"""A live spectator page: the replay page served on a local port, following the game.

``GET /`` is the page as it stood when the server started; ``GET /events?after=V`` is a
Server-Sent Events stream of every event after version ``V``, each with its pictures, as the
game goes on (``event: frame``; ``event: end`` once the game has ended). One thread follows
the game through WatchGame with the given client and draws each new event once for all
pages; the page's script appends it. What is drawn is what the client's token is served
(``GetView`` at each version): a seat's page holds that seat's view alone.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import TYPE_CHECKING, Any
from urllib.parse import parse_qs, urlparse

from skald.cli.html.draw import draw_one
from skald.service.app.requests import WatchGame
from skald.service.model.auth import OPERATOR

if TYPE_CHECKING:
    from skald.cli.html.frames import Follower

KEEPALIVE = 10.0
"""Seconds between comments on an idle stream, so a closed page is noticed."""


class Live:
    """The followed game: the page, the frames after it, and the thread that adds them."""

    def __init__(self, page: str, follower: Follower, after: int) -> None:
        self.page = page.encode()
        self.follower = follower
        self.after = after
        self.frames: list[dict[str, Any]] = []
        self.ended = False
        self.error: str | None = None
        self.changed = threading.Condition()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self._follow, name="skald-view-follow", daemon=True)

    def _follow(self) -> None:
        from skald.service.model.records import ENDED

        follower = self.follower
        try:
            for record in follower.client.watch(
                WatchGame(follower.game_id, self.after, who=OPERATOR)
            ):
                if self.stopping.is_set():
                    return
                for frame in follower.extend([record]):
                    game = follower.frames.game
                    views = frame.pop("views")
                    frame["pictures"] = {
                        s.key: draw_one(game, s.seat, views[s.key]) for s in follower.frames.series
                    }
                    with self.changed:
                        self.frames.append(frame)
                        self.changed.notify_all()
                if record.type == ENDED:
                    break
        except Exception as error:  # the stream broke: pages are told, the server stays up
            if not self.stopping.is_set():
                self.error = f"{type(error).__name__}: {error}"
        with self.changed:
            self.ended = True
            self.changed.notify_all()

    def frames_after(self, version: int, start: int) -> tuple[list[dict[str, Any]], int]:
        """Frames from index ``start`` on whose version is past ``version``; the next index."""
        with self.changed:
            while len(self.frames) <= start and not self.ended and not self.stopping.is_set():
                if not self.changed.wait(KEEPALIVE):
                    break
            batch = self.frames[start:]
        return [f for f in batch if f["event"][0] > version], start + len(batch)


def _handler(live: Live) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # quiet: a page polls
            return

        def do_GET(self) -> None:
            url = urlparse(self.path)
            if url.path in ("/", "/index.html"):
                self._send(200, "text/html; charset=utf-8", live.page)
            elif url.path == "/events":
                after = parse_qs(url.query).get("after", ["0"])[0]
                self._stream(int(after) if after.isdigit() else 0)
            elif url.path == "/favicon.ico":
                self._send(204, "image/x-icon", b"")
            else:
                self._send(404, "text/plain; charset=utf-8", b"not found\n")

        def _send(self, code: int, kind: str, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", kind)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def _stream(self, after: int) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream; charset=utf-8")
            self.send_header("Cache-Control", "no-store")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            index = 0
            try:
                while not live.stopping.is_set():
                    frames, index = live.frames_after(after, index)
                    for frame in frames:
                        data = json.dumps(frame, ensure_ascii=False, separators=(",", ":"))
                        self.wfile.write(f"event: frame\ndata: {data}\n\n".encode())
                        after = frame["event"][0]
                    if not frames:
                        if live.ended and index >= len(live.frames):
                            reason = live.error or "the game has ended"
                            self.wfile.write(f"event: end\ndata: {json.dumps(reason)}\n\n".encode())
                            self.wfile.flush()
                            return
                        self.wfile.write(b": keep-alive\n\n")
                    self.wfile.flush()
            except (BrokenPipeError, ConnectionResetError):
                return

    return Handler


class LiveServer:
    """The page's HTTP server on ``host:port`` (0: a free port) and the game's follower."""

    def __init__(self, live: Live, host: str = "127.0.0.1", port: int = 0) -> None:
        self.live = live
        try:
            self.httpd = ThreadingHTTPServer((host, port), _handler(live))
        except OSError as error:
            from skald.domain.kernel.errors import Malformed

            raise Malformed(
                "view/port",
                f"cannot serve the page on {host}:{port}: {error.strerror or error} (another "
                "--port, or 0 for any free one)",
            ) from None
        self.httpd.daemon_threads = True
        self.thread = threading.Thread(
            target=self.httpd.serve_forever, name="skald-view-http", daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self.httpd.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else str(host)
        return f"http://{name}:{port}/"

    def start(self) -> LiveServer:
        self.live.thread.start()
        self.thread.start()
        return self

    def stop(self) -> None:
        self.live.stopping.set()
        with self.live.changed:
            self.live.changed.notify_all()
        self.httpd.shutdown()
        self.httpd.server_close()

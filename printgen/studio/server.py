"""The studio's web server: the page, its fragments, the event stream and the output folder's files.

Standard library only (http.server, one thread per request). It answers on the loopback address unless
the designer names another host, answers only requests addressed to a name it was started with (a page
elsewhere cannot reach it by rebinding a DNS name), and serves files only from under the output folder:
the path is resolved (links followed) and must stay inside it. Every name from the data reaches the page
through jinja2 with autoescaping.
"""

from __future__ import annotations

import ipaddress
import json
import mimetypes
import socket
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from .catalogue import editor_href
from .session import Studio, image_url
from .views import GETS, POSTS, Renders, safe_file  # noqa: F401 (safe_file: where it was)

TEMPLATES = Path(__file__).parent / "templates"
STATIC = {"studio.js": "text/javascript; charset=utf-8", "studio.css": "text/css; charset=utf-8",
          "mappaint.js": "text/javascript; charset=utf-8"}


def _environment():
    from jinja2 import Environment, FileSystemLoader, select_autoescape

    env = Environment(loader=FileSystemLoader(TEMPLATES), autoescape=select_autoescape(["html", "j2"],
                      default_for_string=True, default=True), trim_blocks=True, lstrip_blocks=True)
    env.globals["url"] = image_url
    env.filters["editor"] = lambda loc, template: editor_href(template, loc)
    return env


def secrets_equal(a: str, b: str) -> bool:
    import hmac

    return hmac.compare_digest(a.encode(), b.encode())


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


POST_LIMIT = 1 << 20  # bytes a page may send (a map's text): more is refused before it is read
GONE = (ConnectionError, TimeoutError)  # a client that went away or stalled: said quietly, never a traceback


class QuietLog:
    """Lines about requests, bounded: each kind of line is said at most once per ``every`` seconds, with a
    count of those left unsaid since (200 clients that hang up early make one line, not 9,000)."""

    def __init__(self, echo, every: float = 30.0) -> None:
        self.echo, self.every = echo, every
        self.lock = threading.Lock()
        self.last: dict[str, float] = {}
        self.unsaid: dict[str, int] = {}

    def note(self, kind: str, line: str) -> None:
        now = time.monotonic()
        with self.lock:
            if kind in self.last and now - self.last[kind] < self.every:
                self.unsaid[kind] = self.unsaid.get(kind, 0) + 1
                return
            self.last[kind] = now
            more = self.unsaid.pop(kind, 0)
        self.echo(line + (f" ({more} more like it since)" if more else ""))


class Handler(BaseHTTPRequestHandler):
    server: "StudioServer"
    protocol_version = "HTTP/1.1"
    timeout = 60  # seconds a client may take to send its request: a stalled one is dropped, not kept forever

    def log_message(self, fmt, *args) -> None:  # quiet: the terminal shows rounds, not requests
        pass

    def _send(self, status: int, body: bytes, ctype: str, *, cache: str = "no-store") -> None:
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", cache)
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "no-referrer")
        if ctype.startswith("text/html"):
            self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; "
                             "style-src 'self'; script-src 'self'; frame-ancestors 'none'")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _html(self, name: str, **ctx) -> None:
        body = self.server.env.get_template(name).render(studio=self.server.studio, **ctx).encode()
        self._send(200, body, "text/html; charset=utf-8")

    def _not_found(self) -> None:
        self._send(404, b"not found\n", "text/plain; charset=utf-8")

    def _host_ok(self) -> bool:
        raw = (self.headers.get("Host") or "").strip().lower()
        host = raw[1:raw.index("]")] if raw.startswith("[") and "]" in raw else raw.rsplit(":", 1)[0]
        if host in self.server.names:
            return True
        # listening on every address (--host 0.0.0.0): a tablet asks by this machine's IP address, which
        # no other site's DNS name can stand for
        return self.server.wildcard and _is_ip(host)

    def do_HEAD(self) -> None:
        self.do_GET()

    def _json(self, status: int, data: dict) -> None:
        self._send(status, json.dumps(data).encode(), "application/json; charset=utf-8")

    def _write_allowed(self) -> str:
        """Why this POST is refused, or "": it must come from the studio's own page (its Host, its Origin
        when the browser sends one, and the session's token, which no other site's page can read)."""
        if not self._host_ok():
            return "this studio answers only on the address it was started with"
        origin = self.headers.get("Origin")
        if origin is not None and urlsplit(origin).netloc.lower() != (self.headers.get("Host") or "").lower():
            return "a page from another site cannot change this studio"
        if not secrets_equal(self.headers.get("X-Studio-Token") or "", self.server.studio.token):
            return "this request does not come from the studio's page (reload it)"
        return ""

    def do_POST(self) -> None:
        why = self._write_allowed()
        if why:
            self.close_connection = True
            return self._json(403, {"ok": False, "message": why})
        try:
            length = int(self.headers.get("Content-Length") or "0")
        except ValueError:
            length = -1
        if not 0 <= length <= POST_LIMIT:
            self.close_connection = True
            return self._json(413, {"ok": False, "message": f"a request body holds at most {POST_LIMIT} bytes"})
        body = self.rfile.read(length)
        url = urlsplit(self.path)
        studio = self.server.studio
        if url.path == "/release":
            return self._json(200, {"ok": True, "message": studio.release()})
        handler = self.server.posts.get(url.path)
        if handler is None:
            return self._not_found()
        try:
            data = json.loads(body.decode("utf-8")) if body else {}
        except (UnicodeDecodeError, ValueError):
            return self._json(400, {"ok": False, "message": "the request is not JSON"})
        status, answer = handler(studio, data if isinstance(data, dict) else {})
        self._json(status, answer)

    def do_GET(self) -> None:
        if not self._host_ok():
            self._send(421, b"this studio answers only on the address it was started with\n",
                       "text/plain; charset=utf-8")
            return
        url = urlsplit(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        studio = self.server.studio
        if url.path == "/":
            self._html("main.html.j2" if query.get("fragment") else "page.html.j2", games=studio.games())
        elif url.path == "/face":
            view = next((g for g in studio.games() if g.id == query.get("game")), None)
            face = view.face(query.get("key", "")) if view else None
            if face is None:
                return self._not_found()
            from .catalogue import record_lines

            first, _, lines = record_lines(face.data)
            import printgen

            pkg = Path(printgen.__file__).resolve().parent
            builtin = bool(face.layout_file and Path(face.layout_file).is_relative_to(pkg))
            self._html("detail.html.j2" if query.get("fragment") else "face.html.j2", games=studio.games(),
                       view=view, face=face, record=lines, first=first, builtin=builtin,
                       before=studio.before.get(face.path),
                       findings=[p for p in view.findings if p.face == face.key])
        elif url.path == "/events":
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-store")
            self.end_headers()

            def write(data: bytes) -> None:
                self.wfile.write(data)
                self.wfile.flush()
            try:
                studio.hub.stream(write)
            except OSError:
                pass  # the page went away
            self.close_connection = True
        elif url.path in GETS:
            GETS[url.path](self, query)
        elif url.path.startswith("/static/") and url.path[8:] in STATIC:
            self._send(200, (TEMPLATES / url.path[8:]).read_bytes(), STATIC[url.path[8:]], cache="no-cache")
        elif url.path.startswith("/out/"):
            path = safe_file(studio.out, url.path[5:])
            if path is None:
                return self._not_found()
            ctype = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            self._send(200, path.read_bytes(), ctype,
                       cache="max-age=31536000, immutable" if "v" in query else "no-cache")
        else:
            self._not_found()


class StudioServer(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, studio: Studio, host: str, port: int) -> None:
        super().__init__((host, port), Handler)
        self.studio, self.env = studio, _environment()
        self.log = QuietLog(studio.echo)
        self.posts: dict = dict(POSTS)  # path -> function(studio, data) -> (status, answer): the page's writes
        self.renders = Renders()
        self.names = {"localhost", "127.0.0.1", "::1", host.lower(), socket.gethostname().lower()}
        self.wildcard = host in ("0.0.0.0", "::", "")

    def handle_error(self, request, client_address) -> None:
        """A request that ended in an exception: one quiet, bounded line (socketserver prints a traceback)."""
        import sys

        exc = sys.exc_info()[1]
        if isinstance(exc, GONE):
            self.log.note("gone", "studio: a page went away before its answer was sent")
        else:
            self.log.note(f"error {type(exc).__name__}",
                          f"studio: a request failed: {type(exc).__name__}: {str(exc)[:200]}")

    @property
    def url(self) -> str:
        host, port = self.server_address[:2]
        return f"http://{'[' + host + ']' if ':' in host else host}:{port}/"


def start(studio: Studio, *, host: str, port: int) -> tuple[StudioServer, threading.Thread]:
    server = StudioServer(studio, host, port)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.2}, daemon=True,
                              name="printgen-studio")
    thread.start()
    return server, thread

"""Server-sent events: every open page holds a queue; a round puts one message in each.

A page that stops reading loses its oldest messages (its queue is bounded), never the server's time: the
next message it reads still names every image as it is now.
"""

from __future__ import annotations

import json
import queue
import threading

KEEP = 64  # messages a slow page may fall behind by
PING_S = 10.0  # a comment this often keeps proxies and the browser's reconnect timer quiet


class Hub:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._queues: list[queue.Queue] = []
        self.closed = False

    def subscribe(self) -> queue.Queue:
        q: queue.Queue = queue.Queue(maxsize=KEEP)
        with self._lock:
            self._queues.append(q)
        return q

    def unsubscribe(self, q: queue.Queue) -> None:
        with self._lock:
            if q in self._queues:
                self._queues.remove(q)

    def publish(self, event: str, data: dict) -> None:
        msg = f"event: {event}\ndata: {json.dumps(data, separators=(',', ':'))}\n\n".encode()
        with self._lock:
            queues = list(self._queues)
        for q in queues:
            while True:
                try:
                    q.put_nowait(msg)
                    break
                except queue.Full:
                    try:
                        q.get_nowait()
                    except queue.Empty:
                        pass

    def close(self) -> None:
        """Every stream ends (the server is stopping)."""
        self.closed = True
        with self._lock:
            queues = list(self._queues)
        for q in queues:
            try:
                q.put_nowait(None)
            except queue.Full:
                pass

    def stream(self, write) -> None:
        """Write messages to one page until it goes away or the hub closes (``write`` raises OSError)."""
        q = self.subscribe()
        try:
            write(b"retry: 1000\n\n")
            while not self.closed:
                try:
                    msg = q.get(timeout=PING_S)
                except queue.Empty:
                    msg = b": ping\n\n"
                if msg is None:
                    return
                write(msg)
        finally:
            self.unsubscribe(q)

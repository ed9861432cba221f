"""Serve a built site on 127.0.0.1 for the site tests: ``python serve.py DIR PORT [SLOW]``.

With ``SLOW`` (seconds), every request for the service worker's script after the first is
answered that much later: a learner's second visit registers the service worker again while the
page loads, and a slow network makes that registration finish after the kernel is created.
"""

from __future__ import annotations

import functools
import sys
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class Handler(SimpleHTTPRequestHandler):
    slow = 0.0
    worker_requests = 0

    def do_GET(self) -> None:
        if self.path.split("?")[0].endswith("/service-worker.js"):
            Handler.worker_requests += 1
            if Handler.worker_requests > 1:
                time.sleep(self.slow)
        super().do_GET()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def main() -> None:
    folder, port = sys.argv[1], int(sys.argv[2])
    Handler.slow = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    handler = functools.partial(Handler, directory=folder)
    ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()


if __name__ == "__main__":
    main()
